/**
 * Every standard gate against an independent dense reference (matrices written from
 * stdgates.inc), alone and under ctrl, negctrl, inv and pow, on random states and random qubit
 * placements, with fusion off and on.
 */
import { describe, expect, it } from 'vitest';
import { Circuit, ctrl, inv, negctrl, pow, type Modifier } from '../../src/circuit/circuit.js';
import { PAULI_MATRICES, STANDARD_GATES, uMatrix } from '../../src/circuit/gates.js';
import { simulateStatevector } from '../../src/engine/statevector-run.js';
import {
  REFERENCE_GATES,
  adjoint,
  applyGate,
  callMatrix,
  cis,
  fromInterleaved,
  ident,
  inner,
  matDiff,
  matmul,
  mulberry32,
  randomState,
  referenceGate,
  refPower,
  scaleState,
  stateDiff,
  type Amplitudes,
  type NumericModifier,
} from '../support/dense-reference.js';

const TOL = 1e-12;
const NAMES = [...STANDARD_GATES.keys()];
const UNFUSED = { enabled: false } as const;
const FUSED = { threshold: 0, maxQubits: 4 } as const;

function seedOf(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return h;
}

const numeric = (mods: readonly Modifier[]): NumericModifier[] =>
  mods.map((m) => {
    if (m.kind !== 'pow') return m;
    if (typeof m.exponent !== 'number') throw new Error('numeric exponents only');
    return { kind: 'pow', exponent: m.exponent };
  });

/** A random placement of `width` distinct qubits out of n, in random order. */
function placement(n: number, width: number, random: () => number): number[] {
  const qubits = Array.from({ length: n }, (_, q) => q);
  for (let i = n - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [qubits[i], qubits[j]] = [qubits[j]!, qubits[i]!];
  }
  return qubits.slice(0, width);
}

function run(c: Circuit, initial: Amplitudes, fusion: typeof UNFUSED | typeof FUSED = UNFUSED): Amplitudes {
  return simulateStatevector(c, { initial, fusion });
}

/**
 * Applies `name(params)` under `modifiers` at several placements (random, plus the reversed
 * spread-out one) to random states of n qubits, and compares with the reference, unfused; then
 * a two-gate circuit fused.
 */
function checkGate(name: string, modifiers: readonly Modifier[], trials = 4, n = 5): void {
  const gate = STANDARD_GATES.get(name)!;
  const random = mulberry32(seedOf(`${name}/${JSON.stringify(modifiers)}`));
  const controls = modifiers.reduce(
    (k, m) => k + (m.kind === 'ctrl' || m.kind === 'negctrl' ? m.count : 0),
    0,
  );
  const width = gate.qubits + controls;
  const spread = Array.from(
    { length: width },
    (_, j) => n - 1 - Math.floor((j * (n - 1)) / Math.max(1, width - 1)),
  );
  for (let trial = 0; trial < trials; trial += 1) {
    const params = gate.params.map(() => (random() - 0.5) * 4 * Math.PI);
    const qubits = trial === 0 && width > 1 ? spread : placement(n, width, random);
    const initial = randomState(n, random);
    const m = callMatrix(name, params, numeric(modifiers));
    const expected = applyGate(initial, m, qubits, n);
    const c = new Circuit(n).gate(name, qubits, params, { modifiers });
    expect(stateDiff(run(c, initial), expected), `${name} on [${qubits.join(', ')}]`).toBeLessThan(TOL);
    // Fused: the same gate again on another placement, so there is something to merge.
    const other = placement(n, width, random);
    const twice = new Circuit(n)
      .gate(name, qubits, params, { modifiers })
      .gate(name, other, params, { modifiers });
    const expectedTwice = applyGate(expected, m, other, n);
    expect(stateDiff(run(twice, initial, FUSED), expectedTwice), `${name} fused`).toBeLessThan(TOL);
  }
}

