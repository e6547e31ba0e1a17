/**
 * NICs in the VM core, against a fake network port (test/support/fake-network-port.ts) and the
 * simulated driver: what the core asks of the network core, and when — NICs resolved before a
 * definition is stored, taps plugged before the driver starts QEMU and unplugged once its process
 * is gone, however it went; the network core told of every stored change of NICs.
 */
import { describe, expect, it, vi } from 'vitest';
import { createCloneService } from '../../src/domain/clone-service.js';
import { createDiskClaims } from '../../src/domain/disk-claims.js';
import { createSnapshotService } from '../../src/domain/snapshot-service.js';
import { createSnapshotRepository } from '../../src/store/snapshots.js';
import { tapName } from '../../src/drivers/network/network-driver.js';
import { fakeMac, type PortCall } from '../support/fake-network-port.js';
import { KERNEL_VM, REQUEST, testCore } from '../support/core.js';

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));
const LAN = { type: 'virtio-net' as const, network: 'lan' };
const DMZ = { type: 'virtio-net' as const, network: 'dmz' };
const WITH_NICS = {
  ...KERNEL_VM,
  devices: { network: [LAN, { ...DMZ, mac: '52:54:00:AA:BB:CC', ip: '10.0.0.5' }] },
};

/** The port's calls, by kind and VM or networks, for comparing sequences. */
const summary = (calls: PortCall[]): string[] =>
  calls.map((c) => (c.call === 'nicsChanged' ? `nicsChanged ${c.networks.join(',')}` : `${c.call} ${c.vm}`));

