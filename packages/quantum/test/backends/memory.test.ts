/**
 * The memory budget from injected readings (constrained memory, cgroup files, RAM, RSS, a
 * setting), and the cgroup limit found through /proc/self/cgroup and /proc/self/mountinfo.
 */
import { totalmem } from 'node:os';
import { describe, expect, it } from 'vitest';
import { expectAppError } from '@lab/server-kit/testing';
import {
  MEMORY_FRACTION,
  MIB,
  MIN_MAX_MEMORY,
  memoryBudget,
  memorySetting,
  parseSize,
  readCgroupMemoryLimit,
  readMemoryReadings,
  type MemoryReadings,
} from '../../src/backends/memory.js';

const GIB = 1024 * MIB;
const V1_UNLIMITED = '9223372036854771712';

const readings = (overrides: Partial<MemoryReadings> = {}): MemoryReadings => ({
  totalBytes: 24 * GIB,
  constrainedBytes: undefined,
  cgroupBytes: undefined,
  usedBytes: 100 * MIB,
  ...overrides,
});

describe('memoryBudget', () => {
  it('without a limit: the share of the RAM, less what the process holds', () => {
    expect(memoryBudget(readings())).toEqual({
      bytes: Math.floor(24 * GIB * MEMORY_FRACTION) - 100 * MIB,
      source: 'host',
      limitBytes: 24 * GIB,
    });
  });

  it("in a cgroup: the share of Node's constrained memory", () => {
    const budget = memoryBudget(readings({ constrainedBytes: 1.5 * GIB }));
    expect(budget).toEqual({
      bytes: Math.floor(1.5 * GIB * MEMORY_FRACTION) - 100 * MIB,
      source: 'cgroup',
      limitBytes: 1.5 * GIB,
    });
    // The case: 1.5 GiB leaves room for a 26-qubit state (1 GiB), not a 27-qubit one (2 GiB).
    expect(budget.bytes).toBeGreaterThan(GIB);
    expect(budget.bytes).toBeLessThan(2 * GIB);
  });

  it("reads the cgroup files when Node's value is missing, and takes the lower of the two", () => {
    expect(memoryBudget(readings({ cgroupBytes: 2 * GIB })).limitBytes).toBe(2 * GIB);
    expect(memoryBudget(readings({ constrainedBytes: 0, cgroupBytes: 2 * GIB })).source).toBe('cgroup');
    expect(memoryBudget(readings({ constrainedBytes: 4 * GIB, cgroupBytes: 2 * GIB })).limitBytes).toBe(
      2 * GIB,
    );
    expect(memoryBudget(readings({ constrainedBytes: 2 * GIB, cgroupBytes: 4 * GIB })).limitBytes).toBe(
      2 * GIB,
    );
  });

  it('a limit at or above the RAM limits nothing (no limit reads as a huge number)', () => {
    for (const constrainedBytes of [Number(V1_UNLIMITED), 2 ** 64, 24 * GIB, 0]) {
      expect(memoryBudget(readings({ constrainedBytes, cgroupBytes: 64 * GIB }))).toMatchObject({
        source: 'host',
        limitBytes: 24 * GIB,
      });
    }
  });

  it('is never negative when the process already holds more than the share', () => {
    expect(memoryBudget(readings({ constrainedBytes: 256 * MIB, usedBytes: 300 * MIB })).bytes).toBe(0);
  });

  it("reads this process's real values", () => {
    const real = readMemoryReadings();
    expect(real.totalBytes).toBe(totalmem());
    expect(real.usedBytes).toBeGreaterThan(10 * MIB);
    const budget = memoryBudget(real);
    expect(budget.bytes).toBeLessThanOrEqual(budget.limitBytes * MEMORY_FRACTION);
    expect(budget.limitBytes).toBeLessThanOrEqual(real.totalBytes);
  });
});

/** A file system of the given files; any other path is unreadable. */
const files =
  (entries: Record<string, string>) =>
  (path: string): string | undefined =>
    entries[path];

const V2_MOUNT =
  '30 23 0:26 / /sys/fs/cgroup rw,nosuid,nodev,noexec,relatime shared:4 - cgroup2 cgroup2 rw\n';
const V1_MOUNTS =
  '35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory\n' +
  '32 31 0:29 / /sys/fs/cgroup/cpu rw,relatime - cgroup cgroup rw,cpu\n';

