/** The Bell pair the tests submit, as a JSON circuit and as OpenQASM 3. */
import type { CircuitJson } from '../../src/circuit/json-schema.js';

/** A Bell pair with measurements, in the compact form `circuitToJson` writes. */
export const bellJson: CircuitJson = {
  qubits: 2,
  clbits: 2,
  operations: [
    { op: 'gate', name: 'h', qubits: [0] },
    { op: 'gate', name: 'cx', qubits: [0, 1] },
    { op: 'measure', qubits: [0, 1], clbits: [0, 1] },
  ],
};

/** The same circuit as OpenQASM 3. */
export const bellQasm = `OPENQASM 3.0;
include "stdgates.inc";
qubit[2] q;
bit[2] c;
h q[0];
cx q[0], q[1];
c = measure q;
`;
