/**
 * IOMMU groups: `/sys/kernel/iommu_groups/<id>/devices/` holds one symbolic link per device of the
 * group, named by its PCI address. A device's IDs are the `vendor`, `device` and `class` files
 * under `/sys/bus/pci/devices/<address>/`, its bound driver the `driver` link there. Without an
 * IOMMU (or with it off) the kernel lists no group.
 */
import { basename } from 'node:path';
import { listHostDir, readHostFile, readHostLink } from './files.js';

export const IOMMU_GROUPS = '/sys/kernel/iommu_groups';
const PCI_DEVICES = '/sys/bus/pci/devices';

export interface PciDevice {
  /** `0000:00:1f.2`: domain, bus, device, function. */
  address: string;
  /** Hexadecimal without `0x`, as `lspci -n` prints them: `8086`, `a0ed`, `0c0330`. */
  vendorId: string;
  deviceId: string;
  class: string;
  /** The bound driver (`vfio-pci`, `nvme`), absent when none is. */
  driver?: string;
}

export interface IommuGroup {
  id: number;
  devices: PciDevice[];
}

/** `0x8086\n` as `8086`. */
const hexId = (text: string): string => text.trim().replace(/^0x/i, '');

function readDevice(root: string, address: string): PciDevice {
  const dir = `${PCI_DEVICES}/${address}`;
  const driver = readHostLink(root, `${dir}/driver`);
  return {
    address,
    vendorId: hexId(readHostFile(root, `${dir}/vendor`)),
    deviceId: hexId(readHostFile(root, `${dir}/device`)),
    class: hexId(readHostFile(root, `${dir}/class`)),
    ...(driver === undefined ? {} : { driver: basename(driver) }),
  };
}

/** The groups by id, their devices by address; empty when there are none. */
export function readIommuGroups(root = '/'): IommuGroup[] {
  return (listHostDir(root, IOMMU_GROUPS) ?? [])
    .map(Number)
    .filter(Number.isInteger)
    .sort((a, b) => a - b)
    .map((id) => ({
      id,
      devices: (listHostDir(root, `${IOMMU_GROUPS}/${id}/devices`) ?? [])
        .sort()
        .map((address) => readDevice(root, address)),
    }));
}
