/**
 * Versioned SQL migrations, applied at start in order, each once, each in its own transaction.
 *
 * Migrations live in namespaces (`hypervisor`, `kit.tokens`, ...) so a module that owns tables
 * also owns their history. The SHA-256 of each applied script is recorded: a script edited after
 * it ran is refused rather than silently diverging from the databases already migrated.
 */
import { createHash } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { KitErrors } from '../errors.js';

export interface Migration {
  /** 1, 2, 3, ...: consecutive within a namespace. */
  version: number;
  name: string;
  sql: string;
}

interface AppliedRow {
  version: number;
  checksum: string;
}

function checksum(sql: string): string {
  return createHash('sha256').update(sql).digest('hex');
}

function assertConsecutive(namespace: string, migrations: readonly Migration[]): void {
  migrations.forEach((m, i) => {
    if (m.version !== i + 1) {
      throw new TypeError(
        `migrations of '${namespace}' must be numbered 1, 2, 3, ... in order; position ${i + 1} has version ${m.version}`,
      );
    }
  });
}

/** Applies the pending migrations of `namespace`; returns the versions it applied. */
export function migrate(db: Database, namespace: string, migrations: readonly Migration[]): number[] {
  assertConsecutive(namespace, migrations);
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
             namespace  TEXT NOT NULL,
             version    INTEGER NOT NULL,
             name       TEXT NOT NULL,
             checksum   TEXT NOT NULL,
             applied_at TEXT NOT NULL,
             PRIMARY KEY (namespace, version)
           ) STRICT`);
  const applied = new Map(
    db
      .prepare<[string], AppliedRow>('SELECT version, checksum FROM schema_migrations WHERE namespace = ?')
      .all(namespace)
      .map((row) => [row.version, row.checksum]),
  );
  const record = db.prepare(
    'INSERT INTO schema_migrations (namespace, version, name, checksum, applied_at) VALUES (?, ?, ?, ?, ?)',
  );
  const done: number[] = [];
  for (const migration of migrations) {
    const sum = checksum(migration.sql);
    const previous = applied.get(migration.version);
    if (previous !== undefined) {
      if (previous !== sum) throw KitErrors.migrationChanged({ namespace, version: migration.version });
      continue;
    }
    db.transaction(() => {
      db.exec(migration.sql);
      record.run(namespace, migration.version, migration.name, sum, new Date().toISOString());
    }).immediate();
    done.push(migration.version);
  }
  return done;
}
