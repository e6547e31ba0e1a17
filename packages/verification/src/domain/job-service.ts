/**
 * Jobs: submission (checked whole before anything is queued), reading, listing, cancelling, and
 * the read side of what a job produced (logs, results, artifacts). Running them is the runner's.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { VpErrors } from '../errors.js';
import type { Stage } from '../engine/stage.js';
import type { ToolInfo } from '../engine/tools.js';
import type { ArtifactRow, JobRow, JobStatus, JobStore, LogRow, StageRow } from '../store/jobs.js';
import { formatDuration, median } from './durations.js';
import type { JobHub, LifecycleListener } from './job-events.js';
import { jobDirectory, type JobRunner, type ProjectSource } from './job-runner.js';
import { closestMatch } from './suggest.js';
import { STAGES, type ResolvedConfig, type StageName } from './verify-config.js';

export const DEFAULT_STAGES: readonly StageName[] = STAGES;
/** What a stage is assumed to take before a project has a history of its own. */
export const DEFAULT_STAGE_ESTIMATE_MS: Record<StageName, number> = {
  lint: 5_000,
  simulation: 30_000,
  formal: 30_000,
  crypto: 120_000,
};

export interface JobProjects extends ProjectSource {
  /** Throws NOT_FOUND for an unknown project. */
  assertExists(projectId: string): void;
  markActive(projectId: string): void;
  snapshotFiles(projectId: string, destDir: string): Promise<void>;
  validateOverrides(overrides: Record<string, unknown>): void;
}

export interface SubmitRequest {
  stages?: string[];
  config_overrides?: Record<string, unknown>;
}

export interface JobServiceDeps {
  store: JobStore;
  hub: JobHub;
  runner: JobRunner;
  projects: JobProjects;
  stages: ReadonlyMap<StageName, Stage>;
  tools: readonly ToolInfo[];
  dataDir: string;
  queueCapacity: number;
  apiPrefix: string;
  lifecycle: readonly LifecycleListener[];
  now?: () => Date;
}

export interface StageProgressView {
  status: string;
  duration?: string;
  progress?: string;
  reason?: string;
}

export function jobUrl(prefix: string, id: string): string {
  return `${prefix}/jobs/${id}`;
}

function newJobId(): string {
  return `job_${randomBytes(8).toString('hex')}`;
}

function progressView(stage: StageRow): StageProgressView {
  return {
    status: stage.status,
    ...(stage.duration_ms === null ? {} : { duration: formatDuration(stage.duration_ms) }),
    ...(stage.completed === null ? {} : { progress: `${stage.completed}/${stage.total ?? stage.completed}` }),
    ...(stage.reason === null ? {} : { reason: stage.reason }),
  };
}

export class JobService {
  /** Submissions past their checks but not yet queued: they count against the capacity. */
  private reserved = 0;
  private readonly now: () => Date;

