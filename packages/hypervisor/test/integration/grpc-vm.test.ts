/**
 * VmService over gRPC with the real thing: two `hvctl serve` processes on 127.0.0.1 with the QEMU
 * driver (TCG) and a storage pool both have at the same path, the tests' tiny Linux guest with
 * the `tick` action (it prints `HV-TEST-GUEST-TICK n` every second, so a serial log shows whether
 * it runs). Walks create, start, pause, resume and stop with a WatchVmEvents stream seeing each
 * transition; a stream dropped and resumed from the last id it saw, which gets exactly what a
 * stream left open got; and MigrateVm streaming a live migration cancelled by the client (the
 * guest ticks on at the source) and one to its end (it ticks on at the destination).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { MessageInitShape } from '@bufbuild/protobuf';
import { requireTools, type ServiceProcess } from '@lab/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  VmService,
  type MigrateProgress,
  type VmEvent,
  type WatchRequestSchema,
} from '../../src/api/grpc/gen/hypervisor/v1/vm_pb.js';
import {
  guestTicks,
  requireTestGuest,
  serialLog,
  serveQemu,
  type GuestGate,
  type TestGuest,
} from '../support/guest.js';
import { grpcClient } from '../support/grpc.js';
import { killQemuUnder } from '../support/qemu-processes.js';
import { apiCall, operationEnded } from '../support/http.js';
import { createToken } from '../support/socket-client.js';
import { until } from '../support/until.js';

const tools = requireTools(['qemu-system-x86_64', 'qemu-img']);
const gate: GuestGate = tools.skip ? { skip: true, reason: tools.reason } : await requireTestGuest();
const dir = mkdtempSync(join(tmpdir(), 'hv-grpc-vm-'));
// The last hook: whatever QEMU a failed or timed-out test left under this directory goes.
afterAll(async () => {
  await killQemuUnder(dir);
  rmSync(dir, { recursive: true, force: true });
});
const shared = join(dir, 'shared');
/** A guest under TCG boots in seconds, but a busy machine can take much longer. */
const GUEST = { timeoutMs: 90_000, intervalMs: 100 };

interface Host {
  service: ServiceProcess;
  runDir: string;
  token: string;
  vms: ReturnType<typeof grpcClient<typeof VmService>>;
  api(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }>;
}

/** A WatchVmEvents stream read into `events` until it is dropped. */
interface Watch {
  events: VmEvent[];
  /** Aborts the call, as a client whose connection dropped; resolves once the loop ended. */
  drop(): Promise<void>;
  /** What ended the stream other than `drop`, if anything. */
  failure(): unknown;
}

let guest: TestGuest;
let a: Host;
let b: Host;
/** Open from the start to the end: what every other stream is checked against. */
let control: Watch;

async function serve(name: string): Promise<Host> {
  // A loaded machine (the PQC self-test at start) can take well over the default 15 s.
  const service = await serveQemu(
    join(dir, name),
    guest,
    ['--stop-timeout-ms', '20000', '--grpc-port', '0'],
    {
      timeoutMs: 60_000,
    },
  );
  const runDir = join(dir, name, 'run');
  const token = await createToken(join(runDir, 'api.sock'), [
    'vm:write',
    'storage:write',
    'events:read',
    'operations:read',
  ]);
  const line = service.logs.find((l) => l.msg === 'gRPC listening');
  const url = typeof line?.url === 'string' ? line.url : '';
  expect(url).toMatch(/^grpc:\/\/127\.0\.0\.1:\d+$/);
  return {
    service,
    runDir,
    token,
    vms: grpcClient(VmService, { url, token }),
    api: (method, path, body) => apiCall(service.url, token, method, path, body),
  };
}

function watch(host: Host, request: MessageInitShape<typeof WatchRequestSchema>): Watch {
  const abort = new AbortController();
  const events: VmEvent[] = [];
  let failure: unknown;
  const loop = (async () => {
    try {
      for await (const event of host.vms.watchVmEvents(request, { signal: abort.signal })) events.push(event);
    } catch (error) {
      if (!abort.signal.aborted) failure = error;
    }
  })();
  return {
    events,
    drop: async () => {
      abort.abort();
      await loop;
    },
    failure: () => failure,
  };
}

