/**
 * The migration service's edges, over the simulated driver and a destination played by the test
 * (a PeerHost whose answers it chooses, with a second simulated driver listening): what happens
 * when QEMU completed but the destination has no VM, or cannot be asked; when the stream fails;
 * what a restart finds of a migration; and when the stream is TLS, on each side.
 */
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { createLogger } from '@lab/server-kit';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMigrationService, type IncomingBody } from '../../src/domain/migration-service.js';
import { createOperations } from '../../src/domain/operations.js';
import type { TlsIdentity } from '../../src/domain/tls-identity.js';
import {
  makeMigrationCertificate,
  type MigrationCertificate,
} from '../../src/drivers/migration-certificate.js';
import type { MigrationTls, SendOptions } from '../../src/drivers/migration-driver.js';
import type { IncomingRequest, PeerHost } from '../../src/drivers/peer-host.js';
import { createSimulatedDriver } from '../../src/drivers/simulated/simulated-driver.js';
import { HvErrors } from '../../src/errors.js';
import { createOperationRepository } from '../../src/store/operations.js';
import { createUnitOfWork } from '../../src/store/unit-of-work.js';
import { KERNEL_VM, testCore } from '../support/core.js';

type Answer = 'running' | 'absent' | 'unreachable' | 'incoming';
const FINGERPRINT = 'ab'.repeat(32);

/** The destination's certificate, as its API presents it (the test's peer hands it out). */
let destinationCert: MigrationCertificate;
beforeAll(async () => {
  destinationCert = await makeMigrationCertificate('dest');
});

