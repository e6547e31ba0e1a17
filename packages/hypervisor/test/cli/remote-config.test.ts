/** hvctl's configuration file: where it is, how it is written and read, and which server a command picks. */
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { expectAppError } from '@lab/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  configPath,
  EMPTY_CONFIG,
  readConfig,
  resolveTarget,
  writeConfig,
  type HvctlConfig,
} from '../../src/cli/remote-config.js';

let dir: string;
let path: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'hvctl-config-'));
  path = join(dir, 'hvctl', 'config.json');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const remoteB = {
  url: 'https://10.0.0.2:9400',
  token: 'hvt_b',
  fingerprint: 'ab'.repeat(32),
  added_at: '2026-01-02T03:04:05.000Z',
};
const withB: HvctlConfig = { version: 1, current: 'local', remotes: { b: remoteB } };

describe('configPath', () => {
  it('is under $XDG_CONFIG_HOME, or ~/.config when it is unset or relative', () => {
    expect(configPath({ XDG_CONFIG_HOME: '/x/conf' })).toBe('/x/conf/hvctl/config.json');
    expect(configPath({})).toBe(join(homedir(), '.config', 'hvctl', 'config.json'));
    expect(configPath({ XDG_CONFIG_HOME: 'relative' })).toBe(
      join(homedir(), '.config', 'hvctl', 'config.json'),
    );
  });
});

describe('writeConfig and readConfig', () => {
  it('reads a missing file as the empty configuration: local is current', () => {
    expect(readConfig(path)).toEqual(EMPTY_CONFIG);
  });

  it('writes mode 0600 in a directory made 0700, leaves no temporary file, and reads it back', () => {
    writeConfig(path, withB);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'hvctl')).mode & 0o777).toBe(0o700);
    expect(readdirSync(join(dir, 'hvctl'))).toEqual(['config.json']);
    expect(readConfig(path)).toEqual(withB);
    writeConfig(path, { ...withB, current: 'b' });
    expect(readConfig(path).current).toBe('b');
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('refuses a file the group or others may read, as ssh refuses such a key', () => {
    writeConfig(path, withB);
    chmodSync(path, 0o640);
    expectAppError(
      () => readConfig(path),
      'CONFIG_UNSAFE',
      `${path} is mode 0640, but it holds tokens: the group and others must have no access; 'chmod 600 ${path}'`,
    );
    chmodSync(path, 0o604);
    expectAppError(() => readConfig(path), 'CONFIG_UNSAFE', 'mode 0604');
  });

  it('refuses a file that is not JSON, or not the schema, naming what is wrong', () => {
    mkdirSync(join(dir, 'hvctl'));
    writeFileSync(path, '{', { mode: 0o600 });
    expectAppError(() => readConfig(path), 'CONFIG_INVALID', `cannot use the configuration ${path}: `);
    writeFileSync(path, JSON.stringify({ ...withB, remotes: { b: { ...remoteB, url: 'ftp://x' } } }));
    expectAppError(() => readConfig(path), 'CONFIG_INVALID', '/remotes/b/url');
    writeFileSync(path, JSON.stringify({ ...withB, current: 'gone' }));
    expectAppError(
      () => readConfig(path),
      'CONFIG_INVALID',
      "the current remote 'gone' is not among its remotes",
    );
  });
});

describe('resolveTarget', () => {
  const env = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({ XDG_CONFIG_HOME: dir, ...extra });
  const socket = (socketPath: string) => ({ kind: 'socket', socketPath });
  const remote = { kind: 'remote', name: 'b', remote: remoteB };

  beforeEach(() => writeConfig(path, { ...withB, current: 'b' }));

  it('takes --remote first, then --socket, $HVCTL_REMOTE, $HV_SOCKET, the current remote, the default', () => {
    expect(resolveTarget({ remote: 'b' }, '/default.sock', env({ HV_SOCKET: '/env.sock' }))).toEqual(remote);
    expect(resolveTarget({ remote: 'local' }, '/default.sock', env())).toEqual(socket('/default.sock'));
    expect(resolveTarget({ socket: '/cli.sock' }, '/default.sock', env({ HVCTL_REMOTE: 'b' }))).toEqual(
      socket('/cli.sock'),
    );
    expect(resolveTarget({}, '/default.sock', env({ HVCTL_REMOTE: 'b', HV_SOCKET: '/env.sock' }))).toEqual(
      remote,
    );
    expect(resolveTarget({}, '/default.sock', env({ HVCTL_REMOTE: 'local' }))).toEqual(
      socket('/default.sock'),
    );
    expect(resolveTarget({}, '/default.sock', env({ HV_SOCKET: '/env.sock' }))).toEqual(socket('/env.sock'));
    expect(resolveTarget({}, '/default.sock', env())).toEqual(remote);
    writeConfig(path, withB);
    expect(resolveTarget({}, '/default.sock', env())).toEqual(socket('/default.sock'));
  });

  it('does not read the file when --socket decides', () => {
    chmodSync(path, 0o644);
    expect(resolveTarget({ socket: '/cli.sock' }, '/default.sock', env())).toEqual(socket('/cli.sock'));
    expectAppError(() => resolveTarget({}, '/default.sock', env()), 'CONFIG_UNSAFE');
  });

  it('refuses an unknown remote and --remote with --socket', () => {
    expectAppError(
      () => resolveTarget({ remote: 'c' }, '/default.sock', env()),
      'REMOTE_NOT_FOUND',
      `no remote 'c' in ${path}; 'hvctl remote list' shows the remotes`,
    );
    expectAppError(() => resolveTarget({}, '/d.sock', env({ HVCTL_REMOTE: 'c' })), 'REMOTE_NOT_FOUND');
    expectAppError(
      () => resolveTarget({ remote: 'b', socket: '/cli.sock' }, '/default.sock', env()),
      'CONFLICTING_TARGETS',
      '--remote b and --socket name different services; give one of them',
    );
    expect(resolveTarget({ remote: 'local', socket: '/cli.sock' }, '/default.sock', env())).toEqual(
      socket('/cli.sock'),
    );
  });
});
