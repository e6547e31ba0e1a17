/**
 * `local_simulator`: the statevector engine with the erasure noise model, in this process.
 */
import { randomUUID } from 'node:crypto';
import type { Circuit } from '../circuit/circuit.js';
import { circuitToJson } from '../circuit/json.js';
import { lowerCircuit } from '../circuit/lower.js';
import { memoryBandwidth } from '../engine/bandwidth.js';
import { estimateResources, type ResourceEstimates } from '../engine/estimates.js';
import { execute, stateCounts, type Program } from '../engine/executor.js';
import { fuse, resolveFusion } from '../engine/fusion.js';
import { resolveNoise } from '../engine/noise.js';
import { defaultThreads, startPool } from '../engine/parallel.js';
import { createRng, MAX_SEED, randomSeed } from '../engine/rng.js';
import { schedule } from '../engine/schedule.js';
import { stateBytes } from '../engine/statevector.js';
import { QuantumErrors } from '../errors.js';
import type { Backend, Job, JobStatus, RunOptions, Target } from './backend.js';
import { CLONE_BYTES, detectMemoryBudget, shotBytes, THREAD_BYTES, type MemoryBudget } from './memory.js';
import { Result } from './result.js';
import { startRunThread, type RunThread } from './run-thread.js';

export const MAX_SHOTS = 1_000_000;
export const DEFAULT_SHOTS = 1024;
/** States at or above this many qubits are swept by the worker pool. */
export const PARALLEL_THRESHOLD = 18;
/** Shortest interval between two progress reports of a run. */
export const PROGRESS_INTERVAL_MS = 100;

export interface LocalSimulatorOptions {
  /** The memory runs may hold (see memory.ts). Default: this process's, detected when constructed. */
  readonly memoryBudget?: MemoryBudget;
  /** A budget of exactly this many bytes, as `--max-memory` gives (tests, and a job's worker). */
  readonly memoryLimit?: number;
  /** Threads of a run whose options do not say. Default: the machine's cores. */
  readonly threads?: number;
  /** Each run has a thread of its own (the job service's workers), which its memory counts. */
  readonly threadPerRun?: boolean;
  /** Amplitudes per chunk as a power of two (tests use small chunks to cover the split state). */
  readonly chunkBits?: number;
}

/** What one run holds at its peak. */
export interface RunMemory {
  /** State vectors held at once: what the run needs, and copies for branching when they fit. */
  readonly states: number;
  readonly stateBytes: number;
  /** Its threads (pool workers, and its own with `threadPerRun`) and per-shot data. */
  readonly otherBytes: number;
  readonly bytes: number;
}

interface Prepared {
  readonly program: Program;
  readonly clbitRegisterSizes: readonly number[];
  readonly shots: number;
  readonly seed: number;
  readonly settings: ReturnType<typeof runSettings>;
  readonly memory: RunMemory;
  readonly onProgress: RunOptions['onProgress'];
}

function runSettings(options: RunOptions, defaultThreadCount: number) {
  const threads = options.threads ?? defaultThreadCount;
  if (!Number.isInteger(threads) || threads < 1 || threads > 64)
    invalid('threads', `must be an integer from 1 to 64, got ${threads}`);
  return {
    noise: resolveNoise(options.noise),
    fusion: resolveFusion(options.fusion),
    threads,
    memory: options.memory ?? false,
  };
}

/** Passes increasing fractions to `report` at most every `intervalMs`; `finish` reports 1. */
function throttleProgress(report: (fraction: number) => void, intervalMs: number) {
  let lastTime = -Infinity;
  let lastFraction = 0;
  const emit = (fraction: number): void => {
    lastTime = performance.now();
    lastFraction = fraction;
    report(fraction);
  };
  return {
    update: (fraction: number): void => {
      if (fraction > lastFraction && performance.now() - lastTime >= intervalMs) emit(fraction);
    },
    finish: (): void => {
      if (lastFraction < 1) emit(1);
    },
  };
}

function invalid(field: string, reason: string): never {
  throw QuantumErrors.invalidRunOptions({ field, reason }, { details: { field } });
}

export class LocalSimulator implements Backend {
  readonly name = 'local_simulator';
  readonly description = 'Statevector simulator (double precision) with heralded-erasure and Pauli noise';
  readonly target: Target;
  readonly memoryBudget: MemoryBudget;
  private readonly threads: number;
  private readonly threadPerRun: boolean;
  private readonly chunkBits: number | undefined;

  constructor(options: LocalSimulatorOptions = {}) {
    this.memoryBudget =
      options.memoryBudget ??
      (options.memoryLimit === undefined
        ? detectMemoryBudget()
        : { bytes: options.memoryLimit, source: 'setting', limitBytes: options.memoryLimit });
    this.threads = options.threads ?? defaultThreads();
    this.threadPerRun = options.threadPerRun ?? false;
    this.chunkBits = options.chunkBits;
    this.target = { maxQubits: this.maxQubits(), nativeGates: ['*'], connectivity: 'all-to-all' };
  }