describe('NICs in the VM core', () => {
  it('stores the resolved NICs on create (a MAC derived from the uuid, a given one kept) and tells the network core', async () => {
    const { vms, network } = testCore();
    const vm = await vms.create(WITH_NICS, REQUEST);
    expect(vm.definition.devices.network).toEqual([
      { ...LAN, mac: fakeMac(vm.uuid, 0) },
      { ...DMZ, mac: '52:54:00:aa:bb:cc', ip: '10.0.0.5' },
    ]);
    // Stored: a read gives the same MACs, a restart of nothing changes them.
    expect(vms.get('web1').definition.devices.network).toEqual(vm.definition.devices.network);
    expect(summary(network.calls)).toEqual(['resolveNics web1', 'nicsChanged lan,dmz']);
  });

  it('refuses a NIC on a network that does not exist, naming the field, and stores nothing', async () => {
    const { vms, network } = testCore();
    await expect(
      vms.create({ ...KERNEL_VM, devices: { network: [LAN, { ...LAN, network: 'nowhere' }] } }, REQUEST),
    ).rejects.toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'devices.network.1.network' } });
    expect(vms.list()).toEqual([]);
    expect(network.calls.filter((c) => c.call === 'nicsChanged')).toEqual([]);
  });

  it('asks nothing of the network core for a VM without NICs', async () => {
    const { vms, network, driver } = testCore();
    await vms.create(KERNEL_VM, REQUEST);
    await vms.start('web1', REQUEST);
    expect(driver.launched.get('web1')?.nics).toEqual([]);
    await vms.forceStop('web1', REQUEST);
    await vms.update('web1', { cpu: { count: 2 } }, REQUEST);
    await vms.remove('web1', false, REQUEST);
    expect(network.calls).toEqual([]);
  });

  it('resolves the NICs a PATCH gives and tells the network core of the old and new networks', async () => {
    const { vms, network } = testCore();
    const vm = await vms.create({ ...KERNEL_VM, devices: { network: [DMZ] } }, REQUEST);
    network.calls.length = 0;
    await vms.update('web1', { cpu: { count: 2 } }, REQUEST);
    expect(network.calls).toEqual([]);
    const updated = await vms.update('web1', { devices: { network: [LAN, LAN] } }, REQUEST);
    expect(updated.definition.devices.network).toEqual([
      { ...LAN, mac: fakeMac(vm.uuid, 0) },
      { ...LAN, mac: fakeMac(vm.uuid, 1) },
    ]);
    expect(summary(network.calls)).toEqual(['resolveNics web1', 'nicsChanged dmz,lan']);
    await expect(
      vms.update('web1', { devices: { network: [{ ...LAN, network: 'nowhere' }] } }, REQUEST),
    ).rejects.toMatchObject({ details: { field: 'devices.network.0.network' } });
    expect(vms.get('web1').definition.devices.network).toEqual(updated.definition.devices.network);
  });

  it('plugs the taps before the driver starts QEMU, gives it their names and MACs, and unplugs after a stop', async () => {
    const { vms, network, driver } = testCore();
    const vm = await vms.create(WITH_NICS, REQUEST);
    const taps = [tapName(vm.uuid, 0), tapName(vm.uuid, 1)];
    const tapsAtStart: string[][] = [];
    const start = driver.start.bind(driver);
    vi.spyOn(driver, 'start').mockImplementation((spec) => {
      tapsAtStart.push([...network.taps]);
      return start(spec);
    });
    network.calls.length = 0;
    await vms.start('web1', REQUEST);
    expect(tapsAtStart).toEqual([taps]);
    expect(driver.launched.get('web1')?.nics).toEqual([
      { tap: taps[0], mac: fakeMac(vm.uuid, 0) },
      { tap: taps[1], mac: '52:54:00:aa:bb:cc' },
    ]);
    await vms.forceStop('web1', REQUEST);
    expect(network.taps.size).toBe(0);
    await vms.start('web1', REQUEST);
    const stopping = await vms.shutdown('web1', REQUEST);
    await vi.waitFor(() => expect(vms.get('web1').state).toBe('STOPPED'));
    expect(stopping.kind).toBe('vm.stop');
    expect(network.taps.size).toBe(0);
    expect(summary(network.calls)).toEqual(['plug web1', 'unplug web1', 'plug web1', 'unplug web1']);
  });

  it('unplugs when the guest powers off, when QEMU crashes, and when the process is found gone at start-up', async () => {
    const { vms, network, driver } = testCore();
    await vms.create(WITH_NICS, REQUEST);
    await vms.start('web1', REQUEST);
    driver.guest('web1', { kind: 'powered_off' });
    await settle();
    expect(vms.get('web1').state).toBe('STOPPED');
    expect(network.taps.size).toBe(0);
    await vms.start('web1', REQUEST);
    driver.guest('web1', { kind: 'crashed', reason: 'guest panicked' });
    await settle();
    expect(vms.get('web1').state).toBe('CRASHED');
    expect(network.taps.size).toBe(0);
    await vms.start('web1', REQUEST);
    expect(network.taps.size).toBe(2);
    (driver.running as Map<string, unknown>).clear();
    await vms.recover();
    expect(vms.get('web1').state).toBe('CRASHED');
    expect(network.taps.size).toBe(0);
    expect(summary(network.calls).slice(2)).toEqual([
      'plug web1',
      'unplug web1',
      'plug web1',
      'unplug web1',
      'plug web1',
      'unplug web1',
    ]);
  });

  it('unplugs when QEMU does not start, and starts nothing when the taps cannot be made', async () => {
    const { vms, network, driver } = testCore();
    await vms.create(WITH_NICS, REQUEST);
    const start = vi
      .spyOn(driver, 'start')
      .mockRejectedValueOnce(new Error('qemu-system-x86_64: could not open /dev/net/tun'));
    await expect(vms.start('web1', REQUEST)).rejects.toMatchObject({ code: 'DRIVER_ERROR' });
    expect(network.taps.size).toBe(0);
    expect(summary(network.calls).slice(2)).toEqual(['plug web1', 'unplug web1']);
    expect(vms.get('web1')).toMatchObject({
      state: 'CREATED',
      lastError: { message: expect.stringContaining('tun') },
    });

    network.failNextPlug(new Error('the bridge hv-lan is not there'));
    await expect(vms.start('web1', REQUEST)).rejects.toMatchObject({
      code: 'DRIVER_ERROR',
      message: expect.stringContaining('hv-lan'),
    });
    // Only the first, failed start reached the driver.
    expect(start).toHaveBeenCalledTimes(1);
    expect(driver.running.has('web1')).toBe(false);
    expect(vms.get('web1').state).toBe('CREATED');
  });

  it('plugs the taps before QEMU starts from a snapshot with memory, and unplugs when that start fails', async () => {
    const core = testCore();
    const { vms, network, driver } = core;
    core.diskRepository.insert({
      name: 'root',
      format: 'qcow2',
      pool: 'default',
      createdAt: new Date().toISOString(),
    });
    const snapshots = createSnapshotService({
      vms,
      vmRepository: core.vmRepository,
      disks: core.diskRepository,
      imageFile: core.pools.imageFile,
      snapshots: createSnapshotRepository(core.db),
      claims: createDiskClaims(),
      driver,
      unitOfWork: core.unitOfWork,
    });
    const settled = async (answer: Awaited<ReturnType<typeof snapshots.restore>>) => {
      if (!('operation' in answer)) throw new Error('a restore with memory is an operation');
      return core.operations.settled(answer.operation.id);
    };
    const vm = await vms.create(
      { ...WITH_NICS, devices: { ...WITH_NICS.devices, storage: [{ type: 'virtio-blk', path: 'root' }] } },
      REQUEST,
    );
    await vms.start('web1', REQUEST);
    const taken = await snapshots.create('web1', { name: 'mem', include_memory: true }, REQUEST);
    if ('operation' in taken) await core.operations.settled(taken.operation.id);
    await vms.forceStop('web1', REQUEST);
    network.calls.length = 0;
    const tapsAtStart: string[][] = [];
    const start = driver.start.bind(driver);
    const spy = vi.spyOn(driver, 'start').mockImplementation((spec) => {
      tapsAtStart.push([...network.taps]);
      return start(spec);
    });
    expect((await settled(await snapshots.restore('web1', 'mem', REQUEST))).status).toBe('succeeded');
    expect(vms.get('web1').state).toBe('RUNNING');
    expect(tapsAtStart).toEqual([[tapName(vm.uuid, 0), tapName(vm.uuid, 1)]]);
    expect(driver.launched.get('web1')).toMatchObject({
      restore: { tag: 'mem' },
      nics: [{ tap: tapName(vm.uuid, 0) }, { tap: tapName(vm.uuid, 1), mac: '52:54:00:aa:bb:cc' }],
    });
    await vms.forceStop('web1', REQUEST);
    spy.mockRejectedValueOnce(new Error('qemu-system-x86_64: could not load the VM state'));
    expect((await settled(await snapshots.restore('web1', 'mem', REQUEST))).status).toBe('failed');
    expect(network.taps.size).toBe(0);
    expect(summary(network.calls)).toEqual([
      'plug web1',
      'nicsChanged lan,dmz',
      'unplug web1',
      'plug web1',
      'unplug web1',
    ]);
  });

  it('unplugs a VM deleted with force and tells the network core of its networks', async () => {
    const { vms, network } = testCore();
    await vms.create(WITH_NICS, REQUEST);
    await vms.start('web1', REQUEST);
    network.calls.length = 0;
    await vms.remove('web1', true, REQUEST);
    expect(summary(network.calls)).toEqual(['unplug web1', 'nicsChanged lan,dmz']);
    expect(network.taps.size).toBe(0);
  });

  it('gives a clone the same networks with MACs of its own uuid, and neither the MACs nor the fixed addresses of its source', async () => {
    const core = testCore();
    const { vms, network } = core;
    const clones = createCloneService({
      vms,
      vmRepository: core.vmRepository,
      disks: core.diskRepository,
      pools: core.pools,
      claims: createDiskClaims(),
      driver: core.driver,
      unitOfWork: core.unitOfWork,
    });
    const source = await vms.create(WITH_NICS, REQUEST);
    network.calls.length = 0;
    const answer = await clones.clone('web1', { name: 'web2', linked: true }, REQUEST);
    if (!('vm' in answer)) throw new Error('a linked clone answers with the new VM');
    const clone = answer.vm;
    expect(clone.uuid).not.toBe(source.uuid);
    expect(clone.definition.devices.network).toEqual([
      { ...LAN, mac: fakeMac(clone.uuid, 0) },
      { ...DMZ, mac: fakeMac(clone.uuid, 1) },
    ]);
    expect(vms.get('web2').definition.devices.network).toEqual(clone.definition.devices.network);
    expect(summary(network.calls)).toEqual(['resolveNics web2', 'resolveNics web2', 'nicsChanged lan,dmz']);

    network.networks.delete('dmz');
    await expect(clones.clone('web1', { name: 'web3', linked: true }, REQUEST)).rejects.toMatchObject({
      details: { field: 'devices.network.1.network' },
    });
    expect(() => vms.get('web3')).toThrow(expect.objectContaining({ code: 'VM_NOT_FOUND' }));
  });
});
