OPENQASM 3.0;
include "stdgates.inc";

// Deutsch-Jozsa: one query decides whether f is constant or balanced. Here f is the
// parity of three bits (balanced), so the result is never 000; it is always 111.
qubit[3] q;
qubit ancilla;
bit[3] c;

// Phase oracle for f(x) = x0 xor x1 xor x2 on the |-> ancilla.
def oracle(qubit[3] bits, qubit out) {
  for int i in [0:2] {
    cx bits[i], out;
  }
}

x ancilla;
h ancilla;
h q;
oracle(q, ancilla);
h q;
c = measure q;
