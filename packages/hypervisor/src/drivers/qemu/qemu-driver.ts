/**
 * The QEMU driver: one QEMU process per running VM, controlled through QMP.
 *
 * `start` spawns QEMU detached, in a session of its own with its output in `qemu.log`, so it
 * outlives the service; QEMU waits with its CPUs stopped until QMP is connected, then `cont`
 * starts the guest. A later service process finds it again with `attach`: the pid file, the
 * VM's uuid on the process's command line, a new QMP connection and `query-status`.
 *
 * QMP events become driver events only when the guest or the process acted on its own; what
 * the driver's own commands cause is known to the core already. The end of a process is judged
 * once the process is gone and its QMP socket has delivered its last events: after a guest
 * SHUTDOWN it is `powered_off`, otherwise `crashed` with QEMU's account of it. A VM that QEMU
 * stops on an internal error (KVM's "emulation failure") or a guest panic is killed and reported
 * `crashed` with QEMU's error text.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '@lab/server-kit';
import { HvErrors } from '../../errors.js';
import type {
  AttachResult,
  DriverEvent,
  DriverEventListener,
  LaunchSpec,
  RuntimeInfo,
  StopOptions,
  UsageSample,
  VmDriver,
} from '../vm-driver.js';
import { qemuArguments, type HostFeatures } from './command-line.js';
import { QEMU_BINARY } from './host.js';
import { processArguments, processGone, processUsage } from './process-info.js';
import { connectQmp, type QmpClient, type QmpEvent } from './qmp-client.js';
import { createQemuMigration } from './migration.js';
import { createQemuSnapshots } from './snapshots.js';
import {
  prepareRunDir,
  qemuErrorText,
  readTail,
  removeProcessFiles,
  runtimeFiles,
  vmRunFiles,
  type VmRunFiles,
} from './run-files.js';

export interface QemuDriverOptions {
  runDir: string;
  accelerator: 'kvm' | 'tcg';
  logger: Logger;
  /** Defaults to qemu-system-x86_64 on PATH. */
  qemuBinary?: string;
}

/** How long QEMU may take to open its QMP socket after it is spawned. */
const START_TIMEOUT_MS = 30_000;
/** After `quit`, before SIGKILL. */
const QUIT_GRACE_MS = 3_000;
/** After SIGKILL, before giving up on the process. */
const KILL_WAIT_MS = 5_000;
/**
 * SeaBIOS, entered again after a reset, resets the machine once more to reload itself ("Attempting
 * a hard reboot"), a fraction of a second later. A guest RESET that close to the last one belongs
 * to it and is not a second reboot.
 */
const FIRMWARE_REBOOT_WINDOW_MS = 2_000;
const POLL_MS = 25;
/** QMP run states in which QEMU has stopped the guest for good: the VM is killed and reported crashed. */
const STOPPED_ON_ERROR = new Set(['internal-error', 'guest-panicked']);

const VHOST_NET = '/dev/vhost-net';

