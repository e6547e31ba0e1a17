OPENQASM 3.0;
include "stdgates.inc";

// A Bell pair: a Hadamard puts q[0] in superposition and a CNOT copies it onto q[1].
// The two qubits always agree: half the shots read 00, half 11.
qubit[2] q;
bit[2] c;

h q[0];
cx q[0], q[1];
c = measure q;
