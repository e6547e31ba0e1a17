/**
 * Lowering: custom gates (with expressions, nested, under every modifier) against the reference
 * built from the multiplied-out definition, and the shape of the instruction list.
 */
import { describe, expect, it } from 'vitest';
import { Circuit, ctrl, inv, negctrl, pow, type Modifier } from '../../src/circuit/circuit.js';
import { add, call, div, formatExpr, mul, neg, param } from '../../src/circuit/expr.js';
import {
  MAX_DENSE_GATE_QUBITS,
  composeOn,
  embed,
  lowerCircuit,
  type UnitaryInstruction,
} from '../../src/circuit/lower.js';
import { simulateStatevector } from '../../src/engine/statevector-run.js';
import {
  applyGate,
  callMatrix,
  cis,
  expand,
  fromInterleaved,
  fromRows,
  ident,
  matDiff,
  matmul,
  mulberry32,
  randomState,
  referenceGate,
  referenceStatevector,
  stateDiff,
} from '../support/dense-reference.js';
import { expectAppError } from '@lab/server-kit/testing';

const TOL = 1e-12;

/** A circuit with the test's custom gates: expressions, a global phase, nesting and modifiers inside. */
function withGates(n: number): Circuit {
  const c = new Circuit(n);
  c.defineGate('rzz', { params: ['theta'], qubits: 2 }, (g, theta) => g.cx(0, 1).rz(theta, 1).cx(0, 1));
  c.defineGate('mix', { params: ['theta', 'phi'], qubits: 2 }, (g, theta, phi) =>
    g
      .ry(mul(theta, 0.5), 0)
      .cp(add(theta, phi), 0, 1)
      .rx(call('sin', phi), 1)
      .gphase(neg(phi))
      .u3(div(theta, 3), phi, 0.2, 1),
  );
  c.defineGate('nest', { params: ['a'], qubits: 3 }, (g, a) =>
    g
      .h(2)
      .gate('mix', [2, 0], [a, mul(a, a)])
      .gate('rzz', [0, 1, 2], [add(a, -2)], { modifiers: [ctrl()] })
      .gate('mix', [1, 2], [0.3, a], { modifiers: [inv()] })
      .gate('h', [1], [], { modifiers: [pow(0.5)] })
      .gate('rzz', [1, 0], [0.4], { modifiers: [pow(2)] }),
  );
  return c;
}

const CASES: readonly (readonly Modifier[])[] = [
  [],
  [ctrl()],
  [negctrl()],
  [ctrl(2)],
  [negctrl(), ctrl()],
  [inv()],
  [pow(2)],
  [pow(-1)],
  [pow(-2)],
  [pow(0)],
  [pow(0.5)],
  [pow(-0.3)],
  [pow(1.7)],
  [ctrl(), pow(0.5)],
  [pow(0.5), ctrl()],
  [inv(), negctrl()],
  [negctrl(), inv(), pow(3)],
  [pow(0.25), inv()],
];

const label = (mods: readonly Modifier[]): string =>
  mods
    .map((m) =>
      m.kind === 'pow'
        ? `pow(${formatExpr(m.exponent)})`
        : m.kind === 'inv'
          ? 'inv'
          : `${m.kind}(${m.count})`,
    )
    .join(' @ ') || 'plain';

