/**
 * The REST transport: the kit's app with this service's routes under its prefix, over the job
 * service. The service recovers and starts the queue when the app is ready, and its running jobs
 * are interrupted when the app closes (before the database is).
 *
 * The simulator's memory budget is taken here, once: from `maxMemory` when set, else from the
 * process's memory limit less what the service holds by now (see backends/memory.ts).
 */
import { createApp, healthRoute, registerRoutes, type App, type ServiceDeps } from '@lab/server-kit';
import { detectMemoryBudget, memorySetting, type MemoryBudget } from '../backends/memory.js';
import { createRegistry } from '../backends/registry.js';
import { API_PREFIX, type ServeConfig } from '../config.js';
import { measureMemoryBandwidthOffThread } from '../engine/bandwidth.js';
import { MAX_REQUEST_BYTES, threadsPerJob } from '../jobs/limits.js';
import { createWorkerRunner } from '../jobs/runner.js';
import { createJobService, type JobLog } from '../jobs/service.js';
import { createJobRepository } from '../store/jobs.js';
import { VERSION } from '../version.js';
import { backendsRoute } from './backends-routes.js';
import { jobRoutes } from './jobs-routes.js';
import { SHARED_SCHEMAS } from './schemas.js';

/** The budget the settings give; a set one larger than what the limit leaves is logged as a risk. */
function memoryBudgetOf(config: ServeConfig, logger: JobLog): MemoryBudget {
  const detected = detectMemoryBudget();
  if (config.maxMemory === undefined) return detected;
  const budget = memorySetting(config.maxMemory);
  if (budget.bytes > detected.bytes) {
    logger.warn(
      { max_memory_bytes: budget.bytes, detected_bytes: detected.bytes, detected_source: detected.source },
      "maxMemory is more than the process's memory limit leaves for jobs: a large job may get the service killed",
    );
  }
  return budget;
}

export async function buildServer({ db, logger, config }: ServiceDeps<ServeConfig>): Promise<App> {
  // Before the budget is taken, so the measurement's buffers are neither counted nor left over.
  await measureMemoryBandwidthOffThread();
  const memoryBudget = memoryBudgetOf(config, logger);
  const threads = threadsPerJob(config.maxRunningJobs);
  const backends = createRegistry({ memoryBudget, threads, threadPerRun: true });
  logger.info(
    {
      budget_bytes: memoryBudget.bytes,
      source: memoryBudget.source,
      limit_bytes: memoryBudget.limitBytes,
      max_qubits: backends.get('local_simulator').target.maxQubits,
    },
    'memory budget',
  );

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
    memoryBudget: memoryBudget.bytes,
    backend: (name) => backends.get(name),
  });
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => jobs.close());

  registerRoutes(
    app,
    [
      healthRoute({ service: 'quantum', version: VERSION, check: () => db.prepare('SELECT 1').get() }),
      ...jobRoutes(jobs),
      backendsRoute(() => backends.list(), jobs.reservedBytes),
    ],
    { prefix: API_PREFIX },
  );
  return app;
}
