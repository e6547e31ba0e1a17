/**
 * What changes an existing disk image, each one a real qemu-img command:
 *
 * - resize (`qemu-img resize`) answers when done;
 * - convert, compact (both `qemu-img convert -p` into a partial file beside the final one), check
 *   (`qemu-img check`) and rekey (`qemu-img amend -p`, a key slot added then the old one erased,
 *   seconds each) are tracked operations: the request is checked here, the operation answers 202
 *   at once, and its work reports `-p` progress, ends with a result, or is cancelled, which kills
 *   qemu-img and undoes what it made (a partial file, a new key slot).
 *
 * Every one first refuses an image a VM with a QEMU process attaches (DISK_IN_USE) and claims the
 * image (disk-claims.ts), so two never work on one file. A new or rewritten file takes its place by
 * a rename in the transaction that records it, with its event; the audit row is the request's:
 * written with the change when it answers 200, when the operation starts when it answers 202.
 */
import { randomBytes } from 'node:crypto';
import { renameSync, rmSync } from 'node:fs';
import { Type, type Static } from 'typebox';
import { HvErrors, invalidField } from '../errors.js';
import {
  addKeySlot,
  checkImage,
  convertImage,
  imageInfo,
  removeKeySlots,
  resizeImage,
  type ImageRef,
} from '../drivers/qemu-img.js';
import type { AuditContext } from '../store/audit.js';
import type { DiskFormat, DiskRecord, DiskRepository } from '../store/disks.js';
import type { UnitOfWork } from '../store/unit-of-work.js';
import type { VmRepository } from '../store/vms.js';
import type { DiskClaims } from './disk-claims.js';
import {
  assertNotInUse,
  imageBytes,
  IMAGE_SIZE_RANGE,
  imageNameSchema,
  Secret,
  type DiskImage,
  type DiskService,
} from './disk-service.js';
import type { OperationHandle, Operations, OperationView } from './operations.js';
import type { PoolService } from './pool-service.js';
import { formatSize, sizeSchema } from './units.js';
import { RESOURCE_NAME_PATTERN } from './vm-definition.js';
import { assertNotBacking } from './backing.js';

const SECRET_OF_ENCRYPTED = Secret('the passphrase of an encrypted image (write-only, never stored)');

export const ResizeSchema = Type.Object(
  {
    size: sizeSchema(`the new virtual size, ${IMAGE_SIZE_RANGE}`),
    shrink: Type.Optional(
      Type.Boolean({ description: 'required to make it smaller: what lies past the new end is lost' }),
    ),
    secret: Type.Optional(SECRET_OF_ENCRYPTED),
  },
  { additionalProperties: false },
);
export type ResizeInput = Static<typeof ResizeSchema>;

export const ConvertSchema = Type.Object(
  {
    format: Type.Enum(['qcow2', 'raw']),
    target: imageNameSchema('the name of the new image'),
    compress: Type.Optional(Type.Boolean({ description: "qcow2's compressed clusters (qcow2 target only)" })),
    pool: Type.Optional(
      Type.String({
        pattern: RESOURCE_NAME_PATTERN,
        description: "the new image's pool (default: the source's)",
      }),
    ),
    secret: Type.Optional(SECRET_OF_ENCRYPTED),
  },
  {
    additionalProperties: false,
    // Stated for clients; `convert` checks the same.
    if: { properties: { format: { const: 'raw' } } },
    then: { properties: { compress: { enum: [false] } } },
  },
);
export type ConvertInput = Static<typeof ConvertSchema>;

export const CompactSchema = Type.Object(
  { secret: Type.Optional(SECRET_OF_ENCRYPTED) },
  { additionalProperties: false },
);
export type CompactInput = Static<typeof CompactSchema>;

export const CheckSchema = Type.Object(
  {
    repair: Type.Optional(
      Type.Enum(['leaks', 'all'], {
        description: '`leaks` frees leaked clusters (safe); `all` also fixes corruptions, at some risk',
      }),
    ),
    secret: Type.Optional(SECRET_OF_ENCRYPTED),
  },
  { additionalProperties: false },
);
export type CheckInput = Static<typeof CheckSchema>;

export const RekeySchema = Type.Object(
  {
    old_secret: Secret('the passphrase that opens the image now (write-only)'),
    new_secret: Secret('the passphrase that will open it instead (write-only)'),
  },
  { additionalProperties: false },
);
export type RekeyInput = Static<typeof RekeySchema>;

