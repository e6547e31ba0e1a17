/**
 * Snapshots for real: `hvctl serve` with the QEMU driver (TCG), the tiny test guest with a small
 * qcow2 data disk, driven over REST. The guest cannot write files, so disk contents are written
 * and checked from the host with qemu-io while the VM has no process; memory snapshots are
 * checked by what the guest does after a restore (a guest taken back to before its marker line
 * prints it again) and by what qemu-img and the QEMU command line show. Taking and restoring a
 * snapshot with memory are operations, followed to their end.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { requireTools, type ServiceProcess } from '@lab/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killQemuUnder } from '../support/qemu-processes.js';
import { requireTestGuest, serveQemu, type GuestGate, type TestGuest } from '../support/guest.js';
import { apiCall, apiOperation } from '../support/http.js';
import { createToken } from '../support/socket-client.js';
import { collectEvents, type EventCollector } from '../support/sse.js';
import { until } from '../support/until.js';

const tools = requireTools(['qemu-system-x86_64', 'qemu-img', 'qemu-io']);
const gate: GuestGate = tools.skip ? { skip: true, reason: tools.reason } : await requireTestGuest();
const dir = mkdtempSync(join(tmpdir(), 'hv-snap-'));
// The last hook: whatever QEMU a failed or timed-out test left under this directory goes.
afterAll(async () => {
  await killQemuUnder(dir);
  rmSync(dir, { recursive: true, force: true });
});
const runDir = join(dir, 'run');
const image = join(dir, 'data', 'images', 'data');
let service: ServiceProcess;
let token: string;
let events: EventCollector;
let guest: TestGuest;

/** A guest under TCG boots in seconds, but a busy CI machine can take much longer. */
const GUEST = { timeoutMs: 60_000, intervalMs: 100 };

const serve = (): Promise<ServiceProcess> => serveQemu(dir, guest);

async function follow(): Promise<EventCollector> {
  const stream = await fetch(service.url + '/events?vm=tiny', {
    headers: { authorization: `Bearer ${token}` },
  });
  return collectEvents(stream);
}

const api = (method: string, path: string, body?: unknown) => apiCall(service.url, token, method, path, body);

/** Fills the first 64 KiB of the data image with `byte` (the VM must have no process). */
function write(byte: number): void {
  execFileSync('qemu-io', ['-f', 'qcow2', '-c', `write -P 0x${byte.toString(16)} 0 64k`, image]);
}

/** True when the first 64 KiB of the data image are all `byte` (qemu-io exits 1 otherwise). */
function holds(byte: number): boolean {
  return (
    spawnSync('qemu-io', ['-f', 'qcow2', '-c', `read -P 0x${byte.toString(16)} 0 64k`, image]).status === 0
  );
}

/** The image's snapshots as qemu-img lists them (`-U`: QEMU may hold the image). */
function tags(): { name: string; 'vm-state-size': number }[] {
  const info = JSON.parse(
    execFileSync('qemu-img', ['info', '-U', '--output=json', image], { encoding: 'utf8' }),
  );
  return info.snapshots ?? [];
}

const serial = (): string => {
  const file = join(runDir, 'vms', 'tiny', 'serial.log');
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
};
const markers = (): number => serial().split(guest.marker).length - 1;
const commandLine = (pid: number): string[] => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');

