/**
 * The circuit model: registers, operations as recorded, conditions, copies, and every way of
 * using it wrongly, which must fail where the circuit is built with an AppError naming the
 * operation and the reason.
 */
import { AppError } from '@lab/server-kit/errors';
import { describe, expect, it } from 'vitest';
import { getBackend } from '../../src/backends/registry.js';
import {
  Circuit,
  ctrl,
  describeGate,
  gateParameters,
  inv,
  negctrl,
  pow,
  sameCondition,
} from '../../src/circuit/circuit.js';
import { add, call, div, mul, param } from '../../src/circuit/expr.js';
import { simulateStatevector } from '../../src/engine/statevector-run.js';
import { expectAppError } from '@lab/server-kit/testing';

const INVALID = 'INVALID_OPERATION';

describe('building circuits', () => {
  it('numbers qubits and classical bits across registers', () => {
    const c = new Circuit(2, 1);
    const anc = c.addQuantumRegister('anc', 3);
    const flags = c.addClassicalRegister('flags', 2);
    expect(anc).toEqual({ name: 'anc', start: 2, size: 3 });
    expect(flags).toEqual({ name: 'flags', start: 1, size: 2 });
    expect(c.numQubits).toBe(5);
    expect(c.numClbits).toBe(3);
    expect(c.qregs.map((r) => r.name)).toEqual(['q', 'anc']);
    expect(c.cregs.map((r) => r.name)).toEqual(['c', 'flags']);
    expect(new Circuit().numQubits).toBe(0);
    expect(new Circuit(3).cregs).toEqual([]);
  });

  it('records gates with their controls first and modifiers outermost first', () => {
    const c = new Circuit(3).h(0).gate('rx', [2, 0, 1], [0.5], { modifiers: [ctrl(), negctrl(), pow(0.5)] });
    expect(c.operations).toEqual([
      { kind: 'gate', name: 'h', qubits: [0], params: [], modifiers: [] },
      {
        kind: 'gate',
        name: 'rx',
        qubits: [2, 0, 1],
        params: [0.5],
        modifiers: [
          { kind: 'ctrl', count: 1 },
          { kind: 'negctrl', count: 1 },
          { kind: 'pow', exponent: 0.5 },
        ],
      },
    ]);
  });

  it('keeps its own copies of the arrays it was given', () => {
    const qubits = [0, 1];
    const c = new Circuit(2).gate('cx', qubits);
    qubits[0] = 1;
    expect(c.operations[0]).toMatchObject({ qubits: [0, 1] });
  });

  it('measureAll adds a meas register, a barrier and one measurement per qubit', () => {
    const c = new Circuit(3, 1).h(0).measureAll();
    expect(c.cregs).toEqual([
      { name: 'c', start: 0, size: 1 },
      { name: 'meas', start: 1, size: 3 },
    ]);
    expect(c.operations.slice(1)).toEqual([
      { kind: 'barrier', qubits: [0, 1, 2] },
      { kind: 'measure', qubit: 0, clbit: 1 },
      { kind: 'measure', qubit: 1, clbit: 2 },
      { kind: 'measure', qubit: 2, clbit: 3 },
    ]);
  });

  it('measure pairs arrays up; reset and barrier are recorded', () => {
    const c = new Circuit(3, 3).measure([2, 0], [0, 1]).reset(1).barrier(0, 2).barrier();
    expect(c.operations).toEqual([
      { kind: 'measure', qubit: 2, clbit: 0 },
      { kind: 'measure', qubit: 0, clbit: 1 },
      { kind: 'reset', qubit: 1 },
      { kind: 'barrier', qubits: [0, 2] },
      { kind: 'barrier', qubits: [0, 1, 2] },
    ]);
  });

  it('ifBits conditions gates, measurements and resets inside it, and nothing after it', () => {
    const c = new Circuit(2, 2).measure(0, 0);
    c.ifBits({ clbits: [0, 1], value: 2 }, (k) => k.x(1).measure(1, 1).reset(0).barrier());
    c.h(0);
    const condition = { clbits: [0, 1], value: 2 };
    expect(c.operations.slice(1)).toEqual([
      { kind: 'gate', name: 'x', qubits: [1], params: [], modifiers: [], condition },
      { kind: 'measure', qubit: 1, clbit: 1, condition },
      { kind: 'reset', qubit: 0, condition },
      { kind: 'barrier', qubits: [0, 1] },
      { kind: 'gate', name: 'h', qubits: [0], params: [], modifiers: [] },
    ]);
    // a condition passed as a gate option
    c.gate('x', [0], [], { condition: { clbits: [1], value: 1 } });
    expect(c.operations.at(-1)).toMatchObject({ condition: { clbits: [1], value: 1 } });
  });

  it('ifBits clears its condition even when the body throws', () => {
    const c = new Circuit(2, 1);
    expect(() => c.ifBits({ clbits: [0], value: 1 }, (k) => k.x(7))).toThrow(AppError);
    c.x(0);
    expect(c.operations).toEqual([{ kind: 'gate', name: 'x', qubits: [0], params: [], modifiers: [] }]);
  });

  it('lists free parameters, sorted, from gate parameters and pow exponents', () => {
    const c = new Circuit(2)
      .rx(param('theta'), 0)
      .gate('x', [1], [], { modifiers: [pow(param('k'))] })
      .rz(add(param('a'), mul(param('theta'), 2)), 1);
    expect(c.parameters).toEqual(['a', 'k', 'theta']);
  });

  it('copy is independent of the original', () => {
    const c = new Circuit(2, 1, { name: 'orig' });
    c.defineGate('g', { qubits: 1 }, (g) => g.h(0));
    c.h(0);
    const d = c.copy();
    d.x(1).gate('g', [0]);
    d.addQuantumRegister('extra', 1);
    expect(c.operations).toHaveLength(1);
    expect(c.numQubits).toBe(2);
    expect(d.operations).toHaveLength(3);
    expect(d.name).toBe('orig');
    expect(d.gateDefinitions.has('g')).toBe(true);
    expect(d.numQubits).toBe(3);
  });

  it('defines custom gates with symbolic parameters', () => {
    const c = new Circuit(2);
    c.defineGate('rzz', { params: ['theta'], qubits: 2 }, (g, theta) => g.cx(0, 1).rz(theta, 1).cx(0, 1));
    const def = c.gateDefinitions.get('rzz')!;
    expect(def.params).toEqual(['theta']);
    expect(def.qubits).toBe(2);
    expect(def.body.map((op) => op.name)).toEqual(['cx', 'rz', 'cx']);
    expect(def.body[1]!.params).toEqual([{ kind: 'parameter', name: 'theta' }]);
    c.gate('rzz', [1, 0], [0.3]);
    expect(c.operations[0]).toMatchObject({ name: 'rzz', qubits: [1, 0], params: [0.3] });
  });

  it('describes gates the way error messages show them', () => {
    expect(describeGate('rx', [0, 1, 2], [0.5], [ctrl(2), pow(0.5)])).toBe(
      'ctrl(2) @ pow(0.5) @ rx(0.5) [0, 1, 2]',
    );
    expect(describeGate('x', [1, 0], [], [negctrl(), inv()])).toBe('negctrl @ inv @ x [1, 0]');
    expect(describeGate('rz', [0], [mul(param('t'), 0.5)], [])).toBe('rz((t * 0.5)) [0]');
  });
});

