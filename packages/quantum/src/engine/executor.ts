/**
 * The executor: runs a lowered, scheduled program for a number of shots.
 *
 * - Terminal measurements only (no mid-circuit measurement, reset or condition): the state is
 *   simulated once and every shot is drawn from the final distribution in one sweep.
 * - Otherwise shots branch: a measurement splits the shots that share a state by their drawn
 *   outcomes, and each part continues on its own copy (or, for states over 2^20 amplitudes, each
 *   shot runs alone so memory stays at two states). Copies are made while the memory limit allows;
 *   past it, the part that would have been copied continues on the state itself and the other
 *   part rebuilds its state from the checkpoint with the recorded outcomes, drawing nothing, so the
 *   shots are the same whatever the limit.
 * - With noise, each shot's errors are drawn first and shots with the same errors share a
 *   trajectory. Errors are carried as a Pauli frame while they stay Paulis; a trajectory is only
 *   simulated from the cycle where its frame gets stuck, starting from a checkpoint of the ideal
 *   state at that cycle. Frames that reach the end become bit flips of ideally drawn shots.
 */
import type { Instruction, UnitaryInstruction } from '../circuit/lower.js';
import { PAULI_MATRICES } from '../circuit/gates.js';
import { fuse, type FusionSettings, type GateInput } from './fusion.js';
import {
  liveSlots,
  patternKey,
  sampleShotErrors,
  type ErrorEvent,
  type NoiseModel,
  type ShotErrors,
} from './noise.js';
import { ConjugationTable, flipsMeasurement, multiplyPaulis } from './pauli-frame.js';
import type { Rng } from './rng.js';
import type { Schedule } from './schedule.js';
import { checkStateMemory, StateVector, stateBytes } from './statevector.js';

export interface ExecuteSettings {
  readonly shots: number;
  readonly measureRng: Rng;
  readonly noiseRng: Rng;
  readonly noise: NoiseModel;
  readonly fusion: FusionSettings;
  readonly threads: number;
  /** States at or above this many qubits use the worker pool. */
  readonly parallelThreshold: number;
  /** Bytes the run's states may take; `stateCounts` says how many it needs and can use. */
  readonly memoryLimit: number;
  readonly chunkBits?: number;
  /**
   * The fraction of the work done, never decreasing: after each pass of an ideal terminal run, each
   * pass of a trajectory of a noisy one (the trajectories and the final ideal sweep sharing the
   * range equally), and each group of shots of a branching run.
   */
  readonly onProgress?: (fraction: number) => void;
}

export interface Program {
  readonly numQubits: number;
  readonly numClbits: number;
  readonly instructions: readonly Instruction[];
  readonly schedule: Schedule;
}

export interface Execution {
  /** Outcome of each shot, in shot order: classical bits, highest first. */
  readonly outcomes: string[];
  /** Heralded erasures per shot. */
  readonly heralds: Uint32Array;
  readonly heraldsPerQubit: number[];
  /** Passes over the state (fused gates) of the ideal program. */
  readonly passes: number;
  /** Trajectories simulated apart from the ideal one. */
  readonly trajectories: number;
  readonly peakStateBytes: number;
}

interface Group {
  readonly shots: number[];
  readonly clbits: Uint8Array;
}

/**
 * Where a group's state came from, to rebuild it without a copy: the checkpoint and step it
 * started at, its errors, and the outcome of every measurement and reset it has run since.
 */
interface Origin {
  readonly checkpoint: StateVector;
  readonly pos: number;
  readonly events: readonly ErrorEvent[];
  readonly outcomes: (0 | 1)[];
}

/** Instruction with its cycle, in execution order. */
interface Step {
  readonly instr: Instruction;
  readonly cycle: number;
  readonly index: number;
}

const CLONE_LIMIT_QUBITS = 20;

/**
 * The fewest states a run of `program` holds, and the most it can put to use: one for a circuit
 * measured only at the end, ideal or with noise that stays a Pauli frame (every gate Clifford);
 * two (a checkpoint and a trajectory or branch) otherwise; and, for a branching run that copies
 * states, one more per measurement or reset that can split its shots, at most `shots - 1`.
 */
