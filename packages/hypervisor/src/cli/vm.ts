/** `hvctl vm ...`: the VM routes of the API, as tables and one-line answers. */
import { randomBytes } from 'node:crypto';
import type { Command } from 'commander';
import type { VmView } from '../api/schemas.js';
import type { AttestationReport } from '../domain/attestation.js';
import { formatSize } from '../domain/units.js';
import type { VmStats } from '../domain/vm-service.js';
import {
  clientCommand,
  clientFor,
  collect,
  positiveIntegerOption,
  print,
  segment,
  shortTime,
  type ClientFlags,
} from './options.js';
import { addMigrationCommands } from './migration.js';
import { outcomeOf } from './operations.js';
import { withSpinner, formatFields, formatTable } from '@lab/server-kit/cli';

const dash = (text: string): string => (text === '' ? '-' : text);

/** The challenge `vm attest` makes up when given none. */
const NONCE_BYTES = 32;

function formatVmTable(vms: readonly VmView[]): string {
  return formatTable(
    [
      { header: 'NAME', value: (vm) => vm.name },
      { header: 'STATE', value: (vm) => vm.state },
      { header: 'CPUS', value: (vm) => String(vm.cpu.count), align: 'right' },
      { header: 'MEMORY', value: (vm) => vm.memory.size, align: 'right' },
      { header: 'DISKS', value: (vm) => dash(vm.devices.storage.map((d) => d.path).join(',')) },
      { header: 'SINCE', value: (vm) => shortTime(vm.state_changed_at) },
    ],
    vms,
  );
}

function bootText(boot: VmView['boot']): string {
  if (boot === null) return 'firmware, from the first disk';
  return [
    `kernel ${boot.kernel}`,
    ...(boot.initrd === undefined ? [] : [`initrd ${boot.initrd}`]),
    ...(boot.cmdline === undefined ? [] : [`cmdline ${JSON.stringify(boot.cmdline)}`]),
  ].join('\n');
}

function formatVm(vm: VmView): string {
  const { runtime } = vm;
  return formatFields([
    ['name', vm.name],
    ['uuid', vm.uuid],
    ['state', `${vm.state} since ${shortTime(vm.state_changed_at)}`],
    ['cpus', String(vm.cpu.count)],
    ['memory', vm.memory.size],
    [
      'disks',
      dash(
        vm.devices.storage
          .map((d) => `${d.path} (${d.type}${d.format === undefined ? '' : `, ${d.format}`})`)
          .join('\n'),
      ),
    ],
    ['networks', dash(vm.devices.network.map((n) => `${n.network} (${n.type})`).join('\n'))],
    ['boot', bootText(vm.boot)],
    ...(runtime === null
      ? []
      : ([
          ['driver', `${runtime.driver}, accelerator ${runtime.accelerator}, pid ${runtime.pid ?? '-'}`],
          [
            'files',
            dash(
              Object.entries(runtime.files)
                .map(([kind, path]) => `${kind} ${path}`)
                .join('\n'),
            ),
          ],
        ] as const)),
    ['created', shortTime(vm.created_at)],
    ['updated', shortTime(vm.updated_at)],
    ...(vm.last_error === null
      ? []
      : ([['last error', `${vm.last_error.message} (${shortTime(vm.last_error.at)})`]] as const)),
  ]);
}

function formatStats(stats: VmStats): string {
  const perSecond = (bytes: number): string => `${formatSize(bytes)}/s`;
  return formatFields([
    ['vm', stats.vm],
    ['cpu', `${stats.cpu_percent.toFixed(1)} %`],
    ['memory used', stats.memory_used],
    ['disk reads', `${stats.disk_read_iops} IOPS, ${perSecond(stats.disk_read_bytes_per_sec)}`],
    ['disk writes', `${stats.disk_write_iops} IOPS, ${perSecond(stats.disk_write_bytes_per_sec)}`],
    ['interval', `${stats.interval_ms} ms`],
    ['sampled', shortTime(stats.sampled_at)],
  ]);
}

interface CreateFlags extends ClientFlags {
  cpus: number;
  memory: string;
  disk?: string[];
  kernel?: string;
  initrd?: string;
  cmdline?: string;
}

/** The create body; boot paths are the service's (relative to its boot directory), sent as typed. */
function createBody(name: string, flags: CreateFlags): Record<string, unknown> {
  const boot =
    flags.kernel === undefined && flags.initrd === undefined && flags.cmdline === undefined
      ? undefined
      : {
          ...(flags.kernel === undefined ? {} : { kernel: flags.kernel }),
          ...(flags.initrd === undefined ? {} : { initrd: flags.initrd }),
          ...(flags.cmdline === undefined ? {} : { cmdline: flags.cmdline }),
        };
  return {
    name,
    cpu: { count: flags.cpus },
    memory: { size: flags.memory },
    ...(flags.disk === undefined
      ? {}
      : { devices: { storage: flags.disk.map((path) => ({ type: 'virtio-blk', path })) } }),
    ...(boot === undefined ? {} : { boot }),
  };
}

