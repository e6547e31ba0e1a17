/**
 * The queue and the worker pool. Queued job ids wait in memory in submission order (the store
 * has them too, so a restart rebuilds the queue); at most `workers` jobs run at once, each in its
 * own directory `{dataDir}/jobs/{id}/` with `src/` (the project's files as submitted), `work/<stage>/`
 * and `artifacts/`. A job's stages run one after another; a failed stage does not stop the next,
 * as in CI systems that report every check, but a cancel does.
 */
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '@lab/server-kit';
import { AppError } from '@lab/server-kit/errors';
import type { Stage, StageOutcome } from '../engine/stage.js';
import { killProcessesUnder } from '../engine/orphans.js';
import type { ToolName } from '../engine/tools.js';
import type { JobError, JobRow, JobStatus, JobStore, LogLevel, StageRunStatus } from '../store/jobs.js';
import { formatDuration } from './durations.js';
import type { JobHub, LifecycleEvent, LifecycleListener } from './job-events.js';
import type { ResolvedConfig, StageName } from './verify-config.js';

/** A stage may overrun its own time-out by this much before the runner aborts it. */
export const STAGE_GRACE_MS = 30_000;
/** How often a job interrupted by a restart is run again before it is failed. */
export const MAX_ATTEMPTS = 3;
/** Log lines kept per job, and characters per line; beyond them a job's log is cut, saying so. */
export const MAX_LOG_LINES = 200_000;
export const MAX_LOG_LINE_CHARS = 8192;

export interface ProjectSource {
  /** The job's configuration, resolved over its copy of the files; throws VALIDATION_ERROR. */
  resolveConfig(projectId: string, sourceDir: string, overrides: Record<string, unknown>): ResolvedConfig;
}

export interface JobRunnerDeps {
  store: JobStore;
  hub: JobHub;
  stages: ReadonlyMap<StageName, Stage>;
  tools: Record<ToolName, string>;
  projects: ProjectSource;
  dataDir: string;
  workers: number;
  logger: Logger;
  lifecycle: readonly LifecycleListener[];
  now?: () => Date;
}

