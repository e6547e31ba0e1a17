/** A command-line tool's private configuration file: schema-checked, 0600 in 0700, replaced whole, refused when others may read it. */
import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Type } from 'typebox';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readPrivateConfig, userConfigPath, writePrivateConfig } from '../../src/cli/private-config.js';
import { expectAppError } from '../../src/testing/index.js';

const Schema = Type.Object({ names: Type.Array(Type.String()) }, { additionalProperties: false });
const EMPTY = { names: [] };

let dir: string;
let path: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'kit-private-config-'));
  path = join(dir, 'tool', 'settings.json');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('private config file', () => {
  it('lives under $XDG_CONFIG_HOME/<tool>/', () => {
    expect(userConfigPath('tool', { XDG_CONFIG_HOME: '/x' })).toBe('/x/tool/config.json');
  });

  it('reads a missing file as a copy of the empty value, and writes 0600 in 0700 with no temporary left', () => {
    const empty = readPrivateConfig(path, Schema, EMPTY);
    expect(empty).toEqual(EMPTY);
    expect(empty).not.toBe(EMPTY);
    writePrivateConfig(path, { names: ['a'] });
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'tool')).mode & 0o777).toBe(0o700);
    expect(readdirSync(join(dir, 'tool'))).toEqual(['settings.json']);
    expect(readPrivateConfig(path, Schema, EMPTY)).toEqual({ names: ['a'] });
  });

  it('refuses a file others may read, one that is not JSON, and one that breaks the schema', () => {
    writePrivateConfig(path, { names: [] });
    chmodSync(path, 0o640);
    expectAppError(() => readPrivateConfig(path, Schema, EMPTY), 'CONFIG_UNSAFE', `${path} is mode 0640`);
    chmodSync(path, 0o600);
    writeFileSync(path, '{');
    expectAppError(
      () => readPrivateConfig(path, Schema, EMPTY),
      'CONFIG_INVALID',
      `cannot use the configuration ${path}: `,
    );
    writeFileSync(path, JSON.stringify({ names: [1] }));
    expectAppError(() => readPrivateConfig(path, Schema, EMPTY), 'CONFIG_INVALID', '/names/0');
  });
});
