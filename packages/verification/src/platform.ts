/**
 * The platform's core, put together once: stores, tools, stages, the project and job services,
 * and the runner. Transports (REST, WebSocket) take what they need from it; nothing here knows HTTP.
 */
import type { Database, Logger } from '@lab/server-kit';
import type { ServeConfig } from './config.js';
import { createJobHub } from './domain/job-events.js';
import { jobDirectory, JobRunner } from './domain/job-runner.js';
import { JobService, type JobProjects } from './domain/job-service.js';
import type { LifecycleListener } from './domain/job-events.js';
import { resolveProjectConfig, validateOverrides } from './domain/project-config.js';
import { createProjectFiles } from './domain/project-files.js';
import { createProjectService, type ProjectService } from './domain/project-service.js';
import type { StageName } from './domain/verify-config.js';
import type { Stage } from './engine/stage.js';
import { cryptoStage } from './engine/stages/crypto.js';
import { formalStage } from './engine/stages/formal.js';
import { lintStage } from './engine/stages/lint.js';
import { simulationStage } from './engine/stages/simulation.js';
import { detectTools, type ToolInfo, type ToolName } from './engine/tools.js';
import { createJobStore } from './store/jobs.js';
import { createProjectStore } from './store/projects.js';
import { createWebhookStore } from './store/webhooks.js';
import { WebhookDispatcher } from './domain/webhooks/dispatcher.js';
import { createWebhookOutbox } from './domain/webhooks/outbox.js';
import { createWebhookService, type WebhookService } from './domain/webhooks/webhook-service.js';
import { VERSION } from './version.js';
import { API_PREFIX } from './config.js';

export interface Platform {
  projects: ProjectService;
  jobs: JobService;
  runner: JobRunner;
  webhooks: WebhookService;
  tools: readonly ToolInfo[];
  /**
   * Stops the runner and the webhook dispatcher: running jobs are aborted and stay queued, and
   * deliveries under way stay pending, for the next start.
   */
  close(): Promise<void>;
}

export interface PlatformDeps {
  db: Database;
  logger: Logger;
  config: Pick<
    ServeConfig,
    | 'dataDir'
    | 'workers'
    | 'queueCapacity'
    | 'uploadMaxBytes'
    | 'webhookAllowPrivate'
    | 'webhookTimeoutMs'
    | 'webhookRetryBaseMs'
  >;
  /** Told of every job event inside the transaction that records it (the webhook outbox). */
  lifecycle?: readonly LifecycleListener[];
}

export const STAGE_REGISTRY: ReadonlyMap<StageName, Stage> = new Map(
  [lintStage, simulationStage, formalStage, cryptoStage].map((stage) => [stage.name, stage]),
);

export function createPlatform({ db, logger, config, lifecycle = [] }: PlatformDeps): Platform {
  const tools = detectTools();
  for (const tool of tools.filter((t) => !t.available)) {
    logger.warn({ tool: tool.name }, 'tool not found on PATH: the stages that need it are unavailable');
  }
  const toolPaths = Object.fromEntries(tools.map((t) => [t.name, t.path ?? t.name])) as Record<
    ToolName,
    string
  >;
  const jobStore = createJobStore(db);
  const hub = createJobHub();
  const webhookStore = createWebhookStore(db);
  const dispatcher = new WebhookDispatcher({
    store: webhookStore,
    logger,
    userAgent: `verification-platform-webhooks/${VERSION}`,
    settings: {
      timeoutMs: config.webhookTimeoutMs,
      retryBaseMs: config.webhookRetryBaseMs,
      allowPrivate: config.webhookAllowPrivate,
    },
  });
  const jobLifecycle = [
    ...lifecycle,
    createWebhookOutbox({
      store: webhookStore,
      stageSummaries: (jobId) => jobStore.stages(jobId).map((stage) => stage.summary),
      queued: () => dispatcher.wake(),
    }),
  ];
  const files = createProjectFiles({ dataDir: config.dataDir, uploadMaxBytes: config.uploadMaxBytes });
  // The project service asks about jobs and the runner about projects: the project service
  // reaches the runner through a closure, called only once both exist.
  const projectStore = createProjectStore(db);
  const projects = createProjectService({
    store: projectStore,
    files,
    activeJobCount: (id) => jobStore.activeCount(id),
    cancelJobs: (id) => runner.cancelAndWait(jobStore.activeIds(id)),
    jobDirectories: (id) => jobStore.ids(id).map((jobId) => jobDirectory(config.dataDir, jobId)),
  });
  const jobProjects: JobProjects = {
    assertExists: (id) => void projects.get(id),
    markActive: (id) => projects.markActive(id),
    snapshotFiles: async (id, destDir) => void (await files.snapshotFiles(id, destDir)),
    validateOverrides: (overrides) => void validateOverrides(overrides),
    resolveConfig: (projectId, sourceDir, overrides) =>
      resolveProjectConfig(projects.get(projectId), sourceDir, overrides),
  };
  const runner = new JobRunner({
    store: jobStore,
    hub,
    stages: STAGE_REGISTRY,
    tools: toolPaths,
    projects: jobProjects,
    dataDir: config.dataDir,
    workers: config.workers,
    logger,
    lifecycle: jobLifecycle,
  });
  const jobs = new JobService({
    store: jobStore,
    hub,
    runner,
    projects: jobProjects,
    stages: STAGE_REGISTRY,
    tools,
    dataDir: config.dataDir,
    queueCapacity: config.queueCapacity,
    apiPrefix: API_PREFIX,
    lifecycle: jobLifecycle,
  });
  const webhooks = createWebhookService({
    store: webhookStore,
    projectExists: (id) => projectStore.get(id) !== undefined,
    allowPrivate: config.webhookAllowPrivate,
    queued: () => dispatcher.wake(),
  });
  runner.recover();
  dispatcher.start();
  return {
    projects,
    jobs,
    runner,
    webhooks,
    tools,
    close: async () => {
      await Promise.all([runner.close(), dispatcher.close()]);
    },
  };
}
