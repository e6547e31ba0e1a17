/**
 * The JSON circuit form: the schema as Ajv (Fastify's validator) compiles it, what it accepts
 * and rejects, round trips with the circuit model, and errors that point at the offending field.
 */
import { Ajv } from 'ajv';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Circuit, ctrl, inv, negctrl, pow } from '../../src/circuit/circuit.js';
import { call, div, mul, neg, param, sub } from '../../src/circuit/expr.js';
import { circuitFromJson, circuitToJson } from '../../src/circuit/json.js';
import {
  CIRCUIT_JSON_LIMITS,
  CircuitJsonSchema,
  validateCircuitJson,
  type CircuitJson,
} from '../../src/circuit/json-schema.js';
import { buildCircuit, circuitArb, teleport } from '../support/circuits.js';
import { expectAppError } from '../support/errors.js';

const bell: CircuitJson = {
  qubits: 2,
  clbits: 2,
  operations: [
    { op: 'gate', name: 'h', qubits: [0] },
    { op: 'gate', name: 'cx', qubits: [0, 1] },
    { op: 'measure', qubits: [0, 1], clbits: [0, 1] },
  ],
};

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

describe('CircuitJsonSchema', () => {
  it('compiles in a strict Ajv and in one with the shared schema added by $id', () => {
    const validate = new Ajv().compile(CircuitJsonSchema);
    expect(validate(bell)).toBe(true);
    expect(validate({ ...bell, qubits: 0 })).toBe(false);

    const ajv = new Ajv();
    ajv.addSchema(CircuitJsonSchema);
    const body = ajv.compile({
      type: 'object',
      required: ['circuit'],
      properties: { circuit: { $ref: 'Circuit' } },
    });
    expect(body({ circuit: bell })).toBe(true);
    expect(body({ circuit: { ...bell, extra: 1 } })).toBe(false);
  });

  it('describes every property, with examples', () => {
    const missing: string[] = [];
    const walk = (schema: unknown, path: string): void => {
      if (schema === null || typeof schema !== 'object') return;
      const record = schema as Record<string, unknown>;
      const properties = record.properties as Record<string, Record<string, unknown>> | undefined;
      for (const [name, property] of Object.entries(properties ?? {})) {
        if (typeof property.description !== 'string' || !Array.isArray(property.examples))
          missing.push(`${path}/${name}`);
      }
      for (const [key, value] of Object.entries(record)) walk(value, `${path}/${key}`);
    };
    walk(CircuitJsonSchema, '');
    expect(missing).toEqual([]);
  });

  it('accepts the documented forms', () => {
    const documents: unknown[] = [
      bell,
      { qubits: 1, clbits: 0, operations: [] },
      {
        qubits: 3,
        clbits: 1,
        registers: {
          quantum: [
            { name: 'a', size: 2 },
            { name: 'b', size: 1 },
          ],
        },
        operations: [
          { op: 'gate', name: 'rx', qubits: [0], params: [0.5], modifiers: [{ kind: 'ctrl', count: 1 }] },
          { op: 'gate', name: 'x', qubits: [0, 1, 2], modifiers: [{ kind: 'ctrl', count: 2 }] },
          { op: 'gate', name: 'x', qubits: [1], condition: { clbits: [0], value: 1 } },
          { op: 'gate', name: 'gphase', qubits: [], params: [{ kind: 'parameter', name: 'g' }] },
          { op: 'reset', qubits: [0] },
          { op: 'barrier', qubits: [] },
          { op: 'barrier' },
        ],
      },
    ];
    for (const document of documents) expect(validateCircuitJson(document)).toBe(document);
  });

  it('rejects bad documents, pointing at the first problem', () => {
    const op = (operation: Record<string, unknown>) => ({ qubits: 2, clbits: 1, operations: [operation] });
    const cases: [unknown, string, string][] = [
      ['bell', '', 'must be object'],
      [{ clbits: 0, operations: [] }, '/qubits', 'is required'],
      [{ ...bell, qubits: 0 }, '/qubits', 'must be >= 1'],
      [{ ...bell, qubits: 1.5 }, '/qubits', 'must be integer'],
      [
        { ...bell, qubits: CIRCUIT_JSON_LIMITS.qubits + 1 },
        '/qubits',
        `must be <= ${CIRCUIT_JSON_LIMITS.qubits}`,
      ],
      [{ ...bell, shots: 5 }, '/shots', 'is not a known field'],
      [
        op({ op: 'frobnicate', qubits: [0] }),
        '/operations/0/op',
        'must be one of "gate", "measure", "reset", "barrier"',
      ],
      [op({ name: 'h', qubits: [0] }), '/operations/0/op', 'is required'],
      [op({ op: 'gate', name: 'h', qubits: [0, -1] }), '/operations/0/qubits/1', 'must be >= 0'],
      [
        op({ op: 'gate', name: 'h', qubits: [0], colour: 'red' }),
        '/operations/0/colour',
        'is not a known field',
      ],
      [op({ op: 'gate', name: 'h q', qubits: [0] }), '/operations/0/name', 'must match pattern'],
      [op({ op: 'measure', qubits: [0] }), '/operations/0/clbits', 'is required'],
      [
        op({ op: 'gate', name: 'x', qubits: [0], condition: { clbits: [], value: 1 } }),
        '/operations/0/condition/clbits',
        'must NOT have fewer than 1 items',
      ],
      [
        op({ op: 'gate', name: 'x', qubits: [0, 1], modifiers: [{ kind: 'ctrl', count: 0 }] }),
        '/operations/0/modifiers/0/count',
        'must be >= 1',
      ],
      [
        op({ op: 'gate', name: 'x', qubits: [0], modifiers: [{ kind: 'twice' }] }),
        '/operations/0/modifiers/0/kind',
        'must be one of "ctrl", "negctrl", "inv", "pow"',
      ],
      [
        op({ op: 'gate', name: 'rx', qubits: [0], params: ['0.5'] }),
        '/operations/0/params/0',
        'must be number',
      ],
      [
        op({
          op: 'gate',
          name: 'rx',
          qubits: [0],
          params: [
            {
              kind: 'binary',
              op: '%',
              left: { kind: 'number', value: 1 },
              right: { kind: 'number', value: 2 },
            },
          ],
        }),
        '/operations/0/params/0/op',
        'must be one of "+", "-", "*", "/", "**"',
      ],
      [
        op({
          op: 'gate',
          name: 'rx',
          qubits: [0],
          params: [{ kind: 'call', fn: 'cos', args: [{ kind: 'parameter', name: '1x' }] }],
        }),
        '/operations/0/params/0/args/0/name',
        'must match pattern',
      ],
      [
        { ...bell, gates: [{ name: 'g', qubits: 1, body: [{ op: 'measure', qubits: [0], clbits: [0] }] }] },
        '/gates/0/body/0/op',
        'must be equal to constant',
      ],
      [
        { ...bell, registers: { quantum: [{ name: 'q', size: 0 }] } },
        '/registers/quantum/0/size',
        'must be >= 1',
      ],
    ];
    for (const [document, field, expected] of cases) {
      const error = expectAppError(() => validateCircuitJson(document), 'INVALID_CIRCUIT', expected);
      expect(error.details, JSON.stringify(document)).toMatchObject({ field });
    }
  });

  it('refuses a document nested deeper than the limit before validating it', () => {
    let expression: unknown = { kind: 'number', value: 1 };
    for (let i = 0; i < 100_000; i += 1) expression = { kind: 'unary', op: '-', operand: expression };
    const error = expectAppError(
      () =>
        validateCircuitJson({
          qubits: 1,
          clbits: 0,
          operations: [{ op: 'gate', name: 'rx', qubits: [0], params: [expression] }],
        }),
      'INVALID_CIRCUIT',
      `nests more than ${CIRCUIT_JSON_LIMITS.depth} levels deep`,
    );
    expect(error.details.field).toMatch(/^\/operations\/0\/params\/0\/operand\/operand/);
  });
});

