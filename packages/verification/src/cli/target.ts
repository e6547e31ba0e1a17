/**
 * How a command finds its platform: the global `--url`, `--token` and `--context` flags, the
 * `VERIFY_*` variables and the configuration file, resolved in `config-file.ts`'s order, into the
 * SDK's `PlatformClient`. Every command against a running platform starts here.
 */
import type { Command } from 'commander';
import { PlatformClient } from '../client/index.js';
import { configPath, readConfig, resolveSettings, type Settings, type TargetFlags } from './config-file.js';
import { CliErrors } from './errors.js';

/** The flags of `command` and of the program above it (`--url` may stand before or after the command). */
export function commandFlags<T extends object = Record<string, unknown>>(command: Command): T & TargetFlags {
  return command.optsWithGlobals<T & TargetFlags>();
}

/** The url, token, project and context `command` uses; the file is read once. */
export function commandSettings(command: Command, env: NodeJS.ProcessEnv = process.env): Settings {
  const path = configPath(env);
  return resolveSettings(commandFlags(command), readConfig(path), path, env);
}

/** A client of the platform `settings` name; NO_PLATFORM_URL when none is. */
export function clientFor(settings: Settings, signal?: AbortSignal): PlatformClient {
  if (settings.url === undefined) throw CliErrors.noUrl({ context: settings.context });
  return new PlatformClient({
    url: settings.url,
    ...(settings.token === undefined ? {} : { token: settings.token }),
    ...(signal === undefined ? {} : { signal }),
  });
}

/** The client of the platform `command` talks to. */
export function platformClient(command: Command, signal?: AbortSignal): PlatformClient {
  return clientFor(commandSettings(command), signal);
}

/** The project a command works on: `--project`, `VERIFY_PROJECT`, the context's `project`. */
export function projectOf(settings: Settings): string {
  if (settings.project === undefined) throw CliErrors.noProject();
  return settings.project;
}

/**
 * Adds the options every command against a running platform takes to `program`: commander
 * recognises a program's options before or after the command's name.
 */
export function addTargetOptions(program: Command): Command {
  return program
    .option('--url <url>', 'platform URL, e.g. http://127.0.0.1:8080 (overrides VERIFY_URL and the context)')
    .option('--token <token>', 'API token (overrides VERIFY_TOKEN and the context)')
    .option('--context <name>', 'configuration context to use instead of the current one');
}
