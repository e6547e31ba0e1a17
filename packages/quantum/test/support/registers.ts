/**
 * A circuit whose two forms of counts differ, with the keys qiskit-aer gives it: registers c0[1]
 * and c1[4] over 5 qubits, X on qubits 0, 1, 3 and 4, qubit i measured into clbit i. The same
 * circuit on qiskit-aer 0.18.2 (qiskit 2.6.1: `QuantumCircuit(q, c0, c1)`, then
 * `AerSimulator().run(qc, shots=10, seed_simulator=1).result()`) printed `get_counts()`
 * {'1101 1': 10} and `get_memory()` ['1101 1', ...]: c1 (declared last) first, then c0.
 */
import type { CircuitJson } from '../../src/circuit/json-schema.js';

export const registersJson: CircuitJson = {
  qubits: 5,
  clbits: 5,
  registers: {
    classical: [
      { name: 'c0', size: 1 },
      { name: 'c1', size: 4 },
    ],
  },
  operations: [
    ...[0, 1, 3, 4].map((q) => ({ op: 'gate' as const, name: 'x', qubits: [q] })),
    { op: 'measure', qubits: [0, 1, 2, 3, 4], clbits: [0, 1, 2, 3, 4] },
  ],
};

/** Its outcome as a plain bit string, and keyed by register as qiskit-aer keyed it. */
export const REGISTERS_PLAIN = '11011';
export const REGISTERS_QISKIT = '1101 1';
