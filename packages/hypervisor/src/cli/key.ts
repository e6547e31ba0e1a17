/**
 * `hvctl key ...`: the service's PQC keys. Secret halves never leave the service; `public` exports
 * a public key, as a PEM file written as-is (`hvctl key public k --format pem > k.pem`) or as the
 * raw key in base64. `create` and `rotate` of an SLH-DSA key are operations on the service's side
 * (202): they are followed to their end with a spinner, and print the key as the others do.
 */
import { Option, type Command } from 'commander';
import type { KeyView, PublicKeyView } from '../domain/key-service.js';
import type { OperationView } from '../domain/operations.js';
import type { ApiClient } from './client.js';
import { followOperation } from './operations.js';
import {
  clientCommand,
  clientFor,
  positiveIntegerOption,
  print,
  segment,
  shortTime,
  type ClientFlags,
} from './options.js';
import { formatFields, formatTable } from '@lab/server-kit/cli';

function formatKeyTable(keys: readonly KeyView[]): string {
  return formatTable(
    [
      { header: 'NAME', value: (key) => key.name },
      { header: 'ALGORITHM', value: (key) => key.algorithm },
      { header: 'PURPOSE', value: (key) => key.purpose },
      { header: 'VERSION', value: (key) => String(key.version), align: 'right' },
      { header: 'FINGERPRINT', value: (key) => key.fingerprint },
      { header: 'CREATED', value: (key) => shortTime(key.created_at) },
    ],
    keys,
  );
}

function versionLine(version: KeyView['versions'][number]): string {
  const state = version.current
    ? 'current'
    : version.revoked_at === null
      ? 'verifies only'
      : `revoked ${shortTime(version.revoked_at)}`;
  return `${version.version}  ${version.fingerprint}  ${shortTime(version.created_at)}  ${state}`;
}

function formatKey(key: KeyView): string {
  return formatFields([
    ['name', key.name],
    ['algorithm', `${key.algorithm} (OID ${key.oid})`],
    ['purpose', key.purpose],
    ['version', String(key.version)],
    ['fingerprint', key.fingerprint],
    ['public key', `${key.public_key_bytes} bytes`],
    ['created', shortTime(key.created_at)],
    ['rotated', key.rotated_at === null ? 'never' : shortTime(key.rotated_at)],
    ['versions', key.versions.map(versionLine).join('\n')],
  ]);
}

/** The key a create or rotate answered: at once (201, 200), or through its operation (202). */
async function keyOf(client: ApiClient, path: string, body: unknown, label: string): Promise<KeyView> {
  const answer = await client.requestWithStatus<KeyView | OperationView>('POST', path, body);
  if (answer.status !== 202) return answer.body as KeyView;
  const ended = await followOperation(client, answer.body as OperationView, label, { spinner: true });
  return ended.result as KeyView;
}

interface CreateFlags extends ClientFlags {
  algorithm: string;
  purpose: string;
}

interface PublicFlags extends ClientFlags {
  format: 'raw' | 'pem';
  version?: number;
}

export function addKeyCommands(program: Command): void {
  const key = program.command('key').description('Manage PQC keys (ML-KEM, ML-DSA, SLH-DSA)');

  clientCommand(key, 'list', 'List the keys').action(async (flags: ClientFlags) => {
    const answer = await clientFor(flags).request<{ keys: KeyView[] }>('GET', '/pqc/keys');
    print(flags, answer, (a) => formatKeyTable(a.keys));
  });

  clientCommand(key, 'get', "Show a key's metadata and versions")
    .argument('<name>', 'key name')
    .action(async (name: string, flags: ClientFlags) => {
      print(flags, await clientFor(flags).request<KeyView>('GET', `/pqc/keys/${segment(name)}`), formatKey);
    });

  clientCommand(key, 'create', 'Generate a key pair; the secret half stays sealed in the service')
    .argument('<name>', 'key name: letters, digits, ".", "_", "-"')
    .requiredOption(
      '--algorithm <name>',
      'ML-KEM-768, ML-DSA-65, SLH-DSA-SHA2-128s, ... (see hvctl pqc status)',
    )
    .addOption(
      new Option('--purpose <purpose>', 'attestation (ML-DSA), signing (ML-DSA, SLH-DSA) or kem (ML-KEM)')
        .choices(['attestation', 'signing', 'kem'])
        .makeOptionMandatory(),
    )
    .action(async (name: string, flags: CreateFlags) => {
      const body = { name, algorithm: flags.algorithm, purpose: flags.purpose };
      print(
        flags,
        await keyOf(clientFor(flags), '/pqc/keys', body, `generating ${flags.algorithm} key '${name}'`),
        (k) => `key '${k.name}' created (${k.algorithm}, ${k.purpose}, ${k.fingerprint})`,
      );
    });

  clientCommand(key, 'rotate', 'Generate a new version that becomes current')
    .argument('<name>', 'key name')
    .option('--revoke-previous', 'revoke earlier versions: what they signed no longer verifies')
    .action(async (name: string, flags: ClientFlags & { revokePrevious?: boolean }) => {
      const revoke = flags.revokePrevious === true;
      const answer = await keyOf(
        clientFor(flags),
        `/pqc/keys/${segment(name)}/rotate`,
        { revoke_previous: revoke },
        `rotating key '${name}'`,
      );
      print(
        flags,
        answer,
        (k) =>
          `key '${k.name}' rotated to version ${k.version} (${k.fingerprint}); ` +
          (revoke ? 'earlier versions revoked' : 'earlier versions still verify'),
      );
    });

  clientCommand(key, 'public', 'Export a public key: PEM as-is, or the raw key in base64')
    .argument('<name>', 'key name')
    .addOption(
      new Option('--format <format>', 'pem: SubjectPublicKeyInfo PEM file; raw: the key in base64')
        .choices(['raw', 'pem'])
        .default('raw'),
    )
    .option('--version <n>', 'key version (default: the current one)', positiveIntegerOption)
    .action(async (name: string, flags: PublicFlags, command: Command) => {
      const client = clientFor(flags);
      const path = `/pqc/keys/${segment(name)}/public`;
      const query = { format: flags.format, version: flags.version?.toString() };
      if (flags.format === 'pem') {
        if (flags.json === true)
          command.error("error: --json prints the raw key's JSON; leave out --format pem");
        process.stdout.write(
          await client.requestText('GET', path, { query, accept: 'application/x-pem-file' }),
        );
        return;
      }
      print(
        flags,
        await client.request<PublicKeyView>('GET', path, undefined, { query }),
        (p) => p.public_key,
      );
    });

  clientCommand(key, 'delete', 'Delete a key and every version; reports it signed no longer verify')
    .argument('<name>', 'key name')
    .action(async (name: string, flags: ClientFlags) => {
      print(
        flags,
        await clientFor(flags).request<{ name: string }>('DELETE', `/pqc/keys/${segment(name)}`),
        (a) => `key '${a.name}' deleted`,
      );
    });
}
