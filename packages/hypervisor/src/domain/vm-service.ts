/**
 * The VM core: every command of the VM API, on top of the store and a driver. REST and the Unix
 * socket (and, later, gRPC) only translate to and from these functions.
 *
 * Control flow: a command takes the VM's lock (one action per VM at a time), checks the state
 * table (vm-states.ts), asks the driver to act, then records the new state, its event and the
 * request's audit row in one transaction. What the guest does on its own (power off, crash,
 * reboot) arrives as a driver event and goes through the same lock and the same recording.
 *
 * Work that takes longer than a request (a stop waiting for the guest, a full clone, a snapshot
 * with memory taken or restored) is an operation that holds the VM's lock until it ends
 * (`operate`), so the lock rules hold throughout; a request for the VM meanwhile is refused with
 * VM_BUSY, naming the operation, as Incus refuses an instance another operation holds, rather
 * than left waiting.
 * A forced stop or delete takes over from a graceful stop under way: it cancels it first.
 *
 * NICs: the network core (the `network` port) checks and completes them (a MAC derived from the
 * uuid) before a definition is stored, and hears of every stored change after its commit
 * (`nicsChanged`, for its DHCP reservations). Every launch of QEMU goes through `launch`: the taps
 * are made first and removed again when QEMU does not start; `processEnded` removes them once the
 * process is gone, however it went (stop, power-off, crash, migration away, found gone at start).
 */
import { randomUUID } from 'node:crypto';
import { createKeyedMutex, type Logger } from '@lab/server-kit';
import { Type, type Static } from 'typebox';
import { AppError } from '@lab/server-kit/errors';
import { HvErrors } from '../errors.js';
import type { AuditContext } from '../store/audit.js';
import type { DiskRepository } from '../store/disks.js';
import type { UnitOfWork } from '../store/unit-of-work.js';
import { newVmRecord, type VmRecord, type VmRepository, type VmRuntime } from '../store/vms.js';
import type { DriverEvent, RuntimeInfo, StopOptions, UsageSample, VmDriver } from '../drivers/vm-driver.js';
import type { HostLimits } from './host.js';
import type { OperationHandle, Operations, OperationView } from './operations.js';
import { formatSize } from './units.js';
import type { NetworkDevice, VmCreate, VmDefinition, VmPatch, VmState } from './vm-definition.js';
import type { VmIdentity, VmNetworkPort } from './vm-network-port.js';
import { assertAllowed, isActive } from './vm-states.js';
import { resolveLaunch, type DefinitionContext, type ResolvedLaunch } from './vm-validation.js';
import { vmView, type VmView } from './vm-view.js';

/** Shortest interval between the two samples a rate is computed from. */
export const STATS_MIN_INTERVAL_MS = 250;
/** A previous sample older than this is not used for rates. */
export const STATS_MAX_AGE_MS = 10_000;

/** What `stats` answers: the one source of its type and of its OpenAPI schema. */
export const VmStatsSchema = Type.Object({
  vm: Type.String(),
  cpu_percent: Type.Number({
    description: 'QEMU process CPU time over wall time, per vCPU, 0 to 100 (as virt-manager)',
  }),
  memory_used: Type.String({ description: 'resident memory of the VM process, binary units' }),
  memory_used_bytes: Type.Integer(),
  disk_read_iops: Type.Integer({ description: 'read operations per second over the interval' }),
  disk_write_iops: Type.Integer(),
  disk_read_bytes_per_sec: Type.Integer(),
  disk_write_bytes_per_sec: Type.Integer(),
  disk_read_ops: Type.Integer({ description: 'read operations since the VM started' }),
  disk_write_ops: Type.Integer({ description: 'write operations since the VM started' }),
  disk_read_bytes: Type.Integer({ description: 'bytes read since the VM started' }),
  disk_write_bytes: Type.Integer({ description: 'bytes written since the VM started' }),
  interval_ms: Type.Integer({ description: 'the interval the rates are computed over' }),
  sampled_at: Type.String({ format: 'date-time' }),
});
export type VmStats = Static<typeof VmStatsSchema>;

