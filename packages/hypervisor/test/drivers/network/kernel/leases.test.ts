import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Lease } from '../../../../src/drivers/network/network-driver.js';
import {
  createLeaseWatcher,
  diffLeases,
  parseLeases,
  readLeases,
} from '../../../../src/drivers/network/kernel/leases.js';
import { until } from '../../../support/until.js';

const FILE = [
  '1900000000 52:54:00:AA:00:01 10.20.30.101 web1 01:52:54:00:aa:00:01',
  '0 52:54:00:aa:00:02 10.20.30.20 * *',
  'duid 00:01:00:01:2c:aa:bb:cc',
  '1900000000 52:54:00:aa:00:03 fd00::5 v6 *',
  '',
].join('\n');

describe('lease file', () => {
  it('parses expiry, MAC (lower case), IP and hostname; skips IPv6 and the DUID line', () => {
    expect(parseLeases(FILE)).toEqual([
      {
        mac: '52:54:00:aa:00:01',
        ip: '10.20.30.101',
        hostname: 'web1',
        expiresAt: '2030-03-17T17:46:40.000Z',
      },
      { mac: '52:54:00:aa:00:02', ip: '10.20.30.20', hostname: null, expiresAt: null },
    ]);
  });

  it('diffs two readings: new leases added, missing ones expired, renewals neither', () => {
    const a: Lease = { mac: 'm1', ip: '10.0.0.1', hostname: null, expiresAt: '2030-01-01T00:00:00.000Z' };
    const b: Lease = { mac: 'm2', ip: '10.0.0.2', hostname: null, expiresAt: null };
    const renewed = { ...a, expiresAt: '2031-01-01T00:00:00.000Z' };
    expect(diffLeases([a], [renewed, b])).toEqual({ added: [b], expired: [] });
    expect(diffLeases([a, b], [b])).toEqual({ added: [], expired: [a] });
  });
});

describe('reading and watching', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  });

  it('readLeases drops leases past their expiry and answers [] without a file', async () => {
    dir = await mkdtemp(join(tmpdir(), 'hv-leases-'));
    const path = join(dir, 'leases');
    expect(await readLeases(path)).toEqual([]);
    await writeFile(path, '1000 52:54:00:00:00:01 10.0.0.1 old *\n0 52:54:00:00:00:02 10.0.0.2 * *\n');
    expect((await readLeases(path)).map((l) => l.ip)).toEqual(['10.0.0.2']);
  });

  it('the watcher reports what appears and goes after the baseline', async () => {
    dir = await mkdtemp(join(tmpdir(), 'hv-leases-'));
    const path = join(dir, 'leases');
    await writeFile(path, '0 52:54:00:00:00:01 10.0.0.1 * *\n');
    const changes: string[] = [];
    const watcher = createLeaseWatcher(
      (network, change, lease) => changes.push(`${network} ${change} ${lease.ip}`),
      20,
    );
    try {
      await watcher.watch('net', path);
      await writeFile(path, '0 52:54:00:00:00:02 10.0.0.2 * *\n');
      await until('two changes', () => changes.length === 2, { timeoutMs: 3_000 });
      expect(changes.sort()).toEqual(['net added 10.0.0.2', 'net expired 10.0.0.1']);
      watcher.unwatch('net');
      await writeFile(path, '');
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(changes).toHaveLength(2);
    } finally {
      watcher.close();
    }
  });
});
