/**
 * Disk images, the minimal set VMs need: create (qemu-img create), list, details (qemu-img
 * info), delete. An image is made under a temporary name and renamed into place in the
 * transaction that records it, so a failure leaves neither a file nor a row behind. A new image
 * may be LUKS-encrypted (its passphrase is used once and never kept), a thin clone of a base in
 * the same pool, or preallocated. What changes an existing image is in disk-operations.ts.
 */
import { randomBytes } from 'node:crypto';
import { renameSync, rmSync } from 'node:fs';
import { Type, type Static } from 'typebox';
import { Nullable } from '@lab/server-kit';
import { HvErrors, invalidField } from '../errors.js';
import type { AuditContext } from '../store/audit.js';
import type { DiskFormat, DiskRecord, DiskRepository } from '../store/disks.js';
import type { UnitOfWork } from '../store/unit-of-work.js';
import type { VmRepository } from '../store/vms.js';
import { createImage, imageInfo, type CreateOptions } from '../drivers/qemu-img.js';
import type { DiskClaims } from './disk-claims.js';
import type { PoolService } from './pool-service.js';
import { formatSize, MIB, parseSize, sizeSchema } from './units.js';
import { RESOURCE_NAME_PATTERN } from './vm-definition.js';
import { hasProcess } from './vm-states.js';
import { assertNotBacking } from './backing.js';

/** Largest image one request may create (virtual size; qcow2 allocates lazily). */
export const MAX_IMAGE_BYTES = 16 * 1024 ** 4;
export const MIN_IMAGE_BYTES = MIB;
export const IMAGE_SIZE_RANGE = `${formatSize(MIN_IMAGE_BYTES)} to ${formatSize(MAX_IMAGE_BYTES)}`;

/** The name of a new image: one file of its pool; `pools` would be shadowed by GET /storage/pools. */
export const imageNameSchema = (what: string) =>
  Type.String({
    pattern: RESOURCE_NAME_PATTERN,
    not: { const: 'pools' },
    description: `${what}: letters, digits, \`.\`, \`_\`, \`-\`, not starting with \`.\`; not \`pools\``,
  });

/** A disk image as the API shows it: the one source of its type and of its OpenAPI schema. */
export const DiskImageSchema = Type.Object(
  {
    name: Type.String(),
    format: Type.Enum(['qcow2', 'raw']),
    pool: Type.String({ description: 'the storage pool whose directory holds it' }),
    size: Type.String({ description: 'virtual size, binary units' }),
    size_bytes: Type.Integer(),
    actual_size: Type.String({ description: 'space used on the host, binary units' }),
    actual_size_bytes: Type.Integer(),
    encrypted: Type.Boolean({ description: 'LUKS-encrypted (qcow2); opening it takes its passphrase' }),
    backing: Nullable(
      Type.String({ description: 'the base image this thin clone reads what it has not written from' }),
    ),
    created_at: Type.String({ format: 'date-time', description: 'when the image was made' }),
    used_by: Type.Array(Type.String(), { description: 'VMs whose definition attaches the image' }),
  },
  { $id: 'DiskImage', description: 'A disk image (qemu-img info)' },
);
export type DiskImage = Static<typeof DiskImageSchema>;

/**
 * A LUKS passphrase. QEMU reads a secret as a C string of UTF-8, so a NUL byte in it could never
 * unlock anything: the schema refuses it (400 naming the field) rather than qemu-img failing late.
 */
const PASSPHRASE_PATTERN = '^[^\\x00]+$';
export const Secret = (description: string) =>
  Type.String({ minLength: 1, maxLength: 1024, pattern: PASSPHRASE_PATTERN, description });

