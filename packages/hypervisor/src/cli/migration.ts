/**
 * `hvctl vm clone|migrate|migrate-cancel`: clones and live migration. A full `vm clone` and
 * `vm migrate` start an operation, then follow it with a percentage bar on a terminal (Ctrl-C
 * cancels it: no clone is left, or the guest runs on here) and print the result. The destination's token is read from a
 * file (`--token-file`, `-` for standard input), never taken as an argument, which other users
 * could read in the process list.
 */
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import type { VmView } from '../api/schemas.js';
import type { OperationView } from '../domain/operations.js';
import { DEFAULT_TIMEOUT_MS } from './client.js';
import { CliErrors } from './errors.js';
import { readSecretFile } from './disk.js';
import { followOperation, outcomeOf } from './operations.js';
import {
  clientCommand,
  clientFor,
  positiveIntegerOption,
  print,
  segment,
  type ClientFlags,
} from './options.js';
import { withSpinner } from '@lab/server-kit/cli';

/** A migration's destination starts a QEMU before the service answers: that takes a while. */
const MIGRATE_REQUEST_TIMEOUT_MS = 120_000 + DEFAULT_TIMEOUT_MS;

/** The token in a file, or on standard input with `-`; one final newline is not part of it. */
export async function readTokenFile(file: string): Promise<string> {
  if (file !== '-') return readSecretFile(file);
  let text: string;
  try {
    text = readFileSync(0, 'utf8');
  } catch (error) {
    throw CliErrors.badInput({ file, reason: (error as Error).message }, { cause: error });
  }
  const token = text.replace(/\r?\n$/, '');
  if (token === '') throw CliErrors.badInput({ file, reason: 'it is empty' });
  return token;
}

/** `VM 'web1' migrated to http://b:9400/api/v1 in 1.2 s (downtime 41 ms, 63.5M transferred)` */
export function migrationSummary(vm: string, result: Record<string, unknown>): string {
  const seconds = (Number(result.total_time_ms) / 1000).toFixed(1);
  return (
    `VM '${vm}' migrated to ${String(result.destination)} in ${seconds} s ` +
    `(downtime ${String(result.downtime_ms)} ms, ${String(result.transferred)} transferred)`
  );
}

interface MigrateFlags extends ClientFlags {
  to: string;
  tokenFile: string;
  fingerprint?: string;
  maxDowntimeMs?: number;
  bandwidth?: string;
}

export function addMigrationCommands(vm: Command): void {
  clientCommand(vm, 'clone', 'Clone a VM: new disk images (full copies, or overlays with --linked)')
    .argument('<source>', 'the VM to clone; a running one is paused for the copy')
    .argument('<name>', 'the new VM; its images are <name>-0, <name>-1, ...')
    .option(
      '--linked',
      'qcow2 overlays on the source images (the source must not run, and then may not start)',
    )
    .action(async (source: string, name: string, flags: ClientFlags & { linked?: boolean }) => {
      const linked = flags.linked === true;
      // A full copy is a vm.clone operation on the service, followed to its end with the bar.
      const clone = await outcomeOf<VmView>(
        clientFor(flags),
        `/vms/${segment(source)}/clone`,
        { name, linked },
        `cloning VM '${source}'`,
      );
      print(
        flags,
        clone,
        (v) =>
          `VM '${v.name}' created from '${source}' (${linked ? 'linked clone' : 'full copy'}); ` +
          `disks ${v.devices.storage.map((d) => d.path).join(', ') || '-'}`,
      );
    });

  clientCommand(vm, 'migrate', 'Migrate a running VM live to another host (shared storage)')
    .argument('<name>', 'VM name')
    .requiredOption('--to <url>', "the destination's API: http://host:9400")
    .requiredOption(
      '--token-file <file>',
      'a file holding a token of the destination with vm:write (- for stdin)',
    )
    .option(
      '--fingerprint <sha256>',
      "the destination's TLS certificate fingerprint (its system info's tls.fingerprint), pinned",
    )
    .option(
      '--max-downtime-ms <n>',
      'the longest the guest may be stopped at the switch-over',
      positiveIntegerOption,
    )
    .option('--bandwidth <rate>', 'the most the migration may use per second: 100M, 1G')
    .action(async (name: string, flags: MigrateFlags) => {
      const token = await readTokenFile(flags.tokenFile);
      const client = clientFor(flags);
      const started = await withSpinner(`preparing the destination of VM '${name}'`, () =>
        client.request<OperationView>(
          'POST',
          `/vms/${segment(name)}/migrate`,
          {
            destination: flags.to,
            token,
            ...(flags.fingerprint === undefined ? {} : { destination_fingerprint: flags.fingerprint }),
            ...(flags.maxDowntimeMs === undefined ? {} : { max_downtime_ms: flags.maxDowntimeMs }),
            ...(flags.bandwidth === undefined ? {} : { bandwidth: flags.bandwidth }),
          },
          { timeoutMs: MIGRATE_REQUEST_TIMEOUT_MS },
        ),
      );
      const ended = await followOperation(client, started, `migrating VM '${name}'`);
      print(flags, ended, (op) => migrationSummary(name, op.result ?? {}));
    });

  clientCommand(vm, 'migrate-cancel', "Cancel a VM's live migration: the guest runs on here")
    .argument('<name>', 'VM name')
    .action(async (name: string, flags: ClientFlags) => {
      const op = await clientFor(flags).request<OperationView>(
        'POST',
        `/vms/${segment(name)}/migrate/cancel`,
      );
      print(flags, op, (o) => `migration of VM '${name}' is being cancelled (operation ${o.id})`);
    });
}
