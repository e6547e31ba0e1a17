/**
 * Conversions between circuits and the JSON form: round trips with the circuit model, and errors
 * that point at the offending field. (The schema itself: json-schema.test.ts.)
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Circuit, ctrl, inv, negctrl, pow } from '../../src/circuit/circuit.js';
import { call, div, mul, neg, param, sub } from '../../src/circuit/expr.js';
import { circuitFromJson, circuitToJson } from '../../src/circuit/json.js';
import { validateCircuitJson } from '../../src/circuit/json-schema.js';
import { buildCircuit, circuitArb, teleport } from '../support/circuits.js';
import { expectAppError } from '@lab/server-kit/testing';
import { bellJson } from '../support/bell.js';

/** A circuit using every part of the form. */
function everything(): Circuit {
  const c = new Circuit(0, 0, { name: 'everything' });
  c.addQuantumRegister('q', 2);
  c.addQuantumRegister('anc', 1);
  c.addClassicalRegister('c', 2);
  c.addClassicalRegister('flag', 1);
  c.defineGate('rzz', { params: ['theta'], qubits: 2 }, (g, theta) => g.cx(0, 1).rz(theta, 1).cx(0, 1));
  c.defineGate('twice', { params: ['a', 'b'], qubits: 2 }, (g, a, b) =>
    g
      .gate('rzz', [1, 0], [mul(a, b)], { modifiers: [inv()] })
      .gate('sx', [0], [], { modifiers: [pow(neg(b))] }),
  );
  c.h(0).gate('rx', [2, 0, 1], [div(param('theta'), 2)], { modifiers: [ctrl(), negctrl(), pow(0.5)] });
  c.gate('twice', [0, 2], [call('cos', param('phi')), sub(1, param('theta'))]).gphase(-0.25);
  c.barrier(0, 2).measure([0, 1], [0, 1]).reset(2).reset(1).barrier();
  c.ifBits({ clbits: [0, 1], value: 2 }, (k) => k.x(2).measure(2, 2).reset(0));
  return c;
}

describe('circuitFromJson and circuitToJson', () => {
  it('builds a circuit with default registers', () => {
    const c = circuitFromJson(bellJson);
    expect(c.qregs).toEqual([{ name: 'q', start: 0, size: 2 }]);
    expect(c.cregs).toEqual([{ name: 'c', start: 0, size: 2 }]);
    expect(c.operations).toEqual([
      { kind: 'gate', name: 'h', qubits: [0], params: [], modifiers: [] },
      { kind: 'gate', name: 'cx', qubits: [0, 1], params: [], modifiers: [] },
      { kind: 'measure', qubit: 0, clbit: 0 },
      { kind: 'measure', qubit: 1, clbit: 1 },
    ]);
    expect(circuitFromJson({ qubits: 1, clbits: 0, operations: [] }).cregs).toEqual([]);
  });

  it('writes the compact form: defaults left out, consecutive measurements merged', () => {
    expect(circuitToJson(circuitFromJson(bellJson))).toEqual(bellJson);
    const c = new Circuit(2).h(0).cx(0, 1).measureAll();
    expect(circuitToJson(c)).toEqual({
      qubits: 2,
      clbits: 2,
      registers: { quantum: [{ name: 'q', size: 2 }], classical: [{ name: 'meas', size: 2 }] },
      operations: [
        { op: 'gate', name: 'h', qubits: [0] },
        { op: 'gate', name: 'cx', qubits: [0, 1] },
        { op: 'barrier' },
        { op: 'measure', qubits: [0, 1], clbits: [0, 1] },
      ],
    });
  });

  it('round-trips operations, registers, definitions and the name, through JSON text', () => {
    for (const original of [everything(), teleport(0.4), new Circuit(3, 1)]) {
      const json = JSON.parse(JSON.stringify(circuitToJson(original))) as unknown;
      const back = circuitFromJson(validateCircuitJson(json));
      expect(back.name).toBe(original.name);
      expect(back.qregs).toEqual(original.qregs);
      expect(back.cregs).toEqual(original.cregs);
      expect([...back.gateDefinitions.values()]).toEqual([...original.gateDefinitions.values()]);
      expect(back.operations).toEqual(original.operations);
    }
  });

  it('round-trips random circuits with modifiers', () => {
    fc.assert(
      fc.property(circuitArb({ maxQubits: 6, maxGates: 20, maxModifiers: 3 }), ({ n, gates }) => {
        const original = buildCircuit(n, gates);
        const back = circuitFromJson(
          validateCircuitJson(JSON.parse(JSON.stringify(circuitToJson(original)))),
        );
        // JSON has no -0: the one difference allowed.
        expect(back.operations).toEqual(JSON.parse(JSON.stringify(original.operations)));
      }),
      { numRuns: 200 },
    );
  });
});