/** The body of `POST /storage` (and of the gRPC CreateDisk): the one source of its rules. */
export const DiskCreateSchema = Type.Object(
  {
    name: imageNameSchema('unique across pools'),
    size: Type.Optional(
      sizeSchema(
        `the virtual size, ${IMAGE_SIZE_RANGE}; required but for a thin clone, which takes its ` +
          "base's size by default",
      ),
    ),
    format: Type.Optional(Type.Enum(['qcow2', 'raw'], { default: 'qcow2' })),
    pool: Type.Optional(
      Type.String({ pattern: RESOURCE_NAME_PATTERN, description: 'the storage pool (default `default`)' }),
    ),
    encrypted: Type.Optional(
      Type.Boolean({ description: 'LUKS encryption (qcow2), unlocked by `secret`', default: false }),
    ),
    secret: Type.Optional(
      Secret('the passphrase of an encrypted image (no NUL): write-only, never stored or returned'),
    ),
    backing: Type.Optional(
      Type.String({
        pattern: RESOURCE_NAME_PATTERN,
        description:
          'a thin clone (qcow2 overlay, clear, nothing preallocated) of this image in the same pool; ' +
          '`size` defaults to its size',
      }),
    ),
    preallocation: Type.Optional(
      Type.Enum(['off', 'metadata', 'falloc', 'full'], {
        description: 'what qemu-img allocates up front (`metadata`: qcow2 only)',
        default: 'off',
      }),
    ),
  },
  {
    additionalProperties: false,
    // How the fields go together, stated for clients (disk-service.ts checks the same): a size
    // unless a thin clone takes its base's; LUKS is qcow2's and takes a secret, which nothing else
    // does; a thin clone is a clear qcow2 image that preallocates nothing.
    anyOf: [{ required: ['size'] }, { required: ['backing'] }],
    allOf: [
      {
        if: { properties: { encrypted: { const: true } }, required: ['encrypted'] },
        then: { required: ['secret'] },
      },
      {
        if: { required: ['secret'] },
        then: { properties: { encrypted: { enum: [true] } }, required: ['encrypted'] },
      },
      {
        if: { properties: { format: { const: 'raw' } }, required: ['format'] },
        then: {
          properties: { encrypted: { enum: [false] }, preallocation: { enum: ['off', 'falloc', 'full'] } },
        },
      },
      {
        if: { required: ['backing'] },
        then: {
          properties: {
            format: { enum: ['qcow2'] },
            encrypted: { enum: [false] },
            preallocation: { enum: ['off'] },
          },
        },
      },
    ],
  },
);

/** What `POST /storage` asks for. */
export type DiskCreate = Static<typeof DiskCreateSchema>;

export interface DiskServiceOptions {
  disks: DiskRepository;
  vms: VmRepository;
  pools: PoolService;
  unitOfWork: UnitOfWork;
  claims: DiskClaims;
  /** PBKDF time of a new LUKS key slot; qemu's default (2 s) when absent. Tests make it short. */
  luksIterTimeMs?: number;
}

export type DiskService = ReturnType<typeof createDiskService>;

/** A virtual size from the request, in bytes, within the limits; a VALIDATION_ERROR naming `field`. */
export function imageBytes(size: string, field: string): number {
  const bytes = parseSize(size);
  if (bytes === undefined) throw invalidField(field, `'${size}' is not a size like 20G or 512M`);
  if (bytes < MIN_IMAGE_BYTES || bytes > MAX_IMAGE_BYTES) {
    throw invalidField(field, `${size} is outside ${IMAGE_SIZE_RANGE}`, {
      minimum: formatSize(MIN_IMAGE_BYTES),
      maximum: formatSize(MAX_IMAGE_BYTES),
    });
  }
  return bytes;
}

/** The first VM with a QEMU process that attaches the image, as DISK_IN_USE. */
export function assertNotInUse(vms: VmRepository, name: string): void {
  const running = vms.usingDisk(name).find((vm) => hasProcess(vm.state));
  if (running !== undefined) throw HvErrors.diskInUse({ name, vm: running.name });
}

