/**
 * Clones of a VM: a new VM (new name, new uuid, state CREATED) with the source's definition and a
 * new disk image for each of the source's, in that image's pool, named `<new VM>-<index>` (the
 * device's index in `devices.storage`, from 0).
 *
 * - Full (`linked: false`): `qemu-img convert -O <format>` of the source image, its backing chain
 *   read through: an image that depends on nothing.
 * - Linked (`linked: true`): a qcow2 overlay whose backing file is the source image (by name, beside
 *   it in the pool), made at once whatever the size. The source image becomes the clone's base:
 *   it may then be neither deleted nor attached to a VM (DISK_IS_BACKING) while a clone backs onto
 *   it, since a write to it would change what the clone reads. So a linked clone is made from a VM
 *   that does not run, and that VM is the clones' template from then on.
 *
 * A running source is copied from a consistent point, as libvirt makes a quick consistent copy:
 * under the VM's lock, QMP `stop` (which drains and flushes the disks), `qemu-img convert -U` of
 * each image (force-share: the paused QEMU still holds its lock), then `cont`, also when the copy
 * failed. A paused source stays paused. The new images are made under temporary names and renamed
 * into place in the transaction that records them with the new VM (events `storage.created` and
 * `vm.created` with `cloned_from`), so a failure leaves neither files nor rows.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { renameSync, rmSync } from 'node:fs';
import { HvErrors } from '../errors.js';
import type { AuditContext } from '../store/audit.js';
import type { DiskRecord, DiskRepository } from '../store/disks.js';
import type { UnitOfWork } from '../store/unit-of-work.js';
import { newVmRecord, type VmRecord, type VmRepository } from '../store/vms.js';
import { convertImage, createImage, imageInfo } from '../drivers/qemu-img.js';
import type { VmDriver } from '../drivers/vm-driver.js';
import type { DiskClaims } from './disk-claims.js';
import { assertNotInUse } from './disk-service.js';
import type { PoolService } from './pool-service.js';
import { formatSize } from './units.js';
import type { StorageDevice, VmDefinition } from './vm-definition.js';
import type { VmService } from './vm-service.js';
import { assertAllowed, isActive } from './vm-states.js';

export interface CloneRequest {
  /** The new VM's name. */
  name: string;
  /** A qcow2 overlay on each source image instead of a full copy. */
  linked?: boolean;
}

export interface CloneServiceOptions {
  vms: VmService;
  vmRepository: VmRepository;
  disks: DiskRepository;
  pools: PoolService;
  claims: DiskClaims;
  driver: VmDriver;
  unitOfWork: UnitOfWork;
}

export type CloneService = ReturnType<typeof createCloneService>;

/** The name of the clone's image for the source's device at `index`. */
export const cloneImageName = (vm: string, index: number): string => `${vm}-${index}`;

/** One image to make: from which source image, to which name, where. */
interface Plan {
  index: number;
  source: DiskRecord;
  sourcePath: string;
  target: string;
  targetPath: string;
  partial: string;
  bytes: number;
  format: DiskRecord['format'];
}

