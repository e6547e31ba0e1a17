/**
 * Opening a service's SQLite file: WAL journal (readers never block the writer and a `kill -9`
 * loses no committed transaction), a busy timeout instead of immediate SQLITE_BUSY, foreign keys
 * on, and the service's migrations applied before anything else touches the file.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3, { type Database } from 'better-sqlite3';
import { migrate, type Migration } from './migrations.js';

export type { Database } from 'better-sqlite3';

export interface OpenDatabaseOptions {
  /** Namespace of the service's own migrations, e.g. 'hypervisor'. */
  namespace: string;
  migrations: readonly Migration[];
  /** How long a writer waits for another connection's lock (default 5 s). */
  busyTimeoutMs?: number;
}

export const DEFAULT_BUSY_TIMEOUT_MS = 5_000;

export function openDatabase(file: string, options: OpenDatabaseOptions): Database {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new BetterSqlite3(file, { timeout: options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS });
  try {
    db.pragma('journal_mode = WAL');
    // NORMAL with WAL is durable against process crashes; only an OS crash can lose the last commit.
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    migrate(db, options.namespace, options.migrations);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/** Runs `work` in one write transaction (BEGIN IMMEDIATE), so it is applied whole or not at all. */
export function inTransaction<T>(db: Database, work: () => T): T {
  return db.transaction(work).immediate();
}
