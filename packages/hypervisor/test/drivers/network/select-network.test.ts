import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '@lab/server-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { selectNetworkDriver } from '../../../src/drivers/network/select-network.js';

const logger = createLogger({ service: 'test', level: 'silent' });
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('network driver selection', () => {
  it('keeps networks in memory beside the simulated VM driver, and makes them real beside QEMU', async () => {
    const runDir = mkdtempSync(join(tmpdir(), 'hv-select-net-'));
    dirs.push(runDir);
    const simulated = selectNetworkDriver({ name: 'simulated' }, { runDir, logger });
    expect(simulated.name).toBe('simulated');
    expect(simulated.availability()).toEqual({ available: true });
    await simulated.close();
    // Made, not used: nothing kernel-side happens until a network is applied.
    const kernel = selectNetworkDriver({ name: 'qemu' }, { runDir, logger });
    expect(kernel.name).toBe('kernel');
    await kernel.close();
  });
});
