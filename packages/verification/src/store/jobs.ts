/**
 * Jobs, their stages, log lines and artifacts in SQLite. Every change of a job's state is one
 * transaction here, so a `kill -9` leaves each job either before or after a transition.
 */
import { inTransaction, type Database } from '@lab/server-kit';
import type { StageName } from '../domain/verify-config.js';

export type JobStatus = 'queued' | 'running' | 'passed' | 'failed' | 'cancelled';
export type StageRunStatus = 'queued' | 'running' | 'passed' | 'failed' | 'skipped' | 'cancelled';
export type LogLevel = 'INFO' | 'WARNING' | 'ERROR';

export interface JobError {
  stage: string;
  code: string;
  message: string;
}

export interface JobRow {
  seq: number;
  id: string;
  project_id: string;
  status: JobStatus;
  stages: StageName[];
  config_overrides: Record<string, unknown>;
  submitted_at: string;
  started_at: string | null;
  finished_at: string | null;
  estimated_ms: number;
  error: JobError | null;
  attempts: number;
}

export interface StageRow {
  job_id: string;
  position: number;
  stage: StageName;
  status: StageRunStatus;
  started_at: string | null;
  finished_at: string | null;
  duration_ms: number | null;
  completed: number | null;
  total: number | null;
  reason: string | null;
  summary: Record<string, unknown> | null;
  details: unknown;
}

export interface LogRow {
  id: number;
  timestamp: string;
  stage: string;
  level: LogLevel;
  message: string;
}

export interface ArtifactRow {
  name: string;
  stage: string;
  content_type: string;
  size: number;
  created_at: string;
}

type Raw<T, K extends keyof T> = Omit<T, K> & { [P in K]: string | null };

function toJob(raw: Raw<JobRow, 'stages' | 'config_overrides' | 'error'>): JobRow {
  return {
    ...raw,
    stages: JSON.parse(raw.stages ?? '[]') as StageName[],
    config_overrides: JSON.parse(raw.config_overrides ?? '{}') as Record<string, unknown>,
    error: raw.error === null ? null : (JSON.parse(raw.error) as JobError),
  };
}

function toStage(raw: Raw<StageRow, 'summary' | 'details'>): StageRow {
  return {
    ...raw,
    summary: raw.summary === null ? null : (JSON.parse(raw.summary) as Record<string, unknown>),
    details: raw.details === null ? null : (JSON.parse(raw.details) as unknown),
  };
}

export interface NewJob {
  id: string;
  project_id: string;
  stages: StageName[];
  config_overrides: Record<string, unknown>;
  submitted_at: string;
  estimated_ms: number;
}

export interface StageResult {
  status: StageRunStatus;
  finished_at: string;
  duration_ms: number;
  reason: string | null;
  summary: Record<string, unknown> | null;
  details: unknown;
}

export type JobStore = ReturnType<typeof createJobStore>;

