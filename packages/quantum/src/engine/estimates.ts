/**
 * Resource estimates of a circuit on a backend, computed without simulating it.
 */
import type { Instruction } from '../circuit/lower.js';
import type { NoiseModel } from './noise.js';
import type { Schedule } from './schedule.js';

export interface ResourceEstimates {
  readonly qubits: number;
  readonly clbits: number;
  /** Cycles after as-soon-as-possible scheduling. */
  readonly depth: number;
  /** Gates as they run, by name (custom gates expanded; modifiers prefixed: `ctrl @ h`). */
  readonly gateCounts: Record<string, number>;
  readonly oneQubitGates: number;
  readonly twoQubitGates: number;
  readonly multiQubitGates: number;
  /** t and tdg gates. */
  readonly tCount: number;
  readonly measurements: number;
  readonly resets: number;
  /** Passes over the state after fusion. */
  readonly fusedPasses: number;
  readonly stateBytes: number;
  /**
   * Memory the run holds at its peak: its states, threads and per-shot data, as the simulator's
   * memory budget counts it (0 on hardware).
   */
  readonly memoryBytes: number;
  /** Live (qubit, cycle) slots: where the noise model can act in one shot. */
  readonly liveQubitCycles: number;
  readonly expectedErasuresPerShot: number;
  readonly erasureFreeShotProbability: number;
  /** Expected wall time of the run, in seconds (see `timeModel`). */
  readonly estimatedSeconds: number;
  readonly timeModel: string;
}

export interface EstimateInput {
  readonly numQubits: number;
  readonly numClbits: number;
  readonly instructions: readonly Instruction[];
  readonly schedule: Schedule;
  readonly fusedPasses: number;
  readonly noise: NoiseModel;
  readonly stateBytes: number;
  readonly memoryBytes: number;
}

export function estimateResources(
  input: EstimateInput,
  seconds: { value: number; model: string },
): ResourceEstimates {
  const gateCounts: Record<string, number> = {};
  let one = 0;
  let two = 0;
  let multi = 0;
  let t = 0;
  let measurements = 0;
  let resets = 0;
  for (const instr of input.instructions) {
    if (instr.kind === 'measure') measurements += 1;
    if (instr.kind === 'reset') resets += 1;
    if (instr.kind !== 'unitary') continue;
    gateCounts[instr.name] = (gateCounts[instr.name] ?? 0) + 1;
    const width = instr.qubits.length;
    if (width === 1) one += 1;
    else if (width === 2) two += 1;
    else if (width > 2) multi += 1;
    if (instr.name === 't' || instr.name === 'tdg') t += 1;
  }
  const slots = input.schedule.liveSlots;
  return {
    qubits: input.numQubits,
    clbits: input.numClbits,
    depth: input.schedule.depth,
    gateCounts,
    oneQubitGates: one,
    twoQubitGates: two,
    multiQubitGates: multi,
    tCount: t,
    measurements,
    resets,
    fusedPasses: input.fusedPasses,
    stateBytes: input.stateBytes,
    memoryBytes: input.memoryBytes,
    liveQubitCycles: slots,
    expectedErasuresPerShot: input.noise.loss * slots,
    erasureFreeShotProbability: (1 - input.noise.loss) ** slots,
    estimatedSeconds: seconds.value,
    timeModel: seconds.model,
  };
}
