import { describe, expect, it } from 'vitest';
import { KERNEL_VM, REQUEST, testCore } from '../support/core.js';

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('the VM service', () => {
  it('walks the lifecycle, recording each change, its event and its audit row together', async () => {
    const { vms, operations, published, audit } = testCore();
    const created = await vms.create(KERNEL_VM, REQUEST);
    expect(created).toMatchObject({ name: 'web1', state: 'CREATED' });
    expect(created.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect((await vms.start('web1', REQUEST)).state).toBe('RUNNING');
    expect((await vms.pause('web1', REQUEST)).state).toBe('PAUSED');
    expect((await vms.resume('web1', REQUEST)).state).toBe('RUNNING');
    expect((await vms.reset('web1', REQUEST)).state).toBe('RUNNING');
    const stopping = await vms.shutdown('web1', REQUEST);
    expect(stopping).toMatchObject({ kind: 'vm.stop', resource: 'vm/web1', status: 'running' });
    expect((await operations.settled(stopping.id)).result).toMatchObject({ name: 'web1', state: 'STOPPED' });
    expect((await vms.start('web1', REQUEST)).state).toBe('RUNNING');
    await vms.remove('web1', true, REQUEST);
    const changes = published.filter((e) => !e.kind.startsWith('operation.'));
    expect(changes.map((e) => [e.kind, (e.data as { to?: string }).to])).toEqual([
      ['vm.created', undefined],
      ['vm.state_changed', 'RUNNING'],
      ['vm.state_changed', 'PAUSED'],
      ['vm.state_changed', 'RUNNING'],
      ['vm.reset', undefined],
      ['vm.state_changed', 'STOPPED'],
      ['vm.state_changed', 'RUNNING'],
      ['vm.state_changed', 'STOPPED'],
      ['vm.deleted', undefined],
    ]);
    expect(published[1]?.data).toMatchObject({
      vm: 'web1',
      from: 'CREATED',
      to: 'RUNNING',
      timestamp: expect.any(String),
    });
    expect(audit.query({ limit: 100 })).toHaveLength(8);
  });

  it('refuses illegal transitions with their specific codes', async () => {
    const { vms } = testCore();
    await vms.create(KERNEL_VM, REQUEST);
    await expect(vms.shutdown('web1', REQUEST)).rejects.toMatchObject({ code: 'VM_NOT_RUNNING' });
    await expect(vms.forceStop('web1', REQUEST)).rejects.toMatchObject({ code: 'VM_NOT_RUNNING' });
    await expect(vms.pause('web1', REQUEST)).rejects.toMatchObject({ code: 'VM_NOT_RUNNING' });
    await expect(vms.stats('web1')).rejects.toMatchObject({ code: 'VM_NOT_RUNNING' });
    await vms.start('web1', REQUEST);
    await expect(vms.start('web1', REQUEST)).rejects.toMatchObject({ code: 'VM_ALREADY_RUNNING' });
    await expect(vms.resume('web1', REQUEST)).rejects.toMatchObject({ code: 'VM_INVALID_STATE' });
    await expect(vms.update('web1', { cpu: { count: 2 } }, REQUEST)).rejects.toMatchObject({
      code: 'VM_INVALID_STATE',
    });
    await expect(vms.remove('web1', false, REQUEST)).rejects.toMatchObject({ code: 'VM_INVALID_STATE' });
    await vms.pause('web1', REQUEST);
    await expect(vms.start('web1', REQUEST)).rejects.toMatchObject({ code: 'VM_INVALID_STATE' });
    await expect(vms.pause('web1', REQUEST)).rejects.toMatchObject({ code: 'VM_INVALID_STATE' });
    expect(() => vms.get('nope')).toThrow(expect.objectContaining({ code: 'VM_NOT_FOUND' }));
    await expect(vms.create(KERNEL_VM, REQUEST)).rejects.toMatchObject({ code: 'VM_ALREADY_EXISTS' });
  });

  it('lets one of two concurrent starts win; the other gets VM_ALREADY_RUNNING', async () => {
    const { vms, published } = testCore();
    await vms.create(KERNEL_VM, REQUEST);
    const results = await Promise.allSettled([vms.start('web1', REQUEST), vms.start('web1', REQUEST)]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const loser = results.find((r) => r.status === 'rejected');
    expect(loser?.reason).toMatchObject({ code: 'VM_ALREADY_RUNNING' });
    expect(published.filter((e) => e.kind === 'vm.state_changed')).toHaveLength(1);
  });

  it('follows what the guest does on its own: power-off, crash, pause, reboot', async () => {
    const { vms, driver, published, audit } = testCore();
    await vms.create(KERNEL_VM, REQUEST);
    await vms.start('web1', REQUEST);
    driver.guest('web1', { kind: 'paused', reason: 'io-error' });
    await settle();
    expect(vms.get('web1').state).toBe('PAUSED');
    driver.guest('web1', { kind: 'resumed' });
    driver.guest('web1', { kind: 'reset', guest: true });
    driver.guest('web1', { kind: 'powered_off' });
    await settle();
    expect(vms.get('web1').state).toBe('STOPPED');
    await vms.start('web1', REQUEST);
    driver.guest('web1', { kind: 'crashed', reason: 'KVM internal error. Suberror: 1\nemulation failure' });
    await settle();
    const crashed = vms.get('web1');
    expect(crashed.state).toBe('CRASHED');
    expect(crashed.lastError?.message).toContain('emulation failure');
    expect(published.at(-1)?.data).toMatchObject({
      from: 'RUNNING',
      to: 'CRASHED',
      reason: expect.stringContaining('KVM'),
    });
    expect(published.filter((e) => e.kind === 'vm.reset').at(-1)?.data).toMatchObject({ guest: true });
    // Changes the guest made are events, not requests: the audit log holds only the three requests.
    expect(audit.query({ limit: 100 })).toHaveLength(3);
    expect((await vms.start('web1', REQUEST)).lastError).toBeNull();
  });

  it('marks CRASHED, with an event, the VMs whose process is gone at recovery', async () => {
    const { vms, driver, published } = testCore();
    await vms.create(KERNEL_VM, REQUEST);
    await vms.start('web1', REQUEST);
    (driver.running as Map<string, unknown>).clear();
    await vms.recover();
    expect(vms.get('web1').state).toBe('CRASHED');
    expect(published.at(-1)?.data).toMatchObject({
      to: 'CRASHED',
      reason: expect.stringContaining('restart'),
    });
  });

  it('checks definitions against the host and the store, naming the field', async () => {
    const { vms } = testCore();
    const refused = (patch: object) => vms.create({ ...KERNEL_VM, ...patch }, REQUEST);
    await expect(refused({ cpu: { count: 5 } })).rejects.toMatchObject({ details: { field: 'cpu.count' } });
    await expect(refused({ memory: { size: '16M' } })).rejects.toMatchObject({
      details: { field: 'memory.size' },
    });
    await expect(refused({ memory: { size: '9G' } })).rejects.toMatchObject({
      details: { field: 'memory.size' },
    });
    await expect(
      refused({ devices: { storage: [{ type: 'virtio-blk', path: 'nope' }] } }),
    ).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'devices.storage.0.path' },
    });
    await expect(
      refused({ devices: { network: [{ type: 'virtio-net', network: 'nowhere' }] } }),
    ).rejects.toMatchObject({
      details: { field: 'devices.network.0.network' },
    });
    await expect(refused({ boot: { kernel: '../etc/passwd' } })).rejects.toMatchObject({
      details: { field: 'boot.kernel' },
    });
    await expect(refused({ boot: undefined })).rejects.toMatchObject({ details: { field: 'boot' } });
    expect(vms.list()).toEqual([]);
  });

  describe('a stop that waits for the guest, as an operation', () => {
    const reasonOf = (published: { kind: string; data: unknown }[]) =>
      (published.filter((e) => e.kind === 'vm.state_changed').at(-1)?.data as { reason: string }).reason;

    it('holds the VM: its other requests are VM_BUSY; cancelled while it waits, the VM runs on', async () => {
      const { vms, driver, operations, published } = testCore();
      await vms.create(KERNEL_VM, REQUEST);
      await vms.start('web1', REQUEST);
      driver.ignorePowerButton('web1');
      const op = await vms.shutdown('web1', REQUEST);
      await expect(vms.pause('web1', REQUEST)).rejects.toMatchObject({
        code: 'VM_BUSY',
        message: `VM 'web1' is busy: a vm.stop operation holds it (operation ${op.id}); wait for it to end, or cancel it`,
        details: { operation: op.id, kind: 'vm.stop' },
      });
      await expect(vms.shutdown('web1', REQUEST)).rejects.toMatchObject({ code: 'VM_BUSY' });
      await expect(vms.exclusive('web1', async () => 'never')).rejects.toMatchObject({ code: 'VM_BUSY' });
      expect(operations.cancel(op.id, null).status).toBe('cancelling');
      expect(await operations.settled(op.id)).toMatchObject({
        status: 'cancelled',
        error: { code: 'OPERATION_CANCELLED' },
      });
      expect(vms.get('web1').state).toBe('RUNNING');
      // The guest had the power-off request: should it act on it later, that is its own power-off.
      driver.guest('web1', { kind: 'powered_off' });
      await settle();
      expect(vms.get('web1').state).toBe('STOPPED');
      expect(reasonOf(published)).toBe('the guest powered off');
    });

    it('stops hard after the stop time-out; from then on a cancel is refused', async () => {
      // Each simulated action takes 300 ms: the hard stop runs from 1 s (the time-out) to 1.3 s.
      const { vms, driver, operations, published } = testCore({ driverDelayMs: 300 });
      await vms.create(KERNEL_VM, REQUEST);
      await vms.start('web1', REQUEST);
      driver.ignorePowerButton('web1');
      const op = await vms.shutdown('web1', REQUEST);
      await new Promise((resolve) => setTimeout(resolve, 1_150));
      expect(() => operations.cancel(op.id, null)).toThrow(
        expect.objectContaining({
          code: 'OPERATION_NOT_CANCELLABLE',
          message: expect.stringContaining('stopped hard'),
        }),
      );
      expect(await operations.settled(op.id)).toMatchObject({
        status: 'succeeded',
        result: { state: 'STOPPED' },
      });
      expect(reasonOf(published)).toBe('the guest did not power off within 1000 ms; stopped hard');
    });

    it('stops a paused guest hard at once: it cannot see the power button', async () => {
      const { vms, operations, published } = testCore();
      await vms.create(KERNEL_VM, REQUEST);
      await vms.start('web1', REQUEST);
      await vms.pause('web1', REQUEST);
      const op = await vms.shutdown('web1', REQUEST);
      expect(await operations.settled(op.id)).toMatchObject({
        status: 'succeeded',
        result: { state: 'STOPPED' },
      });
      expect(reasonOf(published)).toBe('stopped hard: a paused guest cannot see the power button');
    });

    it('gives way to a forced stop or delete, which cancels it and stops the VM at once', async () => {
      const { vms, driver, operations, published } = testCore();
      await vms.create(KERNEL_VM, REQUEST);
      await vms.start('web1', REQUEST);
      driver.ignorePowerButton('web1');
      const first = await vms.shutdown('web1', REQUEST);
      expect((await vms.forceStop('web1', REQUEST)).state).toBe('STOPPED');
      expect((await operations.settled(first.id)).status).toBe('cancelled');
      expect(reasonOf(published)).toBe('stopped at once (force)');

      await vms.start('web1', REQUEST);
      driver.ignorePowerButton('web1');
      const second = await vms.shutdown('web1', REQUEST);
      await expect(vms.remove('web1', false, REQUEST)).rejects.toMatchObject({ code: 'VM_BUSY' });
      expect((await vms.remove('web1', true, REQUEST)).name).toBe('web1');
      expect((await operations.settled(second.id)).status).toBe('cancelled');
      expect(vms.list()).toEqual([]);
    });
  });
});
