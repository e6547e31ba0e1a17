/** The REST transport: the kit's app with this service's routes under its prefix. */
import { createApp, healthRoute, registerRoutes, type App, type ServiceDeps } from '@lab/server-kit';
import { API_PREFIX } from '../config.js';
import { VERSION } from '../version.js';

export async function buildServer({ db, logger }: ServiceDeps): Promise<App> {
  const app = await createApp({
    title: 'Verification Platform API',
    version: VERSION,
    description:
      'Projects and verification jobs running Verilator, Icarus Verilog, Yosys and z3; results, reports, webhooks.',
    prefix: API_PREFIX,
    logger,
  });
  registerRoutes(
    app,
    [healthRoute({ service: 'verification', version: VERSION, check: () => db.prepare('SELECT 1').get() })],
    { prefix: API_PREFIX },
  );
  return app;
}
