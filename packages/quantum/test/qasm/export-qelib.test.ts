/**
 * The OpenQASM 2.0 rewrite of modifiers. Each rewrite claims the same unitary, global phase
 * included: checked by simulating the modified gate and its rewrite (in the model's own gates)
 * on a generic state and comparing amplitudes exactly (to 1e-12).
 */
import { describe, expect, it } from 'vitest';
import { Circuit, ctrl, inv, negctrl, pow, type Modifier } from '../../src/circuit/circuit.js';
import { STANDARD_GATES } from '../../src/circuit/gates.js';
import { simulateStatevector } from '../../src/engine/statevector-run.js';
import { MAX_POW_REPEAT, rewriteForQelib, type QelibCall } from '../../src/qasm/export-qelib.js';

const QUBITS = 4;
const ANGLES = [0.7, -1.3, 2.1, 0.4];

/** A fixed generic start: a U gate with different angles on every qubit, then entanglers. */
function prepared(): Circuit {
  const c = new Circuit(QUBITS);
  for (let q = 0; q < QUBITS; q += 1) c.U(0.3 + q, 1.1 * q - 0.5, 0.2 - 0.7 * q, q);
  for (let q = 0; q + 1 < QUBITS; q += 1) c.cx(q, q + 1);
  return c;
}

/** A qelib1 call as the model's gate with the same matrix. */
function appendQelib(c: Circuit, call: QelibCall): void {
  switch (call.name) {
    case 'cu3':
      c.gate('cu', call.qubits, [...call.params, 0]);
      break;
    case 'csx':
      c.gate('sx', call.qubits, [], { modifiers: [ctrl()] });
      break;
    case 'sxdg':
      c.gate('sx', call.qubits, [], { modifiers: [inv()] });
      break;
    default:
      c.gate(call.name, call.qubits, call.params);
  }
}

function expectSameState(a: Circuit, b: Circuit, what: string): void {
  const x = simulateStatevector(a);
  const y = simulateStatevector(b);
  const worst = x.reduce((m, v, i) => Math.max(m, Math.abs(v - y[i]!)), 0);
  expect(worst, what).toBeLessThan(1e-12);
}

const failWith = (reason: string): never => {
  throw new TypeError(reason);
};

/** Rewrites `modifiers @ name(params)` on qubits 0.. and checks it against the original. */
function check(name: string, modifiers: Modifier[]): QelibCall[] {
  const gate = STANDARD_GATES.get(name)!;
  const controls = modifiers.reduce(
    (n, m) => n + (m.kind === 'ctrl' || m.kind === 'negctrl' ? m.count : 0),
    0,
  );
  const qubits = Array.from({ length: gate.qubits + controls }, (_, i) => (i + 1) % QUBITS);
  const params = ANGLES.slice(0, gate.params.length);
  const calls = rewriteForQelib({ name, qubits, params, modifiers }, failWith);
  const original = prepared().gate(name, qubits, params, { modifiers });
  const rewritten = prepared();
  calls.forEach((call) => appendQelib(rewritten, call));
  expectSameState(
    original,
    rewritten,
    `${name} with ${JSON.stringify(modifiers)} -> ${JSON.stringify(calls)}`,
  );
  return calls;
}

const names = (calls: QelibCall[]) => calls.map((c) => c.name);

