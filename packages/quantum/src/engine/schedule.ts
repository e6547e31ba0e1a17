/**
 * As-soon-as-possible scheduling into cycles, the time unit of the noise model.
 *
 * An instruction starts one cycle after the last instruction on any of its qubits; a measurement
 * also waits for earlier writes and reads of its classical bit, and a conditioned instruction for
 * the last write of the bits it reads. Measurement and reset take a cycle like a gate. A barrier
 * takes no cycle: it lines its qubits up at the latest of them. A bare global phase takes none.
 *
 * A qubit is live from the cycle of its first instruction to its final measurement (or, if it
 * is not measured last, to the end of the circuit); the noise model acts after each live cycle.
 */
import type { Instruction } from '../circuit/lower.js';

export interface Schedule {
  /** Cycle of each instruction (same order as the input); -1 for ones that take no cycle. */
  readonly cycles: Int32Array;
  readonly depth: number;
  /** Per qubit: the first live cycle, and the cycle after the last one (first = end when unused). */
  readonly liveFrom: Int32Array;
  readonly liveTo: Int32Array;
  /** Live (qubit, cycle) slots in all: the number of places an error can happen per shot. */
  readonly liveSlots: number;
  /** Instruction indices in execution order: by cycle, then by input order. */
  readonly order: readonly number[];
}

export function schedule(
  instructions: readonly Instruction[],
  numQubits: number,
  numClbits: number,
): Schedule {
  const qubitLast = new Int32Array(numQubits).fill(-1);
  const clbitWrite = new Int32Array(numClbits).fill(-1);
  const clbitRead = new Int32Array(numClbits).fill(-1);
  const firstUse = new Int32Array(numQubits).fill(-1);
  const lastKind = new Array<'measure' | 'other' | undefined>(numQubits).fill(undefined);
  const cycles = new Int32Array(instructions.length);
  let depth = 0;
  instructions.forEach((instr, index) => {
    if (instr.kind === 'barrier') {
      const t = Math.max(-1, ...instr.qubits.map((q) => qubitLast[q]!));
      instr.qubits.forEach((q) => (qubitLast[q] = t));
      cycles[index] = -1;
      return;
    }
    const qubits = instr.kind === 'unitary' ? instr.qubits : [instr.qubit];
    if (qubits.length === 0) {
      cycles[index] = -1;
      return;
    }
    let start = Math.max(...qubits.map((q) => qubitLast[q]!)) + 1;
    const reads = instr.condition?.clbits ?? [];
    for (const b of reads) start = Math.max(start, clbitWrite[b]! + 1);
    if (instr.kind === 'measure')
      start = Math.max(start, clbitWrite[instr.clbit]! + 1, clbitRead[instr.clbit]! + 1);
    cycles[index] = start;
    depth = Math.max(depth, start + 1);
    for (const q of qubits) {
      qubitLast[q] = start;
      if (firstUse[q] === -1) firstUse[q] = start;
      lastKind[q] = instr.kind === 'measure' ? 'measure' : 'other';
    }
    for (const b of reads) clbitRead[b] = Math.max(clbitRead[b]!, start);
    if (instr.kind === 'measure') clbitWrite[instr.clbit] = start;
  });
  const liveFrom = new Int32Array(numQubits);
  const liveTo = new Int32Array(numQubits);
  let liveSlots = 0;
  for (let q = 0; q < numQubits; q += 1) {
    if (firstUse[q] === -1) continue;
    liveFrom[q] = firstUse[q]!;
    liveTo[q] = lastKind[q] === 'measure' ? qubitLast[q]! : depth;
    liveSlots += liveTo[q]! - liveFrom[q]!;
  }
  const order = instructions
    .map((_, i) => i)
    .sort((a, b) => Math.max(cycles[a]!, 0) - Math.max(cycles[b]!, 0) || a - b);
  return { cycles, depth, liveFrom, liveTo, liveSlots, order };
}