describe('circuitFromJson errors', () => {
  const build = (json: unknown) => () => circuitFromJson(validateCircuitJson(json));
  const cases: [string, unknown, string, string, string][] = [
    [
      'a qubit out of range',
      {
        ...bellJson,
        operations: [
          { op: 'gate', name: 'h', qubits: [0] },
          { op: 'gate', name: 'cx', qubits: [0, 2] },
        ],
      },
      'INVALID_OPERATION',
      '/operations/1/qubits/1',
      'qubit 2 is out of range',
    ],
    [
      'a repeated qubit',
      { ...bellJson, operations: [{ op: 'gate', name: 'cx', qubits: [1, 1] }] },
      'INVALID_OPERATION',
      '/operations/0/qubits/1',
      'qubit 1 is used twice',
    ],
    [
      'an unknown gate',
      { ...bellJson, operations: [{ op: 'gate', name: 'frob', qubits: [0] }] },
      'INVALID_OPERATION',
      '/operations/0/name',
      "unknown gate 'frob'",
    ],
    [
      'a wrong parameter count',
      { ...bellJson, operations: [{ op: 'gate', name: 'rx', qubits: [0] }] },
      'INVALID_OPERATION',
      '/operations/0/params',
      'takes 1 parameter, got 0',
    ],
    [
      'a wrong qubit count',
      { ...bellJson, operations: [{ op: 'gate', name: 'x', qubits: [0, 1] }] },
      'INVALID_OPERATION',
      '/operations/0/qubits',
      'acts on 1 qubit, got 2',
    ],
    [
      'a classical bit out of range',
      { ...bellJson, operations: [{ op: 'measure', qubits: [0, 1], clbits: [0, 2] }] },
      'INVALID_OPERATION',
      '/operations/0/clbits/1',
      'classical bit 2 is out of range',
    ],
    [
      'unpaired measurement',
      { ...bellJson, operations: [{ op: 'measure', qubits: [0, 1], clbits: [0] }] },
      'INVALID_OPERATION',
      '/operations/0/clbits',
      '2 qubits but 1 classical bits',
    ],
    [
      'a condition value too large',
      {
        ...bellJson,
        operations: [{ op: 'gate', name: 'x', qubits: [0], condition: { clbits: [0], value: 2 } }],
      },
      'INVALID_OPERATION',
      '/operations/0/condition/value',
      'does not fit in 1 bit',
    ],
    [
      'a condition bit out of range',
      { ...bellJson, operations: [{ op: 'reset', qubits: [0], condition: { clbits: [0, 5], value: 1 } }] },
      'INVALID_OPERATION',
      '/operations/0/condition/clbits/1',
      'classical bit 5 is out of range',
    ],
    [
      'registers that do not add up',
      { ...bellJson, registers: { classical: [{ name: 'c', size: 1 }] } },
      'INVALID_CIRCUIT',
      '/registers/classical',
      'sizes add up to 1, but clbits is 2',
    ],
    [
      'a register name used twice',
      {
        ...bellJson,
        registers: {
          quantum: [
            { name: 'q', size: 1 },
            { name: 'q', size: 1 },
          ],
        },
      },
      'INVALID_CIRCUIT',
      '/registers/quantum/1/name',
      'the name is taken',
    ],
    [
      'a gate definition named like a standard gate',
      { ...bellJson, gates: [{ name: 'h', qubits: 1, body: [] }] },
      'INVALID_CIRCUIT',
      '/gates/0/name',
      'a gate of this name already exists',
    ],
    [
      'an undeclared parameter in a gate body',
      {
        ...bellJson,
        gates: [
          {
            name: 'g',
            params: ['a'],
            qubits: 1,
            body: [{ op: 'gate', name: 'rx', qubits: [0], params: [{ kind: 'parameter', name: 'b' }] }],
          },
        ],
      },
      'INVALID_CIRCUIT',
      '/gates/0/body/0/params/0',
      "undeclared parameter 'b'",
    ],
    [
      'a qubit out of a gate body',
      {
        ...bellJson,
        gates: [
          {
            name: 'g',
            qubits: 2,
            body: [
              { op: 'gate', name: 'h', qubits: [0] },
              { op: 'gate', name: 'cx', qubits: [0, 2] },
            ],
          },
        ],
      },
      'INVALID_OPERATION',
      '/gates/0/body/1/qubits/1',
      'qubit 2 is out of range',
    ],
  ];
  for (const [what, json, code, field, reason] of cases) {
    it(`points at ${what}`, () => {
      const error = expectAppError(build(json), code, reason, field.split('/').slice(0, 3).join('/'));
      expect(error.details.field).toBe(field);
    });
  }
});
