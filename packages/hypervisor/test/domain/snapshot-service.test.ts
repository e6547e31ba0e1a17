/**
 * The snapshot core over the simulated driver: which state allows what, what a restore does to
 * the VM's state and definition, the events and audit rows, every refusal with its code, and a
 * snapshot with memory taken and restored as an operation.
 */
import { describe, expect, it, vi } from 'vitest';
import { createDiskClaims } from '../../src/domain/disk-claims.js';
import { createSnapshotService, type SnapshotCreate } from '../../src/domain/snapshot-service.js';
import type { SnapshotTarget } from '../../src/drivers/snapshot-driver.js';
import { createSnapshotRepository } from '../../src/store/snapshots.js';
import { createUnitOfWork } from '../../src/store/unit-of-work.js';
import { KERNEL_VM, REQUEST, testCore } from '../support/core.js';

const DISK_VM = {
  ...KERNEL_VM,
  devices: {
    storage: [
      { type: 'virtio-blk' as const, path: 'root' },
      { type: 'virtio-blk' as const, path: 'data' },
    ],
  },
};

function setup(options: { driverDelayMs?: number } = {}) {
  const core = testCore(options);
  const { db, events, audit, vms, vmRepository, diskRepository, pools, driver } = core;
  const at = new Date().toISOString();
  for (const name of ['root', 'data', 'other'])
    diskRepository.insert({ name, format: 'qcow2', pool: 'default', createdAt: at });
  diskRepository.insert({ name: 'flat', format: 'raw', pool: 'default', createdAt: at });
  const repository = createSnapshotRepository(db);
  const claims = createDiskClaims();
  const snapshots = createSnapshotService({
    vms,
    vmRepository,
    disks: diskRepository,
    imageFile: pools.imageFile,
    snapshots: repository,
    claims,
    driver,
    unitOfWork: createUnitOfWork(db, events, audit),
  });
  const image = (name: string) => pools.imageFile({ name, pool: 'default' });
  /** The tags the simulated driver keeps for an image, with their VM state sizes. */
  const tags = async (name: string) => (await driver.snapshots.list([image(name)]))[0] ?? [];
  const kinds = () => core.published.map((e) => e.kind);
  /** The snapshot a create made: at once, or through its operation (with memory), as stored. */
  const take = async (vm: string, input: SnapshotCreate) => {
    const answer = await snapshots.create(vm, input, REQUEST);
    if ('snapshot' in answer) return answer.snapshot;
    const ended = await core.operations.settled(answer.operation.id);
    if (ended.status !== 'succeeded') throw Object.assign(new Error(ended.error?.message), ended.error);
    return repository.find(vm, input.name)!;
  };
  /** A restore's outcome: at once, or through its operation (with memory), as stored. */
  const restore = async (vm: string, name: string) => {
    const answer = await snapshots.restore(vm, name, REQUEST);
    if (!('operation' in answer)) return answer;
    const ended = await core.operations.settled(answer.operation.id);
    if (ended.status !== 'succeeded') throw Object.assign(new Error(ended.error?.message), ended.error);
    return { snapshot: repository.find(vm, name)!, vm: core.vms.get(vm) };
  };
  return { ...core, snapshots, repository, claims, image, tags, kinds, take, restore };
}

