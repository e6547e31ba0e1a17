import { afterAll, describe, expect, it } from 'vitest';
import type { ServeConfig } from '../../src/config.js';
import { createSystemService } from '../../src/domain/system-service.js';
import type { SystemInfo } from '../../src/domain/system-info.js';
import { createFakeHost } from '../support/fake-host.js';

describe('createSystemService', () => {
  const host = createFakeHost();
  afterAll(() => host.remove());
  host.write('/proc/cpuinfo', 'processor\t: 0\nvendor_id\t: AuthenticAMD\nflags\t\t: sev\n');
  host.write('/sys/module/kvm_amd/parameters/sev', 'Y\n');
  host.addPciDevice(7, {
    address: '0000:01:00.0',
    vendor: '10de',
    device: '2684',
    class: '030000',
    driver: 'vfio-pci',
  });
  const system = createSystemService({
    root: host.root,
    info: () => ({ hostname: 'h' }) as SystemInfo,
    config: { dataDir: 'data', runDir: 'run', stopTimeoutMs: 5 } as ServeConfig,
    pools: () => [],
    runningVms: () => 0,
  });

  it('answers the confidential-computing capabilities with the CPU vendor', () => {
    expect(system.cc()).toMatchObject({
      cpu_vendor: 'AuthenticAMD',
      sev: { available: true },
      sev_es: { available: false, source: '/proc/cpuinfo flag sev_es' },
      sev_snp: { available: false },
      tdx: { available: false },
    });
  });

  it('answers the IOMMU groups in the API names, enabled when there is one', () => {
    expect(system.iommu()).toEqual({
      enabled: true,
      groups: [
        {
          id: 7,
          devices: [
            {
              address: '0000:01:00.0',
              vendor_id: '10de',
              device_id: '2684',
              class: '030000',
              driver: 'vfio-pci',
            },
          ],
        },
      ],
    });
  });

  it('answers the configuration in snake_case', () => {
    expect(system.config()).toEqual({ data_dir: 'data', run_dir: 'run', stop_timeout_ms: 5 });
  });
});
