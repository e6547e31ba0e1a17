/**
 * The QEMU driver on real QEMU (TCG) with the tiny test guest: one boot serves several steps,
 * since a TCG boot costs seconds. Walks start, pause, resume, reset, an ACPI stop, a second
 * driver attaching to a VM the first started, a forced stop, a QEMU killed with SIGKILL, a guest
 * panic, and KVM as the guest probe finds it here (it runs, or crashes; where it hangs the test
 * skips). Every QEMU a test leaves, passed or failed, is killed after it (found by this file's
 * directory), so the next test and the machine start clean.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '@lab/server-kit';
import { expectAppErrorAsync, requireTools } from '@lab/server-kit/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MIB } from '../../../src/domain/units.js';
import { createQemuDriver } from '../../../src/drivers/qemu/qemu-driver.js';
import { processGone } from '../../../src/drivers/qemu/process-info.js';
import { vmRunFiles } from '../../../src/drivers/qemu/run-files.js';
import type { DriverEvent, LaunchSpec, VmDriver } from '../../../src/drivers/vm-driver.js';
import { requireTestGuest, type GuestGate, type TestGuest } from '../../support/guest.js';
import { requireKvmVerdict, type KvmGate } from '../../support/kvm.js';
import { killQemuUnder } from '../../support/qemu-processes.js';
import { until } from '../../support/until.js';

const tools = requireTools(['qemu-system-x86_64', 'qemu-img']);
const gate: GuestGate = tools.skip ? { skip: true, reason: tools.reason } : await requireTestGuest();
/** The guest, inside suites that run only when there is one. */
function guest(): TestGuest {
  if (gate.skip) throw new Error(gate.reason);
  return gate.guest;
}
const logger = createLogger({ service: 'qemu-driver-test', level: 'silent' });

const dir = mkdtempSync(join(tmpdir(), 'hv-qemu-driver-'));
const runDir = join(dir, 'run');
const drivers: VmDriver[] = [];

afterEach(async () => {
  await killQemuUnder(dir);
});
afterAll(async () => {
  for (const each of drivers) await each.close();
  await killQemuUnder(dir);
  rmSync(dir, { recursive: true, force: true });
});

function driver(accelerator: 'kvm' | 'tcg' = 'tcg'): { driver: VmDriver; events: DriverEvent[] } {
  const created = createQemuDriver({ runDir, accelerator, logger });
  const events: DriverEvent[] = [];
  created.onEvent((_vm, event) => events.push(event));
  drivers.push(created);
  return { driver: created, events };
}

const files = vmRunFiles(runDir, 'tiny');
const serial = (): string => (existsSync(files.serialLog) ? readFileSync(files.serialLog, 'utf8') : '');