describe('the snapshot service', () => {
  it('takes a disk-only snapshot of a VM without a process on every image, with its event and audit row', async () => {
    const { vms, snapshots, tags, published, audit, take } = setup();
    await vms.create(DISK_VM, REQUEST);
    const taken = await take('web1', { name: 'base', description: 'clean' });
    expect(taken).toMatchObject({
      vm: 'web1',
      name: 'base',
      description: 'clean',
      includeMemory: false,
      vmState: 'CREATED',
      definition: { memory: { size: '64M' } },
    });
    expect(await tags('root')).toEqual([{ tag: 'base', vmStateBytes: 0 }]);
    expect(await tags('data')).toEqual([{ tag: 'base', vmStateBytes: 0 }]);
    expect(published.at(-1)).toMatchObject({
      kind: 'vm.snapshot_created',
      data: { vm: 'web1', snapshot: 'base', include_memory: false, vm_state: 'CREATED' },
    });
    expect(audit.query({ limit: 10 })).toHaveLength(2);
    expect(snapshots.list('web1').map((s) => s.name)).toEqual(['base']);
  });

  it('saves memory only from a running or paused VM, in the first image', async () => {
    const { vms, tags, take } = setup();
    await vms.create(DISK_VM, REQUEST);
    await expect(take('web1', { name: 'm', include_memory: true })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'include_memory' },
    });
    await vms.start('web1', REQUEST);
    const live = await take('web1', { name: 'm', include_memory: true });
    expect(live).toMatchObject({ includeMemory: true, vmState: 'RUNNING' });
    expect((await tags('root'))[0]?.vmStateBytes).toBeGreaterThan(0);
    expect((await tags('data'))[0]?.vmStateBytes).toBe(0);
    await vms.pause('web1', REQUEST);
    expect(await take('web1', { name: 'p', include_memory: true })).toMatchObject({
      vmState: 'PAUSED',
    });
    expect(await take('web1', { name: 'd' })).toMatchObject({
      includeMemory: false,
      vmState: 'PAUSED',
    });
  });

  it('takes a snapshot with memory as an operation that holds the VM and cannot be cancelled', async () => {
    // The simulated save with memory takes 200 ms: long enough to be seen running.
    const { vms, snapshots, operations, repository, audit } = setup({ driverDelayMs: 200 });
    await vms.create(DISK_VM, REQUEST);
    await vms.start('web1', REQUEST);
    const answer = await snapshots.create('web1', { name: 'mem', include_memory: true }, REQUEST);
    if (!('operation' in answer)) throw new Error('a snapshot with memory is an operation');
    const { id } = answer.operation;
    expect(answer.operation).toMatchObject({
      kind: 'vm.snapshot_create',
      resource: 'vm/web1',
      status: 'running',
    });
    await expect(snapshots.create('web1', { name: 'disk' }, REQUEST)).rejects.toMatchObject({
      code: 'VM_BUSY',
      details: { operation: id },
    });
    expect(() => operations.cancel(id, null)).toThrow(
      expect.objectContaining({
        code: 'OPERATION_NOT_CANCELLABLE',
        message: expect.stringContaining('cannot be interrupted'),
      }),
    );
    expect(await operations.settled(id)).toMatchObject({
      status: 'succeeded',
      progress: 100,
      result: { vm: 'web1', name: 'mem', include_memory: true, vm_state: 'RUNNING' },
    });
    expect(repository.find('web1', 'mem')).toMatchObject({ includeMemory: true });
    // The request's audit row is the 202's; the work adds none.
    expect(audit.query({ limit: 10 }).map((row) => row.status)).toEqual([202, 200, 200]);
    const disk = await snapshots.create('web1', { name: 'disk' }, REQUEST);
    expect(disk).toMatchObject({ snapshot: { name: 'disk', includeMemory: false } });
  });

  it('refuses a VM with no disk, a raw disk, a taken name, and names what is missing', async () => {
    const { vms, snapshots, driver, image, take, restore } = setup();
    await vms.create(KERNEL_VM, REQUEST);
    await expect(take('web1', { name: 's' })).rejects.toMatchObject({
      code: 'SNAPSHOT_UNSUPPORTED',
      message: expect.stringContaining('no disk'),
    });
    await vms.create(
      {
        ...KERNEL_VM,
        name: 'flat',
        devices: {
          storage: [
            { type: 'virtio-blk', path: 'root' },
            { type: 'virtio-blk', path: 'flat' },
          ],
        },
      },
      REQUEST,
    );
    await expect(take('flat', { name: 's' })).rejects.toMatchObject({
      code: 'SNAPSHOT_UNSUPPORTED',
      details: { image: 'flat', format: 'raw' },
    });
    await vms.create({ ...DISK_VM, name: 'disky' }, REQUEST);
    await take('disky', { name: 's' });
    await expect(take('disky', { name: 's' })).rejects.toMatchObject({
      code: 'SNAPSHOT_ALREADY_EXISTS',
    });
    // A tag of that name made outside the service (qemu-img by hand) is not duplicated.
    await driver.snapshots.save({ vm: 'disky', images: [image('data')], live: false }, 'manual', false);
    await expect(take('disky', { name: 'manual' })).rejects.toMatchObject({
      code: 'SNAPSHOT_ALREADY_EXISTS',
      details: { image: 'data' },
    });
    await expect(take('ghost', { name: 's' })).rejects.toMatchObject({
      code: 'VM_NOT_FOUND',
    });
    expect(() => snapshots.list('ghost')).toThrow(expect.objectContaining({ code: 'VM_NOT_FOUND' }));
    await expect(restore('disky', 'nope')).rejects.toMatchObject({
      code: 'SNAPSHOT_NOT_FOUND',
    });
    await expect(snapshots.remove('disky', 'nope', REQUEST)).rejects.toMatchObject({
      code: 'SNAPSHOT_NOT_FOUND',
    });
  });

  it('leaves a VM that a live migration owns alone', async () => {
    const { vms, snapshots, vmRepository, take, restore } = setup();
    await vms.create(DISK_VM, REQUEST);
    await vms.start('web1', REQUEST);
    await take('web1', { name: 'mem', include_memory: true });
    const running = vms.get('web1');
    vmRepository.changeState('web1', 'RUNNING', {
      to: 'MIGRATING',
      runtime: running.runtime,
      at: new Date().toISOString(),
    });
    for (const attempt of [
      take('web1', { name: 'during' }),
      restore('web1', 'mem'),
      snapshots.remove('web1', 'mem', REQUEST),
    ]) {
      await expect(attempt).rejects.toMatchObject({
        code: 'VM_INVALID_STATE',
        message: expect.stringContaining('live migration'),
      });
    }
  });

  it('refuses to write the images of a stopped VM that another running VM has open', async () => {
    const { vms, take } = setup();
    await vms.create(DISK_VM, REQUEST);
    await vms.create(
      { ...KERNEL_VM, name: 'sharer', devices: { storage: [{ type: 'virtio-blk', path: 'data' }] } },
      REQUEST,
    );
    await vms.start('sharer', REQUEST);
    await expect(take('web1', { name: 's' })).rejects.toMatchObject({
      code: 'DISK_IN_USE',
      message: expect.stringContaining("'sharer'"),
    });
  });

  it('leaves alone images a disk operation holds, and the base of linked clones', async () => {
    const { vms, snapshots, claims, diskRepository, take, restore } = setup();
    await vms.create(DISK_VM, REQUEST);
    const release = claims.claim('data', 'compact');
    await expect(take('web1', { name: 's' })).rejects.toMatchObject({
      code: 'DISK_BUSY',
    });
    release();
    await take('web1', { name: 's' });
    diskRepository.insert({
      name: 'clone1',
      format: 'qcow2',
      pool: 'default',
      backing: 'root',
      createdAt: new Date().toISOString(),
    });
    await expect(restore('web1', 's')).rejects.toMatchObject({
      code: 'DISK_IS_BACKING',
      message: expect.stringContaining("'clone1'"),
    });
    // Taking and deleting snapshots leaves what the clones read as it is.
    await snapshots.remove('web1', 's', REQUEST);
  });

  it('restores a running VM to a snapshot with memory live, and refuses a disk-only one until it stops', async () => {
    const { vms, driver, published, kinds, take, restore } = setup();
    await vms.create(DISK_VM, REQUEST);
    await vms.start('web1', REQUEST);
    await take('web1', { name: 'disk' });
    await take('web1', { name: 'mem', include_memory: true });
    await expect(restore('web1', 'disk')).rejects.toMatchObject({
      code: 'VM_INVALID_STATE',
      message: expect.stringContaining('stop it first'),
    });
    const before = published.length;
    const restored = await restore('web1', 'mem');
    expect(restored.vm.state).toBe('RUNNING');
    expect(driver.running.get('web1')).toBe('running');
    expect(kinds().slice(before)).toEqual([
      'operation.started',
      'vm.snapshot_restored',
      'operation.completed',
    ]);
    expect(published.at(-2)?.data).toMatchObject({
      vm: 'web1',
      snapshot: 'mem',
      from: 'RUNNING',
      to: 'RUNNING',
    });
  });

  it('returns the VM to the state the snapshot recorded: paused, running, or started from it', async () => {
    const { vms, driver, published, kinds, take, restore } = setup();
    await vms.create(DISK_VM, REQUEST);
    await vms.start('web1', REQUEST);
    await vms.pause('web1', REQUEST);
    await take('web1', { name: 'asleep', include_memory: true });
    await vms.resume('web1', REQUEST);
    await take('web1', { name: 'awake', include_memory: true });

    // Each is a vm.snapshot_restore operation: its events frame the VM's.
    const restoring = [
      'operation.started',
      'vm.state_changed',
      'vm.snapshot_restored',
      'operation.completed',
    ];
    let before = published.length;
    expect((await restore('web1', 'asleep')).vm.state).toBe('PAUSED');
    expect(driver.running.get('web1')).toBe('paused');
    expect(kinds().slice(before)).toEqual(restoring);
    expect(published.at(-3)?.data).toMatchObject({
      from: 'RUNNING',
      to: 'PAUSED',
      reason: "restored from snapshot 'asleep'",
    });

    expect((await restore('web1', 'awake')).vm.state).toBe('RUNNING');
    expect(driver.running.get('web1')).toBe('running');

    await vms.forceStop('web1', REQUEST);
    before = published.length;
    const started = await restore('web1', 'awake');
    expect(started.vm).toMatchObject({ state: 'RUNNING', runtime: { driver: 'simulated' } });
    expect(kinds().slice(before)).toEqual(restoring);
    expect(published.at(-3)?.data).toMatchObject({ from: 'STOPPED', to: 'RUNNING' });

    await vms.forceStop('web1', REQUEST);
    expect((await restore('web1', 'asleep')).vm.state).toBe('PAUSED');
    expect(driver.running.get('web1')).toBe('paused');
  });

  it('restores a snapshot with memory as an operation that holds the VM and cannot be cancelled', async () => {
    // The simulated load with memory takes 200 ms, as the start from a snapshot does.
    const { vms, snapshots, operations, audit, take, restore } = setup({ driverDelayMs: 200 });
    await vms.create(DISK_VM, REQUEST);
    await vms.start('web1', REQUEST);
    await take('web1', { name: 'mem', include_memory: true });
    await take('web1', { name: 'disk' });
    const audited = audit.query({ limit: 100 }).length;

    const answer = await snapshots.restore('web1', 'mem', REQUEST);
    if (!('operation' in answer)) throw new Error('a restore with memory is an operation');
    const { id } = answer.operation;
    expect(answer.operation).toMatchObject({
      kind: 'vm.snapshot_restore',
      resource: 'vm/web1',
      status: 'running',
    });
    await expect(vms.pause('web1', REQUEST)).rejects.toMatchObject({
      code: 'VM_BUSY',
      details: { operation: id, kind: 'vm.snapshot_restore' },
    });
    await expect(snapshots.restore('web1', 'mem', REQUEST)).rejects.toMatchObject({ code: 'VM_BUSY' });
    expect(() => operations.cancel(id, null)).toThrow(
      expect.objectContaining({
        code: 'OPERATION_NOT_CANCELLABLE',
        message: expect.stringContaining('one step of its main loop'),
      }),
    );
    const ended = await operations.settled(id);
    expect(ended).toMatchObject({
      status: 'succeeded',
      progress: 100,
      result: {
        snapshot: { vm: 'web1', name: 'mem', include_memory: true, vm_state: 'RUNNING' },
        vm: { name: 'web1', state: 'RUNNING', runtime: { driver: 'simulated' } },
      },
    });
    // The request's audit row is the 202's; the work adds none.
    const rows = audit.query({ limit: 100 });
    expect(rows).toHaveLength(audited + 1);
    expect(rows[0]).toMatchObject({ status: 202, outcome: 'success' });

    // A VM without a process starts from it: QEMU reverts the disks first, so no cancel either.
    await vms.forceStop('web1', REQUEST);
    const cold = await snapshots.restore('web1', 'mem', REQUEST);
    if (!('operation' in cold)) throw new Error('a restore with memory is an operation');
    expect(() => operations.cancel(cold.operation.id, null)).toThrow(
      expect.objectContaining({
        code: 'OPERATION_NOT_CANCELLABLE',
        message: expect.stringContaining('reverts the disks before it loads the memory'),
      }),
    );
    expect(await operations.settled(cold.operation.id)).toMatchObject({
      status: 'succeeded',
      result: { vm: { state: 'RUNNING' } },
    });

    // A disk-only one is restored at once, with no operation.
    await vms.forceStop('web1', REQUEST);
    const disk = await snapshots.restore('web1', 'disk', REQUEST);
    expect(disk).toMatchObject({ snapshot: { name: 'disk' }, vm: { state: 'STOPPED' } });
    expect(disk).not.toHaveProperty('operation');
    expect((await restore('web1', 'mem')).vm.state).toBe('RUNNING');
  });

  it('answers the refusals of a restore with memory before any operation starts', async () => {
    const { vms, snapshots, operations, take } = setup();
    await vms.create(DISK_VM, REQUEST);
    await vms.start('web1', REQUEST);
    await take('web1', { name: 'mem', include_memory: true });
    await vms.forceStop('web1', REQUEST);
    await vms.update('web1', { cpu: { count: 2 } }, REQUEST);
    await vms.start('web1', REQUEST);
    await expect(snapshots.restore('web1', 'mem', REQUEST)).rejects.toMatchObject({
      code: 'VM_INVALID_STATE',
    });
    await expect(snapshots.restore('ghost', 'mem', REQUEST)).rejects.toMatchObject({
      code: 'VM_NOT_FOUND',
    });
    expect(operations.list().map((op) => op.kind)).toEqual(['vm.snapshot_create']);
  });

  it('reverts the images of a stopped VM to a disk-only snapshot and puts its definition back', async () => {
    const { vms, published, kinds, audit, take, restore } = setup();
    await vms.create(DISK_VM, REQUEST);
    await take('web1', { name: 'base' });
    await vms.update(
      'web1',
      { memory: { size: '128M' }, devices: { storage: [{ type: 'virtio-blk', path: 'root' }] } },
      REQUEST,
    );
    const audited = audit.query({ limit: 100 }).length;
    const before = published.length;
    const restored = await restore('web1', 'base');
    expect(restored.vm).toMatchObject({
      state: 'CREATED',
      definition: { memory: { size: '64M' }, devices: { storage: [{ path: 'root' }, { path: 'data' }] } },
    });
    expect(kinds().slice(before)).toEqual(['vm.updated', 'vm.snapshot_restored']);
    expect(published.at(-2)?.data).toMatchObject({ fields: ['memory', 'devices'] });
    expect(audit.query({ limit: 100 })).toHaveLength(audited + 1);
  });

  it('leaves a guest whose live load failed paused, with the reason as its last error', async () => {
    const { vms, driver, take, restore } = setup();
    await vms.create(DISK_VM, REQUEST);
    await vms.start('web1', REQUEST);
    await take('web1', { name: 'mem', include_memory: true });
    // A load QEMU refuses half-way (its words), leaving the guest stopped as QEMU does.
    const load = vi.spyOn(driver.snapshots, 'load').mockImplementation(async () => {
      (driver.running as Map<string, string>).set('web1', 'paused');
      throw new Error('Error -22 while loading VM state');
    });
    await expect(restore('web1', 'mem')).rejects.toMatchObject({
      code: 'DRIVER_ERROR',
      message: expect.stringContaining('Error -22'),
    });
    load.mockRestore();
    expect(vms.get('web1')).toMatchObject({
      state: 'PAUSED',
      lastError: { message: expect.stringContaining('Error -22') },
    });
  });

  it('refuses a live restore into a VM whose definition changed since the snapshot', async () => {
    const { vms, take, restore } = setup();
    await vms.create(DISK_VM, REQUEST);
    await vms.start('web1', REQUEST);
    await take('web1', { name: 'mem', include_memory: true });
    await vms.forceStop('web1', REQUEST);
    await vms.update('web1', { cpu: { count: 2 } }, REQUEST);
    await vms.start('web1', REQUEST);
    await expect(restore('web1', 'mem')).rejects.toMatchObject({
      code: 'VM_INVALID_STATE',
      message: expect.stringContaining('cpu changed'),
    });
  });

  it('says a snapshot whose data is gone is inconsistent, rather than failing inside QEMU', async () => {
    const { vms, snapshots, driver, image, diskRepository, take, restore } = setup();
    await vms.create(DISK_VM, REQUEST);
    await take('web1', { name: 'base' });
    const gone: SnapshotTarget = { vm: 'web1', images: [image('data')], live: false };
    await driver.snapshots.delete(gone, 'base');
    await expect(restore('web1', 'base')).rejects.toMatchObject({
      code: 'SNAPSHOT_INCONSISTENT',
      message: expect.stringContaining("'data' does not hold it"),
    });
    await vms.update('web1', { devices: { storage: [{ type: 'virtio-blk', path: 'root' }] } }, REQUEST);
    diskRepository.remove('data');
    await expect(restore('web1', 'base')).rejects.toMatchObject({
      code: 'SNAPSHOT_INCONSISTENT',
      message: expect.stringContaining("'data' no longer exists"),
    });
    // Deleting it still works: only the images that remain are touched.
    await snapshots.remove('web1', 'base', REQUEST);
    expect(snapshots.list('web1')).toEqual([]);
  });

  it('deletes a snapshot from the images, live or not, and with its VM', async () => {
    const { vms, snapshots, tags, kinds, repository, take } = setup();
    await vms.create(DISK_VM, REQUEST);
    await take('web1', { name: 'cold' });
    await vms.start('web1', REQUEST);
    await take('web1', { name: 'hot', include_memory: true });
    await snapshots.remove('web1', 'hot', REQUEST);
    expect((await tags('root')).map((t) => t.tag)).toEqual(['cold']);
    await vms.forceStop('web1', REQUEST);
    await snapshots.remove('web1', 'cold', REQUEST);
    expect(await tags('root')).toEqual([]);
    expect(kinds().filter((k) => k === 'vm.snapshot_deleted')).toHaveLength(2);

    await take('web1', { name: 'kept' });
    await vms.remove('web1', false, REQUEST);
    expect(repository.list('web1')).toEqual([]);
  });
});
