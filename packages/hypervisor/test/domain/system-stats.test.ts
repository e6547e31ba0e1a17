import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createHostStats } from '../../src/domain/system-stats.js';
import { createFakeHost } from '../support/fake-host.js';

describe('createHostStats', () => {
  const host = createFakeHost();
  afterAll(() => host.remove());

  it('answers memory, load, uptime, pool filesystems and running VMs from the host files', async () => {
    host.write('/proc/meminfo', 'MemTotal: 4194304 kB\nMemFree: 1 kB\nMemAvailable: 3145728 kB\n');
    host.write('/proc/stat', 'cpu  100 0 50 800 50 0 0 0 0 0\n');
    host.write('/proc/loadavg', '1.50 0.75 0.25 2/300 4242\n');
    host.write('/proc/uptime', '93784.99 180000.00\n');
    const pool = mkdtempSync(join(host.root, 'pool-'));
    const stats = await createHostStats({
      root: host.root,
      pools: () => [{ name: 'default', path: pool }],
      runningVms: () => 3,
    }).stats();
    expect(stats).toMatchObject({
      // /proc/stat did not move over the interval: all idle.
      cpu: { percent: 0, idle: 100, interval_ms: expect.any(Number) },
      memory: {
        total: '4G',
        total_bytes: 4 * 1024 ** 3,
        used: '1G',
        used_bytes: 1024 ** 3,
        available: '3G',
        available_bytes: 3 * 1024 ** 3,
      },
      load_average: { one: 1.5, five: 0.75, fifteen: 0.25 },
      uptime_seconds: 93784,
      running_vms: 3,
    });
    expect(stats.storage_pools).toEqual([
      expect.objectContaining({ name: 'default', path: pool, total_bytes: expect.any(Number) }),
    ]);
    expect(stats.storage_pools[0]!.total_bytes).toBeGreaterThan(stats.storage_pools[0]!.free_bytes);
  });
});
