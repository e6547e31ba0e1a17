/**
 * The jobs table: each job's request, state, timestamps, error and result, in one row.
 *
 * Every state change is one conditional UPDATE (`... WHERE status = 'running'`), so a change that
 * lost a race (a run that completes just as it is cancelled) changes nothing and says so. `seq`
 * orders jobs by submission: the queue is the queued rows by `seq`, and lists page on it.
 * `memory_bytes` is what a job's run holds, which the service reserves while it runs.
 */
import { inTransaction, type Database, type Migration } from '@lab/server-kit';
import type { Job, JobError, JobRequest, JobStatus } from '../jobs/job.js';

export const JOBS_MIGRATION: Migration = {
  version: 1,
  name: 'jobs',
  sql: `CREATE TABLE jobs (
          seq               INTEGER PRIMARY KEY AUTOINCREMENT,
          id                TEXT NOT NULL UNIQUE,
          status            TEXT NOT NULL
                            CHECK (status IN ('queued', 'running', 'completed', 'failed', 'cancelled')),
          backend           TEXT NOT NULL,
          shots             INTEGER NOT NULL,
          seed              INTEGER,
          qubits            INTEGER NOT NULL,
          clbits            INTEGER NOT NULL,
          estimated_seconds REAL NOT NULL,
          request           TEXT NOT NULL,
          created_at        TEXT NOT NULL,
          started_at        TEXT,
          finished_at       TEXT,
          error             TEXT,
          result            TEXT
        ) STRICT;
        CREATE INDEX jobs_by_status ON jobs (status, seq);`,
};

/**
 * The memory each job holds while it runs, reserved against the budget when it starts. Jobs
 * queued before it was recorded have none (NULL) and run alone.
 */
export const JOBS_MEMORY_MIGRATION: Migration = {
  version: 2,
  name: 'jobs memory',
  sql: `ALTER TABLE jobs ADD COLUMN memory_bytes INTEGER;`,
};

/** A job as stored: everything but `progress`, which only the running process knows. */
export type StoredJob = Omit<Job, 'progress'>;

/** A job about to be queued. */
export interface NewJob {
  readonly id: string;
  readonly request: JobRequest;
  readonly qubits: number;
  readonly clbits: number;
  readonly estimatedSeconds: number;
  /** What its run holds at its peak (the backend's estimate). */
  readonly memoryBytes: number;
  readonly createdAt: string;
}

interface JobRow {
  seq: number;
  id: string;
  status: JobStatus;
  backend: string;
  shots: number;
  seed: number | null;
  qubits: number;
  clbits: number;
  estimated_seconds: number;
  memory_bytes: number | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  error: string | null;
  queue_position: number | null;
}

const JOB_COLUMNS = `j.seq, j.id, j.status, j.backend, j.shots, j.seed, j.qubits, j.clbits,
  j.estimated_seconds, j.memory_bytes, j.created_at, j.started_at, j.finished_at, j.error,
  CASE WHEN j.status = 'queued'
       THEN (SELECT COUNT(*) FROM jobs q WHERE q.status = 'queued' AND q.seq <= j.seq) END AS queue_position`;

function toJob(row: JobRow): StoredJob {
  return {
    id: row.id,
    status: row.status,
    backend: row.backend,
    shots: row.shots,
    seed: row.seed,
    qubits: row.qubits,
    clbits: row.clbits,
    created_at: row.created_at,
    started_at: row.started_at,
    finished_at: row.finished_at,
    queue_position: row.queue_position,
    estimated_seconds: row.estimated_seconds,
    memory_bytes: row.memory_bytes,
    error: row.error === null ? null : (JSON.parse(row.error) as JobError),
  };
}

/** A queued job as the dispatcher sees it. */
export interface QueuedJob {
  readonly id: string;
  readonly backend: string;
  readonly qubits: number;
  /** Null for a job queued before memory was recorded. */
  readonly memoryBytes: number | null;
}

interface QueuedRow {
  id: string;
  backend: string;
  qubits: number;
  memory_bytes: number | null;
}

export interface ListQuery {
  readonly status?: JobStatus;
  readonly limit: number;
  /** Only jobs submitted before the job at this position (a previous page's `next`). */
  readonly before?: number;
}

export type JobRepository = ReturnType<typeof createJobRepository>;