  constructor(private readonly deps: JobServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  private selectStages(requested: readonly string[] | undefined): StageName[] {
    const names = requested === undefined || requested.length === 0 ? DEFAULT_STAGES : requested;
    for (const [index, name] of names.entries()) {
      if (!this.deps.stages.has(name as StageName)) {
        const available = [...this.deps.stages.keys()];
        throw VpErrors.validation(
          {
            message: (STAGES as readonly string[]).includes(name)
              ? `the stage '${name}' is not available in this release`
              : `unknown stage '${name}'`,
          },
          {
            details: {
              field: `stages[${index}]`,
              suggestion: `use one of ${available.join(', ')}${closestMatch(name, available) === undefined ? '' : ` (did you mean '${closestMatch(name, available)}'?)`}`,
            },
          },
        );
      }
    }
    // Stages run in the platform's order whatever the request's, once each.
    return STAGES.filter((stage) => names.includes(stage));
  }

  private assertToolsPresent(stages: readonly StageName[], config: ResolvedConfig): void {
    for (const name of stages) {
      const missing = this.deps.stages
        .get(name)!
        .tools(config)
        .filter((tool) => !this.deps.tools.find((t) => t.name === tool)?.available);
      if (missing.length > 0) {
        throw VpErrors.unavailable(
          { message: `the ${name} stage needs ${missing.join(', ')}, which this server does not have` },
          { details: { stage: name, missing_tools: missing } },
        );
      }
    }
  }

  private estimateMs(projectId: string, stages: StageName[]): number {
    const history = this.deps.store.recentDurationsMs(projectId, stages);
    if (history.length > 0) return Math.round(median(history));
    return stages.reduce((sum, stage) => sum + DEFAULT_STAGE_ESTIMATE_MS[stage], 0);
  }

  async submit(projectId: string, request: SubmitRequest) {
    const { projects, store, runner } = this.deps;
    projects.assertExists(projectId);
    const stages = this.selectStages(request.stages);
    const overrides = request.config_overrides ?? {};
    projects.validateOverrides(overrides);
    if (runner.depth + this.reserved >= this.deps.queueCapacity) {
      throw VpErrors.unavailable(
        { message: `the job queue is full (${this.deps.queueCapacity} jobs waiting); retry later` },
        { details: { queue_depth: runner.depth, queue_capacity: this.deps.queueCapacity } },
      );
    }
    this.reserved += 1;
    const id = newJobId();
    const dir = jobDirectory(this.deps.dataDir, id);
    const submittedAt = this.now().toISOString();
    const estimated = this.estimateMs(projectId, stages);
    try {
      // The job runs the files as they were when it was submitted, and its configuration is
      // checked now, so a broken verify.json is a 400 here rather than a failed job later.
      await projects.snapshotFiles(projectId, join(dir, 'src'));
      this.assertToolsPresent(stages, projects.resolveConfig(projectId, join(dir, 'src'), overrides));
      store.insert(
        {
          id,
          project_id: projectId,
          stages,
          config_overrides: overrides,
          submitted_at: submittedAt,
          estimated_ms: estimated,
        },
        () => {
          projects.markActive(projectId);
          for (const listener of this.deps.lifecycle) {
            listener({
              event: 'job.queued',
              timestamp: submittedAt,
              job_id: id,
              project_id: projectId,
              status: 'queued',
            });
          }
        },
      );
    } catch (error) {
      rmSync(dir, { recursive: true, force: true });
      throw error;
    } finally {
      this.reserved -= 1;
    }
    // Answered as recorded: a free worker may start the job before the answer is written.
    const submitted = {
      job_id: id,
      project_id: projectId,
      status: 'queued' as const,
      stages,
      submitted_at: submittedAt,
      estimated_duration: formatDuration(estimated),
      url: jobUrl(this.deps.apiPrefix, id),
    };
    runner.enqueue(id);
    return submitted;
  }

  require(id: string): JobRow {
    const job = this.deps.store.get(id);
    if (job === undefined) throw VpErrors.notFound({ resource: 'job', id });
    return job;
  }

  view(job: JobRow) {
    const stages = this.deps.store.stages(job.id);
    const durationMs =
      job.started_at !== null && job.finished_at !== null
        ? Date.parse(job.finished_at) - Date.parse(job.started_at)
        : null;
    return {
      job_id: job.id,
      project_id: job.project_id,
      status: job.status,
      stages: job.stages,
      submitted_at: job.submitted_at,
      ...(job.started_at === null ? {} : { started_at: job.started_at }),
      ...(job.finished_at === null ? {} : { finished_at: job.finished_at }),
      estimated_duration: formatDuration(job.estimated_ms),
      ...(durationMs === null ? {} : { duration: formatDuration(durationMs) }),
      progress: Object.fromEntries(stages.map((stage) => [stage.stage, progressView(stage)])),
      ...(job.error === null ? {} : { error: job.error }),
      url: jobUrl(this.deps.apiPrefix, job.id),
    };
  }

  get(id: string) {
    return this.view(this.require(id));
  }

  list(projectId: string, query: { page: number; per_page: number; status?: JobStatus }) {
    this.deps.projects.assertExists(projectId);
    const { jobs, total } = this.deps.store.listByProject(
      projectId,
      query.status ?? null,
      query.per_page,
      (query.page - 1) * query.per_page,
    );
    return { jobs: jobs.map((job) => this.view(job)), total, page: query.page, per_page: query.per_page };
  }

  /** Cancels a queued or running job; a job that has ended is a 409. */
  cancel(id: string) {
    const job = this.require(id);
    if (job.status !== 'queued' && job.status !== 'running') {
      throw VpErrors.conflict(
        { message: `job '${id}' has already ended (${job.status})` },
        { details: { status: job.status } },
      );
    }
    if (!this.deps.runner.cancel(id)) {
      throw VpErrors.conflict({ message: `job '${id}' is finishing; it can no longer be cancelled` });
    }
    return this.get(id);
  }

  logs(id: string, query: { stage?: string | undefined; tail?: number | undefined }): LogRow[] {
    this.require(id);
    return this.deps.store.logs(id, query);
  }

  stageRows(id: string): StageRow[] {
    this.require(id);
    return this.deps.store.stages(id);
  }

  artifacts(id: string): ArtifactRow[] {
    this.require(id);
    return this.deps.store.artifacts(id);
  }

  /** The artifact's record and its file's path; the name comes from the store, never from the request. */
  artifactFile(id: string, name: string): { artifact: ArtifactRow; path: string } {
    this.require(id);
    const artifact = this.deps.store.artifact(id, name);
    if (artifact === undefined) throw VpErrors.notFound({ resource: 'artifact', id: name });
    return { artifact, path: join(jobDirectory(this.deps.dataDir, id), 'artifacts', artifact.name) };
  }

  /** Writes `bytes` as an artifact of the job and declares it (a file of the same name is replaced). */
  saveArtifact(
    id: string,
    artifact: { name: string; stage: string; content_type: string },
    bytes: Buffer,
  ): ArtifactRow {
    this.require(id);
    const dir = join(jobDirectory(this.deps.dataDir, id), 'artifacts');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, artifact.name), bytes);
    const row = { ...artifact, size: bytes.length, created_at: this.now().toISOString() };
    this.deps.store.addArtifact(id, row);
    return row;
  }

  /** The job's copy of the project's files, as they were when it was submitted. */
  sourceDirectory(id: string): string {
    this.require(id);
    return join(jobDirectory(this.deps.dataDir, id), 'src');
  }

  subscribe = (id: string, listener: Parameters<JobHub['subscribe']>[1]) =>
    this.deps.hub.subscribe(id, listener);
}
