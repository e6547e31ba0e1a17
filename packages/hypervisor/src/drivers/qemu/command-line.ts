/**
 * The QEMU command line of a VM, as an argument array (never a shell string). Nothing comes from
 * QEMU's defaults or a user config file (`-nodefaults -no-user-config`): every device is named
 * here. QEMU starts with its CPUs stopped (`-S`) so the driver connects QMP before the guest runs
 * and misses no event; it sends `cont` then. The destination of a live migration starts with
 * `-incoming defer` instead: its CPUs stay stopped until the migration is in, then QEMU starts
 * the guest itself (no `-S`), so no round trip to the driver adds to the guest's downtime.
 *
 * Disks are `-blockdev` in JSON form, so a path holding a comma needs no escaping; the few paths
 * that go into `key=value` options have their commas doubled, as QEMU's option parser reads them.
 *
 * A NIC is a tap the network core made on its network's bridge before the launch, opened by name
 * (`ifname=`, `script=no,downscript=no`: QEMU runs no helper script and neither makes nor
 * removes the tap), and a virtio-net-pci device with the NIC's MAC. vhost-net (the kernel moving
 * the packets) is asked for only under KVM and when /dev/vhost-net can be opened: under TCG QEMU
 * cannot give the kernel the guest's notifications and falls back to its own loop anyway.
 */
import { MIB } from '../../domain/units.js';
import type { LaunchSpec } from '../vm-driver.js';
import type { VmRunFiles } from './run-files.js';

/** A value inside a QEMU `key=value,...` option: a comma is written as two. */
export function optionValue(value: string): string {
  return value.replaceAll(',', ',,');
}

/** The node name of the VM's disk at `index` (its qcow2 or raw format node): QMP names disks by it. */
export const diskNodeName = (index: number): string => `disk${index}`;

/** The CPU model a guest gets: KVM passes the host CPU through; TCG emulates every feature it knows. */
export const cpuModel = (accelerator: 'kvm' | 'tcg'): string => (accelerator === 'kvm' ? 'host' : 'max');

/** The netdev id of the VM's NIC at `index`. */
export const nicNetdevId = (index: number): string => `net${index}`;

export interface HostFeatures {
  /** /dev/vhost-net can be opened by this process. */
  vhostNet: boolean;
}

export function qemuArguments(
  spec: LaunchSpec,
  accelerator: 'kvm' | 'tcg',
  files: VmRunFiles,
  host: HostFeatures = { vhostNet: false },
): string[] {
  const args = [
    '-nodefaults',
    '-no-user-config',
    '-display',
    'none',
    '-name',
    `guest=${optionValue(spec.name)}`,
    '-uuid',
    spec.uuid,
    '-machine',
    'q35',
    '-accel',
    accelerator,
    '-cpu',
    cpuModel(accelerator),
    '-smp',
    String(spec.cpus),
    '-m',
    `${Math.ceil(spec.memoryBytes / MIB)}M`,
    '-chardev',
    `socket,id=qmp,path=${optionValue(files.qmpSocket)},server=on,wait=off`,
    '-mon',
    'chardev=qmp,mode=control',
    '-chardev',
    `file,id=serial0,path=${optionValue(files.serialLog)}`,
    '-serial',
    'chardev:serial0',
    '-pidfile',
    files.pidFile,
    // A guest panic reported through pvpanic stops the VM (QEMU's default would power it off,
    // which would look like a clean shutdown); the driver then reports the crash.
    '-device',
    'pvpanic',
    '-action',
    'panic=pause',
  ];
  spec.disks.forEach((disk, index) => {
    const node = diskNodeName(index);
    args.push(
      '-blockdev',
      JSON.stringify({
        driver: disk.format,
        'node-name': node,
        file: { driver: 'file', filename: disk.path },
      }),
      '-device',
      `virtio-blk-pci,drive=${node},id=virtio-${node}${index === 0 ? ',bootindex=1' : ''}`,
    );
  });
  const vhost = accelerator === 'kvm' && host.vhostNet;
  spec.nics.forEach((nic, index) => {
    const id = nicNetdevId(index);
    args.push(
      '-netdev',
      `tap,id=${id},ifname=${nic.tap},script=no,downscript=no${vhost ? ',vhost=on' : ''}`,
      '-device',
      `virtio-net-pci,netdev=${id},id=nic${index},mac=${nic.mac}`,
    );
  });
  if (spec.boot !== null) {
    args.push('-kernel', spec.boot.kernel);
    if (spec.boot.initrd !== undefined) args.push('-initrd', spec.boot.initrd);
    if (spec.boot.cmdline !== undefined) args.push('-append', spec.boot.cmdline);
  }
  // A start from a snapshot with memory: the disks and the VM state are loaded before QMP connects.
  if (spec.restore !== undefined) args.push('-loadvm', spec.restore.tag);
  if (spec.incoming === true) args.push('-incoming', 'defer');
  else args.push('-S');
  return args;
}
