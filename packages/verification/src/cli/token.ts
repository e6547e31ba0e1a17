/**
 * `verifyctl token ...`: API tokens, in one of two places.
 *
 * - Through the API of a running platform (an admin token's business) when a platform URL is
 *   known (`--url`, `VERIFY_URL` or the context's `url`) and no data directory is named.
 * - Directly in the data directory's SQLite file otherwise, or whenever `--data-dir` or
 *   `PLATFORM_DATA_DIR` names one: so the first admin token needs no running server (nor a
 *   token). A running server sees the change at its next request.
 *
 * `create` prints the token alone on standard output: `TOKEN=$(verifyctl token create ...)`.
 */
import type { TokenStore } from '@lab/server-kit';
import { formatTable } from '@lab/server-kit/cli';
import { InvalidArgumentError, Option, type Command } from 'commander';
import { MAX_TOKEN_DAYS, ROLES, type Role } from '../api/scopes.js';
import type { createRoleToken } from '../api/auth.js';
import type { tokenView } from '../api/token-routes.js';
import type { PlatformClient } from '../client/index.js';
import { DEFAULT_DATA_DIR } from '../config.js';
import { addJsonOption, emit, type JsonFlag } from './output.js';
import { clientFor, commandSettings } from './target.js';

interface StoreFlags extends JsonFlag {
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

/**
 * Runs `work` on the data directory's token store. The store's modules (SQLite, the API's views)
 * load here, so commands that talk to a running platform start without them.
 */
async function withTokenStore<T>(dataDir: string, work: (local: LocalStore) => T): Promise<T> {
  const [auth, routes, { openStore }] = await Promise.all([
    import('../api/auth.js'),
    import('../api/token-routes.js'),
    import('../store/database.js'),
  ]);
  const db = openStore(dataDir);
  try {
    return work({
      tokens: auth.openTokenStore(db),
      createRoleToken: auth.createRoleToken,
      tokenView: routes.tokenView,
    });
  } finally {
    db.close();
  }
}

interface LocalStore {
  tokens: TokenStore;
  createRoleToken: typeof createRoleToken;
  tokenView: typeof tokenView;
}

/**
 * The platform's client when the command goes through the API: a platform URL is known and no
 * data directory was named (by flag or variable). Undefined: the command uses the data directory.
 */
function apiClient(command: Command): PlatformClient | undefined {
  const source = command.getOptionValueSource('dataDir');
  if (source === 'cli' || source === 'env') return undefined;
  const settings = commandSettings(command);
  return settings.url === undefined ? undefined : clientFor(settings);
}

type View = ReturnType<typeof tokenView>;

function tokenTable(views: readonly View[]): string {
  return formatTable(
    [
      { header: 'NAME', value: (view: View) => view.name },
      { header: 'ROLE', value: (view) => view.role ?? '-' },
      { header: 'CREATED', value: (view) => view.created_at },
      { header: 'LAST USED', value: (view) => view.last_used_at ?? 'never' },
      { header: 'EXPIRES', value: (view) => view.expires_at ?? 'never' },
    ],
    views,
  );
}

export function addTokenCommands(program: Command): void {
  const token = program
    .command('token')
    .description(
      'Manage API tokens through the platform when its URL is known, else (or with --data-dir) in its data directory',
    );

  const create = token
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
    .addOption(dataDirOption());
  addJsonOption(create).action(async (flags: CreateFlags, command: Command) => {
    const client = apiClient(command);
    const created = client
      ? await client.tokens.create({
          name: flags.name,
          role: flags.role,
          ...(flags.expiresInDays === undefined ? {} : { expires_in_days: flags.expiresInDays }),
        })
      : await withTokenStore(flags.dataDir, ({ tokens, createRoleToken, tokenView }) => {
          const made = createRoleToken(tokens, {
            name: flags.name,
            role: flags.role,
            expiresInDays: flags.expiresInDays,
          });
          return { token: made.token, ...tokenView(made.record) };
        });
    process.stderr.write(`token '${created.name}' created; it is shown only this once, keep it safe\n`);
    emit(flags, created, (view) => view.token);
  });

  addJsonOption(
    token.command('list').description('List the tokens (never their secrets)').addOption(dataDirOption()),
  ).action(async (flags: StoreFlags, command: Command) => {
    const client = apiClient(command);
    const listed = client
      ? await client.tokens.list()
      : {
          tokens: await withTokenStore(flags.dataDir, ({ tokens, tokenView }) =>
            tokens.list().map(tokenView),
          ),
        };
    emit(flags, listed, (view) => tokenTable(view.tokens));
  });

  token
    .command('revoke')
    .description('Revoke a token: requests with it are refused from now on')
    .requiredOption('--name <name>', 'token name')
    .addOption(dataDirOption())
    .action(async (flags: StoreFlags & { name: string }, command: Command) => {
      const client = apiClient(command);
      if (client) await client.tokens.revoke(flags.name);
      else await withTokenStore(flags.dataDir, ({ tokens }) => tokens.revoke(flags.name));
      process.stdout.write(`token '${flags.name}' revoked\n`);
    });
}