describe('invalid use fails with INVALID_OPERATION naming the operation and the reason', () => {
  it('a qubit out of range', () => {
    const error = expectAppError(
      () => new Circuit(2).h(2),
      INVALID,
      'operation #0 h [2]',
      'qubit 2 is out of range (the qubits are 0..1)',
    );
    expect(error.details).toEqual({
      operation: 'operation #0 h [2]',
      reason: 'qubit 2 is out of range (the qubits are 0..1)',
    });
    expect(error.kind).toBe('invalid');
    expectAppError(() => new Circuit(1).x(1), INVALID, 'the only qubit is 0');
    expectAppError(
      () => new Circuit(3).h(0).h(1).cx(0, -1),
      INVALID,
      'operation #2 cx [0, -1]',
      'qubit -1 is out of range',
    );
    expectAppError(() => new Circuit(3).h(0.5), INVALID, 'qubit 0.5 is out of range');
    expectAppError(() => new Circuit(0).h(0), INVALID, 'qubit 0 is out of range');
  });

  it('the same qubit twice', () => {
    expectAppError(() => new Circuit(3).cx(1, 1), INVALID, 'cx [1, 1]', 'qubit 1 is used twice');
    expectAppError(() => new Circuit(3).ccx(0, 2, 0), INVALID, 'qubit 0 is used twice');
    expectAppError(
      () => new Circuit(3).gate('x', [2, 2], [], { modifiers: [ctrl()] }),
      INVALID,
      'ctrl @ x [2, 2]',
      'qubit 2 is used twice',
    );
    expectAppError(() => new Circuit(3).barrier(1, 1), INVALID, 'barrier', 'qubit 1 is used twice');
  });

  it('a non-finite angle or exponent', () => {
    expectAppError(
      () => new Circuit(1).rx(NaN, 0),
      INVALID,
      'rx(NaN) [0]',
      'parameter θ must be a finite number, got NaN',
    );
    expectAppError(
      () => new Circuit(1).rz(Infinity, 0),
      INVALID,
      'parameter λ must be a finite number, got Infinity',
    );
    expectAppError(
      () => new Circuit(2).cu(0, 0, 0, -Infinity, 0, 1),
      INVALID,
      'parameter γ must be a finite number, got -Infinity',
    );
    expectAppError(
      () => new Circuit(1).gate('x', [0], [], { modifiers: [pow(NaN)] }),
      INVALID,
      'pow exponent must be a finite number, got NaN',
    );
  });

  it('a non-finite value found when parameters are bound', () => {
    const c = new Circuit(1).rx(div(1, param('t')), 0);
    expectAppError(
      () => simulateStatevector(c, { parameters: { t: 0 } }),
      INVALID,
      'operation #0 rx((1 / t)) [0]',
      'parameter 0 evaluates to Infinity',
    );
    const log = new Circuit(1).ry(call('log', param('t')), 0);
    expectAppError(() => simulateStatevector(log, { parameters: { t: -1 } }), INVALID, 'evaluates to NaN');
    const exponent = new Circuit(1).gate('x', [0], [], { modifiers: [pow(call('sqrt', param('k')))] });
    expectAppError(
      () => simulateStatevector(exponent, { parameters: { k: -1 } }),
      INVALID,
      'the pow exponent is not a finite number',
    );
  });

  it('a wrong number of parameters or qubits', () => {
    expectAppError(() => new Circuit(1).gate('rx', [0], []), INVALID, 'rx [0]', 'takes 1 parameter, got 0');
    expectAppError(() => new Circuit(1).gate('h', [0], [1]), INVALID, 'takes 0 parameters, got 1');
    expectAppError(() => new Circuit(2).gate('cu', [0, 1], [1, 2, 3]), INVALID, 'takes 4 parameters, got 3');
    expectAppError(() => new Circuit(2).gate('cx', [0]), INVALID, 'acts on 2 qubits, got 1');
    expectAppError(
      () => new Circuit(2).gate('x', [0], [], { modifiers: [ctrl()] }),
      INVALID,
      'ctrl @ x [0]',
      'acts on 2 qubits, got 1',
    );
    expectAppError(() => new Circuit(3).gate('h', [0, 1], [], {}), INVALID, 'acts on 1 qubit, got 2');
    expectAppError(
      () => new Circuit(3).gate('x', [0, 1], [], { modifiers: [ctrl(0)] }),
      INVALID,
      'ctrl count must be a positive integer, got 0',
    );
    expectAppError(
      () => new Circuit(3).gate('x', [0, 1], [], { modifiers: [negctrl(1.5)] }),
      INVALID,
      'negctrl count must be a positive integer, got 1.5',
    );
  });

  it('an unknown gate', () => {
    expectAppError(
      () => new Circuit(1).gate('foo', [0]),
      INVALID,
      'operation #0 foo [0]',
      "unknown gate 'foo'",
    );
    // a custom gate of another circuit is unknown here
    const other = new Circuit(1);
    other.defineGate('mine', { qubits: 1 }, (g) => g.x(0));
    expectAppError(() => new Circuit(1).gate('mine', [0]), INVALID, "unknown gate 'mine'");
  });

  it('a measurement into a missing classical bit, or of a missing qubit', () => {
    expectAppError(
      () => new Circuit(2).measure(0, 0),
      INVALID,
      'operation #0 measure [0] -> [0]',
      'classical bit 0 does not exist: the circuit has no classical bits',
    );
    expectAppError(
      () => new Circuit(2, 2).measure(1, 2),
      INVALID,
      'classical bit 2 is out of range (the bits are 0..1)',
    );
    expectAppError(() => new Circuit(2, 2).measure([0, 1], [0]), INVALID, '2 qubits but 1 classical bits');
    expectAppError(
      () => new Circuit(2, 2).measure(5, 0),
      INVALID,
      'measure [5] -> [0]',
      'qubit 5 is out of range',
    );
    expectAppError(() => new Circuit(2, 2).reset(2), INVALID, 'reset [2]', 'qubit 2 is out of range');
  });

  it('a bad condition', () => {
    expectAppError(
      () => new Circuit(1, 1).ifBits({ clbits: [], value: 0 }, () => undefined),
      INVALID,
      'if',
      'a condition needs at least one classical bit',
    );
    expectAppError(
      () => new Circuit(1, 1).ifBits({ clbits: [3], value: 1 }, () => undefined),
      INVALID,
      'classical bit 3 is out of range',
    );
    expectAppError(
      () => new Circuit(1, 2).ifBits({ clbits: [0, 1], value: 4 }, () => undefined),
      INVALID,
      'value 4 does not fit in 2 bit(s)',
    );
    expectAppError(
      () => new Circuit(1, 2).ifBits({ clbits: [0], value: -1 }, () => undefined),
      INVALID,
      'value -1 does not fit',
    );
    expectAppError(
      () =>
        new Circuit(1, 2).ifBits({ clbits: [0], value: 1 }, (c) =>
          c.ifBits({ clbits: [1], value: 1 }, (k) => k.x(0)),
        ),
      INVALID,
      'conditions do not nest',
    );
    expectAppError(
      () =>
        new Circuit(1, 2).ifBits({ clbits: [0], value: 1 }, (c) =>
          c.gate('x', [0], [], { condition: { clbits: [1], value: 1 } }),
        ),
      INVALID,
      'conditions do not nest',
    );
    expectAppError(
      () => new Circuit(1, 1).gate('x', [0], [], { condition: { clbits: [4], value: 1 } }),
      INVALID,
      'classical bit 4 is out of range',
    );
  });

  it('a failed append leaves the circuit as it was', () => {
    const c = new Circuit(2, 1).h(0);
    expect(() => c.cx(0, 0)).toThrow(AppError);
    expect(() => c.measure([0, 1], [0, 3])).toThrow(AppError);
    expect(c.operations).toHaveLength(1);
  });
});