const ACTIONS = [
  ['start', 'Start a VM', 'starting'],
  ['pause', 'Pause a running VM', 'pausing'],
  ['resume', 'Resume a paused VM', 'resuming'],
  ['reset', 'Hard-reset a running VM', 'resetting'],
] as const;

export function addVmCommands(program: Command): void {
  const vm = program.command('vm').description('Manage virtual machines');

  clientCommand(vm, 'list', 'List the VMs').action(async (flags: ClientFlags) => {
    const answer = await clientFor(flags).request<{ vms: VmView[] }>('GET', '/vms');
    print(flags, answer, (a) => formatVmTable(a.vms));
  });

  clientCommand(vm, 'get', "Show a VM's definition, state and runtime")
    .argument('<name>', 'VM name')
    .action(async (name: string, flags: ClientFlags) => {
      print(flags, await clientFor(flags).request<VmView>('GET', `/vms/${segment(name)}`), formatVm);
    });

  clientCommand(vm, 'create', 'Define a VM (state CREATED)')
    .argument('<name>', 'VM name: letters, digits, ".", "_", "-"')
    .requiredOption('--cpus <n>', 'virtual CPUs', positiveIntegerOption)
    .requiredOption('--memory <size>', 'memory with a binary unit: 512M, 2G')
    .option('--disk <image>', 'attach a disk image (virtio-blk); repeat for more, the first boots', collect)
    .option('--kernel <file>', "direct kernel boot: kernel, relative to the service's boot directory")
    .option('--initrd <file>', 'initramfs for --kernel')
    .option('--cmdline <text>', 'kernel command line for --kernel')
    .action(async (name: string, flags: CreateFlags) => {
      print(flags, await clientFor(flags).request<VmView>('POST', '/vms', createBody(name, flags)), formatVm);
    });

  for (const [action, description, doing] of ACTIONS) {
    clientCommand(vm, action, description)
      .argument('<name>', 'VM name')
      .action(async (name: string, flags: ClientFlags) => {
        const answer = await withSpinner(`${doing} VM '${name}'`, () =>
          clientFor(flags).request<VmView>('POST', `/vms/${segment(name)}/${action}`),
        );
        print(flags, answer, (v) => `VM '${v.name}' is ${v.state}`);
      });
  }

  clientCommand(vm, 'stop', "Stop a VM: ACPI power-off, then a hard stop after the service's stop timeout")
    .argument('<name>', 'VM name')
    .option('--force', 'stop at once, without asking the guest (cancels a stop that waits for it)')
    .action(async (name: string, flags: ClientFlags & { force?: boolean }) => {
      const client = clientFor(flags);
      const path = `/vms/${segment(name)}/stop`;
      // Without --force the service answers with a vm.stop operation, followed to its end.
      const answer =
        flags.force === true
          ? await withSpinner(`stopping VM '${name}'`, () =>
              client.request<VmView>('POST', path, { force: true }),
            )
          : await outcomeOf<VmView>(
              client,
              path,
              { force: false },
              `stopping VM '${name}': waiting for the guest to power off`,
              { spinner: true },
            );
      print(flags, answer, (v) => `VM '${v.name}' is ${v.state}`);
    });

  clientCommand(vm, 'delete', 'Delete a VM (refused while it runs unless --force)')
    .argument('<name>', 'VM name')
    .option('--force', 'stop it first if it runs')
    .action(async (name: string, flags: ClientFlags & { force?: boolean }) => {
      const answer = await withSpinner(`deleting VM '${name}'`, () =>
        clientFor(flags).request<{ name: string }>('DELETE', `/vms/${segment(name)}`, undefined, {
          query: { force: String(flags.force === true) },
        }),
      );
      print(flags, answer, (a) => `VM '${a.name}' deleted`);
    });

  clientCommand(vm, 'stats', "Sample a running VM's CPU, memory and disk I/O")
    .argument('<name>', 'VM name')
    .action(async (name: string, flags: ClientFlags) => {
      print(
        flags,
        await clientFor(flags).request<VmStats>('GET', `/vms/${segment(name)}/stats`),
        formatStats,
      );
    });

  clientCommand(vm, 'attest', 'Get a signed attestation report on a running VM (JSON on stdout)')
    .argument('<name>', 'VM name')
    .option(
      '--nonce <base64>',
      `the verifier's challenge (default: ${NONCE_BYTES} random bytes, shown on stderr)`,
    )
    .option('--key <name>', "the attestation key (default: the service's own, made on first use)")
    .action(async (name: string, flags: ClientFlags & { nonce?: string; key?: string }) => {
      let nonce = flags.nonce;
      if (nonce === undefined) {
        nonce = randomBytes(NONCE_BYTES).toString('base64');
        process.stderr.write(`nonce: ${nonce}\n`);
      }
      const body = { nonce, ...(flags.key === undefined ? {} : { key: flags.key }) };
      const report = await clientFor(flags).request<AttestationReport>(
        'POST',
        `/vms/${segment(name)}/attest`,
        body,
      );
      // The report is JSON for people too: it is meant to be saved and handed to `pqc verify`.
      process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    });

  addMigrationCommands(vm);
}
