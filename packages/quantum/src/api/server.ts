/**
 * The REST transport: the kit's app with this service's routes under its prefix, over the job
 * service. The service recovers and starts the queue when the app is ready, and its running jobs
 * are interrupted when the app closes (before the database is).
 */
import { createApp, healthRoute, registerRoutes, type App, type ServiceDeps } from '@lab/server-kit';
import { API_PREFIX, type ServeConfig } from '../config.js';
import { MAX_REQUEST_BYTES } from '../jobs/limits.js';
import { createWorkerRunner } from '../jobs/runner.js';
import { createJobService } from '../jobs/service.js';
import { createJobRepository } from '../store/jobs.js';
import { VERSION } from '../version.js';
import { backendsRoute } from './backends-routes.js';
import { jobRoutes } from './jobs-routes.js';
import { SHARED_SCHEMAS } from './schemas.js';

export async function buildServer({ db, logger, config }: ServiceDeps<ServeConfig>): Promise<App> {
  const app = await createApp({
    title: 'Quantum Circuit Job API',
    version: VERSION,
    description:
      'Run OpenQASM 3 (or 2.0) and JSON circuits on a statevector simulator with a heralded-erasure ' +
      'noise model. Jobs are asynchronous: submit, poll, fetch the result.',
    prefix: API_PREFIX,
    logger,
    bodyLimit: MAX_REQUEST_BYTES,
    schemas: SHARED_SCHEMAS,
  });

  const jobs = createJobService({
    repository: createJobRepository(db),
    runner: createWorkerRunner(),
    logger,
    maxRunning: config.maxRunningJobs,
    maxJobs: config.maxJobs,
  });
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => jobs.close());

  registerRoutes(
    app,
    [
      healthRoute({ service: 'quantum', version: VERSION, check: () => db.prepare('SELECT 1').get() }),
      ...jobRoutes(jobs),
      backendsRoute(),
    ],
    { prefix: API_PREFIX },
  );
  return app;
}
