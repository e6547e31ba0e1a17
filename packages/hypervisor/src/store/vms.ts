/**
 * The vms table: one row per VM with its definition (JSON), state, runtime facts and last error.
 * State changes are conditional UPDATEs on the state the caller saw, so a change that lost a race
 * changes nothing and says so.
 *
 * Reads of one VM are served from memory, as libvirt keeps its domain objects: this process is the
 * table's only writer, every write here drops the VM's cached record, and a record read inside a
 * transaction is not cached, since that transaction may still roll back.
 */
import type { Database, Migration } from '@lab/server-kit';
import type { VmDefinition, VmState } from '../domain/vm-definition.js';
import type { RuntimeInfo } from '../drivers/vm-driver.js';

export const VMS_MIGRATION: Migration = {
  version: 1,
  name: 'vms',
  sql: `CREATE TABLE vms (
          name             TEXT PRIMARY KEY,
          uuid             TEXT NOT NULL UNIQUE,
          state            TEXT NOT NULL
                           CHECK (state IN ('CREATED', 'RUNNING', 'PAUSED', 'STOPPED', 'CRASHED')),
          definition       TEXT NOT NULL,
          runtime          TEXT,
          last_error       TEXT,
          created_at       TEXT NOT NULL,
          updated_at       TEXT NOT NULL,
          state_changed_at TEXT NOT NULL
        ) STRICT;`,
};

/**
 * The states of live migration, MIGRATING and INCOMING, in the CHECK constraint. SQLite cannot
 * change a constraint in place: the table is made again and its rows copied. Dropping the old table
 * deletes the rows that reference a VM through ON DELETE CASCADE (vm_snapshots, migration 9), and
 * a migration runs in a transaction, where foreign keys cannot be switched off, so those rows are
 * kept aside and put back once the new table has the old one's name.
 */
export const VM_MIGRATION_STATES_MIGRATION: Migration = {
  version: 10,
  name: 'vm states of live migration',
  sql: `CREATE TABLE vms_new (
          name             TEXT PRIMARY KEY,
          uuid             TEXT NOT NULL UNIQUE,
          state            TEXT NOT NULL
                           CHECK (state IN ('CREATED', 'RUNNING', 'PAUSED', 'STOPPED', 'CRASHED',
                                            'MIGRATING', 'INCOMING')),
          definition       TEXT NOT NULL,
          runtime          TEXT,
          last_error       TEXT,
          created_at       TEXT NOT NULL,
          updated_at       TEXT NOT NULL,
          state_changed_at TEXT NOT NULL
        ) STRICT;
        INSERT INTO vms_new (name, uuid, state, definition, runtime, last_error, created_at, updated_at, state_changed_at)
          SELECT name, uuid, state, definition, runtime, last_error, created_at, updated_at, state_changed_at FROM vms;
        CREATE TEMP TABLE kept_vm_snapshots AS SELECT * FROM vm_snapshots;
        DROP TABLE vms;
        ALTER TABLE vms_new RENAME TO vms;
        INSERT INTO vm_snapshots SELECT * FROM kept_vm_snapshots;
        DROP TABLE kept_vm_snapshots;`,
};

export interface VmRuntime extends RuntimeInfo {
  driver: string;
}

export interface VmError {
  message: string;
  at: string;
}

export interface VmRecord {
  name: string;
  uuid: string;
  state: VmState;
  definition: VmDefinition;
  runtime: VmRuntime | null;
  lastError: VmError | null;
  createdAt: string;
  updatedAt: string;
  stateChangedAt: string;
}

/** A VM as first recorded: in `state`, with no runtime and no error, every time stamp `at`. */
export function newVmRecord(
  vm: Pick<VmRecord, 'name' | 'uuid' | 'state' | 'definition'>,
  at: string,
): VmRecord {
  return { ...vm, runtime: null, lastError: null, createdAt: at, updatedAt: at, stateChangedAt: at };
}

interface VmRow {
  name: string;
  uuid: string;
  state: VmState;
  definition: string;
  runtime: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  state_changed_at: string;
}

function toRecord(row: VmRow): VmRecord {
  return {
    name: row.name,
    uuid: row.uuid,
    state: row.state,
    definition: JSON.parse(row.definition) as VmDefinition,
    runtime: row.runtime === null ? null : (JSON.parse(row.runtime) as VmRuntime),
    lastError: row.last_error === null ? null : (JSON.parse(row.last_error) as VmError),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    stateChangedAt: row.state_changed_at,
  };
}

export interface StateChange {
  to: VmState;
  runtime: VmRuntime | null;
  lastError?: VmError | null;
  at: string;
}