describe('circuitFromJson and circuitToJson', () => {
  it('builds a circuit with default registers', () => {
    const c = circuitFromJson(bell);
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
    expect(circuitToJson(circuitFromJson(bell))).toEqual(bell);
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
        ...bell,
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
      { ...bell, operations: [{ op: 'gate', name: 'cx', qubits: [1, 1] }] },
      'INVALID_OPERATION',
      '/operations/0/qubits/1',
      'qubit 1 is used twice',
    ],
    [
      'an unknown gate',
      { ...bell, operations: [{ op: 'gate', name: 'frob', qubits: [0] }] },
      'INVALID_OPERATION',
      '/operations/0/name',
      "unknown gate 'frob'",
    ],
    [
      'a wrong parameter count',
      { ...bell, operations: [{ op: 'gate', name: 'rx', qubits: [0] }] },
      'INVALID_OPERATION',
      '/operations/0/params',
      'takes 1 parameter, got 0',
    ],
    [
      'a wrong qubit count',
      { ...bell, operations: [{ op: 'gate', name: 'x', qubits: [0, 1] }] },
      'INVALID_OPERATION',
      '/operations/0/qubits',
      'acts on 1 qubit, got 2',
    ],
    [
      'a classical bit out of range',
      { ...bell, operations: [{ op: 'measure', qubits: [0, 1], clbits: [0, 2] }] },
      'INVALID_OPERATION',
      '/operations/0/clbits/1',
      'classical bit 2 is out of range',
    ],
    [
      'unpaired measurement',
      { ...bell, operations: [{ op: 'measure', qubits: [0, 1], clbits: [0] }] },
      'INVALID_OPERATION',
      '/operations/0/clbits',
      '2 qubits but 1 classical bits',
    ],
    [
      'a condition value too large',
      { ...bell, operations: [{ op: 'gate', name: 'x', qubits: [0], condition: { clbits: [0], value: 2 } }] },
      'INVALID_OPERATION',
      '/operations/0/condition/value',
      'does not fit in 1 bit',
    ],
    [
      'a condition bit out of range',
      { ...bell, operations: [{ op: 'reset', qubits: [0], condition: { clbits: [0, 5], value: 1 } }] },
      'INVALID_OPERATION',
      '/operations/0/condition/clbits/1',
      'classical bit 5 is out of range',
    ],
    [
      'registers that do not add up',
      { ...bell, registers: { classical: [{ name: 'c', size: 1 }] } },
      'INVALID_CIRCUIT',
      '/registers/classical',
      'sizes add up to 1, but clbits is 2',
    ],
    [
      'a register name used twice',
      {
        ...bell,
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
      { ...bell, gates: [{ name: 'h', qubits: 1, body: [] }] },
      'INVALID_CIRCUIT',
      '/gates/0/name',
      'a gate of this name already exists',
    ],
    [
      'an undeclared parameter in a gate body',
      {
        ...bell,
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
        ...bell,
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
