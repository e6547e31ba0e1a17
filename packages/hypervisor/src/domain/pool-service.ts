/**
 * Storage pools: the directories the service keeps disk images in, and the one place that turns
 * an image into a file path. A pool's path is absolute and real (no symbolic link on the way);
 * pools do not nest; an image file is its pool's directory joined with a name that has no
 * separator, and an image file that turned into a link is refused rather than followed.
 */
import { lstatSync, mkdirSync, realpathSync, statfsSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { Nullable } from '@lab/server-kit';
import { Type, type Static } from 'typebox';
import { HvErrors, invalidField } from '../errors.js';
import type { AuditContext } from '../store/audit.js';
import type { DiskRecord, DiskRepository } from '../store/disks.js';
import type { PoolRecord, PoolRepository } from '../store/pools.js';
import type { UnitOfWork } from '../store/unit-of-work.js';
import { imagePath } from './paths.js';
import { formatSize, parseSize, sizeSchema } from './units.js';
import { RESOURCE_NAME_PATTERN } from './vm-definition.js';

export const DEFAULT_POOL = 'default';

/** An absolute path of segments that are neither `.` nor `..`, as `poolDirectory` takes it. */
const POOL_PATH_PATTERN =
  '^(?:/(?:[^/.\\u0000][^/\\u0000]*|\\.[^/.\\u0000][^/\\u0000]*|\\.\\.[^/\\u0000]+))+/*$';

/** A migration's probe file is named by a lowercase UUID (`randomUUID`), and nothing else. */
export const PROBE_ID_PATTERN = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
const PROBE_ID = new RegExp(PROBE_ID_PATTERN);

export const PoolCreateSchema = Type.Object(
  {
    name: Type.String({ pattern: RESOURCE_NAME_PATTERN }),
    path: Type.String({
      minLength: 2,
      maxLength: 4096,
      pattern: POOL_PATH_PATTERN,
      description:
        'an absolute, normalised directory (no `.` or `..` segment, no `//`; not `/`), made when missing; ' +
        'no symbolic link on the way, not inside another pool nor holding one',
    }),
    capacity: Type.Optional(
      sizeSchema(
        'the most virtual size its images may add up to, at least 1 byte (default: no limit but the filesystem)',
      ),
    ),
  },
  { additionalProperties: false },
);
export type PoolCreate = Static<typeof PoolCreateSchema>;

export const PoolSchema = Type.Object(
  {
    name: Type.String(),
    path: Type.String(),
    capacity: Nullable(Type.String()),
    capacity_bytes: Nullable(Type.Integer()),
    images: Type.Integer({ description: 'how many disk images it holds' }),
    allocated_bytes: Type.Integer({ description: 'the virtual sizes of its images, added up' }),
    filesystem: Type.Object(
      {
        total_bytes: Type.Integer(),
        used_bytes: Type.Integer(),
        free_bytes: Type.Integer({ description: 'what an unprivileged writer may still use, as df shows' }),
        free: Type.String(),
      },
      { description: 'the filesystem the pool lives on' },
    ),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'StoragePool', description: 'A directory of disk images' },
);
export type PoolView = Static<typeof PoolSchema>;

export interface PoolServiceOptions {
  pools: PoolRepository;
  disks: DiskRepository;
  unitOfWork: UnitOfWork;
  /** The default pool's directory, `{data_dir}/images`. */
  defaultPath: string;
  /** Virtual size of an image, for pool accounting (qemu-img info). */
  virtualSize: (disk: DiskRecord) => Promise<number>;
}

export type PoolService = ReturnType<typeof createPoolService>;

function overlaps(a: string, b: string): boolean {
  const inside = (root: string, path: string) => {
    const rel = relative(root, path);
    return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
  };
  return inside(a, b) || inside(b, a);
}

/** The directory, made when missing, as a real absolute path; a VALIDATION_ERROR on `path` otherwise. */
function poolDirectory(path: string): string {
  if (path.includes('\0') || !isAbsolute(path) || resolve(path) !== path.replace(/\/+$/, '')) {
    throw invalidField('path', `'${path}' must be an absolute, normalised path (no '..', no '.')`);
  }
  try {
    mkdirSync(path, { recursive: true, mode: 0o750 });
  } catch (error) {
    throw invalidField('path', `cannot make directory '${path}': ${(error as Error).message}`);
  }
  const real = realpathSync(path);
  if (real !== resolve(path))
    throw invalidField('path', `'${path}' goes through a symbolic link (to ${real})`);
  if (!lstatSync(real).isDirectory()) throw invalidField('path', `'${path}' is not a directory`);
  return real;
}

export function createPoolService(options: PoolServiceOptions) {
  const { pools, disks, unitOfWork } = options;

  function load(name: string): PoolRecord {
    const pool = pools.find(name);
    if (pool === undefined) throw HvErrors.poolNotFound({ name });
    return pool;
  }

  async function allocated(pool: PoolRecord): Promise<{ images: number; bytes: number }> {
    const held = disks.list().filter((d) => d.pool === pool.name);
    const sizes = await Promise.all(held.map((d) => options.virtualSize(d)));
    return { images: held.length, bytes: sizes.reduce((a, b) => a + b, 0) };
  }

  async function describe(pool: PoolRecord): Promise<PoolView> {
    const fs = statfsSync(pool.path);
    const { images, bytes } = await allocated(pool);
    return {
      name: pool.name,
      path: pool.path,
      capacity: pool.capacityBytes === null ? null : formatSize(pool.capacityBytes),
      capacity_bytes: pool.capacityBytes,
      images,
      allocated_bytes: bytes,
      filesystem: {
        total_bytes: fs.blocks * fs.bsize,
        used_bytes: (fs.blocks - fs.bfree) * fs.bsize,
        free_bytes: fs.bavail * fs.bsize,
        free: formatSize(fs.bavail * fs.bsize),
      },
      created_at: pool.createdAt,
    };
  }

  return {
    /** At start: the default pool exists, as a row and as a directory. */
    ensureDefault(): void {
      const path = poolDirectory(resolve(options.defaultPath));
      if (pools.find(DEFAULT_POOL) === undefined) {
        unitOfWork((tx) => {
          pools.insert({ name: DEFAULT_POOL, path, capacityBytes: null, createdAt: tx.at });
        });
      }
    },

    list: async (): Promise<PoolView[]> => Promise.all(pools.list().map(describe)),

    get: async (name: string): Promise<PoolView> => describe(load(name)),

    async create(input: PoolCreate, context: AuditContext | null): Promise<PoolView> {
      if (pools.find(input.name) !== undefined) throw HvErrors.poolAlreadyExists({ name: input.name });
      let capacityBytes: number | null = null;
      if (input.capacity !== undefined) {
        capacityBytes = parseSize(input.capacity) ?? null;
        if (capacityBytes === null || capacityBytes < 1) {
          throw invalidField('capacity', `'${input.capacity}' is not a size like 100G`);
        }
      }
      const clash = pools.list().find((p) => overlaps(p.path, resolve(input.path)));
      if (clash !== undefined) {
        throw invalidField('path', `'${input.path}' overlaps pool '${clash.name}' (${clash.path})`);
      }
      const path = poolDirectory(input.path);
      unitOfWork((tx) => {
        if (!pools.insert({ name: input.name, path, capacityBytes, createdAt: tx.at })) {
          throw HvErrors.poolAlreadyExists({ name: input.name });
        }
        tx.emit('storage.pool_created', { pool: input.name, path, timestamp: tx.at });
        tx.audit(context);
      });
      return describe(load(input.name));
    },

    /** The pool of a new image (the default when unnamed); 404 POOL_NOT_FOUND otherwise. */
    pool: (name: string | undefined): PoolRecord => load(name ?? DEFAULT_POOL),

    /**
     * Refuses an image that would take the pool past its capacity, or, when its bytes are written
     * up front (preallocation falloc or full), past the free space of the pool's filesystem:
     * qemu-img would otherwise fill the disk and fail half-way.
     */
    async reserve(pool: PoolRecord, bytes: number, field: string, preallocated = false): Promise<void> {
      if (preallocated) {
        const fs = statfsSync(pool.path);
        const free = fs.bavail * fs.bsize;
        if (bytes > free) {
          throw HvErrors.poolFull({
            pool: pool.name,
            capacity: `its filesystem's ${formatSize(fs.blocks * fs.bsize)}`,
            free: formatSize(free),
            field,
          });
        }
      }
      if (pool.capacityBytes === null) return;
      const { bytes: used } = await allocated(pool);
      if (used + bytes > pool.capacityBytes) {
        throw HvErrors.poolFull({
          pool: pool.name,
          capacity: formatSize(pool.capacityBytes),
          free: formatSize(Math.max(0, pool.capacityBytes - used)),
          field,
        });
      }
    },

    /**
     * The file of an image in its pool. The name has no separator (the name pattern), and a file
     * that is there must be a regular file, not a link to somewhere else.
     */
    imageFile: (disk: Pick<DiskRecord, 'name' | 'pool'>, field = 'name'): string => {
      const path = imagePath(load(disk.pool).path, disk.name, field);
      let isLink = false;
      try {
        isLink = lstatSync(path).isSymbolicLink();
      } catch {
        // Not there yet: a file about to be made.
      }
      if (isLink)
        throw invalidField(field, `the file of disk image '${disk.name}' is a symbolic link: refused`);
      return path;
    },

    /** A temporary file name beside an image's final place, for work renamed into place. */
    partialFile: (disk: Pick<DiskRecord, 'name' | 'pool'>, tag: string): string =>
      join(load(disk.pool).path, `.${disk.name}.${tag}.partial`),

    /** The pool whose directory is `path` (as another host names it), if there is one here. */
    poolAt: (path: string): PoolRecord | undefined => pools.list().find((p) => p.path === path),

    /**
     * The probe file a live migration's source leaves in a pool for the destination to read back:
     * proof that both hosts see the same directory, not two of the same name. `id` is a UUID.
     */
    probeFile: (pool: string, id: string): string => {
      if (!PROBE_ID.test(id)) throw invalidField('probe.id', `'${id}' is not a UUID`);
      return join(load(pool).path, `.hv-migration-${id}.probe`);
    },
  };
}
