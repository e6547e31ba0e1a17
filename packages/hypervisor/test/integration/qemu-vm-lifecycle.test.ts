/**
 * The real thing: `hvctl serve` with the QEMU driver (TCG), a tiny Linux guest booted directly
 * from its kernel and initramfs, driven over REST. Walks start, pause, resume, reset, an ACPI
 * stop, a forced stop, a restart of the service with `kill -9` while the guest runs, a QEMU
 * process killed under the service, and delete, checking states, events and the process.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { requireTools, type ServiceProcess } from '@lab/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireTestGuest, serveQemu, type GuestGate, type TestGuest } from '../support/guest.js';
import { requireKvmVerdict } from '../support/kvm.js';
import { killQemuUnder } from '../support/qemu-processes.js';
import { collectEvents, type EventCollector } from '../support/sse.js';
import { until } from '../support/until.js';
import { apiCall, apiOperation } from '../support/http.js';
import { createToken } from '../support/socket-client.js';

const tools = requireTools(['qemu-system-x86_64', 'qemu-img']);
const gate: GuestGate = tools.skip ? { skip: true, reason: tools.reason } : await requireTestGuest();
const dir = mkdtempSync(join(tmpdir(), 'hv-qemu-'));
const runDir = join(dir, 'run');
// The last hook: whatever QEMU a failed or timed-out test left under this directory goes.
afterAll(async () => {
  await killQemuUnder(dir);
  rmSync(dir, { recursive: true, force: true });
});
let service: ServiceProcess;
let token: string;
let events: EventCollector;
let guest: TestGuest;

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** A guest under TCG boots in seconds, but a busy CI machine can take much longer. */
const GUEST = { timeoutMs: 60_000, intervalMs: 100 };

const serve = (): Promise<ServiceProcess> => serveQemu(dir, guest, ['--stop-timeout-ms', '20000']);

const api = (method: string, path: string, body?: unknown) => apiCall(service.url, token, method, path, body);

async function follow(): Promise<EventCollector> {
  const response = await fetch(service.url + '/events?kinds=vm.state_changed,vm.reset', {
    headers: { authorization: `Bearer ${token}` },
  });
  return collectEvents(response);
}

const serial = (): string => {
  const file = join(runDir, 'vms', 'tiny', 'serial.log');
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
};
const markers = (): number => serial().split(guest.marker).length - 1;

