/**
 * The part of the VM driver that makes internal snapshots: named states kept inside the VM's
 * qcow2 images, as libvirt's internal snapshots are. A snapshot is one tag in every image of the
 * VM; one with memory also holds the VM's RAM and device state in the first image.
 *
 * `live` says who does the work: the VM's own process (the VM runs or is paused; QEMU holds the
 * images) or, for a VM with no process, the image files themselves. The core chooses, from the
 * VM's state, and checks the rules (qcow2 only, memory only live); a driver only carries it out.
 * Starting a VM from a snapshot with memory is `LaunchSpec.restore` (vm-driver.ts).
 */

export interface SnapshotTarget {
  vm: string;
  /** The VM's image files in the order of its definition: the first holds the memory. */
  images: readonly string[];
  /** True: through the VM's running (or paused) process; false: on the image files. */
  live: boolean;
}

/** One internal snapshot an image holds. */
export interface ImageSnapshot {
  tag: string;
  /** Bytes of VM state (RAM, devices) saved with it in this image; 0 for a disk-only one. */
  vmStateBytes: number;
}

export interface SnapshotDriver {
  /**
   * Saves the disks under `tag` and, with `memory` (live only), the VM's RAM and device state in
   * the first image. A live save with memory stops the guest's CPUs while it runs and restarts
   * them after, if they ran; the VM's run state is as before when this resolves.
   */
  save(target: SnapshotTarget, tag: string, memory: boolean): Promise<void>;
  /**
   * Returns the disks (and, live, the memory and devices) to `tag`. Live, the snapshot must hold
   * memory, and the VM's run state stays what it was (a running VM runs on from the snapshot);
   * when a live load fails, the guest is left paused, since its memory may be partly loaded.
   */
  load(target: SnapshotTarget, tag: string): Promise<void>;
  /** Removes `tag` from every image that holds it. */
  delete(target: SnapshotTarget, tag: string): Promise<void>;
  /** The snapshots each image holds, in the order given; readable while a VM runs. */
  list(images: readonly string[]): Promise<ImageSnapshot[][]>;
}