export interface DiskOperationsOptions {
  disks: DiskRepository;
  vms: VmRepository;
  pools: PoolService;
  images: DiskService;
  unitOfWork: UnitOfWork;
  operations: Operations;
  claims: DiskClaims;
  /** PBKDF time of a new LUKS key slot; qemu's default (2 s) when absent. */
  luksIterTimeMs?: number;
}

export type DiskOperations = ReturnType<typeof createDiskOperations>;

const partialTag = (): string => randomBytes(6).toString('hex');

/** A wrong passphrase (qemu-img's SECRET_REFUSED) as the caller's mistake in `field`. */
async function naming<T>(field: string, image: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!HvErrors.secretRefused.is(error)) throw error;
    throw invalidField(field, `does not unlock disk image '${image}'`);
  }
}

export function createDiskOperations(options: DiskOperationsOptions) {
  const { disks, vms, pools, images, unitOfWork, operations, claims } = options;
  const iterTime = options.luksIterTimeMs === undefined ? {} : { iterTimeMs: options.luksIterTimeMs };

  function load(name: string): DiskRecord {
    const disk = disks.find(name);
    if (disk === undefined) throw HvErrors.diskNotFound({ name });
    return disk;
  }

  /** The image, opened with the request's passphrase: required for an encrypted one, refused otherwise. */
  function imageRef(disk: DiskRecord, secret: string | undefined): ImageRef {
    if (disk.encrypted && secret === undefined) {
      throw invalidField('secret', `disk image '${disk.name}' is encrypted: its passphrase is needed`);
    }
    if (!disk.encrypted && secret !== undefined) {
      throw invalidField('secret', `disk image '${disk.name}' is not encrypted`);
    }
    return { path: pools.imageFile(disk), format: disk.format, ...(secret === undefined ? {} : { secret }) };
  }

  /** No VM runs with it, and this caller has it to itself until `release`. */
  function claim(disk: DiskRecord, operation: string): () => void {
    assertNotInUse(vms, disk.name);
    return claims.claim(disk.name, operation);
  }

  /**
   * Starts a tracked operation on `disk` holding `release`; its work ends by letting go, and
   * `cleanUp` (the partial file) runs however it ended, after qemu-img has exited.
   */
  function track(
    kind: string,
    disk: DiskRecord,
    context: AuditContext | null,
    release: () => void,
    work: (op: OperationHandle) => Promise<Record<string, unknown>>,
    cleanUp: () => void = () => undefined,
  ): OperationView {
    try {
      return operations.start({
        kind,
        resource: `storage/${disk.name}`,
        context,
        work: async (op) => {
          try {
            return await work(op);
          } finally {
            cleanUp();
            release();
          }
        },
      });
    } catch (error) {
      release();
      throw error;
    }
  }

  /** Between qemu-img's end and the commit, a cancel still wins: nothing is recorded. */
  function stillWanted(op: OperationHandle): void {
    if (op.signal.aborted) throw op.signal.reason;
  }

  return {
    /**
     * `qemu-img resize`: growing takes what the pool has left; shrinking needs `shrink` and is
     * refused for a base of thin clones (they would read past its end).
     */
    async resize(name: string, input: ResizeInput, context: AuditContext | null): Promise<DiskImage> {
      const disk = load(name);
      const bytes = imageBytes(input.size, 'size');
      const image = imageRef(disk, input.secret);
      const release = claim(disk, 'resize');
      try {
        const current = (await imageInfo(image.path, disk.format)).virtualSize;
        const shrink = bytes < current;
        if (shrink && input.shrink !== true) {
          throw invalidField(
            'shrink',
            `${input.size} is smaller than the image's ${formatSize(current)}: pass shrink: true to lose what lies past the new end`,
          );
        }
        if (shrink) assertNotBacking(disks, name, 'shrinking it would cut off what they read');
        if (bytes > current) await pools.reserve(pools.pool(disk.pool), bytes - current, 'size');
        await naming('secret', name, () => resizeImage(image, bytes, shrink));
        unitOfWork((tx) => {
          tx.emit('storage.resized', {
            image: name,
            from: formatSize(current),
            to: formatSize(bytes),
            from_bytes: current,
            to_bytes: bytes,
            timestamp: tx.at,
          });
          tx.audit(context);
        });
      } finally {
        release();
      }
      return images.get(name);
    },

    /**
     * `qemu-img convert -p` into a new image (a new row). The whole backing chain is read, so the
     * new image stands alone; an encrypted image converts to qcow2 under the same passphrase only.
     */
    async convert(name: string, input: ConvertInput, context: AuditContext | null): Promise<OperationView> {
      const disk = load(name);
      const format: DiskFormat = input.format;
      if (input.target === 'pools') throw invalidField('target', "'pools' is reserved (GET /storage/pools)");
      const pool = pools.pool(input.pool ?? disk.pool);
      const target = { name: input.target, pool: pool.name };
      const path = pools.imageFile(target, 'target');
      if (disks.find(target.name) !== undefined) throw HvErrors.diskAlreadyExists({ name: target.name });
      if (input.compress === true && format !== 'qcow2') {
        throw invalidField('compress', 'only a qcow2 target can be compressed');
      }
      if (disk.encrypted && format !== 'qcow2') {
        throw invalidField(
          'format',
          `disk image '${name}' is encrypted: it converts to qcow2, under the same passphrase, only`,
        );
      }
      const source = imageRef(disk, input.secret);
      const virtualSize = (await imageInfo(source.path, disk.format)).virtualSize;
      await pools.reserve(pool, virtualSize, 'target');
      const release = claim(disk, 'convert');
      let releaseTarget: () => void = () => undefined;
      try {
        releaseTarget = claims.claim(target.name, 'convert');
      } catch (error) {
        release();
        throw error;
      }
      const partial = pools.partialFile(target, partialTag());
      return track(
        'disk.convert',
        disk,
        context,
        () => {
          releaseTarget();
          release();
        },
        async (op) => {
          await naming('secret', name, () =>
            convertImage(
              source,
              {
                path: partial,
                format,
                ...(input.compress === true ? { compress: true } : {}),
                ...(source.secret === undefined
                  ? {}
                  : { encryption: { secret: source.secret, ...iterTime } }),
              },
              { signal: op.signal, onProgress: (percent) => op.progress(percent, { image: name }) },
            ),
          );
          const written = (await imageInfo(partial, format)).actualSize;
          stillWanted(op);
          unitOfWork((tx) => {
            const inserted = disks.insert({
              name: target.name,
              format,
              pool: pool.name,
              encrypted: disk.encrypted,
              createdAt: tx.at,
            });
            if (!inserted) throw HvErrors.diskAlreadyExists({ name: target.name });
            renameSync(partial, path);
            tx.emit('storage.converted', {
              image: name,
              target: target.name,
              format,
              pool: pool.name,
              compressed: input.compress === true,
              timestamp: tx.at,
            });
          });
          return {
            image: name,
            target: target.name,
            format,
            pool: pool.name,
            compressed: input.compress === true,
            size_bytes: virtualSize,
            actual_size_bytes: written,
          };
        },
        () => rmSync(partial, { force: true }),
      );
    },

    /**
     * `qemu-img convert -p -O qcow2` to a partial file beside the image, renamed over it: clusters
     * the guest freed are not copied. A thin clone stays one (`-B`), an encrypted image stays
     * encrypted under the same passphrase, the cluster size is kept.
     */
    async compact(name: string, input: CompactInput, context: AuditContext | null): Promise<OperationView> {
      const disk = load(name);
      if (disk.format !== 'qcow2') {
        throw HvErrors.diskOperationUnsupported({
          name,
          operation: 'compact',
          reason: 'it is raw; only qcow2 images are compacted (convert a raw image to qcow2)',
        });
      }
      const source = imageRef(disk, input.secret);
      const base = disk.backing === null ? undefined : load(disk.backing);
      const before = await imageInfo(source.path, 'qcow2');
      const release = claim(disk, 'compact');
      const partial = pools.partialFile(disk, partialTag());
      return track(
        'disk.compact',
        disk,
        context,
        release,
        async (op) => {
          await naming('secret', name, () =>
            convertImage(
              source,
              {
                path: partial,
                format: 'qcow2',
                ...(before.clusterSize === undefined ? {} : { clusterSize: before.clusterSize }),
                ...(base === undefined ? {} : { backing: { file: base.name, format: base.format } }),
                ...(source.secret === undefined
                  ? {}
                  : { encryption: { secret: source.secret, ...iterTime } }),
              },
              { signal: op.signal, onProgress: (percent) => op.progress(percent, { image: name }) },
            ),
          );
          const after = (await imageInfo(partial, 'qcow2')).actualSize;
          stillWanted(op);
          const result = {
            image: name,
            bytes_before: before.actualSize,
            bytes_after: after,
            bytes_saved: before.actualSize - after,
          };
          unitOfWork((tx) => {
            // A VM that started meanwhile keeps the file it opened: the work is dropped, not renamed over it.
            assertNotInUse(vms, name);
            renameSync(partial, source.path);
            tx.emit('storage.compacted', { ...result, timestamp: tx.at });
          });
          return result;
        },
        () => rmSync(partial, { force: true }),
      );
    },

    /**
     * `qemu-img check [-r leaks|all]`. Problems found are the result (`clean: false`), not a
     * failure; with `repair` the counts are of the image after the repair.
     */
    async check(name: string, input: CheckInput, context: AuditContext | null): Promise<OperationView> {
      const disk = load(name);
      if (disk.format !== 'qcow2') {
        throw HvErrors.diskOperationUnsupported({
          name,
          operation: 'check',
          reason: 'it is raw, which has no metadata to check',
        });
      }
      const image = imageRef(disk, input.secret);
      const release = claim(disk, 'check');
      return track('disk.check', disk, context, release, async (op) => {
        const { counts } = await naming('secret', name, () =>
          checkImage(image, input.repair, { signal: op.signal }),
        );
        const { corruptions_fixed: corruptionsFixed, leaks_fixed: leaksFixed, ...found } = counts;
        const corruptions = found.corruptions ?? 0;
        const leaks = found.leaks ?? 0;
        const checkErrors = found.check_errors ?? 0;
        const result = {
          image: name,
          ...found,
          corruptions,
          leaks,
          check_errors: checkErrors,
          image_end_offset: found.image_end_offset ?? null,
          repair: input.repair ?? null,
          repaired:
            input.repair === undefined
              ? null
              : { corruptions: corruptionsFixed ?? 0, leaks: leaksFixed ?? 0 },
          clean: corruptions === 0 && leaks === 0 && checkErrors === 0,
        };
        stillWanted(op);
        unitOfWork((tx) => {
          tx.emit('storage.checked', {
            image: name,
            clean: result.clean,
            corruptions,
            leaks,
            check_errors: checkErrors,
            repaired: result.repaired,
            timestamp: tx.at,
          });
        });
        return result;
      });
    },

    /**
     * Rotates the passphrase of a LUKS image, as an operation: a key slot for the new one is added
     * (opened with the old; progress 0 to 50), then every slot the old one opens is erased (opened
     * with the new; 50 to 100). A cancel while the slot is being added kills qemu-img and takes the
     * new slot out again should it have been written, so the old passphrase alone opens the image;
     * once the erasing starts the work runs to its end (a half-erased slot opens nothing). Should
     * the erase fail, the new slot is taken out again too.
     */
    rekey(name: string, input: RekeyInput, context: AuditContext | null): OperationView {
      const disk = load(name);
      if (!disk.encrypted) {
        throw HvErrors.diskOperationUnsupported({ name, operation: 'rekey', reason: 'it is not encrypted' });
      }
      if (input.new_secret === input.old_secret) {
        throw invalidField('new_secret', 'is the same as old_secret');
      }
      const path = pools.imageFile(disk);
      const release = claim(disk, 'rekey');
      const byOld = { path, format: disk.format, secret: input.old_secret };
      const byNew = { path, format: disk.format, secret: input.new_secret };
      /** Best effort: the new slot may not have been written, and then there is nothing to erase. */
      const takeOutNewSlot = () => removeKeySlots(byOld, input.new_secret).catch(() => undefined);
      return track('disk.rekey', disk, context, release, async (op) => {
        try {
          await naming('old_secret', name, () =>
            addKeySlot(byOld, input.new_secret, options.luksIterTimeMs, {
              signal: op.signal,
              onProgress: (percent) => op.progress(percent / 2, { image: name }),
            }),
          );
          op.finishing('the old key slots are being erased');
        } catch (error) {
          if (op.signal.aborted) await takeOutNewSlot();
          throw error;
        }
        try {
          await removeKeySlots(byNew, input.old_secret, {
            onProgress: (percent) => op.progress(50 + percent / 2, { image: name }),
          });
        } catch (error) {
          await takeOutNewSlot();
          throw error;
        }
        unitOfWork((tx) => {
          tx.emit('storage.rekeyed', { image: name, timestamp: tx.at });
        });
        return images.get(name);
      });
    },
  };
}