export function stateCounts(
  program: Program,
  noise: NoiseModel,
  shots: number,
): { readonly min: number; readonly max: number } {
  const steps = dropFreshResets(timeline(program), program.numQubits);
  if (isTerminal(steps, program.numQubits)) {
    const min = noise.loss + noise.pauli > 0 && !allClifford(steps) ? 2 : 1;
    return { min, max: min };
  }
  if (program.numQubits > CLONE_LIMIT_QUBITS) return { min: 2, max: 2 };
  const splits = steps.filter((s) => s.instr.kind === 'measure' || s.instr.kind === 'reset').length;
  return { min: 2, max: 2 + Math.min(splits, shots - 1) };
}

/** True when every gate maps Paulis to Paulis, so no error frame ever needs a trajectory. */
function allClifford(steps: readonly Step[]): boolean {
  return steps.every(({ instr }) => {
    if (instr.kind !== 'unitary') return true;
    const table = new ConjugationTable(instr.matrix);
    // The images of X and Z on each argument decide it: products of Paulis are Paulis.
    return instr.qubits.every(
      (_, j) => table.conjugate(1 << (2 * j)) >= 0 && table.conjugate(3 << (2 * j)) >= 0,
    );
  });
}

export function execute(program: Program, settings: ExecuteSettings): Execution {
  const { numQubits } = program;
  const steps = timeline(program);
  const terminal = isTerminal(steps, numQubits);
  const errors = drawErrors(program, settings);
  const heralds = new Uint32Array(settings.shots);
  const heraldsPerQubit = Array<number>(numQubits).fill(0);
  errors.forEach((e, shot) => {
    heralds[shot] = e.heralds.length;
    e.heralds.forEach((q) => (heraldsPerQubit[q] = heraldsPerQubit[q]! + 1));
  });
  const runner = new Runner(program, steps, settings);
  const outcomes = terminal ? runner.runTerminal(errors) : runner.runBranching(errors);
  return {
    outcomes,
    heralds,
    heraldsPerQubit,
    passes: runner.idealPasses(),
    trajectories: runner.trajectories,
    peakStateBytes: runner.peakStates * stateBytes(numQubits),
  };
}

function timeline(program: Program): Step[] {
  return program.schedule.order
    .map((index) => ({ instr: program.instructions[index]!, cycle: program.schedule.cycles[index]!, index }))
    .filter(
      (s) =>
        s.instr.kind !== 'barrier' &&
        !(s.instr.kind === 'unitary' && s.instr.qubits.length === 0 && s.instr.condition !== undefined),
    );
}

/**
 * A reset as a qubit's first instruction is a no-op on |0>; it is dropped before execution. It
 * still makes the qubit live, so a later reset (which clears errors since) is kept.
 */
function dropFreshResets(steps: Step[], numQubits: number): Step[] {
  const touched = new Uint8Array(numQubits);
  return steps.filter(({ instr }) => {
    const fresh = instr.kind === 'reset' && instr.condition === undefined && touched[instr.qubit] === 0;
    const qubits = instr.kind === 'unitary' ? instr.qubits : instr.kind === 'barrier' ? [] : [instr.qubit];
    qubits.forEach((q) => (touched[q] = 1));
    return !fresh;
  });
}

function isTerminal(steps: readonly Step[], numQubits: number): boolean {
  const measured = new Uint8Array(numQubits);
  for (const { instr } of steps) {
    if (instr.kind === 'barrier') continue;
    if (instr.condition !== undefined || instr.kind === 'reset') return false;
    const qubits = instr.kind === 'unitary' ? instr.qubits : [instr.qubit];
    if (qubits.some((q) => measured[q] === 1)) return false;
    if (instr.kind === 'measure') measured[instr.qubit] = 1;
  }
  return true;
}

function drawErrors(program: Program, settings: ExecuteSettings): ShotErrors[] {
  const { noise } = settings;
  const out: ShotErrors[] = new Array<ShotErrors>(settings.shots);
  if (noise.loss + noise.pauli === 0) return out.fill({ events: [], heralds: [] });
  const slots = liveSlots(program.schedule);
  for (let shot = 0; shot < settings.shots; shot += 1)
    out[shot] = sampleShotErrors(noise, slots, settings.noiseRng);
  return out;
}

/** Shots grouped by the errors they suffer (in first-shot order): each group shares a trajectory. */
function groupByPattern(errors: readonly ShotErrors[]): { events: readonly ErrorEvent[]; shots: number[] }[] {
  const patterns = new Map<string, { events: readonly ErrorEvent[]; shots: number[] }>();
  errors.forEach((e, shot) => {
    const key = patternKey(e.events);
    const entry = patterns.get(key);
    if (entry === undefined) patterns.set(key, { events: e.events, shots: [shot] });
    else entry.shots.push(shot);
  });
  return [...patterns.values()];
}

