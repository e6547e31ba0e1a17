import { expectAppError } from '@lab/server-kit/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCpuinfo, readCpuinfo } from '../../../src/drivers/host/cpuinfo.js';
import { createFakeHost } from '../../support/fake-host.js';

/** One x86 logical CPU as the kernel lists it (fields trimmed to those that matter). */
const x86 = (processor: number, physicalId: number, coreId: number, flags = 'fpu vme sev sev_es') =>
  [
    `processor\t: ${processor}`,
    'vendor_id\t: AuthenticAMD',
    'cpu family\t: 25',
    'model name\t: AMD EPYC 7763 64-Core Processor',
    `physical id\t: ${physicalId}`,
    `core id\t\t: ${coreId}`,
    `flags\t\t: ${flags}`,
    '',
  ].join('\n');

describe('parseCpuinfo', () => {
  it('counts physical cores as distinct (physical id, core id) pairs, not hyperthreads', () => {
    // Two sockets of two cores, each core with two threads: 8 CPUs, 4 cores.
    const text = [
      x86(0, 0, 0),
      x86(1, 0, 1),
      x86(2, 1, 0),
      x86(3, 1, 1),
      x86(4, 0, 0),
      x86(5, 0, 1),
      x86(6, 1, 0),
      x86(7, 1, 1),
    ].join('\n');
    const cpu = parseCpuinfo(text);
    expect(cpu).toMatchObject({ vendor: 'AuthenticAMD', model: 'AMD EPYC 7763 64-Core Processor', cores: 4 });
    expect([...cpu.flags]).toEqual(['fpu', 'vme', 'sev', 'sev_es']);
  });

  it('has no core count, vendor or model where the kernel lists none (ARM)', () => {
    const arm = [
      'processor\t: 0\nBogoMIPS\t: 50.00\nFeatures\t: fp asimd evtstrm\nCPU implementer\t: 0x41\n',
      'processor\t: 1\nBogoMIPS\t: 50.00\nFeatures\t: fp asimd evtstrm\nCPU implementer\t: 0x41\n',
      'Hardware\t: some board\n',
    ].join('\n');
    expect(parseCpuinfo(arm)).toEqual({ vendor: null, model: null, cores: null, flags: new Set() });
  });

  it('fails with HOST_READ_FAILED when no processor is listed', () => {
    expectAppError(() => parseCpuinfo(''), 'HOST_READ_FAILED', '/proc/cpuinfo', 'no processor');
  });
});

describe('readCpuinfo', () => {
  const host = createFakeHost();
  afterAll(() => host.remove());

  it('reads /proc/cpuinfo below the root, and names the host path when it is missing', () => {
    expectAppError(() => readCpuinfo(host.root), 'HOST_READ_FAILED', 'cannot read /proc/cpuinfo', 'ENOENT');
    host.write('/proc/cpuinfo', x86(0, 0, 0));
    expect(readCpuinfo(host.root).cores).toBe(1);
  });
});
