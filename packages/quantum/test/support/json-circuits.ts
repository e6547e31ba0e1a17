/** JSON circuit documents shared by the JSON form's tests. */
import type { CircuitJson } from '../../src/circuit/json-schema.js';

/** A Bell pair with measurements, in the compact form `circuitToJson` writes. */
export const bell: CircuitJson = {
  qubits: 2,
  clbits: 2,
  operations: [
    { op: 'gate', name: 'h', qubits: [0] },
    { op: 'gate', name: 'cx', qubits: [0, 1] },
    { op: 'measure', qubits: [0, 1], clbits: [0, 1] },
  ],
};
