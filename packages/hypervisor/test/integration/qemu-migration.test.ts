/**
 * Clone and live migration with the real thing: two `hvctl serve` processes on 127.0.0.1 with the
 * QEMU driver (TCG), each with its own data and run directories, and a storage pool both have at
 * the same path (the shared storage). The tests' tiny Linux guest runs with the `tick` action: it
 * prints `HV-TEST-GUEST-TICK n` every second, so the serial log of each host's QEMU shows whether
 * the guest went on where it was (a migration) or booted again. Walks a clone of the running
 * guest, a refusal for storage the destination cannot see, a cancelled migration, and a completed
 * one, checking states, events, processes and the serial logs.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { requireTools, type ServiceProcess } from '@lab/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runHvctl } from '../support/cli.js';
import { killQemuUnder } from '../support/qemu-processes.js';
import {
  guestTicks,
  requireTestGuest,
  serialLog,
  serveQemu,
  type GuestGate,
  type TestGuest,
} from '../support/guest.js';
import { collectEvents, type EventCollector } from '../support/sse.js';
import { apiCall, apiOperation, operationEnded } from '../support/http.js';
import { createToken } from '../support/socket-client.js';
import { until } from '../support/until.js';

const tools = requireTools(['qemu-system-x86_64', 'qemu-img']);
const gate: GuestGate = tools.skip ? { skip: true, reason: tools.reason } : await requireTestGuest();
const dir = mkdtempSync(join(tmpdir(), 'hv-migration-'));
// The last hook: whatever QEMU a failed or timed-out test left under this directory goes.
afterAll(async () => {
  await killQemuUnder(dir);
  rmSync(dir, { recursive: true, force: true });
});
const shared = join(dir, 'shared');
/** A guest under TCG boots in seconds, but a busy machine can take much longer. */
const GUEST = { timeoutMs: 90_000, intervalMs: 100 };

interface Host {
  name: string;
  service: ServiceProcess;
  runDir: string;
  dataDir: string;
  token: string;
  api(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }>;
}

let guest: TestGuest;
let a: Host;
let b: Host;
let events: EventCollector;

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function serve(name: string): Promise<Host> {
  const runDir = join(dir, name, 'run');
  const dataDir = join(dir, name, 'data');
  // Two services start at once, each with its PQC self-test: slow on a loaded machine.
  const service = await serveQemu(join(dir, name), guest, ['--stop-timeout-ms', '5000'], {
    timeoutMs: 60_000,
  });
  const token = await createToken(join(runDir, 'api.sock'), [
    'vm:write',
    'storage:write',
    'events:read',
    'operations:read',
  ]);
  const api = (method: string, path: string, body?: unknown) =>
    apiCall(service.url, token, method, path, body);
  return { name, service, runDir, dataDir, token, api };
}

const serial = (host: Host, vm = 'tiny'): string => serialLog(host.runDir, vm);
const ticks = (host: Host): number[] => guestTicks(guest, host.runDir);
const lastTick = (host: Host): number => ticks(host).at(-1) ?? 0;
const settled = (host: Host, id: string): Promise<any> =>
  operationEnded((method, path) => host.api(method, path), id);

