/** The QEMU command line: one argument array per VM, from its launch spec and its run files. */
import { describe, expect, it } from 'vitest';
import { MIB } from '../../../src/domain/units.js';
import { optionValue, qemuArguments } from '../../../src/drivers/qemu/command-line.js';
import { vmRunFiles } from '../../../src/drivers/qemu/run-files.js';
import type { LaunchSpec } from '../../../src/drivers/vm-driver.js';

const files = vmRunFiles('/run/hv', 'web1');
const spec: LaunchSpec = {
  name: 'web1',
  uuid: '6f1c1b8e-8d5a-4a39-9d1c-3f0e2b7a9c10',
  cpus: 2,
  memoryBytes: 512 * MIB,
  disks: [
    { path: '/data/storage/root.qcow2', format: 'qcow2' },
    { path: '/data/storage/scratch,1.img', format: 'raw' },
  ],
  boot: { kernel: '/boot/vmlinuz', initrd: '/boot/initrd.img', cmdline: 'console=ttyS0 root=/dev/vda' },
  nics: [],
};

/** The value after each occurrence of `flag`. */
const values = (args: string[], flag: string): string[] =>
  args.flatMap((arg, i) => (arg === flag ? [args[i + 1] ?? ''] : []));

describe('qemuArguments', () => {
  const args = qemuArguments(spec, 'tcg', files);

  it('names every device itself and starts with the CPUs stopped', () => {
    expect(args.slice(0, 4)).toEqual(['-nodefaults', '-no-user-config', '-display', 'none']);
    expect(args.at(-1)).toBe('-S');
    expect(values(args, '-machine')).toEqual(['q35']);
    expect(values(args, '-name')).toEqual(['guest=web1']);
    expect(values(args, '-uuid')).toEqual([spec.uuid]);
    expect(values(args, '-smp')).toEqual(['2']);
    expect(values(args, '-m')).toEqual(['512M']);
  });

  it('waits for an incoming migration without -S: QEMU starts the guest once the migration is in', () => {
    const incoming = qemuArguments({ ...spec, incoming: true }, 'tcg', files);
    expect(values(incoming, '-incoming')).toEqual(['defer']);
    expect(incoming).not.toContain('-S');
    expect(incoming.slice(0, -2)).toEqual(args.slice(0, -1));
  });

  it('emulates every CPU feature under TCG and passes the host CPU through under KVM', () => {
    expect(values(args, '-accel')).toEqual(['tcg']);
    expect(values(args, '-cpu')).toEqual(['max']);
    const kvm = qemuArguments(spec, 'kvm', files);
    expect(values(kvm, '-accel')).toEqual(['kvm']);
    expect(values(kvm, '-cpu')).toEqual(['host']);
  });

  it('puts QMP, the serial console, the pid file in the run directory', () => {
    expect(values(args, '-chardev')).toEqual([
      'socket,id=qmp,path=/run/hv/vms/web1/qmp.sock,server=on,wait=off',
      'file,id=serial0,path=/run/hv/vms/web1/serial.log',
    ]);
    expect(values(args, '-mon')).toEqual(['chardev=qmp,mode=control']);
    expect(values(args, '-serial')).toEqual(['chardev:serial0']);
    expect(values(args, '-pidfile')).toEqual(['/run/hv/vms/web1/qemu.pid']);
  });

  it('gives disks as JSON blockdevs on virtio-blk, booting from the first', () => {
    expect(values(args, '-blockdev').map((value) => JSON.parse(value))).toEqual([
      {
        driver: 'qcow2',
        'node-name': 'disk0',
        file: { driver: 'file', filename: '/data/storage/root.qcow2' },
      },
      {
        driver: 'raw',
        'node-name': 'disk1',
        file: { driver: 'file', filename: '/data/storage/scratch,1.img' },
      },
    ]);
    expect(values(args, '-device')).toEqual([
      'pvpanic',
      'virtio-blk-pci,drive=disk0,id=virtio-disk0,bootindex=1',
      'virtio-blk-pci,drive=disk1,id=virtio-disk1',
    ]);
  });

  it('stops a panicked guest instead of powering it off', () => {
    expect(values(args, '-action')).toEqual(['panic=pause']);
  });

  it('boots a kernel directly, or from the first disk when there is none', () => {
    expect(values(args, '-kernel')).toEqual(['/boot/vmlinuz']);
    expect(values(args, '-initrd')).toEqual(['/boot/initrd.img']);
    expect(values(args, '-append')).toEqual(['console=ttyS0 root=/dev/vda']);
    const firmware = qemuArguments({ ...spec, boot: null }, 'tcg', files);
    expect(firmware).not.toContain('-kernel');
    expect(firmware).not.toContain('-append');
    const kernelOnly = qemuArguments({ ...spec, boot: { kernel: '/boot/vmlinuz' } }, 'tcg', files);
    expect(values(kernelOnly, '-kernel')).toEqual(['/boot/vmlinuz']);
    expect(kernelOnly).not.toContain('-initrd');
    expect(kernelOnly).not.toContain('-append');
  });

  it('rounds memory up to whole MiB and runs without disks', () => {
    const small = qemuArguments({ ...spec, memoryBytes: 64 * MIB + 1, disks: [] }, 'tcg', files);
    expect(values(small, '-m')).toEqual(['65M']);
    expect(small).not.toContain('-blockdev');
  });

  it('doubles the commas of paths inside key=value options', () => {
    expect(optionValue('/run/a,b/qmp.sock')).toBe('/run/a,,b/qmp.sock');
    const odd = qemuArguments(spec, 'tcg', vmRunFiles('/run/a,b', 'web1'));
    expect(values(odd, '-chardev')[0]).toBe(
      'socket,id=qmp,path=/run/a,,b/vms/web1/qmp.sock,server=on,wait=off',
    );
    // -pidfile takes a bare path: no option parsing, no escaping.
    expect(values(odd, '-pidfile')).toEqual(['/run/a,b/vms/web1/qemu.pid']);
  });

  const nics = [
    { tap: 'hvt-6f1c1b8e-0', mac: '52:54:00:12:34:56' },
    { tap: 'hvt-6f1c1b8e-1', mac: '52:54:00:ab:cd:ef' },
  ];

  it('adds no NIC for a VM without one (-nodefaults: no default NIC either)', () => {
    expect(args).not.toContain('-netdev');
    expect(args).not.toContain('-net');
    expect(values(args, '-device').filter((d) => d.startsWith('virtio-net'))).toEqual([]);
  });

  it("opens each NIC's tap by name, without helper scripts, on virtio-net-pci with its MAC", () => {
    const withNics = qemuArguments({ ...spec, nics }, 'tcg', files);
    expect(values(withNics, '-netdev')).toEqual([
      'tap,id=net0,ifname=hvt-6f1c1b8e-0,script=no,downscript=no',
      'tap,id=net1,ifname=hvt-6f1c1b8e-1,script=no,downscript=no',
    ]);
    expect(values(withNics, '-device').filter((d) => d.startsWith('virtio-net'))).toEqual([
      'virtio-net-pci,netdev=net0,id=nic0,mac=52:54:00:12:34:56',
      'virtio-net-pci,netdev=net1,id=nic1,mac=52:54:00:ab:cd:ef',
    ]);
    // Each -netdev comes before the -device that names it; both before the boot options and -S.
    const netdev = withNics.indexOf('-netdev');
    expect(withNics.indexOf('virtio-net-pci,netdev=net0,id=nic0,mac=52:54:00:12:34:56')).toBeGreaterThan(
      netdev,
    );
    expect(withNics.indexOf('-kernel')).toBeGreaterThan(withNics.lastIndexOf('-device'));
    expect(withNics.at(-1)).toBe('-S');
  });

  it('asks for vhost-net only under KVM with /dev/vhost-net usable', () => {
    const netdevs = (accelerator: 'kvm' | 'tcg', vhostNet: boolean): string[] =>
      values(qemuArguments({ ...spec, nics: nics.slice(0, 1) }, accelerator, files, { vhostNet }), '-netdev');
    expect(netdevs('kvm', true)).toEqual([
      'tap,id=net0,ifname=hvt-6f1c1b8e-0,script=no,downscript=no,vhost=on',
    ]);
    expect(netdevs('kvm', false)[0]).not.toContain('vhost');
    expect(netdevs('tcg', true)[0]).not.toContain('vhost');
    expect(netdevs('tcg', false)[0]).not.toContain('vhost');
  });
});
