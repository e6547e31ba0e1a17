/**
 * The migration service's edges, over the simulated driver and a destination played by the test
 * (a PeerHost whose answers it chooses, with a second simulated driver listening): what happens
 * when QEMU completed but the destination has no VM, or cannot be asked; when the stream fails;
 * and what a restart finds of a migration.
 */
import { createLogger } from '@lab/server-kit';
import { describe, expect, it } from 'vitest';
import { createMigrationService } from '../../src/domain/migration-service.js';
import { createOperations } from '../../src/domain/operations.js';
import type { PeerHost } from '../../src/drivers/peer-host.js';
import { createSimulatedDriver } from '../../src/drivers/simulated/simulated-driver.js';
import { HvErrors } from '../../src/errors.js';
import { createOperationRepository } from '../../src/store/operations.js';
import { createUnitOfWork } from '../../src/store/unit-of-work.js';
import { KERNEL_VM, testCore } from '../support/core.js';

type Answer = 'running' | 'absent' | 'unreachable' | 'incoming';

function setUp(options: { answer?: Answer; listen?: boolean; snapshots?: number } = {}) {
  const core = testCore();
  const unitOfWork = createUnitOfWork(core.db, core.events, core.audit);
  const operations = createOperations({
    operations: createOperationRepository(core.db),
    unitOfWork,
    logger: createLogger({ service: 'test', level: 'silent' }),
  });
  const remote = createSimulatedDriver();
  const calls: string[] = [];
  const peer: PeerHost = {
    url: 'http://dest:9400/api/v1',
    hostname: 'dest',
    async prepareIncoming(vm, body) {
      calls.push('prepare');
      expect(body.probe.secret).toMatch(/^[0-9a-f]{64}$/);
      if (options.listen === false) return { uri: 'tcp:dest:1', port: 1 };
      await remote.start({
        name: vm,
        uuid: body.uuid,
        cpus: 1,
        memoryBytes: 8 << 20,
        disks: [],
        boot: null,
        nics: [],
        incoming: true,
      });
      return remote.migration.listen(vm, 'dest');
    },
    async vm() {
      calls.push('vm');
      switch (options.answer ?? 'running') {
        case 'running':
          return { uuid: core.vms.get('web1').uuid, state: 'RUNNING' };
        case 'incoming':
          return { uuid: core.vms.get('web1').uuid, state: 'INCOMING' };
        case 'absent':
          return null;
        case 'unreachable':
          throw HvErrors.migrationDestinationUnreachable({
            destination: 'http://dest:9400',
            reason: 'ECONNREFUSED',
          });
      }
    },
    async abortIncoming() {
      calls.push('abort');
    },
  };
  const migrations = createMigrationService({
    vms: core.vms,
    vmRepository: core.vmRepository,
    disks: core.diskRepository,
    pools: core.pools,
    driver: core.driver,
    operations,
    unitOfWork,
    listenHost: '127.0.0.1',
    snapshotsOf: () => Array.from({ length: options.snapshots ?? 0 }),
    logger: createLogger({ service: 'test', level: 'silent' }),
    confirmTimeoutMs: 300,
    peer: () => peer,
  });
  return { ...core, operations, migrations, calls, remote };
}

async function runningVm(core: ReturnType<typeof setUp>) {
  await core.vms.create(KERNEL_VM, null);
  await core.vms.start('web1', null);
}

const migrate = (core: ReturnType<typeof setUp>) =>
  core.migrations.migrate('web1', { destination: 'http://dest:9400', token: 'hvt_secret' }, null);

