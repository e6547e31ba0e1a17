/** The REST transport: the kit's app with this service's routes under `/api/v1`. */
import { createApp, healthRoute, registerRoutes, type App, type ServiceDeps } from '@lab/server-kit';
import { API_PREFIX } from '../config.js';
import { VERSION } from '../version.js';

export async function buildServer({ db, logger }: ServiceDeps): Promise<App> {
  const app = await createApp({
    title: 'Hypervisor Management API',
    version: VERSION,
    description:
      'Virtual machines on QEMU, disk images, virtual networks, post-quantum keys and attestation.',
    prefix: API_PREFIX,
    logger,
  });
  registerRoutes(
    app,
    [healthRoute({ service: 'hypervisor', version: VERSION, check: () => db.prepare('SELECT 1').get() })],
    { prefix: API_PREFIX },
  );
  return app;
}