function setUp(
  options: {
    answer?: Answer;
    listen?: boolean;
    snapshots?: number;
    /** The destination at 127.0.0.1 over http (no TLS), rather than `dest` over https. */
    loopback?: boolean;
    /** The destination at `dest` over http (as --insecure-tcp lets through). */
    http?: boolean;
    tlsIdentity?: TlsIdentity | null;
    insecureTcp?: boolean;
  } = {},
) {
  const core = testCore();
  const unitOfWork = createUnitOfWork(core.db, core.events, core.audit);
  const operations = createOperations({
    operations: createOperationRepository(core.db),
    unitOfWork,
    logger: createLogger({ service: 'test', level: 'silent' }),
  });
  const remote = createSimulatedDriver();
  const calls: string[] = [];
  const incoming: IncomingRequest[] = [];
  const host = options.loopback === true ? '127.0.0.1' : 'dest';
  const peer: PeerHost = {
    url: `${options.loopback === true || options.http === true ? 'http' : 'https'}://${host}:9400/api/v1`,
    hostname: host,
    async prepareIncoming(vm, body) {
      calls.push('prepare');
      incoming.push(body);
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
      // The destination's QEMU presents its own certificate, and takes the source's.
      const tls =
        body.tls === undefined ? undefined : { ...destinationCert, peerCertPem: body.tls.client_certificate };
      // The simulated stream is real TCP: the made-up host `dest` is this machine's loopback.
      return remote.migration.listen(vm, '127.0.0.1', tls);
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
    async certificate() {
      calls.push('certificate');
      return options.loopback === true || options.http === true ? null : destinationCert.certPem;
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
    ...(options.tlsIdentity === undefined ? {} : { tlsIdentity: options.tlsIdentity }),
    ...(options.insecureTcp === undefined ? {} : { insecureTcp: options.insecureTcp }),
  });
  // What the source's driver is asked to send.
  const sent: SendOptions[] = [];
  const send = core.driver.migration.send.bind(core.driver.migration);
  core.driver.migration.send = (vm, sendOptions) => {
    sent.push(sendOptions);
    return send(vm, { ...sendOptions, uri: sendOptions.uri.replace(/^tcp:dest:/, 'tcp:127.0.0.1:') });
  };
  const destination =
    options.loopback === true || options.http === true
      ? { destination: `http://${host}:9400` }
      : { destination: 'https://dest:9400', destination_fingerprint: FINGERPRINT };
  return { ...core, operations, migrations, calls, remote, incoming, sent, destination };
}

async function runningVm(core: ReturnType<typeof setUp>) {
  await core.vms.create(KERNEL_VM, null);
  await core.vms.start('web1', null);
}

const migrate = (core: ReturnType<typeof setUp>) =>
  core.migrations.migrate('web1', { ...core.destination, token: 'hvt_secret' }, null);

describe('the migration service', () => {
  it('hands the guest over when the destination shows it running: the VM leaves this host', async () => {
    const core = setUp();
    await runningVm(core);
    const op = await migrate(core);
    expect(core.vms.get('web1').state).toBe('MIGRATING');
    const done = await core.operations.settled(op.id);
    expect(done).toMatchObject({ status: 'succeeded', result: { destination: 'https://dest:9400/api/v1' } });
    expect(core.vmRepository.find('web1')).toBeUndefined();
    expect(core.driver.running.has('web1')).toBe(false);
    expect(core.remote.running.get('web1')).toBe('running');
    expect(core.calls).toEqual(['certificate', 'prepare', 'vm']);
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
    expect(core.calls).toEqual(['certificate', 'prepare', 'vm', 'abort']);
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
    expect(core.calls).toEqual(['certificate', 'prepare', 'abort']);
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
      core.migrations.migrate('web1', { ...core.destination, token: 't', bandwidth: '1K' }, null),
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
    await expect(
      destination.migrations.prepareIncoming('web1', body('nowhere'), null, null),
    ).rejects.toMatchObject({
      details: { field: 'devices.network.0.network' },
    });
    expect(destination.vmRepository.find('web1')).toBeUndefined();
    await destination.migrations.prepareIncoming('web1', body('lan'), null, null);
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

describe('the migration stream over TLS, at the source', () => {
  it("beyond loopback: a certificate made for the migration goes to the destination, whose API's certificate QEMU trusts", async () => {
    const core = setUp();
    await runningVm(core);
    const done = await core.operations.settled((await migrate(core)).id);
    expect(done).toMatchObject({ status: 'succeeded', result: { tls: true } });
    const client = core.incoming[0]!.tls!.client_certificate;
    const certificate = new X509Certificate(client);
    expect(certificate.subject).toBe('CN=live migration of web1');
    // Self-signed, for a client.
    expect(certificate.issuer).toBe(certificate.subject);
    expect(certificate.verify(certificate.publicKey)).toBe(true);
    expect(certificate.keyUsage).toEqual(['1.3.6.1.5.5.7.3.2']);
    const tls = core.sent[0]!.tls!;
    expect(tls).toMatchObject({ certPem: client, peerCertPem: destinationCert.certPem, hostname: 'dest' });
    expect(certificate.checkPrivateKey(createPrivateKey(tls.keyPem))).toBe(true);
    expect(core.published.find((e) => e.kind === 'vm.migrated')?.data).toMatchObject({ tls: true });
    // The key stays here: not in the request, not in an event.
    expect(JSON.stringify(core.incoming)).not.toContain('PRIVATE KEY');
    expect(JSON.stringify(core.published)).not.toContain('PRIVATE KEY');
  });

  it("on loopback: a plain stream, the destination's certificate not even asked for", async () => {
    const core = setUp({ loopback: true });
    await runningVm(core);
    const done = await core.operations.settled((await migrate(core)).id);
    expect(done).toMatchObject({ status: 'succeeded', result: { tls: false } });
    expect(core.incoming[0]!.tls).toBeUndefined();
    expect(core.sent[0]!.tls).toBeUndefined();
    expect(core.calls).not.toContain('certificate');
  });

  it('to http:// beyond loopback (only with --insecure-tcp): plain, there being no certificate to trust', async () => {
    const core = setUp({ http: true, insecureTcp: true });
    await runningVm(core);
    const done = await core.operations.settled((await migrate(core)).id);
    expect(done).toMatchObject({ status: 'succeeded', result: { tls: false } });
    expect(core.incoming[0]!.tls).toBeUndefined();
  });
});

describe('an incoming migration stream, at the destination', () => {
  let identity: TlsIdentity;
  let source: MigrationCertificate;
  beforeAll(async () => {
    identity = { ...destinationCert, fingerprint: FINGERPRINT, selfSigned: true };
    source = await makeMigrationCertificate('web1');
  });
  const body = (tls?: IncomingBody['tls']): IncomingBody => ({
    uuid: '7d5e2a4c-1b3f-4c6d-8e9f-0a1b2c3d4e5f',
    definition: {
      cpu: KERNEL_VM.cpu,
      memory: KERNEL_VM.memory,
      devices: { storage: [], network: [] },
      boot: KERNEL_VM.boot,
    },
    images: [],
    probe: { id: '7d5e2a4c-1b3f-4c6d-8e9f-0a1b2c3d4e5f', secret: 'ab'.repeat(32) },
    ...(tls === undefined ? {} : { tls }),
  });
  /** The TLS each listen of the destination's driver was given. */
  function listening(core: ReturnType<typeof setUp>): (MigrationTls | undefined)[] {
    const seen: (MigrationTls | undefined)[] = [];
    const listen = core.driver.migration.listen.bind(core.driver.migration);
    core.driver.migration.listen = (vm, host, tls) => {
      seen.push(tls);
      return listen(vm, host, tls);
    };
    return seen;
  }

  it('refuses a plain one from beyond loopback when this host has a TLS identity, unless --insecure-tcp', async () => {
    const core = setUp({ tlsIdentity: identity });
    await expect(core.migrations.prepareIncoming('web1', body(), null, '10.9.0.1')).rejects.toMatchObject({
      code: 'MIGRATION_TLS_REQUIRED',
      message: expect.stringContaining('the source 10.9.0.1 is beyond loopback'),
    });
    expect(core.vmRepository.find('web1')).toBeUndefined();
    // From loopback, or the Unix socket: a plain stream that stays on the host.
    for (const from of ['127.0.0.1', '::ffff:127.0.0.1', '::1', null]) {
      await core.migrations.prepareIncoming('web1', body(), null, from);
      expect(core.published.filter((e) => e.kind === 'vm.incoming').at(-1)?.data).toMatchObject({
        tls: false,
      });
      await core.migrations.abortIncoming('web1', null);
    }
    for (const open of [setUp({ tlsIdentity: identity, insecureTcp: true }), setUp({ tlsIdentity: null })]) {
      await open.migrations.prepareIncoming('web1', body(), null, '10.9.0.1');
      expect(open.vms.get('web1').state).toBe('INCOMING');
    }
  });

  it("takes a TLS one with this host's identity, from the holder of the source's certificate only", async () => {
    const core = setUp({ tlsIdentity: identity });
    const seen = listening(core);
    await core.migrations.prepareIncoming(
      'web1',
      body({ client_certificate: source.certPem }),
      null,
      '10.9.0.1',
    );
    expect(seen).toEqual([
      {
        certPem: identity.certPem,
        keyPem: identity.keyPem,
        peerCertPem: new X509Certificate(source.certPem).toString(),
      },
    ]);
    expect(core.published.find((e) => e.kind === 'vm.incoming')?.data).toMatchObject({
      vm: 'web1',
      tls: true,
    });
  });

  it('refuses a TLS one without a TLS identity here, and a client certificate that is none', async () => {
    await expect(
      setUp({ tlsIdentity: null }).migrations.prepareIncoming(
        'web1',
        body({ client_certificate: source.certPem }),
        null,
        '10.9.0.1',
      ),
    ).rejects.toMatchObject({
      code: 'MIGRATION_TLS_REQUIRED',
      message: expect.stringContaining('no TLS certificate'),
    });
    const core = setUp({ tlsIdentity: identity });
    await expect(
      core.migrations.prepareIncoming(
        'web1',
        body({ client_certificate: 'not a certificate' }),
        null,
        '10.9.0.1',
      ),
    ).rejects.toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'tls.client_certificate' } });
    expect(core.vmRepository.find('web1')).toBeUndefined();
  });
});
