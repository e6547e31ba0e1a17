/**
 * `verifyctl token ...`: API tokens, managed directly in the data directory's SQLite file, so the
 * first admin token needs no running server. A running server sees the change at its next
 * request. `create` prints the token alone on standard output: `TOKEN=$(verifyctl token create ...)`.
 */
import type { TokenStore } from '@lab/server-kit';
import { InvalidArgumentError, Option, type Command } from 'commander';
import { createRoleToken, MAX_TOKEN_DAYS, openTokenStore } from '../api/auth.js';
import { ROLES, type Role } from '../api/scopes.js';
import { tokenView } from '../api/token-routes.js';
import { DEFAULT_DATA_DIR } from '../config.js';
import { openStore } from '../store/database.js';

interface StoreFlags {
  dataDir: string;
}

interface CreateFlags extends StoreFlags {
  name: string;
  role: Role;
  expiresInDays?: number;
}

function dataDirOption(): Option {
  return new Option('--data-dir <dir>', 'state directory of the service')
    .env('PLATFORM_DATA_DIR')
    .default(DEFAULT_DATA_DIR);
}

function lifetimeInDays(value: string): number {
  const days = Number(value);
  if (!/^\d+$/.test(value.trim()) || days < 1 || days > MAX_TOKEN_DAYS) {
    throw new InvalidArgumentError(`expected a whole number of days from 1 to ${MAX_TOKEN_DAYS}.`);
  }
  return days;
}

function withTokenStore<T>(dataDir: string, work: (tokens: TokenStore) => T): T {
  const db = openStore(dataDir);
  try {
    return work(openTokenStore(db));
  } finally {
    db.close();
  }
}

/** Columns padded to their widest cell, with no trailing spaces. */
function formatTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]?.length ?? 0)));
  const render = (row: readonly string[]) =>
    row
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [header, ...rows].map(render).join('\n');
}

export function addTokenCommands(program: Command): void {
  const token = program
    .command('token')
    .description('Manage API tokens in the data directory (the server need not run)');

  token
    .command('create')
    .description('Create a token; it is printed once and never shown again')
    .requiredOption('--name <name>', 'unique token name')
    .addOption(
      new Option(
        '--role <role>',
        'viewer reads; developer also creates projects and runs jobs; admin also manages tokens and webhooks',
      )
        .choices(Object.keys(ROLES))
        .makeOptionMandatory(),
    )
    .option('--expires-in-days <days>', 'lifetime in days (default: until revoked)', lifetimeInDays)
    .addOption(dataDirOption())
    .action((flags: CreateFlags) => {
      const created = withTokenStore(flags.dataDir, (tokens) =>
        createRoleToken(tokens, { name: flags.name, role: flags.role, expiresInDays: flags.expiresInDays }),
      );
      process.stderr.write(
        `token '${created.record.name}' created; it is shown only this once, keep it safe\n`,
      );
      process.stdout.write(`${created.token}\n`);
    });

  token
    .command('list')
    .description('List the tokens (never their secrets)')
    .addOption(dataDirOption())
    .action((flags: StoreFlags) => {
      const views = withTokenStore(flags.dataDir, (tokens) => tokens.list().map(tokenView));
      const rows = views.map((view) => [
        view.name,
        view.role ?? '-',
        view.created_at,
        view.last_used_at ?? 'never',
        view.expires_at ?? 'never',
      ]);
      process.stdout.write(`${formatTable(['NAME', 'ROLE', 'CREATED', 'LAST USED', 'EXPIRES'], rows)}\n`);
    });

  token
    .command('revoke')
    .description('Revoke a token: requests with it are refused from now on')
    .requiredOption('--name <name>', 'token name')
    .addOption(dataDirOption())
    .action((flags: StoreFlags & { name: string }) => {
      withTokenStore(flags.dataDir, (tokens) => tokens.revoke(flags.name));
      process.stdout.write(`token '${flags.name}' revoked\n`);
    });
}
