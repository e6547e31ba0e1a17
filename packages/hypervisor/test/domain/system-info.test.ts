import { availableParallelism } from 'node:os';
import { Value } from 'typebox/value';
import { afterAll, describe, expect, it } from 'vitest';
import { systemInfo, SystemInfoSchema } from '../../src/domain/system-info.js';
import { createFakeHost } from '../support/fake-host.js';

const SERVICE = {
  driver: 'qemu',
  accelerator: { requested: 'tcg', selected: 'tcg', reason: '--accel tcg', probedAt: null, probeMs: null },
  qemuVersion: '9.1.0',
  version: '1.2.3',
} as const;

describe('systemInfo', () => {
  const host = createFakeHost();
  afterAll(() => host.remove());
  host.write('/proc/meminfo', 'MemTotal:  2097152 kB\nMemAvailable: 1048576 kB\n');

  it('reads the CPU and memory below the root, and says why KVM cannot be used', () => {
    host.write(
      '/proc/cpuinfo',
      [0, 1, 2, 3]
        .map((n) => `processor\t: ${n}\nmodel name\t: Fake CPU\nphysical id\t: 0\ncore id\t\t: ${n % 2}\n`)
        .join('\n'),
    );
    expect(systemInfo(SERVICE, host.root)).toMatchObject({
      cpu: { model: 'Fake CPU', cores: 2, threads: availableParallelism() },
      memory_total: '2G',
      memory_total_bytes: 2 * 1024 ** 3,
      qemu_version: '9.1.0',
      kvm: { available: false, reason: `${host.root}/dev/kvm does not exist` },
      driver: 'qemu',
      accelerator: 'tcg',
      version: '1.2.3',
    });
  });

  it('counts threads as cores where /proc/cpuinfo lists no topology, and finds a /dev/kvm that opens', () => {
    host.write('/proc/cpuinfo', 'processor\t: 0\n');
    // A regular file opens read-write as a usable /dev/kvm does.
    host.write('/dev/kvm', '');
    expect(systemInfo(SERVICE, host.root)).toMatchObject({
      cpu: { model: 'unknown', cores: availableParallelism() },
      kvm: { available: true },
    });
  });

  it("shows how the accelerator was chosen, with the probe's time and duration", () => {
    const reason = "KVM guest did not reach the probe's end within 5 s";
    const info = systemInfo(
      {
        ...SERVICE,
        accelerator: {
          requested: 'auto',
          selected: 'tcg',
          reason,
          probedAt: new Date('2025-01-02T03:04:05.678Z'),
          probeMs: 5004,
        },
      },
      host.root,
    );
    expect(info).toMatchObject({
      accelerator: 'tcg',
      accelerator_selection: {
        requested: 'auto',
        selected: 'tcg',
        reason,
        probed_at: '2025-01-02T03:04:05.678Z',
        probe_ms: 5004,
      },
    });
    expect(Value.Check(SystemInfoSchema, info)).toBe(true);
    expect(systemInfo(SERVICE, host.root).accelerator_selection).toEqual({
      requested: 'tcg',
      selected: 'tcg',
      reason: '--accel tcg',
      probed_at: null,
      probe_ms: null,
    });
  });
});
