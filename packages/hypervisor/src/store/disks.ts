/**
 * The disk_images table: which images the service made, with their format. The image files
 * themselves live in the images directory; their sizes are read from qemu-img when asked.
 */
import type { Database, Migration } from '@lab/server-kit';

export const DISKS_MIGRATION: Migration = {
  version: 2,
  name: 'disk images',
  sql: `CREATE TABLE disk_images (
          name       TEXT PRIMARY KEY,
          format     TEXT NOT NULL CHECK (format IN ('qcow2', 'raw')),
          created_at TEXT NOT NULL
        ) STRICT;`,
};

export type DiskFormat = 'qcow2' | 'raw';

export interface DiskRecord {
  name: string;
  format: DiskFormat;
  /** The storage pool whose directory holds the file (pools.ts). */
  pool: string;
  createdAt: string;
}

interface DiskRow {
  name: string;
  format: DiskFormat;
  pool: string;
  created_at: string;
}

const toRecord = (row: DiskRow): DiskRecord => ({
  name: row.name,
  format: row.format,
  pool: row.pool,
  createdAt: row.created_at,
});

export interface DiskRepository {
  list(): DiskRecord[];
  find(name: string): DiskRecord | undefined;
  /** False when the name is taken. */
  insert(record: DiskRecord): boolean;
  remove(name: string): boolean;
}

export function createDiskRepository(db: Database): DiskRepository {
  const all = db.prepare<[], DiskRow>('SELECT * FROM disk_images ORDER BY name');
  const one = db.prepare<[string], DiskRow>('SELECT * FROM disk_images WHERE name = ?');
  const insert = db.prepare<[string, string, string, string]>(
    'INSERT OR IGNORE INTO disk_images (name, format, pool, created_at) VALUES (?, ?, ?, ?)',
  );
  const remove = db.prepare<[string]>('DELETE FROM disk_images WHERE name = ?');
  return {
    list: () => all.all().map(toRecord),
    find: (name) => {
      const row = one.get(name);
      return row === undefined ? undefined : toRecord(row);
    },
    insert: (r) => insert.run(r.name, r.format, r.pool, r.createdAt).changes === 1,
    remove: (name) => remove.run(name).changes === 1,
  };
}