  /** The most qubits of an ideal run (one state, one shot) that fit in the budget; 0 if none do. */
  private maxQubits(): number {
    let n = 0;
    while (
      n < 64 &&
      this.planMemory(n + 1, 0, 1, { min: 1, max: 1 }, this.threads).bytes <= this.memoryBudget.bytes
    )
      n += 1;
    return n;
  }

  /**
   * What a run holds: the states it needs, more for branching while they fit in the budget (up to
   * CLONE_BYTES of them), its threads and its shots.
   */
  private planMemory(
    numQubits: number,
    numClbits: number,
    shots: number,
    states: { readonly min: number; readonly max: number },
    threads: number,
  ): RunMemory {
    const bytesPerState = stateBytes(numQubits);
    const poolThreads = threads > 1 && numQubits >= PARALLEL_THRESHOLD ? threads - 1 : 0;
    const otherBytes =
      (poolThreads + (this.threadPerRun ? 1 : 0)) * THREAD_BYTES + shots * shotBytes(numClbits);
    const room = Math.floor((this.memoryBudget.bytes - otherBytes) / bytesPerState);
    const copies = Math.max(
      0,
      Math.min(states.max - states.min, Math.floor(CLONE_BYTES / bytesPerState), room - states.min),
    );
    const held = states.min + copies;
    return { states: held, stateBytes: bytesPerState, otherBytes, bytes: otherBytes + held * bytesPerState };
  }

  status() {
    return { available: true };
  }

  /** Every gate is native and every pair connected: the circuit is returned as it is. */
  transpile(circuit: Circuit): Circuit {
    return circuit;
  }

  estimate(circuit: Circuit, options: RunOptions = {}): ResourceEstimates {
    return this.estimateFor(this.prepare(circuit, options));
  }

  run(circuit: Circuit, options: RunOptions = {}): Job {
    const prepared = this.prepare(this.transpile(circuit), options);
    const id = randomUUID();
    let state: JobStatus = 'queued';
    let thread: RunThread | undefined;
    let fail!: (error: Error) => void;
    const cancelled = () => QuantumErrors.jobCancelled({ id }, { details: { id } });
    const promise = new Promise<Result>((resolve, reject) => {
      fail = reject;
      setImmediate(() => {
        if (state !== 'queued') return;
        state = 'running';
        const run = options.worker === true ? this.onThread(circuit, options, prepared) : this.here(prepared);
        if ('stop' in run) thread = run;
        run.result.then(
          (result) => {
            state = 'completed';
            resolve(result);
          },
          (error: unknown) => {
            if (state !== 'cancelled') state = 'failed';
            reject(error instanceof Error ? error : new Error(String(error)));
          },
        );
      });
    });
    // A caller that never asks for the result must not see an unhandled rejection.
    promise.catch(() => undefined);
    const cancel = (): void => {
      if (state === 'queued') {
        state = 'cancelled';
        fail(cancelled());
      } else if (state === 'running' && thread?.stop(cancelled) === true) {
        state = 'cancelled';
      } else {
        const reason =
          state === 'running' && thread === undefined
            ? 'it simulates in this thread; run with { worker: true } to cancel a running job'
            : 'it has ended';
        throw QuantumErrors.jobNotCancellable({ id, status: state }, { details: { status: state, reason } });
      }
    };
    return { id, backend: this.name, status: () => state, result: () => promise, cancel };
  }

  /** The run in this thread, where it blocks until it ends. */
  private here(prepared: Prepared): { result: Promise<Result> } {
    const { numQubits } = prepared.program;
    const threads = prepared.settings.threads;
    const pool = threads > 1 && numQubits >= PARALLEL_THRESHOLD ? startPool(threads) : Promise.resolve();
    return { result: pool.then(() => this.execute(prepared)) };
  }

  /** The run on a worker thread of its own (run-thread.ts), with this simulator's budget and threads. */
  private onThread(circuit: Circuit, options: RunOptions, prepared: Prepared): RunThread {
    const { onProgress, ...plain } = options;
    return startRunThread(
      {
        circuit: circuitToJson(circuit),
        // The seed drawn here, so the job reports the seed it ran with.
        options: { ...plain, seed: prepared.seed, worker: false },
        simulator: {
          memoryBudget: this.memoryBudget,
          threads: this.threads,
          ...(this.chunkBits === undefined ? {} : { chunkBits: this.chunkBits }),
        },
        memoryBandwidth: memoryBandwidth(),
        progress: onProgress !== undefined,
      },
      onProgress,
    );
  }