const KINDS = ['vm.state_changed', 'vm.reset'];
const data = (e: VmEvent) => (e.data ?? {}) as { vm?: string; from?: string; to?: string };
const transitions = (events: VmEvent[]) =>
  events.filter((e) => e.kind === 'vm.state_changed').map((e) => `${data(e).from}>${data(e).to}`);
const lastId = (w: Watch): string => w.events.at(-1)?.id ?? '0';

const serial = (host: Host): string => serialLog(host.runDir);
const ticks = (host: Host): number[] => guestTicks(guest, host.runDir);
const lastTick = (host: Host): number => ticks(host).at(-1) ?? 0;
const settled = (host: Host, id: string): Promise<any> =>
  operationEnded((method, path) => host.api(method, path), id);

describe.skipIf(gate.skip)('VmService over gRPC, QEMU (TCG)', () => {
  beforeAll(async () => {
    if (gate.skip) return;
    guest = gate.guest;
    mkdirSync(shared);
    a = await serve('a');
    b = await serve('b');
    for (const host of [a, b]) {
      expect((await host.api('POST', '/storage/pools', { name: 'shared', path: shared })).status).toBe(201);
    }
    expect((await a.api('POST', '/storage', { name: 'tiny-disk', size: '16M', pool: 'shared' })).status).toBe(
      201,
    );
    // From the first event of this fresh service on: nothing of the VM can be missed.
    control = watch(a, { kinds: KINDS, vm: 'tiny', afterId: '0' });
  }, 300_000);

  afterAll(async () => {
    await control?.drop();
    for (const host of [a, b]) {
      if (host === undefined) continue;
      await host.api('DELETE', '/vms/tiny?force=true').catch(() => undefined);
      await host.service.stop();
    }
  });

  it('walks create, start, pause, resume and stop, and WatchVmEvents sees each transition', async () => {
    const created = await a.vms.createVm({
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
    expect(created).toMatchObject({ name: 'tiny', state: 'CREATED' });
    const started = await a.vms.startVm({ name: 'tiny' });
    expect(started).toMatchObject({ state: 'RUNNING', runtime: { driver: 'qemu', accelerator: 'tcg' } });
    await until('the guest ticking', () => lastTick(a) >= 2, GUEST);

    expect((await a.vms.pauseVm({ name: 'tiny' })).state).toBe('PAUSED');
    const paused = lastTick(a);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(lastTick(a)).toBe(paused);
    expect((await a.vms.resumeVm({ name: 'tiny' })).state).toBe('RUNNING');
    await until('a tick after the resume', () => lastTick(a) > paused, GUEST);

    // A graceful stop: the guest powers off on the ACPI button; the call answers once it did.
    expect((await a.vms.stopVm({ name: 'tiny' })).state).toBe('STOPPED');
    const walk = ['CREATED>RUNNING', 'RUNNING>PAUSED', 'PAUSED>RUNNING', 'RUNNING>STOPPED'];
    await until('the stream to see the stop', () => transitions(control.events).length >= walk.length);
    expect(transitions(control.events)).toEqual(walk);
    expect(control.events.every((e) => data(e).vm === 'tiny')).toBe(true);
    const ids = control.events.map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    expect(control.failure()).toBeUndefined();

    expect((await a.vms.startVm({ name: 'tiny' })).state).toBe('RUNNING');
    await until('the guest ticking again', () => transitions(control.events).at(-1) === 'STOPPED>RUNNING');
    await until('ticks after the restart', () => lastTick(a) >= 2, GUEST);
  }, 240_000);

  it('resumes a dropped stream from the last id it saw: exactly the missed events, then live ones', async () => {
    const first = watch(a, { kinds: KINDS, vm: 'tiny', afterId: lastId(control) });
    await a.vms.pauseVm({ name: 'tiny' });
    await until('the first stream to see the pause', () => first.events.length >= 1);
    await first.drop();
    const seen = lastId(first);

    // While no stream of this client is open.
    await a.vms.resumeVm({ name: 'tiny' });
    await a.api('POST', '/vms/tiny/reset');
    await a.vms.pauseVm({ name: 'tiny' });
    await until(
      'the control stream to see them',
      () => transitions(control.events).at(-1) === 'RUNNING>PAUSED',
    );
    const missed = control.events.filter((e) => Number(e.id) > Number(seen));
    expect(missed.map((e) => e.kind)).toEqual(['vm.state_changed', 'vm.reset', 'vm.state_changed']);

    const resumed = watch(a, { kinds: KINDS, vm: 'tiny', afterId: seen });
    await until('the replay', () => resumed.events.length >= missed.length);
    await a.vms.resumeVm({ name: 'tiny' });
    await until('the live event', () => resumed.events.length >= missed.length + 1);
    await until('the control stream to see it', () => Number(lastId(control)) >= Number(lastId(resumed)));
    const expected = control.events.filter((e) => Number(e.id) > Number(seen));
    expect(resumed.events.map((e) => [e.id, e.kind, data(e)])).toEqual(
      expected.map((e) => [e.id, e.kind, data(e)]),
    );
    expect(transitions(resumed.events)).toEqual(['PAUSED>RUNNING', 'RUNNING>PAUSED', 'PAUSED>RUNNING']);
    await resumed.drop();
    expect(resumed.failure()).toBeUndefined();
  }, 120_000);

  it('MigrateVm: a client that cancels mid-stream cancels the migration, and the guest runs on here', async () => {
    const abort = new AbortController();
    // 2 MiB/s: the guest's tens of MiB of non-zero memory take long enough to cancel.
    const stream = a.vms.migrateVm(
      { name: 'tiny', destination: b.service.url, token: b.token, bandwidth: '2M' },
      { signal: abort.signal },
    );
    const seen: MigrateProgress[] = [];
    await expect(
      (async () => {
        for await (const step of stream) {
          seen.push(step);
          // Cancelled once bytes of memory moved: QEMU's migration is truly under way.
          if (step.transferred !== '' && step.progress > 0) abort.abort();
        }
      })(),
    ).rejects.toThrow();
    expect(seen[0]).toMatchObject({ status: 'running' });
    const id = seen[0]?.operationId ?? '';
    expect(seen.every((s) => s.operationId === id && s.status === 'running')).toBe(true);
    expect(await settled(a, id)).toMatchObject({
      status: 'cancelled',
      error: { code: 'OPERATION_CANCELLED' },
    });
    expect((await a.api('GET', '/vms/tiny')).body.state).toBe('RUNNING');
    await until('the incoming VM gone at B', async () => (await b.api('GET', '/vms/tiny')).status === 404);
    const before = lastTick(a);
    await until('a tick at A after the cancel', () => lastTick(a) > before, GUEST);
  }, 180_000);

  it('MigrateVm streams a live migration to its end: the guest ticks on at the destination', async () => {
    const uuid = (await a.api('GET', '/vms/tiny')).body.uuid;
    const steps: MigrateProgress[] = [];
    for await (const step of a.vms.migrateVm({
      name: 'tiny',
      destination: b.service.url,
      token: b.token,
      maxDowntimeMs: 200,
    })) {
      steps.push(step);
    }
    expect(steps.length).toBeGreaterThanOrEqual(2);
    expect(steps.slice(0, -1).every((s) => s.status === 'running')).toBe(true);
    expect(steps.at(-1)).toMatchObject({ status: 'succeeded', progress: 100 });
    expect(steps.at(-1)?.error).toBeUndefined();
    for (const [i, s] of steps.entries())
      if (i > 0) expect(s.progress).toBeGreaterThanOrEqual(steps[i - 1]!.progress);
    const op = (await a.api('GET', `/operations/${steps[0]?.operationId}`)).body;
    expect(op).toMatchObject({ kind: 'vm.migrate', status: 'succeeded' });

    expect((await a.api('GET', '/vms/tiny')).status).toBe(404);
    expect(await b.vms.getVm({ name: 'tiny' })).toMatchObject({ state: 'RUNNING', uuid });
    const lastAtSource = lastTick(a);
    await until('ticks at the destination', () => ticks(b).length >= 2, GUEST);
    expect(ticks(b)[0]).toBeGreaterThanOrEqual(lastAtSource);
    expect(serial(b)).not.toContain(guest.marker);
  }, 240_000);
});
