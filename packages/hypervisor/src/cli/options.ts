/**
 * What every client subcommand of `hvctl` shares: `--socket`, `--remote` and `--json`, the client
 * they make, option-value parsers that fail before anything is sent, and the two ways of printing.
 */
import { join } from 'node:path';
import { InvalidArgumentError, Option, type Command } from 'commander';
import { DEFAULT_RUN_DIR, SOCKET_FILE } from '../config.js';
import { createClient, type ApiClient } from './client.js';
import { resolveTarget } from './remote-config.js';

export interface ClientFlags {
  /** Given on the command line; `$HV_SOCKET` and the default are read by `clientFor`. */
  socket?: string;
  remote?: string;
  json?: boolean;
}

/** `{run_dir}/api.sock` with the run directory the service would use: `HV_RUN_DIR` or its default. */
export function defaultSocketPath(env: NodeJS.ProcessEnv = process.env): string {
  return join(env.HV_RUN_DIR ?? DEFAULT_RUN_DIR, SOCKET_FILE);
}

/**
 * A subcommand that talks to the service, with the shared `--socket`, `--remote` and `--json`
 * options. The environment is read by `clientFor`, not by commander, because which of a flag, an
 * environment variable and the configuration wins depends on the others (see `resolveTarget`).
 */
export function clientCommand(parent: Command, name: string, description: string): Command {
  return parent
    .command(name)
    .description(description)
    .addOption(
      new Option(
        '--socket <path>',
        "the local service's API socket (env: HV_SOCKET; default: " +
          `${DEFAULT_RUN_DIR}/${SOCKET_FILE}, or in $HV_RUN_DIR when set)`,
      ),
    )
    .addOption(
      new Option(
        '--remote <name>',
        "a remote of 'hvctl remote add', or local for the socket (env: HVCTL_REMOTE; default: " +
          "the one 'hvctl remote switch' chose, else local)",
      ),
    )
    .option('--json', "print the API's JSON as is, for scripts");
}

export function clientFor(flags: ClientFlags): ApiClient {
  const target = resolveTarget(flags, defaultSocketPath());
  return target.kind === 'socket'
    ? createClient({ socketPath: target.socketPath })
    : createClient({ remote: { name: target.name, ...target.remote } });
}

/** Prints the API's answer as JSON with `--json`, otherwise the human view of it. */
export function print<T>(flags: ClientFlags, value: T, human: (value: T) => string): void {
  process.stdout.write(flags.json === true ? `${JSON.stringify(value, null, 2)}\n` : `${human(value)}\n`);
}

export function positiveIntegerOption(value: string): number {
  if (!/^\d+$/.test(value.trim()) || Number(value) < 1)
    throw new InvalidArgumentError('expected a positive integer.');
  return Number(value);
}

/** `a,b,c`: trimmed, empty items dropped. */
export function listOption(value: string): string[] {
  const items = value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  if (items.length === 0) throw new InvalidArgumentError('expected a comma-separated list.');
  return items;
}

/** Repeatable option: each use adds one value. */
export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

/** A path segment for a resource name; the service checks the name itself. */
export function segment(name: string): string {
  return encodeURIComponent(name);
}

/** `2025-01-02T03:04:05.678Z` as `2025-01-02 03:04:05Z`: seconds are enough on a terminal. */
export function shortTime(iso: string | null | undefined): string {
  if (iso === null || iso === undefined) return '-';
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})(?:\.\d+)?Z$/.exec(iso);
  return match === null ? iso : `${match[1]} ${match[2]}Z`;
}
