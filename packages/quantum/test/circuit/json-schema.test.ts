/**
 * The JSON circuit form's schema: as Ajv (Fastify's validator) compiles it, what it accepts and
 * rejects, and where its errors point.
 */
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import {
  CIRCUIT_JSON_LIMITS,
  CircuitJsonSchema,
  validateCircuitJson,
} from '../../src/circuit/json-schema.js';
import { expectAppError } from '@lab/server-kit/testing';
import { bellJson } from '../support/bell.js';

describe('CircuitJsonSchema', () => {
  it('compiles in a strict Ajv and in one with the shared schema added by $id', () => {
    const validate = new Ajv().compile(CircuitJsonSchema);
    expect(validate(bellJson)).toBe(true);
    expect(validate({ ...bellJson, qubits: 0 })).toBe(false);

    const ajv = new Ajv();
    ajv.addSchema(CircuitJsonSchema);
    const body = ajv.compile({
      type: 'object',
      required: ['circuit'],
      properties: { circuit: { $ref: 'Circuit' } },
    });
    expect(body({ circuit: bellJson })).toBe(true);
    expect(body({ circuit: { ...bellJson, extra: 1 } })).toBe(false);
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
      bellJson,
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
      [{ ...bellJson, qubits: 0 }, '/qubits', 'must be >= 1'],
      [{ ...bellJson, qubits: 1.5 }, '/qubits', 'must be integer'],
      [
        { ...bellJson, qubits: CIRCUIT_JSON_LIMITS.qubits + 1 },
        '/qubits',
        `must be <= ${CIRCUIT_JSON_LIMITS.qubits}`,
      ],
      [{ ...bellJson, shots: 5 }, '/shots', 'is not a known field'],
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
        {
          ...bellJson,
          gates: [{ name: 'g', qubits: 1, body: [{ op: 'measure', qubits: [0], clbits: [0] }] }],
        },
        '/gates/0/body/0/op',
        'must be equal to constant',
      ],
      [
        { ...bellJson, registers: { quantum: [{ name: 'q', size: 0 }] } },
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