describe('rewriteForQelib', () => {
  it('writes the common controlled and inverted forms as single qelib1 gates', () => {
    expect(names(check('x', [ctrl()]))).toEqual(['cx']);
    expect(names(check('x', [ctrl(2)]))).toEqual(['ccx']);
    expect(names(check('x', [ctrl(), ctrl()]))).toEqual(['ccx']);
    expect(names(check('cx', [ctrl()]))).toEqual(['ccx']);
    expect(names(check('z', [ctrl()]))).toEqual(['cz']);
    expect(names(check('p', [ctrl()]))).toEqual(['cp']);
    expect(names(check('s', [ctrl()]))).toEqual(['cp']);
    expect(names(check('swap', [ctrl()]))).toEqual(['cswap']);
    expect(names(check('U', [ctrl()]))).toEqual(['cu3']);
    expect(names(check('sx', [ctrl()]))).toEqual(['csx']);
    expect(names(check('s', [inv()]))).toEqual(['sdg']);
    expect(names(check('t', [inv()]))).toEqual(['tdg']);
    expect(names(check('sx', [inv()]))).toEqual(['sxdg']);
    expect(check('rx', [inv()])).toEqual([{ name: 'rx', qubits: [1], params: [-0.7] }]);
    expect(check('rx', [pow(3)])).toEqual([{ name: 'rx', qubits: [1], params: [3 * 0.7] }]);
    expect(names(check('phase', []))).toEqual(['p']);
    expect(names(check('cphase', []))).toEqual(['cp']);
  });

  it('writes negctrl as x around the control, and integer powers as repetition', () => {
    expect(names(check('x', [negctrl()]))).toEqual(['x', 'cx', 'x']);
    expect(names(check('h', [pow(2)]))).toEqual(['h', 'h']);
    expect(names(check('s', [pow(-2)]))).toEqual(['sdg', 'sdg']);
    expect(names(check('h', [pow(0)]))).toEqual([]);
  });

  it('keeps global phases that a control makes visible', () => {
    expect(names(check('u3', [ctrl()]))).toEqual(['cu3', 'p']);
    expect(names(check('u2', [ctrl()]))).toEqual(['cu3', 'p']);
    expect(names(check('gphase', [ctrl()]))).toEqual(['p']);
    expect(names(check('gphase', [ctrl(2)]))).toEqual(['cp']);
    expect(names(check('z', [ctrl(2)]))).toEqual(['h', 'ccx', 'h']);
    expect(names(check('y', [ctrl(2)]))).toEqual(['sdg', 'ccx', 's']);
    expect(names(check('sx', [ctrl(), inv()]))).toEqual(['crx', 'p']);
    expect(names(check('sx', [inv(), ctrl()]))).toEqual(['crx', 'p']);
  });

  it('is exact for every standard gate under every modifier list it accepts', () => {
    const lists: Modifier[][] = [
      [],
      [inv()],
      [pow(2)],
      [pow(-1)],
      [ctrl()],
      [negctrl()],
      [ctrl(2)],
      [negctrl(), ctrl()],
      [inv(), ctrl()],
      [ctrl(), inv()],
      [ctrl(), pow(2)],
      [pow(2), inv()],
      [inv(), pow(-3), inv()],
    ];
    let accepted = 0;
    for (const name of STANDARD_GATES.keys()) {
      for (const modifiers of lists) {
        const controls = modifiers.reduce((n, m) => n + ('count' in m ? m.count : 0), 0);
        if (STANDARD_GATES.get(name)!.qubits + controls > QUBITS) continue;
        try {
          check(name, modifiers);
          accepted += 1;
        } catch (error) {
          expect(error, `${name} ${JSON.stringify(modifiers)}`).toBeInstanceOf(TypeError);
          expect((error as Error).message).toMatch(/has no OpenQASM 2.0 form/);
        }
      }
    }
    expect(accepted).toBeGreaterThan(300);
  });

  it('refuses what qelib1.inc cannot express, saying why', () => {
    const rewrite = (name: string, qubits: number[], params: number[], modifiers: Modifier[]) => () =>
      rewriteForQelib({ name, qubits, params, modifiers }, failWith);
    expect(rewrite('h', [0, 1, 2], [], [ctrl(2)])).toThrow('ctrl @ ch has no OpenQASM 2.0 form');
    expect(rewrite('ccx', [0, 1, 2, 3], [], [ctrl()])).toThrow('ctrl @ ccx');
    expect(rewrite('cu', [0, 1, 2], [1, 2, 3, 4], [ctrl()])).toThrow('ctrl @ cu');
    expect(rewrite('rx', [0], [1], [pow(0.5)])).toThrow('pow(0.5) is not an integer power');
    expect(rewrite('h', [0], [], [pow(MAX_POW_REPEAT + 1)])).toThrow(`at most ${MAX_POW_REPEAT}`);
    expect(rewrite('h', [0], [], [pow({ kind: 'parameter', name: 'k' })])).toThrow('depends on a parameter');
    expect(rewrite('mygate', [0, 1], [], [ctrl()])).toThrow("custom gate 'mygate' cannot be controlled");
    expect(rewrite('mygate', [0], [], [inv()])).toThrow("custom gate 'mygate' has no inverse");
  });

  it('passes custom gates through, repeating them for integer powers', () => {
    const calls = rewriteForQelib({ name: 'cu3', qubits: [0], params: [0.5], modifiers: [pow(2)] }, failWith);
    expect(calls).toEqual([
      { name: 'cu3', qubits: [0], params: [0.5], custom: true },
      { name: 'cu3', qubits: [0], params: [0.5], custom: true },
    ]);
  });
});