describe('custom gates against the reference from their expanded definition', () => {
  const n = 6;
  for (const [name, params, qubits] of [
    ['rzz', [0.9], [4, 1]],
    ['mix', [1.3, -0.6], [0, 5]],
    ['nest', [0.7], [5, 2, 0]],
  ] as const) {
    for (const mods of CASES) {
      it(`${name} under ${label(mods)}`, () => {
        const random = mulberry32(name.length * 1000 + CASES.indexOf(mods));
        const controls = mods.reduce(
          (k, m) => k + (m.kind === 'ctrl' || m.kind === 'negctrl' ? m.count : 0),
          0,
        );
        const free = [0, 1, 2, 3, 4, 5].filter((q) => !(qubits as readonly number[]).includes(q));
        const controlQubits = free.sort(() => random() - 0.5).slice(0, controls);
        const c = withGates(n).gate(name, [...controlQubits, ...qubits], params, { modifiers: mods });
        const initial = randomState(n, random);
        const expected = referenceStatevector(c, { initial });
        expect(
          stateDiff(simulateStatevector(c, { initial, fusion: { enabled: false } }), expected),
        ).toBeLessThan(TOL);
        expect(
          stateDiff(simulateStatevector(c, { initial, fusion: { threshold: 0, maxQubits: 4 } }), expected),
        ).toBeLessThan(TOL);
      });
    }
  }

  it('rzz is the matrix its definition says', () => {
    const theta = 0.8;
    const c = withGates(2);
    const m = callMatrix('rzz', [theta], [], c.gateDefinitions);
    const [a, b] = [cis(-theta / 2), cis(theta / 2)];
    const expected = fromRows([
      [a, 0, 0, 0],
      [0, b, 0, 0],
      [0, 0, b, 0],
      [0, 0, 0, a],
    ]);
    expect(matDiff(m, expected)).toBeLessThan(1e-15);
  });

  it('a global phase inside a body is relative under ctrl', () => {
    const c = new Circuit(2);
    c.defineGate('ph', { params: ['g'], qubits: 1 }, (b, g) => b.gphase(g));
    c.h(0).gate('ph', [0, 1], [Math.PI], { modifiers: [ctrl()] });
    // ctrl @ gphase(π) = z on the control
    const expected = simulateStatevector(new Circuit(2).h(0).z(0));
    expect(stateDiff(simulateStatevector(c), expected)).toBeLessThan(TOL);
  });

  it('passes circuit parameters into custom gates', () => {
    const c = withGates(3).gate('mix', [1, 2, 0], [param('t'), mul(param('t'), -1)], { modifiers: [ctrl()] });
    c.gate('rzz', [0, 1], [param('u')], { modifiers: [pow(param('k'))] });
    const parameters = { t: 0.45, u: 1.1, k: 0.5 };
    const initial = randomState(3, mulberry32(3));
    expect(
      stateDiff(
        simulateStatevector(c, { initial, parameters }),
        referenceStatevector(c, { initial, parameters }),
      ),
    ).toBeLessThan(TOL);
  });

  it('fails, naming the body operation, when a body angle is not finite for a call', () => {
    const c = new Circuit(1);
    c.defineGate('g', { params: ['t'], qubits: 1 }, (b, t) => b.h(0).rx(div(1, t), 0));
    c.gate('g', [0], [0]);
    expectAppError(
      () => simulateStatevector(c),
      'INVALID_OPERATION',
      'gate g, operation #1 rx((1 / t)) [0]',
      'parameter 0 evaluates to Infinity',
    );
    const ok = new Circuit(1);
    ok.defineGate('g', { params: ['t'], qubits: 1 }, (b, t) => b.rx(div(1, t), 0));
    ok.gate('g', [0], [2]);
    expect(stateDiff(simulateStatevector(ok), referenceStatevector(ok))).toBeLessThan(TOL);
  });
});

