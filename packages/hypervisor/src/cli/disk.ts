/**
 * `hvctl disk ...`: the disk images of the storage routes. Convert, compact, check and rekey start
 * a tracked operation and follow it to its end (a percentage bar on a terminal); `--json` prints the
 * operation as it ended, but for rekey, which prints the image as it always did. Passphrases are read from files (`--secret-file` and the like), never
 * taken as arguments, which other users could read in the process list.
 */
import { readFile } from 'node:fs/promises';
import { Option, type Command } from 'commander';
import type { DiskImage } from '../domain/disk-service.js';
import type { OperationView } from '../domain/operations.js';
import { formatSize } from '../domain/units.js';
import { DEFAULT_TIMEOUT_MS } from './client.js';
import { CliErrors } from './errors.js';
import { followOperation } from './operations.js';
import { clientCommand, clientFor, print, segment, shortTime, type ClientFlags } from './options.js';
import { withSpinner, formatTable } from '@lab/server-kit/cli';

/** Creating or resizing an encrypted image opens or writes a LUKS key slot, whose PBKDF takes seconds by design. */
const KEY_SLOT_TIMEOUT_MS = 120_000 + DEFAULT_TIMEOUT_MS;

/** A passphrase file's content; one final newline (as `echo` leaves) is not part of it. */
export async function readSecretFile(file: string): Promise<string> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw CliErrors.badInput({ file, reason: (error as Error).message }, { cause: error });
  }
  const secret = text.replace(/\r?\n$/, '');
  if (secret === '') throw CliErrors.badInput({ file, reason: 'the file is empty' });
  return secret;
}

/** `{secret}` from `--secret-file`, or nothing. */
async function secretOption(file: string | undefined): Promise<{ secret?: string }> {
  return file === undefined ? {} : { secret: await readSecretFile(file) };
}

/** Prints the ended operation with `--json`, otherwise `human` of its result. */
function printOperation(
  flags: ClientFlags,
  op: OperationView,
  human: (result: Record<string, unknown>) => string,
): void {
  print(flags, op, (ended) => human(ended.result ?? {}));
}

const bytes = (value: unknown): string => formatSize(Number(value));

function checkSummary(name: string, r: Record<string, unknown>): string {
  const repaired = r.repaired as { corruptions: number; leaks: number } | null;
  const lines = [
    r.clean === true
      ? `disk image '${name}' is clean`
      : `disk image '${name}': ${String(r.corruptions)} corruptions, ${String(r.leaks)} leaked clusters, ` +
        `${String(r.check_errors)} check errors`,
  ];
  if (repaired !== null) {
    lines.push(`repaired: ${repaired.corruptions} corruptions, ${repaired.leaks} leaked clusters`);
  }
  if (r.clean !== true) lines.push("repair with 'hvctl disk check NAME --repair leaks' (or all)");
  return lines.join('\n');
}

function formatImageTable(images: readonly DiskImage[]): string {
  return formatTable(
    [
      { header: 'NAME', value: (image) => image.name },
      {
        header: 'FORMAT',
        value: (image) => `${image.format}${image.encrypted ? ' (luks)' : ''}`,
      },
      { header: 'SIZE', value: (image) => image.size, align: 'right' },
      { header: 'ON DISK', value: (image) => image.actual_size, align: 'right' },
      { header: 'USED BY', value: (image) => (image.used_by.length === 0 ? '-' : image.used_by.join(',')) },
      { header: 'POOL', value: (image) => image.pool },
      { header: 'BACKING', value: (image) => image.backing ?? '-' },
      { header: 'CREATED', value: (image) => shortTime(image.created_at) },
    ],
    images,
  );
}

