/**
 * The built-in includes. Every qelib1 gate bound to a standard gate is checked against its own
 * qelib1 body: the body is defined under another name and both are applied to random states,
 * so the mapping must agree exactly, global phase included. Every qelib1 gate is also checked
 * against a unitary written out by hand from Qiskit's current qelib1.inc, alone and under ctrl.
 */
import { describe, expect, it } from 'vitest';
import { STANDARD_GATES } from '../../src/circuit/gates.js';
import { simulateStatevector } from '../../src/engine/statevector-run.js';
import { importQasm } from '../../src/qasm/importer.js';
import { builtinGates, QELIB1_SOURCE, QELIB1_STANDARD, stdgatesGates } from '../../src/qasm/stdlib.js';
import { getBackend } from '../../src/backends/registry.js';
import {
  addControl,
  adjoint,
  cis,
  fromRows,
  matDiff,
  mulberry32,
  randomState,
  scaled,
  type C,
  type CMat,
} from '../support/dense-reference.js';
import { QELIB1_GATE_NAMES } from '../support/qelib1-gates.js';

interface Qelib1Gate {
  readonly name: string;
  readonly params: string[];
  readonly qubits: string[];
  readonly body: string;
}

const QELIB1_GATES: Qelib1Gate[] = [
  ...QELIB1_SOURCE.matchAll(/gate (\w+)(?:\(([^)]*)\))? ([^{]+)\{([^}]*)\}/g),
].map((m) => ({
  name: m[1]!,
  params: m[2] === undefined ? [] : m[2].split(',').map((p) => p.trim()),
  qubits: m[3]!.split(',').map((q) => q.trim()),
  body: m[4]!,
}));

/** The state after applying one gate call of a 2.0 program (qelib1 plus `extra`) to `initial`. */
function apply(extra: string, call: string, qubits: number, initial: Float64Array): Float64Array {
  const program = `OPENQASM 2.0;\ninclude "qelib1.inc";\n${extra}\nqreg q[${qubits}];\n${call}`;
  return simulateStatevector(importQasm(program).circuit, { initial });
}

describe('qelib1.inc', () => {
  it('has every gate of Qiskit’s qelib1.inc', () => {
    expect(QELIB1_GATES.map((g) => g.name)).toEqual(QELIB1_GATE_NAMES);
  });

  it.each(QELIB1_GATES.map((g) => [g.name, g] as const))('%s acts exactly as its qelib1 body', (_, gate) => {
    const random = mulberry32(gate.name.length * 977 + gate.body.length);
    const n = gate.qubits.length;
    const values = gate.params.map(() => (random() * 2 - 1) * Math.PI).join(', ');
    const args = gate.params.length === 0 ? '' : `(${values})`;
    const operands = gate.qubits.map((_, i) => `q[${i}]`).join(', ');
    const reference = `gate ref_${gate.name}${gate.params.length === 0 ? '' : `(${gate.params.join(',')})`} ${gate.qubits.join(',')} {${gate.body}}`;
    for (let trial = 0; trial < 2; trial += 1) {
      const initial = randomState(n, random);
      const mapped = apply('', `${gate.name}${args} ${operands};`, n, initial);
      const body = apply(reference, `ref_${gate.name}${args} ${operands};`, n, initial);
      const diff = mapped.reduce((m, v, i) => Math.max(m, Math.abs(v - body[i]!)), 0);
      expect(diff).toBeLessThan(1e-9);
    }
  });

  it('binds the exact ones to standard gates and defines the others from their bodies', () => {
    const { circuit } = importQasm('OPENQASM 2.0;\ninclude "qelib1.inc";');
    const defined = [...circuit.gateDefinitions.keys()];
    expect(defined).toEqual([
      'u0',
      'sxdg',
      'ch_custom',
      'csx',
      'rxx',
      'rzz',
      'rccx',
      'rc3x',
      'c3x',
      'c3sqrtx',
      'c4x',
    ]);
    for (const [name, binding] of QELIB1_STANDARD) {
      if (binding.kind !== 'standard') throw new Error(`${name} is not standard`);
      const lowered = binding.lower(Array.from({ length: binding.params }, () => 0.5));
      expect(STANDARD_GATES.has(lowered.name), name).toBe(true);
    }
  });
});

/**
 * What each gate of Qiskit's current qelib1.inc is, written out from its body by hand (not by
 * reading `QELIB1_SOURCE`) with the test's own dense matrices; where Qiskit's circuit library
 * has the gate, the entries are its `__array__` matrix (same bit order: argument j is bit j).
 * Where a body's global phase differs from the textbook gate, the phase is part of the reference.
 */
const PI = Math.PI;
const ctrlN = (m: CMat, n: number): CMat =>
  Array.from({ length: n }).reduce<CMat>((acc) => addControl(acc, true), m);
const diag = (...entries: C[]): CMat =>
  fromRows(entries.map((v, i) => entries.map((_, j) => (i === j ? v : 0))));
