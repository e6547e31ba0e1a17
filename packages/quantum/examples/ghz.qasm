OPENQASM 3.0;
include "stdgates.inc";

// A five-qubit GHZ state (|00000> + |11111>)/sqrt(2), built with a loop of CNOTs.
const int n = 5;
qubit[n] q;
bit[n] c;

h q[0];
for int i in [0:n - 2] {
  cx q[i], q[i + 1];
}
c = measure q;
