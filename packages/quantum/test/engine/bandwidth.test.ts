import { describe, expect, it } from 'vitest';
import { adoptMemoryBandwidth, measureMemoryBandwidth, memoryBandwidth } from '../../src/engine/bandwidth.js';

describe('memory bandwidth', () => {
  it('measures a plausible figure from a copy larger than the caches', () => {
    const bytesPerSecond = measureMemoryBandwidth(1, 16 * 1024 * 1024);
    expect(bytesPerSecond).toBeGreaterThan(1e8);
    expect(bytesPerSecond).toBeLessThan(1e13);
  });

  it('uses an adopted figure instead of measuring again', () => {
    adoptMemoryBandwidth(1.5e9);
    expect(memoryBandwidth()).toBe(1.5e9);
  });
});