describe('lowering', () => {
  const names = (instructions: readonly { kind: string; name?: string }[]): string[] =>
    instructions.map((i) => i.name ?? i.kind);
  const unitaries = (c: Circuit, bindings = new Map<string, number>()): UnitaryInstruction[] =>
    lowerCircuit(c, bindings).filter((i): i is UnitaryInstruction => i.kind === 'unitary');

  it('keeps standard gates whole, modifiers applied to their matrix', () => {
    const c = new Circuit(3).h(0).gate('rx', [2, 0, 1], [0.4], { modifiers: [ctrl(), negctrl(), pow(0.5)] });
    const [h, rx] = unitaries(c);
    expect(h!.name).toBe('h');
    expect(rx!.name).toBe('ctrl @ negctrl @ pow @ rx');
    expect(rx!.qubits).toEqual([2, 0, 1]);
    const expected = callMatrix(
      'rx',
      [0.4],
      [
        { kind: 'ctrl', count: 1 },
        { kind: 'negctrl', count: 1 },
        { kind: 'pow', exponent: 0.5 },
      ],
    );
    expect(matDiff(fromInterleaved(8, rx!.matrix.data), expected)).toBeLessThan(1e-14);
  });

  it('expands custom gates into their bodies on the call’s qubits', () => {
    const c = withGates(3).gate('rzz', [2, 0], [0.5]);
    const out = unitaries(c);
    expect(names(out)).toEqual(['cx', 'rz', 'cx']);
    expect(out.map((i) => i.qubits)).toEqual([[2, 0], [0], [2, 0]]);
  });

  it('ctrl distributes over the body, controls first; inv reverses it; integer pow repeats it', () => {
    const c = withGates(4);
    c.gate('rzz', [3, 1, 2], [0.5], { modifiers: [ctrl()] });
    expect(names(unitaries(c))).toEqual(['ctrl @ cx', 'ctrl @ rz', 'ctrl @ cx']);
    expect(unitaries(c).map((i) => i.qubits)).toEqual([
      [3, 1, 2],
      [3, 2],
      [3, 1, 2],
    ]);

    const d = withGates(4);
    d.defineGate('seq', { qubits: 1 }, (g) => g.h(0).t(0).sx(0));
    d.gate('seq', [1], [], { modifiers: [inv()] });
    expect(names(unitaries(d))).toEqual(['inv @ sx', 'inv @ t', 'inv @ h']);

    const e = withGates(4);
    e.defineGate('seq', { qubits: 1 }, (g) => g.h(0).t(0));
    e.gate('seq', [0], [], { modifiers: [pow(2)] });
    expect(names(unitaries(e))).toEqual(['h', 't', 'h', 't']);
    const f = withGates(4);
    f.defineGate('seq', { qubits: 1 }, (g) => g.h(0).t(0));
    f.gate('seq', [0], [], { modifiers: [pow(-2)] });
    expect(names(unitaries(f))).toEqual(['inv @ t', 'inv @ h', 'inv @ t', 'inv @ h']);
    const z = withGates(4);
    z.defineGate('seq', { qubits: 1 }, (g) => g.h(0));
    z.gate('seq', [0], [], { modifiers: [pow(0)] });
    expect(unitaries(z)).toEqual([]);
  });

  it('a non-integer pow of a custom gate becomes one dense instruction, controls first', () => {
    const c = withGates(4).gate('rzz', [3, 2, 0], [0.5], { modifiers: [ctrl(), pow(0.5)] });
    const out = unitaries(c);
    expect(out).toHaveLength(1);
    expect(out[0]!.name).toBe('ctrl @ pow @ gate');
    expect(out[0]!.qubits).toEqual([3, 0, 2]);
  });

  it('marks diagonal instructions, including a dense pow of a diagonal body', () => {
    const c = new Circuit(2);
    c.defineGate('dz', { qubits: 2 }, (g) => g.cz(0, 1).t(1).rz(0.3, 0));
    c.rz(0.2, 0)
      .gate('t', [1], [], { modifiers: [inv()] })
      .h(1)
      .gate('dz', [0, 1], [], { modifiers: [pow(0.37)] });
    expect(unitaries(c).map((i) => i.diagonal)).toEqual([true, true, false, true]);
  });

  it('conditions every instruction a conditioned custom gate expands into', () => {
    const c = withGates(2);
    c.addClassicalRegister('c', 1);
    c.measure(0, 0).ifBits({ clbits: [0], value: 1 }, (k) => k.gate('rzz', [0, 1], [0.2]));
    const out = lowerCircuit(c);
    expect(out.map((i) => i.kind)).toEqual(['measure', 'unitary', 'unitary', 'unitary']);
    expect(out.slice(1).every((i) => i.kind === 'unitary' && i.condition?.value === 1)).toBe(true);
  });

  it('passes measure, reset and barrier through', () => {
    const c = new Circuit(2, 1).measure(1, 0).reset(0).barrier();
    expect(lowerCircuit(c)).toEqual([
      { kind: 'measure', qubit: 1, clbit: 0 },
      { kind: 'reset', qubit: 0 },
      { kind: 'barrier', qubits: [0, 1] },
    ]);
  });

  it(`refuses a non-integer pow of a custom gate wider than ${MAX_DENSE_GATE_QUBITS} qubits`, () => {
    const width = MAX_DENSE_GATE_QUBITS + 1;
    const c = new Circuit(width);
    c.defineGate('wide', { qubits: width }, (g) => {
      for (let q = 1; q < width; q += 1) g.cx(0, q);
    });
    c.gate(
      'wide',
      Array.from({ length: width }, (_, q) => q),
      [],
      { modifiers: [pow(0.5)] },
    );
    expectAppError(() => lowerCircuit(c), 'INVALID_OPERATION', `limited to ${MAX_DENSE_GATE_QUBITS} qubits`);
  });

  it('composeOn and embed build the matrix of instructions on chosen qubits', () => {
    const c = new Circuit(3).h(2).cx(2, 0).rz(0.4, 1);
    const m = composeOn(unitaries(c), [2, 0, 1]);
    const expected = [
      [referenceGate('h', []), [0]],
      [referenceGate('cx', []), [0, 1]],
      [referenceGate('rz', [0.4]), [2]],
    ] as const;
    let ref = ident(8);
    for (const [g, pos] of expected) ref = matmul(expand(g, pos, 3), ref);
    expect(matDiff(fromInterleaved(8, m.data), ref)).toBeLessThan(1e-15);
    const cx = unitaries(new Circuit(2).cx(0, 1))[0]!.matrix;
    expect(
      matDiff(fromInterleaved(8, embed(cx, [2, 0], 3).data), expand(referenceGate('cx', []), [2, 0], 3)),
    ).toBeLessThan(1e-15);
  });

  it('applies the lowered program like the reference applies the circuit', () => {
    const c = withGates(4).gate('nest', [3, 1, 0, 2], [0.3], { modifiers: [negctrl(), pow(0.5)] });
    const initial = randomState(4, mulberry32(11));
    let state = initial;
    for (const i of unitaries(c))
      state = applyGate(state, fromInterleaved(i.matrix.dim, i.matrix.data), i.qubits, 4);
    expect(stateDiff(state, referenceStatevector(c, { initial }))).toBeLessThan(TOL);
  });
});