describe('the migration service', () => {
  it('hands the guest over when the destination shows it running: the VM leaves this host', async () => {
    const core = setUp();
    await runningVm(core);
    const op = await migrate(core);
    expect(core.vms.get('web1').state).toBe('MIGRATING');
    const done = await core.operations.settled(op.id);
    expect(done).toMatchObject({ status: 'succeeded', result: { destination: 'http://dest:9400/api/v1' } });
    expect(core.vmRepository.find('web1')).toBeUndefined();
    expect(core.driver.running.has('web1')).toBe(false);
    expect(core.remote.running.get('web1')).toBe('running');
    expect(core.calls).toEqual(['prepare', 'vm']);
    expect(JSON.stringify(core.published)).not.toContain('hvt_secret');
    const progress = core.published.filter((e) => e.kind === 'migration.progress').map((e) => e.data as any);
    expect(progress.map((p) => p.progress)).toEqual(
      [...progress.map((p) => p.progress)].sort((x, y) => x - y),
    );
    expect(core.published.at(-2)).toMatchObject({ kind: 'vm.migrated', data: { vm: 'web1' } });
  });

  it('waits while the destination still shows the VM INCOMING, then leaves it PAUSED here', async () => {
    const core = setUp({ answer: 'incoming' });
    await runningVm(core);
    const done = await core.operations.settled((await migrate(core)).id);
    expect(done).toMatchObject({ status: 'failed', error: { code: 'MIGRATION_FAILED' } });
    expect(core.calls.filter((c) => c === 'vm').length).toBeGreaterThan(1);
    expect(core.vms.get('web1').state).toBe('PAUSED');
  });

  it('resumes the guest here when QEMU completed but the destination has no such VM', async () => {
    const core = setUp({ answer: 'absent' });
    await runningVm(core);
    const done = await core.operations.settled((await migrate(core)).id);
    expect(done).toMatchObject({ status: 'failed', error: { code: 'MIGRATION_FAILED' } });
    expect(done.error?.message).toContain('did not take the guest over');
    expect(core.vms.get('web1').state).toBe('RUNNING');
    expect(core.driver.running.get('web1')).toBe('running');
    expect(core.calls).toEqual(['prepare', 'vm', 'abort']);
  });

  it('leaves the guest PAUSED here, for a person to check, when the destination cannot be asked', async () => {
    const core = setUp({ answer: 'unreachable' });
    await runningVm(core);
    const done = await core.operations.settled((await migrate(core)).id);
    expect(done.error?.message).toContain('left PAUSED here');
    const vm = core.vms.get('web1');
    expect(vm.state).toBe('PAUSED');
    expect(core.driver.running.get('web1')).toBe('paused');
    const change = core.published.filter((e) => e.kind === 'vm.state_changed').at(-1);
    expect(change?.data).toMatchObject({ from: 'MIGRATING', to: 'PAUSED' });
  });

  it('takes the VM back to RUNNING and aborts the destination when the stream fails', async () => {
    const core = setUp({ listen: false });
    await runningVm(core);
    const done = await core.operations.settled((await migrate(core)).id);
    expect(done).toMatchObject({ status: 'failed', error: { code: 'DRIVER_ERROR' } });
    expect(core.vms.get('web1').state).toBe('RUNNING');
    expect(core.calls).toEqual(['prepare', 'abort']);
  });

  it('refuses a VM with internal snapshots, before calling the destination', async () => {
    const core = setUp({ snapshots: 2 });
    await runningVm(core);
    await expect(migrate(core)).rejects.toMatchObject({
      code: 'MIGRATION_UNSUPPORTED',
      message: expect.stringContaining('2 internal snapshot(s)'),
    });
    expect(core.calls).toEqual([]);
    expect(core.vms.get('web1').state).toBe('RUNNING');
  });

  it('refuses a bandwidth below 64K per second', async () => {
    const core = setUp();
    await runningVm(core);
    await expect(
      core.migrations.migrate('web1', { destination: 'http://dest:9400', token: 't', bandwidth: '1K' }, null),
    ).rejects.toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'bandwidth' } });
  });

  it('at a restart: a source migration is settled back to RUNNING, an incoming VM without its process goes', async () => {
    const core = setUp();
    await runningVm(core);
    const vm = core.vms.get('web1');
    core.vmRepository.changeState('web1', 'RUNNING', { to: 'MIGRATING', runtime: vm.runtime, at: 't' });
    core.vmRepository.insert({
      ...vm,
      name: 'gone',
      uuid: '00000000-0000-4000-8000-000000000000',
      state: 'INCOMING',
    });
    await core.migrations.recover();
    expect(core.vms.get('web1').state).toBe('RUNNING');
    expect(core.vmRepository.find('gone')).toBeUndefined();
    expect(core.published.find((e) => e.kind === 'vm.deleted')?.data).toMatchObject({
      vm: 'gone',
      reason: 'the service restarted during the incoming live migration',
    });
  });

  it("takes a VM's NICs along: the source unplugs its taps, the destination resolves and plugs them before QEMU listens", async () => {
    const source = setUp();
    const nic = { type: 'virtio-net' as const, network: 'lan', mac: '52:54:00:01:02:03' };
    await source.vms.create({ ...KERNEL_VM, devices: { network: [nic] } }, null);
    await source.vms.start('web1', null);
    expect(source.network.taps.size).toBe(1);
    source.network.calls.length = 0;
    expect((await source.operations.settled((await migrate(source)).id)).status).toBe('succeeded');
    expect(source.network.taps.size).toBe(0);
    expect(source.network.calls.map((c) => c.call)).toEqual(['unplug', 'nicsChanged']);

    const destination = setUp();
    const body = (network: string) => ({
      uuid: '7d5e2a4c-1b3f-4c6d-8e9f-0a1b2c3d4e5f',
      definition: {
        cpu: KERNEL_VM.cpu,
        memory: KERNEL_VM.memory,
        devices: { storage: [], network: [{ ...nic, network }] },
        boot: KERNEL_VM.boot,
      },
      images: [],
      probe: { id: '7d5e2a4c-1b3f-4c6d-8e9f-0a1b2c3d4e5f', secret: 'ab'.repeat(32) },
    });
    await expect(destination.migrations.prepareIncoming('web1', body('nowhere'), null)).rejects.toMatchObject(
      {
        details: { field: 'devices.network.0.network' },
      },
    );
    expect(destination.vmRepository.find('web1')).toBeUndefined();
    await destination.migrations.prepareIncoming('web1', body('lan'), null);
    expect(destination.vms.get('web1')).toMatchObject({
      state: 'INCOMING',
      definition: { devices: { network: [nic] } },
    });
    expect(destination.driver.launched.get('web1')).toMatchObject({
      incoming: true,
      nics: [{ tap: 'hvt-7d5e2a4c-0', mac: nic.mac }],
    });
    await destination.migrations.abortIncoming('web1', null);
    expect(destination.network.taps.size).toBe(0);
    expect(destination.network.calls.map((c) => c.call)).toEqual([
      'resolveNics',
      'resolveNics',
      'nicsChanged',
      'plug',
      'unplug',
      'nicsChanged',
    ]);
  });
});
