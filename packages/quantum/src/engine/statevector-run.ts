/**
 * The final statevector of a circuit without measurements: for checks against other tools,
 * round trips through OpenQASM, and tests. Uses the same lowering, fusion and kernels as runs.
 */
import type { Circuit } from '../circuit/circuit.js';
import { lowerCircuit } from '../circuit/lower.js';
import { QuantumErrors } from '../errors.js';
import { fuse, resolveFusion, type FusionOptions } from './fusion.js';
import { StateVector } from './statevector.js';

export interface StatevectorOptions {
  readonly parameters?: Readonly<Record<string, number>>;
  readonly fusion?: FusionOptions;
  /** Starting amplitudes (interleaved re/im); default |0...0>. */
  readonly initial?: Float64Array;
  readonly chunkBits?: number;
  readonly threads?: number;
}

/** Interleaved re/im amplitudes; index bit q is qubit q. */
export function simulateStatevector(circuit: Circuit, options: StatevectorOptions = {}): Float64Array {
  const instructions = lowerCircuit(circuit, new Map(Object.entries(options.parameters ?? {})));
  const gates = instructions
    .filter((i) => i.kind !== 'barrier')
    .map((i) => {
      if (i.kind !== 'unitary' || i.condition !== undefined) {
        throw QuantumErrors.invalidCircuit({
          reason: `a statevector needs a circuit of gates only; found ${i.kind === 'unitary' ? 'a conditioned gate' : i.kind}`,
        });
      }
      return i;
    });
  const stateOptions = {
    ...(options.chunkBits === undefined ? {} : { chunkBits: options.chunkBits }),
    threads: options.threads ?? 1,
  };
  const state =
    options.initial === undefined
      ? StateVector.zero(circuit.numQubits, stateOptions)
      : StateVector.fromAmplitudes(options.initial, stateOptions);
  try {
    for (const op of fuse(gates, circuit.numQubits, resolveFusion(options.fusion)))
      state.apply(state.prepare(op));
    return state.amplitudes();
  } finally {
    state.release();
  }
}
