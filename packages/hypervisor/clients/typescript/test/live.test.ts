/**
 * The client against live services (the shared harness: hosts A and B plain, T over TLS, all
 * simulated): every operation of the API called and its result checked, the typed errors, the
 * token refusals, the event stream cut and resumed, a migration A -> B and a disk convert
 * followed with progress, TLS with the right and a wrong pin, the Unix socket, time-outs and
 * cancels, and an example program run. The operations and features covered are recorded and
 * compared with packages/hypervisor/clients/conformance/typescript.json.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiError,
  CancelledError,
  createNodeClient,
  HypervisorClient,
  isHypervisorError,
  TimeoutError,
  TransportError,
  type HypervisorError,
  type HypervisorEvent,
  type NodeHypervisorClient,
  type Operation,
} from '../src/node.js';
import { serveBrowserPage } from './support/browser-page.js';
import { CHECKED_IN, checkedIn, Coverage, FEATURES, rpcMethods } from './support/conformance.js';
import { startLiveServices, type LiveServices } from './support/live-services.js';
import { startBlackHole, startRelay, type BlackHole } from './support/sockets.js';

const CHROMIUM = '/usr/bin/chromium';
const coverage = new Coverage();
let live: LiveServices;
let a: NodeHypervisorClient;
let b: NodeHypervisorClient;
let hole: BlackHole;
const clients: NodeHypervisorClient[] = [];
const poolDir = mkdtempSync(join(tmpdir(), 'hv-ts-pool-'));

function client(options: Parameters<typeof createNodeClient>[0]): NodeHypervisorClient {
  const made = createNodeClient(options);
  clients.push(made);
  return coverage.record(made);
}

/** The error `promise` ends in; fails the test when it succeeds or throws something else. */
async function failure(promise: Promise<unknown>): Promise<HypervisorError> {
  try {
    await promise;
  } catch (error) {
    if (isHypervisorError(error)) return error;
    throw error;
  }
  throw new Error('the call succeeded');
}

const NONCE = Buffer.from('client-library-nonce-0123456789').toString('base64');
const disk = (name: string, pool?: string) => ({
  name,
  size: '64M',
  format: 'qcow2' as const,
  ...(pool === undefined ? {} : { pool }),
});
const vm = (name: string, image: string, extra: object = {}) => ({
  name,
  cpu: { count: 1 },
  memory: { size: '64M' },
  devices: { storage: [{ type: 'virtio-blk' as const, path: image, format: 'qcow2' as const }] },
  ...extra,
});

beforeAll(async () => {
  live = await startLiveServices();
  a = client({ baseUrl: live.env.HV_REST_URL, token: live.env.HV_TOKEN });
  b = client({ baseUrl: live.env.HV_PEER_REST_URL, token: live.env.HV_PEER_TOKEN });
  hole = await startBlackHole();
}, 90_000);

afterAll(async () => {
  coverage.writeOut();
  for (const made of clients) made.close();
  await hole?.close();
  await live?.stop();
  rmSync(poolDir, { recursive: true, force: true });
}, 30_000);