describe('readCgroupMemoryLimit', () => {
  it('cgroup v2: memory.max of its own cgroup', () => {
    const read = files({
      '/proc/self/cgroup': '0::/system.slice/qcirc.service\n',
      '/proc/self/mountinfo': V2_MOUNT,
      '/sys/fs/cgroup/system.slice/qcirc.service/memory.max': '1610612736\n',
      '/sys/fs/cgroup/system.slice/memory.max': 'max\n',
    });
    expect(readCgroupMemoryLimit(read)).toBe(1.5 * GIB);
  });

  it('cgroup v2: a lower limit on an ancestor applies', () => {
    const read = files({
      '/proc/self/cgroup': '0::/a/b\n',
      '/proc/self/mountinfo': V2_MOUNT,
      '/sys/fs/cgroup/a/b/memory.max': 'max\n',
      '/sys/fs/cgroup/a/memory.max': '1073741824\n',
    });
    expect(readCgroupMemoryLimit(read)).toBe(GIB);
  });

  it('cgroup v2 with no limit anywhere, or no file: none', () => {
    const read = files({
      '/proc/self/cgroup': '0::/a\n',
      '/proc/self/mountinfo': V2_MOUNT,
      '/sys/fs/cgroup/a/memory.max': 'max\n',
    });
    expect(readCgroupMemoryLimit(read)).toBeUndefined();
  });

  it('cgroup v1: memory.limit_in_bytes of the memory hierarchy; "unlimited" is none', () => {
    const cgroup = '12:pids:/x\n4:memory:/process_api/job\n1:cpu:/x\n0::/\n';
    const limited = files({
      '/proc/self/cgroup': cgroup,
      '/proc/self/mountinfo': V1_MOUNTS,
      '/sys/fs/cgroup/memory/process_api/job/memory.limit_in_bytes': '805306368\n',
      '/sys/fs/cgroup/memory/process_api/memory.limit_in_bytes': `${V1_UNLIMITED}\n`,
      '/sys/fs/cgroup/memory/memory.limit_in_bytes': `${V1_UNLIMITED}\n`,
      // The cpu hierarchy is no memory limit.
      '/sys/fs/cgroup/cpu/x/memory.limit_in_bytes': '1024\n',
    });
    expect(readCgroupMemoryLimit(limited)).toBe(768 * MIB);
    const unlimited = files({
      '/proc/self/cgroup': cgroup,
      '/proc/self/mountinfo': V1_MOUNTS,
      '/sys/fs/cgroup/memory/process_api/job/memory.limit_in_bytes': `${V1_UNLIMITED}\n`,
    });
    expect(readCgroupMemoryLimit(unlimited)).toBeUndefined();
  });

  it('a controller list naming memory among others, and a mount point with a space', () => {
    const read = files({
      '/proc/self/cgroup': '3:cpu,memory:/c\n',
      '/proc/self/mountinfo': '40 31 0:33 / /cg\\040root rw - cgroup cgroup rw,cpu,memory\n',
      '/cg root/c/memory.limit_in_bytes': '536870912',
    });
    expect(readCgroupMemoryLimit(read)).toBe(512 * MIB);
  });

  it('without a cgroup namespace: the host path under the mounted subtree', () => {
    // Docker without cgroupns: /proc/self/cgroup names the host path; the mount shows that subtree.
    const read = files({
      '/proc/self/cgroup': '0::/docker/abc123\n',
      '/proc/self/mountinfo': '30 23 0:26 /docker/abc123 /sys/fs/cgroup ro - cgroup2 cgroup2 rw\n',
      '/sys/fs/cgroup/memory.max': '2147483648\n',
    });
    expect(readCgroupMemoryLimit(read)).toBe(2 * GIB);
  });

  it('no cgroup information (not Linux, or /proc hidden): none', () => {
    expect(readCgroupMemoryLimit(files({}))).toBeUndefined();
    expect(
      readCgroupMemoryLimit(files({ '/proc/self/cgroup': '0::/\n', '/proc/self/mountinfo': '' })),
    ).toBeUndefined();
  });
});

describe('sizes and the setting', () => {
  it('reads sizes with binary units', () => {
    expect(parseSize('1.5G')).toBe(1.5 * GIB);
    expect(parseSize('1.5g')).toBe(1.5 * GIB);
    expect(parseSize('512M')).toBe(512 * MIB);
    expect(parseSize('2GiB')).toBe(2 * GIB);
    expect(parseSize('2 GB')).toBe(2 * GIB);
    expect(parseSize('64k')).toBe(64 * 1024);
    expect(parseSize('1073741824')).toBe(GIB);
    expect(parseSize('100B')).toBe(100);
    expect(parseSize(' 1T ')).toBe(1024 * GIB);
    for (const bad of ['', 'G', '1.5X', '-1G', '1,5G', '1.5GG', 'lots', '1e9'])
      expect(parseSize(bad), bad).toBeUndefined();
  });

  it('a setting is the budget exactly; bad values are INVALID_CONFIG naming the field', () => {
    expect(memorySetting('1.5G')).toEqual({ bytes: 1.5 * GIB, source: 'setting', limitBytes: 1.5 * GIB });
    const bad = expectAppError(
      () => memorySetting('1.5X'),
      'INVALID_CONFIG',
      "maxMemory '1.5X' is not a size",
    );
    expect(bad.details).toMatchObject({ field: 'maxMemory' });
    expectAppError(
      () => memorySetting('1M', '--max-memory'),
      'INVALID_CONFIG',
      '--max-memory 1 MiB is below the least a job needs, 64 MiB',
    );
    expect(memorySetting(`${MIN_MAX_MEMORY}`).bytes).toBe(MIN_MAX_MEMORY);
  });
});
