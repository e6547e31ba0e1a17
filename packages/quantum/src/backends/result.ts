/**
 * The result of a run: counts over all shots, erasure heralds, counts post-selected on shots
 * without a herald, optional per-shot memory, estimates and timing. `toJSON()` gives the
 * snake_case record the REST API serves.
 */
import type { ResourceEstimates } from '../engine/estimates.js';
import type { NoiseModel } from '../engine/noise.js';
import type { FusionSettings } from '../engine/fusion.js';
import { QuantumErrors } from '../errors.js';

export interface ErasureSummary {
  /** Shots with at least one herald. */
  readonly shots: number;
  readonly fraction: number;
  /** Heralds per qubit over all shots. */
  readonly perQubit: readonly number[];
  readonly total: number;
}

export interface Timing {
  readonly totalSeconds: number;
  readonly simulationSeconds: number;
}

export interface ResultData {
  readonly backend: string;
  readonly shots: number;
  readonly seed: number;
  readonly numClbits: number;
  /** Sizes of the classical registers in declaration order; they add up to `numClbits`. */
  readonly clbitRegisterSizes: readonly number[];
  readonly counts: Record<string, number>;
  readonly countsPostselected: Record<string, number>;
  readonly memory?: readonly string[];
  readonly erasures: ErasureSummary;
  readonly noise: NoiseModel;
  readonly cycles: number;
  readonly fusion: FusionSettings & { readonly passes: number };
  readonly trajectories: number;
  readonly estimates: ResourceEstimates;
  readonly timing: Timing;
  readonly peakStateBytes: number;
}

export interface CountsOptions {
  /**
   * Key outcomes as Qiskit's `get_counts()` does: one group of bits per classical register, the
   * last-declared register first, each highest bit first, groups separated by a space (`'10 1101 1'`
   * for registers of 1, 4 and 2 bits). Default false: the plain bit string (`'1011011'`).
   */
  readonly registers?: boolean;
}

/**
 * `outcome` (highest classical bit first) with a space between registers, as Qiskit keys counts.
 * Registers are contiguous and in declaration order, so the last one holds the highest bits and
 * its group comes first.
 */
export function registerOutcome(outcome: string, registerSizes: readonly number[]): string {
  const groups: string[] = [];
  let end = outcome.length;
  for (const size of registerSizes) {
    groups.unshift(outcome.slice(Math.max(0, end - size), end));
    end -= size;
  }
  return groups.join(' ');
}

/** `counts` keyed by `registerOutcome`. */
export function countsByRegister(
  counts: Readonly<Record<string, number>>,
  registerSizes: readonly number[],
): Record<string, number> {
  const keyed: Record<string, number> = {};
  for (const [outcome, n] of Object.entries(counts)) keyed[registerOutcome(outcome, registerSizes)] = n;
  return keyed;
}

export class Result {
  constructor(readonly data: ResultData) {}

  /** Outcome bit strings (highest classical bit first, as OpenQASM prints) to counts. */
  getCounts(options: CountsOptions = {}): Record<string, number> {
    if (this.data.numClbits === 0) throw QuantumErrors.noMeasurements();
    return this.keyed(this.data.counts, options);
  }

  /** Counts over the shots with no erasure herald. */
  getCountsPostselected(options: CountsOptions = {}): Record<string, number> {
    if (this.data.numClbits === 0) throw QuantumErrors.noMeasurements();
    return this.keyed(this.data.countsPostselected, options);
  }

  private keyed(counts: Record<string, number>, { registers = false }: CountsOptions) {
    return registers ? countsByRegister(counts, this.data.clbitRegisterSizes) : counts;
  }

  /** Each shot's outcome in order; needs `memory: true` in the run options. */
  getMemory(): readonly string[] {
    if (this.data.memory === undefined) {
      throw QuantumErrors.invalidRunOptions(
        { field: 'memory', reason: 'was not requested: run with { memory: true }' },
        { details: { field: 'memory' } },
      );
    }
    return this.data.memory;
  }

  get erasures(): ErasureSummary {
    return this.data.erasures;
  }
  get estimates(): ResourceEstimates {
    return this.data.estimates;
  }
  get timing(): Timing {
    return this.data.timing;
  }

  toJSON(): Record<string, unknown> {
    const d = this.data;
    return {
      backend: d.backend,
      shots: d.shots,
      seed: d.seed,
      counts: d.counts,
      counts_by_register: countsByRegister(d.counts, d.clbitRegisterSizes),
      counts_postselected: d.countsPostselected,
      ...(d.memory === undefined ? {} : { memory: d.memory }),
      erasures: {
        shots: d.erasures.shots,
        fraction: d.erasures.fraction,
        per_qubit: d.erasures.perQubit,
        total: d.erasures.total,
      },
      noise: { loss: d.noise.loss, pauli: d.noise.pauli, erasure_fraction: d.noise.erasureFraction },
      cycles: d.cycles,
      fusion: {
        enabled: d.fusion.enabled,
        max_qubits: d.fusion.maxQubits,
        threshold: d.fusion.threshold,
        passes: d.fusion.passes,
      },
      trajectories: d.trajectories,
      estimates: estimatesToJSON(d.estimates),
      timing: { total_seconds: d.timing.totalSeconds, simulation_seconds: d.timing.simulationSeconds },
      peak_state_bytes: d.peakStateBytes,
    };
  }
}

/** The snake_case record of `e`, as results and `POST /estimates` serve it. */
export function estimatesToJSON(e: ResourceEstimates): Record<string, unknown> {
  return {
    qubits: e.qubits,
    clbits: e.clbits,
    depth: e.depth,
    gate_counts: e.gateCounts,
    one_qubit_gates: e.oneQubitGates,
    two_qubit_gates: e.twoQubitGates,
    multi_qubit_gates: e.multiQubitGates,
    t_count: e.tCount,
    measurements: e.measurements,
    resets: e.resets,
    fused_passes: e.fusedPasses,
    state_bytes: e.stateBytes,
    memory_bytes: e.memoryBytes,
    live_qubit_cycles: e.liveQubitCycles,
    expected_erasures_per_shot: e.expectedErasuresPerShot,
    erasure_free_shot_probability: e.erasureFreeShotProbability,
    estimated_seconds: e.estimatedSeconds,
    time_model: e.timeModel,
  };
}
