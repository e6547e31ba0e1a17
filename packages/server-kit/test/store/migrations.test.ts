import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { AppError, migrate, openDatabase, type Migration } from '../../src/index.js';
import { tempDir } from '../helpers.js';

const V1: Migration = { version: 1, name: 'vms', sql: 'CREATE TABLE vms (name TEXT PRIMARY KEY) STRICT;' };
const V2: Migration = {
  version: 2,
  name: 'vm state',
  sql: "ALTER TABLE vms ADD COLUMN state TEXT NOT NULL DEFAULT 'CREATED';",
};

function applied(db: ReturnType<typeof openDatabase>, namespace: string) {
  return db
    .prepare('SELECT version, name FROM schema_migrations WHERE namespace = ? ORDER BY version')
    .all(namespace);
}

describe('migrations', () => {
  const dir = tempDir();

  it('applies pending migrations once, in order, and records each', () => {
    const file = join(dir, 'a.db');
    const db = openDatabase(file, { namespace: 'svc', migrations: [V1] });
    expect(applied(db, 'svc')).toEqual([{ version: 1, name: 'vms' }]);
    db.close();

    const reopened = openDatabase(file, { namespace: 'svc', migrations: [V1, V2] });
    expect(applied(reopened, 'svc')).toEqual([
      { version: 1, name: 'vms' },
      { version: 2, name: 'vm state' },
    ]);
    reopened.prepare("INSERT INTO vms (name) VALUES ('web')").run();
    expect(reopened.prepare('SELECT state FROM vms').get()).toEqual({ state: 'CREATED' });
    expect(migrate(reopened, 'svc', [V1, V2])).toEqual([]);
    reopened.close();
  });

  it('keeps namespaces apart', () => {
    const db = openDatabase(':memory:', { namespace: 'svc', migrations: [V1] });
    expect(
      migrate(db, 'other', [{ version: 1, name: 'x', sql: 'CREATE TABLE x (a INTEGER) STRICT;' }]),
    ).toEqual([1]);
    expect(applied(db, 'svc')).toHaveLength(1);
    expect(applied(db, 'other')).toHaveLength(1);
  });

  it('refuses versions that are not 1, 2, 3, ... in order', () => {
    const db = openDatabase(':memory:', { namespace: 'svc', migrations: [] });
    expect(() => migrate(db, 'svc', [V2])).toThrow(/numbered 1, 2, 3/);
    expect(() => migrate(db, 'svc', [V1, V1])).toThrow(/numbered 1, 2, 3/);
  });

  it('refuses a migration edited after it was applied', () => {
    const file = join(dir, 'b.db');
    openDatabase(file, { namespace: 'svc', migrations: [V1] }).close();
    const edited = { ...V1, sql: 'CREATE TABLE vms (name TEXT PRIMARY KEY, extra TEXT) STRICT;' };
    let error: unknown;
    try {
      openDatabase(file, { namespace: 'svc', migrations: [edited] });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('MIGRATION_CHANGED');
  });

  it('rolls a failing migration back whole and records nothing of it', () => {
    const db = openDatabase(':memory:', { namespace: 'svc', migrations: [V1] });
    const broken: Migration = {
      version: 2,
      name: 'broken',
      sql: 'CREATE TABLE half (a INTEGER); INSERT INTO nowhere VALUES (1);',
    };
    expect(() => migrate(db, 'svc', [V1, broken])).toThrow(/no such table: nowhere/);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'half'").get()).toBeUndefined();
    expect(applied(db, 'svc')).toHaveLength(1);
  });
});