export function createDiskService(options: DiskServiceOptions) {
  const { disks, vms, pools, unitOfWork, claims } = options;

  function load(name: string): DiskRecord {
    const disk = disks.find(name);
    if (disk === undefined) throw HvErrors.diskNotFound({ name });
    return disk;
  }

  async function describe(disk: DiskRecord): Promise<DiskImage> {
    const info = await imageInfo(pools.imageFile(disk), disk.format);
    return {
      name: disk.name,
      format: disk.format,
      pool: disk.pool,
      size: formatSize(info.virtualSize),
      size_bytes: info.virtualSize,
      actual_size: formatSize(info.actualSize),
      actual_size_bytes: info.actualSize,
      encrypted: disk.encrypted,
      backing: disk.backing,
      created_at: disk.createdAt,
      used_by: vms.usingDisk(disk.name).map((vm) => vm.name),
    };
  }

  /**
   * The virtual size and qemu-img options of a new image, each request field checked against the
   * others: encryption is qcow2's and takes a secret; a thin clone is qcow2, in its base's pool,
   * of a clear base no VM writes to, at least its base's size, and preallocates nothing.
   */
  async function newImageSettings(
    input: DiskCreate,
    format: DiskFormat,
    pool: string,
  ): Promise<{ bytes: number; options: CreateOptions }> {
    const settings: CreateOptions = {};
    if (input.encrypted === true) {
      if (format !== 'qcow2') throw invalidField('encrypted', 'LUKS encryption needs format qcow2');
      if (input.secret === undefined) throw invalidField('secret', 'an encrypted image needs its passphrase');
      settings.encryption = {
        secret: input.secret,
        ...(options.luksIterTimeMs === undefined ? {} : { iterTimeMs: options.luksIterTimeMs }),
      };
    } else if (input.secret !== undefined) {
      throw invalidField('secret', 'is only taken with encrypted: true');
    }
    if (input.preallocation !== undefined) {
      if (format === 'raw' && input.preallocation === 'metadata') {
        throw invalidField('preallocation', "a raw image takes 'off', 'falloc' or 'full'");
      }
      settings.preallocation = input.preallocation;
    }
    let baseBytes: number | undefined;
    if (input.backing !== undefined) {
      const base = disks.find(input.backing);
      if (base === undefined) throw invalidField('backing', `disk image '${input.backing}' does not exist`);
      if (format !== 'qcow2') throw invalidField('format', 'a thin clone is a qcow2 image');
      if (base.pool !== pool) {
        throw invalidField(
          'backing',
          `'${base.name}' is in pool '${base.pool}': a thin clone lives in its base's pool`,
        );
      }
      if (base.encrypted) throw invalidField('backing', `'${base.name}' is encrypted: it cannot be a base`);
      if (input.encrypted === true) throw invalidField('encrypted', 'a thin clone cannot be encrypted');
      if (input.preallocation !== undefined && input.preallocation !== 'off') {
        throw invalidField('preallocation', 'a thin clone allocates nothing up front');
      }
      assertNotInUse(vms, base.name);
      claims.assertFree(base.name);
      baseBytes = (await imageInfo(pools.imageFile(base, 'backing'), base.format)).virtualSize;
      // Recorded as its name alone: qemu looks it up beside the clone, in the pool's directory.
      settings.backing = { file: base.name, format: base.format };
    }
    if (input.size === undefined) {
      if (baseBytes === undefined) throw invalidField('size', 'is required (but for a thin clone)');
      return { bytes: baseBytes, options: settings };
    }
    const bytes = imageBytes(input.size, 'size');
    if (baseBytes !== undefined && bytes < baseBytes) {
      throw invalidField('size', `${input.size} is smaller than its base (${formatSize(baseBytes)})`);
    }
    return { bytes, options: settings };
  }

  return {
    list: async (): Promise<DiskImage[]> => Promise.all(disks.list().map(describe)),

    get: async (name: string): Promise<DiskImage> => describe(load(name)),

    async create(input: DiskCreate, context: AuditContext | null): Promise<DiskImage> {
      // `GET /storage/pools` is the pool list: an image of that name could not be read.
      if (input.name === 'pools') throw invalidField('name', "'pools' is reserved (GET /storage/pools)");
      const pool = pools.pool(input.pool);
      const path = pools.imageFile({ name: input.name, pool: pool.name });
      const format = input.format ?? 'qcow2';
      const settings = await newImageSettings(input, format, pool.name);
      const bytes = settings.bytes;
      if (disks.find(input.name) !== undefined) throw HvErrors.diskAlreadyExists({ name: input.name });
      // A convert may be making an image of this name.
      claims.assertFree(input.name);
      const preallocation = settings.options.preallocation;
      await pools.reserve(pool, bytes, 'size', preallocation === 'falloc' || preallocation === 'full');
      const partial = pools.partialFile(
        { name: input.name, pool: pool.name },
        randomBytes(6).toString('hex'),
      );
      const encrypted = settings.options.encryption !== undefined;
      const backing = input.backing ?? null;
      try {
        await createImage(partial, format, bytes, settings.options);
        unitOfWork((tx) => {
          if (
            !disks.insert({ name: input.name, format, pool: pool.name, backing, encrypted, createdAt: tx.at })
          ) {
            throw HvErrors.diskAlreadyExists({ name: input.name });
          }
          renameSync(partial, path);
          tx.emit('storage.created', {
            image: input.name,
            pool: pool.name,
            format,
            size: formatSize(bytes),
            encrypted,
            backing,
            timestamp: tx.at,
          });
          tx.audit(context);
        });
      } finally {
        rmSync(partial, { force: true });
      }
      return describe(load(input.name));
    },

    async remove(name: string, context: AuditContext | null): Promise<DiskRecord> {
      const disk = load(name);
      assertNotInUse(vms, name);
      claims.assertFree(name);
      assertNotBacking(disks, name, 'delete them first');
      unitOfWork((tx) => {
        disks.remove(name);
        rmSync(pools.imageFile(disk), { force: true });
        tx.emit('storage.deleted', { image: name, timestamp: tx.at });
        tx.audit(context);
      });
      return disk;
    },
  };
}