describe('the dense reference', () => {
  it('covers every standard gate with the same number of qubits and parameters', () => {
    expect(new Set(Object.keys(REFERENCE_GATES))).toEqual(new Set(NAMES));
    for (const [name, gate] of STANDARD_GATES) {
      expect([gate.qubits, gate.params.length], name).toEqual(REFERENCE_GATES[name]!.slice(0, 2));
    }
  });

  it('gives the textbook matrices, and its pow agrees with the stdgates definitions', () => {
    const x = referenceGate('x', []);
    expect(matDiff(x, fromInterleaved(2, new Float64Array([0, 0, 1, 0, 1, 0, 0, 0])))).toBeLessThan(1e-15);
    // s = pow(1/2) @ z, t = pow(1/2) @ s, sx = pow(1/2) @ x
    expect(matDiff(refPower(referenceGate('z', []), 0.5), referenceGate('s', []))).toBeLessThan(1e-14);
    expect(matDiff(refPower(referenceGate('s', []), 0.5), referenceGate('t', []))).toBeLessThan(1e-14);
    expect(matDiff(refPower(x, 0.5), referenceGate('sx', []))).toBeLessThan(1e-14);
    // every reference gate is unitary
    const random = mulberry32(1);
    for (const name of NAMES) {
      const g = referenceGate(
        name,
        STANDARD_GATES.get(name)!.params.map(() => random() * 6),
      );
      expect(matDiff(matmul(g, adjoint(g)), ident(g.n)), name).toBeLessThan(1e-14);
    }
  });
});

describe('standard gate matrices', () => {
  it.each(NAMES)('%s: matrix() equals the reference and the diagonal flag holds', (name) => {
    const gate = STANDARD_GATES.get(name)!;
    const random = mulberry32(seedOf(name));
    for (let trial = 0; trial < 5; trial += 1) {
      const params = gate.params.map(() => (random() - 0.5) * 4 * Math.PI);
      const m = gate.matrix(params);
      const ref = referenceGate(name, params);
      expect(m.dim).toBe(2 ** gate.qubits);
      expect(matDiff(fromInterleaved(m.dim, m.data), ref)).toBeLessThan(1e-14);
      if (gate.diagonal) {
        for (let r = 0; r < m.dim; r += 1) {
          for (let c = 0; c < m.dim; c += 1)
            if (r !== c)
              expect(Math.hypot(m.data[2 * (r * m.dim + c)]!, m.data[2 * (r * m.dim + c) + 1]!)).toBe(0);
        }
      }
    }
  });

  it('exact gates carry no rounding noise', () => {
    const x = STANDARD_GATES.get('x')!.matrix([]).data;
    expect([...x]).toEqual([0, 0, 1, 0, 1, 0, 0, 0]);
    const cx = STANDARD_GATES.get('cx')!.matrix([]);
    // control = argument 0 = bit 0: |01> (index 1) <-> |11> (index 3)
    expect(cx.data[2 * (1 * 4 + 3)]).toBe(1);
    expect(cx.data[2 * (3 * 4 + 1)]).toBe(1);
    expect(cx.data[2 * (0 * 4 + 0)]).toBe(1);
    expect(cx.data[2 * (2 * 4 + 2)]).toBe(1);
  });

  it('PAULI_MATRICES are I, X, Y, Z', () => {
    ['id', 'x', 'y', 'z'].forEach((name, i) => {
      expect(matDiff(fromInterleaved(2, PAULI_MATRICES[i]!.data), referenceGate(name, []))).toBeLessThan(
        1e-15,
      );
    });
  });
});

