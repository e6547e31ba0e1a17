/**
 * Snapshots under the simulated driver: SIMULATED, no image file is touched. Each image path has
 * a list of tags in memory, the first image of a snapshot with memory marked as holding VM state,
 * and the refusals QEMU and qemu-img would give are given here too (a tag taken, a disk-only
 * snapshot loaded live, a tag missing, images of a running VM touched offline). The tags are gone
 * when the service process ends, as the simulated driver's VMs are.
 */
import { HvErrors } from '../../errors.js';
import type { ImageSnapshot, SnapshotDriver, SnapshotTarget } from '../snapshot-driver.js';

/** What the simulated VM state holds in a snapshot with memory: a size, as `qemu-img info` shows one. */
const SIMULATED_VM_STATE_BYTES = 1 << 20;

export interface SimulatedSnapshots extends SnapshotDriver {
  /** Refuses, as `-loadvm` would, a start from a tag the first image does not hold with memory. */
  checkStart(vm: string, images: readonly string[], tag: string): void;
}

export interface SimulatedSnapshotHooks {
  isRunning: (vm: string) => boolean;
  /** Leaves the VM paused, as QEMU leaves a guest whose load failed. */
  halt: (vm: string) => void;
  /** The time the driver's actions take (a save or a live load with memory takes it too). */
  delay: () => Promise<void>;
}

export function createSimulatedSnapshots({
  isRunning,
  halt,
  delay,
}: SimulatedSnapshotHooks): SimulatedSnapshots {
  const images = new Map<string, ImageSnapshot[]>();
  const held = (image: string): ImageSnapshot[] => images.get(image) ?? [];
  const find = (image: string, tag: string): ImageSnapshot | undefined =>
    held(image).find((s) => s.tag === tag);

  /** Live work needs the VM's (simulated) process; offline work needs it gone, as QEMU's image locks do. */
  function check(target: SnapshotTarget, action: string): void {
    if (target.live && !isRunning(target.vm))
      throw HvErrors.driverFailed({ vm: target.vm, action, reason: 'the VM is not running' });
    if (!target.live && isRunning(target.vm)) {
      throw HvErrors.toolFailed({
        tool: 'qemu-img (simulated)',
        reason: `the images of VM '${target.vm}' are locked by its running process`,
      });
    }
  }

  function requireTag(target: SnapshotTarget, tag: string, action: string, memory: boolean): void {
    target.images.forEach((image, index) => {
      const snapshot = find(image, tag);
      if (snapshot === undefined) {
        throw HvErrors.driverFailed({
          vm: target.vm,
          action,
          reason: `image ${image} does not have the requested snapshot '${tag}' (simulated)`,
        });
      }
      if (memory && index === 0 && snapshot.vmStateBytes === 0) {
        throw HvErrors.driverFailed({
          vm: target.vm,
          action,
          reason: `'${tag}' is a disk-only snapshot; revert to it offline (simulated)`,
        });
      }
    });
  }

  return {
    async save(target, tag, memory) {
      check(target, 'snapshot');
      if (memory && !target.live) {
        throw HvErrors.driverFailed({
          vm: target.vm,
          action: 'snapshot',
          reason: 'a VM without a process has no memory to save',
        });
      }
      const taken = target.images.find((image) => find(image, tag) !== undefined);
      if (taken !== undefined) {
        throw HvErrors.driverFailed({
          vm: target.vm,
          action: 'snapshot',
          reason: `snapshot '${tag}' already exists in ${taken} (simulated)`,
        });
      }
      if (memory) await delay();
      target.images.forEach((image, index) => {
        const vmStateBytes = memory && index === 0 ? SIMULATED_VM_STATE_BYTES : 0;
        images.set(image, [...held(image), { tag, vmStateBytes }]);
      });
    },
    async load(target, tag) {
      check(target, 'restore');
      try {
        requireTag(target, tag, 'restore', target.live);
      } catch (error) {
        if (target.live) halt(target.vm);
        throw error;
      }
      // A live load reads the memory back, as long as saving it took.
      if (target.live) await delay();
    },
    async delete(target, tag) {
      check(target, 'delete snapshot');
      for (const image of target.images) {
        images.set(
          image,
          held(image).filter((s) => s.tag !== tag),
        );
      }
    },
    list: async (paths) => paths.map((image) => [...held(image)]),
    checkStart(vm, paths, tag) {
      requireTag({ vm, images: paths, live: true }, tag, 'start', true);
    },
  };
}