describe('bad registers fail with INVALID_CIRCUIT naming the register', () => {
  it('rejects bad names, sizes and duplicates', () => {
    const error = expectAppError(
      () => new Circuit(1).addQuantumRegister('1q', 2),
      'INVALID_CIRCUIT',
      "register '1q': the name must be an identifier",
    );
    expect(error.details).toMatchObject({ register: '1q' });
    expectAppError(
      () => new Circuit(1).addClassicalRegister('c-d', 1),
      'INVALID_CIRCUIT',
      'the name must be an identifier',
    );
    expectAppError(
      () => new Circuit(1).addQuantumRegister('a', 0),
      'INVALID_CIRCUIT',
      "register 'a': size must be a positive integer, got 0",
    );
    expectAppError(
      () => new Circuit(1).addClassicalRegister('b', 2.5),
      'INVALID_CIRCUIT',
      'size must be a positive integer, got 2.5',
    );
    expectAppError(
      () => new Circuit(1, 1).addQuantumRegister('c', 1),
      'INVALID_CIRCUIT',
      "register 'c': the name is taken",
    );
    expectAppError(() => new Circuit(1.5), 'INVALID_CIRCUIT', "register 'q'");
    const c = new Circuit(2);
    expect(() => c.addQuantumRegister('q', 1)).toThrow(AppError);
    expect(c.numQubits).toBe(2);
  });
});

