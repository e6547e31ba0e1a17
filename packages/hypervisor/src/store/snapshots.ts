/**
 * The vm_snapshots table: what the service knows of each internal snapshot of a VM (its name,
 * description, whether it holds memory, the VM's state and definition when it was taken). The
 * snapshot's data lives in the VM's qcow2 images under the same name (the snapshot's tag); these
 * rows are its metadata, as libvirt keeps its snapshot XML beside the images. A VM's rows go with
 * it (ON DELETE CASCADE).
 */
import type { Database, Migration } from '@lab/server-kit';
import type { VmDefinition, VmState } from '../domain/vm-definition.js';

export const SNAPSHOTS_MIGRATION: Migration = {
  version: 9,
  name: 'vm snapshots',
  sql: `CREATE TABLE vm_snapshots (
          vm             TEXT NOT NULL REFERENCES vms (name) ON DELETE CASCADE,
          name           TEXT NOT NULL,
          description    TEXT,
          include_memory INTEGER NOT NULL CHECK (include_memory IN (0, 1)),
          vm_state       TEXT NOT NULL,
          definition     TEXT NOT NULL,
          created_at     TEXT NOT NULL,
          PRIMARY KEY (vm, name)
        ) STRICT;`,
};

export interface SnapshotRecord {
  vm: string;
  name: string;
  description: string | null;
  includeMemory: boolean;
  /** The VM's state when the snapshot was taken; a snapshot with memory restores to it. */
  vmState: VmState;
  /** The VM's definition when the snapshot was taken; a restore of a stopped VM puts it back. */
  definition: VmDefinition;
  createdAt: string;
}

interface SnapshotRow {
  vm: string;
  name: string;
  description: string | null;
  include_memory: number;
  vm_state: VmState;
  definition: string;
  created_at: string;
}

const toRecord = (row: SnapshotRow): SnapshotRecord => ({
  vm: row.vm,
  name: row.name,
  description: row.description,
  includeMemory: row.include_memory === 1,
  vmState: row.vm_state,
  definition: JSON.parse(row.definition) as VmDefinition,
  createdAt: row.created_at,
});

export interface SnapshotRepository {
  /** The VM's snapshots, oldest first. */
  list(vm: string): SnapshotRecord[];
  find(vm: string, name: string): SnapshotRecord | undefined;
  /** False when the VM already has a snapshot of this name. */
  insert(record: SnapshotRecord): boolean;
  remove(vm: string, name: string): boolean;
}

export function createSnapshotRepository(db: Database): SnapshotRepository {
  const all = db.prepare<[string], SnapshotRow>(
    'SELECT * FROM vm_snapshots WHERE vm = ? ORDER BY created_at, name',
  );
  const one = db.prepare<[string, string], SnapshotRow>(
    'SELECT * FROM vm_snapshots WHERE vm = ? AND name = ?',
  );
  const insert = db.prepare<[string, string, string | null, number, string, string, string]>(
    `INSERT OR IGNORE INTO vm_snapshots (vm, name, description, include_memory, vm_state, definition, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const remove = db.prepare<[string, string]>('DELETE FROM vm_snapshots WHERE vm = ? AND name = ?');
  return {
    list: (vm) => all.all(vm).map(toRecord),
    find: (vm, name) => {
      const row = one.get(vm, name);
      return row === undefined ? undefined : toRecord(row);
    },
    insert: (r) =>
      insert.run(
        r.vm,
        r.name,
        r.description,
        r.includeMemory ? 1 : 0,
        r.vmState,
        JSON.stringify(r.definition),
        r.createdAt,
      ).changes === 1,
    remove: (vm, name) => remove.run(vm, name).changes === 1,
  };
}