describe.each(NAMES)('standard gate %s on random states', (name) => {
  it('alone, at random and reversed non-adjacent placements', () => checkGate(name, [], 6));

  it('under ctrl and negctrl, count 1 and 2', () => {
    for (const mods of [
      [ctrl()],
      [negctrl()],
      [ctrl(2)],
      [negctrl(2)],
      [ctrl(), negctrl()],
      [negctrl(), ctrl()],
    ]) {
      if (
        STANDARD_GATES.get(name)!.qubits +
          mods.reduce((k, m) => k + (m.kind === 'inv' || m.kind === 'pow' ? 0 : m.count), 0) >
        5
      )
        continue;
      checkGate(name, mods, 3);
    }
  });

  it('under inv: inv(U)·U = I, and inv equals the conjugate transpose', () => {
    checkGate(name, [inv()], 3);
    checkGate(name, [ctrl(), inv()], 2);
    checkGate(name, [inv(), negctrl()], 2);
    const gate = STANDARD_GATES.get(name)!;
    const random = mulberry32(seedOf(`inv-identity/${name}`));
    for (let trial = 0; trial < 3; trial += 1) {
      const params = gate.params.map(() => (random() - 0.5) * 4 * Math.PI);
      const qubits = placement(4, gate.qubits, random);
      const initial = randomState(4, random);
      const c = new Circuit(4).gate(name, qubits, params).gate(name, qubits, params, { modifiers: [inv()] });
      expect(stateDiff(run(c, initial), initial)).toBeLessThan(TOL);
      expect(stateDiff(run(c, initial, FUSED), initial)).toBeLessThan(TOL);
      const m = callMatrix(name, params, [{ kind: 'inv' }]);
      expect(matDiff(m, adjoint(referenceGate(name, params)))).toBeLessThan(1e-15);
    }
  });

  it('under integer pow, negative and zero included', () => {
    for (const k of [-3, -2, -1, 0, 1, 2, 3]) checkGate(name, [pow(k)], 2);
    checkGate(name, [pow(2), ctrl()], 2);
    checkGate(name, [negctrl(), pow(-2)], 2);
  });

  it('under non-integer pow, on the principal branch', () => {
    const random = mulberry32(seedOf(`pow/${name}`));
    for (let i = 0; i < 4; i += 1) {
      const k = Math.round((random() - 0.5) * 6 * 1000) / 1000 + 0.0005;
      checkGate(name, [pow(k)], 2);
    }
    checkGate(name, [pow(0.5), ctrl()], 2);
    checkGate(name, [ctrl(), pow(-0.25)], 2);
    checkGate(name, [pow(1 / 3), inv()], 2);
  });
});

describe('named relations between gates and powers', () => {
  const random = mulberry32(99);
  const n = 3;
  const same = (a: Circuit, b: Circuit): void => {
    const initial = randomState(n, random);
    expect(stateDiff(run(a, initial), run(b, initial))).toBeLessThan(TOL);
  };

  it('pow(1/2) @ x = sx, pow(1/2) @ z = s, pow(1/2) @ s = t, pow(-1/2) @ z = sdg, pow(2) @ sx = x', () => {
    same(new Circuit(n).gate('x', [1], [], { modifiers: [pow(0.5)] }), new Circuit(n).sx(1));
    same(new Circuit(n).gate('z', [2], [], { modifiers: [pow(0.5)] }), new Circuit(n).s(2));
    same(new Circuit(n).gate('s', [0], [], { modifiers: [pow(0.5)] }), new Circuit(n).t(0));
    same(new Circuit(n).gate('z', [0], [], { modifiers: [pow(-0.5)] }), new Circuit(n).sdg(0));
    same(new Circuit(n).gate('sx', [0], [], { modifiers: [pow(2)] }), new Circuit(n).x(0));
    same(new Circuit(n).gate('t', [0], [], { modifiers: [inv()] }), new Circuit(n).tdg(0));
  });

  it('takes the principal branch: pow(1/2) @ rz(3π) is rz(-π/2), not rz(3π/2)', () => {
    same(
      new Circuit(n).gate('rz', [1], [3 * Math.PI], { modifiers: [pow(0.5)] }),
      new Circuit(n).rz(-Math.PI / 2, 1),
    );
    const initial = randomState(n, random);
    const wrong = run(new Circuit(n).rz((3 * Math.PI) / 2, 1), initial);
    const got = run(new Circuit(n).gate('rz', [1], [3 * Math.PI], { modifiers: [pow(0.5)] }), initial);
    expect(stateDiff(got, wrong)).toBeGreaterThan(0.01);
  });

  it('pow(k) @ ctrl @ g equals ctrl @ pow(k) @ g', () => {
    for (const name of ['x', 'h', 'ry', 'swap', 'U']) {
      const params = STANDARD_GATES.get(name)!.params.map(() => random() * 3);
      const q = STANDARD_GATES.get(name)!.qubits;
      const qubits = [2, 0, 1].slice(0, q + 1);
      same(
        new Circuit(n).gate(name, qubits, params, { modifiers: [pow(0.37), ctrl()] }),
        new Circuit(n).gate(name, qubits, params, { modifiers: [ctrl(), pow(0.37)] }),
      );
    }
  });

  it('is accurate for a U whose eigenvalues collide under the library’s eigen-solver projection', () => {
    // φ + λ = 2·atan(√2 − 1/2) made the two eigenvalues of U indistinguishable to the solver.
    const beta = Math.atan(Math.SQRT2 - 0.5);
    for (const [theta, phi, lambda] of [
      [1, 2 * beta - 0.3, 0.3],
      [2.2, 2 * beta - 1.1 + 1e-7, 1.1],
      [0.4, 2 * beta + Math.PI, Math.PI],
    ] as const) {
      for (const k of [0.5, -0.7, 1.3]) {
        const initial = randomState(2, random);
        const c = new Circuit(2).gate('U', [1], [theta, phi, lambda], { modifiers: [pow(k)] });
        const expected = applyGate(initial, refPower(referenceGate('U', [theta, phi, lambda]), k), [1], 2);
        expect(stateDiff(run(c, initial), expected), `U(${theta}, ${phi}, ${lambda})^${k}`).toBeLessThan(TOL);
      }
    }
  });
});