export function createJobStore(db: Database) {
  const insertJob = db.prepare(
    `INSERT INTO jobs (id, project_id, status, stages, config_overrides, submitted_at, estimated_ms)
     VALUES (@id, @project_id, 'queued', @stages, @config_overrides, @submitted_at, @estimated_ms)`,
  );
  const insertStage = db.prepare(
    `INSERT INTO job_stages (job_id, position, stage, status) VALUES (?, ?, ?, 'queued')`,
  );
  const byId = db.prepare<[string], Raw<JobRow, 'stages' | 'config_overrides' | 'error'>>(
    'SELECT * FROM jobs WHERE id = ?',
  );
  const stagesOf = db.prepare<[string], Raw<StageRow, 'summary' | 'details'>>(
    'SELECT * FROM job_stages WHERE job_id = ? ORDER BY position',
  );
  const byProject = db.prepare<
    [string, string | null, string | null, number, number],
    Raw<JobRow, 'stages' | 'config_overrides' | 'error'>
  >(
    `SELECT * FROM jobs WHERE project_id = ? AND (? IS NULL OR status = ?)
     ORDER BY seq DESC LIMIT ? OFFSET ?`,
  );
  const countByProject = db.prepare<[string, string | null, string | null], { n: number }>(
    'SELECT count(*) AS n FROM jobs WHERE project_id = ? AND (? IS NULL OR status = ?)',
  );
  const withStatus = db.prepare<[string], Raw<JobRow, 'stages' | 'config_overrides' | 'error'>>(
    'SELECT * FROM jobs WHERE status = ? ORDER BY seq',
  );
  const countStatus = db.prepare<[string], { n: number }>('SELECT count(*) AS n FROM jobs WHERE status = ?');
  const activeOfProject = db.prepare<[string], { n: number }>(
    `SELECT count(*) AS n FROM jobs WHERE project_id = ? AND status IN ('queued', 'running')`,
  );
  const idsOfProject = db.prepare<[string], { id: string }>('SELECT id FROM jobs WHERE project_id = ?');
  const activeIdsOfProject = db.prepare<[string], { id: string }>(
    `SELECT id FROM jobs WHERE project_id = ? AND status IN ('queued', 'running') ORDER BY seq`,
  );
  const recentDurations = db.prepare<[string, string], { ms: number }>(
    `SELECT (julianday(finished_at) - julianday(started_at)) * 86400000.0 AS ms FROM jobs
     WHERE project_id = ? AND stages = ? AND status IN ('passed', 'failed') AND started_at IS NOT NULL
     ORDER BY seq DESC LIMIT 20`,
  );
  const start = db.prepare(
    `UPDATE jobs SET status = 'running', started_at = ?, attempts = attempts + 1 WHERE id = ? AND status = 'queued'`,
  );
  const finish = db.prepare(
    `UPDATE jobs SET status = ?, finished_at = ?, error = ? WHERE id = ? AND status IN ('queued', 'running')`,
  );
  const requeue = db.prepare(`UPDATE jobs SET status = 'queued', started_at = NULL WHERE id = ?`);
  const returnAttempt = db.prepare('UPDATE jobs SET attempts = max(attempts - 1, 0) WHERE id = ?');
  const resetStages = db.prepare(
    `UPDATE job_stages SET status = 'queued', started_at = NULL, finished_at = NULL, duration_ms = NULL,
       completed = NULL, total = NULL, reason = NULL, summary = NULL, details = NULL WHERE job_id = ?`,
  );
  const startStage = db.prepare(
    `UPDATE job_stages SET status = 'running', started_at = ? WHERE job_id = ? AND stage = ?`,
  );
  const progressStage = db.prepare(
    'UPDATE job_stages SET completed = ?, total = ? WHERE job_id = ? AND stage = ?',
  );
  const finishStage = db.prepare(
    `UPDATE job_stages SET status = @status, finished_at = @finished_at, duration_ms = @duration_ms,
       reason = @reason, summary = @summary, details = @details WHERE job_id = @job_id AND stage = @stage`,
  );
  const closeOpenStages = db.prepare(
    `UPDATE job_stages SET status = ?, reason = ? WHERE job_id = ? AND status IN ('queued', 'running')`,
  );
  const insertLog = db.prepare(
    'INSERT INTO job_logs (job_id, timestamp, stage, level, message) VALUES (?, ?, ?, ?, ?)',
  );
  const logsOf = db.prepare<[string, string | null, string | null, number], LogRow>(
    `SELECT id, timestamp, stage, level, message FROM job_logs
     WHERE job_id = ? AND (? IS NULL OR stage = ?) AND id > ? ORDER BY id`,
  );
  const tailOf = db.prepare<[string, string | null, string | null, number], LogRow>(
    `SELECT * FROM (SELECT id, timestamp, stage, level, message FROM job_logs
       WHERE job_id = ? AND (? IS NULL OR stage = ?) ORDER BY id DESC LIMIT ?) ORDER BY id`,
  );
  const logCount = db.prepare<[string], { n: number }>('SELECT count(*) AS n FROM job_logs WHERE job_id = ?');
  const insertArtifact = db.prepare(
    `INSERT OR REPLACE INTO artifacts (job_id, name, stage, content_type, size, created_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const artifactsOf = db.prepare<[string], ArtifactRow>(
    'SELECT name, stage, content_type, size, created_at FROM artifacts WHERE job_id = ? ORDER BY name',
  );
  const artifactOf = db.prepare<[string, string], ArtifactRow>(
    'SELECT name, stage, content_type, size, created_at FROM artifacts WHERE job_id = ? AND name = ?',
  );
  const dropArtifacts = db.prepare('DELETE FROM artifacts WHERE job_id = ?');

  return {
    insert(job: NewJob, after?: () => void): void {
      inTransaction(db, () => {
        insertJob.run({
          ...job,
          stages: JSON.stringify(job.stages),
          config_overrides: JSON.stringify(job.config_overrides),
        });
        job.stages.forEach((stage, position) => insertStage.run(job.id, position, stage));
        after?.();
      });
    },
    get(id: string): JobRow | undefined {
      const raw = byId.get(id);
      return raw === undefined ? undefined : toJob(raw);
    },
    stages: (id: string): StageRow[] => stagesOf.all(id).map(toStage),
    listByProject(projectId: string, status: JobStatus | null, limit: number, offset: number) {
      return {
        jobs: byProject.all(projectId, status, status, limit, offset).map(toJob),
        total: countByProject.get(projectId, status, status)?.n ?? 0,
      };
    },
    withStatus: (status: JobStatus): JobRow[] => withStatus.all(status).map(toJob),
    countWithStatus: (status: JobStatus): number => countStatus.get(status)?.n ?? 0,
    activeCount: (projectId: string): number => activeOfProject.get(projectId)?.n ?? 0,
    activeIds: (projectId: string): string[] => activeIdsOfProject.all(projectId).map((r) => r.id),
    ids: (projectId: string): string[] => idsOfProject.all(projectId).map((r) => r.id),
    recentDurationsMs: (projectId: string, stages: StageName[]): number[] =>
      recentDurations.all(projectId, JSON.stringify(stages)).map((r) => r.ms),
    /** True when the job was still queued and is now running. */
    start(id: string, at: string, after?: () => void): boolean {
      return inTransaction(db, () => {
        const changed = start.run(at, id).changes === 1;
        if (changed) after?.();
        return changed;
      });
    },
    /** Ends a queued or running job; open stages take `stageStatus`. False when it had already ended. */
    finish(
      id: string,
      outcome: { status: Exclude<JobStatus, 'queued' | 'running'>; at: string; error: JobError | null },
      stageStatus: { status: StageRunStatus; reason: string | null },
      after?: () => void,
    ): boolean {
      return inTransaction(db, () => {
        const changed =
          finish.run(
            outcome.status,
            outcome.at,
            outcome.error === null ? null : JSON.stringify(outcome.error),
            id,
          ).changes === 1;
        if (changed) {
          closeOpenStages.run(stageStatus.status, stageStatus.reason, id);
          after?.();
        }
        return changed;
      });
    },
    /**
     * Puts an interrupted job back in the queue, its stages and artifacts cleared. A job the
     * service stopped on purpose (a graceful shutdown) gets its attempt back.
     */
    requeue(id: string, attempt: 'counted' | 'returned' = 'counted'): void {
      inTransaction(db, () => {
        requeue.run(id);
        if (attempt === 'returned') returnAttempt.run(id);
        resetStages.run(id);
        dropArtifacts.run(id);
      });
    },
    startStage: (id: string, stage: StageName, at: string) => void startStage.run(at, id, stage),
    progress: (id: string, stage: StageName, completed: number, total: number) =>
      void progressStage.run(completed, total, id, stage),
    finishStage(id: string, stage: StageName, result: StageResult, after?: () => void): void {
      inTransaction(db, () => {
        finishStage.run({
          job_id: id,
          stage,
          ...result,
          summary: result.summary === null ? null : JSON.stringify(result.summary),
          details:
            result.details === null || result.details === undefined ? null : JSON.stringify(result.details),
        });
        after?.();
      });
    },
    appendLog(id: string, entry: Omit<LogRow, 'id'>): number {
      return Number(
        insertLog.run(id, entry.timestamp, entry.stage, entry.level, entry.message).lastInsertRowid,
      );
    },
    logCount: (id: string): number => logCount.get(id)?.n ?? 0,
    logs(
      id: string,
      options: { stage?: string | undefined; afterId?: number; tail?: number | undefined },
    ): LogRow[] {
      const stage = options.stage ?? null;
      if (options.tail !== undefined) return tailOf.all(id, stage, stage, options.tail);
      return logsOf.all(id, stage, stage, options.afterId ?? 0);
    },
    addArtifact(id: string, artifact: ArtifactRow): void {
      insertArtifact.run(
        id,
        artifact.name,
        artifact.stage,
        artifact.content_type,
        artifact.size,
        artifact.created_at,
      );
    },
    artifacts: (id: string): ArtifactRow[] => artifactsOf.all(id),
    artifact: (id: string, name: string): ArtifactRow | undefined => artifactOf.get(id, name),
  };
}