describe.skipIf(gate.skip)('a real guest under QEMU (TCG)', () => {
  beforeAll(async () => {
    if (gate.skip) return;
    guest = gate.guest;
    service = await serve();
    token = await createToken(join(runDir, 'api.sock'), [
      'vm:write',
      'storage:write',
      'events:read',
      'system:read',
    ]);
    events = await follow();
  }, 300_000);

  afterAll(async () => {
    await events?.close();
    await api('DELETE', '/vms/tiny?force=true').catch(() => undefined);
    await api('DELETE', '/vms/firmware?force=true').catch(() => undefined);
    await service?.stop();
  });

  it('reports the QEMU driver and the TCG accelerator', async () => {
    const info = await api('GET', '/system/info');
    expect(info.body).toMatchObject({
      driver: 'qemu',
      accelerator: 'tcg',
      qemu_version: expect.stringMatching(/^\d+\.\d+/),
    });
  });

  it('boots, pauses, resumes, resets and stops through ACPI and at once', async () => {
    const created = await api('POST', '/vms', {
      name: 'tiny',
      cpu: { count: 1 },
      memory: { size: '256M' },
      boot: { kernel: basename(guest.kernel), initrd: basename(guest.initrd), cmdline: guest.cmdline },
    });
    expect(created).toMatchObject({ status: 201, body: { state: 'CREATED' } });

    const started = await api('POST', '/vms/tiny/start');
    expect(started.body).toMatchObject({ state: 'RUNNING', runtime: { driver: 'qemu', accelerator: 'tcg' } });
    const pid = started.body.runtime.pid as number;
    expect(alive(pid)).toBe(true);
    // The boot keeps the emulated CPU busy; once the guest waits for ACPI it idles.
    const booting = await api('GET', '/vms/tiny/stats');
    expect(booting.body.cpu_percent).toBeGreaterThan(0);
    expect(booting.body.memory_used_bytes).toBeGreaterThan(16 * 1024 * 1024);
    await until('the guest marker', () => markers() >= 1, GUEST);
    await events.waitFor((e) => e.data.to === 'RUNNING' && e.data.from === 'CREATED');

    expect((await api('POST', '/vms/tiny/pause')).body.state).toBe('PAUSED');
    // Rates cover the time since the previous stats request: the second one is all paused.
    await api('GET', '/vms/tiny/stats');
    const pausedCpu = await api('GET', '/vms/tiny/stats');
    expect(pausedCpu.body.cpu_percent).toBeLessThan(10);
    expect((await api('POST', '/vms/tiny/resume')).body.state).toBe('RUNNING');

    expect((await api('POST', '/vms/tiny/reset')).body.state).toBe('RUNNING');
    await until('the marker after the reset', () => markers() >= 2, GUEST);
    await events.waitFor((e) => e.event === 'vm.reset');

    // The ACPI stop waits for the guest: a vm.stop operation whose result is the VM.
    const stopped = await apiOperation(service.url, token, '/vms/tiny/stop', { force: false });
    expect(stopped).toMatchObject({ status: 202, operation: { kind: 'vm.stop', status: 'succeeded' } });
    expect(stopped.operation.result).toMatchObject({ state: 'STOPPED', runtime: null });
    const acpi = await events.waitFor((e) => e.data.to === 'STOPPED');
    expect(acpi.data.reason).toContain('ACPI');
    expect(alive(pid)).toBe(false);

    const again = await api('POST', '/vms/tiny/start');
    expect(again.body.state).toBe('RUNNING');
    await events.waitFor((e) => e.data.from === 'STOPPED' && e.data.to === 'RUNNING');
    const forced = await api('POST', '/vms/tiny/stop', { force: true });
    expect(forced.body.state).toBe('STOPPED');
    expect(alive(again.body.runtime.pid)).toBe(false);
  }, 240_000);

  it('keeps the guest across a kill -9 of the service, then sees its QEMU die as CRASHED', async () => {
    const started = await api('POST', '/vms/tiny/start');
    const pid = started.body.runtime.pid as number;
    await until('the guest marker', () => markers() >= 1, GUEST);

    await events.close();
    await service.stop('SIGKILL');
    expect(alive(pid)).toBe(true);
    service = await serve();
    events = await follow();

    const found = await api('GET', '/vms/tiny');
    expect(found.body).toMatchObject({ state: 'RUNNING', runtime: { pid } });
    expect((await api('POST', '/vms/tiny/pause')).body.state).toBe('PAUSED');
    expect((await api('POST', '/vms/tiny/resume')).body.state).toBe('RUNNING');

    process.kill(pid, 'SIGKILL');
    const crashed = await events.waitFor((e) => e.data.to === 'CRASHED');
    expect(crashed.data).toMatchObject({ vm: 'tiny', from: 'RUNNING' });
    const vm = await api('GET', '/vms/tiny');
    expect(vm.body).toMatchObject({
      state: 'CRASHED',
      runtime: null,
      last_error: { message: expect.any(String) },
    });

    expect((await api('DELETE', '/vms/tiny')).body).toEqual({ name: 'tiny', deleted: true });
  }, 240_000);

  it('boots from the first disk through the firmware, reading it (query-blockstats)', async () => {
    expect((await api('POST', '/storage', { name: 'blank', size: '64M' })).status).toBe(201);
    await api('POST', '/vms', {
      name: 'firmware',
      cpu: { count: 1 },
      memory: { size: '128M' },
      devices: { storage: [{ type: 'virtio-blk', path: 'blank', format: 'qcow2' }] },
    });
    const started = await api('POST', '/vms/firmware/start');
    expect(started.body.state).toBe('RUNNING');
    expect(started.body.runtime.files).toHaveProperty('serial_log');
    // SeaBIOS reads the boot sector of the (blank) disk before it gives up on it.
    let stats: any;
    for (let i = 0; i < 50 && !(stats?.disk_read_ops > 0); i++)
      stats = (await api('GET', '/vms/firmware/stats')).body;
    expect(stats.disk_read_ops).toBeGreaterThan(0);
    expect(stats.disk_read_bytes).toBeGreaterThanOrEqual(512);
    expect(existsSync(dirname(started.body.runtime.files.qmp_socket))).toBe(true);
    expect((await api('DELETE', '/storage/blank')).body.error.code).toBe('DISK_IN_USE');
    expect((await api('POST', '/vms/firmware/stop', { force: true })).body.state).toBe('STOPPED');
  }, 120_000);

  it("with --accel kvm, runs the guest where the probe says KVM works, else ends CRASHED with QEMU's own text", async (context) => {
    // Where KVM hangs a guest, neither a marker nor a crash would ever come: the probe says so first.
    const kvm = await requireKvmVerdict(dir);
    if (kvm.skip) return context.skip(kvm.reason);
    // The last --accel wins: this service asks for KVM.
    const kvmService = await serveQemu(join(dir, 'kvm'), guest, ['--accel', 'kvm']);
    try {
      const kvmToken = await createToken(join(dir, 'kvm', 'run', 'api.sock'), ['vm:write']);
      const call = async (method: string, path: string, body?: unknown) =>
        (
          await fetch(kvmService.url + path, {
            method,
            headers: { authorization: `Bearer ${kvmToken}`, 'content-type': 'application/json' },
            ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          })
        ).json() as Promise<any>;
      await call('POST', '/vms', {
        name: 'kvm',
        cpu: { count: 1 },
        memory: { size: '256M' },
        boot: { kernel: basename(guest.kernel), initrd: basename(guest.initrd), cmdline: guest.cmdline },
      });
      // Where nested KVM cannot run the guest, QEMU dies while starting: the start fails (500
      // DRIVER_ERROR) and the VM is CRASHED with QEMU's own text.
      const started = await call('POST', '/vms/kvm/start');
      if (started.error === undefined) expect(started.runtime.accelerator).toBe('kvm');
      else expect(started.error.code).toBe('DRIVER_ERROR');
      const serialLog = join(dir, 'kvm', 'run', 'vms', 'kvm', 'serial.log');
      const outcome = await until(
        'the guest marker or a crash',
        async () => {
          const vm = await call('GET', '/vms/kvm');
          if (vm.state === 'CRASHED') return vm;
          return existsSync(serialLog) && readFileSync(serialLog, 'utf8').includes(guest.marker)
            ? vm
            : undefined;
        },
        GUEST,
      );
      if (kvm.verdict === 'works') expect(outcome.state).toBe('RUNNING');
      else
        expect(outcome).toMatchObject({
          state: 'CRASHED',
          last_error: { message: expect.stringMatching(/KVM|MSR|emulation failure/) },
        });
      await call('DELETE', '/vms/kvm?force=true');
    } finally {
      await kvmService.stop();
    }
  }, 120_000);
});