describe.skipIf(gate.skip)('snapshots of a real guest under QEMU (TCG)', () => {
  beforeAll(async () => {
    if (gate.skip) return;
    guest = gate.guest;
    service = await serve();
    token = await createToken(join(runDir, 'api.sock'), ['vm:write', 'storage:write', 'events:read']);
    events = await follow();
    expect((await api('POST', '/storage', { name: 'data', size: '64M' })).status).toBe(201);
    const created = await api('POST', '/vms', {
      name: 'tiny',
      cpu: { count: 1 },
      memory: { size: '256M' },
      devices: { storage: [{ type: 'virtio-blk', path: 'data', format: 'qcow2' }] },
      boot: { kernel: basename(guest.kernel), initrd: basename(guest.initrd), cmdline: guest.cmdline },
    });
    expect(created.status).toBe(201);
  }, 300_000);

  afterAll(async () => {
    await events?.close();
    await api('DELETE', '/vms/tiny?force=true').catch(() => undefined);
    await service?.stop();
  });

  it('reverts the image of a VM without a process to a disk-only snapshot (qemu-img snapshot)', async () => {
    write(0xaa);
    const taken = await api('POST', '/vms/tiny/snapshots', { name: 'pattern-a', description: '0xaa' });
    expect(taken).toMatchObject({ status: 201, body: { include_memory: false, vm_state: 'CREATED' } });
    const memory = await api('POST', '/vms/tiny/snapshots', { name: 'm', include_memory: true });
    expect(memory).toMatchObject({ status: 400, body: { error: { details: { field: 'include_memory' } } } });

    write(0xbb);
    expect(holds(0xaa)).toBe(false);
    const restored = await api('POST', '/vms/tiny/snapshots/pattern-a/restore');
    expect(restored).toMatchObject({ status: 200, body: { vm: { state: 'CREATED' } } });
    expect(holds(0xaa)).toBe(true);
    expect(tags()).toEqual([expect.objectContaining({ name: 'pattern-a', 'vm-state-size': 0 })]);
  });

  it('saves a running guest with its memory and takes it back live, to the moment and state it had', async () => {
    const started = await api('POST', '/vms/tiny/start');
    expect((await api('POST', '/vms/tiny/pause')).body.state).toBe('PAUSED');
    // TCG takes seconds to boot: paused at once, the guest has not printed its marker yet.
    expect(markers()).toBe(0);
    // With memory, a vm.snapshot_create operation whose result is the snapshot.
    const booting = await apiOperation(service.url, token, '/vms/tiny/snapshots', {
      name: 'booting',
      include_memory: true,
    });
    expect(booting).toMatchObject({
      status: 202,
      operation: { kind: 'vm.snapshot_create', status: 'succeeded' },
    });
    expect(booting.operation.result).toMatchObject({ include_memory: true, vm_state: 'PAUSED' });
    expect((await api('POST', '/vms/tiny/resume')).body.state).toBe('RUNNING');
    await until('the guest marker', () => markers() >= 1, GUEST);

    const ready = await apiOperation(service.url, token, '/vms/tiny/snapshots', {
      name: 'ready',
      include_memory: true,
    });
    expect(ready.operation.result).toMatchObject({ vm_state: 'RUNNING' });
    const disk = await api('POST', '/vms/tiny/snapshots', { name: 'live-disk' });
    expect(disk.body).toMatchObject({ include_memory: false, vm_state: 'RUNNING' });
    // The guest ran on through both: no STOP or RESUME of the jobs became a state change.
    expect((await api('GET', '/vms/tiny')).body.state).toBe('RUNNING');
    const sizes = Object.fromEntries(tags().map((t) => [t.name, t['vm-state-size']]));
    expect(sizes.booting).toBeGreaterThan(1024 * 1024);
    expect(sizes.ready).toBeGreaterThan(1024 * 1024);
    expect(sizes['live-disk']).toBe(0);

    const refused = await api('POST', '/vms/tiny/snapshots/live-disk/restore');
    expect(refused).toMatchObject({ status: 409, body: { error: { code: 'VM_INVALID_STATE' } } });

    // Back to before the marker, paused as then; resumed, the guest prints it a second time. With
    // memory, a vm.snapshot_restore operation whose result is the snapshot and the VM.
    const back = await apiOperation(service.url, token, '/vms/tiny/snapshots/booting/restore');
    expect(back).toMatchObject({
      status: 202,
      operation: {
        kind: 'vm.snapshot_restore',
        status: 'succeeded',
        result: { snapshot: { name: 'booting', include_memory: true } },
      },
    });
    expect(back.operation.result.vm).toMatchObject({
      state: 'PAUSED',
      runtime: { pid: started.body.runtime.pid },
    });
    const paused = await events.waitFor((e) => e.data.reason === "restored from snapshot 'booting'");
    expect(paused).toMatchObject({ event: 'vm.state_changed', data: { from: 'RUNNING', to: 'PAUSED' } });
    expect(markers()).toBe(1);
    expect((await api('POST', '/vms/tiny/resume')).body.state).toBe('RUNNING');
    await until('the marker printed again', () => markers() >= 2, GUEST);

    // From PAUSED to a snapshot taken running: loaded, then resumed. A cancel never stops QEMU's
    // load: refused while it runs (or too late, once it has ended), and the restore completes.
    expect((await api('POST', '/vms/tiny/pause')).body.state).toBe('PAUSED');
    const loading = await api('POST', '/vms/tiny/snapshots/ready/restore');
    expect(loading).toMatchObject({ status: 202, body: { kind: 'vm.snapshot_restore' } });
    const cancel = await api('POST', `/operations/${loading.body.id}/cancel`);
    expect(cancel.status).toBe(409);
    expect(['OPERATION_NOT_CANCELLABLE', 'OPERATION_NOT_RUNNING']).toContain(cancel.body.error.code);
    const again = await until(
      'the restore of ready',
      async () => {
        const op = (await api('GET', `/operations/${loading.body.id}`)).body;
        return op.status === 'running' ? undefined : op;
      },
      GUEST,
    );
    expect(again).toMatchObject({ status: 'succeeded', progress: 100 });
    expect(again.result.vm).toMatchObject({ state: 'RUNNING', runtime: { pid: started.body.runtime.pid } });
    const resumed = await events.waitFor((e) => e.data.reason === "restored from snapshot 'ready'");
    expect(resumed.data).toMatchObject({ from: 'PAUSED', to: 'RUNNING' });
    await events.waitFor((e) => e.event === 'vm.snapshot_restored' && e.data.snapshot === 'ready');
    // What QEMU itself says: a new service process re-attaches and reads `query-status`.
    await events.close();
    await service.stop('SIGKILL');
    service = await serve();
    events = await follow();
    const attached = await api('GET', '/vms/tiny');
    expect(attached.body).toMatchObject({ state: 'RUNNING', runtime: { pid: started.body.runtime.pid } });
    expect((await api('GET', '/vms/tiny/stats')).status).toBe(200);
  }, 120_000);

  it('starts a stopped VM from a snapshot with memory (-loadvm), deletes live and offline', async () => {
    expect((await api('POST', '/vms/tiny/stop', { force: true })).body.state).toBe('STOPPED');
    const restored = await apiOperation(service.url, token, '/vms/tiny/snapshots/ready/restore');
    expect(restored).toMatchObject({
      status: 202,
      operation: { kind: 'vm.snapshot_restore', status: 'succeeded' },
    });
    expect(restored.operation.result.vm).toMatchObject({ state: 'RUNNING', last_error: null });
    const pid = restored.operation.result.vm.runtime.pid as number;
    const args = commandLine(pid);
    expect(args[args.indexOf('-loadvm') + 1]).toBe('ready');
    await events.waitFor((e) => e.data.from === 'STOPPED' && e.data.to === 'RUNNING');
    expect((await api('GET', '/vms/tiny/stats')).status).toBe(200);

    // Live: the snapshot-delete job of the running QEMU.
    expect((await api('DELETE', '/vms/tiny/snapshots/booting')).body).toEqual({
      name: 'booting',
      deleted: true,
    });
    expect(tags().map((t) => t.name)).not.toContain('booting');

    // The disk-only snapshot taken live holds the image as it was then (0xaa).
    expect((await api('POST', '/vms/tiny/stop', { force: true })).body.state).toBe('STOPPED');
    write(0xcc);
    const disk = await api('POST', '/vms/tiny/snapshots/live-disk/restore');
    expect(disk.body.vm.state).toBe('STOPPED');
    expect(holds(0xaa)).toBe(true);

    // Offline: qemu-img snapshot -d.
    expect((await api('DELETE', '/vms/tiny/snapshots/pattern-a')).status).toBe(200);
    expect(
      tags()
        .map((t) => t.name)
        .sort(),
    ).toEqual(['live-disk', 'ready']);
    const listed = await api('GET', '/vms/tiny/snapshots');
    expect(listed.body.snapshots.map((s: { name: string }) => s.name)).toEqual(['ready', 'live-disk']);
  }, 120_000);
});