/** Whether this process may open `path` for reading and writing (a device node). */
function canOpen(path: string): boolean {
  try {
    accessSync(path, constants.R_OK | constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** How a process ended; both null when it was not this process's child (no exit status). */
interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  error?: Error;
}

interface RunningVm {
  name: string;
  pid: number;
  accelerator: 'kvm' | 'tcg';
  files: VmRunFiles;
  qmp: QmpClient;
  /** Settles once the process is gone, its events are read and its run files are removed. */
  ended: Promise<void>;
  /** The driver is ending the process (stop): its end is no event. */
  stopping: boolean;
  /** Set when the driver killed the process after QEMU stopped it on an error. */
  crashReason: string | null;
  /** QEMU reported SHUTDOWN with `guest: true`. */
  guestPoweredOff: boolean;
  /** QEMU reported a SHUTDOWN the guest did not ask for (a signal to QEMU, say). */
  hostShutdown: string | null;
  /** STOP and RESUME carry no cause; these mark the ones the driver's own commands cause. */
  expecting: { STOP: boolean; RESUME: boolean };
  /** A snapshot job runs: QEMU stops and restarts the vCPUs itself, so STOP and RESUME are the driver's. */
  quiet: boolean;
  lastResetAt: number;
}

function describeExit(exit: ProcessExit, pid: number): string {
  if (exit.error !== undefined) return `QEMU could not be run: ${exit.error.message}`;
  if (exit.signal !== null) return `QEMU was killed by ${exit.signal}`;
  if (exit.code !== null) return `QEMU exited with code ${exit.code}`;
  return `the QEMU process (pid ${pid}) ended`;
}

function withText(summary: string, text: string): string {
  return text === '' ? summary : `${summary}: ${text}`;
}

/** Resolves true when `promise` settles within `ms`, false otherwise (or once `signal` aborts). */
async function within(promise: Promise<unknown>, ms: number, signal?: AbortSignal): Promise<boolean> {
  const controller = new AbortController();
  const stop = signal === undefined ? controller.signal : AbortSignal.any([controller.signal, signal]);
  const timeout = sleep(ms, false, { signal: stop }).catch(() => false);
  try {
    return await Promise.race([promise.then(() => true), timeout]);
  } finally {
    controller.abort();
  }
}

function kill(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

async function readPid(file: string): Promise<number | null> {
  try {
    const pid = Number.parseInt(await readFile(file, 'utf8'), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** True when a process's arguments are those of the QEMU started for the VM with `uuid`. */
function runsVm(args: readonly string[] | null, uuid: string): boolean {
  const at = args?.indexOf('-uuid') ?? -1;
  return at >= 0 && args?.[at + 1] === uuid;
}

function childExit(child: ChildProcess): Promise<ProcessExit> {
  return new Promise((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    child.once('error', (error) => resolve({ code: null, signal: null, error }));
  });
}

export function createQemuDriver(options: QemuDriverOptions): VmDriver {
  const { runDir, accelerator, logger } = options;
  const host: HostFeatures = { vhostNet: accelerator === 'kvm' && canOpen(VHOST_NET) };
  const binary = options.qemuBinary ?? QEMU_BINARY;
  const vms = new Map<string, RunningVm>();
  const listeners: DriverEventListener[] = [];
  let closed = false;

  const emit = (vm: string, event: DriverEvent): void => {
    if (closed) return;
    logger.info({ vm, event }, 'VM event from QEMU');
    for (const listener of listeners) {
      try {
        listener(vm, event);
      } catch (error) {
        logger.error({ err: error, vm }, 'a driver event listener failed');
      }
    }
  };

  const attached = (name: string, action: string): RunningVm => {
    const vm = vms.get(name);
    if (vm === undefined) {
      throw HvErrors.driverFailed({
        vm: name,
        action,
        reason: 'no QEMU process of this VM is under the driver',
      });
    }
    return vm;
  };

  /** What to tell about a VM whose process ended without the driver ending it. */
  const endReason = async (vm: RunningVm, exit: ProcessExit): Promise<string> => {
    const summary =
      vm.hostShutdown !== null ? `QEMU shut the VM down (${vm.hostShutdown})` : describeExit(exit, vm.pid);
    return withText(summary, await qemuErrorText(vm.files));
  };

  const onEnd = async (vm: RunningVm, exit: ProcessExit): Promise<void> => {
    if (closed) return;
    if (vms.get(vm.name) === vm) vms.delete(vm.name);
    vm.qmp.close();
    await removeProcessFiles(vm.files);
    if (vm.stopping) return;
    if (vm.crashReason !== null) emit(vm.name, { kind: 'crashed', reason: vm.crashReason });
    else if (vm.guestPoweredOff) emit(vm.name, { kind: 'powered_off' });
    else emit(vm.name, { kind: 'crashed', reason: await endReason(vm, exit) });
  };

  /** QEMU's text for a VM it stopped on an error; for a panic, the guest's own panic line too. */
  const stoppedOnErrorReason = async (vm: RunningVm, status: string): Promise<string> => {
    const text = await qemuErrorText(vm.files);
    if (status !== 'guest-panicked') return withText(`QEMU stopped the VM (${status})`, text);
    const panic = (await readTail(vm.files.serialLog))
      .split('\n')
      .reverse()
      .find((line) => line.includes('Kernel panic'));
    return withText(
      'the guest panicked (guest-panicked)',
      panic?.replace(/^\[[\s\d.]+\]\s*/, '').trim() ?? text,
    );
  };

  /** A STOP the driver did not ask for: an error or a panic ends the VM; anything else pauses it. */
  const onUnaskedStop = async (vm: RunningVm): Promise<void> => {
    let status: string;
    try {
      ({ status } = await vm.qmp.execute('query-status'));
    } catch {
      return; // the process is going away; its end tells why
    }
    if (STOPPED_ON_ERROR.has(status)) {
      vm.crashReason = await stoppedOnErrorReason(vm, status);
      logger.warn(
        { vm: vm.name, status, reason: vm.crashReason },
        'QEMU stopped the VM on an error; killing it',
      );
      kill(vm.pid);
    } else if (status !== 'running') {
      emit(vm.name, { kind: 'paused', reason: status });
    }
  };

  const onQmpEvent = (vm: RunningVm, event: QmpEvent): void => {
    switch (event.event) {
      case 'STOP':
        if (vm.quiet) return;
        if (vm.expecting.STOP) vm.expecting.STOP = false;
        else {
          onUnaskedStop(vm).catch((error: unknown) =>
            logger.error({ err: error, vm: vm.name }, 'handling a STOP from QEMU failed'),
          );
        }
        return;
      case 'RESUME':
        if (vm.quiet) return;
        if (vm.expecting.RESUME) vm.expecting.RESUME = false;
        else emit(vm.name, { kind: 'resumed' });
        return;
      case 'RESET': {
        const now = performance.now();
        const sincePrevious = now - vm.lastResetAt;
        vm.lastResetAt = now;
        // guest: false is the driver's own system_reset.
        if (event.data.guest === true && sincePrevious > FIRMWARE_REBOOT_WINDOW_MS) {
          emit(vm.name, { kind: 'reset', guest: true });
        }
        return;
      }
      case 'SHUTDOWN':
        if (event.data.guest === true) vm.guestPoweredOff = true;
        else vm.hostShutdown = typeof event.data.reason === 'string' ? event.data.reason : 'host';
        return;
      default:
        return;
    }
  };

  /** Takes a QEMU process under the driver: events, and the judgement of its end. */
  const track = (
    name: string,
    pid: number,
    vmAccelerator: 'kvm' | 'tcg',
    files: VmRunFiles,
    qmp: QmpClient,
    exited: Promise<ProcessExit>,
  ): RunningVm => {
    const qmpClosed = new Promise<void>((resolve) => qmp.onClose(() => resolve()));
    const vm: RunningVm = {
      name,
      pid,
      accelerator: vmAccelerator,
      files,
      qmp,
      // The socket's close comes after the last event QEMU wrote, so SHUTDOWN is never missed.
      ended: Promise.all([exited, qmpClosed])
        .then(([exit]) => onEnd(vm, exit))
        .catch((error: unknown) => logger.error({ err: error, vm: name }, 'handling the end of QEMU failed')),
      stopping: false,
      crashReason: null,
      guestPoweredOff: false,
      hostShutdown: null,
      expecting: { STOP: false, RESUME: false },
      quiet: false,
      lastResetAt: Number.NEGATIVE_INFINITY,
    };
    qmp.onEvent((event) => onQmpEvent(vm, event));
    vms.set(name, vm);
    return vm;
  };

  /**
   * Runs `stop` or `cont` with the event it causes marked as the driver's own. QEMU sends the
   * STOP or RESUME before the command's reply, so the mark is spent, or stale (the VM was already
   * in that state), once the reply is in.
   */
  const ownCommand = async (
    vm: RunningVm,
    command: 'stop' | 'cont',
    event: 'STOP' | 'RESUME',
  ): Promise<void> => {
    vm.expecting[event] = true;
    try {
      await vm.qmp.execute(command);
    } finally {
      vm.expecting[event] = false;
    }
  };

  const runtime = (vm: RunningVm): RuntimeInfo => ({
    pid: vm.pid,
    accelerator: vm.accelerator,
    files: runtimeFiles(vm.files),
  });

  /** Connects to the QMP socket of a QEMU just spawned, as soon as QEMU has opened it. */
  const waitForQmp = async (
    name: string,
    pid: number,
    files: VmRunFiles,
    exited: Promise<ProcessExit>,
  ): Promise<QmpClient> => {
    let exit: ProcessExit | undefined;
    void exited.then((value) => (exit = value));
    const deadline = performance.now() + START_TIMEOUT_MS;
    for (;;) {
      if (exit !== undefined) {
        const text = await qemuErrorText(files);
        throw HvErrors.driverFailed(
          { vm: name, action: 'start', reason: withText(describeExit(exit, pid), text) },
          {
            ...(exit.error === undefined ? {} : { cause: exit.error }),
            details: { exitCode: exit.code, signal: exit.signal, qemuLog: files.qemuLog, qemuError: text },
          },
        );
      }
      try {
        return await connectQmp(files.qmpSocket, { vm: name });
      } catch (error) {
        if (performance.now() > deadline) {
          const reason = `QEMU did not open its QMP socket within ${START_TIMEOUT_MS} ms`;
          throw HvErrors.driverFailed({ vm: name, action: 'start', reason }, { cause: error });
        }
      }
      await Promise.race([sleep(POLL_MS), exited]);
    }
  };

  /** Refuses to start a second QEMU over one the pid file says still runs this VM. */
  const refuseIfRunning = async (spec: LaunchSpec, files: VmRunFiles): Promise<void> => {
    const pid = await readPid(files.pidFile);
    if (pid === null || processGone(pid)) return;
    if (runsVm(await processArguments(pid), spec.uuid)) {
      throw HvErrors.vmAlreadyRunning({ name: spec.name }, { details: { pid } });
    }
  };

  const start = async (spec: LaunchSpec): Promise<RuntimeInfo> => {
    if (closed)
      throw HvErrors.driverFailed({ vm: spec.name, action: 'start', reason: 'the driver is closed' });
    if (vms.has(spec.name)) throw HvErrors.vmAlreadyRunning({ name: spec.name });
    const files = vmRunFiles(runDir, spec.name);
    await refuseIfRunning(spec, files);
    await prepareRunDir(files);
    const args = qemuArguments(spec, accelerator, files, host);
    const output = await open(files.qemuLog, 'w', 0o600);
    let child: ChildProcess;
    try {
      // detached: a session of its own, so the guest survives the service and its signals.
      child = spawn(binary, args, { detached: true, stdio: ['ignore', output.fd, output.fd] });
    } finally {
      await output.close();
    }
    const exited = childExit(child);
    child.unref();
    logger.info({ vm: spec.name, pid: child.pid, binary, args }, 'starting QEMU');

    let qmp: QmpClient;
    try {
      qmp = await waitForQmp(spec.name, child.pid ?? 0, files, exited);
    } catch (error) {
      if (child.pid !== undefined) kill(child.pid);
      await within(exited, KILL_WAIT_MS);
      await removeProcessFiles(files);
      throw error;
    }
    const vm = track(spec.name, child.pid as number, accelerator, files, qmp, exited);
    try {
      // A start from a snapshot taken paused stays paused (`-S`), as the snapshot recorded it.
      // The destination of a live migration starts the guest itself once the migration is in.
      if (spec.restore?.paused !== true && spec.incoming !== true) await ownCommand(vm, 'cont', 'RESUME');
    } catch (error) {
      vm.stopping = true;
      kill(vm.pid);
      await within(vm.ended, KILL_WAIT_MS);
      throw error;
    }
    return runtime(vm);
  };

  const stop = async (name: string, options: StopOptions): Promise<{ graceful: boolean }> => {
    const vm = attached(name, 'stop');
    const { signal } = options;
    signal?.throwIfAborted();
    vm.stopping = true;
    let graceful = false;
    if (!options.force) {
      // A paused guest cannot see the power button: only a hard stop ends it.
      const status = await vm.qmp.execute('query-status').catch(() => null);
      if (
        status?.running === true &&
        signal?.aborted !== true &&
        (await vm.qmp.execute('system_powerdown').then(
          () => true,
          () => false,
        ))
      ) {
        const ended = await within(vm.ended, options.timeoutMs, signal);
        graceful = ended && vm.guestPoweredOff;
      }
    }
    if (!graceful && signal?.aborted === true && vms.get(name) === vm) {
      // Given up while waiting: the VM runs on, and its own power-off is an event again.
      vm.stopping = false;
      throw signal.reason instanceof Error ? signal.reason : new Error('aborted');
    }
    if (!graceful) {
      options.onHardStop?.();
      // The reply to quit may be lost when QEMU closes the socket first; the exit is what counts.
      await vm.qmp.execute('quit', { timeoutMs: QUIT_GRACE_MS }).catch(() => undefined);
      if (!(await within(vm.ended, QUIT_GRACE_MS))) {
        kill(vm.pid);
        if (!(await within(vm.ended, KILL_WAIT_MS))) {
          throw HvErrors.driverFailed({
            vm: name,
            action: 'stop',
            reason: `QEMU (pid ${vm.pid}) survived SIGKILL`,
          });
        }
      }
    }
    logger.info({ vm: name, graceful }, 'QEMU stopped');
    return { graceful };
  };

  const pause = async (name: string): Promise<void> => {
    await ownCommand(attached(name, 'pause'), 'stop', 'STOP');
  };

  const resume = async (name: string): Promise<void> => {
    await ownCommand(attached(name, 'resume'), 'cont', 'RESUME');
  };

  const reset = async (name: string): Promise<void> => {
    await attached(name, 'reset').qmp.execute('system_reset');
  };

  const sample = async (name: string): Promise<UsageSample> => {
    const vm = attached(name, 'sample');
    let usage;
    try {
      usage = await processUsage(vm.pid);
    } catch (error) {
      throw HvErrors.driverFailed(
        { vm: name, action: 'sample', reason: `cannot read /proc/${vm.pid}: ${(error as Error).message}` },
        { cause: error },
      );
    }
    const atMs = performance.now();
    const devices = await vm.qmp.execute('query-blockstats');
    const sum = (counter: 'rd_operations' | 'wr_operations' | 'rd_bytes' | 'wr_bytes'): number =>
      devices.reduce((total, device) => total + device.stats[counter], 0);
    return {
      atMs,
      cpuTimeMs: usage.cpuTimeMs,
      memoryBytes: usage.memoryBytes,
      readOps: sum('rd_operations'),
      writeOps: sum('wr_operations'),
      readBytes: sum('rd_bytes'),
      writeBytes: sum('wr_bytes'),
    };
  };

  /** Follows a QEMU that is not this process's child: it has ended once QMP closes and the pid is gone. */
  const watchForeign = (pid: number, qmp: QmpClient): Promise<ProcessExit> =>
    new Promise((resolve) => {
      qmp.onClose(() => {
        void (async () => {
          while (!closed && !processGone(pid)) await sleep(POLL_MS);
          if (!closed) resolve({ code: null, signal: null });
        })();
      });
    });

  const attach = async (name: string, uuid: string): Promise<AttachResult> => {
    const current = vms.get(name);
    if (current !== undefined) {
      const { running } = await current.qmp.execute('query-status');
      return { status: running ? 'running' : 'paused', runtime: runtime(current) };
    }
    const files = vmRunFiles(runDir, name);
    const gone = async (summary: string): Promise<AttachResult> => {
      const reason = withText(summary, await qemuErrorText(files));
      await removeProcessFiles(files);
      logger.warn({ vm: name, reason }, 'VM found gone');
      return { status: 'gone', reason };
    };
    const pid = await readPid(files.pidFile);
    if (pid === null) return gone('QEMU is not running (no pid file: it ended while the service was away)');
    const args = processGone(pid) ? null : await processArguments(pid);
    if (args === null) return gone(`the QEMU process (pid ${pid}) is gone`);
    if (!runsVm(args, uuid)) return gone(`pid ${pid} is no longer this VM's QEMU`);

    const qmp = await connectQmp(files.qmpSocket, { vm: name });
    const vmAccelerator = args[args.indexOf('-accel') + 1] === 'kvm' ? 'kvm' : 'tcg';
    const vm = track(name, pid, vmAccelerator, files, qmp, watchForeign(pid, qmp));
    let status: string;
    try {
      ({ status } = await qmp.execute('query-status'));
    } catch (error) {
      vms.delete(name);
      qmp.close();
      throw error;
    }
    if (STOPPED_ON_ERROR.has(status)) {
      const reason = await stoppedOnErrorReason(vm, status);
      vm.stopping = true;
      kill(pid);
      await within(vm.ended, KILL_WAIT_MS);
      logger.warn({ vm: name, reason }, 'VM found stopped on an error; killed it');
      return { status: 'gone', reason };
    }
    logger.info({ vm: name, pid, status }, 're-attached to QEMU');
    return { status: status === 'running' ? 'running' : 'paused', runtime: runtime(vm) };
  };

  /** Snapshot work on the VM's QMP, with the STOP and RESUME QEMU sends meanwhile as its own. */
  const quietly = async <T>(
    name: string,
    action: string,
    work: (qmp: QmpClient) => Promise<T>,
  ): Promise<T> => {
    const vm = attached(name, action);
    vm.quiet = true;
    try {
      return await work(vm.qmp);
    } finally {
      vm.quiet = false;
    }
  };

  const close = async (): Promise<void> => {
    closed = true;
    for (const vm of vms.values()) vm.qmp.close();
    vms.clear();
  };

  return {
    name: 'qemu',
    accelerator,
    start,
    stop,
    pause,
    resume,
    reset,
    sample,
    attach,
    onEvent: (listener) => {
      listeners.push(listener);
    },
    snapshots: createQemuSnapshots({ quietly }),
    migration: createQemuMigration({ quietly, runDir: (name) => vmRunFiles(runDir, name).dir }),
    close,
  };
}
