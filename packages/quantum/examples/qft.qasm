OPENQASM 3.0;
include "stdgates.inc";

// The quantum Fourier transform, undone. Each qubit j is prepared in
// (|0> + e^(2 pi i x 2^j / 16)|1>)/sqrt(2), which is the QFT of the integer value;
// the inverse QFT then turns it back into value, so every shot reads 6 (0110).
const int value = 6;
qubit[4] q;
bit[4] c;

// Inverse QFT on four qubits (qubit 0 least significant): reverse the order,
// then undo the controlled phases and Hadamards from the least significant qubit up.
def iqft(qubit[4] r) {
  swap r[0], r[3];
  swap r[1], r[2];
  for int j in [0:3] {
    for int m in [0:j - 1] {
      cp(-pi / 2 ** (j - m)) r[m], r[j];
    }
    h r[j];
  }
}

for int j in [0:3] {
  h q[j];
  p(2 * pi * value * 2 ** j / 16) q[j];
}
iqft(q);
c = measure q;