describe.skipIf(gate.skip)(
  `the QEMU driver with a real guest${gate.skip ? ` (skipped: ${gate.reason})` : ''}`,
  () => {
    let spec: LaunchSpec;
    let marker: string;
    const markers = (): number => serial().split(marker).length - 1;
    /** The VM, told to do `action` on its own once booted. */
    const withAction = (action: string): LaunchSpec => ({
      ...spec,
      boot: { kernel: guest().kernel, initrd: guest().initrd, cmdline: `${guest().cmdline} ${action}` },
    });

    beforeAll(() => {
      const { kernel, initrd, cmdline } = guest();
      marker = guest().marker;
      const disk = join(dir, 'disk.qcow2');
      execFileSync('qemu-img', ['create', '-q', '-f', 'qcow2', disk, '16M']);
      spec = {
        name: 'tiny',
        uuid: randomUUID(),
        cpus: 1,
        memoryBytes: 256 * MIB,
        disks: [{ path: disk, format: 'qcow2' }],
        boot: { kernel, initrd, cmdline },
        nics: [],
      };
    });

    it('boots the guest, pauses, resumes and resets it, with no event for its own commands', async () => {
      const { driver: qemu, events } = driver();
      const runtime = await qemu.start(spec);
      expect(runtime).toMatchObject({ accelerator: 'tcg', files: { qmp_socket: files.qmpSocket } });
      expect(readFileSync(files.pidFile, 'utf8').trim()).toBe(String(runtime.pid));
      expect(statSync(files.dir).mode & 0o777).toBe(0o700);
      await until('the guest marker', () => markers() === 1);

      const first = await qemu.sample('tiny');
      expect(first.cpuTimeMs).toBeGreaterThan(0);
      expect(first.memoryBytes).toBeGreaterThan(64 * MIB);
      // /init reads the disk before its marker.
      expect(first.readOps).toBeGreaterThan(0);
      expect(first.readBytes).toBeGreaterThanOrEqual(16 * 4096);

      await qemu.pause('tiny');
      expect(await qemu.attach('tiny', spec.uuid)).toMatchObject({
        status: 'paused',
        runtime: { pid: runtime.pid },
      });
      await qemu.resume('tiny');
      expect(await qemu.attach('tiny', spec.uuid)).toMatchObject({ status: 'running' });

      await qemu.reset('tiny');
      await until('the marker after the reset', () => markers() === 2);
      expect(events).toEqual([]);

      // ACPI: the guest's /init powers off on the power button.
      expect(await qemu.stop('tiny', { force: false, timeoutMs: 20_000 })).toEqual({ graceful: true });
      expect(processGone(runtime.pid as number)).toBe(true);
      expect(serial()).toContain('reboot: Power down');
      expect([files.qmpSocket, files.pidFile].filter((file) => existsSync(file))).toEqual([]);
      expect([files.serialLog, files.qemuLog].every((file) => existsSync(file))).toBe(true);
      expect(events).toEqual([]);
    });

    it('lets a second driver attach to a VM the first started and control it, to a forced stop', async () => {
      const { driver: first, events: firstEvents } = driver();
      const { pid } = await first.start(spec);
      await first.close();

      const { driver: second, events } = driver();
      // The pid file shows this VM's QEMU still running: no second one over it.
      await expectAppErrorAsync(second.start(spec), 'VM_ALREADY_RUNNING');
      expect(await second.attach('tiny', spec.uuid)).toEqual({
        status: 'running',
        runtime: { pid, accelerator: 'tcg', files: expect.objectContaining({ serial_log: files.serialLog }) },
      });
      await second.pause('tiny');
      expect(await second.attach('tiny', spec.uuid)).toMatchObject({ status: 'paused' });
      await second.resume('tiny');
      expect((await second.sample('tiny')).cpuTimeMs).toBeGreaterThan(0);

      expect(await second.stop('tiny', { force: true, timeoutMs: 20_000 })).toEqual({ graceful: false });
      expect(processGone(pid as number)).toBe(true);
      expect(existsSync(files.pidFile)).toBe(false);
      expect([...firstEvents, ...events]).toEqual([]);
      await expectAppErrorAsync(second.pause('tiny'), 'DRIVER_ERROR', 'no QEMU process');
    });

    it('reports a QEMU killed with SIGKILL as crashed, and a later attach finds it gone', async () => {
      const { driver: qemu, events } = driver();
      const { pid } = await qemu.start(spec);
      process.kill(pid as number, 'SIGKILL');
      await until('the crash event', () => events.length > 0);
      expect(events).toEqual([{ kind: 'crashed', reason: 'QEMU was killed by SIGKILL' }]);
      expect(existsSync(files.qmpSocket)).toBe(false);
      expect(await qemu.attach('tiny', spec.uuid)).toEqual({
        status: 'gone',
        reason: 'QEMU is not running (no pid file: it ended while the service was away)',
      });
      // A pid file naming a process that is not this VM's QEMU (the pid was reused).
      writeFileSync(files.pidFile, String(process.pid));
      expect(await qemu.attach('tiny', spec.uuid)).toEqual({
        status: 'gone',
        reason: `pid ${process.pid} is no longer this VM's QEMU`,
      });
      expect(existsSync(files.pidFile)).toBe(false);
    });

    it('gives up a stop that waits for a guest deaf to the power button: the guest runs on', async () => {
      const { driver: qemu, events } = driver();
      // Without ACPI the guest has no power button: the ACPI request goes unheard.
      const { pid } = await qemu.start(withAction('acpi=off'));
      await until('the guest marker', () => markers() >= 1, { timeoutMs: 60_000 });
      const giveUp = new AbortController();
      const hard: string[] = [];
      const stopping = qemu.stop('tiny', {
        force: false,
        timeoutMs: 20_000,
        signal: giveUp.signal,
        onHardStop: () => hard.push('hard'),
      });
      await new Promise((resolve) => setTimeout(resolve, 500));
      giveUp.abort(new Error('cancelled on request'));
      await expect(stopping).rejects.toThrow('cancelled on request');
      expect(hard).toEqual([]);
      expect(await qemu.attach('tiny', spec.uuid)).toMatchObject({ status: 'running', runtime: { pid } });
      // Past the time-out it is stopped hard, and says so before it does.
      expect(
        await qemu.stop('tiny', { force: false, timeoutMs: 1_000, onHardStop: () => hard.push('hard') }),
      ).toEqual({ graceful: false });
      expect(hard).toEqual(['hard']);
      expect(processGone(pid as number)).toBe(true);
      expect(events).toEqual([]);
    });

    it('makes the end of a guest whose stop was given up an event again', async () => {
      const { driver: qemu, events } = driver();
      const { pid } = await qemu.start(withAction('acpi=off'));
      await until('the guest marker', () => markers() >= 1, { timeoutMs: 60_000 });
      const giveUp = new AbortController();
      const stopping = qemu.stop('tiny', { force: false, timeoutMs: 20_000, signal: giveUp.signal });
      await new Promise((resolve) => setTimeout(resolve, 500));
      giveUp.abort(new Error('cancelled on request'));
      await expect(stopping).rejects.toThrow('cancelled on request');
      process.kill(pid as number, 'SIGKILL');
      await until('the crash event', () => events.length > 0);
      expect(events).toEqual([{ kind: 'crashed', reason: 'QEMU was killed by SIGKILL' }]);
    });

    it('reports a guest that powers itself off as powered_off', async () => {
      const { driver: qemu, events } = driver();
      const { pid } = await qemu.start(withAction(guest().actions.powerOff));
      await until('the power-off event', () => events.length > 0);
      expect(events).toEqual([{ kind: 'powered_off' }]);
      expect(processGone(pid as number)).toBe(true);
      expect(existsSync(files.qmpSocket)).toBe(false);
    });

    it('reports a guest panic as crashed with the panic, and kills that QEMU', async () => {
      const { driver: qemu, events } = driver();
      const { pid } = await qemu.start(withAction(guest().actions.panic));
      await until('the crash event', () => events.length > 0);
      expect(events).toEqual([
        {
          kind: 'crashed',
          reason: expect.stringMatching(/^the guest panicked \(guest-panicked\): Kernel panic - not syncing/),
        },
      ]);
      expect(processGone(pid as number)).toBe(true);
    });

    it("refuses to start a VM whose disk is missing, with QEMU's own message", async () => {
      const { driver: qemu } = driver();
      const error = await expectAppErrorAsync(
        qemu.start({ ...spec, disks: [{ path: join(dir, 'missing.qcow2'), format: 'qcow2' }] }),
        'DRIVER_ERROR',
        "start of VM 'tiny' failed: QEMU exited with code 1",
        'missing.qcow2',
      );
      expect(error.details).toMatchObject({ exitCode: 1, signal: null, qemuLog: files.qemuLog });
      expect(existsSync(files.qmpSocket)).toBe(false);
    });
  },
);

