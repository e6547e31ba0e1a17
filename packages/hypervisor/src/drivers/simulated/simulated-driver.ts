/**
 * The simulated driver: the VmDriver contract kept in memory, with no guest at all. It is chosen
 * only by name (`--driver simulated`, or where QEMU is not installed, which the service logs and
 * `/system/info` reports), and it serves fast unit tests of the core. It reports zero usage,
 * because nothing runs; its VMs do not outlive the service process.
 *
 * `guest(vm, event)` plays what a real guest would do on its own (power off, crash, reboot), so
 * the core's handling of those is testable without QEMU. Snapshots are simulated too, as tags in
 * memory (simulated-snapshots.ts).
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { HvErrors } from '../../errors.js';
import type {
  AttachResult,
  DriverEvent,
  DriverEventListener,
  LaunchSpec,
  RuntimeInfo,
  UsageSample,
  VmDriver,
} from '../vm-driver.js';
import { createSimulatedMigration } from './simulated-migration.js';
import { createSimulatedSnapshots } from './simulated-snapshots.js';

type SimulatedState = 'running' | 'paused';

export interface SimulatedDriver extends VmDriver {
  /** Acts as the guest: the VM's state follows the event, and listeners hear of it. */
  guest(vm: string, event: DriverEvent): void;
  /**
   * The guest ignores the power button until it stops, as a hung guest or one without ACPI does:
   * a stop without force waits its whole time-out, then stops it hard.
   */
  ignorePowerButton(vm: string): void;
  /** The VMs the driver runs and their states, for tests. */
  readonly running: ReadonlyMap<string, SimulatedState>;
  /** What each VM was last started with (its NICs' taps and MACs among it), for tests. */
  readonly launched: ReadonlyMap<string, LaunchSpec>;
}

const RUNTIME: RuntimeInfo = { pid: null, accelerator: 'none', files: {} };

export function createSimulatedDriver(options: { delayMs?: number } = {}): SimulatedDriver {
  const vms = new Map<string, SimulatedState>();
  const launched = new Map<string, LaunchSpec>();
  /** Guests that ignore the power button. */
  const deaf = new Set<string>();
  const listeners: DriverEventListener[] = [];
  const delay = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, options.delayMs ?? 0));
  const snapshots = createSimulatedSnapshots({
    isRunning: (vm) => vms.has(vm),
    halt: (vm) => void vms.set(vm, 'paused'),
    delay,
  });
  const migration = createSimulatedMigration({
    state: (vm) => vms.get(vm),
    set: (vm, state) => void vms.set(vm, state),
    remove: (vm) => void vms.delete(vm),
    emit: (vm, event) => {
      for (const listener of listeners) listener(vm, event);
    },
  });

  function present(vm: string): SimulatedState {
    const state = vms.get(vm);
    if (state === undefined)
      throw HvErrors.driverFailed({ vm, action: 'control', reason: 'the VM is not running' });
    return state;
  }

  return {
    name: 'simulated',
    accelerator: 'none',
    running: vms,
    launched,

    async start(spec: LaunchSpec) {
      if (spec.restore !== undefined) {
        const images = spec.disks.map((disk) => disk.path);
        snapshots.checkStart(spec.name, images, spec.restore.tag);
      }
      await delay();
      migration.started(spec);
      launched.set(spec.name, spec);
      // An incoming migration's VM waits stopped until the migration hands it over.
      vms.set(spec.name, spec.restore?.paused === true || spec.incoming === true ? 'paused' : 'running');
      return RUNTIME;
    },
    async stop(vm, options) {
      const state = present(vm);
      options.signal?.throwIfAborted();
      // As under QEMU: a running guest that heeds the power button powers off; a paused one (it
      // cannot see the button) is stopped hard at once, one that ignores it after the time-out.
      const graceful = !options.force && state === 'running' && !deaf.has(vm);
      if (!options.force && state === 'running' && deaf.has(vm)) {
        await sleep(
          options.timeoutMs,
          undefined,
          options.signal === undefined ? {} : { signal: options.signal },
        );
      }
      if (!graceful) options.onHardStop?.();
      await delay();
      vms.delete(vm);
      deaf.delete(vm);
      return { graceful };
    },
    async pause(vm) {
      present(vm);
      vms.set(vm, 'paused');
    },
    async resume(vm) {
      present(vm);
      vms.set(vm, 'running');
    },
    async reset(vm) {
      present(vm);
    },
    async sample(vm): Promise<UsageSample> {
      present(vm);
      return {
        atMs: performance.now(),
        cpuTimeMs: 0,
        memoryBytes: 0,
        readOps: 0,
        writeOps: 0,
        readBytes: 0,
        writeBytes: 0,
      };
    },
    async attach(vm): Promise<AttachResult> {
      const state = vms.get(vm);
      return state === undefined
        ? { status: 'gone', reason: 'the simulated driver does not keep VMs across service restarts' }
        : { status: state, runtime: RUNTIME };
    },
    onEvent(listener) {
      listeners.push(listener);
    },
    snapshots,
    migration,
    async close() {
      listeners.length = 0;
    },
    ignorePowerButton(vm) {
      present(vm);
      deaf.add(vm);
    },
    guest(vm, event) {
      present(vm);
      if (event.kind === 'paused') vms.set(vm, 'paused');
      if (event.kind === 'resumed') vms.set(vm, 'running');
      if (event.kind === 'powered_off' || event.kind === 'crashed') {
        vms.delete(vm);
        deaf.delete(vm);
      }
      for (const listener of listeners) listener(vm, event);
    },
  };
}
