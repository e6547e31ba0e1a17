/**
 * `hvctl snapshot ...`: the snapshot routes of a VM, as a table and one-line answers. Taking or
 * restoring a snapshot with memory is an operation on the service's side, followed to its end
 * with a spinner; it cannot be cancelled once QEMU saves or loads.
 */
import type { Command } from 'commander';
import type { VmView } from '../api/schemas.js';
import type { SnapshotView } from '../domain/snapshot-service.js';
import { SNAPSHOT_JOB_TIMEOUT_MS } from '../drivers/qemu/snapshots.js';
import { DEFAULT_TIMEOUT_MS } from './client.js';
import { clientCommand, clientFor, print, segment, shortTime, type ClientFlags } from './options.js';
import { outcomeOf } from './operations.js';
import { withSpinner, formatTable } from '@lab/server-kit/cli';

/** Deleting a snapshot live takes as long as a snapshot job may run. */
const SNAPSHOT_REQUEST_TIMEOUT_MS = SNAPSHOT_JOB_TIMEOUT_MS + DEFAULT_TIMEOUT_MS;

function formatSnapshotTable(snapshots: readonly SnapshotView[]): string {
  return formatTable(
    [
      { header: 'NAME', value: (s) => s.name },
      { header: 'MEMORY', value: (s) => (s.include_memory ? 'yes' : 'no') },
      { header: 'VM STATE', value: (s) => s.vm_state },
      { header: 'DISKS', value: (s) => s.devices.storage.map((d) => d.path).join(',') },
      { header: 'CREATED', value: (s) => shortTime(s.created_at) },
      { header: 'DESCRIPTION', value: (s) => s.description ?? '-' },
    ],
    snapshots,
  );
}

const path = (vm: string, snapshot?: string): string =>
  `/vms/${segment(vm)}/snapshots${snapshot === undefined ? '' : `/${segment(snapshot)}`}`;

export function addSnapshotCommands(program: Command): void {
  const snapshot = program.command('snapshot').description('Manage the snapshots of a VM');

  clientCommand(snapshot, 'list', "List a VM's snapshots")
    .argument('<vm>', 'VM name')
    .action(async (vm: string, flags: ClientFlags) => {
      const answer = await clientFor(flags).request<{ snapshots: SnapshotView[] }>('GET', path(vm));
      print(flags, answer, (a) => formatSnapshotTable(a.snapshots));
    });

  clientCommand(snapshot, 'create', 'Take a snapshot of the disks (and, with --memory, of the running VM)')
    .argument('<vm>', 'VM name')
    .argument('<name>', 'snapshot name: a letter, then letters, digits, ".", "_", "-"')
    .option('--memory', 'save RAM and device state too (the VM must be running or paused)')
    .option('--description <text>', 'a note kept with the snapshot')
    .action(
      async (vm: string, name: string, flags: ClientFlags & { memory?: boolean; description?: string }) => {
        const body = {
          name,
          include_memory: flags.memory === true,
          ...(flags.description === undefined ? {} : { description: flags.description }),
        };
        // With --memory the service answers with a vm.snapshot_create operation, followed to its end.
        const answer = await outcomeOf<SnapshotView>(
          clientFor(flags),
          path(vm),
          body,
          `taking snapshot '${name}' of VM '${vm}'`,
          { spinner: true },
        );
        print(
          flags,
          answer,
          (s) =>
            `snapshot '${s.name}' of VM '${s.vm}' created (${s.include_memory ? 'disks and memory' : 'disks only'}, VM ${s.vm_state})`,
        );
      },
    );

  clientCommand(snapshot, 'restore', 'Return a VM to a snapshot')
    .argument('<vm>', 'VM name')
    .argument('<name>', 'snapshot name')
    .action(async (vm: string, name: string, flags: ClientFlags) => {
      // A snapshot with memory is restored by a vm.snapshot_restore operation, followed to its end.
      const answer = await outcomeOf<{ snapshot: SnapshotView; vm: VmView }>(
        clientFor(flags),
        `${path(vm, name)}/restore`,
        undefined,
        `restoring VM '${vm}' to snapshot '${name}'`,
        { spinner: true },
      );
      print(
        flags,
        answer,
        (a) => `VM '${a.vm.name}' restored to snapshot '${a.snapshot.name}'; it is ${a.vm.state}`,
      );
    });

  clientCommand(snapshot, 'delete', 'Delete a snapshot from the images and the records')
    .argument('<vm>', 'VM name')
    .argument('<name>', 'snapshot name')
    .action(async (vm: string, name: string, flags: ClientFlags) => {
      const answer = await withSpinner(`deleting snapshot '${name}' of VM '${vm}'`, () =>
        clientFor(flags).request<{ name: string }>('DELETE', path(vm, name), undefined, {
          timeoutMs: SNAPSHOT_REQUEST_TIMEOUT_MS,
        }),
      );
      print(flags, answer, (a) => `snapshot '${a.name}' of VM '${vm}' deleted`);
    });
}
