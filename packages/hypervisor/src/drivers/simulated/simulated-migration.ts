/**
 * Live migration under the simulated driver: SIMULATED, no guest state moves. A destination's
 * `listen` registers a made-up port in this process; a source's `send` counts the VM's memory
 * across at its bandwidth (all of it in four steps when unlimited), reporting progress every
 * STEP_MS, then hands the guest over: the source's VM waits paused, as QEMU's `postmigrate`, and
 * the destination's runs (a `resumed` event, as QEMU's RESUME). A cancel, or a port nobody listens
 * at, fails it, and the destination's VM ends as QEMU's does when an incoming migration fails
 * (`crashed`). Both services must run in this process (the route tests start two). A TLS stream
 * to a plain listener, or the reverse, fails at once, as QEMU's handshake would.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { HvErrors } from '../../errors.js';
import type { MigrationDriver, MigrationResult, SendOptions } from '../migration-driver.js';
import type { DriverEvent, LaunchSpec } from '../vm-driver.js';

/** Between two progress reports. */
export const SIMULATED_STEP_MS = 20;
const FIRST_PORT = 49_152;

type State = 'running' | 'paused';

export interface SimulatedMigrationHooks {
  state(vm: string): State | undefined;
  set(vm: string, state: State): void;
  remove(vm: string): void;
  emit(vm: string, event: DriverEvent): void;
}

export interface SimulatedMigration extends MigrationDriver {
  /** Notes the memory size of a VM the driver starts: what a migration of it counts across. */
  started(spec: LaunchSpec): void;
}

interface Listening {
  vm: string;
  hooks: SimulatedMigrationHooks;
  tls: boolean;
}

/** The destinations waiting in this process, by port: shared by every simulated driver. */
const listening = new Map<number, Listening>();
let nextPort = FIRST_PORT;

function complete(target: Listening): void {
  target.hooks.set(target.vm, 'running');
  target.hooks.emit(target.vm, { kind: 'resumed' });
}

function fail(target: Listening, reason: string): void {
  if (target.hooks.state(target.vm) === undefined) return;
  target.hooks.remove(target.vm);
  target.hooks.emit(target.vm, { kind: 'crashed', reason: `load of migration failed: ${reason}` });
}

export function createSimulatedMigration(hooks: SimulatedMigrationHooks): SimulatedMigration {
  const memory = new Map<string, number>();

  const send = async (vm: string, options: SendOptions): Promise<MigrationResult> => {
    if (hooks.state(vm) !== 'running')
      throw HvErrors.driverFailed({ vm, action: 'migrate', reason: 'the VM is not running' });
    const port = Number(options.uri.slice(options.uri.lastIndexOf(':') + 1));
    const target = listening.get(port);
    if (target === undefined || target.hooks.state(target.vm) === undefined) {
      throw HvErrors.driverFailed({
        vm,
        action: 'migrate',
        reason: `nothing listens at ${options.uri} (the simulated driver migrates within one process)`,
      });
    }
    if ((options.tls !== undefined) !== target.tls) {
      listening.delete(port);
      const reason = target.tls ? 'a plain stream to a TLS listener' : 'a TLS stream to a plain listener';
      fail(target, reason);
      throw HvErrors.migrationFailed({ vm, reason });
    }
    const started = performance.now();
    const total = memory.get(vm) ?? 64 << 20;
    const perStep = Math.min(
      Math.ceil(total / 4),
      ((options.maxBandwidthBytes ?? Number.POSITIVE_INFINITY) * SIMULATED_STEP_MS) / 1000,
    );
    let sent = 0;
    while (sent < total) {
      await sleep(SIMULATED_STEP_MS);
      if (options.signal.aborted || target.hooks.state(target.vm) === undefined) {
        const reason = options.signal.aborted ? 'cancelled' : 'the destination went away';
        listening.delete(port);
        fail(target, reason);
        throw HvErrors.migrationFailed({ vm, reason });
      }
      sent = Math.min(total, sent + Math.max(1, Math.floor(perStep)));
      options.onProgress({
        status: 'active',
        transferredBytes: sent,
        remainingBytes: total - sent,
        totalBytes: total,
      });
    }
    listening.delete(port);
    hooks.set(vm, 'paused');
    complete(target);
    const elapsed = Math.round(performance.now() - started);
    return {
      totalTimeMs: elapsed,
      downtimeMs: 0,
      setupTimeMs: 0,
      transferredBytes: total,
      totalBytes: total,
      mbps: elapsed === 0 ? 0 : (total * 8) / 1e6 / (elapsed / 1000),
    };
  };

  return {
    started(spec) {
      memory.set(spec.name, spec.memoryBytes);
    },
    async listen(vm, _host, tls) {
      if (hooks.state(vm) === undefined)
        throw HvErrors.driverFailed({ vm, action: 'listen', reason: 'the VM is not running' });
      const port = nextPort++;
      listening.set(port, { vm, hooks, tls: tls !== undefined });
      return { uri: `tcp:simulated:${port}`, port };
    },
    send,
    async settle() {
      return 'none';
    },
  };
}
