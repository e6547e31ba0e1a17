/** Small dense complex matrices: products, adjoints, controls, Hermitian eigen-decomposition and powers. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  controlled,
  dagger,
  diagonal,
  expi,
  hermitianEigen,
  identity,
  isDiagonal,
  matrix,
  maxDifference,
  multiply,
  scale,
  unitaryPower,
  zeros,
  type Matrix,
} from '../src/linalg.js';
import {
  addControl,
  adjoint,
  cmat,
  expand,
  fromInterleaved,
  ident,
  matDiff,
  matmul,
  mulberry32,
  refPower,
  refU,
  referenceGate,
  scaled,
  type CMat,
} from './support/dense-reference.js';

function toLib(m: CMat): Matrix {
  const out = zeros(m.n);
  for (let i = 0; i < m.n * m.n; i += 1) {
    out.data[2 * i] = m.re[i]!;
    out.data[2 * i + 1] = m.im[i]!;
  }
  return out;
}
const fromLib = (m: Matrix): CMat => fromInterleaved(m.dim, m.data);

/** A random unitary on `qubits` qubits: layers of random U gates and cx. */
function randomUnitary(qubits: number, random: () => number): CMat {
  let u = ident(2 ** qubits);
  for (let layer = 0; layer < 3; layer += 1) {
    for (let q = 0; q < qubits; q += 1)
      u = matmul(expand(refU(random() * 6, random() * 6, random() * 6), [q], qubits), u);
    for (let q = 0; q + 1 < qubits; q += 1)
      u = matmul(expand(referenceGate('cx', []), [q, q + 1], qubits), u);
  }
  const phase = random() * 6;
  return scaled(u, [Math.cos(phase), Math.sin(phase)]);
}

function randomMatrix(n: number, random: () => number): CMat {
  const m = cmat(n);
  for (let i = 0; i < n * n; i += 1) {
    m.re[i] = random() - 0.5;
    m.im[i] = random() - 0.5;
  }
  return m;
}

describe('basic operations', () => {
  const random = mulberry32(5);
  const a = randomMatrix(4, random);
  const b = randomMatrix(4, random);

  it('multiply, dagger and scale agree with the reference', () => {
    expect(matDiff(fromLib(multiply(toLib(a), toLib(b))), matmul(a, b))).toBeLessThan(1e-15);
    expect(matDiff(fromLib(dagger(toLib(a))), adjoint(a))).toBe(0);
    expect(matDiff(fromLib(scale(toLib(a), [0.3, -0.4])), scaled(a, [0.3, -0.4]))).toBeLessThan(1e-16);
  });

  it('builds matrices from rows, diagonals and the identity', () => {
    expect([
      ...matrix([
        [1, [0, 2]],
        [[3, -1], 4],
      ]).data,
    ]).toEqual([1, 0, 0, 2, 3, -1, 4, 0]);
    expect(() => matrix([[1, 2], [3]])).toThrow(RangeError);
    expect([
      ...diagonal([
        [1, 2],
        [3, 4],
      ]).data,
    ]).toEqual([1, 2, 0, 0, 0, 0, 3, 4]);
    expect(matDiff(fromLib(identity(8)), ident(8))).toBe(0);
    expect(expi(Math.PI / 2)[1]).toBe(1);
  });

  it('controlled puts the controls on the low bits, on |1> or |0>', () => {
    const g = randomUnitary(1, random);
    expect(matDiff(fromLib(controlled(toLib(g), [true])), addControl(g, true))).toBe(0);
    expect(matDiff(fromLib(controlled(toLib(g), [false])), addControl(g, false))).toBe(0);
    // controls [c0, c1]: c0 is bit 0 (the outer, added last in the reference)
    expect(
      matDiff(fromLib(controlled(toLib(g), [true, false])), addControl(addControl(g, false), true)),
    ).toBe(0);
  });

  it('isDiagonal is exact and maxDifference is the largest component difference', () => {
    expect(
      isDiagonal(
        diagonal([
          [1, 0],
          [0, 1],
        ]),
      ),
    ).toBe(true);
    const almost = diagonal([
      [1, 0],
      [1, 0],
    ]);
    almost.data[2] = 1e-300;
    expect(isDiagonal(almost)).toBe(false);
    expect(
      maxDifference(
        identity(2),
        diagonal([
          [1, 0],
          [1, -0.25],
        ]),
      ),
    ).toBe(0.25);
  });
});