describe.skipIf(gate.skip)('clone and live migration between two services, QEMU (TCG)', () => {
  beforeAll(async () => {
    if (gate.skip) return;
    guest = gate.guest;
    mkdirSync(shared);
    [a, b] = await Promise.all([serve('a'), serve('b')]);
    for (const host of [a, b]) {
      expect((await host.api('POST', '/storage/pools', { name: 'shared', path: shared })).status).toBe(201);
    }
    const response = await fetch(
      `${a.service.url}/events?kinds=migration.progress,vm.migrated,vm.state_changed,operation.completed`,
      { headers: { authorization: `Bearer ${a.token}` } },
    );
    events = collectEvents(response);
    expect((await a.api('POST', '/storage', { name: 'tiny-disk', size: '16M', pool: 'shared' })).status).toBe(
      201,
    );
    const created = await a.api('POST', '/vms', {
      name: 'tiny',
      cpu: { count: 1 },
      memory: { size: '256M' },
      devices: { storage: [{ type: 'virtio-blk', path: 'tiny-disk', format: 'qcow2' }] },
      boot: {
        kernel: basename(guest.kernel),
        initrd: basename(guest.initrd),
        cmdline: `${guest.cmdline} ${guest.actions.tick}`,
      },
    });
    expect(created.status).toBe(201);
    expect((await a.api('POST', '/vms/tiny/start')).body.state).toBe('RUNNING');
    await until('the guest ticking on A', () => lastTick(a) >= 2, GUEST);
  }, 300_000);

  afterAll(async () => {
    await events?.close();
    for (const host of [a, b]) {
      if (host === undefined) continue;
      for (const vm of ['tiny', 'copy', 'local'])
        await host.api('DELETE', `/vms/${vm}?force=true`).catch(() => undefined);
      await host.service.stop();
    }
  });

  it('clones the running guest from one instant (QMP stop, qemu-img -U, cont), and it ticks on', async () => {
    const pid = (await a.api('GET', '/vms/tiny')).body.runtime.pid;
    // A full copy: a vm.clone operation on the source, whose result is the new VM.
    const clone = await apiOperation(a.service.url, a.token, '/vms/tiny/clone', { name: 'copy' });
    expect(clone).toMatchObject({
      status: 202,
      operation: { kind: 'vm.clone', resource: 'vm/tiny', status: 'succeeded', progress: 100 },
    });
    expect(clone.operation.result).toMatchObject({ name: 'copy', state: 'CREATED' });
    expect(clone.operation.result.devices.storage[0].path).toBe('copy-0');
    expect((await a.api('GET', '/storage/copy-0')).body).toMatchObject({
      pool: 'shared',
      format: 'qcow2',
      size: '16M',
      backing: null,
    });
    expect((await a.api('GET', '/vms/tiny')).body).toMatchObject({ state: 'RUNNING', runtime: { pid } });
    const before = lastTick(a);
    await until('a tick after the clone', () => lastTick(a) > before, GUEST);
    expect((await a.api('DELETE', '/vms/copy')).status).toBe(200);
    expect((await a.api('DELETE', '/storage/copy-0')).status).toBe(200);
  }, 120_000);

  it('refuses, naming the image and the path, when the destination cannot see the storage', async () => {
    expect((await a.api('POST', '/storage', { name: 'local-disk', size: '16M' })).status).toBe(201);
    await a.api('POST', '/vms', {
      name: 'local',
      cpu: { count: 1 },
      memory: { size: '128M' },
      devices: { storage: [{ type: 'virtio-blk', path: 'local-disk' }] },
      boot: { kernel: basename(guest.kernel), initrd: basename(guest.initrd), cmdline: guest.cmdline },
    });
    expect((await a.api('POST', '/vms/local/start')).body.state).toBe('RUNNING');
    const refused = await a.api('POST', '/vms/local/migrate', { destination: b.service.url, token: b.token });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('MIGRATION_STORAGE_UNSHARED');
    expect(refused.body.error.message).toContain("'local-disk'");
    expect(refused.body.error.message).toContain(join(a.dataDir, 'images'));
    expect((await a.api('GET', '/vms/local')).body.state).toBe('RUNNING');
    expect((await b.api('GET', '/vms/local')).status).toBe(404);
    expect((await a.api('DELETE', '/vms/local?force=true')).status).toBe(200);
  }, 120_000);

  it('cancels a migration under way: the guest ticks on at the source, nothing stays at the destination', async () => {
    // 2 MiB/s: the guest's tens of MiB of non-zero memory take long enough to cancel.
    const started = await a.api('POST', '/vms/tiny/migrate', {
      destination: b.service.url,
      token: b.token,
      bandwidth: '2M',
    });
    expect(started.status).toBe(202);
    await events.waitFor((e) => e.event === 'migration.progress' && e.data.operation === started.body.id);
    const incoming = (await b.api('GET', '/vms/tiny')).body;
    expect(incoming).toMatchObject({ state: 'INCOMING', runtime: { driver: 'qemu' } });
    expect(alive(incoming.runtime.pid)).toBe(true);
    expect((await a.api('GET', '/vms/tiny')).body.state).toBe('MIGRATING');

    const cancelling = await a.api('POST', '/vms/tiny/migrate/cancel');
    expect(cancelling.body).toMatchObject({ id: started.body.id, status: 'cancelling' });
    expect(await settled(a, started.body.id)).toMatchObject({ status: 'cancelled' });
    expect((await a.api('GET', '/vms/tiny')).body.state).toBe('RUNNING');
    await until('the incoming VM gone at B', async () => (await b.api('GET', '/vms/tiny')).status === 404);
    await until('the incoming QEMU gone', () => !alive(incoming.runtime.pid), GUEST);
    expect((await b.api('GET', '/storage/tiny-disk')).status).toBe(404);
    const before = lastTick(a);
    await until('a tick at A after the cancel', () => lastTick(a) > before, GUEST);
  }, 180_000);

  it('migrates the running guest live: it ticks on at the destination, and the source lets go', async () => {
    const sourcePid = (await a.api('GET', '/vms/tiny')).body.runtime.pid;
    const uuid = (await a.api('GET', '/vms/tiny')).body.uuid;
    const started = await a.api('POST', '/vms/tiny/migrate', {
      destination: b.service.url,
      token: b.token,
      max_downtime_ms: 200,
    });
    expect(started.status).toBe(202);
    const op = await settled(a, started.body.id);
    expect(op).toMatchObject({
      status: 'succeeded',
      result: {
        total_time_ms: expect.any(Number),
        downtime_ms: expect.any(Number),
        transferred_bytes: expect.any(Number),
        ram_bytes: expect.any(Number),
      },
    });
    // The guest's memory and its devices' (the firmware's ROMs): what QEMU migrates.
    expect(op.result.ram_bytes).toBeGreaterThanOrEqual(256 * 1024 * 1024);
    expect(op.result.transferred_bytes).toBeGreaterThan(1 << 20);
    expect(op.result.downtime_ms).toBeLessThan(5_000);

    // The source: no VM, no QEMU, no image row (the file is the destination's now).
    expect((await a.api('GET', '/vms/tiny')).status).toBe(404);
    await until('the source QEMU gone', () => !alive(sourcePid), GUEST);
    expect((await a.api('GET', '/storage/tiny-disk')).status).toBe(404);
    // The destination: the same VM running, on the same image in its pool at the same path.
    const there = (await b.api('GET', '/vms/tiny')).body;
    expect(there).toMatchObject({ state: 'RUNNING', uuid, runtime: { driver: 'qemu', accelerator: 'tcg' } });
    expect(alive(there.runtime.pid)).toBe(true);
    expect((await b.api('GET', '/storage/tiny-disk')).body).toMatchObject({
      pool: 'shared',
      used_by: ['tiny'],
    });

    // The guest went on where it was: its counter continues in the destination's serial log, with
    // no boot (no marker) there.
    const lastAtSource = lastTick(a);
    await until('ticks at the destination', () => ticks(b).length >= 2, GUEST);
    expect(ticks(b)[0]).toBeGreaterThanOrEqual(lastAtSource);
    expect(ticks(b)[0]).toBeGreaterThan(2);
    expect(serial(b)).not.toContain(guest.marker);

    const progress = events.events
      .filter((e) => e.event === 'migration.progress' && e.data.operation === started.body.id)
      .map((e) => e.data);
    expect(progress.length).toBeGreaterThanOrEqual(1);
    for (const [i, p] of progress.entries()) {
      expect(p).toMatchObject({ vm: 'tiny', transferred: expect.any(String), remaining: expect.any(String) });
      if (i > 0) expect(p.progress).toBeGreaterThanOrEqual(progress[i - 1].progress);
    }
    expect(progress.at(-1)).toMatchObject({ progress: 100, remaining: '0' });
    await events.waitFor((e) => e.event === 'vm.migrated' && e.data.vm === 'tiny');

    // The destination's token appears in no log line of the source.
    expect(JSON.stringify(a.service.logs)).not.toContain(b.token);
  }, 180_000);

  it('hvctl vm migrate brings it back, following the operation to its summary', async () => {
    const tokenFile = join(dir, 'a.token');
    writeFileSync(tokenFile, `${a.token}\n`, { mode: 0o600 });
    const url = a.service.url.replace(/\/api\/v1$/, '');
    const moved = runHvctl(join(b.runDir, 'api.sock'), [
      'vm',
      'migrate',
      'tiny',
      '--to',
      url,
      '--token-file',
      tokenFile,
    ]);
    expect(moved.stderr).toBe('');
    expect(moved.status).toBe(0);
    expect(moved.stdout).toMatch(
      /^VM 'tiny' migrated to http:\/\/127\.0\.0\.1:\d+\/api\/v1 in \d+\.\d s \(downtime \d+ ms, [\d.]+[KMG] transferred\)\n$/,
    );
    expect((await a.api('GET', '/vms/tiny')).body.state).toBe('RUNNING');
    expect((await b.api('GET', '/vms/tiny')).status).toBe(404);
    const lastAtB = lastTick(b);
    await until('ticks back at A', () => ticks(a).length >= 2, GUEST);
    expect(ticks(a)[0]).toBeGreaterThanOrEqual(lastAtB);
  }, 180_000);
});