const pauliGate = (qubit: number, pauli: number): GateInput => ({
  qubits: [qubit],
  matrix: PAULI_MATRICES[pauli]!,
  diagonal: pauli === 3,
});

class Runner {
  trajectories = 0;
  /** Most states held at once. */
  peakStates = 0;
  private liveStates = 0;
  /** States the memory limit allows. */
  private readonly maxStates: number;
  private readonly steps: Step[];
  private readonly tables = new Map<number, ConjugationTable>();
  private reported = 0;

  constructor(
    private readonly program: Program,
    steps: Step[],
    private readonly settings: ExecuteSettings,
  ) {
    this.steps = dropFreshResets(steps, program.numQubits);
    this.maxStates = Math.floor(settings.memoryLimit / stateBytes(program.numQubits));
  }

  idealPasses(): number {
    return fuse(this.unitariesBetween(0, Infinity, []), this.program.numQubits, this.settings.fusion).length;
  }

  // ---- terminal circuits: one sweep for every shot whose errors stay a Pauli frame ----

  runTerminal(errors: readonly ShotErrors[]): string[] {
    const { numClbits } = this.program;
    const source = new Int32Array(numClbits).fill(-1);
    for (const { instr } of this.steps) if (instr.kind === 'measure') source[instr.clbit] = instr.qubit;

    // Push each error pattern's frame as far as it goes.
    const frameShots: { shots: number[]; flips: Uint8Array | undefined }[] = [];
    const branches: { at: number; frame: Uint8Array; events: readonly ErrorEvent[]; shots: number[] }[] = [];
    for (const { events, shots } of groupByPattern(errors)) {
      if (events.length === 0) {
        frameShots.push({ shots, flips: undefined });
        continue;
      }
      const carried = this.carryFrame(events);
      if (carried.stuckAt === undefined) frameShots.push({ shots, flips: carried.frame });
      else branches.push({ at: carried.stuckAt, frame: carried.frame, events, shots });
    }
    branches.sort((a, b) => a.at - b.at);

    const statesNeeded = branches.length > 0 ? 2 : 1;
    this.checkMemory(statesNeeded);
    const outcomes = new Array<string>(this.settings.shots);
    const checkpoint = this.newState();
    try {
      let reached = 0;
      let work: StateVector | undefined;
      const units = branches.length + 1;
      for (const [i, branch] of branches.entries()) {
        this.applyGates(checkpoint, this.unitariesBetween(reached, branch.at, []));
        reached = branch.at;
        work ??= this.newState();
        work.copyFrom(checkpoint);
        const frameGates: GateInput[] = [];
        branch.frame.forEach((p, q) => p !== 0 && frameGates.push(pauliGate(q, p)));
        const later = branch.events.filter((e) => e.cycle >= branch.at);
        this.applyGates(work, [...frameGates, ...this.unitariesBetween(branch.at, Infinity, later)], {
          from: i / units,
          to: (i + 1) / units,
        });
        this.trajectories += 1;
        this.sampleInto(work, branch.shots, source, undefined, outcomes);
      }
      if (work !== undefined) this.dropState(work);
      this.applyGates(checkpoint, this.unitariesBetween(reached, Infinity, []), {
        from: branches.length / units,
        to: 1,
      });
      const allShots = frameShots.flatMap((f) => f.shots);
      const flipsOf = new Array<Uint8Array | undefined>(this.settings.shots);
      frameShots.forEach((f) => f.shots.forEach((s) => (flipsOf[s] = f.flips)));
      this.sampleInto(checkpoint, allShots, source, flipsOf, outcomes);
    } finally {
      this.dropState(checkpoint);
    }
    return outcomes;
  }

