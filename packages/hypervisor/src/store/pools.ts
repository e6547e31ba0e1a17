/**
 * Storage pools: directories the service owns, each holding disk image files. Every image
 * belongs to one pool (`disk_images.pool`); the pool `default` is `{data_dir}/images`, made at
 * start. An image's name is unique across pools, since VM definitions name images alone.
 */
import type { Database, Migration } from '@lab/server-kit';

export const POOLS_MIGRATION: Migration = {
  version: 8,
  name: 'storage pools',
  sql: `CREATE TABLE storage_pools (
          name           TEXT PRIMARY KEY,
          path           TEXT NOT NULL UNIQUE,
          capacity_bytes INTEGER,
          created_at     TEXT NOT NULL
        ) STRICT;
        ALTER TABLE disk_images ADD COLUMN pool TEXT NOT NULL DEFAULT 'default';`,
};

export interface PoolRecord {
  name: string;
  /** Absolute, with no symbolic link in it. */
  path: string;
  /** The most virtual size the pool's images may add up to; null: the filesystem's free space. */
  capacityBytes: number | null;
  createdAt: string;
}

interface PoolRow {
  name: string;
  path: string;
  capacity_bytes: number | null;
  created_at: string;
}

const toRecord = (row: PoolRow): PoolRecord => ({
  name: row.name,
  path: row.path,
  capacityBytes: row.capacity_bytes,
  createdAt: row.created_at,
});

export interface PoolRepository {
  list(): PoolRecord[];
  find(name: string): PoolRecord | undefined;
  /** False when the name or the path is taken. */
  insert(record: PoolRecord): boolean;
}

export function createPoolRepository(db: Database): PoolRepository {
  const all = db.prepare<[], PoolRow>('SELECT * FROM storage_pools ORDER BY name');
  const one = db.prepare<[string], PoolRow>('SELECT * FROM storage_pools WHERE name = ?');
  const insert = db.prepare<[string, string, number | null, string]>(
    'INSERT OR IGNORE INTO storage_pools (name, path, capacity_bytes, created_at) VALUES (?, ?, ?, ?)',
  );
  return {
    list: () => all.all().map(toRecord),
    find: (name) => {
      const row = one.get(name);
      return row === undefined ? undefined : toRecord(row);
    },
    insert: (r) => insert.run(r.name, r.path, r.capacityBytes, r.createdAt).changes === 1,
  };
}