export interface VmServiceOptions {
  vms: VmRepository;
  disks: DiskRepository;
  driver: VmDriver;
  /** The network core, as far as VMs need it: NICs checked, completed, plugged and unplugged. */
  network: VmNetworkPort;
  operations: Operations;
  unitOfWork: UnitOfWork;
  host: HostLimits;
  imageFile: DefinitionContext['imageFile'];
  bootDir: string;
  stopTimeoutMs: number;
  logger: Logger;
  sleep?: (ms: number) => Promise<void>;
}

export type VmService = ReturnType<typeof createVmService>;

/** Long work on a VM, as `operate` starts it. */
export interface VmOperation<T extends Record<string, unknown>> {
  kind: string;
  work: (op: OperationHandle) => Promise<T>;
  /** Runs once the work has ended, or at once should the operation not start. */
  release?: () => void;
}

/** QEMU's own text when a driver error says its process died (exit code or signal), else undefined. */
function processDeath(error: unknown): string | undefined {
  if (!(error instanceof AppError)) return undefined;
  const { exitCode, signal, qemuError } = error.details;
  if (exitCode === undefined && signal === undefined) return undefined;
  return typeof qemuError === 'string' && qemuError !== '' ? qemuError : error.message;
}

const round1 = (x: number): number => Math.round(x * 10) / 10;

const nicsOf = (definition: VmDefinition): NetworkDevice[] => definition.devices.network;

/** The networks the NICs of these definitions are on, each once. */
export const networksOf = (...definitions: VmDefinition[]): string[] => [
  ...new Set(definitions.flatMap((d) => nicsOf(d).map((nic) => nic.network))),
];

