/**
 * VM snapshots: internal qcow2 snapshots, as libvirt takes them. The data is one tag in every
 * image of the VM (and, with memory, the VM's RAM and device state in the first image); the
 * metadata is a row of `vm_snapshots`, with the VM's state and definition at that moment.
 *
 * Control flow: each command runs under the VM's own lock (the VM service's `exclusive`), so no
 * lifecycle action interleaves; it reads the VM as it is then, checks the rules below, has the
 * driver act (drivers/snapshot-driver.ts), then records the row, the event and the request's
 * audit row in one transaction. A restore that changes the VM's state records it through the VM
 * service's `recordState` (`vm.state_changed`), before `vm.snapshot_restored`.
 *
 * | VM state                  | create                                 | restore                                           | delete   |
 * | ------------------------- | -------------------------------------- | ------------------------------------------------- | -------- |
 * | RUNNING, PAUSED           | through QEMU, with memory or disk-only | with memory: loaded live, then the recorded state | via QEMU |
 * |                           |                                        | disk-only: refused, stop the VM first             |          |
 * | CREATED, STOPPED, CRASHED | on the images, disk-only               | disk-only: images reverted, state unchanged       | images   |
 * |                           |                                        | with memory: started from it, the recorded state  |          |
 *
 * "The recorded state" is RUNNING or PAUSED, as the VM was when the snapshot was taken (libvirt
 * reverts so too). A restore of a stopped VM puts back the definition the snapshot recorded.
 *
 * A snapshot with memory writes the guest's RAM, minutes for a large VM: it is a
 * `vm.snapshot_create` operation on `vm/NAME`, checked before the 202 and holding the VM's lock
 * until it ends (vm-service `operate`), whose result is the snapshot. QEMU saves in one step of
 * its main loop, which nothing interrupts, so it cannot be cancelled. Disk-only snapshots take a
 * moment and are answered at once (201).
 *
 * Restoring a snapshot with memory reads that RAM back, as long again: a `vm.snapshot_restore`
 * operation, checked before the 202 and holding the VM's lock likewise, whose result is the
 * snapshot and the VM, as the 200 of a disk-only restore shows them. It cannot be cancelled
 * either: a live load is one step of QEMU's main loop, and a start from the snapshot reverts the
 * disks before it loads the RAM. A disk-only restore reverts the images' tables and is answered
 * at once (200).
 */
import { Nullable } from '@lab/server-kit';
import { AppError } from '@lab/server-kit/errors';
import { Type, type Static } from 'typebox';
import { HvErrors, invalidField } from '../errors.js';
import type { ImageSnapshot, SnapshotTarget } from '../drivers/snapshot-driver.js';
import type { VmDriver } from '../drivers/vm-driver.js';
import type { AuditContext } from '../store/audit.js';
import type { DiskFormat, DiskRecord, DiskRepository } from '../store/disks.js';
import type { SnapshotRecord, SnapshotRepository } from '../store/snapshots.js';
import type { UnitOfWork } from '../store/unit-of-work.js';
import type { VmRecord, VmRepository } from '../store/vms.js';
import type { DiskClaims } from './disk-claims.js';
import type { OperationView } from './operations.js';
import { parseSize } from './units.js';
import { BootSchema, DevicesSchema, VM_STATES, type VmDefinition, type VmState } from './vm-definition.js';
import { networksOf, type VmService } from './vm-service.js';
import { vmView, type VmView } from './vm-view.js';
import { assertNotBacking } from './backing.js';

/**
 * A letter first: QEMU finds a snapshot by its ID or its tag, and IDs are numbers, so a tag like
 * `1` could name another snapshot. The rest as VM names; it is the tag in the images.
 */
export const SNAPSHOT_NAME_PATTERN = '^[A-Za-z][A-Za-z0-9._-]{0,62}$';

export const SnapshotCreateSchema = Type.Object(
  {
    name: Type.String({
      pattern: SNAPSHOT_NAME_PATTERN,
      description:
        'unique per VM; a letter, then letters, digits, `.`, `_`, `-` (63 at most); the tag in the images',
    }),
    description: Type.Optional(Type.String({ maxLength: 1024 })),
    include_memory: Type.Optional(
      Type.Boolean({
        default: false,
        description:
          'true saves RAM and device state too (the VM must be running or paused), so a restore goes on ' +
          'from that moment; false (the default) saves the disks only',
      }),
    ),
  },
  { additionalProperties: false },
);
export type SnapshotCreate = Static<typeof SnapshotCreateSchema>;

