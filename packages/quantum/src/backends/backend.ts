/**
 * What every backend offers: a target description (what hardware needs: native gates,
 * connectivity, timing), a transpile step to that target, estimates, and `run`, which returns a
 * job. A circuit written against this interface runs unchanged on any backend.
 */
import type { Circuit } from '../circuit/circuit.js';
import type { ResourceEstimates } from '../engine/estimates.js';
import type { FusionOptions } from '../engine/fusion.js';
import type { NoiseOptions } from '../engine/noise.js';
import type { MemoryBudget } from './memory.js';
import type { Result } from './result.js';

export interface Target {
  /** Most qubits a circuit may use on this backend. */
  readonly maxQubits: number;
  /** Gates the backend executes directly; `transpile` rewrites everything else into them. */
  readonly nativeGates: readonly string[];
  /** `all-to-all`, or the pairs of qubits a two-qubit gate may join. */
  readonly connectivity: 'all-to-all' | readonly (readonly [number, number])[];
  /** Duration of one cycle, for run-time estimates on hardware. */
  readonly cycleSeconds?: number;
}

export interface BackendStatus {
  readonly available: boolean;
  readonly reason?: string;
}

export interface RunOptions {
  /** 1 to 1,000,000. Default 1024. */
  readonly shots?: number;
  /** Seed for every random draw; a run with the same seed and options gives the same result. */
  readonly seed?: number;
  /** The noise model; `{ loss: 0 }` runs the ideal circuit. Default: loss 0.005. */
  readonly noise?: NoiseOptions;
  /** Keep each shot's outcome in order (`result.getMemory()`). Default false. */
  readonly memory?: boolean;
  /** Values of the circuit's free parameters. */
  readonly parameters?: Readonly<Record<string, number>>;
  readonly fusion?: FusionOptions;
  /** Threads for passes over large states. Default: the machine's cores. */
  readonly threads?: number;
  /**
   * Called as the run advances with the fraction of its work done, 0 to 1: passes over the state
   * for a sampled run, trajectories or shots for a noisy or branching one. At most every 100 ms,
   * and once with 1 when the simulation ends.
   */
  readonly onProgress?: (fraction: number) => void;
  /**
   * Simulate on a worker thread of its own (about 0.1 s to start): the event loop stays free
   * while it runs, and `job.cancel()` stops it at once by ending the thread. Default false: the
   * run simulates in this thread, which it blocks until it ends, so it can be cancelled only
   * before it starts.
   */
  readonly worker?: boolean;
}

/**
 * The states of a job, the same for a library job, the CLI and the REST API: `queued`, `running`,
 * then one of the final `completed`, `failed`, `cancelled`.
 */
export const JOB_STATUSES = ['queued', 'running', 'completed', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export interface Job {
  readonly id: string;
  readonly backend: string;
  status(): JobStatus;
  /**
   * Resolves when the run ends; rejects with the run's error, or JOB_CANCELLED once a cancelled
   * run has stopped (and its memory is free).
   */
  result(): Promise<Result>;
  /**
   * Cancels a queued job, or a running one that runs on a worker thread (`worker: true`): its
   * status is `cancelled` at once. JOB_NOT_CANCELLABLE for a job that has ended, or that runs in
   * this thread (cancel() can then be reached only from its `onProgress`).
   */
  cancel(): void;
}

export interface Backend {
  readonly name: string;
  readonly description: string;
  readonly target: Target;
  /** The memory its runs may hold, for a backend that simulates in this process. */
  readonly memoryBudget?: MemoryBudget;
  status(): BackendStatus;
  /** Rewrites a circuit for the target (native gates, connectivity). */
  transpile(circuit: Circuit): Circuit;
  estimate(circuit: Circuit, options?: RunOptions): ResourceEstimates;
  run(circuit: Circuit, options?: RunOptions): Job;
}
