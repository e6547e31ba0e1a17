/**
 * The operations table: long work (a convert, a compact, a migration) as a row whose status and
 * progress the API reads while the work runs. Rows outlive the process, so an operation that was
 * running when the service died is found at start and marked failed with that reason.
 */
import type { Database, Migration } from '@lab/server-kit';

export const OPERATIONS_MIGRATION: Migration = {
  version: 7,
  name: 'operations',
  sql: `CREATE TABLE operations (
          id          TEXT PRIMARY KEY,
          kind        TEXT NOT NULL,
          resource    TEXT NOT NULL,
          status      TEXT NOT NULL
                      CHECK (status IN ('running', 'cancelling', 'succeeded', 'failed', 'cancelled')),
          progress    REAL NOT NULL CHECK (progress BETWEEN 0 AND 100),
          result      TEXT,
          error       TEXT,
          created_at  TEXT NOT NULL,
          updated_at  TEXT NOT NULL,
          finished_at TEXT
        ) STRICT;
        CREATE INDEX operations_by_time ON operations (created_at);`,
};

export type OperationStatus = 'running' | 'cancelling' | 'succeeded' | 'failed' | 'cancelled';

export interface OperationError {
  code: string;
  message: string;
}

export interface OperationRecord {
  id: string;
  kind: string;
  resource: string;
  status: OperationStatus;
  progress: number;
  result: Record<string, unknown> | null;
  error: OperationError | null;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
}

interface OperationRow {
  id: string;
  kind: string;
  resource: string;
  status: OperationStatus;
  progress: number;
  result: string | null;
  error: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

const toRecord = (row: OperationRow): OperationRecord => ({
  id: row.id,
  kind: row.kind,
  resource: row.resource,
  status: row.status,
  progress: row.progress,
  result: row.result === null ? null : (JSON.parse(row.result) as Record<string, unknown>),
  error: row.error === null ? null : (JSON.parse(row.error) as OperationError),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  finishedAt: row.finished_at,
});

export interface OperationRepository {
  insert(record: Pick<OperationRecord, 'id' | 'kind' | 'resource'>, at: string): void;
  find(id: string): OperationRecord | undefined;
  /** Newest first. */
  list(limit: number): OperationRecord[];
  setProgress(id: string, progress: number, at: string): void;
  /** A running operation asked to stop; false when it is not running. */
  markCancelling(id: string, at: string): boolean;
  finish(
    id: string,
    outcome: {
      status: 'succeeded' | 'failed' | 'cancelled';
      result?: Record<string, unknown>;
      error?: OperationError;
    },
    at: string,
  ): void;
  /** The operations a process that died left unfinished. */
  unfinished(): OperationRecord[];
}

export function createOperationRepository(db: Database): OperationRepository {
  const insert = db.prepare<[string, string, string, string, string]>(
    `INSERT INTO operations (id, kind, resource, status, progress, created_at, updated_at)
     VALUES (?, ?, ?, 'running', 0, ?, ?)`,
  );
  const one = db.prepare<[string], OperationRow>('SELECT * FROM operations WHERE id = ?');
  const recent = db.prepare<[number], OperationRow>(
    'SELECT * FROM operations ORDER BY created_at DESC, id LIMIT ?',
  );
  const progress = db.prepare<[number, string, string]>(
    `UPDATE operations SET progress = ?, updated_at = ? WHERE id = ? AND finished_at IS NULL`,
  );
  const cancelling = db.prepare<[string, string]>(
    `UPDATE operations SET status = 'cancelling', updated_at = ? WHERE id = ? AND status = 'running'`,
  );
  const finish = db.prepare<[string, number | null, string | null, string | null, string, string, string]>(
    `UPDATE operations SET status = ?, progress = COALESCE(?, progress), result = ?, error = ?,
            updated_at = ?, finished_at = ?
     WHERE id = ? AND finished_at IS NULL`,
  );
  const unfinished = db.prepare<[], OperationRow>(
    `SELECT * FROM operations WHERE finished_at IS NULL ORDER BY created_at`,
  );
  return {
    insert: (record, at) => void insert.run(record.id, record.kind, record.resource, at, at),
    find: (id) => {
      const row = one.get(id);
      return row === undefined ? undefined : toRecord(row);
    },
    list: (limit) => recent.all(limit).map(toRecord),
    setProgress: (id, value, at) => void progress.run(value, at, id),
    markCancelling: (id, at) => cancelling.run(at, id).changes === 1,
    finish: (id, outcome, at) =>
      void finish.run(
        outcome.status,
        outcome.status === 'succeeded' ? 100 : null,
        outcome.result === undefined ? null : JSON.stringify(outcome.result),
        outcome.error === undefined ? null : JSON.stringify(outcome.error),
        at,
        at,
        id,
      ),
    unfinished: () => unfinished.all().map(toRecord),
  };
}
