/**
 * `hvctl`'s remotes: the hypervisor services it may talk to besides the local Unix socket, kept in
 * `$XDG_CONFIG_HOME/hvctl/config.json` (default `~/.config/hvctl/config.json`) as Incus keeps its
 * `config.yml`. Each remote holds a URL, a token and, for a certificate no authority vouches for,
 * the pinned SHA-256 fingerprint of it.
 *
 * The file holds bearer tokens, so it is written with mode 0600 in a directory made 0700, through a
 * temporary file renamed over it (a reader never sees half a file). Like ssh with a private key, and
 * unlike kubectl, which only warns, a file group or others may read (or write) is refused: a token
 * others could read is as good as theirs, and a file others could write could point a remote at their
 * server.
 *
 * `resolveTarget` decides which server a command talks to; the order is in its comment.
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
import { dirname, join } from 'node:path';
import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';
import { CliErrors } from './errors.js';

/** The name of the Unix socket "remote": always there, never stored, never removable. */
export const LOCAL_REMOTE = 'local';
/** A remote's name: what `--remote` takes; short enough for a table column. */
export const REMOTE_NAME_PATTERN = /^[a-z0-9][a-z0-9._-]{0,62}$/i;
/** The service's REST port, for a URL that names none (as Incus defaults to 8443). */
export const DEFAULT_REMOTE_PORT = 9400;
const CONFIG_VERSION = 1;
/** Any permission for the group or others. */
const UNSAFE_MODE_BITS = 0o077;

const FINGERPRINT = '^[0-9a-f]{64}$';

const RemoteSchema = Type.Object(
  {
    /** `https://host:port` (or `http://` to loopback), no path: the client adds `/api/v1`. */
    url: Type.String({ pattern: '^https?://[^/]+$' }),
    token: Type.String({ minLength: 1 }),
    /** Absent when a certificate authority the system trusts vouches for the server. */
    fingerprint: Type.Optional(Type.String({ pattern: FINGERPRINT })),
    added_at: Type.String(),
  },
  { additionalProperties: false },
);

const ConfigSchema = Type.Object(
  {
    version: Type.Literal(CONFIG_VERSION),
    current: Type.String({ minLength: 1 }),
    remotes: Type.Record(Type.String({ pattern: REMOTE_NAME_PATTERN.source }), RemoteSchema),
  },
  { additionalProperties: false },
);

export type Remote = Static<typeof RemoteSchema>;
export type HvctlConfig = Static<typeof ConfigSchema>;

export const EMPTY_CONFIG: HvctlConfig = { version: CONFIG_VERSION, current: LOCAL_REMOTE, remotes: {} };

/** `$XDG_CONFIG_HOME/hvctl/config.json`, or `~/.config/hvctl/config.json` when it is unset or relative. */
export function configPath(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CONFIG_HOME;
  // The XDG spec says a relative value is invalid and to be ignored.
  const dir = base !== undefined && base.startsWith('/') ? base : join(homedir(), '.config');
  return join(dir, 'hvctl', 'config.json');
}

/** The configuration at `path`; a file that does not exist is an empty one. */
export function readConfig(path: string): HvctlConfig {
  let mode: number;
  try {
    mode = statSync(path).mode;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return structuredClone(EMPTY_CONFIG);
    throw CliErrors.badConfig({ path, reason: (error as Error).message }, { cause: error });
  }
  if ((mode & UNSAFE_MODE_BITS) !== 0) {
    throw CliErrors.unsafeConfig({ path, mode: (mode & 0o777).toString(8).padStart(4, '0') });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw CliErrors.badConfig({ path, reason: (error as Error).message }, { cause: error });
  }
  const issue = Value.Errors(ConfigSchema, parsed)[0];
  if (issue !== undefined) {
    throw CliErrors.badConfig({ path, reason: `${issue.instancePath || '/'} ${issue.message}` });
  }
  const config = parsed as HvctlConfig;
  if (config.current !== LOCAL_REMOTE && config.remotes[config.current] === undefined) {
    throw CliErrors.badConfig({
      path,
      reason: `the current remote '${config.current}' is not among its remotes`,
    });
  }
  return config;
}

/** Replaces the file at `path` whole: a 0600 temporary file beside it, synced, then renamed over it. */
export function writeConfig(path: string, config: HvctlConfig): void {
  const dir = dirname(path);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const temporary = join(dir, `.config.json.${process.pid}.tmp`);
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

/** Where a command sends its requests: the Unix socket, or a remote over TCP. */
export type Target =
  { kind: 'socket'; socketPath: string } | { kind: 'remote'; name: string; remote: Remote };

export interface TargetFlags {
  /** `--remote` on the command line (after the command, or before it as a global option). */
  remote?: string;
  /** `--socket` on the command line. */
  socket?: string;
}

/**
 * The first of these decides: `--remote`; `--socket` (the local socket at that path); `$HVCTL_REMOTE`;
 * `$HV_SOCKET` (local); the configuration's current remote (`hvctl remote switch`); the local socket
 * at its default path. The file is read only when it can matter, so a command given `--socket`
 * works whatever state the file is in.
 */
export function resolveTarget(
  flags: TargetFlags,
  defaultSocket: string,
  env: NodeJS.ProcessEnv = process.env,
): Target {
  const local = (socketPath: string): Target => ({ kind: 'socket', socketPath });
  const named = (name: string, socketPath: string): Target => {
    if (name === LOCAL_REMOTE) return local(socketPath);
    const path = configPath(env);
    const remote = readConfig(path).remotes[name];
    if (remote === undefined) throw CliErrors.remoteNotFound({ name, path });
    return { kind: 'remote', name, remote };
  };
  if (flags.remote !== undefined) {
    if (flags.socket !== undefined && flags.remote !== LOCAL_REMOTE) {
      throw CliErrors.conflictingTargets({ remote: flags.remote });
    }
    return named(flags.remote, flags.socket ?? env.HV_SOCKET ?? defaultSocket);
  }
  if (flags.socket !== undefined) return local(flags.socket);
  const envRemote = env.HVCTL_REMOTE;
  if (envRemote !== undefined && envRemote !== '') return named(envRemote, env.HV_SOCKET ?? defaultSocket);
  if (env.HV_SOCKET !== undefined && env.HV_SOCKET !== '') return local(env.HV_SOCKET);
  const { current, remotes } = readConfig(configPath(env));
  const remote = remotes[current];
  // readConfig vouches that a current remote other than local exists.
  return remote === undefined ? local(defaultSocket) : { kind: 'remote', name: current, remote };
}
