/**
 * The disk_images table: which images the service made, with their format. The image files
 * themselves live in the images directory; their sizes are read from qemu-img when asked.
 * `backing` names the image a qcow2 overlay (a linked clone's disk) reads what it has not written
 * from; the foreign key keeps such a base from going while an overlay needs it.
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

/** An image's backing image: the base of a linked clone, which outlives none of its overlays. */
export const DISK_BACKING_MIGRATION: Migration = {
  version: 11,
  name: 'disk image backing',
  sql: `ALTER TABLE disk_images ADD COLUMN backing TEXT REFERENCES disk_images (name);
        CREATE INDEX disk_images_backing ON disk_images (backing) WHERE backing IS NOT NULL;`,
};

/** Whether the image is LUKS-encrypted (qcow2); its passphrase is never stored. */
export const DISK_ENCRYPTION_MIGRATION: Migration = {
  version: 12,
  name: 'disk image encryption',
  sql: `ALTER TABLE disk_images ADD COLUMN encrypted INTEGER NOT NULL DEFAULT 0 CHECK (encrypted IN (0, 1));`,
};

export type DiskFormat = 'qcow2' | 'raw';

export interface DiskRecord {
  name: string;
  format: DiskFormat;
  /** The storage pool whose directory holds the file (pools.ts). */
  pool: string;
  /** The image this one is a qcow2 overlay of (a linked clone's base), or null. */
  backing: string | null;
  /** LUKS-encrypted (qcow2): opening it takes the passphrase, which the service never keeps. */
  encrypted: boolean;
  createdAt: string;
}

/** A new row: an image with no backing image and no encryption unless it says so. */
export type NewDisk = Omit<DiskRecord, 'backing' | 'encrypted'> & {
  backing?: string | null;
  encrypted?: boolean;
};

interface DiskRow {
  name: string;
  format: DiskFormat;
  pool: string;
  backing: string | null;
  encrypted: 0 | 1;
  created_at: string;
}

const toRecord = (row: DiskRow): DiskRecord => ({
  name: row.name,
  format: row.format,
  pool: row.pool,
  backing: row.backing,
  encrypted: row.encrypted === 1,
  createdAt: row.created_at,
});

export interface DiskRepository {
  list(): DiskRecord[];
  find(name: string): DiskRecord | undefined;
  /** False when the name is taken. */
  insert(record: NewDisk): boolean;
  remove(name: string): boolean;
  /** The images whose backing image is `name` (the linked clones made from it), by name. */
  dependents(name: string): string[];
}

export function createDiskRepository(db: Database): DiskRepository {
  const all = db.prepare<[], DiskRow>('SELECT * FROM disk_images ORDER BY name');
  const one = db.prepare<[string], DiskRow>('SELECT * FROM disk_images WHERE name = ?');
  const insert = db.prepare<[string, string, string, string | null, 0 | 1, string]>(
    `INSERT OR IGNORE INTO disk_images (name, format, pool, backing, encrypted, created_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const remove = db.prepare<[string]>('DELETE FROM disk_images WHERE name = ?');
  const dependents = db
    .prepare<[string], string>('SELECT name FROM disk_images WHERE backing = ? ORDER BY name')
    .pluck();
  return {
    list: () => all.all().map(toRecord),
    find: (name) => {
      const row = one.get(name);
      return row === undefined ? undefined : toRecord(row);
    },
    insert: (r) =>
      insert.run(r.name, r.format, r.pool, r.backing ?? null, r.encrypted === true ? 1 : 0, r.createdAt)
        .changes === 1,
    remove: (name) => remove.run(name).changes === 1,
    dependents: (name) => dependents.all(name),
  };
}