describe('hermitianEigen', () => {
  it('diagonalises random Hermitian matrices to machine precision', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 16 }), fc.integer(), (n, seed) => {
        const r = randomMatrix(n, mulberry32(seed));
        const h = toLib(matmul(r, adjoint(r)));
        // make it Hermitian with both signs of eigenvalues
        for (let i = 0; i < n; i += 1) h.data[2 * (i * n + i)] = h.data[2 * (i * n + i)]! - 0.5;
        const { values, vectors } = hermitianEigen(h);
        const v = fromLib(vectors);
        expect(matDiff(matmul(adjoint(v), v), ident(n))).toBeLessThan(1e-12);
        const d = cmat(n);
        values.forEach((x, i) => (d.re[i * n + i] = x));
        expect(matDiff(matmul(matmul(v, d), adjoint(v)), fromLib(h))).toBeLessThan(1e-12);
      }),
      { numRuns: 60 },
    );
  });

  it('handles degenerate eigenvalues', () => {
    const h = toLib(
      matmul(
        matmul(expand(referenceGate('h', []), [0], 2), ident(4)),
        expand(referenceGate('h', []), [0], 2),
      ),
    );
    const { values } = hermitianEigen(h);
    values.forEach((x) => expect(x).toBeCloseTo(1, 14));
  });
});

describe('unitaryPower', () => {
  it('integer powers are repeated products, negative ones of the adjoint', () => {
    const random = mulberry32(9);
    const u = randomUnitary(2, random);
    for (const k of [-3, -1, 0, 1, 2, 5]) {
      expect(matDiff(fromLib(unitaryPower(toLib(u), k)), refPower(u, k)), `k = ${k}`).toBeLessThan(1e-13);
    }
    expect(matDiff(fromLib(unitaryPower(toLib(u), 0)), ident(4))).toBe(0);
  });

  it('non-integer powers match the Schur-decomposition reference on the principal branch', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3 }),
        fc.integer(),
        fc.double({ min: -3, max: 3, noNaN: true }),
        (qubits, seed, k) => {
          const u = randomUnitary(qubits, mulberry32(seed));
          const got = fromLib(unitaryPower(toLib(u), k));
          expect(matDiff(got, refPower(u, k))).toBeLessThan(1e-12);
          // U^k is unitary
          expect(matDiff(matmul(got, adjoint(got)), ident(u.n))).toBeLessThan(1e-12);
        },
      ),
      { numRuns: 80 },
    );
  });

  it('is exact to rounding for eigenvalues at -1 (principal branch: phase π) and degenerate ones', () => {
    for (const name of ['x', 'z', 'swap', 'cx', 'cz', 'ccx', 'cswap', 'y', 'h']) {
      const g = referenceGate(name, []);
      for (const k of [0.5, -0.5, 1.5, 0.25]) {
        expect(matDiff(fromLib(unitaryPower(toLib(g), k)), refPower(g, k)), `${name}^${k}`).toBeLessThan(
          1e-12,
        );
      }
    }
    // Z^(1/2) = S, not S†
    const s = fromLib(unitaryPower(toLib(referenceGate('z', [])), 0.5));
    expect(s.im[3]).toBeCloseTo(1, 15);
  });

  it('separates eigenvalues whose phases sum to 2·atan(√2 − 1/2)', () => {
    const beta = Math.atan(Math.SQRT2 - 0.5);
    for (const delta of [0, 1e-9, 1e-6, 1e-3]) {
      const u = refU(1.2, 2 * beta - 0.4 + delta, 0.4);
      const root = fromLib(unitaryPower(toLib(u), 0.5));
      expect(matDiff(matmul(root, root), u), `δ = ${delta}`).toBeLessThan(1e-13);
      expect(matDiff(root, refPower(u, 0.5))).toBeLessThan(1e-13);
    }
    // the same collision inside a two-qubit gate: U(θ, 2β - λ, λ) ⊗ an independent gate
    const two = matmul(expand(refU(0.7, 2 * beta - 1, 1), [0], 2), expand(refU(2, 0.1, 0.2), [1], 2));
    expect(matDiff(fromLib(unitaryPower(toLib(two), 0.3)), refPower(two, 0.3))).toBeLessThan(1e-12);
  });
});