export const SnapshotSchema = Type.Object(
  {
    vm: Type.String(),
    name: Type.String(),
    description: Nullable(Type.String()),
    include_memory: Type.Boolean({ description: 'whether RAM and device state were saved' }),
    vm_state: Type.Enum([...VM_STATES], {
      description: 'the VM state when taken; a snapshot with memory restores to it (RUNNING or PAUSED)',
    }),
    cpu: Type.Object({ count: Type.Integer() }),
    memory: Type.Object({ size: Type.String() }),
    devices: Type.Required(DevicesSchema),
    boot: Nullable(BootSchema),
    created_at: Type.String({ format: 'date-time' }),
  },
  {
    $id: 'Snapshot',
    description:
      'An internal snapshot of a VM: its data is a tag of that name in each qcow2 image of the VM; the VM ' +
      'definition (cpu, memory, devices, boot) is the one it had then',
  },
);
export type SnapshotView = Static<typeof SnapshotSchema>;

export function snapshotView(s: SnapshotRecord): SnapshotView {
  return {
    vm: s.vm,
    name: s.name,
    description: s.description,
    include_memory: s.includeMemory,
    vm_state: s.vmState,
    cpu: s.definition.cpu,
    memory: s.definition.memory,
    devices: s.definition.devices,
    boot: s.definition.boot,
    created_at: s.createdAt,
  };
}

export interface SnapshotServiceOptions {
  vms: VmService;
  vmRepository: VmRepository;
  disks: DiskRepository;
  /** The file of an image in its pool (pool-service.ts). */
  imageFile: (disk: DiskRecord, field: string) => string;
  snapshots: SnapshotRepository;
  /** The images qemu-img works on are claimed, so no convert or compact runs on them meanwhile. */
  claims: DiskClaims;
  driver: VmDriver;
  unitOfWork: UnitOfWork;
}

export type SnapshotService = ReturnType<typeof createSnapshotService>;

/** A disk-only snapshot, taken at once, or the operation that takes one with memory. */
export type SnapshotAnswer = { snapshot: SnapshotRecord } | { operation: OperationView };

/** A snapshot restored, and the VM as it is after. */
export interface Restored {
  snapshot: SnapshotRecord;
  vm: VmRecord;
}

/** A disk-only snapshot, restored at once, or the operation that restores one with memory. */
export type RestoreAnswer = Restored | { operation: OperationView };

/** What a restore answers (200), and the result of its operation: the snapshot and the VM. */
export const restoredView = (restored: Restored): { snapshot: SnapshotView; vm: VmView } => ({
  snapshot: snapshotView(restored.snapshot),
  vm: vmView(restored.vm),
});

/** The work of a restore once it is checked; `context` is the audit row it writes, if any. */
type Restore = (context: AuditContext | null) => Promise<Restored>;

interface Image {
  name: string;
  format: DiskFormat;
  path: string;
}

type DefinitionPart = 'cpu' | 'memory' | 'devices' | 'boot';

/** What the VM's hardware is, part by part, as QEMU would be launched with it. */
function hardware(d: VmDefinition): Record<DefinitionPart, string> {
  return {
    cpu: String(d.cpu.count),
    memory: String(parseSize(d.memory.size) ?? d.memory.size),
    devices: JSON.stringify([d.devices.storage.map((s) => s.path), d.devices.network.map((n) => n.network)]),
    boot: JSON.stringify(
      d.boot === null ? null : [d.boot.kernel, d.boot.initrd ?? null, d.boot.cmdline ?? null],
    ),
  };
}

/** The parts of the definition that differ between `a` and `b`. */
function changedParts(a: VmDefinition, b: VmDefinition): DefinitionPart[] {
  const before = hardware(a);
  const after = hardware(b);
  return (Object.keys(before) as DefinitionPart[]).filter((part) => before[part] !== after[part]);
}

/** States in which the VM's QEMU does the work; in the offline ones, qemu-img does it on the images. */
const LIVE_STATES: readonly VmState[] = ['RUNNING', 'PAUSED'];
const OFFLINE_STATES: readonly VmState[] = ['CREATED', 'STOPPED', 'CRASHED'];
const isLive = (state: VmState): boolean => LIVE_STATES.includes(state);