const kvm: KvmGate = gate.skip ? gate : await requireKvmVerdict(dir);
describe.skipIf(kvm.skip)(`the QEMU driver with KVM${kvm.skip ? ` (skipped: ${kvm.reason})` : ''}`, () => {
  it("runs the guest where the probe says KVM works, else ends it with QEMU's own error text", async () => {
    if (kvm.skip) throw new Error(kvm.reason);
    const { kernel, initrd, cmdline } = guest();
    const { driver: qemu, events } = driver('kvm');
    const spec: LaunchSpec = {
      name: 'kvm',
      uuid: randomUUID(),
      cpus: 1,
      memoryBytes: 256 * MIB,
      disks: [],
      boot: { kernel, initrd, cmdline },
      nics: [],
    };
    const started = await qemu.start(spec).then(
      (runtime) => runtime,
      (error: Error) => error,
    );
    if (kvm.verdict === 'works') {
      if (started instanceof Error) throw started;
      expect(started.accelerator).toBe('kvm');
      const serialLog = vmRunFiles(runDir, 'kvm').serialLog;
      await until(
        'the guest marker under KVM',
        () => existsSync(serialLog) && readFileSync(serialLog, 'utf8').includes(guest().marker),
        { timeoutMs: 60_000 },
      );
      expect(events).toEqual([]);
      return;
    }
    // QEMU either aborts while it sets the vCPU up (the start fails) or stops the running VM on
    // "KVM internal error" (a crash event); which one depends on the host CPU under the nesting.
    if (started instanceof Error) {
      expect(started.message).toMatch(/start of VM 'kvm' failed: QEMU (was killed by|exited with) .*kvm/is);
      return;
    }
    await until('the crash event', () => events.length > 0, { timeoutMs: 60_000 });
    expect(events).toEqual([
      { kind: 'crashed', reason: expect.stringMatching(/KVM internal error|emulation failure/) },
    ]);
  }, 90_000);
});
