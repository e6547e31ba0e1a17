import { expectAppError } from '@lab/server-kit/testing';
import { afterAll, describe, expect, it } from 'vitest';
import {
  CPU_FRESH_INTERVAL_MS,
  createCpuSampler,
  cpuUsage,
  parseProcStat,
  type CpuTimes,
} from '../../../src/drivers/host/proc-stat.js';
import { createFakeHost } from '../../support/fake-host.js';

const SAMPLE = `cpu  591777 20 140010 1223451 4034 0 54558 2391 100 0
cpu0 258973 10 70596 648159 424 0 22648 1163 50 0
cpu1 332804 10 69413 575292 3609 0 31910 1227 50 0
intr 86622071 0 9 0 0 0 0 0 0 0 0
ctxt 160785346
btime 1763670969
`;

const times = (t: Partial<CpuTimes>): CpuTimes => ({
  user: 0,
  nice: 0,
  system: 0,
  idle: 0,
  iowait: 0,
  irq: 0,
  softirq: 0,
  steal: 0,
  ...t,
});

/** /proc/stat with only the aggregate line, from times. */
const statText = (t: CpuTimes) =>
  `cpu  ${t.user} ${t.nice} ${t.system} ${t.idle} ${t.iowait} ${t.irq} ${t.softirq} ${t.steal} 0 0\n`;

describe('parseProcStat', () => {
  it('reads the aggregate cpu line by state, leaving out guest time the kernel counts in user', () => {
    expect(parseProcStat(SAMPLE)).toEqual({
      user: 591777,
      nice: 20,
      system: 140010,
      idle: 1223451,
      iowait: 4034,
      irq: 0,
      softirq: 54558,
      steal: 2391,
    });
  });

  it('fails with HOST_READ_FAILED without the aggregate line', () => {
    expectAppError(() => parseProcStat('cpu0 1 2 3 4 5 6 7 8\n'), 'HOST_READ_FAILED', '/proc/stat');
    expectAppError(() => parseProcStat('cpu  1 2 3\n'), 'HOST_READ_FAILED', 'no aggregate cpu line');
  });
});

describe('cpuUsage', () => {
  it('is the share of each state in the change of all counters', () => {
    const before = times({ user: 1000, idle: 5000 });
    const after = times({
      user: 1300,
      nice: 100,
      system: 50,
      irq: 25,
      softirq: 25,
      idle: 5400,
      iowait: 80,
      steal: 20,
    });
    // 1000 ticks passed: 400 user+nice, 100 system+irq+softirq, 20 steal, 80 iowait, 400 idle.
    expect(cpuUsage(before, after)).toEqual({
      percent: 52,
      user: 40,
      system: 10,
      iowait: 8,
      steal: 2,
      idle: 40,
    });
  });

  it('counts a counter that stepped back as no change, and no change at all as idle', () => {
    const before = times({ user: 100, idle: 100, iowait: 50 });
    expect(cpuUsage(before, times({ user: 150, idle: 150, iowait: 40 }))).toMatchObject({
      percent: 50,
      iowait: 0,
      idle: 50,
    });
    expect(cpuUsage(before, before)).toEqual({
      percent: 0,
      user: 0,
      system: 0,
      iowait: 0,
      steal: 0,
      idle: 100,
    });
  });
});

describe('createCpuSampler', () => {
  const host = createFakeHost();
  afterAll(() => host.remove());

  it('samples twice on the first request, then reuses the previous sample unless too young or too old', async () => {
    let clock = 0;
    const sleeps: number[] = [];
    let next = times({ user: 50, idle: 150 });
    const sampler = createCpuSampler({
      root: host.root,
      now: () => clock,
      sleep: async (ms) => {
        sleeps.push(ms);
        clock += ms;
        host.write('/proc/stat', statText(next));
      },
    });

    host.write('/proc/stat', statText(times({})));
    expect(await sampler.usage()).toMatchObject({ percent: 25, idle: 75, intervalMs: CPU_FRESH_INTERVAL_MS });
    expect(sleeps).toEqual([CPU_FRESH_INTERVAL_MS]);

    clock += 1000;
    host.write('/proc/stat', statText(times({ user: 150, idle: 250 })));
    expect(await sampler.usage()).toMatchObject({ percent: 50, intervalMs: 1000 });
    expect(sleeps).toHaveLength(1);

    // Right after the previous one: a fresh pair, over which nothing moved.
    next = times({ user: 150, idle: 250 });
    expect(await sampler.usage()).toMatchObject({ percent: 0, idle: 100, intervalMs: CPU_FRESH_INTERVAL_MS });
    expect(sleeps).toHaveLength(2);

    // A minute later: the previous sample would average over the minute; a fresh pair again.
    clock += 60_000;
    next = times({ user: 160, idle: 250 });
    expect(await sampler.usage()).toMatchObject({ percent: 100, intervalMs: CPU_FRESH_INTERVAL_MS });
    expect(sleeps).toHaveLength(3);
  });

  it('reads the real /proc/stat', async () => {
    const usage = await createCpuSampler().usage();
    expect(usage.percent).toBeGreaterThanOrEqual(0);
    expect(usage.percent).toBeLessThanOrEqual(100);
    expect(usage.percent + usage.iowait + usage.idle).toBeCloseTo(100, 0);
  });
});