export function createJobRepository(db: Database) {
  const byId = db.prepare<[string], JobRow>(`SELECT ${JOB_COLUMNS} FROM jobs j WHERE j.id = ?`);
  const page = db.prepare<[{ status: string | null; before: number | null; limit: number }], JobRow>(
    `SELECT ${JOB_COLUMNS} FROM jobs j
      WHERE (@status IS NULL OR j.status = @status) AND (@before IS NULL OR j.seq < @before)
      ORDER BY j.seq DESC LIMIT @limit`,
  );
  const countActive = db.prepare<[], { n: number }>(
    `SELECT COUNT(*) AS n FROM jobs WHERE status IN ('queued', 'running')`,
  );
  const insert = db.prepare(
    `INSERT INTO jobs (id, status, backend, shots, seed, qubits, clbits, estimated_seconds, memory_bytes,
                       request, created_at)
     VALUES (?, 'queued', ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const oldestQueued = db.prepare<[], QueuedRow>(
    `SELECT id, backend, qubits, memory_bytes FROM jobs WHERE status = 'queued' ORDER BY seq LIMIT 1`,
  );
  const claim = db.prepare<[string, string], { request: string }>(
    `UPDATE jobs SET status = 'running', started_at = ? WHERE id = ? AND status = 'queued' RETURNING request`,
  );
  const complete = db.prepare(
    `UPDATE jobs SET status = 'completed', finished_at = ?, result = ? WHERE id = ? AND status = 'running'`,
  );
  const fail = db.prepare(
    `UPDATE jobs SET status = 'failed', finished_at = ?, error = ?
      WHERE id = ? AND status IN ('queued', 'running')`,
  );
  const cancel = db.prepare(
    `UPDATE jobs SET status = 'cancelled', finished_at = ?
      WHERE id = ? AND status IN ('queued', 'running')`,
  );
  const failRunning = db.prepare<[string, string], { id: string }>(
    `UPDATE jobs SET status = 'failed', finished_at = ?, error = ? WHERE status = 'running' RETURNING id`,
  );
  const resultOf = db.prepare<[string], { result: string | null }>('SELECT result FROM jobs WHERE id = ?');
  const remove = db.prepare('DELETE FROM jobs WHERE id = ?');

  return {
    get(id: string): StoredJob | undefined {
      const row = byId.get(id);
      return row === undefined ? undefined : toJob(row);
    },

    /** Newest first; `next` is the `before` of the following page, or null on the last one. */
    list(query: ListQuery): { jobs: StoredJob[]; next: number | null } {
      const rows = page.all({
        status: query.status ?? null,
        before: query.before ?? null,
        limit: query.limit + 1,
      });
      const more = rows.length > query.limit;
      const shown = rows.slice(0, query.limit);
      return { jobs: shown.map(toJob), next: more ? shown.at(-1)!.seq : null };
    },

    /** Queues a job unless `maxActive` jobs are already queued or running; returns whether it did. */
    insertIfRoom(job: NewJob, maxActive: number): boolean {
      return inTransaction(db, () => {
        if (countActive.get()!.n >= maxActive) return false;
        const { request } = job;
        insert.run(
          job.id,
          request.backend,
          request.shots,
          request.seed ?? null,
          job.qubits,
          job.clbits,
          job.estimatedSeconds,
          job.memoryBytes,
          JSON.stringify(request),
          job.createdAt,
        );
        return true;
      });
    },

    /** The job that starts next, first in first out, or undefined when none waits. */
    nextQueued(): QueuedJob | undefined {
      const row = oldestQueued.get();
      return row === undefined
        ? undefined
        : { id: row.id, backend: row.backend, qubits: row.qubits, memoryBytes: row.memory_bytes };
    },

    /** Moves a queued job to running and returns its request; undefined if it was no longer queued. */
    claim(id: string, startedAt: string): JobRequest | undefined {
      const row = claim.get(startedAt, id);
      return row === undefined ? undefined : (JSON.parse(row.request) as JobRequest);
    },

    /** Records a running job's result; false if the job was no longer running. */
    complete(id: string, result: unknown, finishedAt: string): boolean {
      return complete.run(finishedAt, JSON.stringify(result), id).changes === 1;
    },

    /** Records why a queued or running job failed; false if it had already ended. */
    fail(id: string, error: JobError, finishedAt: string): boolean {
      return fail.run(finishedAt, JSON.stringify(error), id).changes === 1;
    },

    /** Cancels a queued or running job; false if it had already ended. */
    cancel(id: string, finishedAt: string): boolean {
      return cancel.run(finishedAt, id).changes === 1;
    },

    /** Deletes a job and its result; false if there was no such job. */
    remove(id: string): boolean {
      return remove.run(id).changes === 1;
    },

    /** Marks every running job failed with `error` (at start: their process is gone); returns their ids. */
    failRunning(error: JobError, finishedAt: string): string[] {
      return inTransaction(db, () => failRunning.all(finishedAt, JSON.stringify(error)).map((r) => r.id));
    },

    /** The result of a completed job, parsed; undefined for any other. */
    result(id: string): unknown {
      const row = resultOf.get(id);
      return row === undefined || row.result === null ? undefined : JSON.parse(row.result);
    },
  };
}
