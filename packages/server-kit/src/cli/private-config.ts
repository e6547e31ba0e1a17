/**
 * A command-line tool's private configuration file (`hvctl`'s remotes, `verifyctl`'s contexts):
 * JSON under `$XDG_CONFIG_HOME/<tool>/`, checked against a TypeBox schema when read.
 *
 * The file holds bearer tokens, so it is written with mode 0600 in a directory made 0700, through a
 * temporary file renamed over it (a reader never sees half a file). Like ssh with a private key, and
 * unlike kubectl, which only warns, a file group or others may read (or write) is refused: a token
 * others could read is as good as theirs, and a file others could write could point the tool at
 * their server.
 */
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import type { TSchema, Static } from 'typebox';
import { Value } from 'typebox/value';
import { KitErrors } from '../errors.js';

/** Any permission for the group or others. */
const UNSAFE_MODE_BITS = 0o077;

/** `$XDG_CONFIG_HOME/<tool>/config.json`, or `~/.config/<tool>/config.json` when it is unset or relative. */
export function userConfigPath(tool: string, env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CONFIG_HOME;
  // The XDG spec says a relative value is invalid and to be ignored.
  const dir = base !== undefined && base.startsWith('/') ? base : join(homedir(), '.config');
  return join(dir, tool, 'config.json');
}

/**
 * The file at `path` as `schema` says, refused (CONFIG_UNSAFE) when the group or others have any
 * access, and (CONFIG_INVALID) when it is not JSON or not the schema; a file that does not exist
 * is a copy of `empty`.
 */
export function readPrivateConfig<S extends TSchema>(path: string, schema: S, empty: Static<S>): Static<S> {
  let mode: number;
  try {
    mode = statSync(path).mode;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return structuredClone(empty);
    throw KitErrors.badConfigFile({ path, reason: (error as Error).message }, { cause: error });
  }
  if ((mode & UNSAFE_MODE_BITS) !== 0) {
    throw KitErrors.unsafeConfigFile({ path, mode: (mode & 0o777).toString(8).padStart(4, '0') });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw KitErrors.badConfigFile({ path, reason: (error as Error).message }, { cause: error });
  }
  const issue = Value.Errors(schema, parsed)[0];
  if (issue !== undefined) {
    throw KitErrors.badConfigFile({ path, reason: `${issue.instancePath || '/'} ${issue.message}` });
  }
  return parsed as Static<S>;
}

/** Replaces the file at `path` whole: a 0600 temporary file beside it, synced, then renamed over it. */
export function writePrivateConfig(path: string, config: unknown): void {
  const dir = dirname(path);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const temporary = join(dir, `.${basename(path)}.${process.pid}.tmp`);
  // `wx` refuses a file (or a link) already there; the mode is set at creation, never widened later.
  const fd = openSync(temporary, 'wx', 0o600);
  try {
    writeSync(fd, `${JSON.stringify(config, null, 2)}\n`);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(temporary, { force: true });
    throw error;
  }
  closeSync(fd);
  renameSync(temporary, path);
}
