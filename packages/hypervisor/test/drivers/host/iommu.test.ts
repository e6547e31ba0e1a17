import { existsSync, readdirSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { readIommuGroups } from '../../../src/drivers/host/iommu.js';
import { createFakeHost } from '../../support/fake-host.js';

describe('readIommuGroups', () => {
  const host = createFakeHost();
  afterAll(() => host.remove());

  it('is empty when the kernel lists no groups', () => {
    expect(readIommuGroups(host.root)).toEqual([]);
    host.write('/sys/kernel/iommu_groups/.keep', '');
    expect(readIommuGroups(host.root)).toEqual([]);
  });

  it('lists the groups by number and their devices by address, with IDs and the bound driver', () => {
    host.addPciDevice(10, { address: '0000:00:1f.3', vendor: '8086', device: 'a0c8', class: '040300' });
    host.addPciDevice(2, {
      address: '0000:00:02.0',
      vendor: '8086',
      device: '9a49',
      class: '030000',
      driver: 'i915',
    });
    host.addPciDevice(10, {
      address: '0000:00:1f.0',
      vendor: '8086',
      device: 'a082',
      class: '060100',
      driver: 'vfio-pci',
    });
    expect(readIommuGroups(host.root)).toEqual([
      {
        id: 2,
        devices: [
          { address: '0000:00:02.0', vendorId: '8086', deviceId: '9a49', class: '030000', driver: 'i915' },
        ],
      },
      {
        id: 10,
        devices: [
          {
            address: '0000:00:1f.0',
            vendorId: '8086',
            deviceId: 'a082',
            class: '060100',
            driver: 'vfio-pci',
          },
          { address: '0000:00:1f.3', vendorId: '8086', deviceId: 'a0c8', class: '040300' },
        ],
      },
    ]);
  });

  it('reads this host: a group for each entry of /sys/kernel/iommu_groups, none when it has none', () => {
    const dir = '/sys/kernel/iommu_groups';
    const groups = readIommuGroups();
    expect(groups.map((group) => group.id).sort()).toEqual(
      (existsSync(dir) ? readdirSync(dir) : []).map(Number).sort(),
    );
    for (const device of groups.flatMap((group) => group.devices)) {
      expect(device.vendorId).toMatch(/^[0-9a-f]{4}$/);
    }
  });
});