describe('gate definitions', () => {
  const failing = (
    name: string,
    shape: { params?: string[]; qubits: number },
    reason: string,
    build: Parameters<Circuit['defineGate']>[2] = () => undefined,
  ): void => {
    const c = new Circuit(2);
    const error = expectAppError(
      () => c.defineGate(name, shape, build),
      'INVALID_GATE_DEFINITION',
      `gate definition '${name}': ${reason}`,
    );
    expect(error.details).toMatchObject({ gate: name });
    expect(c.gateDefinitions.has(name)).toBe(false);
  };

  it('rejects bad names and duplicates of standard or custom gates', () => {
    failing('2x', { qubits: 1 }, 'the name must be an identifier');
    failing('my-gate', { qubits: 1 }, 'the name must be an identifier');
    failing('h', { qubits: 1 }, 'a gate of this name already exists');
    failing('U', { qubits: 1 }, 'a gate of this name already exists');
    const c = new Circuit(1);
    c.defineGate('g', { qubits: 1 }, (g) => g.x(0));
    expectAppError(
      () => c.defineGate('g', { qubits: 1 }, (g) => g.y(0)),
      'INVALID_GATE_DEFINITION',
      'a gate of this name already exists',
    );
  });

  it('rejects bad shapes and undeclared parameters', () => {
    failing('g', { qubits: 0 }, 'a gate acts on at least one qubit');
    failing('g', { qubits: 1.5 }, 'a gate acts on at least one qubit');
    failing('g', { params: ['a', 'a'], qubits: 1 }, 'parameter names must be distinct');
    failing('g', { params: ['a'], qubits: 1 }, "the body uses undeclared parameter 'b'", (g) =>
      g.rx(param('b'), 0),
    );
  });

  it('checks the body as it is built, naming the gate and the operation', () => {
    const c = new Circuit(3);
    expectAppError(
      () => c.defineGate('g', { qubits: 2 }, (g) => g.h(0).cx(0, 2)),
      INVALID,
      'gate g, operation #1 cx [0, 2]',
      'qubit 2 is out of range (the qubits are 0..1)',
    );
    expectAppError(() => c.defineGate('one', { qubits: 1 }, (g) => g.x(1)), INVALID, 'the only qubit is 0');
    expectAppError(
      () => c.defineGate('k', { qubits: 1 }, (g) => g.gate('nope', [0])),
      INVALID,
      "unknown gate 'nope'",
    );
    expectAppError(
      () =>
        c.defineGate('k', { qubits: 1 }, (g) =>
          g.gate('x', [0], [], { condition: { clbits: [0], value: 1 } }),
        ),
      INVALID,
      'a condition is not allowed here',
    );
    expect(c.gateDefinitions.size).toBe(0);
  });

  it('custom gates are used like standard ones, with their shape checked', () => {
    const c = new Circuit(3);
    c.defineGate('pair', { params: ['a'], qubits: 2 }, (g, a) => g.ry(a, 0).cx(0, 1));
    expectAppError(() => c.gate('pair', [0, 1]), INVALID, 'takes 1 parameter, got 0');
    expectAppError(() => c.gate('pair', [0], [1]), INVALID, 'acts on 2 qubits, got 1');
    expectAppError(() => c.gate('pair', [0, 0], [1]), INVALID, 'qubit 0 is used twice');
    // a later definition may use an earlier one
    c.defineGate('twice', { qubits: 3 }, (g) =>
      g.gate('pair', [0, 1], [0.5]).gate('pair', [1, 2], [0.25], { modifiers: [inv()] }),
    );
    expect(c.gateDefinitions.get('twice')!.body).toHaveLength(2);
  });
});