  /**
   * Carries a pattern's errors forward as a Pauli frame. Returns the frame at the end, or the
   * frame at the start of the first cycle it cannot pass, with that cycle.
   */
  private carryFrame(events: readonly ErrorEvent[]): { frame: Uint8Array; stuckAt?: number } {
    const frame = new Uint8Array(this.program.numQubits);
    let next = 0;
    let cycle = events[0]!.cycle;
    const steps = this.steps;
    let pos = steps.findIndex((s) => s.cycle > cycle);
    if (pos < 0) pos = steps.length;
    for (; next < events.length && events[next]!.cycle <= cycle; next += 1) {
      const e = events[next]!;
      frame[e.qubit] = multiplyPaulis(frame[e.qubit]!, e.pauli);
    }
    while (pos < steps.length) {
      cycle = steps[pos]!.cycle;
      const atStart = frame.slice();
      for (; pos < steps.length && steps[pos]!.cycle === cycle; pos += 1) {
        const step = steps[pos]!;
        if (step.instr.kind !== 'unitary') continue;
        if (!this.conjugate(step, frame)) return { frame: atStart, stuckAt: cycle };
      }
      for (; next < events.length && events[next]!.cycle <= cycle; next += 1) {
        const e = events[next]!;
        frame[e.qubit] = multiplyPaulis(frame[e.qubit]!, e.pauli);
      }
    }
    return { frame };
  }

  private conjugate(step: Step, frame: Uint8Array): boolean {
    const instr = step.instr as UnitaryInstruction;
    let pauli = 0;
    instr.qubits.forEach((q, j) => (pauli |= frame[q]! << (2 * j)));
    if (pauli === 0) return true;
    let table = this.tables.get(step.index);
    if (table === undefined) {
      table = new ConjugationTable(instr.matrix);
      this.tables.set(step.index, table);
    }
    const result = table.conjugate(pauli);
    if (result < 0) return false;
    instr.qubits.forEach((q, j) => (frame[q] = (result >> (2 * j)) & 3));
    return true;
  }

  /** Unitaries of cycles [from, to), with each event's Pauli after its cycle; measurements skipped. */
  private unitariesBetween(from: number, to: number, events: readonly ErrorEvent[]): GateInput[] {
    const gates: GateInput[] = [];
    let next = 0;
    for (const step of this.steps) {
      if (step.cycle < from || step.cycle >= to) continue;
      for (; next < events.length && events[next]!.cycle < step.cycle; next += 1)
        gates.push(pauliGate(events[next]!.qubit, events[next]!.pauli));
      if (step.instr.kind === 'unitary') gates.push(step.instr);
    }
    for (; next < events.length && events[next]!.cycle < to; next += 1)
      gates.push(pauliGate(events[next]!.qubit, events[next]!.pauli));
    return gates;
  }

  // ---- circuits with mid-circuit measurement, reset or conditions: shots branch ----

  runBranching(errors: readonly ShotErrors[]): string[] {
    const { numQubits, numClbits } = this.program;
    const outcomes = new Array<string>(this.settings.shots);
    const firstDynamic =
      this.steps.find((s) => s.instr.kind !== 'unitary' || s.instr.condition !== undefined)?.cycle ??
      Infinity;
    // A pattern starts from the checkpoint after its first error's cycle, or at the first dynamic step.
    const ordered = groupByPattern(errors)
      .map((p) => ({
        ...p,
        at: Math.min(firstDynamic, p.events.length === 0 ? Infinity : p.events[0]!.cycle + 1),
      }))
      .sort((a, b) => a.at - b.at);
    const cloning = numQubits <= CLONE_LIMIT_QUBITS;
    const totalGroups = cloning ? ordered.length : this.settings.shots;
    let groupsDone = 0;
    this.checkMemory(2);
    const checkpoint = this.newState();
    const work = this.newState();
    try {
      let reached = 0;
      for (const pattern of ordered) {
        // The circuit has a dynamic step, so `at` is finite.
        this.applyGates(checkpoint, this.unitariesBetween(reached, pattern.at, []));
        reached = pattern.at;
        if (pattern.events.length > 0) this.trajectories += 1;
        const groups = cloning ? [pattern.shots] : pattern.shots.map((s) => [s]);
        const found = this.steps.findIndex((s) => s.cycle >= reached);
        const startPos = found < 0 ? this.steps.length : found;
        for (const shots of groups) {
          work.copyFrom(checkpoint);
          // Every event of the pattern is at or after cycle `reached - 1`: all are still to apply.
          const origin: Origin = { checkpoint, pos: startPos, events: pattern.events, outcomes: [] };
          this.runSteps(work, startPos, { shots, clbits: new Uint8Array(numClbits) }, origin, 0, outcomes);
          groupsDone += 1;
          this.progress(groupsDone / totalGroups);
        }
      }
    } finally {
      this.dropState(checkpoint);
      this.dropState(work);
    }
    return outcomes;
  }

