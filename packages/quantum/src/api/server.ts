/** The REST transport: the kit's app with this service's routes under its prefix. */
import { createApp, healthRoute, registerRoutes, type App, type ServiceDeps } from '@lab/server-kit';
import { API_PREFIX } from '../config.js';
import { VERSION } from '../version.js';

export async function buildServer({ db, logger }: ServiceDeps): Promise<App> {
  const app = await createApp({
    title: 'Quantum Circuit Job API',
    version: VERSION,
    description: 'Run OpenQASM 3 circuits on a statevector simulator with a heralded-erasure noise model.',
    prefix: API_PREFIX,
    logger,
  });
  registerRoutes(
    app,
    [healthRoute({ service: 'quantum', version: VERSION, check: () => db.prepare('SELECT 1').get() })],
    { prefix: API_PREFIX },
  );
  return app;
}
