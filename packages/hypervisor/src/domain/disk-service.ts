/**
 * Disk images, the minimal set VMs need: create (qemu-img create), list, details (qemu-img
 * info), delete. An image is made under a temporary name and renamed into place in the
 * transaction that records it, so a failure leaves neither a file nor a row behind.
 */
import { randomBytes } from 'node:crypto';
import { renameSync, rmSync } from 'node:fs';
import { Type, type Static } from 'typebox';
import { HvErrors, invalidField } from '../errors.js';
import type { AuditContext } from '../store/audit.js';
import type { DiskFormat, DiskRecord, DiskRepository } from '../store/disks.js';
import type { UnitOfWork } from '../store/unit-of-work.js';
import type { VmRepository } from '../store/vms.js';
import { createImage, imageInfo } from '../drivers/qemu-img.js';
import type { PoolService } from './pool-service.js';
import { formatSize, MIB, parseSize } from './units.js';
import { isActive } from './vm-states.js';

/** Largest image one request may create (virtual size; qcow2 allocates lazily). */
export const MAX_IMAGE_BYTES = 16 * 1024 ** 4;
export const MIN_IMAGE_BYTES = MIB;

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
    created_at: Type.String({ format: 'date-time', description: 'when the image was made' }),
    used_by: Type.Array(Type.String(), { description: 'VMs whose definition attaches the image' }),
  },
  { $id: 'DiskImage', description: 'A disk image (qemu-img info)' },
);
export type DiskImage = Static<typeof DiskImageSchema>;

export interface DiskServiceOptions {
  disks: DiskRepository;
  vms: VmRepository;
  pools: PoolService;
  unitOfWork: UnitOfWork;
}

export type DiskService = ReturnType<typeof createDiskService>;

export function createDiskService(options: DiskServiceOptions) {
  const { disks, vms, pools, unitOfWork } = options;

  function load(name: string): DiskRecord {
    const disk = disks.find(name);
    if (disk === undefined) throw HvErrors.diskNotFound({ name });
    return disk;
  }

  async function describe(disk: DiskRecord): Promise<DiskImage> {
    const info = await imageInfo(pools.imageFile(disk));
    return {
      name: disk.name,
      format: disk.format,
      pool: disk.pool,
      size: formatSize(info.virtualSize),
      size_bytes: info.virtualSize,
      actual_size: formatSize(info.actualSize),
      actual_size_bytes: info.actualSize,
      created_at: disk.createdAt,
      used_by: vms.usingDisk(disk.name).map((vm) => vm.name),
    };
  }

  return {
    list: async (): Promise<DiskImage[]> => Promise.all(disks.list().map(describe)),

    get: async (name: string): Promise<DiskImage> => describe(load(name)),

    async create(
      input: { name: string; size: string; format?: DiskFormat; pool?: string },
      context: AuditContext | null,
    ): Promise<DiskImage> {
      // `GET /storage/pools` is the pool list: an image of that name could not be read.
      if (input.name === 'pools') throw invalidField('name', "'pools' is reserved (GET /storage/pools)");
      const pool = pools.pool(input.pool);
      const path = pools.imageFile({ name: input.name, pool: pool.name });
      const bytes = parseSize(input.size);
      if (bytes === undefined) throw invalidField('size', `'${input.size}' is not a size like 20G or 512M`);
      if (bytes < MIN_IMAGE_BYTES || bytes > MAX_IMAGE_BYTES) {
        throw invalidField(
          'size',
          `${input.size} is outside ${formatSize(MIN_IMAGE_BYTES)} to ${formatSize(MAX_IMAGE_BYTES)}`,
          {
            minimum: formatSize(MIN_IMAGE_BYTES),
            maximum: formatSize(MAX_IMAGE_BYTES),
          },
        );
      }
      if (disks.find(input.name) !== undefined) throw HvErrors.diskAlreadyExists({ name: input.name });
      await pools.reserve(pool, bytes, 'size');
      const format = input.format ?? 'qcow2';
      const partial = pools.partialFile(
        { name: input.name, pool: pool.name },
        randomBytes(6).toString('hex'),
      );
      try {
        await createImage(partial, format, bytes);
        unitOfWork((tx) => {
          if (!disks.insert({ name: input.name, format, pool: pool.name, createdAt: tx.at })) {
            throw HvErrors.diskAlreadyExists({ name: input.name });
          }
          renameSync(partial, path);
          tx.emit('storage.created', {
            image: input.name,
            pool: pool.name,
            format,
            size: formatSize(bytes),
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
      const running = vms.usingDisk(name).find((vm) => isActive(vm.state));
      if (running !== undefined) throw HvErrors.diskInUse({ name, vm: running.name });
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
