/**
 * `verifyctl login`: reads a token (typed without echo at a terminal, else the first line of
 * standard input), checks it against the platform, and only then stores it with the URL it was
 * checked against in the context, as `gh auth login --with-token` does.
 */
import type { Command } from 'commander';
import { PlatformError, type PlatformClient } from '../client/index.js';
import { checkContextName, configPath, readConfig, resolveSettings, writeConfig } from './config-file.js';
import { CliErrors } from './errors.js';
import { readFirstLine, readSecret } from './prompt.js';
import { clientFor, commandFlags } from './target.js';

/**
 * The token's role, from one request that needs a valid token: listing the tokens answers an
 * admin, and refuses any other role with a 403 whose details name the caller's role. A token the
 * platform does not know is refused (401 UNAUTHORIZED) and the error goes on.
 */
export async function tokenRole(client: PlatformClient): Promise<string> {
  try {
    await client.tokens.list();
    return 'admin';
  } catch (error) {
    const role = error instanceof PlatformError ? error.details.role : undefined;
    if (error instanceof PlatformError && error.code === 'FORBIDDEN' && typeof role === 'string') return role;
    throw error;
  }
}

async function readToken(): Promise<string> {
  const line = process.stdin.isTTY ? await readSecret('Token: ') : await readFirstLine();
  const token = line?.trim() ?? '';
  if (token === '') {
    throw CliErrors.noToken({
      reason: 'no token given: type it at the prompt, or pipe it (echo "$TOKEN" | verifyctl login)',
    });
  }
  return token;
}

export function addLoginCommand(program: Command): void {
  program
    .command('login')
    .description(
      'Check a token (typed without echo, or piped on standard input) against the platform and store it in the context',
    )
    .action(async (_flags: unknown, command: Command) => {
      const flags = commandFlags(command);
      const path = configPath();
      const file = readConfig(path);
      // `--context NAME` may name a new context: login makes it.
      const name = checkContextName(flags.context ?? file.current_context);
      const settings = resolveSettings(
        { ...flags, context: undefined },
        { ...file, current_context: name },
        path,
      );
      // The URL is checked before the prompt, so nobody types a token for nothing.
      const { url } = settings;
      if (url === undefined) throw CliErrors.noUrl({ context: name });
      const token = await readToken();
      const role = await tokenRole(clientFor({ ...settings, token }));
      file.contexts[name] = { ...file.contexts[name], url, token };
      writeConfig(path, file);
      process.stderr.write(
        `logged in to ${url} with a token of role ${role}; stored in context '${name}' of ${path}\n`,
      );
    });
}