  /** Validates and compiles; refuses a run that cannot fit in the budget before anything is allocated. */
  private prepare(circuit: Circuit, options: RunOptions): Prepared {
    const shots = options.shots ?? DEFAULT_SHOTS;
    if (!Number.isInteger(shots) || shots < 1 || shots > MAX_SHOTS)
      invalid('shots', `must be an integer from 1 to ${MAX_SHOTS}, got ${shots}`);
    const seed = options.seed ?? randomSeed();
    if (!Number.isInteger(seed) || seed < 0 || seed > MAX_SEED)
      invalid('seed', `must be an integer from 0 to ${MAX_SEED}, got ${seed}`);
    const settings = runSettings(options, this.threads);
    // One state is the least any run holds: refuse what cannot fit before lowering the circuit.
    this.checkMemory(
      circuit.numQubits,
      this.planMemory(circuit.numQubits, circuit.numClbits, shots, { min: 1, max: 1 }, settings.threads),
    );
    const bindings = new Map(Object.entries(options.parameters ?? {}));
    const instructions = lowerCircuit(circuit, bindings);
    const program: Program = {
      numQubits: circuit.numQubits,
      numClbits: circuit.numClbits,
      instructions,
      schedule: schedule(instructions, circuit.numQubits, circuit.numClbits),
    };
    const memory = this.planMemory(
      program.numQubits,
      program.numClbits,
      shots,
      stateCounts(program, settings.noise, shots),
      settings.threads,
    );
    this.checkMemory(program.numQubits, memory);
    const clbitRegisterSizes = circuit.cregs.map((r) => r.size);
    return { program, clbitRegisterSizes, shots, seed, settings, memory, onProgress: options.onProgress };
  }

  private checkMemory(qubits: number, memory: RunMemory): void {
    const bytesAllowed = this.memoryBudget.bytes;
    if (memory.bytes <= bytesAllowed) return;
    const { maxQubits } = this.target;
    const { states, bytes: bytesNeeded } = memory;
    throw QuantumErrors.circuitTooLarge(
      { qubits, states, bytesNeeded, bytesAllowed, maxQubits },
      {
        details: {
          qubits,
          states,
          bytes_needed: bytesNeeded,
          bytes_allowed: bytesAllowed,
          max_qubits: maxQubits,
          budget_source: this.memoryBudget.source,
        },
      },
    );
  }

  /** Estimates; `passes` is the fused pass count when a run has already fused the circuit. */
  private estimateFor(
    { program, settings, shots, memory }: Prepared,
    passes = this.fusedPasses(program, settings),
  ): ResourceEstimates {
    const bytes = stateBytes(program.numQubits);
    const bandwidth = memoryBandwidth() * (program.numQubits >= PARALLEL_THRESHOLD ? settings.threads : 1);
    // Each pass reads and writes the state; sampling reads it once more.
    const seconds = ((2 * passes + 1) * bytes) / bandwidth + shots * 2e-7;
    return estimateResources(
      {
        ...program,
        fusedPasses: passes,
        noise: settings.noise,
        stateBytes: bytes,
        memoryBytes: memory.bytes,
      },
      {
        value: seconds,
        model:
          'ideal trajectory: (2 x passes + 1) x state bytes / measured memory bandwidth, plus 0.2 us per shot',
      },
    );
  }

  private fusedPasses(program: Program, settings: Prepared['settings']): number {
    const gates = program.instructions.filter((i) => i.kind === 'unitary');
    return fuse(gates, program.numQubits, settings.fusion).length;
  }

  private execute(prepared: Prepared): Result {
    const started = process.hrtime.bigint();
    const { program, shots, seed, settings } = prepared;
    const progress =
      prepared.onProgress === undefined
        ? undefined
        : throttleProgress(prepared.onProgress, PROGRESS_INTERVAL_MS);
    const execution = execute(program, {
      shots,
      measureRng: createRng(seed, 0),
      noiseRng: createRng(seed, 1),
      noise: settings.noise,
      fusion: settings.fusion,
      threads: settings.threads,
      parallelThreshold: PARALLEL_THRESHOLD,
      memoryLimit: prepared.memory.states * prepared.memory.stateBytes,
      ...(this.chunkBits === undefined ? {} : { chunkBits: this.chunkBits }),
      ...(progress === undefined ? {} : { onProgress: progress.update }),
    });
    progress?.finish();
    const simulated = process.hrtime.bigint();
    const counts: Record<string, number> = {};
    const countsPostselected: Record<string, number> = {};
    let erasedShots = 0;
    execution.outcomes.forEach((outcome, shot) => {
      counts[outcome] = (counts[outcome] ?? 0) + 1;
      if (execution.heralds[shot] === 0) countsPostselected[outcome] = (countsPostselected[outcome] ?? 0) + 1;
      else erasedShots += 1;
    });
    const estimates = this.estimateFor(prepared, execution.passes);
    const finished = process.hrtime.bigint();
    return new Result({
      backend: this.name,
      shots,
      seed,
      numClbits: program.numClbits,
      clbitRegisterSizes: prepared.clbitRegisterSizes,
      counts,
      countsPostselected,
      ...(settings.memory ? { memory: execution.outcomes } : {}),
      erasures: {
        shots: erasedShots,
        fraction: erasedShots / shots,
        perQubit: execution.heraldsPerQubit,
        total: execution.heraldsPerQubit.reduce((a, b) => a + b, 0),
      },
      noise: settings.noise,
      cycles: program.schedule.depth,
      fusion: { ...settings.fusion, passes: execution.passes },
      trajectories: execution.trajectories,
      estimates,
      timing: {
        totalSeconds: Number(finished - started) / 1e9,
        simulationSeconds: Number(simulated - started) / 1e9,
      },
      peakStateBytes: execution.peakStateBytes,
    });
  }
}