  /**
   * Runs steps from `pos` for one group of shots sharing a state and classical record; `origin`
   * records the group's path from its checkpoint, for rebuilding the state instead of copying it.
   */
  private runSteps(
    state: StateVector,
    pos: number,
    group: Group,
    origin: Origin,
    nextEvent: number,
    outcomes: string[],
  ): void {
    const { events } = origin;
    let pending: GateInput[] = [];
    const flush = (): void => {
      this.applyGates(state, pending);
      pending = [];
    };
    const rng = this.settings.measureRng;
    for (; pos < this.steps.length; pos += 1) {
      const { instr, cycle } = this.steps[pos]!;
      for (; nextEvent < events.length && events[nextEvent]!.cycle < cycle; nextEvent += 1) {
        pending.push(pauliGate(events[nextEvent]!.qubit, events[nextEvent]!.pauli));
      }
      if (instr.kind === 'barrier') continue;
      if (instr.condition !== undefined && !conditionHolds(instr.condition, group.clbits)) continue;
      if (instr.kind === 'unitary') {
        pending.push(instr);
        continue;
      }
      flush();
      const p1 = probabilityOfOne(state, instr.qubit);
      const ones: number[] = [];
      const zeros: number[] = [];
      for (const shot of group.shots) (rng.next() < p1 ? ones : zeros).push(shot);
      const record = (g: Group, outcome: 0 | 1): Group => {
        if (instr.kind !== 'measure') return g;
        const clbits = g.clbits.slice();
        clbits[instr.clbit] = outcome;
        return { shots: g.shots, clbits };
      };
      if (ones.length > 0 && zeros.length > 0) {
        const mark = origin.outcomes.length;
        origin.outcomes.push(1);
        const onesGroup = record({ shots: ones, clbits: group.clbits }, 1);
        if (this.liveStates < this.maxStates) {
          const other = this.newState();
          other.copyFrom(state);
          collapseTo(other, instr, 1, p1);
          this.runSteps(other, pos + 1, onesGroup, origin, nextEvent, outcomes);
          this.dropState(other);
        } else {
          // No room for a copy: the ones go on with this state, which is then rebuilt for the zeros.
          collapseTo(state, instr, 1, p1);
          this.runSteps(state, pos + 1, onesGroup, origin, nextEvent, outcomes);
          origin.outcomes.length = mark;
          this.rebuild(state, origin, pos);
        }
        origin.outcomes.length = mark;
        origin.outcomes.push(0);
        group = record({ shots: zeros, clbits: group.clbits }, 0);
        collapseTo(state, instr, 0, p1);
      } else {
        const outcome = ones.length > 0 ? 1 : 0;
        origin.outcomes.push(outcome);
        collapseTo(state, instr, outcome, p1);
        group = record(group, outcome);
      }
    }
    const text = bitString(group.clbits);
    for (const shot of group.shots) outcomes[shot] = text;
  }

  /**
   * Puts into `state` what a group's state was just before the measurement or reset at `pos`: from
   * its checkpoint through the same passes and collapses, with its recorded outcomes, drawing
   * nothing. The same operations on the same amplitudes give the same bits as the first time.
   */
  private rebuild(state: StateVector, origin: Origin, pos: number): void {
    state.copyFrom(origin.checkpoint);
    const { events } = origin;
    const clbits = new Uint8Array(this.program.numClbits);
    let pending: GateInput[] = [];
    let nextEvent = 0;
    let next = 0;
    const eventsBefore = (cycle: number): void => {
      for (; nextEvent < events.length && events[nextEvent]!.cycle < cycle; nextEvent += 1)
        pending.push(pauliGate(events[nextEvent]!.qubit, events[nextEvent]!.pauli));
    };
    for (let p = origin.pos; p < pos; p += 1) {
      const { instr, cycle } = this.steps[p]!;
      eventsBefore(cycle);
      if (instr.kind === 'barrier') continue;
      if (instr.condition !== undefined && !conditionHolds(instr.condition, clbits)) continue;
      if (instr.kind === 'unitary') {
        pending.push(instr);
        continue;
      }
      this.applyGates(state, pending);
      pending = [];
      const outcome = origin.outcomes[next]!;
      next += 1;
      collapseTo(state, instr, outcome, probabilityOfOne(state, instr.qubit));
      if (instr.kind === 'measure') clbits[instr.clbit] = outcome;
    }
    eventsBefore(this.steps[pos]!.cycle);
    this.applyGates(state, pending);
  }

  // ---- shared helpers ----