describe("OpenQASM 3's U and 2.0's u3", () => {
  it('differ only by the global phase e^{-i(φ+λ)/2} when alone', () => {
    const random = mulberry32(7);
    for (let trial = 0; trial < 5; trial += 1) {
      const [theta, phi, lambda] = [random() * 6, random() * 6, random() * 6];
      const initial = randomState(2, random);
      const a = run(new Circuit(2).U(theta, phi, lambda, 1), initial);
      const b = run(new Circuit(2).u3(theta, phi, lambda, 1), initial);
      expect(stateDiff(b, scaleState(a, cis(-(phi + lambda) / 2)))).toBeLessThan(TOL);
      // so no measurement tells them apart: |<a|b>| = 1
      expect(Math.hypot(...inner(a, b))).toBeCloseTo(1, 12);
      expect(stateDiff(a, b)).toBeGreaterThan(1e-3);
    }
    // the library's own U matrix is the built-in, without phase
    const m = uMatrix(0.3, 0.2, 0.1);
    expect(matDiff(fromInterleaved(2, m.data), referenceGate('U', [0.3, 0.2, 0.1]))).toBeLessThan(1e-15);
  });

  it('differ visibly under ctrl: the global phase becomes a relative one', () => {
    const [theta, phi, lambda] = [1.1, 0.7, 0.9];
    const prepare = (c: Circuit): Circuit => c.h(0);
    const withU = prepare(new Circuit(2)).gate('U', [0, 1], [theta, phi, lambda], { modifiers: [ctrl()] });
    const withU3 = prepare(new Circuit(2)).gate('u3', [0, 1], [theta, phi, lambda], { modifiers: [ctrl()] });
    const a = simulateStatevector(withU);
    const b = simulateStatevector(withU3);
    // not equal even up to a global phase
    expect(Math.hypot(...inner(a, b))).toBeLessThan(0.99);
    const expectedU = applyGate(
      applyGate(new Float64Array([1, 0, 0, 0, 0, 0, 0, 0]), referenceGate('h', []), [0], 2),
      callMatrix('U', [theta, phi, lambda], [{ kind: 'ctrl', count: 1 }]),
      [0, 1],
      2,
    );
    expect(stateDiff(a, expectedU)).toBeLessThan(TOL);
    // and a measurement in the X basis of the control sees it
    const pPlus = (s: Amplitudes): number => {
      const after = applyGate(s, referenceGate('h', []), [0], 2);
      return after[0]! ** 2 + after[1]! ** 2 + after[4]! ** 2 + after[5]! ** 2;
    };
    expect(Math.abs(pPlus(a) - pPlus(b))).toBeGreaterThan(0.05);
  });
});
