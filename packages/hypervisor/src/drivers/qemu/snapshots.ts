/**
 * Internal qcow2 snapshots under QEMU, taken the way libvirt takes them.
 *
 * Live, through the VM's QMP (its QEMU holds the images; the disks are the format nodes
 * `disk0`, `disk1`, ... of command-line.ts):
 * - with memory: the `snapshot-save` job (QEMU 6.0 and later) with every disk node in `devices`
 *   and the VM state (RAM, devices) in the first (`vmstate: disk0`). QEMU stops the vCPUs while it
 *   saves and restarts them after, if they ran.
 * - disks only: one `transaction` of `blockdev-snapshot-internal-sync` actions, one per disk node,
 *   so every disk gets the tag or none does. The guest is not stopped (QEMU drains its I/O): the
 *   disks are as after a power cut at that instant (crash-consistent).
 * - load: the `snapshot-load` job. QEMU stops the vCPUs, reverts every disk, loads the VM state,
 *   and restarts the vCPUs when they ran and the load succeeded. After a failed load it leaves
 *   them stopped, and so does the driver: the guest's memory may be partly overwritten.
 *   `query-status` confirms the run state after a load.
 * - delete: the `snapshot-delete` job over every disk node (a node without the tag is skipped).
 * A job is followed with `query-jobs` until it is `concluded` (with `error` when it failed), then
 * removed with `job-dismiss`. QEMU runs these jobs in its main loop, so QMP answers nothing else
 * until the job is done: `query-jobs` waits for as long as the job may take.
 *
 * Offline (no process): `qemu-img snapshot -c|-a|-d` on each image. A create that fails on one
 * image removes the tag from the images it was made on before.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { HvErrors } from '../../errors.js';
import { imageSnapshot, imageSnapshots } from '../qemu-img.js';
import type { ImageSnapshot, SnapshotDriver, SnapshotTarget } from '../snapshot-driver.js';
import { diskNodeName } from './command-line.js';
import type { QmpClient, QmpCommand } from './qmp-client.js';

/** The longest a snapshot job may run: saving or loading the RAM of a large VM takes a while. */
export const SNAPSHOT_JOB_TIMEOUT_MS = 10 * 60_000;
const JOB_POLL_MS = 50;

export interface QemuSnapshotHooks {
  /**
   * Runs `work` on the VM's QMP connection with the STOP and RESUME events QEMU sends meanwhile
   * taken as the driver's own (a snapshot job stops and restarts the vCPUs itself).
   */
  quietly<T>(vm: string, action: string, work: (qmp: QmpClient) => Promise<T>): Promise<T>;
}

type JobCommand = Extract<QmpCommand, 'snapshot-save' | 'snapshot-load' | 'snapshot-delete'>;

/** Starts a snapshot job and waits until QEMU concludes it; throws DRIVER_ERROR with QEMU's reason. */
async function runJob(
  qmp: QmpClient,
  vm: string,
  command: JobCommand,
  args: Record<string, unknown>,
  timeoutMs = SNAPSHOT_JOB_TIMEOUT_MS,
): Promise<void> {
  const id = `hv-${command}-${randomUUID().slice(0, 8)}`;
  await qmp.execute(command, { arguments: { 'job-id': id, ...args } });
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const remaining = Math.max(1, deadline - performance.now());
    const job = (await qmp.execute('query-jobs', { timeoutMs: remaining })).find((j) => j.id === id);
    if (job === undefined) {
      throw HvErrors.driverFailed({ vm, action: command, reason: `QEMU lost the job '${id}'` });
    }
    if (job.status === 'concluded') {
      await qmp.execute('job-dismiss', { arguments: { id } });
      if (job.error !== undefined) {
        throw HvErrors.driverFailed(
          { vm, action: command, reason: job.error },
          { details: { qmpJob: id, qmpError: job.error } },
        );
      }
      return;
    }
    if (performance.now() >= deadline) {
      throw HvErrors.driverFailed({
        vm,
        action: command,
        reason: `the job '${id}' did not conclude within ${timeoutMs} ms (status ${job.status})`,
      });
    }
    await sleep(JOB_POLL_MS);
  }
}

const nodes = (target: SnapshotTarget): string[] => target.images.map((_, index) => diskNodeName(index));

export function createQemuSnapshots(hooks: QemuSnapshotHooks): SnapshotDriver {
  const saveLive = (target: SnapshotTarget, tag: string, memory: boolean): Promise<void> =>
    hooks.quietly(target.vm, 'snapshot', async (qmp) => {
      if (memory) {
        await runJob(qmp, target.vm, 'snapshot-save', {
          tag,
          vmstate: nodes(target)[0],
          devices: nodes(target),
        });
      } else {
        await qmp.execute('transaction', {
          arguments: {
            actions: nodes(target).map((device) => ({
              type: 'blockdev-snapshot-internal-sync',
              data: { device, name: tag },
            })),
          },
        });
      }
    });

  const loadLive = (target: SnapshotTarget, tag: string): Promise<void> =>
    hooks.quietly(target.vm, 'restore', async (qmp) => {
      const { running } = await qmp.execute('query-status');
      try {
        await runJob(qmp, target.vm, 'snapshot-load', {
          tag,
          vmstate: nodes(target)[0],
          devices: nodes(target),
        });
      } catch (error) {
        // Its memory may be partly loaded: the guest stays paused, whatever failed.
        await qmp.execute('stop').catch(() => undefined);
        throw error;
      }
      // QEMU restarts the vCPUs after a load only when they ran before: check that it did.
      const after = await qmp.execute('query-status');
      if (after.running !== running) {
        throw HvErrors.driverFailed({
          vm: target.vm,
          action: 'restore',
          reason: `QEMU left the VM ${after.status} after loading '${tag}' (it was ${running ? 'running' : 'paused'})`,
        });
      }
    });

  /** Makes the tag on each image; on a failure, takes it off those done before. */
  const saveOffline = async (images: readonly string[], tag: string): Promise<void> => {
    const done: string[] = [];
    try {
      for (const image of images) {
        await imageSnapshot('create', image, tag);
        done.push(image);
      }
    } catch (error) {
      for (const image of done) await imageSnapshot('delete', image, tag).catch(() => undefined);
      throw error;
    }
  };

  return {
    async save(target, tag, memory) {
      if (target.live) await saveLive(target, tag, memory);
      else if (memory) {
        throw HvErrors.driverFailed({
          vm: target.vm,
          action: 'snapshot',
          reason: 'a VM without a process has no memory to save',
        });
      } else await saveOffline(target.images, tag);
    },
    async load(target, tag) {
      if (target.live) await loadLive(target, tag);
      else for (const image of target.images) await imageSnapshot('apply', image, tag);
    },
    async delete(target, tag) {
      if (target.live) {
        await hooks.quietly(target.vm, 'delete snapshot', (qmp) =>
          runJob(qmp, target.vm, 'snapshot-delete', { tag, devices: nodes(target) }),
        );
      } else {
        for (const image of target.images) {
          const held = await imageSnapshots(image);
          if (held.some((snapshot) => snapshot.tag === tag)) await imageSnapshot('delete', image, tag);
        }
      }
    },
    list: (images): Promise<ImageSnapshot[][]> => Promise.all(images.map((image) => imageSnapshots(image))),
  };
}