  private newState(): StateVector {
    const { numQubits } = this.program;
    const threads = numQubits >= this.settings.parallelThreshold ? this.settings.threads : 1;
    const state = StateVector.zero(numQubits, {
      threads,
      ...(this.settings.chunkBits === undefined ? {} : { chunkBits: this.settings.chunkBits }),
    });
    this.liveStates += 1;
    this.peakStates = Math.max(this.peakStates, this.liveStates);
    return state;
  }

  private dropState(state: StateVector): void {
    state.release();
    this.liveStates -= 1;
  }

  /** Applies `gates` fused; with `span`, progress moves from `span.from` to `span.to` pass by pass. */
  private applyGates(
    state: StateVector,
    gates: readonly GateInput[],
    span?: { readonly from: number; readonly to: number },
  ): void {
    const ops = fuse(gates, this.program.numQubits, this.settings.fusion);
    ops.forEach((op, k) => {
      state.apply(state.prepare(op));
      if (span !== undefined) this.progress(span.from + ((span.to - span.from) * (k + 1)) / ops.length);
    });
  }

  private progress(fraction: number): void {
    if (fraction <= this.reported) return;
    this.reported = fraction;
    this.settings.onProgress?.(fraction);
  }

  private checkMemory(states: number): void {
    checkStateMemory(this.program.numQubits, states, this.settings.memoryLimit);
  }

  /**
   * Draws `shots` basis states from `state` in one sweep: uniform numbers, sorted, matched against
   * the running sum of probabilities. Each shot's outcome reads its measured bits (after its flips).
   */
  private sampleInto(
    state: StateVector,
    shots: readonly number[],
    source: Int32Array,
    flipsOf: readonly (Uint8Array | undefined)[] | undefined,
    outcomes: string[],
  ): void {
    const count = shots.length;
    if (count === 0) return;
    const rng = this.settings.measureRng;
    const draws = new Float64Array(count);
    for (let i = 0; i < count; i += 1) draws[i] = rng.next();
    const order = Array.from({ length: count }, (_, i) => i).sort((a, b) => draws[a]! - draws[b]!);
    const picked = new Float64Array(count);
    let k = 0;
    let total = 0;
    let last = 0;
    state.forEachProbability((index, p) => {
      total += p;
      last = index;
      while (k < count && draws[order[k]!]! < total) picked[order[k++]!] = index;
    });
    while (k < count) picked[order[k++]!] = last;
    const cache = new Map<number, string>();
    for (let i = 0; i < count; i += 1) {
      const shot = shots[i]!;
      const flips = flipsOf?.[shot];
      if (flips === undefined) {
        const index = picked[i]!;
        let text = cache.get(index);
        if (text === undefined) {
          text = outcomeOf(index, source, undefined);
          cache.set(index, text);
        }
        outcomes[shot] = text;
      } else {
        outcomes[shot] = outcomeOf(picked[i]!, source, flips);
      }
    }
  }
}

function outcomeOf(index: number, source: Int32Array, flips: Uint8Array | undefined): string {
  let text = '';
  for (let b = source.length - 1; b >= 0; b -= 1) {
    const q = source[b]!;
    if (q < 0) {
      text += '0';
      continue;
    }
    let bit = Math.floor(index / 2 ** q) % 2;
    if (flips !== undefined && flipsMeasurement(flips[q]!)) bit ^= 1;
    text += bit;
  }
  return text;
}

function probabilityOfOne(state: StateVector, qubit: number): number {
  return Math.min(1, Math.max(0, state.probabilityOfOne(qubit)));
}

/** Collapses `qubit` of a measurement or reset to `outcome`; a reset that found 1 flips it back to 0. */
function collapseTo(
  state: StateVector,
  instr: Extract<Instruction, { kind: 'measure' | 'reset' }>,
  outcome: 0 | 1,
  p1: number,
): void {
  state.collapse(instr.qubit, outcome, outcome === 1 ? p1 : 1 - p1);
  if (instr.kind === 'reset' && outcome === 1) state.flip(instr.qubit);
}

function conditionHolds(
  condition: { clbits: readonly number[]; value: number },
  clbits: Uint8Array,
): boolean {
  let value = 0;
  condition.clbits.forEach((b, i) => (value += clbits[b]! * 2 ** i));
  return value === condition.value;
}

function bitString(clbits: Uint8Array): string {
  let text = '';
  for (let b = clbits.length - 1; b >= 0; b -= 1) text += clbits[b];
  return text;
}
