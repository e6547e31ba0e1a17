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
 * A full clone copies whole images, minutes for large ones: it is a `vm.clone` operation on the
 * source (`vm/NAME`), checked before the 202, holding the source's lock until it ends (vm-service
 * `operate`), with qemu-img's `-p` progress over the bytes of every image and the new VM as its
 * result; a cancel kills qemu-img and leaves nothing behind. A linked clone is made at once (201).
 *
 * A running source is copied from a consistent point, as libvirt makes a quick consistent copy:
 * under the VM's lock, QMP `stop` (which drains and flushes the disks), `qemu-img convert -U` of
 * each image (force-share: the paused QEMU still holds its lock), then `cont`, also when the copy
 * failed or was cancelled. A paused source stays paused. The new images are made under temporary
 * names and renamed into place in the transaction that records them with the new VM (events
 * `storage.created` and `vm.created` with `cloned_from`), so a failure leaves neither files nor rows.
 *
 * The clone's NICs are the source's on the same networks, but with neither the source's MACs nor
 * its fixed addresses, which two VMs may not share on a network: each gets the MAC derived from
 * the clone's own uuid, and an address from DHCP. They are checked before the copy and again
 * when the clone is recorded.
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
import type { OperationHandle, OperationView } from './operations.js';
import type { PoolService } from './pool-service.js';
import { formatSize } from './units.js';
import type { NetworkDevice, StorageDevice, VmDefinition } from './vm-definition.js';
import { networksOf, type VmService } from './vm-service.js';
import { assertAllowed, isActive } from './vm-states.js';
import { vmView, type VmView } from './vm-view.js';

export interface CloneRequest {
  /** The new VM's name. */
  name: string;
  /** A qcow2 overlay on each source image instead of a full copy. */
  linked?: boolean;
}

/** A clone request with its defaults, and the uuid the new VM will have. */
type NewClone = Required<CloneRequest> & { uuid: string };

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

/** A linked clone, made at once, or the operation that makes a full one. */
export type CloneAnswer = { vm: VmRecord } | { operation: OperationView };

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

  /** A qcow2 overlay on each source image, under its temporary name. */
  async function overlay(plans: readonly Plan[]): Promise<void> {
    for (const p of plans) {
      await createImage(p.partial, 'qcow2', p.bytes, {
        backing: { file: p.source.name, format: p.source.format },
      });
    }
  }

  /**
   * Copies every image under its temporary name, with the guest stopped when it runs (`stop`
   * flushes its disks; `cont` follows in any case). Progress is over the bytes of all images.
   */
  async function consistentCopy(vm: VmRecord, plans: readonly Plan[], op: OperationHandle): Promise<void> {
    const total = plans.reduce((sum, p) => sum + p.bytes, 0);
    const running = vm.state === 'RUNNING';
    if (running) await driver.pause(vm.name);
    try {
      let done = 0;
      for (const p of plans) {
        await convertImage(
          { path: p.sourcePath, format: p.source.format, forceShare: isActive(vm.state) },
          { path: p.partial, format: p.format },
          {
            signal: op.signal,
            onProgress: (percent) =>
              op.progress(((done + (p.bytes * percent) / 100) / total) * 100, { image: p.target }),
          },
        );
        done += p.bytes;
      }
    } finally {
      if (running) await driver.resume(vm.name);
    }
  }

  /** The refusals before anything is made, and the plan of each new image. */
  async function prepare(vm: VmRecord, request: NewClone): Promise<Plan[]> {
    assertAllowed('clone', vm);
    if (request.linked && isActive(vm.state)) {
      throw HvErrors.vmInvalidState({
        name: vm.name,
        state: vm.state,
        action: 'make a linked clone of',
        hint: "a linked clone's base must not change: stop it first, or make a full clone",
      });
    }
    if (vmRepository.find(request.name) !== undefined) throw HvErrors.vmAlreadyExists({ name: request.name });
    clonedNics(vm, request);
    return plan(vm, request.name, request.linked);
  }

  /** Claims the source images (a convert or resize of them is DISK_BUSY); the release drops the partial files too. */
  function claim(plans: readonly Plan[]): () => void {
    const releases: (() => void)[] = [];
    const release = (): void => {
      for (const done of releases) done();
      for (const p of plans) rmSync(p.partial, { force: true });
    };
    try {
      for (const p of plans) releases.push(claims.claim(p.source.name, 'clone'));
    } catch (error) {
      release();
      throw error;
    }
    return release;
  }

  /** The source's NICs for the clone: the same networks, the clone's own MACs, no fixed address. */
  const clonedNics = (vm: VmRecord, request: NewClone): NetworkDevice[] =>
    vms.resolveNics(
      request,
      vm.definition.devices.network.map(({ type, network }) => ({ type, network })),
    );

  function clonedDefinition(vm: VmRecord, request: NewClone, plans: readonly Plan[]): VmDefinition {
    const storage = vm.definition.devices.storage.map((device, index): StorageDevice => {
      const p = plans[index]!;
      return {
        type: device.type,
        path: p.target,
        ...(device.format === undefined ? {} : { format: p.format }),
      };
    });
    return { ...vm.definition, devices: { storage, network: clonedNics(vm, request) } };
  }

  /** The new images and the new VM, whole, with their events and the request's audit row. */
  function record(
    vm: VmRecord,
    request: NewClone,
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
            uuid: request.uuid,
            state: 'CREATED',
            definition: clonedDefinition(vm, request, plans),
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
    /**
     * Clones `source` into a new VM in state CREATED: a linked clone at once, a full one as a
     * `vm.clone` operation whose result is the new VM; see the module's comment.
     */
    async clone(source: string, input: CloneRequest, context: AuditContext): Promise<CloneAnswer> {
      const request: NewClone = { name: input.name, linked: input.linked ?? false, uuid: randomUUID() };
      if (request.linked) {
        const vm = await vms.exclusive(source, async (vm) => {
          const plans = await prepare(vm, request);
          const release = claim(plans);
          try {
            await overlay(plans);
            const clone = record(vm, request, plans, { ...context, status: 201 });
            await vms.nicsChanged(networksOf(clone.definition));
            return clone;
          } finally {
            release();
          }
        });
        return { vm };
      }
      const operation = await vms.operate(source, context, async (vm) => {
        const plans = await prepare(vm, request);
        return {
          kind: 'vm.clone',
          release: claim(plans),
          work: async (op): Promise<VmView> => {
            await consistentCopy(vm, plans, op);
            // A cancel that came while the guest was resumed still wins: nothing is recorded.
            op.signal.throwIfAborted();
            // The operation's own audit row is the 202's.
            const clone = record(vm, request, plans, null);
            await vms.nicsChanged(networksOf(clone.definition));
            return vmView(clone);
          },
        };
      });
      return { operation };
    },
  };
}