export function jobDirectory(dataDir: string, jobId: string): string {
  return join(dataDir, 'jobs', jobId);
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

function toJobError(stage: string, error: unknown): JobError {
  if (error instanceof AppError) return { stage, code: error.code, message: error.message };
  return { stage, code: 'TOOL_ERROR', message: error instanceof Error ? error.message : String(error) };
}

interface RunningJob {
  controller: AbortController;
  /** Why it was aborted: a user's cancel, or the service shutting down (the job is re-queued). */
  reason: 'cancel' | 'shutdown' | null;
  /** Settles when the job has stopped, whatever its end. */
  done: Promise<void>;
}

export class JobRunner {
  private readonly queue: string[] = [];
  private readonly running = new Map<string, RunningJob>();
  /** Workers lent to running stages (borrowWorker), counted against `workers` like running jobs. */
  private lent = 0;
  private closing = false;
  private readonly now: () => Date;

  constructor(private readonly deps: JobRunnerDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  get depth(): number {
    return this.queue.length;
  }

  get busy(): number {
    return this.running.size;
  }

  get workers(): number {
    return this.deps.workers;
  }

  /** Rebuilds the queue after a start: interrupted jobs run again (or fail after MAX_ATTEMPTS). */
  recover(): void {
    const { store } = this.deps;
    for (const job of store.withStatus('running')) {
      const dir = jobDirectory(this.deps.dataDir, job.id);
      const orphans = killProcessesUnder(dir);
      if (job.attempts >= MAX_ATTEMPTS) {
        this.end(job, 'failed', {
          stage: 'platform',
          code: 'INTERRUPTED',
          message: `the service stopped while the job ran, ${job.attempts} times; not retried again`,
        });
        continue;
      }
      store.requeue(job.id);
      rmSync(join(dir, 'work'), { recursive: true, force: true });
      rmSync(join(dir, 'artifacts'), { recursive: true, force: true });
      this.log(
        job.id,
        'platform',
        'WARNING',
        `the service restarted while this job ran${orphans > 0 ? ` (${orphans} leftover tool processes killed)` : ''}: running it again`,
      );
    }
    for (const job of store.withStatus('queued')) this.queue.push(job.id);
    this.pump();
  }

  enqueue(jobId: string): void {
    this.queue.push(jobId);
    this.pump();
  }

  /** True when the job was queued or running here and is now being cancelled. */
  cancel(jobId: string): boolean {
    const queuedAt = this.queue.indexOf(jobId);
    if (queuedAt !== -1) {
      this.queue.splice(queuedAt, 1);
      const job = this.deps.store.get(jobId);
      if (job !== undefined) this.end(job, 'cancelled', null);
      return true;
    }
    const running = this.running.get(jobId);
    if (running === undefined) return false;
    running.reason ??= 'cancel';
    running.controller.abort();
    return true;
  }

  /** Cancels the jobs and resolves once those that were running have stopped. */
  async cancelAndWait(jobIds: readonly string[]): Promise<void> {
    const stopping = jobIds.flatMap((id) => {
      const done = this.running.get(id)?.done;
      this.cancel(id);
      return done === undefined ? [] : [done];
    });
    await Promise.all(stopping);
  }

  /** Stops taking jobs; running ones are aborted and left queued for the next start. */
  async close(): Promise<void> {
    this.closing = true;
    for (const job of this.running.values()) {
      job.reason ??= 'shutdown';
      job.controller.abort();
    }
    await Promise.all([...this.running.values()].map((job) => job.done));
  }

  private pump(): void {
    while (!this.closing && this.running.size + this.lent < this.deps.workers && this.queue.length > 0) {
      const jobId = this.queue.shift()!;
      const running: RunningJob = {
        controller: new AbortController(),
        reason: null,
        done: Promise.resolve(),
      };
      this.running.set(jobId, running);
      running.done = this.execute(jobId, running)
        .catch((error: unknown) => this.deps.logger.error({ err: error, job_id: jobId }, 'job runner failed'))
        .finally(() => {
          this.running.delete(jobId);
          this.pump();
        });
    }
  }

  /** Lends an idle worker while no job waits for one; waiting jobs get it back as soon as it is returned. */
  private borrowWorker(): (() => void) | null {
    if (this.closing || this.queue.length > 0 || this.running.size + this.lent >= this.deps.workers)
      return null;
    this.lent += 1;
    let returned = false;
    return () => {
      if (returned) return;
      returned = true;
      this.lent -= 1;
      this.pump();
    };
  }

  private emit(event: Omit<LifecycleEvent, 'timestamp'>, at: string): () => void {
    return () => {
      for (const listener of this.deps.lifecycle) listener({ ...event, timestamp: at });
    };
  }

  private log(jobId: string, stage: string, level: LogLevel, message: string): void {
    const { store, hub } = this.deps;
    const timestamp = this.now().toISOString();
    const text = message.length > MAX_LOG_LINE_CHARS ? `${message.slice(0, MAX_LOG_LINE_CHARS)}…` : message;
    const id = store.appendLog(jobId, { timestamp, stage, level, message: text });
    hub.publish(jobId, { type: 'log', id, timestamp, stage, level, message: text });
  }

  /** A per-job log function that stops writing, once, past MAX_LOG_LINES. */
  private jobLogger(jobId: string): (stage: string, level: LogLevel, message: string) => void {
    let lines = this.deps.store.logCount(jobId);
    return (stage, level, message) => {
      lines += 1;
      if (lines < MAX_LOG_LINES) this.log(jobId, stage, level, message);
      else if (lines === MAX_LOG_LINES)
        this.log(jobId, stage, 'WARNING', `log cut at ${MAX_LOG_LINES} lines; later lines are not kept`);
    };
  }

  private end(job: JobRow, status: Exclude<JobStatus, 'queued' | 'running'>, error: JobError | null): void {
    const at = this.now().toISOString();
    const event =
      status === 'passed' ? 'job.completed' : status === 'failed' ? 'job.failed' : 'job.cancelled';
    const stageStatus: { status: StageRunStatus; reason: string | null } =
      status === 'cancelled'
        ? { status: 'cancelled', reason: 'the job was cancelled' }
        : { status: 'skipped', reason: 'the job ended before this stage ran' };
    const ended = this.deps.store.finish(
      job.id,
      { status, at, error },
      stageStatus,
      this.emit({ event, job_id: job.id, project_id: job.project_id, status }, at),
    );
    if (ended) this.deps.hub.publish(job.id, { type: 'job_complete', status, error });
  }

  private async execute(jobId: string, running: RunningJob): Promise<void> {
    const { store } = this.deps;
    const job = store.get(jobId);
    if (job === undefined || job.status !== 'queued') return;
    const startedAt = this.now().toISOString();
    const started = store.start(
      jobId,
      startedAt,
      this.emit(
        { event: 'job.started', job_id: jobId, project_id: job.project_id, status: 'running' },
        startedAt,
      ),
    );
    if (!started) return;
    const log = this.jobLogger(jobId);
    const dir = jobDirectory(this.deps.dataDir, jobId);
    const sourceDir = join(dir, 'src');
    const artifactsDir = join(dir, 'artifacts');
    mkdirSync(artifactsDir, { recursive: true });
    log('platform', 'INFO', `job started (attempt ${job.attempts + 1}); stages: ${job.stages.join(', ')}`);

    let config: ResolvedConfig;
    try {
      config = this.deps.projects.resolveConfig(job.project_id, sourceDir, job.config_overrides);
    } catch (error) {
      const failure = toJobError('platform', error);
      log('platform', 'ERROR', failure.message);
      this.end(job, 'failed', failure);
      return;
    }

    let firstFailure: JobError | null = null;
    for (const name of job.stages) {
      if (running.controller.signal.aborted) break;
      const stage = this.deps.stages.get(name);
      if (stage === undefined) continue;
      const outcome = await this.runStage(job, stage, config, { sourceDir, artifactsDir, dir }, running, log);
      if (outcome === 'aborted') break;
      if (outcome.status === 'failed' && firstFailure === null) {
        firstFailure = outcome.error ?? {
          stage: name,
          code: 'VERIFICATION_FAILED',
          message: outcome.reason ?? `the ${name} stage failed`,
        };
      }
    }

    if (running.reason === 'shutdown') {
      log(
        'platform',
        'WARNING',
        'the service is stopping: this job goes back to the queue and runs again at the next start',
      );
      store.requeue(jobId, 'returned');
      rmSync(join(dir, 'work'), { recursive: true, force: true });
      rmSync(artifactsDir, { recursive: true, force: true });
      return;
    }
    if (running.reason === 'cancel') {
      log('platform', 'WARNING', 'job cancelled');
      this.end(job, 'cancelled', null);
      return;
    }
    log(
      'platform',
      firstFailure === null ? 'INFO' : 'ERROR',
      `job ${firstFailure === null ? 'passed' : 'failed'}`,
    );
    this.end(job, firstFailure === null ? 'passed' : 'failed', firstFailure);
  }

  private async runStage(
    job: JobRow,
    stage: Stage,
    config: ResolvedConfig,
    dirs: { sourceDir: string; artifactsDir: string; dir: string },
    running: RunningJob,
    log: (stage: string, level: LogLevel, message: string) => void,
  ): Promise<(StageOutcome & { error?: JobError }) | 'aborted'> {
    const { store, hub } = this.deps;
    const name = stage.name;
    const workDir = join(dirs.dir, 'work', name);
    rmSync(workDir, { recursive: true, force: true });
    mkdirSync(workDir, { recursive: true });
    store.startStage(job.id, name, this.now().toISOString());
    log(name, 'INFO', `stage ${name} started`);

    const budgetMs = config[name].timeout_seconds * 1000 + STAGE_GRACE_MS;
    const stageController = new AbortController();
    const onJobAbort = () => stageController.abort();
    running.controller.signal.addEventListener('abort', onJobAbort, { once: true });
    let overran = false;
    const guard = setTimeout(() => {
      overran = true;
      stageController.abort();
    }, budgetMs);
    const startedMs = performance.now();
    let outcome: StageOutcome & { error?: JobError };
    try {
      outcome = await stage.run({
        sourceDir: dirs.sourceDir,
        workDir,
        cacheDir: join(this.deps.dataDir, 'cache'),
        artifactsDir: dirs.artifactsDir,
        config,
        tools: this.deps.tools,
        signal: stageController.signal,
        log: (level, message) => log(name, level, message),
        progress: (completed, total) => {
          store.progress(job.id, name, completed, total);
          hub.publish(job.id, {
            type: 'progress',
            stage: name,
            tests_complete: completed,
            tests_total: total,
          });
        },
        artifact: (artifactName, contentType) => {
          const size = statSync(join(dirs.artifactsDir, artifactName)).size;
          store.addArtifact(job.id, {
            name: artifactName,
            stage: name,
            content_type: contentType,
            size,
            created_at: this.now().toISOString(),
          });
        },
        borrowWorker: () => this.borrowWorker(),
      });
    } catch (error) {
      if (running.reason !== null) return 'aborted';
      const failure: JobError =
        overran || isAbort(error)
          ? {
              stage: name,
              code: 'TIMEOUT',
              message: `the ${name} stage ran past its time-out of ${budgetMs / 1000} s`,
            }
          : toJobError(name, error);
      log(name, 'ERROR', failure.message);
      outcome = { status: 'failed', reason: failure.message, summary: {}, details: null, error: failure };
    } finally {
      clearTimeout(guard);
      running.controller.signal.removeEventListener('abort', onJobAbort);
    }

    const durationMs = performance.now() - startedMs;
    const at = this.now().toISOString();
    const reason = outcome.reason ?? null;
    store.finishStage(
      job.id,
      name,
      {
        status: outcome.status,
        finished_at: at,
        duration_ms: Math.round(durationMs),
        reason,
        summary: outcome.summary,
        details: outcome.details,
      },
      this.emit(
        {
          event: 'stage.completed',
          job_id: job.id,
          project_id: job.project_id,
          status: outcome.status,
          stage: { name, status: outcome.status, summary: outcome.summary },
        },
        at,
      ),
    );
    log(
      name,
      outcome.status === 'failed' ? 'ERROR' : 'INFO',
      `stage ${name} ${outcome.status}${reason === null ? '' : `: ${reason}`}`,
    );
    hub.publish(job.id, {
      type: 'stage_complete',
      stage: name,
      status: outcome.status,
      duration: formatDuration(durationMs),
      reason,
    });
    return outcome;
  }
}
