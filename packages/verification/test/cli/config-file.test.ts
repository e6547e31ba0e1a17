/** verifyctl's configuration: where it is, its private file, and which values a command uses. */
import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { expectAppError } from '@lab/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  configPath,
  EMPTY_CONFIG,
  maskToken,
  normalizeUrl,
  readConfig,
  resolveSettings,
  writeConfig,
  type VerifyctlConfig,
} from '../../src/cli/config-file.js';

let dir: string;
let path: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'verifyctl-config-'));
  path = join(dir, 'verifyctl', 'config.json');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const config: VerifyctlConfig = {
  version: 1,
  current_context: 'default',
  contexts: {
    default: { url: 'http://127.0.0.1:8080', token: 'vpt_default_token_0000', project: 'prj_a' },
    staging: { url: 'https://staging.example:8443', token: 'vpt_staging_token_1111' },
  },
};

describe('the file', () => {
  it('is under $XDG_CONFIG_HOME, or ~/.config when it is unset or relative', () => {
    expect(configPath({ XDG_CONFIG_HOME: '/x/conf' })).toBe('/x/conf/verifyctl/config.json');
    expect(configPath({})).toBe(join(homedir(), '.config', 'verifyctl', 'config.json'));
    expect(configPath({ XDG_CONFIG_HOME: 'relative' })).toBe(
      join(homedir(), '.config', 'verifyctl', 'config.json'),
    );
  });

  it('is written 0600 in a 0700 directory, whole, and read back; a missing one is empty', () => {
    expect(readConfig(path)).toEqual(EMPTY_CONFIG);
    writeConfig(path, config);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'verifyctl')).mode & 0o777).toBe(0o700);
    expect(readdirSync(join(dir, 'verifyctl'))).toEqual(['config.json']);
    expect(readConfig(path)).toEqual(config);
  });

  it('is refused when others may read it, or when it breaks the schema', () => {
    writeConfig(path, config);
    chmodSync(path, 0o644);
    expectAppError(() => readConfig(path), 'CONFIG_UNSAFE', `${path} is mode 0644`);
    chmodSync(path, 0o600);
    writeConfig(path, { ...config, contexts: { default: { url: 'http://host/api/v1' } } });
    expectAppError(() => readConfig(path), 'CONFIG_INVALID', '/contexts/default/url');
  });
});

describe('resolveSettings', () => {
  const none = {};

  it('takes the current context when nothing overrides it', () => {
    expect(resolveSettings(none, config, path, {})).toEqual({
      context: 'default',
      url: 'http://127.0.0.1:8080',
      token: 'vpt_default_token_0000',
      project: 'prj_a',
    });
  });

  it('prefers VERIFY_* to the context, and flags to both; an empty variable counts as unset', () => {
    const env = { VERIFY_URL: 'http://env:1/', VERIFY_TOKEN: 'vpt_env', VERIFY_PROJECT: '' };
    expect(resolveSettings(none, config, path, env)).toMatchObject({
      url: 'http://env:1',
      token: 'vpt_env',
      project: 'prj_a',
    });
    const flags = { url: 'http://flag:2', token: 'vpt_flag', project: 'prj_flag' };
    expect(resolveSettings(flags, config, path, env)).toMatchObject(flags);
  });

  it('reads the context --context names, which must exist', () => {
    expect(resolveSettings({ context: 'staging' }, config, path, {})).toEqual({
      context: 'staging',
      url: 'https://staging.example:8443',
      token: 'vpt_staging_token_1111',
      project: undefined,
    });
    expectAppError(
      () => resolveSettings({ context: 'prod' }, config, path, {}),
      'CONTEXT_NOT_FOUND',
      "no context 'prod'",
    );
  });

  it('works from variables alone with no file, and refuses a URL with a path', () => {
    expect(resolveSettings(none, EMPTY_CONFIG, path, { VERIFY_URL: 'http://h:1' })).toEqual({
      context: 'default',
      url: 'http://h:1',
      token: undefined,
      project: undefined,
    });
    expectAppError(() => normalizeUrl('http://h:1/api/v1'), 'INVALID_URL', 'without /api/v1');
    expectAppError(() => normalizeUrl('ftp://h'), 'INVALID_URL');
  });
});

describe('maskToken', () => {
  it('keeps the prefix and the last four characters, never the secret', () => {
    expect(maskToken('vpt_abcdefghijklmnopqrstuvwxyz')).toBe('vpt_****wxyz');
    expect(maskToken('short')).toBe('****');
  });
});
