/**
 * Pauli frames: U P U† for Pauli strings P, against a brute-force reference (find the Pauli
 * string Q with |tr(Q† U P U†)| = 2^k, if any).
 */
import { describe, expect, it } from 'vitest';
import { Circuit, ctrl } from '../../src/circuit/circuit.js';
import { STANDARD_GATES } from '../../src/circuit/gates.js';
import { lowerCircuit, type UnitaryInstruction } from '../../src/circuit/lower.js';
import { ConjugationTable, flipsMeasurement, multiplyPaulis } from '../../src/engine/pauli-frame.js';
import { adjoint, expand, ident, matmul, referenceGate, type CMat } from '../support/dense-reference.js';

const I = 0;
const X = 1;
const Y = 2;
const Z = 3;
const PAULI_NAMES = ['id', 'x', 'y', 'z'];

/** Pauli string Σ p_j 4^j on k qubits, as a matrix (argument j = bit j). */
function pauliString(pauli: number, k: number): CMat {
  let m = ident(2 ** k);
  for (let j = 0; j < k; j += 1)
    m = matmul(expand(referenceGate(PAULI_NAMES[(pauli >> (2 * j)) & 3]!, []), [j], k), m);
  return m;
}

/** The Pauli string equal to U P U† up to phase, or -1. */
function referenceConjugate(u: CMat, pauli: number): number {
  const k = Math.log2(u.n);
  const m = matmul(matmul(u, pauliString(pauli, k)), adjoint(u));
  for (let q = 0; q < 4 ** k; q += 1) {
    const p = pauliString(q, k);
    // tr(P† M)
    let re = 0;
    let im = 0;
    for (let r = 0; r < u.n; r += 1) {
      for (let c = 0; c < u.n; c += 1) {
        const pr = p.re[r * u.n + c]!;
        const pi = -p.im[r * u.n + c]!;
        re += pr * m.re[r * u.n + c]! - pi * m.im[r * u.n + c]!;
        im += pr * m.im[r * u.n + c]! + pi * m.re[r * u.n + c]!;
      }
    }
    if (Math.abs(Math.hypot(re, im) - u.n) < 1e-9) return q;
  }
  return -1;
}

const tableOf = (name: string, params: number[] = []): ConjugationTable =>
  new ConjugationTable(STANDARD_GATES.get(name)!.matrix(params));

/** Which single-qubit Pauli a 2x2 matrix is, up to phase (|tr(P† M)| = 2). */
function whichPauli(m: CMat): number {
  return [I, X, Y, Z].find((q) => {
    const p = pauliString(q, 1);
    let re = 0;
    let im = 0;
    for (let i = 0; i < 4; i += 1) {
      re += p.re[i]! * m.re[i]! + p.im[i]! * m.im[i]!;
      im += p.re[i]! * m.im[i]! - p.im[i]! * m.re[i]!;
    }
    return Math.abs(Math.hypot(re, im) - 2) < 1e-12;
  })!;
}

describe('multiplyPaulis and flipsMeasurement', () => {
  it('multiply single-qubit Paulis up to phase', () => {
    for (let a = 0; a < 4; a += 1) {
      for (let b = 0; b < 4; b += 1) {
        const product = matmul(referenceGate(PAULI_NAMES[a]!, []), referenceGate(PAULI_NAMES[b]!, []));
        expect(multiplyPaulis(a, b), `${a}·${b}`).toBe(whichPauli(product));
      }
    }
    expect(multiplyPaulis(X, Z)).toBe(Y);
    expect(multiplyPaulis(Y, Y)).toBe(I);
  });

  it('X and Y flip a Z-basis measurement; I and Z do not', () => {
    expect([I, X, Y, Z].map(flipsMeasurement)).toEqual([false, true, true, false]);
  });
});

