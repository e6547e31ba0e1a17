OPENQASM 3.0;
include "stdgates.inc";

// Grover search over 8 items for the marked item 101, with two iterations
// (the optimum for N = 8): it is found with probability 121/128 (about 0.945).
qubit[3] q;
bit[3] c;

// Flips the sign of |101>: X on q[1] turns the target into |111>, where a
// doubly controlled Z acts.
gate oracle a, b, target {
  x b;
  ctrl(2) @ z a, b, target;
  x b;
}

// Reflection about the uniform superposition.
gate diffuse a, b, target {
  h a; h b; h target;
  x a; x b; x target;
  ctrl(2) @ z a, b, target;
  x a; x b; x target;
  h a; h b; h target;
}

h q;
for int i in [1:2] {
  oracle q[0], q[1], q[2];
  diffuse q[0], q[1], q[2];
}
c = measure q;
