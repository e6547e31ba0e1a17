/**
 * A fake host tree under a temporary directory, for the host readers' `root` parameter: files
 * written at host paths (`/proc/cpuinfo`), and PCI devices linked into IOMMU groups as sysfs
 * links them.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';

export interface FakePciDevice {
  address: string;
  vendor: string;
  device: string;
  class: string;
  driver?: string;
}

export interface FakeHost {
  root: string;
  /** Writes `text` at the host path `path`, making the directories. */
  write(path: string, text: string): void;
  /** A PCI device under /sys/devices, linked from /sys/bus/pci/devices and from its IOMMU group. */
  addPciDevice(group: number, device: FakePciDevice): void;
  remove(): void;
}

export function createFakeHost(): FakeHost {
  const root = mkdtempSync(join(tmpdir(), 'hv-fake-host-'));
  const at = (path: string) => join(root, path);
  const write = (path: string, text: string): void => {
    mkdirSync(dirname(at(path)), { recursive: true });
    writeFileSync(at(path), text);
  };
  /** A relative link, as sysfs makes them, so the tree resolves wherever it lies. */
  const link = (path: string, target: string): void => {
    mkdirSync(dirname(at(path)), { recursive: true });
    symlinkSync(relative(dirname(at(path)), at(target)), at(path));
  };
  return {
    root,
    write,
    addPciDevice(group, device) {
      const real = `/sys/devices/pci0000:00/${device.address}`;
      write(`${real}/vendor`, `0x${device.vendor}\n`);
      write(`${real}/device`, `0x${device.device}\n`);
      write(`${real}/class`, `0x${device.class}\n`);
      if (device.driver !== undefined) {
        mkdirSync(at(`/sys/bus/pci/drivers/${device.driver}`), { recursive: true });
        link(`${real}/driver`, `/sys/bus/pci/drivers/${device.driver}`);
      }
      link(`/sys/bus/pci/devices/${device.address}`, real);
      link(`/sys/kernel/iommu_groups/${group}/devices/${device.address}`, real);
    },
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}