describe('ConjugationTable on Clifford gates follows the Clifford tables', () => {
  it('h: X <-> Z, Y -> Y', () => {
    const h = tableOf('h');
    expect([I, X, Y, Z].map((p) => h.conjugate(p))).toEqual([I, Z, Y, X]);
  });

  it('s and sdg: X -> Y, Y -> X, Z -> Z', () => {
    for (const name of ['s', 'sdg'])
      expect([X, Y, Z].map((p) => tableOf(name).conjugate(p))).toEqual([Y, X, Z]);
  });

  it('cx (control = argument 0): X⊗I -> X⊗X, I⊗X -> I⊗X, I⊗Z -> Z⊗Z, Z⊗I -> Z⊗I', () => {
    const cx = tableOf('cx');
    const str = (a: number, b: number): number => a + 4 * b; // a on the control, b on the target
    expect(cx.conjugate(str(X, I))).toBe(str(X, X));
    expect(cx.conjugate(str(I, X))).toBe(str(I, X));
    expect(cx.conjugate(str(I, Z))).toBe(str(Z, Z));
    expect(cx.conjugate(str(Z, I))).toBe(str(Z, I));
    expect(cx.conjugate(str(Y, I))).toBe(str(Y, X));
  });

  it('cz: X⊗I -> X⊗Z, I⊗X -> Z⊗X, Z stays', () => {
    const cz = tableOf('cz');
    expect(cz.conjugate(X)).toBe(X + 4 * Z);
    expect(cz.conjugate(4 * X)).toBe(Z + 4 * X);
    expect(cz.conjugate(Z + 4 * Z)).toBe(Z + 4 * Z);
  });

  it('swap exchanges the two factors', () => {
    const swap = tableOf('swap');
    expect(swap.conjugate(X)).toBe(4 * X);
    expect(swap.conjugate(Y + 4 * Z)).toBe(Z + 4 * Y);
  });

  it('agrees with the brute-force reference on every Pauli string of every Clifford gate', () => {
    for (const name of ['id', 'x', 'y', 'z', 'h', 's', 'sdg', 'sx', 'cx', 'CX', 'cy', 'cz', 'swap']) {
      const table = tableOf(name);
      const u = referenceGate(name, []);
      for (let p = 0; p < u.n * u.n; p += 1)
        expect(table.conjugate(p), `${name} on ${p}`).toBe(referenceConjugate(u, p));
    }
  });
});

describe('ConjugationTable on non-Clifford gates', () => {
  it('t with X returns -1; with Z returns Z', () => {
    const t = tableOf('t');
    expect(t.conjugate(X)).toBe(-1);
    expect(t.conjugate(Y)).toBe(-1);
    expect(t.conjugate(Z)).toBe(Z);
  });

  it('rx(0.3) with Z or Y returns -1, and keeps X, with which it commutes', () => {
    const rx = tableOf('rx', [0.3]);
    expect(rx.conjugate(Z)).toBe(-1);
    expect(rx.conjugate(Y)).toBe(-1);
    expect(rx.conjugate(X)).toBe(X);
  });

  it('rz with Z returns Z (diagonal gates commute with Z strings)', () => {
    expect(tableOf('rz', [0.3]).conjugate(Z)).toBe(Z);
    expect(tableOf('rz', [0.3]).conjugate(X)).toBe(-1);
    expect(tableOf('cp', [0.7]).conjugate(Z + 4 * Z)).toBe(Z + 4 * Z);
    expect(tableOf('cp', [0.7]).conjugate(X)).toBe(-1);
  });

  it('agrees with the brute-force reference on every string of assorted gates', () => {
    for (const [name, params] of [
      ['t', []],
      ['rx', [0.3]],
      ['ry', [Math.PI]],
      ['rz', [Math.PI / 2]],
      ['u3', [0.4, 0.5, 0.6]],
      ['ch', []],
      ['crz', [1.1]],
      ['ccx', []],
      ['cswap', []],
    ] as const) {
      const table = tableOf(name, [...params]);
      const u = referenceGate(name, [...params]);
      for (let p = 0; p < u.n * u.n; p += 1)
        expect(table.conjugate(p), `${name} on ${p}`).toBe(referenceConjugate(u, p));
    }
  });

  it('answers from its cache the second time, and leaves gates wider than 5 qubits alone', () => {
    const t = tableOf('t');
    expect(t.conjugate(X)).toBe(t.conjugate(X));
    const wide = lowerCircuit(
      new Circuit(6).gate('x', [0, 1, 2, 3, 4, 5], [], { modifiers: [ctrl(5)] }),
    )[0] as UnitaryInstruction;
    const table = new ConjugationTable(wide.matrix);
    expect(table.conjugate(0)).toBe(0);
    expect(table.conjugate(4 ** 5 * Z)).toBe(-1);
  });
});