export function createVmService(options: VmServiceOptions) {
  const { vms, driver, network, operations, unitOfWork, logger } = options;
  const withLock = createKeyedMutex();
  /** VMs an operation holds, with its kind and id. */
  const holders = new Map<string, { kind: string; operation: string }>();
  const lastSample = new Map<string, UsageSample>();
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const definitionContext: DefinitionContext = {
    host: options.host,
    findDisk: (name) => options.disks.find(name),
    dependents: (name) => options.disks.dependents(name),
    imageFile: options.imageFile,
    bootDir: options.bootDir,
  };

  function load(name: string): VmRecord {
    const vm = vms.find(name);
    if (vm === undefined) throw HvErrors.vmNotFound({ name });
    return vm;
  }

  const runtimeOf = (info: RuntimeInfo): VmRuntime => ({ driver: driver.name, ...info });

  /** Checks and completes NICs (a MAC for each) through the network core; no NIC, no question. */
  const resolveNics = (vm: VmIdentity, nics: readonly NetworkDevice[]): NetworkDevice[] =>
    nics.length === 0 ? [] : network.resolveNics(vm, nics);

  /**
   * After a commit that changed which NICs are on these networks: the network core re-applies its
   * reservations. The change is recorded already; a failure is logged, not the request's.
   */
  async function nicsChanged(networks: readonly string[]): Promise<void> {
    if (networks.length === 0) return;
    try {
      await network.nicsChanged(networks);
    } catch (error) {
      logger.error({ err: error, networks }, 'the network core could not apply a change of NICs');
    }
  }

  /**
   * Launches QEMU for the VM: its taps first (QEMU opens them by name), then the driver; when
   * QEMU does not start, its taps go again. The caller holds the VM's lock.
   */
  async function launch(
    vm: VmIdentity,
    spec: ResolvedLaunch,
    nics: readonly NetworkDevice[],
    extra: { restore?: { tag: string; paused: boolean }; incoming?: boolean } = {},
  ): Promise<RuntimeInfo> {
    const attachments = nics.length === 0 ? [] : await network.plug(vm, nics);
    try {
      return await driver.start({
        ...spec,
        ...extra,
        nics: attachments.map(({ tap, mac }) => ({ tap, mac })),
      });
    } catch (error) {
      await processEnded(vm, nics);
      throw error;
    }
  }

  /** The VM's QEMU is gone: its taps go. Never throws: a tap left is logged, replaced at the next plug. */
  async function processEnded(vm: VmIdentity, nics: readonly NetworkDevice[]): Promise<void> {
    if (nics.length === 0) return;
    try {
      await network.unplug(vm, nics);
    } catch (error) {
      logger.error({ err: error, vm: vm.name }, "removing the VM's taps failed");
    }
  }

  /** Records a state change with its event and audit row; the caller holds the VM's lock. */
  function changeState(
    vm: VmRecord,
    to: VmState,
    context: AuditContext | null,
    change: { runtime: VmRuntime | null; lastError?: string | null; reason?: string },
  ): VmRecord {
    return unitOfWork((tx) => {
      const lastError =
        change.lastError === undefined
          ? undefined
          : change.lastError === null
            ? null
            : { message: change.lastError, at: tx.at };
      if (
        !vms.changeState(vm.name, vm.state, {
          to,
          runtime: change.runtime,
          at: tx.at,
          ...(lastError === undefined ? {} : { lastError }),
        })
      ) {
        throw new Error(`VM '${vm.name}' left state ${vm.state} while its lock was held`);
      }
      tx.emit('vm.state_changed', {
        vm: vm.name,
        from: vm.state,
        to,
        timestamp: tx.at,
        ...(change.reason === undefined ? {} : { reason: change.reason }),
      });
      tx.audit(context);
      if (!isActive(to)) lastSample.delete(vm.name);
      return load(vm.name);
    });
  }

  /** The VM's process is gone or QEMU gave up on it: CRASHED, with QEMU's words as its last error. */
  const markCrashed = (vm: VmRecord, reason: string): VmRecord =>
    changeState(vm, 'CRASHED', null, { runtime: null, lastError: reason, reason });

  /** Records a request that changed nothing in the table but the guest (reset). */
  function recordAction(
    vm: VmRecord,
    kind: string,
    context: AuditContext | null,
    data: Record<string, unknown>,
  ): VmRecord {
    return unitOfWork((tx) => {
      tx.emit(kind, { vm: vm.name, timestamp: tx.at, ...data });
      tx.audit(context);
      return load(vm.name);
    });
  }

  async function act<T>(vm: VmRecord, action: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw HvErrors.driverFailed(
        { vm: vm.name, action, reason: (error as Error).message },
        { cause: error },
      );
    }
  }

  /** The VM's lock for a request: refused at once (VM_BUSY) while an operation holds it. */
  function requestLock<T>(name: string, work: () => Promise<T>): Promise<T> {
    const holder = holders.get(name);
    if (holder !== undefined) {
      return Promise.reject(
        HvErrors.vmBusy(
          { name, kind: holder.kind, operation: holder.operation },
          { details: { operation: holder.operation, kind: holder.kind } },
        ),
      );
    }
    return withLock(name, work);
  }

  /**
   * Starts long work on a VM as an operation on `vm/NAME`: `prepare` runs under the VM's lock on
   * the VM as it is, and its refusals answer the request; the work it returns then starts and
   * keeps the lock until it ends. The audit row is the 202's.
   */
  function operate<T extends Record<string, unknown>>(
    name: string,
    context: AuditContext,
    prepare: (vm: VmRecord) => Promise<VmOperation<T>>,
  ): Promise<OperationView> {
    return new Promise<OperationView>((resolve, reject) => {
      requestLock(name, async () => {
        const spec = await prepare(load(name));
        let ended = (): void => undefined;
        const held = new Promise<void>((settle) => (ended = settle));
        const holder = { kind: spec.kind, operation: '' };
        holders.set(name, holder);
        const letGo = (): void => {
          if (holders.get(name) === holder) holders.delete(name);
          spec.release?.();
          ended();
        };
        try {
          const view = operations.start({
            kind: spec.kind,
            resource: `vm/${name}`,
            context: { ...context, status: 202 },
            work: async (op) => {
              try {
                return await spec.work(op);
              } finally {
                letGo();
              }
            },
          });
          holder.operation = view.id;
          resolve(view);
        } catch (error) {
          letGo();
          throw error;
        }
        await held;
      }).catch(reject);
    });
  }

  /** Stops the VM's process and records STOPPED; the caller holds the VM's lock. */
  async function stopAndRecord(
    vm: VmRecord,
    force: boolean,
    context: AuditContext | null,
    hooks: Pick<StopOptions, 'signal' | 'onHardStop'> = {},
  ): Promise<VmRecord> {
    const { graceful } = await act(vm, 'stop', () =>
      driver.stop(vm.name, { force, timeoutMs: options.stopTimeoutMs, ...hooks }),
    );
    await processEnded(vm, nicsOf(vm.definition));
    const reason = force
      ? 'stopped at once (force)'
      : graceful
        ? 'the guest powered off on the ACPI request'
        : vm.state === 'PAUSED'
          ? 'stopped hard: a paused guest cannot see the power button'
          : `the guest did not power off within ${options.stopTimeoutMs} ms; stopped hard`;
    return changeState(vm, 'STOPPED', context, { runtime: null, reason });
  }

  /**
   * A forced stop or delete does not wait for a graceful stop under way, as `incus stop --force`
   * does not: it cancels it (the VM runs on) and waits for it to let go of the VM. One already
   * stopping the VM hard is waited for.
   */
  async function takeOverStop(name: string): Promise<void> {
    const holder = holders.get(name);
    if (holder?.kind !== 'vm.stop') return;
    try {
      operations.cancel(holder.operation, null);
    } catch (error) {
      if (!HvErrors.operationNotCancellable.is(error) && !HvErrors.operationNotRunning.is(error)) throw error;
    }
    await operations.settled(holder.operation);
  }

  /** A command on a live guest: the VM's lock, the state table, the driver, then the record. */
  function guestCommand(
    action: 'pause' | 'resume' | 'reset',
    drive: (name: string) => Promise<void>,
    record: (vm: VmRecord, context: AuditContext | null) => VmRecord,
  ): (name: string, context: AuditContext | null) => Promise<VmRecord> {
    return (name, context) =>
      requestLock(name, async () => {
        const vm = load(name);
        assertAllowed(action, vm);
        await act(vm, action, () => drive(name));
        return record(vm, context);
      });
  }

  async function onDriverEvent(name: string, event: DriverEvent): Promise<void> {
    await withLock(name, async () => {
      const vm = vms.find(name);
      if (vm === undefined) return;
      logger.info({ vm: name, event }, 'driver event');
      switch (event.kind) {
        case 'paused':
          if (vm.state === 'RUNNING')
            changeState(vm, 'PAUSED', null, { runtime: vm.runtime, reason: event.reason });
          return;
        case 'resumed':
          if (vm.state === 'PAUSED')
            changeState(vm, 'RUNNING', null, { runtime: vm.runtime, reason: 'resumed by the guest' });
          return;
        case 'reset':
          if (isActive(vm.state)) recordAction(vm, 'vm.reset', null, { guest: event.guest });
          return;
        case 'powered_off':
          if (isActive(vm.state)) {
            await processEnded(vm, nicsOf(vm.definition));
            changeState(vm, 'STOPPED', null, { runtime: null, reason: 'the guest powered off' });
          }
          return;
        case 'crashed':
          if (isActive(vm.state)) {
            await processEnded(vm, nicsOf(vm.definition));
            markCrashed(vm, event.reason);
          }
          return;
      }
    });
  }

  driver.onEvent((name, event) => {
    onDriverEvent(name, event).catch((error: unknown) =>
      logger.error({ err: error, vm: name }, 'handling a driver event failed'),
    );
  });

  return {
    /**
     * For the services that act on a VM beside this one (snapshots, clone, migration): runs `work`
     * holding the VM's lock, on the VM as it is then, so no lifecycle action interleaves. Refused
     * with VM_BUSY while an operation holds the VM.
     */
    exclusive: <T>(name: string, work: (vm: VmRecord) => Promise<T>): Promise<T> =>
      requestLock(name, async () => work(load(name))),

    operate,

    /** Records a state change (its event and audit row); the caller holds the VM's lock. */
    recordState: changeState,

    /** The launch of a VM's definition, resolved: absolute disk paths, boot files, bytes. */
    launchSpec: (vm: VmRecord) => resolveLaunch(vm, vm.definition, definitionContext),

    launch,
    processEnded,
    resolveNics,
    nicsChanged,

    list: (): VmRecord[] => vms.list(),

    get: (name: string): VmRecord => load(name),

    create: (input: VmCreate, context: AuditContext | null): Promise<VmRecord> =>
      withLock(input.name, async () => {
        const uuid = randomUUID();
        const definition: VmDefinition = {
          cpu: input.cpu,
          memory: input.memory,
          devices: {
            storage: input.devices?.storage ?? [],
            network: resolveNics({ name: input.name, uuid }, input.devices?.network ?? []),
          },
          boot: input.boot ?? null,
        };
        resolveLaunch({ name: input.name, uuid }, definition, definitionContext);
        const created = unitOfWork((tx) => {
          const inserted = vms.insert(
            newVmRecord({ name: input.name, uuid, state: 'CREATED', definition }, tx.at),
          );
          if (!inserted) throw HvErrors.vmAlreadyExists({ name: input.name });
          tx.emit('vm.created', { vm: input.name, uuid, timestamp: tx.at });
          tx.audit(context);
          return load(input.name);
        });
        await nicsChanged(networksOf(definition));
        return created;
      }),

    update: (name: string, patch: VmPatch, context: AuditContext | null): Promise<VmRecord> =>
      requestLock(name, async () => {
        const vm = load(name);
        assertAllowed('update', vm);
        const current = vm.definition;
        const definition: VmDefinition = {
          cpu: patch.cpu ?? current.cpu,
          memory: patch.memory ?? current.memory,
          devices: {
            storage: patch.devices?.storage ?? current.devices.storage,
            network:
              patch.devices?.network === undefined
                ? current.devices.network
                : resolveNics(vm, patch.devices.network),
          },
          boot: patch.boot === undefined ? current.boot : patch.boot,
        };
        resolveLaunch(vm, definition, definitionContext);
        const updated = unitOfWork((tx) => {
          vms.updateDefinition(name, vm.state, definition, tx.at);
          tx.emit('vm.updated', { vm: name, timestamp: tx.at, fields: Object.keys(patch) });
          tx.audit(context);
          return load(name);
        });
        if (patch.devices?.network !== undefined) await nicsChanged(networksOf(current, definition));
        return updated;
      }),

    remove: async (name: string, force: boolean, context: AuditContext | null): Promise<VmRecord> => {
      if (force) await takeOverStop(name);
      return requestLock(name, async () => {
        const vm = load(name);
        if (!(force && isActive(vm.state))) assertAllowed('delete', vm);
        if (isActive(vm.state)) {
          await act(vm, 'stop', () => driver.stop(name, { force: true, timeoutMs: 0 }));
          await processEnded(vm, nicsOf(vm.definition));
        }
        lastSample.delete(name);
        const removed = unitOfWork((tx) => {
          vms.remove(name);
          if (isActive(vm.state)) {
            tx.emit('vm.state_changed', {
              vm: name,
              from: vm.state,
              to: 'STOPPED',
              timestamp: tx.at,
              reason: 'deleted with force',
            });
          }
          tx.emit('vm.deleted', { vm: name, uuid: vm.uuid, timestamp: tx.at });
          tx.audit(context);
          return vm;
        });
        await nicsChanged(networksOf(vm.definition));
        return removed;
      });
    },

    start: (name: string, context: AuditContext | null): Promise<VmRecord> =>
      requestLock(name, async () => {
        const vm = load(name);
        assertAllowed('start', vm);
        const spec = resolveLaunch(vm, vm.definition, definitionContext);
        let info: RuntimeInfo;
        try {
          info = await act(vm, 'start', () => launch(vm, spec, nicsOf(vm.definition)));
        } catch (error) {
          // A QEMU that died while starting (an abort, a KVM failure) leaves the VM CRASHED with
          // QEMU's own words; a start refused before any process ran only records why.
          const died = processDeath(error);
          if (died !== undefined) markCrashed(vm, died);
          else unitOfWork((tx) => vms.setLastError(name, { message: (error as Error).message, at: tx.at }));
          throw error;
        }
        return changeState(vm, 'RUNNING', context, { runtime: runtimeOf(info), lastError: null });
      }),

    /** Stops the VM at once (libvirt's destroy), taking over from a graceful stop under way. */
    forceStop: async (name: string, context: AuditContext | null): Promise<VmRecord> => {
      await takeOverStop(name);
      return requestLock(name, async () => {
        const vm = load(name);
        assertAllowed('stop', vm);
        return stopAndRecord(vm, true, context);
      });
    },

    /**
     * Asks the guest to power off (ACPI) and stops it hard after the stop time-out (libvirt's
     * shutdown, then destroy), as a `vm.stop` operation whose result is the VM. Cancelled while
     * it waits for the guest, the VM runs on; once the hard stop has begun it is not cancellable.
     */
    shutdown: (name: string, context: AuditContext): Promise<OperationView> =>
      operate(name, context, async (vm) => {
        assertAllowed('stop', vm);
        return {
          kind: 'vm.stop',
          work: async (op): Promise<VmView> =>
            vmView(
              await stopAndRecord(vm, false, null, {
                signal: op.signal,
                onHardStop: () => op.finishing('the VM is being stopped hard'),
              }),
            ),
        };
      }),

    pause: guestCommand(
      'pause',
      (name) => driver.pause(name),
      (vm, context) =>
        changeState(vm, 'PAUSED', context, { runtime: vm.runtime, reason: 'paused on request' }),
    ),

    resume: guestCommand(
      'resume',
      (name) => driver.resume(name),
      (vm, context) =>
        changeState(vm, 'RUNNING', context, { runtime: vm.runtime, reason: 'resumed on request' }),
    ),

    reset: guestCommand(
      'reset',
      (name) => driver.reset(name),
      (vm, context) => recordAction(vm, 'vm.reset', context, { guest: false }),
    ),

    /** CPU, memory and disk rates over the interval since the previous sample (or a fresh one). */
    async stats(name: string): Promise<VmStats> {
      const vm = load(name);
      assertAllowed('stats', vm);
      const cpus = vm.definition.cpu.count;
      let previous = lastSample.get(name);
      let current = await act(vm, 'stats', () => driver.sample(name));
      if (previous === undefined || current.atMs - previous.atMs > STATS_MAX_AGE_MS) {
        previous = current;
        await sleep(STATS_MIN_INTERVAL_MS);
        current = await act(vm, 'stats', () => driver.sample(name));
      } else if (current.atMs - previous.atMs < STATS_MIN_INTERVAL_MS) {
        await sleep(STATS_MIN_INTERVAL_MS - (current.atMs - previous.atMs));
        current = await act(vm, 'stats', () => driver.sample(name));
      }
      lastSample.set(name, current);
      const seconds = (current.atMs - previous.atMs) / 1000;
      const rate = (now: number, before: number): number => Math.max(0, Math.round((now - before) / seconds));
      // As virt-manager: CPU time used over wall time, per vCPU, clamped to 0..100.
      const cpu = ((current.cpuTimeMs - previous.cpuTimeMs) / (seconds * 1000 * cpus)) * 100;
      return {
        vm: name,
        cpu_percent: round1(Math.min(100, Math.max(0, cpu))),
        memory_used: formatSize(current.memoryBytes),
        memory_used_bytes: current.memoryBytes,
        disk_read_iops: rate(current.readOps, previous.readOps),
        disk_write_iops: rate(current.writeOps, previous.writeOps),
        disk_read_bytes_per_sec: rate(current.readBytes, previous.readBytes),
        disk_write_bytes_per_sec: rate(current.writeBytes, previous.writeBytes),
        disk_read_ops: current.readOps,
        disk_write_ops: current.writeOps,
        disk_read_bytes: current.readBytes,
        disk_write_bytes: current.writeBytes,
        interval_ms: Math.round(current.atMs - previous.atMs),
        sampled_at: new Date().toISOString(),
      };
    },

    /**
     * At start: takes back the VMs an earlier service process left running, and marks CRASHED
     * (with an event) those whose process is gone. A VM recorded as not running whose process is
     * there was being started when that process died: the start completed, so it is adopted.
     */
    async recover(): Promise<void> {
      for (const vm of vms.list()) {
        await withLock(vm.name, async () => {
          const found = await driver.attach(vm.name, vm.uuid);
          if (found.status === 'gone') {
            // Taps a process left, whether it ended while the service was away or never started.
            await processEnded(vm, nicsOf(vm.definition));
            if (isActive(vm.state)) markCrashed(vm, found.reason);
            return;
          }
          const state: VmState = found.status === 'paused' ? 'PAUSED' : 'RUNNING';
          const runtime = runtimeOf(found.runtime);
          if (state === vm.state) vms.setRuntime(vm.name, runtime);
          else {
            const reason = isActive(vm.state)
              ? `found ${found.status} on re-attach`
              : 'a start interrupted by a service restart had completed';
            changeState(vm, state, null, { runtime, reason });
          }
          logger.info({ vm: vm.name, state, pid: found.runtime.pid }, 're-attached to a running VM');
        });
      }
    },
  };
}