/** The state a snapshot with memory returns the VM to. */
const recordedRunState = (snapshot: SnapshotRecord): 'RUNNING' | 'PAUSED' =>
  snapshot.vmState === 'PAUSED' ? 'PAUSED' : 'RUNNING';

export function createSnapshotService(options: SnapshotServiceOptions) {
  const { vms, vmRepository, disks, snapshots, claims, driver, unitOfWork } = options;

  function load(vm: string, name: string): SnapshotRecord {
    const snapshot = snapshots.find(vm, name);
    if (snapshot === undefined) throw HvErrors.snapshotNotFound({ vm, name });
    return snapshot;
  }

  /** Driver work: failures that are not already in the catalogue become DRIVER_ERROR. */
  async function act<T>(vm: string, action: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw HvErrors.driverFailed({ vm, action, reason: (error as Error).message }, { cause: error });
    }
  }

  /** The images a definition attaches, resolved to files; `missing` names those that no longer exist. */
  function imagesOf(definition: VmDefinition): { images: Image[]; missing: string[] } {
    const images: Image[] = [];
    const missing: string[] = [];
    definition.devices.storage.forEach((device, index) => {
      const disk = disks.find(device.path);
      if (disk === undefined) missing.push(device.path);
      else
        images.push({
          name: disk.name,
          format: disk.format,
          path: options.imageFile(disk, `devices.storage.${index}.path`),
        });
    });
    return { images, missing };
  }

  /** The VM's images, when each can hold an internal snapshot: there is one, and all are qcow2. */
  function snapshotImages(vm: VmRecord): Image[] {
    if (vm.definition.devices.storage.length === 0) {
      throw HvErrors.snapshotUnsupported({
        vm: vm.name,
        reason: 'it has no disk, and internal snapshots live in its qcow2 images',
      });
    }
    const { images, missing } = imagesOf(vm.definition);
    if (missing.length > 0) {
      throw HvErrors.snapshotUnsupported({
        vm: vm.name,
        reason: `its disk image '${missing[0]}' no longer exists`,
      });
    }
    const raw = images.find((image) => image.format !== 'qcow2');
    if (raw !== undefined) {
      throw HvErrors.snapshotUnsupported(
        {
          vm: vm.name,
          reason: `disk image '${raw.name}' is ${raw.format}; only qcow2 images hold internal snapshots`,
        },
        { details: { image: raw.name, format: raw.format } },
      );
    }
    return images;
  }

  /** Offline work writes the image files: refused while another VM's QEMU has one of them open. */
  function assertNotInUse(vm: string, images: readonly Image[]): void {
    for (const image of images) {
      // Any state but the offline ones may have a QEMU holding the image (a migration's too).
      const user = vmRepository
        .usingDisk(image.name)
        .find((u) => u.name !== vm && !OFFLINE_STATES.includes(u.state));
      if (user !== undefined) throw HvErrors.diskInUse({ name: image.name, vm: user.name });
    }
  }

  /** qemu-img work on image files, each claimed meanwhile (DISK_BUSY while a disk operation runs). */
  async function onImages<T>(images: readonly Image[], work: () => Promise<T>): Promise<T> {
    const releases: (() => void)[] = [];
    try {
      for (const image of images) releases.push(claims.claim(image.name, 'snapshot'));
      return await work();
    } finally {
      for (const release of releases) release();
    }
  }

  /** Checks the images still hold the snapshot (and, with memory, the VM state in the first). */
  async function assertHeld(vm: VmRecord, snapshot: SnapshotRecord, images: readonly Image[]): Promise<void> {
    const converted = images.find((image) => image.format !== 'qcow2');
    if (converted !== undefined) {
      throw HvErrors.snapshotInconsistent({
        vm: vm.name,
        name: snapshot.name,
        reason: `disk image '${converted.name}' is ${converted.format} now, which holds no snapshots`,
      });
    }
    const held = await act(vm.name, 'restore', () => driver.snapshots.list(images.map((i) => i.path)));
    images.forEach((image, index) => {
      const found = (held[index] ?? []).find((s: ImageSnapshot) => s.tag === snapshot.name);
      const reason =
        found === undefined
          ? `disk image '${image.name}' does not hold it (removed outside the service?)`
          : snapshot.includeMemory && index === 0 && found.vmStateBytes === 0
            ? `disk image '${image.name}' holds it without the VM state`
            : undefined;
      if (reason !== undefined) {
        throw HvErrors.snapshotInconsistent({ vm: vm.name, name: snapshot.name, reason });
      }
    });
  }

  const refuse = (vm: VmRecord, action: string, hint: string): AppError =>
    HvErrors.vmInvalidState({ name: vm.name, state: vm.state, action, hint });

  /** Whether the VM's QEMU does the work (true) or qemu-img (false); any other state is refused. */
  function live(vm: VmRecord, action: string): boolean {
    if (isLive(vm.state)) return true;
    if (OFFLINE_STATES.includes(vm.state)) return false;
    throw refuse(vm, action, 'a live migration owns it until that ends');
  }

  const target = (vm: VmRecord, images: readonly Image[]): SnapshotTarget => ({
    vm: vm.name,
    images: images.map((image) => image.path),
    live: isLive(vm.state),
  });

  /**
   * Records a restore: the new state first (its own event and the audit row), then, in one
   * transaction, the definition put back (`vm.updated`) and `vm.snapshot_restored`.
   */
  function recordRestore(
    vm: VmRecord,
    snapshot: SnapshotRecord,
    to: VmState,
    context: AuditContext | null,
    runtime: VmRecord['runtime'],
  ): Restored {
    const changesState = to !== vm.state;
    if (changesState) {
      vms.recordState(vm, to, context, {
        runtime,
        ...(isLive(vm.state) ? {} : { lastError: null }),
        reason: `restored from snapshot '${snapshot.name}'`,
      });
    }
    return unitOfWork((tx) => {
      const parts = isLive(vm.state) ? [] : changedParts(vm.definition, snapshot.definition);
      if (parts.length > 0) {
        vmRepository.updateDefinition(vm.name, to, snapshot.definition, tx.at);
        tx.emit('vm.updated', {
          vm: vm.name,
          timestamp: tx.at,
          fields: parts,
          reason: `restored from snapshot '${snapshot.name}'`,
        });
      }
      tx.emit('vm.snapshot_restored', {
        vm: vm.name,
        snapshot: snapshot.name,
        include_memory: snapshot.includeMemory,
        from: vm.state,
        to,
        timestamp: tx.at,
      });
      tx.audit(changesState ? null : context);
      return { snapshot, vm: vms.get(vm.name) };
    });
  }

  /**
   * A running or paused VM goes back to a snapshot with memory, live, then to the recorded state:
   * the refusals, then the work.
   */
  async function checkLiveRestore(vm: VmRecord, snapshot: SnapshotRecord): Promise<Restore> {
    if (!snapshot.includeMemory) {
      throw refuse(
        vm,
        `restore the disk-only snapshot '${snapshot.name}' into`,
        'a running VM only returns to a snapshot with memory; stop it first',
      );
    }
    const parts = changedParts(vm.definition, snapshot.definition);
    if (parts.length > 0) {
      throw refuse(
        vm,
        `restore snapshot '${snapshot.name}' into`,
        `its ${parts.join(', ')} changed since the snapshot; stop it first (the restore puts them back)`,
      );
    }
    const images = snapshotImages(vm);
    await assertHeld(vm, snapshot, images);
    const to = recordedRunState(snapshot);
    return async (context) => {
      // Paused before the load, a guest restored to a paused moment never runs in between.
      if (to === 'PAUSED' && vm.state === 'RUNNING') await act(vm.name, 'pause', () => driver.pause(vm.name));
      try {
        await act(vm.name, 'restore', () => driver.snapshots.load(target(vm, images), snapshot.name));
      } catch (error) {
        // The driver leaves a guest whose load failed paused: its memory may be partly loaded.
        const message = (error as Error).message;
        if (vm.state === 'RUNNING') {
          vms.recordState(vm, 'PAUSED', null, {
            runtime: vm.runtime,
            lastError: message,
            reason: `restoring snapshot '${snapshot.name}' failed; the guest is left paused`,
          });
        } else unitOfWork((tx) => vmRepository.setLastError(vm.name, { message, at: tx.at }));
        throw error;
      }
      if (to === 'RUNNING' && vm.state === 'PAUSED')
        await act(vm.name, 'resume', () => driver.resume(vm.name));
      return recordRestore(vm, snapshot, to, context, vm.runtime);
    };
  }

  /**
   * A VM with no process: its images go back; with memory, it starts from the snapshot. The
   * refusals, then the work.
   */
  async function checkOfflineRestore(vm: VmRecord, snapshot: SnapshotRecord): Promise<Restore> {
    const { images, missing } = imagesOf(snapshot.definition);
    if (missing.length > 0) {
      throw HvErrors.snapshotInconsistent({
        vm: vm.name,
        name: snapshot.name,
        reason: `its disk image '${missing[0]}' no longer exists`,
      });
    }
    assertNotInUse(vm.name, images);
    await assertHeld(vm, snapshot, images);
    if (!snapshot.includeMemory) {
      // Linked clones read through to their base: reverting it would change what they read.
      for (const image of images) {
        assertNotBacking(disks, image.name, 'reverting it to a snapshot would change what the clones read');
      }
      return async (context) => {
        await onImages(images, () =>
          act(vm.name, 'restore', () => driver.snapshots.load(target(vm, images), snapshot.name)),
        );
        const restored = recordRestore(vm, snapshot, vm.state, context, null);
        await vms.nicsChanged(networksOf(vm.definition, snapshot.definition));
        return restored;
      };
    }
    let spec;
    try {
      spec = vms.launchSpec({ ...vm, definition: snapshot.definition });
    } catch (error) {
      if (!(error instanceof AppError) || error.kind !== 'invalid') throw error;
      throw HvErrors.snapshotInconsistent(
        { vm: vm.name, name: snapshot.name, reason: `its definition cannot start now: ${error.message}` },
        { cause: error },
      );
    }
    const to = recordedRunState(snapshot);
    return async (context) => {
      let info;
      try {
        info = await act(vm.name, 'restore', () =>
          vms.launch(vm, spec, snapshot.definition.devices.network, {
            restore: { tag: snapshot.name, paused: to === 'PAUSED' },
          }),
        );
      } catch (error) {
        unitOfWork((tx) =>
          vmRepository.setLastError(vm.name, { message: (error as Error).message, at: tx.at }),
        );
        throw error;
      }
      const restored = recordRestore(vm, snapshot, to, context, { driver: driver.name, ...info });
      await vms.nicsChanged(networksOf(vm.definition, snapshot.definition));
      return restored;
    };
  }

  /** The refusals of a restore, before anything changes; the work that does it. */
  function checkRestore(vm: VmRecord, snapshot: SnapshotRecord): Promise<Restore> {
    return live(vm, `restore snapshot '${snapshot.name}' into`)
      ? checkLiveRestore(vm, snapshot)
      : checkOfflineRestore(vm, snapshot);
  }

  /** The refusals of a new snapshot, before anything is made; the VM's images, which can hold it. */
  async function checkCreate(vm: VmRecord, input: SnapshotCreate, memory: boolean): Promise<Image[]> {
    const where = `for VM '${vm.name}'`;
    if (snapshots.find(vm.name, input.name) !== undefined)
      throw HvErrors.snapshotAlreadyExists({ vm: vm.name, name: input.name, where });
    const isLiveSave = live(vm, 'snapshot');
    if (memory && !isLiveSave) {
      throw invalidField(
        'include_memory',
        `VM '${vm.name}' is ${vm.state}: only a running or paused VM has memory to save; ` +
          'pass false for a snapshot of its disks',
      );
    }
    const images = snapshotImages(vm);
    if (!isLiveSave) assertNotInUse(vm.name, images);
    // A tag made outside the service (qemu-img, another VM on the same image) would be
    // duplicated by qemu-img, or refused by QEMU only after the guest was stopped.
    const held = await act(vm.name, 'snapshot', () => driver.snapshots.list(images.map((i) => i.path)));
    const holder = images.find((_, index) => (held[index] ?? []).some((s) => s.tag === input.name));
    if (holder !== undefined) {
      throw HvErrors.snapshotAlreadyExists(
        { vm: vm.name, name: input.name, where: `in disk image '${holder.name}'` },
        { details: { image: holder.name } },
      );
    }
    return images;
  }

  /** The snapshot's row, its event and the audit row, once its data is in the images. */
  function recordCreated(
    vm: VmRecord,
    input: SnapshotCreate,
    memory: boolean,
    context: AuditContext | null,
  ): SnapshotRecord {
    return unitOfWork((tx) => {
      const record: SnapshotRecord = {
        vm: vm.name,
        name: input.name,
        description: input.description ?? null,
        includeMemory: memory,
        vmState: vm.state,
        definition: vm.definition,
        createdAt: tx.at,
      };
      if (!snapshots.insert(record)) {
        throw HvErrors.snapshotAlreadyExists({ vm: vm.name, name: input.name, where: `for VM '${vm.name}'` });
      }
      tx.emit('vm.snapshot_created', {
        vm: vm.name,
        snapshot: input.name,
        include_memory: memory,
        vm_state: vm.state,
        timestamp: tx.at,
      });
      tx.audit(context);
      return record;
    });
  }

  return {
    /** The VM's snapshots, oldest first. */
    list: (vm: string): SnapshotRecord[] => snapshots.list(vms.get(vm).name),

    /** A disk-only snapshot at once; one with memory as a `vm.snapshot_create` operation. */
    async create(vmName: string, input: SnapshotCreate, context: AuditContext): Promise<SnapshotAnswer> {
      if (input.include_memory === true) {
        const operation = await vms.operate(vmName, context, async (vm) => {
          const images = await checkCreate(vm, input, true);
          return {
            kind: 'vm.snapshot_create',
            work: async (op): Promise<SnapshotView> => {
              op.finishing('QEMU saves the memory in one step of its main loop, which cannot be interrupted');
              await act(vm.name, 'snapshot', () =>
                driver.snapshots.save(target(vm, images), input.name, true),
              );
              // The operation's own audit row is the 202's.
              return snapshotView(recordCreated(vm, input, true, null));
            },
          };
        });
        return { operation };
      }
      const snapshot = await vms.exclusive(vmName, async (vm) => {
        const images = await checkCreate(vm, input, false);
        const save = () =>
          act(vm.name, 'snapshot', () => driver.snapshots.save(target(vm, images), input.name, false));
        await (isLive(vm.state) ? save() : onImages(images, save));
        return recordCreated(vm, input, false, { ...context, status: 201 });
      });
      return { snapshot };
    },

    /** A disk-only snapshot restored at once; one with memory as a `vm.snapshot_restore` operation. */
    async restore(vmName: string, name: string, context: AuditContext): Promise<RestoreAnswer> {
      // Whether it holds memory decides how the request is answered, so it is read before the
      // VM's lock; under the lock the snapshot is read again and restored as it is then.
      if (load(vms.get(vmName).name, name).includeMemory) {
        const operation = await vms.operate(vmName, context, async (vm) => {
          const restore = await checkRestore(vm, load(vm.name, name));
          const uncancellable = isLive(vm.state)
            ? 'QEMU loads the snapshot in one step of its main loop, which cannot be interrupted'
            : 'QEMU reverts the disks before it loads the memory, in a start that cannot be interrupted ' +
              'without leaving them reverted';
          return {
            kind: 'vm.snapshot_restore',
            work: async (op) => {
              op.finishing(uncancellable);
              // The operation's own audit row is the 202's.
              return restoredView(await restore(null));
            },
          };
        });
        return { operation };
      }
      return vms.exclusive(vmName, async (vm) => (await checkRestore(vm, load(vm.name, name)))(context));
    },

    remove: (vmName: string, name: string, context: AuditContext | null): Promise<SnapshotRecord> =>
      vms.exclusive(vmName, async (vm) => {
        const snapshot = load(vm.name, name);
        // The images the snapshot was taken on; one deleted or converted to raw since holds nothing.
        const images = imagesOf(snapshot.definition).images.filter((image) => image.format === 'qcow2');
        if (live(vm, `delete snapshot '${name}' of`)) {
          // Its QEMU holds the VM's images: it deletes the tag, from the disks it has.
          if (changedParts(vm.definition, snapshot.definition).includes('devices')) {
            throw refuse(
              vm,
              `delete snapshot '${name}' of`,
              'its disks changed since the snapshot, and the running VM does not hold them all; stop it first',
            );
          }
          await act(vm.name, 'delete snapshot', () =>
            driver.snapshots.delete(target(vm, snapshotImages(vm)), name),
          );
        } else if (images.length > 0) {
          assertNotInUse(vm.name, images);
          await onImages(images, () =>
            act(vm.name, 'delete snapshot', () => driver.snapshots.delete(target(vm, images), name)),
          );
        }
        return unitOfWork((tx) => {
          snapshots.remove(vm.name, name);
          tx.emit('vm.snapshot_deleted', { vm: vm.name, snapshot: name, timestamp: tx.at });
          tx.audit(context);
          return snapshot;
        });
      }),
  };
}