describe('unbound parameters', () => {
  const c = new Circuit(1, 1).rx(param('theta'), 0).measure(0, 0);

  it('fail with UNBOUND_PARAMETER when the circuit is run without them', () => {
    const gates = new Circuit(1).rx(param('theta'), 0);
    expectAppError(() => simulateStatevector(gates), 'UNBOUND_PARAMETER', "parameter 'theta' has no value");
    expectAppError(
      () => simulateStatevector(gates, { parameters: { other: 1 } }),
      'UNBOUND_PARAMETER',
      "'theta'",
    );
    expectAppError(
      () => getBackend('local_simulator').run(c, { seed: 1 }),
      'UNBOUND_PARAMETER',
      "parameter 'theta' has no value: pass it in the run's parameters",
    );
    const exponent = new Circuit(1).gate('x', [0], [], { modifiers: [pow(param('k'))] });
    expectAppError(() => simulateStatevector(exponent), 'UNBOUND_PARAMETER', "'k'");
  });

  it('run once bound', async () => {
    const amplitudes = simulateStatevector(new Circuit(1).rx(param('theta'), 0), {
      parameters: { theta: Math.PI },
    });
    expect(amplitudes[3]).toBeCloseTo(-1, 12);
    const result = await getBackend('local_simulator')
      .run(c, { seed: 1, shots: 10, parameters: { theta: Math.PI }, noise: { loss: 0 } })
      .result();
    expect(result.getCounts()).toEqual({ '1': 10 });
  });
});

describe('sameCondition', () => {
  it('matches absent conditions, and equal bits in the same order with the same value', () => {
    expect(sameCondition(undefined, undefined)).toBe(true);
    expect(sameCondition({ clbits: [0, 1], value: 2 }, { clbits: [0, 1], value: 2 })).toBe(true);
    expect(sameCondition({ clbits: [0, 1], value: 2 }, undefined)).toBe(false);
    expect(sameCondition({ clbits: [0, 1], value: 2 }, { clbits: [1, 0], value: 2 })).toBe(false);
    expect(sameCondition({ clbits: [0, 1], value: 2 }, { clbits: [0, 1], value: 1 })).toBe(false);
    expect(sameCondition({ clbits: [0], value: 0 }, { clbits: [0, 1], value: 0 })).toBe(false);
  });
});

describe('gateParameters', () => {
  it('collects the parameters of a gate use and of its pow exponent', () => {
    expect(
      gateParameters({ params: [mul(param('a'), 2), 0.5], modifiers: [ctrl(), pow(param('k'))] }),
    ).toEqual(new Set(['a', 'k']));
    expect(gateParameters({ params: [1], modifiers: [inv()] }).size).toBe(0);
  });
});
