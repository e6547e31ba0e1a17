/**
 * `hvctl token ...`: API tokens for the TCP listener, managed through the socket (admin). `create`
 * prints the token alone on standard output, so `TOKEN=$(hvctl token create ...)` captures it.
 */
import type { TokenRecord } from '@lab/server-kit';
import { formatTable } from '@lab/server-kit/cli';
import type { Command } from 'commander';
import {
  clientCommand,
  clientFor,
  listOption,
  positiveIntegerOption,
  print,
  segment,
  shortTime,
  type ClientFlags,
} from './options.js';

function formatTokenTable(tokens: readonly TokenRecord[]): string {
  return formatTable(
    [
      { header: 'NAME', value: (token) => token.name },
      { header: 'SCOPES', value: (token) => token.scopes.join(',') },
      { header: 'CREATED', value: (token) => shortTime(token.created_at) },
      { header: 'LAST USED', value: (token) => shortTime(token.last_used_at) },
      {
        header: 'EXPIRES',
        value: (token) => (token.expires_at === null ? 'never' : shortTime(token.expires_at)),
      },
    ],
    tokens,
  );
}

interface CreateFlags extends ClientFlags {
  name: string;
  scopes: string[];
  expiresInDays?: number;
}

export function addTokenCommands(program: Command): void {
  const token = program.command('token').description('Manage API tokens for the TCP listener');

  clientCommand(token, 'create', 'Create a token; it is printed once and never shown again')
    .requiredOption('--name <name>', 'unique token name (recorded as the actor in the audit log)')
    .requiredOption(
      '--scopes <list>',
      'comma-separated scopes: vm:read,vm:write,storage:read,...,admin',
      listOption,
    )
    .option('--expires-in-days <n>', 'lifetime in days (default: no expiry)', positiveIntegerOption)
    .action(async (flags: CreateFlags) => {
      const body = {
        name: flags.name,
        scopes: flags.scopes,
        ...(flags.expiresInDays === undefined ? {} : { expires_in_days: flags.expiresInDays }),
      };
      const created = await clientFor(flags).request<TokenRecord & { token: string }>(
        'POST',
        '/tokens',
        body,
      );
      if (flags.json !== true) {
        process.stderr.write(`token '${created.name}' created; it is shown only this once, keep it safe\n`);
      }
      print(flags, created, (t) => t.token);
    });

  clientCommand(token, 'list', 'List the tokens (never their secrets)').action(async (flags: ClientFlags) => {
    const answer = await clientFor(flags).request<{ tokens: TokenRecord[] }>('GET', '/tokens');
    print(flags, answer, (a) => formatTokenTable(a.tokens));
  });

  clientCommand(token, 'revoke', 'Revoke a token: requests with it are refused from now on')
    .argument('<name>', 'token name')
    .action(async (name: string, flags: ClientFlags) => {
      print(
        flags,
        await clientFor(flags).request<{ name: string }>('DELETE', `/tokens/${segment(name)}`),
        (a) => `token '${a.name}' revoked`,
      );
    });
}