export interface VmRepository {
  list(): VmRecord[];
  find(name: string): VmRecord | undefined;
  /** False when the name is taken. */
  insert(record: VmRecord): boolean;
  /** Replaces the definition when the VM is still in `expected`; false otherwise. */
  updateDefinition(name: string, expected: VmState, definition: VmDefinition, at: string): boolean;
  /** Moves the VM from `from` to `change.to`; false when it was no longer in `from`. */
  changeState(name: string, from: VmState, change: StateChange): boolean;
  /** Replaces the runtime facts of a VM without changing its state (after a re-attach). */
  setRuntime(name: string, runtime: VmRuntime | null): void;
  /** Records why the last action on the VM failed, without changing its state. */
  setLastError(name: string, error: VmError): void;
  remove(name: string): boolean;
  /** VMs whose definition names the disk image. */
  usingDisk(image: string): { name: string; state: VmState }[];
}

export function createVmRepository(db: Database): VmRepository {
  const all = db.prepare<[], VmRow>('SELECT * FROM vms ORDER BY name');
  const one = db.prepare<[string], VmRow>('SELECT * FROM vms WHERE name = ?');
  const insert = db.prepare(
    `INSERT OR IGNORE INTO vms (name, uuid, state, definition, runtime, last_error, created_at, updated_at, state_changed_at)
     VALUES (@name, @uuid, @state, @definition, @runtime, @last_error, @created_at, @updated_at, @state_changed_at)`,
  );
  const update = db.prepare<[string, string, string, VmState]>(
    'UPDATE vms SET definition = ?, updated_at = ? WHERE name = ? AND state = ?',
  );
  const change = db.prepare(
    `UPDATE vms SET state = @to, runtime = @runtime,
            last_error = CASE WHEN @keep_error THEN last_error ELSE @last_error END,
            state_changed_at = @at, updated_at = @at
     WHERE name = @name AND state = @from`,
  );
  const runtime = db.prepare<[string | null, string]>('UPDATE vms SET runtime = ? WHERE name = ?');
  const lastError = db.prepare<[string, string]>('UPDATE vms SET last_error = ? WHERE name = ?');
  const remove = db.prepare<[string]>('DELETE FROM vms WHERE name = ?');
  const users = db.prepare<[string], { name: string; state: VmState }>(
    `SELECT name, state FROM vms
     WHERE EXISTS (SELECT 1 FROM json_each(definition, '$.devices.storage') WHERE json_extract(value, '$.path') = ?)
     ORDER BY name`,
  );

  const cache = new Map<string, Readonly<VmRecord>>();
  /** Runs a write of one VM's row and forgets that VM's cached record. */
  const writing = <T>(name: string, write: () => T): T => {
    cache.delete(name);
    return write();
  };

  return {
    list: () => all.all().map(toRecord),
    find: (name) => {
      const cached = cache.get(name);
      if (cached !== undefined) return cached;
      const row = one.get(name);
      if (row === undefined) return undefined;
      const record = toRecord(row);
      if (!db.inTransaction) cache.set(name, record);
      return record;
    },
    insert: (r) =>
      writing(
        r.name,
        () =>
          insert.run({
            name: r.name,
            uuid: r.uuid,
            state: r.state,
            definition: JSON.stringify(r.definition),
            runtime: r.runtime === null ? null : JSON.stringify(r.runtime),
            last_error: r.lastError === null ? null : JSON.stringify(r.lastError),
            created_at: r.createdAt,
            updated_at: r.updatedAt,
            state_changed_at: r.stateChangedAt,
          }).changes === 1,
      ),
    updateDefinition: (name, expected, definition, at) =>
      writing(name, () => update.run(JSON.stringify(definition), at, name, expected).changes === 1),
    changeState: (name, from, c) =>
      writing(
        name,
        () =>
          change.run({
            name,
            from,
            to: c.to,
            runtime: c.runtime === null ? null : JSON.stringify(c.runtime),
            keep_error: c.lastError === undefined ? 1 : 0,
            last_error:
              c.lastError === undefined || c.lastError === null ? null : JSON.stringify(c.lastError),
            at: c.at,
          }).changes === 1,
      ),
    setRuntime: (name, r) => {
      writing(name, () => runtime.run(r === null ? null : JSON.stringify(r), name));
    },
    setLastError: (name, error) => {
      writing(name, () => lastError.run(JSON.stringify(error), name));
    },
    remove: (name) => writing(name, () => remove.run(name).changes === 1),
    usingDisk: (image) => users.all(image),
  };
}