const one: C = [1, 0];
const I2 = fromRows([
  [1, 0],
  [0, 1],
]);
const X = fromRows([
  [0, 1],
  [1, 0],
]);
const Y = fromRows([
  [0, [0, -1]],
  [[0, 1], 0],
]);
const Z = diag(one, [-1, 0]);
const H = scaled(
  fromRows([
    [1, 1],
    [1, -1],
  ]),
  [Math.SQRT1_2, 0],
);
const SX = fromRows([
  [
    [0.5, 0.5],
    [0.5, -0.5],
  ],
  [
    [0.5, -0.5],
    [0.5, 0.5],
  ],
]);
/** OpenQASM's U(θ, φ, λ) (Qiskit's U3Gate): qelib1's u3, u and the base of u2. */
const U = (t: number, p: number, l: number): CMat =>
  fromRows([
    [Math.cos(t / 2), scale(cis(l), -Math.sin(t / 2))],
    [scale(cis(p), Math.sin(t / 2)), scale(cis(p + l), Math.cos(t / 2))],
  ]);
const phase = (l: number): CMat => diag(one, cis(l));
const RX = (t: number): CMat =>
  fromRows([
    [Math.cos(t / 2), [0, -Math.sin(t / 2)]],
    [[0, -Math.sin(t / 2)], Math.cos(t / 2)],
  ]);
const RY = (t: number): CMat =>
  fromRows([
    [Math.cos(t / 2), -Math.sin(t / 2)],
    [Math.sin(t / 2), Math.cos(t / 2)],
  ]);
const SWAP = fromRows([
  [1, 0, 0, 0],
  [0, 0, 1, 0],
  [0, 1, 0, 0],
  [0, 0, 0, 1],
]);
/** Qiskit's RXXGate: exp(-iθ/2 X⊗X). */
const RXX = (t: number): CMat => {
  const c = Math.cos(t / 2);
  const s: C = [0, -Math.sin(t / 2)];
  return fromRows([
    [c, 0, 0, s],
    [0, c, s, 0],
    [0, s, c, 0],
    [s, 0, 0, c],
  ]);
};
/** Qiskit's RCCXGate (the Margolus gate). */
const RCCX = fromRows([
  [1, 0, 0, 0, 0, 0, 0, 0],
  [0, 1, 0, 0, 0, 0, 0, 0],
  [0, 0, 1, 0, 0, 0, 0, 0],
  [0, 0, 0, 0, 0, 0, 0, [0, -1]],
  [0, 0, 0, 0, 1, 0, 0, 0],
  [0, 0, 0, 0, 0, -1, 0, 0],
  [0, 0, 0, 0, 0, 0, 1, 0],
  [0, 0, 0, [0, 1], 0, 0, 0, 0],
]);
/** Qiskit's RC3XGate: the identity but for 3 → i·3, 11 → -i·11, 7 → -15 and 15 → 7. */
const RC3X = ((): CMat => {
  const rows: C[][] = Array.from({ length: 16 }, (_, r) =>
    Array.from({ length: 16 }, (_, c): C => (r === c && ![3, 7, 11, 15].includes(r) ? one : [0, 0])),
  );
  rows[3]![3] = [0, 1];
  rows[11]![11] = [0, -1];
  rows[7]![15] = one;
  rows[15]![7] = [-1, 0];
  return fromRows(rows);
})();
const scale = ([re, im]: C, k: number): C => [re * k, im * k];

const REFERENCE: Readonly<Record<string, (p: readonly number[]) => CMat>> = {
  u3: (p) => U(p[0]!, p[1]!, p[2]!),
  u2: (p) => U(PI / 2, p[0]!, p[1]!),
  u1: (p) => phase(p[0]!),
  cx: () => addControl(X, true),
  id: () => I2,
  u0: () => I2,
  u: (p) => U(p[0]!, p[1]!, p[2]!),
  p: (p) => phase(p[0]!),
  x: () => X,
  y: () => Y,
  z: () => Z,
  h: () => H,
  s: () => phase(PI / 2),
  sdg: () => phase(-PI / 2),
  t: () => phase(PI / 4),
  tdg: () => phase(-PI / 4),
  rx: (p) => RX(p[0]!),
  ry: (p) => RY(p[0]!),
  rz: (p) => phase(p[0]!), // qelib1's rz is u1: e^{iφ/2} times Qiskit's RZGate
  sx: () => RX(PI / 2), // sdg; h; sdg: e^{-iπ/4} times Qiskit's SXGate
  sxdg: () => RX(-PI / 2),
  cz: () => addControl(Z, true),
  cy: () => addControl(Y, true),
  swap: () => SWAP,
  ch: () => scaled(addControl(H, true), cis(PI / 4)), // the body ends in `s a`: e^{iπ/4} ctrl-H
  ccx: () => ctrlN(X, 2),
  cswap: () => addControl(SWAP, true),
  crx: (p) => addControl(RX(p[0]!), true),
  cry: (p) => addControl(RY(p[0]!), true),
  crz: (p) => addControl(diag(cis(-p[0]! / 2), cis(p[0]! / 2)), true),
  cu1: (p) => addControl(phase(p[0]!), true),
  cp: (p) => addControl(phase(p[0]!), true),
  cu3: (p) => addControl(U(p[0]!, p[1]!, p[2]!), true),
  csx: () => addControl(SX, true),
  cu: (p) => addControl(scaled(U(p[0]!, p[1]!, p[2]!), cis(p[3]!)), true),
  rxx: (p) => scaled(RXX(p[0]!), cis(-p[0]! / 2)), // the body's u3/u2 carry e^{-iθ/2}
  rzz: (p) => diag(one, cis(p[0]!), cis(p[0]!), one),
  rccx: () => RCCX,
  rc3x: () => RC3X,
  c3x: () => ctrlN(X, 3),
  c3sqrtx: () => ctrlN(SX, 3),
  c4x: () => ctrlN(X, 4),
};

