OPENQASM 3.0;
include "stdgates.inc";

// Bernstein-Vazirani: one query to the oracle f(x) = secret . x (mod 2) reveals
// the whole secret string. Every shot reads the secret, 1011.
const bit[4] secret = "1011";
qubit[4] q;
qubit ancilla;
bit[4] c;

x ancilla;
h ancilla;
h q;
for int i in [0:3] {
  if (secret[i]) cx q[i], ancilla;
}
h q;
c = measure q;
