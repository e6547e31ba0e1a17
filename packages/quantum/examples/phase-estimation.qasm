OPENQASM 3.0;
include "stdgates.inc";

// Quantum phase estimation of the phase gate p(2 pi phi) on its eigenstate |1>.
// With phi = 5/16 and four counting qubits the estimate is exact: every shot reads 0101.
const int precision = 4;
const float phi = 5.0 / 16;
qubit[precision] counting;
qubit eigen;
bit[precision] c;

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

x eigen;
h counting;
for int j in [0:precision - 1] {
  ctrl @ pow(2 ** j) @ p(2 * pi * phi) counting[j], eigen;
}
iqft(counting);
c = measure counting;