/** The library's unitary of a program that applies one gate to qubits 0..n-1, column by column. */
function unitaryOf(program: string, n: number): CMat {
  const circuit = importQasm(program).circuit;
  const dim = 2 ** n;
  const out: CMat = { n: dim, re: new Float64Array(dim * dim), im: new Float64Array(dim * dim) };
  for (let k = 0; k < dim; k += 1) {
    const initial = new Float64Array(2 * dim);
    initial[2 * k] = 1;
    const column = simulateStatevector(circuit, { initial });
    for (let r = 0; r < dim; r += 1) {
      out.re[r * dim + k] = column[2 * r]!;
      out.im[r * dim + k] = column[2 * r + 1]!;
    }
  }
  return out;
}

const operands = (n: number) => Array.from({ length: n }, (_, i) => `q[${i}]`).join(', ');

describe('qelib1’s gates against unitaries written out independently', () => {
  it('has a reference for every gate', () => {
    expect(Object.keys(REFERENCE)).toEqual(QELIB1_GATE_NAMES);
  });

  it.each(QELIB1_GATES.map((g) => [g.name, g] as const))('%s is its reference unitary', (name, gate) => {
    const random = mulberry32(name.length * 131 + gate.params.length);
    const params = gate.params.map(() => (random() * 2 - 1) * PI);
    const args = params.length === 0 ? '' : `(${params.join(', ')})`;
    const n = gate.qubits.length;
    const reference = REFERENCE[name]!(params);
    const alone = unitaryOf(
      `OPENQASM 2.0;\ninclude "qelib1.inc";\nqreg q[${n}];\n${name}${args} ${operands(n)};`,
      n,
    );
    expect(matDiff(alone, reference)).toBeLessThan(1e-9);
    // qelib1.inc in an OpenQASM 3 program may be controlled, which makes the global phase visible.
    const controlled = unitaryOf(
      `include "qelib1.inc";\nqubit[${n + 1}] q;\nctrl @ ${name}${args} ${operands(n + 1)};`,
      n + 1,
    );
    expect(matDiff(controlled, addControl(reference, true))).toBeLessThan(1e-9);
  });

  it('has c3sqrtx as Qiskit’s C3SX, not the inverse older copies of qelib1.inc defined', () => {
    const c3sqrtx = unitaryOf(`OPENQASM 2.0;\ninclude "qelib1.inc";\nqreg q[4];\nc3sqrtx ${operands(4)};`, 4);
    expect(matDiff(c3sqrtx, ctrlN(SX, 3))).toBeLessThan(1e-9);
    expect(matDiff(c3sqrtx, ctrlN(adjoint(SX), 3))).toBeGreaterThan(0.5);
  });

  it('runs Qiskit’s C3SX export as √X: three set controls, then rx(π/2), measure 1111', async () => {
    const program = [
      'OPENQASM 2.0;',
      'include "qelib1.inc";',
      'qreg q[4];',
      'creg c[4];',
      'x q[0]; x q[1]; x q[2]; c3sqrtx q[0],q[1],q[2],q[3]; rx(pi/2) q[3];',
      'measure q -> c;',
    ].join('\n');
    const job = getBackend('local_simulator').run(importQasm(program).circuit, {
      shots: 200,
      seed: 3,
      noise: { loss: 0 },
    });
    expect((await job.result()).getCounts()).toEqual({ '1111': 200 });
  });
});

describe('stdgates.inc and the built-ins', () => {
  it('binds every standard gate but U and gphase by its own name', () => {
    const gates = stdgatesGates();
    expect([...gates.keys()].sort()).toEqual(
      [...STANDARD_GATES.keys()].filter((n) => n !== 'U' && n !== 'gphase').sort(),
    );
    const cu = gates.get('cu')!;
    expect(cu.kind === 'standard' && cu.lower([1, 2, 3, 4])).toEqual({ name: 'cu', params: [1, 2, 3, 4] });
  });

  it('has U and gphase in OpenQASM 3, U and CX in 2.0', () => {
    expect([...builtinGates('3.0').keys()]).toEqual(['U', 'gphase']);
    expect([...builtinGates('2.0').keys()]).toEqual(['U', 'CX']);
  });
});
