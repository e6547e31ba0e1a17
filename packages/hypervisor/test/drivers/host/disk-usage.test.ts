import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expectAppError } from '@lab/server-kit/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { filesystemUsage } from '../../../src/drivers/host/disk-usage.js';

describe('filesystemUsage', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hv-df-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('agrees with df on the size of the filesystem a directory is on', () => {
    const usage = filesystemUsage(dir);
    const [size] = execFileSync('df', ['--block-size=1', '--output=size', dir], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .slice(1)
      .map(Number);
    expect(usage.totalBytes).toBe(size);
    expect(usage.usedBytes + usage.freeBytes).toBeLessThanOrEqual(usage.totalBytes);
    expect(usage.freeBytes).toBeGreaterThan(0);
  });

  it('fails with HOST_READ_FAILED naming a path that does not exist', () => {
    expectAppError(() => filesystemUsage(join(dir, 'gone')), 'HOST_READ_FAILED', join(dir, 'gone'), 'ENOENT');
  });
});