export function addDiskCommands(program: Command): void {
  const disk = program.command('disk').description('Manage disk images');

  clientCommand(disk, 'list', 'List the disk images').action(async (flags: ClientFlags) => {
    const answer = await clientFor(flags).request<{ images: DiskImage[] }>('GET', '/storage');
    print(flags, answer, (a) => formatImageTable(a.images));
  });

  clientCommand(disk, 'create', 'Create a disk image with qemu-img')
    .argument('<name>', 'image name: letters, digits, ".", "_", "-"')
    .option('--size <size>', "virtual size with a binary unit: 20G, 512M (a thin clone: its base's)")
    .addOption(new Option('--format <format>', 'image format (default qcow2)').choices(['qcow2', 'raw']))
    .option('--pool <pool>', 'the storage pool (default: default)')
    .option('--encrypted', 'LUKS-encrypted qcow2, its passphrase read from --secret-file')
    .option('--secret-file <file>', 'the passphrase of an encrypted image')
    .option('--backing <image>', 'a thin clone (qcow2 overlay) of this image, in its pool')
    .addOption(
      new Option('--preallocation <mode>', 'what to allocate up front').choices([
        'off',
        'metadata',
        'falloc',
        'full',
      ]),
    )
    .action(
      async (
        name: string,
        flags: ClientFlags & {
          size?: string;
          format?: string;
          pool?: string;
          encrypted?: boolean;
          secretFile?: string;
          backing?: string;
          preallocation?: string;
        },
      ) => {
        const body = {
          name,
          ...(flags.size === undefined ? {} : { size: flags.size }),
          ...(flags.format === undefined ? {} : { format: flags.format }),
          ...(flags.pool === undefined ? {} : { pool: flags.pool }),
          ...(flags.encrypted === true ? { encrypted: true } : {}),
          ...(await secretOption(flags.secretFile)),
          ...(flags.backing === undefined ? {} : { backing: flags.backing }),
          ...(flags.preallocation === undefined ? {} : { preallocation: flags.preallocation }),
        };
        print(
          flags,
          await withSpinner(`creating disk image '${name}'`, () =>
            clientFor(flags).request<DiskImage>('POST', '/storage', body, { timeoutMs: KEY_SLOT_TIMEOUT_MS }),
          ),
          (image) =>
            `disk image '${image.name}' created (${image.format}${image.encrypted ? ', encrypted' : ''}, ` +
            `${image.size}${image.backing === null ? '' : `, on '${image.backing}'`})`,
        );
      },
    );

  clientCommand(disk, 'resize', 'Grow (or, with --shrink, shrink) a disk image')
    .argument('<name>', 'image name')
    .requiredOption('--size <size>', 'the new virtual size: 20G, 512M')
    .option('--shrink', 'allow making it smaller: what lies past the new end is lost')
    .option('--secret-file <file>', 'the passphrase of an encrypted image')
    .action(
      async (name: string, flags: ClientFlags & { size: string; shrink?: boolean; secretFile?: string }) => {
        const body = {
          size: flags.size,
          ...(flags.shrink === true ? { shrink: true } : {}),
          ...(await secretOption(flags.secretFile)),
        };
        print(
          flags,
          await clientFor(flags).request<DiskImage>('PATCH', `/storage/${segment(name)}`, body, {
            timeoutMs: KEY_SLOT_TIMEOUT_MS,
          }),
          (image) => `disk image '${image.name}' resized to ${image.size}`,
        );
      },
    );

  clientCommand(disk, 'convert', 'Convert a disk image into a new one (qemu-img convert)')
    .argument('<name>', 'the image to convert')
    .addOption(
      new Option('--format <format>', "the new image's format")
        .choices(['qcow2', 'raw'])
        .makeOptionMandatory(),
    )
    .requiredOption('--target <name>', "the new image's name")
    .option('--compress', 'compressed clusters (qcow2 only)')
    .option('--pool <pool>', "the new image's pool (default: the source's)")
    .option('--secret-file <file>', 'the passphrase of an encrypted image')
    .action(
      async (
        name: string,
        flags: ClientFlags & {
          format: string;
          target: string;
          compress?: boolean;
          pool?: string;
          secretFile?: string;
        },
      ) => {
        const client = clientFor(flags);
        const body = {
          format: flags.format,
          target: flags.target,
          ...(flags.compress === true ? { compress: true } : {}),
          ...(flags.pool === undefined ? {} : { pool: flags.pool }),
          ...(await secretOption(flags.secretFile)),
        };
        const started = await client.request<OperationView>(
          'POST',
          `/storage/${segment(name)}/convert`,
          body,
        );
        const ended = await followOperation(client, started, `converting '${name}'`);
        printOperation(
          flags,
          ended,
          (r) =>
            `disk image '${name}' converted into '${String(r.target)}' (${String(r.format)}` +
            `${r.compressed === true ? ', compressed' : ''}, ${bytes(r.actual_size_bytes)} on disk)`,
        );
      },
    );

  clientCommand(disk, 'compact', 'Rewrite a qcow2 image without the space its guest freed')
    .argument('<name>', 'image name')
    .option('--secret-file <file>', 'the passphrase of an encrypted image')
    .action(async (name: string, flags: ClientFlags & { secretFile?: string }) => {
      const client = clientFor(flags);
      const started = await client.request<OperationView>(
        'POST',
        `/storage/${segment(name)}/compact`,
        await secretOption(flags.secretFile),
      );
      const ended = await followOperation(client, started, `compacting '${name}'`);
      printOperation(
        flags,
        ended,
        (r) =>
          `disk image '${name}' compacted: ${bytes(r.bytes_before)} -> ${bytes(r.bytes_after)} ` +
          `(${bytes(Math.max(0, Number(r.bytes_saved)))} saved)`,
      );
    });

  clientCommand(disk, 'check', 'Check a qcow2 image for leaks and corruption (exit 1 when not clean)')
    .argument('<name>', 'image name')
    .addOption(
      new Option('--repair <what>', 'repair leaked clusters, or everything').choices(['leaks', 'all']),
    )
    .option('--secret-file <file>', 'the passphrase of an encrypted image')
    .action(async (name: string, flags: ClientFlags & { repair?: string; secretFile?: string }) => {
      const client = clientFor(flags);
      const body = {
        ...(flags.repair === undefined ? {} : { repair: flags.repair }),
        ...(await secretOption(flags.secretFile)),
      };
      const started = await client.request<OperationView>('POST', `/storage/${segment(name)}/check`, body);
      const ended = await followOperation(client, started, `checking '${name}'`);
      printOperation(flags, ended, (r) => checkSummary(name, r));
      if (ended.result?.clean !== true) process.exitCode = 1;
    });

  clientCommand(disk, 'rekey', 'Replace the passphrase of an encrypted image')
    .argument('<name>', 'image name')
    .requiredOption('--old-secret-file <file>', 'the passphrase that opens it now')
    .requiredOption('--new-secret-file <file>', 'the passphrase that will open it instead')
    .action(async (name: string, flags: ClientFlags & { oldSecretFile: string; newSecretFile: string }) => {
      const client = clientFor(flags);
      const body = {
        old_secret: await readSecretFile(flags.oldSecretFile),
        new_secret: await readSecretFile(flags.newSecretFile),
      };
      const started = await client.request<OperationView>('POST', `/storage/${segment(name)}/rekey`, body);
      const ended = await followOperation(client, started, `rekeying '${name}'`);
      // As before the rekey became an operation: the image, or with --json its JSON.
      print(
        flags,
        ended.result as DiskImage,
        (image) => `disk image '${image.name}' rekeyed: only the new passphrase opens it`,
      );
    });

  clientCommand(disk, 'delete', 'Delete a disk image (refused while a running VM uses it)')
    .argument('<name>', 'image name')
    .action(async (name: string, flags: ClientFlags) => {
      print(
        flags,
        await clientFor(flags).request<{ name: string }>('DELETE', `/storage/${segment(name)}`),
        (a) => `disk image '${a.name}' deleted`,
      );
    });
}
