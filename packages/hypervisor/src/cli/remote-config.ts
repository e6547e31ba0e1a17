/**
 * `hvctl`'s remotes: the hypervisor services it may talk to besides the local Unix socket, kept in
 * `$XDG_CONFIG_HOME/hvctl/config.json` (default `~/.config/hvctl/config.json`) as Incus keeps its
 * `config.yml`. Each remote holds a URL, a token and, for a certificate no authority vouches for,
 * the pinned SHA-256 fingerprint of it.
 *
 * The file is private (mode 0600, refused when others may read it, written atomically): server-kit's
 * `private-config.ts` reads and writes it.
 *
 * `resolveTarget` decides which server a command talks to; the order is in its comment.
 */
import { KitErrors, readPrivateConfig, userConfigPath, writePrivateConfig } from '@lab/server-kit/cli';
import { Type, type Static } from 'typebox';
import { CliErrors } from './errors.js';

/** The name of the Unix socket "remote": always there, never stored, never removable. */
export const LOCAL_REMOTE = 'local';
/** A remote's name: what `--remote` takes; short enough for a table column. */
export const REMOTE_NAME_PATTERN = /^[a-z0-9][a-z0-9._-]{0,62}$/i;
/** The service's REST port, for a URL that names none (as Incus defaults to 8443). */
export const DEFAULT_REMOTE_PORT = 9400;
const CONFIG_VERSION = 1;

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
  return userConfigPath('hvctl', env);
}

/** The configuration at `path`; a file that does not exist is an empty one. */
export function readConfig(path: string): HvctlConfig {
  const config = readPrivateConfig(path, ConfigSchema, EMPTY_CONFIG);
  if (config.current !== LOCAL_REMOTE && config.remotes[config.current] === undefined) {
    throw KitErrors.badConfigFile({
      path,
      reason: `the current remote '${config.current}' is not among its remotes`,
    });
  }
  return config;
}

/** Replaces the file at `path` whole, privately and atomically. */
export function writeConfig(path: string, config: HvctlConfig): void {
  writePrivateConfig(path, config);
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
