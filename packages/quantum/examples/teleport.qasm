OPENQASM 3.0;
include "stdgates.inc";

// Quantum teleportation: the state ry(theta)|0> on q[0] moves to q[2] through a Bell
// pair, two mid-circuit measurements and classically controlled corrections.
// `received` reads 1 with probability sin^2(theta/2), whatever the middle bits say.
const float theta = 1.2;
qubit[3] q;
bit[2] m;
bit received;

ry(theta) q[0];
h q[1];
cx q[1], q[2];

cx q[0], q[1];
h q[0];
m[0] = measure q[0];
m[1] = measure q[1];

if (m[1]) x q[2];
if (m[0]) z q[2];
received = measure q[2];