export function createCloneService(options: CloneServiceOptions) {
  const { vms, vmRepository, disks, pools, claims, driver, unitOfWork } = options;

  /** What each new image is made from and where it goes; refusals before anything is made. */
  async function plan(vm: VmRecord, name: string, linked: boolean): Promise<Plan[]> {
    const plans = await Promise.all(
      vm.definition.devices.storage.map(async (device, index): Promise<Plan> => {
        const field = `devices.storage.${index}.path`;
        const source = disks.find(device.path);
        if (source === undefined) throw HvErrors.diskNotFound({ name: device.path });
        if (source.encrypted) {
          throw HvErrors.diskOperationUnsupported({
            name: source.name,
            operation: 'clone',
            reason: 'it is encrypted, and the service keeps no passphrase to read it with',
          });
        }
        // Another VM with a process would go on writing to the base of a linked clone.
        if (linked) assertNotInUse(vmRepository, source.name);
        const target = cloneImageName(name, index);
        if (disks.find(target) !== undefined) throw HvErrors.diskAlreadyExists({ name: target });
        claims.assertFree(target);
        const sourcePath = pools.imageFile(source, field);
        const { virtualSize } = await imageInfo(sourcePath, source.format);
        return {
          index,
          source,
          sourcePath,
          target,
          targetPath: pools.imageFile({ name: target, pool: source.pool }),
          partial: pools.partialFile({ name: target, pool: source.pool }, randomBytes(6).toString('hex')),
          bytes: virtualSize,
          format: linked ? 'qcow2' : source.format,
        };
      }),
    );
    const byPool = new Map<string, number>();
    for (const p of plans) byPool.set(p.source.pool, (byPool.get(p.source.pool) ?? 0) + p.bytes);
    for (const [pool, bytes] of byPool) await pools.reserve(pools.pool(pool), bytes, 'devices.storage');
    return plans;
  }

  /** Makes every new image under its temporary name. */
  async function copy(plans: readonly Plan[], linked: boolean, held: boolean): Promise<void> {
    for (const p of plans) {
      if (linked) {
        await createImage(p.partial, 'qcow2', p.bytes, {
          backing: { file: p.source.name, format: p.source.format },
        });
      } else {
        await convertImage(
          { path: p.sourcePath, format: p.source.format, forceShare: held },
          { path: p.partial, format: p.format },
        );
      }
    }
  }

  /** Copies with the guest stopped when it runs: `stop` flushes its disks; `cont` follows in any case. */
  async function consistentCopy(vm: VmRecord, plans: readonly Plan[], linked: boolean): Promise<void> {
    const running = vm.state === 'RUNNING';
    if (running) await driver.pause(vm.name);
    try {
      await copy(plans, linked, isActive(vm.state));
    } finally {
      if (running) await driver.resume(vm.name);
    }
  }

  function clonedDefinition(vm: VmRecord, plans: readonly Plan[]): VmDefinition {
    const storage = vm.definition.devices.storage.map((device, index): StorageDevice => {
      const p = plans[index]!;
      return {
        type: device.type,
        path: p.target,
        ...(device.format === undefined ? {} : { format: p.format }),
      };
    });
    return { ...vm.definition, devices: { ...vm.definition.devices, storage } };
  }

  /** The new images and the new VM, whole, with their events and the request's audit row. */
  function record(
    vm: VmRecord,
    request: Required<CloneRequest>,
    plans: readonly Plan[],
    context: AuditContext | null,
  ): VmRecord {
    const placed: string[] = [];
    try {
      return unitOfWork((tx) => {
        for (const p of plans) {
          const inserted = disks.insert({
            name: p.target,
            format: p.format,
            pool: p.source.pool,
            backing: request.linked ? p.source.name : null,
            createdAt: tx.at,
          });
          if (!inserted) throw HvErrors.diskAlreadyExists({ name: p.target });
        }
        const clone = newVmRecord(
          {
            name: request.name,
            uuid: randomUUID(),
            state: 'CREATED',
            definition: clonedDefinition(vm, plans),
          },
          tx.at,
        );
        if (!vmRepository.insert(clone)) throw HvErrors.vmAlreadyExists({ name: request.name });
        // The clone's definition must launch as any VM's: its images now exist as rows.
        vms.launchSpec(clone);
        for (const p of plans) {
          tx.emit('storage.created', {
            image: p.target,
            pool: p.source.pool,
            format: p.format,
            size: formatSize(p.bytes),
            encrypted: false,
            backing: request.linked ? p.source.name : null,
            timestamp: tx.at,
          });
        }
        tx.emit('vm.created', {
          vm: request.name,
          uuid: clone.uuid,
          cloned_from: vm.name,
          linked: request.linked,
          timestamp: tx.at,
        });
        tx.audit(context);
        for (const p of plans) {
          renameSync(p.partial, p.targetPath);
          placed.push(p.targetPath);
        }
        return clone;
      });
    } catch (error) {
      for (const path of placed) rmSync(path, { force: true });
      throw error;
    }
  }

  return {
    /** Clones `source` into a new VM in state CREATED; see the module's comment. */
    clone: (source: string, input: CloneRequest, context: AuditContext | null): Promise<VmRecord> =>
      vms.exclusive(source, async (vm) => {
        const request = { name: input.name, linked: input.linked ?? false };
        assertAllowed('clone', vm);
        if (request.linked && isActive(vm.state)) {
          throw HvErrors.vmInvalidState({
            name: vm.name,
            state: vm.state,
            action: 'make a linked clone of',
            hint: "a linked clone's base must not change: stop it first, or make a full clone",
          });
        }
        if (vmRepository.find(request.name) !== undefined)
          throw HvErrors.vmAlreadyExists({ name: request.name });
        const plans = await plan(vm, request.name, request.linked);
        const releases: (() => void)[] = [];
        try {
          for (const p of plans) releases.push(claims.claim(p.source.name, 'clone'));
          await consistentCopy(vm, plans, request.linked);
          return record(vm, request, plans, context);
        } finally {
          for (const release of releases) release();
          for (const p of plans) rmSync(p.partial, { force: true });
        }
      }),
  };
}