describe('VMs', () => {
  it('creates, lists, reads, starts, pauses, resumes, resets, measures and stops a VM', async () => {
    expect(await a.createDisk(disk('web1-disk'))).toMatchObject({ name: 'web1-disk', format: 'qcow2' });
    const created = await a.createVm(vm('web1', 'web1-disk'));
    expect(created).toMatchObject({ name: 'web1', state: 'CREATED' });
    expect(created.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect((await a.listVms()).vms.map((v) => v.name)).toContain('web1');
    expect(await a.getVm('web1')).toMatchObject({ name: 'web1', uuid: created.uuid });
    expect(await a.startVm('web1')).toMatchObject({ name: 'web1', state: 'RUNNING' });
    expect(await a.pauseVm('web1')).toMatchObject({ state: 'PAUSED' });
    expect(await a.resumeVm('web1')).toMatchObject({ state: 'RUNNING' });
    expect(await a.resetVm('web1')).toMatchObject({ name: 'web1', state: 'RUNNING' });
    const stats = await a.getVmStats('web1');
    expect(stats).toMatchObject({ vm: 'web1' });
    expect(typeof stats.cpu_percent).toBe('number');
    expect(await a.stopVm('web1', { force: true })).toMatchObject({ name: 'web1', state: 'STOPPED' });
  });

  it('updates a stopped VM and clones another, linked and full', async () => {
    expect(await a.updateVm('web1', { memory: { size: '128M' } })).toMatchObject({
      memory: { size: '128M' },
    });
    // A linked clone's source image becomes its backing file, which no VM may attach after: not web1's.
    await a.createDisk(disk('src1-disk'));
    await a.createVm(vm('src1', 'src1-disk'));
    expect(await a.cloneVm('src1', { name: 'web1-linked', linked: true })).toMatchObject({
      name: 'web1-linked',
      state: 'CREATED',
    });
    const full = (await a.cloneVm('src1', { name: 'web1-full', linked: false })) as Operation;
    expect(full).toMatchObject({ kind: 'vm.clone', status: expect.stringMatching(/running|succeeded/) });
    expect((await a.waitOperation(full.id)).status).toBe('succeeded');
    expect((await a.getVm('web1-full')).name).toBe('web1-full');
    expect(await a.deleteVm('web1-linked')).toEqual({ name: 'web1-linked', deleted: true });
    expect(await a.deleteVm('web1-full', { force: true })).toEqual({ name: 'web1-full', deleted: true });
  });

  it('snapshots a VM, lists, restores and deletes the snapshot', async () => {
    expect(await a.createSnapshot('web1', { name: 's1', description: 'before' })).toMatchObject({
      vm: 'web1',
      name: 's1',
      include_memory: false,
    });
    expect((await a.listSnapshots('web1')).snapshots.map((s) => s.name)).toEqual(['s1']);
    expect(await a.restoreSnapshot('web1', 's1')).toMatchObject({
      snapshot: { name: 's1' },
      vm: { name: 'web1' },
    });
    expect(await a.deleteSnapshot('web1', 's1')).toMatchObject({ deleted: true });
    expect((await a.listSnapshots('web1')).snapshots).toEqual([]);
  });

  it('stops a running VM gracefully through its vm.stop operation', async () => {
    await a.startVm('web1');
    const stopping = await a.stopVm('web1');
    const op = stopping as Operation;
    if (op.kind === 'vm.stop') expect((await a.waitOperation(op.id)).status).toBe('succeeded');
    expect((await a.getVm('web1')).state).toBe('STOPPED');
  });
});

// qemu-img runs and the PQC worker threads take seconds when the machine is busy (a TCG guest beside).
describe('storage and operations', () => {
  it('creates, reads, lists, resizes and deletes images, and adds a pool', async () => {
    expect(await a.createDisk(disk('d1'))).toMatchObject({ name: 'd1', size: '64M' });
    expect(await a.getDisk('d1')).toMatchObject({ name: 'd1', pool: 'default' });
    expect((await a.listDisks()).images.map((d) => d.name)).toContain('d1');
    expect(await a.resizeDisk('d1', { size: '128M' })).toMatchObject({ size: '128M' });
    expect(await a.createPool({ name: 'ts-pool', path: poolDir })).toMatchObject({
      name: 'ts-pool',
      path: poolDir,
    });
    expect((await a.listPools()).pools.map((p) => p.name)).toEqual(
      expect.arrayContaining(['default', 'ts-pool']),
    );
    expect(await a.deleteDisk('d1')).toMatchObject({ name: 'd1', deleted: true });
  });

  it('converts an image, following its operation with a progress callback', async () => {
    await a.createDisk({ name: 'raw1', size: '256M', format: 'raw', preallocation: 'full' });
    const op = await a.convertDisk('raw1', { format: 'qcow2', target: 'raw1-q', compress: true });
    expect(op).toMatchObject({ kind: 'disk.convert', resource: 'storage/raw1' });
    const seen: number[] = [];
    const done = await a.waitOperation(op.id, {
      onProgress: (o) => seen.push(o.progress),
      pollIntervalMs: 20,
    });
    expect(done).toMatchObject({
      status: 'succeeded',
      progress: 100,
      result: { target: 'raw1-q', format: 'qcow2' },
    });
    expect(seen.at(-1)).toBe(100);
    expect(seen).toEqual([...seen].sort((x, y) => x - y));
    expect(await a.getDisk('raw1-q')).toMatchObject({ format: 'qcow2' });
    coverage.cover('feature:operation-progress');
  });

  it('compacts, checks and rekeys images through their operations, and lists and reads operations', async () => {
    const compact = await a.compactDisk('raw1-q');
    expect((await a.waitOperation(compact.id)).result).toMatchObject({ image: 'raw1-q' });
    const check = await a.checkDisk('raw1-q', { repair: 'leaks' });
    expect((await a.waitOperation(check.id)).result).toMatchObject({ image: 'raw1-q', clean: true });
    await a.createDisk({
      name: 'secret1',
      size: '16M',
      format: 'qcow2',
      encrypted: true,
      secret: 'old-passphrase',
    });
    const rekey = await a.rekeyDisk('secret1', {
      old_secret: 'old-passphrase',
      new_secret: 'new-passphrase',
    });
    expect((await a.waitOperation(rekey.id)).status).toBe('succeeded');
    expect((await a.listOperations()).operations.map((o) => o.id)).toEqual(
      expect.arrayContaining([compact.id, check.id, rekey.id]),
    );
    expect(await a.getOperation(check.id)).toMatchObject({
      id: check.id,
      kind: 'disk.check',
      status: 'succeeded',
    });
  }, 90_000);
});

describe('networks', () => {
  it('creates, lists, reads, updates and deletes a network, its rules, forwards, leases and tunnel', async () => {
    expect(await a.createNetwork({ name: 'lan', mode: 'nat', subnet: '10.231.7.0/24' })).toMatchObject({
      name: 'lan',
      gateway: '10.231.7.1',
    });
    expect((await a.listNetworks()).networks.map((n) => n.name)).toContain('lan');
    expect(await a.getNetwork('lan')).toMatchObject({ name: 'lan', mode: 'nat' });
    expect(await a.updateNetwork('lan', { mtu: 1400 })).toMatchObject({ mtu: 1400 });

    const rule = await a.addRule('lan', { direction: 'in', action: 'accept', protocol: 'tcp', ports: '22' });
    expect(rule).toMatchObject({ network: 'lan', ports: '22' });
    expect((await a.listRules('lan')).rules.map((r) => r.id)).toEqual([rule.id]);
    expect(await a.updateRule('lan', rule.id, { ports: '2222', comment: 'ssh' })).toMatchObject({
      ports: '2222',
      comment: 'ssh',
    });
    expect(await a.deleteRule('lan', rule.id)).toMatchObject({ id: rule.id });

    await a.createDisk(disk('nic1-disk'));
    await a.createVm(
      vm('nic1', 'nic1-disk', {
        devices: {
          storage: [{ type: 'virtio-blk', path: 'nic1-disk', format: 'qcow2' }],
          network: [{ type: 'virtio-net', network: 'lan', ip: '10.231.7.10' }],
        },
      }),
    );
    const forward = await a.addForward('lan', {
      protocol: 'tcp',
      listen_port: 18080,
      vm: 'nic1',
      guest_port: 80,
    });
    expect(forward).toMatchObject({ network: 'lan', vm: 'nic1', guest_port: 80 });
    expect((await a.listForwards('lan')).forwards.map((f) => f.id)).toEqual([forward.id]);
    expect(await a.deleteForward('lan', forward.id)).toMatchObject({ id: forward.id });
    expect(await a.listLeases('lan')).toEqual({ leases: [] });
    expect(await a.getTunnel('lan')).toMatchObject({ network: 'lan', state: 'not_configured' });

    // The exchange is what a peer host sends, signed by its pinned key; without a tunnel it is refused.
    const refused = await failure(
      a.exchangeTunnelKeys('lan', {
        type: 'confirm',
        session: '0'.repeat(32),
        ciphertext: Buffer.alloc(1088).toString('base64'),
        signature: 'AAAA',
      }),
    );
    expect(refused).toMatchObject({ kind: 'conflict', code: 'TUNNEL_NOT_CONFIGURED', status: 409 });
    coverage.cover('ExchangeTunnelKeys');

    await a.deleteVm('nic1');
    expect(await a.deleteNetwork('lan')).toMatchObject({ deleted: true });
  });
});

describe('PQC', () => {
  it('reads the status, makes, reads, lists, rotates, exports and deletes a key', async () => {
    expect(await a.getStatus()).toMatchObject({ available: true });
    expect(await a.generateKey({ name: 'k1', algorithm: 'ML-DSA-65', purpose: 'attestation' })).toMatchObject(
      {
        name: 'k1',
        version: 1,
      },
    );
    expect((await a.listKeys()).keys.map((k) => k.name)).toContain('k1');
    expect(await a.getKey('k1')).toMatchObject({ name: 'k1', algorithm: 'ML-DSA-65' });
    expect(await a.rotateKey('k1')).toMatchObject({ name: 'k1', version: 2 });
    const raw = await a.exportPublicKey('k1');
    expect(raw).toMatchObject({ name: 'k1', version: 2, format: 'raw' });
    expect(Buffer.from(raw.public_key, 'base64')).toHaveLength(1952);
    expect(await a.exportPublicKey('k1', { format: 'pem' })).toMatch(/^-----BEGIN PUBLIC KEY-----/);
  });

  it('signs an attestation report of a running VM and verifies it', async () => {
    await a.startVm('web1');
    const report = await a.attest('web1', { nonce: NONCE, key: 'k1' });
    expect(report).toMatchObject({ vm: { name: 'web1' } });
    expect(await a.verifyAttestation({ report, nonce: NONCE })).toMatchObject({ valid: true });
    const forged = { ...report, nonce: Buffer.from('another-nonce-0123456789abc').toString('base64') };
    expect(await a.verifyAttestation({ report: forged })).toMatchObject({ valid: false });
    await a.stopVm('web1', { force: true });
  });

  it('runs the self-test and a benchmark as operations', async () => {
    const test = await a.runSelfTest({ algorithms: ['ML-DSA-44'] });
    expect((await a.waitOperation(test.id)).result).toMatchObject({ passed: true });
    const bench = await a.runBenchmark({ algorithms: ['ML-KEM-512'], iterations: 2 });
    expect((await a.waitOperation(bench.id)).result).toMatchObject({ iterations: 2 });
    expect(await a.deleteKey('k1')).toMatchObject({ deleted: true });
  }, 90_000);
});

describe('system, audit and tokens', () => {
  it('reads the host facts and settings', async () => {
    expect(await a.getSystemInfo()).toMatchObject({ driver: 'simulated', tls: { enabled: false } });
    expect((await a.getSystemStats()).cpu.percent).toEqual(expect.any(Number));
    expect(await a.getConfidentialComputing()).toHaveProperty('sev.available');
    expect(await a.listIommuGroups()).toHaveProperty('groups');
    expect(await a.getSystemConfig()).toMatchObject({ driver: 'simulated' });
  });

  it('pages the audit log', async () => {
    const first = await a.listAuditEvents({ limit: 2 });
    expect(first.events).toHaveLength(2);
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = await a.listAuditEvents({ limit: 2, cursor: first.next_cursor! });
    expect(second.events[0]!.id).not.toBe(first.events[0]!.id);
  });

  it('creates, lists and deletes a token', async () => {
    const made = await a.createToken({ name: 'ts-reader', scopes: ['vm:read'] });
    expect(made.token).toMatch(/^hvt_/);
    expect((await a.listTokens()).tokens.map((t) => t.name)).toContain('ts-reader');
    const reader = new HypervisorClient({ baseUrl: live.env.HV_REST_URL, token: made.token });
    expect((await reader.listVms()).vms.map((v) => v.name)).toContain('web1');
    expect(await a.deleteToken('ts-reader')).toEqual({ name: 'ts-reader', revoked: true });
    expect(await failure(reader.listVms())).toMatchObject({ kind: 'unauthenticated', status: 401 });
  });
});

describe('errors', () => {
  it('answers typed errors: not_found, already_exists, conflict and invalid, with code, details, status and request id', async () => {
    const missing = await failure(a.getVm('no-such-vm'));
    expect(missing).toBeInstanceOf(ApiError);
    expect(missing).toMatchObject({ kind: 'not_found', code: 'VM_NOT_FOUND', status: 404, details: {} });
    expect(missing.message).toBe("VM 'no-such-vm' does not exist");
    expect(missing.requestId).toMatch(/^[0-9a-f-]{36}$/);

    const taken = await failure(a.createVm(vm('web1', 'web1-disk')));
    expect(taken).toMatchObject({ kind: 'already_exists', code: 'VM_ALREADY_EXISTS', status: 409 });

    await a.startVm('web1');
    const running = await failure(a.startVm('web1'));
    expect(running).toMatchObject({ kind: 'conflict', code: 'VM_ALREADY_RUNNING', status: 409 });
    await a.stopVm('web1', { force: true });

    const bad = await failure(a.createVm({ ...vm('bad1', 'web1-disk'), memory: { size: 'lots' } }));
    expect(bad).toMatchObject({ kind: 'invalid', code: 'VALIDATION_ERROR', status: 400 });
    expect(bad.details).toMatchObject({ field: 'memory.size' });
    // Narrowing on the union: an ApiError's code is the catalogue's.
    if (bad.kind === 'invalid') expect(bad.code).toBe('VALIDATION_ERROR');
    coverage.cover('feature:typed-errors');
  });

  it('refuses a token the service never issued (unauthenticated) and a token without the scope (forbidden)', async () => {
    const stranger = new HypervisorClient({ baseUrl: live.env.HV_REST_URL, token: live.env.HV_TOKEN_BAD });
    expect(await failure(stranger.listVms())).toMatchObject({
      kind: 'unauthenticated',
      code: 'UNAUTHORIZED',
      status: 401,
    });
    coverage.cover('feature:auth-unauthenticated');
    const reader = new HypervisorClient({ baseUrl: live.env.HV_REST_URL, token: live.env.HV_TOKEN_VM_READ });
    expect((await reader.getVm('web1')).name).toBe('web1');
    const denied = await failure(reader.deleteVm('web1'));
    expect(denied).toMatchObject({ kind: 'forbidden', code: 'FORBIDDEN', status: 403 });
    expect(denied.details).toMatchObject({ required_scope: 'vm:write' });
    coverage.cover('feature:auth-forbidden');
  });
});

describe('events', () => {
  it('follows the stream through a dropped connection, resuming from the last event id: no gap, no duplicate', async () => {
    const relay = await startRelay(live.env.HV_REST_URL);
    const watcher = client({ baseUrl: relay.url, token: live.env.HV_TOKEN });
    const controller = new AbortController();
    const seen: HypervisorEvent[] = [];
    const reconnects: (string | undefined)[] = [];
    const stream = watcher.watchVmEvents({
      vm: 'ev1',
      signal: controller.signal,
      retryMs: 50,
      onReconnect: (_error, lastEventId) => reconnects.push(lastEventId),
    });
    const reading = (async () => {
      for await (const event of stream) {
        seen.push(event);
        if (event.kind === 'vm.deleted') return;
      }
    })();
    // The stream is open once the relay carried it; the events follow.
    await until(() => relay.connections === 1);
    await a.createDisk(disk('ev1-disk'));
    await a.createVm(vm('ev1', 'ev1-disk'));
    await a.startVm('ev1');
    await until(() => seen.some((e) => e.kind === 'vm.state_changed'));
    relay.drop();
    await a.stopVm('ev1', { force: true });
    await a.deleteVm('ev1');
    await reading;
    expect(reconnects.length).toBeGreaterThanOrEqual(1);
    expect(relay.connections).toBeGreaterThanOrEqual(2);

    // The same events, read again from the start in one connection, are exactly those seen.
    const replay: HypervisorEvent[] = [];
    for await (const event of a.watchVmEvents({ vm: 'ev1', lastEventId: '0' })) {
      replay.push(event);
      if (event.kind === 'vm.deleted') break;
    }
    expect(seen.map((e) => e.id)).toEqual(replay.map((e) => e.id));
    expect(seen.map((e) => e.kind)).toEqual(
      expect.arrayContaining(['vm.created', 'vm.state_changed', 'vm.deleted']),
    );
    expect(new Set(seen.map((e) => e.id)).size).toBe(seen.length);
    controller.abort();
    await relay.close();
    coverage.cover('feature:events-resume');
  });
});

describe('migration', () => {
  it('migrates a running VM from A to B, following its progress', async () => {
    await a.createDisk(disk('mig1-disk', live.env.HV_SHARED_POOL));
    await a.createVm(vm('mig1', 'mig1-disk'));
    await a.startVm('mig1');
    const seen: number[] = [];
    const done = await a.migrateVm(
      'mig1',
      { destination: live.env.HV_PEER_REST_URL, token: live.env.HV_PEER_TOKEN, bandwidth: '32M' },
      { onProgress: (o) => seen.push(o.progress), pollIntervalMs: 50 },
    );
    expect(done).toMatchObject({ kind: 'vm.migrate', status: 'succeeded', progress: 100 });
    expect(seen.some((p) => p > 0 && p < 100)).toBe(true);
    expect(seen).toEqual([...seen].sort((x, y) => x - y));
    expect(await b.getVm('mig1')).toMatchObject({ state: 'RUNNING' });
    expect(await failure(a.getVm('mig1'))).toMatchObject({ kind: 'not_found' });
    coverage.cover('feature:migrate-progress');
  });

  it('cancels a migration under way, by the VM and by its operation', async () => {
    await a.createDisk(disk('mig2-disk', live.env.HV_SHARED_POOL));
    await a.createVm(vm('mig2', 'mig2-disk', { memory: { size: '256M' } }));
    await a.startVm('mig2');
    const slow = { destination: live.env.HV_PEER_REST_URL, token: live.env.HV_PEER_TOKEN, bandwidth: '1M' };

    let started: (op: Operation) => void;
    const running = new Promise<Operation>((resolve) => (started = resolve));
    const migration = failure(a.migrateVm('mig2', slow, { onProgress: (o) => started(o) }));
    const op = await running;
    expect(await a.cancelMigration('mig2')).toMatchObject({ id: op.id, kind: 'vm.migrate' });
    expect(await migration).toMatchObject({ code: 'OPERATION_CANCELLED' });
    expect((await a.getVm('mig2')).state).toBe('RUNNING');

    const again = new Promise<Operation>((resolve) => (started = resolve));
    const second = failure(a.migrateVm('mig2', slow, { onProgress: (o) => started(o) }));
    const secondOp = await again;
    expect(await a.cancelOperation(secondOp.id)).toMatchObject({ id: secondOp.id });
    expect(await second).toMatchObject({ code: 'OPERATION_CANCELLED' });
    expect((await a.getOperation(secondOp.id)).status).toBe('cancelled');
  });

  it('prepares and aborts an incoming migration on the destination, as a source host does', async () => {
    await a.createDisk(disk('inc1-disk', live.env.HV_SHARED_POOL));
    // The probe a source leaves in the shared pool, for the destination to read back.
    const shared = (await b.listPools()).pools.find((p) => p.name === live.env.HV_SHARED_POOL)!.path;
    const probe = { id: '3f0c2a1e-6b7d-4c8e-9f00-112233445566', secret: 'ab'.repeat(32) };
    writeFileSync(join(shared, `.hv-migration-${probe.id}.probe`), probe.secret);
    const prepared = await b.prepareIncomingMigration('inc1', {
      uuid: '7e57c11e-0000-4000-8000-000000000001',
      definition: {
        cpu: { count: 1 },
        memory: { size: '64M' },
        devices: { storage: [{ type: 'virtio-blk', path: 'inc1-disk', format: 'qcow2' }], network: [] },
        boot: null,
      },
      images: [{ name: 'inc1-disk', format: 'qcow2', pool_path: shared, backing: null }],
      probe,
    });
    expect(prepared.vm).toMatchObject({ name: 'inc1', state: 'INCOMING' });
    expect(prepared.port).toBeGreaterThan(0);
    expect(await b.abortIncomingMigration('inc1')).toMatchObject({ name: 'inc1' });
    expect(await failure(b.getVm('inc1'))).toMatchObject({ kind: 'not_found' });
  });
});

describe('transports', () => {
  it('talks over the Unix socket without a token', async () => {
    const local = client({ socketPath: live.env.HV_SOCKET });
    expect((await local.listVms()).vms.map((v) => v.name)).toContain('web1');
    expect(await local.getVm('web1')).toMatchObject({ name: 'web1' });
    const events: HypervisorEvent[] = [];
    for await (const event of local.watchVmEvents({ vm: 'web1', lastEventId: '0' })) {
      events.push(event);
      if (events.length === 2) break;
    }
    expect(events[0]).toMatchObject({ kind: 'vm.created', data: { vm: 'web1' } });
    coverage.cover('feature:unix-socket');
  });

  it('trusts a self-signed certificate by its pinned fingerprint', async () => {
    const pinned = client({
      baseUrl: live.env.HV_TLS_REST_URL,
      token: live.env.HV_TLS_TOKEN,
      tlsFingerprint: live.env.HV_TLS_FINGERPRINT,
    });
    expect((await pinned.getSystemInfo()).tls).toMatchObject({
      enabled: true,
      fingerprint: live.env.HV_TLS_FINGERPRINT,
    });
    expect(await pinned.createDisk(disk('pinned-disk'))).toMatchObject({ name: 'pinned-disk' });
    // The global fetch (system CAs) refuses the same certificate.
    const unpinned = new HypervisorClient({
      baseUrl: live.env.HV_TLS_REST_URL,
      token: live.env.HV_TLS_TOKEN,
    });
    expect(await failure(unpinned.listVms())).toMatchObject({ kind: 'transport' });
    coverage.cover('feature:tls-pinned');
  });

  it('refuses a wrong fingerprint before any request reaches the server', async () => {
    const wrong = client({
      baseUrl: live.env.HV_TLS_REST_URL,
      token: live.env.HV_TLS_TOKEN,
      tlsFingerprint: live.env.HV_TLS_WRONG_FINGERPRINT,
    });
    const refused = await failure(wrong.createDisk(disk('never-made')));
    expect(refused).toBeInstanceOf(TransportError);
    expect(refused).toMatchObject({
      kind: 'transport',
      code: 'TLS_FINGERPRINT_MISMATCH',
      details: { expected: live.env.HV_TLS_WRONG_FINGERPRINT, actual: live.env.HV_TLS_FINGERPRINT },
    });
    // Nothing reached the service: no image, no audit row of the request.
    const pinned = client({
      baseUrl: live.env.HV_TLS_REST_URL,
      token: live.env.HV_TLS_TOKEN,
      tlsFingerprint: live.env.HV_TLS_FINGERPRINT,
    });
    expect(await failure(pinned.getDisk('never-made'))).toMatchObject({ kind: 'not_found' });
    const audit = await pinned.listAuditEvents({ limit: 500 });
    expect(audit.events.filter((e) => e.method === 'POST' && e.path === '/api/v1/storage')).toHaveLength(1);
    coverage.cover('feature:tls-wrong-pin');
  });
});

describe('time-outs and cancellation', () => {
  it("ends a call with no answer at its time-out, the call's or the client's", async () => {
    const hung = new HypervisorClient({ baseUrl: hole.url, token: 'hvt_x' });
    const began = Date.now();
    const late = await failure(hung.getVm('web1', { timeoutMs: 200 }));
    expect(late).toBeInstanceOf(TimeoutError);
    expect(late).toMatchObject({ kind: 'timeout', details: { timeout_ms: 200 } });
    expect(Date.now() - began).toBeLessThan(2_000);
    const impatient = new HypervisorClient({ baseUrl: hole.url, timeoutMs: 150 });
    expect(await failure(impatient.listVms())).toMatchObject({ kind: 'timeout' });
    // The live service answers within a time-out it can meet.
    expect((await a.getVm('web1', { timeoutMs: 5_000 })).name).toBe('web1');
    coverage.cover('feature:timeout');
  });

  it('cancels a call, a wait and a stream with their signal', async () => {
    const hung = new HypervisorClient({ baseUrl: hole.url });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const cancelled = await failure(hung.listVms({ signal: controller.signal }));
    expect(cancelled).toBeInstanceOf(CancelledError);
    expect(cancelled.kind).toBe('cancelled');
    expect(await failure(a.getVm('web1', { signal: AbortSignal.abort() }))).toMatchObject({
      kind: 'cancelled',
    });

    const watching = new AbortController();
    const events = a.watchVmEvents({ vm: 'web1', signal: watching.signal });
    const first = await events.next();
    expect(first.value).toMatchObject({ kind: 'vm.created' });
    watching.abort();
    expect(await failure(events.next())).toMatchObject({ kind: 'cancelled' });

    const whole = new AbortController();
    const scoped = new HypervisorClient({ baseUrl: hole.url, signal: whole.signal });
    whole.abort();
    expect(await failure(scoped.getSystemInfo())).toMatchObject({ kind: 'cancelled' });
    coverage.cover('feature:cancel');
  });
});

describe('examples', () => {
  it('runs examples/list-vms.ts against the service', async () => {
    const example = fileURLToPath(new URL('../examples/list-vms.ts', import.meta.url));
    const output = await runNode(['--import', 'tsx', example], {
      HV_REST_URL: live.env.HV_REST_URL,
      HV_TOKEN: live.env.HV_TOKEN,
    });
    expect(output).toMatch(/^web1\s+STOPPED\s+1 CPU\s+128M$/m);
  });
});

describe('in a browser', () => {
  it.skipIf(!existsSync(CHROMIUM) && process.env.CI !== 'true')(
    'lists VMs, gets a typed error and reads the event stream in headless Chromium',
    async () => {
      const script = `
        import { HypervisorClient } from '/client.js';
        const client = new HypervisorClient({ baseUrl: location.origin, token: ${JSON.stringify(live.env.HV_TOKEN)} });
        const out = {};
        try {
          out.vms = (await client.listVms()).vms.map((vm) => vm.name);
          try { await client.getVm('no-such-vm'); } catch (error) {
            out.error = { kind: error.kind, code: error.code, status: error.status, requestId: typeof error.requestId };
          }
          for await (const event of client.watchVmEvents({ lastEventId: '0' })) {
            out.event = { id: event.id, kind: event.kind };
            break;
          }
        } catch (error) { out.failure = String(error); }
        globalThis.result = out;
      `;
      const page = await serveBrowserPage(live.env.HV_REST_URL, script);
      const browser = await chromium.launch({
        executablePath: CHROMIUM,
        args: ['--no-sandbox', '--disable-gpu'],
      });
      try {
        const tab = await browser.newPage();
        await tab.goto(page.url);
        const result = await (
          await tab.waitForFunction(() => (globalThis as { result?: unknown }).result, undefined, {
            timeout: 15_000,
          })
        ).jsonValue();
        expect(result).toEqual({
          vms: (await a.listVms()).vms.map((vm) => vm.name),
          error: { kind: 'not_found', code: 'VM_NOT_FOUND', status: 404, requestId: 'string' },
          // The first event the service retains: its start's PQC self-test.
          event: { id: '1', kind: 'pqc.self_test' },
        });
      } finally {
        await browser.close();
        await page.close();
      }
    },
    60_000,
  );
});

describe('conformance', () => {
  it('covers every operation and feature, as the checked-in typescript.json says', () => {
    const result = coverage.result();
    // HV_CONFORMANCE_UPDATE=1 rewrites the checked-in file from this run.
    if (process.env.HV_CONFORMANCE_UPDATE === '1')
      writeFileSync(CHECKED_IN, `${JSON.stringify(result, null, 2)}\n`);
    expect(result.covered.rest).toEqual([...rpcMethods(), ...FEATURES].sort());
    expect(checkedIn()).toEqual(result);
  });
});

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${condition.toString()}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function runNode(args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      env: { ...process.env, ...env },
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`exit ${code}: ${err}`))));
  });
}
