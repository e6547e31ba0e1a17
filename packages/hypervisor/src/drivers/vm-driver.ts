/**
 * The one interface between the VM core and whatever runs guests. The QEMU driver runs one
 * QEMU process per VM and speaks QMP to it; the simulated driver keeps the same contract in
 * memory, for hosts without QEMU and for fast unit tests. The core owns the VM states; a driver
 * only carries out actions and reports what the guest or the process did on its own.
 */
import type { MigrationDriver } from './migration-driver.js';
import type { SnapshotDriver } from './snapshot-driver.js';

export type DriverName = 'qemu' | 'simulated';
export type Accelerator = 'kvm' | 'tcg' | 'none';

/** One NIC as a driver launches it: QEMU opens the tap by its name. */
export interface LaunchNic {
  tap: string;
  mac: string;
}

/** Everything needed to launch a VM, resolved: absolute paths, bytes. */
export interface LaunchSpec {
  name: string;
  uuid: string;
  cpus: number;
  memoryBytes: number;
  disks: readonly { path: string; format: 'qcow2' | 'raw' }[];
  /** Direct kernel boot; null boots from the first disk through the firmware. */
  boot: { kernel: string; initrd?: string; cmdline?: string } | null;
  /**
   * The VM's NICs, in the order of its definition: each a tap the network core made on its
   * network's bridge before the launch (VmNetworkPort.plug), and the MAC the guest sees.
   */
  nics: readonly LaunchNic[];
  /**
   * Start from an internal snapshot holding memory (QEMU `-loadvm`) instead of booting: the guest
   * goes on from that moment, running, or paused when `paused`.
   */
  restore?: { tag: string; paused: boolean };
  /**
   * Wait for a live migration of the guest instead of booting (`migration.listen` opens the port).
   * The guest runs once the migration has completed, reported as a `resumed` event.
   */
  incoming?: boolean;
}

/** What the guest or the process did without being asked by the core. */
export type DriverEvent =
  | { kind: 'paused'; reason: string }
  | { kind: 'resumed' }
  | { kind: 'reset'; guest: boolean }
  /** The guest powered itself off (or accepted an ACPI request) and the process exited. */
  | { kind: 'powered_off' }
  /** The process died, or the guest hit an internal error or a panic; `reason` is QEMU's own text. */
  | { kind: 'crashed'; reason: string };

export type DriverEventListener = (vm: string, event: DriverEvent) => void;

/** Raw counters at one instant; the core turns two samples into rates. */
export interface UsageSample {
  /** `performance.now()` milliseconds when taken. */
  atMs: number;
  /** CPU time the VM's process has used (user + system), milliseconds. */
  cpuTimeMs: number;
  /** Resident memory of the VM's process, bytes. */
  memoryBytes: number;
  /** Sums over the VM's block devices (QMP `query-blockstats`). */
  readOps: number;
  writeOps: number;
  readBytes: number;
  writeBytes: number;
}

/** The runtime facts of a started VM, stored with it and shown in its details. */
export interface RuntimeInfo {
  pid: number | null;
  accelerator: Accelerator;
  /** Files of this VM in the run directory (QMP socket, serial log, pid file), when there are. */
  files: Record<string, string>;
}

export interface StopOptions {
  force: boolean;
  timeoutMs: number;
  /**
   * Ends the wait for the guest: the call rejects with the signal's reason and the VM runs on. Its
   * guest had the power-off request and may still act on it, which is then a `powered_off` event.
   */
  signal?: AbortSignal;
  /** Called when the hard stop begins; from then on `signal` is not heeded. */
  onHardStop?: () => void;
}

export type AttachResult =
  { status: 'running' | 'paused'; runtime: RuntimeInfo } | { status: 'gone'; reason: string };

export interface VmDriver {
  readonly name: DriverName;
  /** The accelerator new VMs get. */
  readonly accelerator: Accelerator;
  /** Launches the VM and resolves once it runs (QMP connected, CPUs started). */
  start(spec: LaunchSpec): Promise<RuntimeInfo>;
  /**
   * `force: false` asks the guest to power off (ACPI) and waits up to `timeoutMs` for it, then
   * stops it hard; `force: true` stops it at once. Resolves once the process is gone.
   */
  stop(vm: string, options: StopOptions): Promise<{ graceful: boolean }>;
  pause(vm: string): Promise<void>;
  resume(vm: string): Promise<void>;
  /** Hard reset of the virtual machine (QMP `system_reset`). */
  reset(vm: string): Promise<void>;
  sample(vm: string): Promise<UsageSample>;
  /**
   * Finds a VM left running by an earlier service process (same run directory) and takes back
   * control of it; `gone` when its process is no longer there, with what is known of why.
   */
  attach(vm: string, uuid: string): Promise<AttachResult>;
  onEvent(listener: DriverEventListener): void;
  /** Internal qcow2 snapshots of the VM's disks and memory (snapshot-driver.ts). */
  readonly snapshots: SnapshotDriver;
  /** Live migration to and from another host (migration-driver.ts). */
  readonly migration: MigrationDriver;
  /** Lets go of every VM without stopping any: the guests outlive the service. */
  close(): Promise<void>;
}
