/**
 * The JSON circuit form's schema: TypeBox (published in the REST API's OpenAPI document and used
 * to validate request bodies) and `validateCircuitJson` for JSON read outside Fastify (the CLI).
 * The conversions to and from circuits are in `json.ts`, which needs no TypeBox, so a job's
 * worker thread starts without loading it.
 *
 *     { "qubits": 2, "clbits": 2,
 *       "operations": [ { "op": "gate", "name": "h", "qubits": [0] },
 *                       { "op": "gate", "name": "cx", "qubits": [0, 1] },
 *                       { "op": "measure", "qubits": [0, 1], "clbits": [0, 1] } ] }
 *
 * Parameter expressions are the `Expr` objects of `expr.ts` as they are, under one recursive
 * definition.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { Type, type Static } from 'typebox';
import { invalidField } from './json.js';

/** Bounds of the JSON form; the simulator's own limits (qubits by memory) apply when it runs. */
export const CIRCUIT_JSON_LIMITS = {
  qubits: 1024,
  clbits: 1024,
  operations: 100_000,
  registers: 256,
  gates: 256,
  gateBody: 10_000,
  gateQubits: 64,
  params: 16,
  modifiers: 16,
  nameLength: 64,
  /** Nesting levels of a whole document, so deep expressions cannot exhaust the stack. */
  depth: 64,
} as const;

const L = CIRCUIT_JSON_LIMITS;
const IDENTIFIER = '^[A-Za-z_][A-Za-z0-9_]*$';
const EXPRESSION = 'ParameterExpression';

const identifier = (description: string, examples: string[]) =>
  Type.String({ pattern: IDENTIFIER, minLength: 1, maxLength: L.nameLength, description, examples });

const qubitIndex = Type.Integer({
  minimum: 0,
  maximum: L.qubits - 1,
  description: 'A qubit, numbered from 0 across all quantum registers in order',
  examples: [0],
});
const clbitIndex = Type.Integer({
  minimum: 0,
  maximum: L.clbits - 1,
  description: 'A classical bit, numbered from 0 across all classical registers in order',
  examples: [0],
});

const expressionRef = (description: string) =>
  Type.Ref(EXPRESSION, { description, examples: [{ kind: 'parameter', name: 'theta' }] });

const ExpressionSchema = Type.Union(
  [
    Type.Object(
      {
        kind: Type.Literal('number', { description: 'A constant', examples: ['number'] }),
        value: Type.Number({ description: 'Its value', examples: [0.5] }),
      },
      { additionalProperties: false, description: 'A number', examples: [{ kind: 'number', value: 0.5 }] },
    ),
    Type.Object(
      {
        kind: Type.Literal('parameter', { description: 'A named parameter', examples: ['parameter'] }),
        name: identifier(
          'The parameter: a free circuit parameter, or a custom gate parameter inside its body',
          ['theta'],
        ),
      },
      {
        additionalProperties: false,
        description: 'A parameter by name',
        examples: [{ kind: 'parameter', name: 'theta' }],
      },
    ),
    Type.Object(
      {
        kind: Type.Literal('unary', { description: 'Negation', examples: ['unary'] }),
        op: Type.Literal('-', { description: 'The operator', examples: ['-'] }),
        operand: expressionRef('The negated expression'),
      },
      {
        additionalProperties: false,
        description: 'The negation of an expression',
        examples: [{ kind: 'unary', op: '-', operand: { kind: 'parameter', name: 'theta' } }],
      },
    ),
    Type.Object(
      {
        kind: Type.Literal('binary', { description: 'An arithmetic operation', examples: ['binary'] }),
        op: Type.Enum(['+', '-', '*', '/', '**'], {
          description: 'The operator; `**` is power',
          examples: ['/'],
        }),
        left: expressionRef('The left operand'),
        right: expressionRef('The right operand'),
      },
      {
        additionalProperties: false,
        description: 'left op right',
        examples: [
          {
            kind: 'binary',
            op: '/',
            left: { kind: 'parameter', name: 'theta' },
            right: { kind: 'number', value: 2 },
          },
        ],
      },
    ),
    Type.Object(
      {
        kind: Type.Literal('call', { description: 'A function call', examples: ['call'] }),
        fn: Type.Enum(['sin', 'cos', 'tan', 'arcsin', 'arccos', 'arctan', 'exp', 'log', 'sqrt'], {
          description: 'The function; `log` is the natural logarithm',
          examples: ['cos'],
        }),
        args: Type.Array(expressionRef('The argument'), {
          minItems: 1,
          maxItems: 1,
          description: 'The one argument',
          examples: [[{ kind: 'parameter', name: 'theta' }]],
        }),
      },
      {
        additionalProperties: false,
        description: 'fn(argument)',
        examples: [{ kind: 'call', fn: 'cos', args: [{ kind: 'parameter', name: 'theta' }] }],
      },
    ),
  ],
  {
    description: 'A symbolic angle: a tree of numbers, parameters, - + * / ** and math functions',
    examples: [
      {
        kind: 'binary',
        op: '/',
        left: { kind: 'parameter', name: 'theta' },
        right: { kind: 'number', value: 2 },
      },
    ],
  },
);

const paramSchema = (description: string, examples: unknown[]) =>
  Type.Union(
    [Type.Number({ description: 'A number', examples: [0.5] }), expressionRef('A symbolic expression')],
    {
      description,
      examples,
    },
  );

const countSchema = Type.Integer({
  minimum: 1,
  maximum: L.qubits - 1,
  description: 'How many control qubits; default 1',
  examples: [1],
});

const ModifierSchema = Type.Union(
  [
    Type.Object(
      {
        kind: Type.Literal('ctrl', { description: 'Controlled on |1>', examples: ['ctrl'] }),
        count: Type.Optional(countSchema),
      },
      { additionalProperties: false, description: '`ctrl(count) @`', examples: [{ kind: 'ctrl', count: 2 }] },
    ),
    Type.Object(
      {
        kind: Type.Literal('negctrl', { description: 'Controlled on |0>', examples: ['negctrl'] }),
        count: Type.Optional(countSchema),
      },
      { additionalProperties: false, description: '`negctrl(count) @`', examples: [{ kind: 'negctrl' }] },
    ),
    Type.Object(
      { kind: Type.Literal('inv', { description: 'The inverse', examples: ['inv'] }) },
      { additionalProperties: false, description: '`inv @`', examples: [{ kind: 'inv' }] },
    ),
    Type.Object(
      {
        kind: Type.Literal('pow', { description: 'A power', examples: ['pow'] }),
        exponent: paramSchema('The exponent; a non-integer takes the principal branch', [2, 0.5]),
      },
      {
        additionalProperties: false,
        description: '`pow(exponent) @`',
        examples: [{ kind: 'pow', exponent: 0.5 }],
      },
    ),
  ],
  {
    description: 'A gate modifier, as in OpenQASM 3',
    examples: [{ kind: 'ctrl', count: 1 }],
  },
);

const ConditionSchema = Type.Object(
  {
    clbits: Type.Array(clbitIndex, {
      minItems: 1,
      maxItems: 53,
      description: 'The bits read as an integer, the first one least significant',
      examples: [[0, 1]],
    }),
    value: Type.Integer({
      minimum: 0,
      maximum: Number.MAX_SAFE_INTEGER,
      description: 'The operation runs only when the bits read this value',
      examples: [3],
    }),
  },
  {
    additionalProperties: false,
    description: 'Runs the operation only when the classical bits read `value` (OpenQASM 2.0 `if (c == 3)`)',
    examples: [{ clbits: [0], value: 1 }],
  },
);

const gateProperties = {
  op: Type.Literal('gate', { description: 'A gate', examples: ['gate'] }),
  name: identifier('A standard gate (OpenQASM 3 stdgates.inc names, U, gphase) or a custom gate of `gates`', [
    'cx',
  ]),
  qubits: Type.Array(qubitIndex, {
    maxItems: L.qubits,
    description:
      'Control qubits (one per ctrl/negctrl, outermost modifier first), then the gate’s own qubits',
    examples: [[0, 1]],
  }),
  params: Type.Optional(
    Type.Array(paramSchema('An angle in radians, or a symbolic expression', [0.5]), {
      maxItems: L.params,
      description: 'The gate’s parameters in OpenQASM order; default none',
      examples: [[1.5707963267948966]],
    }),
  ),
  modifiers: Type.Optional(
    Type.Array(ModifierSchema, {
      maxItems: L.modifiers,
      description: 'Modifiers, outermost first (applied right to left, as in OpenQASM); default none',
      examples: [[{ kind: 'ctrl', count: 1 }]],
    }),
  ),
};

const GateBodyOperationSchema = Type.Object(gateProperties, {
  additionalProperties: false,
  description: 'A gate inside a custom gate; its qubits are the gate’s arguments 0..qubits-1',
  examples: [{ op: 'gate', name: 'cx', qubits: [0, 1] }],
});

const GateOperationSchema = Type.Object(
  {
    ...gateProperties,
    condition: Type.Optional(ConditionSchema),
  },
  {
    additionalProperties: false,
    description: 'Applies a gate',
    examples: [
      { op: 'gate', name: 'rx', qubits: [0], params: [0.5] },
      { op: 'gate', name: 'x', qubits: [0, 1, 2], modifiers: [{ kind: 'ctrl', count: 2 }] },
    ],
  },
);

const MeasureOperationSchema = Type.Object(
  {
    op: Type.Literal('measure', { description: 'A measurement', examples: ['measure'] }),
    qubits: Type.Array(qubitIndex, {
      minItems: 1,
      maxItems: L.qubits,
      description: 'Measured qubits, paired in order with `clbits`',
      examples: [[0, 1]],
    }),
    clbits: Type.Array(clbitIndex, {
      minItems: 1,
      maxItems: L.qubits,
      description: 'Where each outcome is written',
      examples: [[0, 1]],
    }),
    condition: Type.Optional(ConditionSchema),
  },
  {
    additionalProperties: false,
    description: 'Measures qubits[i] into clbits[i], in order',
    examples: [{ op: 'measure', qubits: [0, 1], clbits: [0, 1] }],
  },
);

const ResetOperationSchema = Type.Object(
  {
    op: Type.Literal('reset', { description: 'A reset', examples: ['reset'] }),
    qubits: Type.Array(qubitIndex, {
      minItems: 1,
      maxItems: L.qubits,
      description: 'Qubits reset to |0>, in order',
      examples: [[0]],
    }),
    condition: Type.Optional(ConditionSchema),
  },
  {
    additionalProperties: false,
    description: 'Resets qubits to |0>',
    examples: [{ op: 'reset', qubits: [0] }],
  },
);

const BarrierOperationSchema = Type.Object(
  {
    op: Type.Literal('barrier', { description: 'A barrier', examples: ['barrier'] }),
    qubits: Type.Optional(
      Type.Array(qubitIndex, {
        maxItems: L.qubits,
        description: 'Qubits the barrier spans; empty or absent means all',
        examples: [[0, 1]],
      }),
    ),
  },
  {
    additionalProperties: false,
    description: 'A barrier: no operation moves across it',
    examples: [{ op: 'barrier' }, { op: 'barrier', qubits: [0, 1] }],
  },
);

const registerSchema = (kind: string, example: string) =>
  Type.Object(
    {
      name: identifier(`The ${kind} register's name`, [example]),
      size: Type.Integer({
        minimum: 1,
        maximum: L.qubits,
        description: 'How many bits it holds',
        examples: [2],
      }),
    },
    {
      additionalProperties: false,
      description: `A ${kind} register`,
      examples: [{ name: example, size: 2 }],
    },
  );

const CircuitDocumentSchema = Type.Object(
  {
    name: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 128,
        description: 'The circuit’s name; default "circuit"',
        examples: ['bell'],
      }),
    ),
    qubits: Type.Integer({ minimum: 1, maximum: L.qubits, description: 'Number of qubits', examples: [2] }),
    clbits: Type.Integer({
      minimum: 0,
      maximum: L.clbits,
      description: 'Number of classical bits',
      examples: [2],
    }),
    registers: Type.Optional(
      Type.Object(
        {
          quantum: Type.Optional(
            Type.Array(registerSchema('quantum', 'q'), {
              minItems: 1,
              maxItems: L.registers,
              description:
                'Quantum registers in order; their sizes add up to `qubits`. Default: one register `q`',
              examples: [[{ name: 'q', size: 2 }]],
            }),
          ),
          classical: Type.Optional(
            Type.Array(registerSchema('classical', 'c'), {
              maxItems: L.registers,
              description:
                'Classical registers in order; their sizes add up to `clbits`. Default: one register `c` when `clbits` > 0',
              examples: [[{ name: 'c', size: 2 }]],
            }),
          ),
        },
        {
          additionalProperties: false,
          description: 'Named registers over the numbered bits, as OpenQASM declares them',
          examples: [{ quantum: [{ name: 'q', size: 2 }], classical: [{ name: 'c', size: 2 }] }],
        },
      ),
    ),
    gates: Type.Optional(
      Type.Array(
        Type.Object(
          {
            name: identifier('The new gate’s name (not a standard gate’s)', ['rzz']),
            params: Type.Optional(
              Type.Array(identifier('A parameter name', ['theta']), {
                maxItems: L.params,
                description: 'Parameter names, used by the body’s expressions; default none',
                examples: [['theta']],
              }),
            ),
            qubits: Type.Integer({
              minimum: 1,
              maximum: L.gateQubits,
              description: 'How many qubits the gate acts on',
              examples: [2],
            }),
            body: Type.Array(GateBodyOperationSchema, {
              maxItems: L.gateBody,
              description: 'Its gates, on qubits 0..qubits-1; they may use gates defined before this one',
              examples: [
                [
                  { op: 'gate', name: 'cx', qubits: [0, 1] },
                  { op: 'gate', name: 'rz', qubits: [1], params: [{ kind: 'parameter', name: 'theta' }] },
                  { op: 'gate', name: 'cx', qubits: [0, 1] },
                ],
              ],
            }),
          },
          {
            additionalProperties: false,
            description: 'A custom gate: `gate name(params) q0, q1 { body }`',
            examples: [{ name: 'flip', qubits: 1, body: [{ op: 'gate', name: 'x', qubits: [0] }] }],
          },
        ),
        {
          maxItems: L.gates,
          description: 'Custom gate definitions, each using only standard gates and those before it',
          examples: [[{ name: 'flip', qubits: 1, body: [{ op: 'gate', name: 'x', qubits: [0] }] }]],
        },
      ),
    ),
    operations: Type.Array(
      Type.Union(
        [GateOperationSchema, MeasureOperationSchema, ResetOperationSchema, BarrierOperationSchema],
        {
          description: 'One operation, told apart by `op`',
          examples: [{ op: 'gate', name: 'h', qubits: [0] }],
        },
      ),
      {
        maxItems: L.operations,
        description: 'The operations in order',
        examples: [
          [
            { op: 'gate', name: 'h', qubits: [0] },
            { op: 'gate', name: 'cx', qubits: [0, 1] },
            { op: 'measure', qubits: [0, 1], clbits: [0, 1] },
          ],
        ],
      },
    ),
  },
  {
    additionalProperties: false,
    description:
      'A circuit: qubits, classical bits, optional registers and custom gates, and operations in order',
    examples: [
      {
        qubits: 2,
        clbits: 2,
        operations: [
          { op: 'gate', name: 'h', qubits: [0] },
          { op: 'gate', name: 'cx', qubits: [0, 1] },
          { op: 'measure', qubits: [0, 1], clbits: [0, 1] },
        ],
      },
    ],
  },
);

/**
 * The JSON circuit form. Its expression definition is recursive, so the schema is a `$ref`
 * into its own `$defs`, self-contained under `$id: 'Circuit'`.
 */
export const CircuitJsonSchema = withPointerReferences(
  Type.Cyclic({ [EXPRESSION]: ExpressionSchema, CircuitDocument: CircuitDocumentSchema }, 'CircuitDocument', {
    $id: 'Circuit',
    description:
      'A circuit in JSON: qubits, classical bits, optional registers and custom gates, and operations',
  }),
);

/**
 * TypeBox names a cyclic schema's definitions bare (`"$ref": "CircuitDocument"`, each definition
 * with that `$id`); as JSON pointers (`#/$defs/CircuitDocument`) under the one `$id` of the
 * whole, they are what OpenAPI tools hoist into single components.
 */
function withPointerReferences<T extends { $defs: Record<string, unknown> }>(schema: T): T {
  const names = new Set(Object.keys(schema.$defs));
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (node === null || typeof node !== 'object') return node;
    return Object.fromEntries(
      Object.entries(node)
        // A definition's own `$id` (its bare name) would rebase the pointers inside it.
        .filter(([key, value]) => !(key === '$id' && typeof value === 'string' && names.has(value)))
        .map(([key, value]) => [
          key,
          key === '$ref' && typeof value === 'string' && names.has(value)
            ? `#/$defs/${value}`
            : rewrite(value),
        ]),
    );
  };
  return rewrite(schema) as T;
}
export type CircuitJson = Static<typeof CircuitJsonSchema>;
export type OperationJson = CircuitJson['operations'][number];
export type GateOperationJson = Extract<OperationJson, { op: 'gate' }>;
export type GateBodyJson = Omit<GateOperationJson, 'condition'>;
export type ParamJson = NonNullable<GateOperationJson['params']>[number];
export type ModifierJson = NonNullable<GateOperationJson['modifiers']>[number];

// ---------------------------------------------------------------- validation

let validator: ValidateFunction | undefined;

/**
 * Checks a parsed JSON value against the schema (Ajv, compiled on first use) and returns it
 * typed; otherwise throws INVALID_CIRCUIT whose `details.field` is the JSON pointer of the first
 * problem and `details.expected` what it should be.
 */
export function validateCircuitJson(value: unknown): CircuitJson {
  const tooDeep = deepestPath(value, L.depth);
  if (tooDeep !== undefined) {
    throw invalidField(tooDeep, `nests more than ${L.depth} levels deep`);
  }
  validator ??= new Ajv({ allErrors: true }).compile(CircuitJsonSchema);
  if (validator(value)) return value as CircuitJson;
  const { field, expected } = firstIssue(validator.errors ?? []);
  throw invalidField(field, expected);
}

/** The pointer of a value nested deeper than `limit`, without recursion. */
function deepestPath(value: unknown, limit: number): string | undefined {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (item.depth > limit) return item.path;
    if (item.value === null || typeof item.value !== 'object') continue;
    for (const [key, child] of Object.entries(item.value))
      stack.push({ value: child, path: `${item.path}/${escapePointer(key)}`, depth: item.depth + 1 });
  }
  return undefined;
}

const depth = (e: ErrorObject): number => e.instancePath.split('/').length;

/** How many levels into the instance a schema path steps (`properties/x`, `items`). */
function schemaDescent(schemaPath: string): number {
  const segments = schemaPath.split('/');
  let levels = 0;
  for (let i = 0; i < segments.length; i += 1) {
    if (segments[i] === 'items') levels += 1;
    else if (segments[i] === 'properties') {
      levels += 1;
      i += 1;
    }
  }
  return levels;
}

const relativeDepth = (path: string, ancestor: string): number =>
  path === ancestor ? 0 : path.slice(ancestor.length + 1).split('/').length;

const escapePointer = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * The issue to report. A union (`op`, `kind`) makes Ajv report every branch; branches whose
 * discriminator does not match are dropped, so the errors of the intended branch remain.
 */
function firstIssue(errors: readonly ErrorObject[]): { field: string; expected: string } {
  const unions = new Set(errors.filter((e) => e.keyword === 'anyOf').map((e) => e.instancePath));
  const deadBranches = errors
    .filter((e) => e.keyword === 'const' && /\/(op|kind)$/.test(e.instancePath))
    .map((e) => ({
      object: e.instancePath.replace(/\/(op|kind)$/, ''),
      branch: e.schemaPath.replace(/\/properties\/(op|kind)\/const$/, '/'),
      allowed: e.params.allowedValue as unknown,
    }))
    .filter((d) => unions.has(d.object));
  const inDeadBranch = (e: ErrorObject) =>
    deadBranches.some(
      (d) =>
        e.schemaPath.startsWith(d.branch) &&
        (e.instancePath === d.object || e.instancePath.startsWith(`${d.object}/`)) &&
        // A nested expression's errors restart their schema path at its own root: the branch
        // prefix matches by accident, and its schema steps fall short of its instance depth.
        schemaDescent(e.schemaPath.slice(d.branch.length)) === relativeDepth(e.instancePath, d.object),
    );
  // Of the rest, the deepest: where a number or an expression fails, the expression's own error.
  const chosen = errors
    .filter((e) => e.keyword !== 'anyOf' && !inDeadBranch(e))
    .reduce<ErrorObject | undefined>(
      (best, e) => (best === undefined || depth(e) > depth(best) ? e : best),
      undefined,
    );
  if (chosen === undefined) {
    const union = errors.find((e) => e.keyword === 'anyOf');
    const dead = deadBranches.filter((d) => d.object === union?.instancePath);
    if (union !== undefined && dead.length > 0) {
      const key = errors.find((e) => e.keyword === 'const' && e.instancePath.startsWith(union.instancePath))!;
      return {
        field: key.instancePath,
        expected: `must be one of ${dead.map((d) => JSON.stringify(d.allowed)).join(', ')}`,
      };
    }
    return { field: union?.instancePath ?? '', expected: union?.message ?? 'is not a valid circuit' };
  }
  const params = chosen.params as { missingProperty?: unknown; additionalProperty?: unknown };
  const property = params.missingProperty ?? params.additionalProperty;
  const field =
    typeof property === 'string' ? `${chosen.instancePath}/${escapePointer(property)}` : chosen.instancePath;
  const expected =
    chosen.keyword === 'required'
      ? 'is required'
      : chosen.keyword === 'additionalProperties'
        ? 'is not a known field'
        : chosen.keyword === 'enum'
          ? `must be one of ${(chosen.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`
          : (chosen.message ?? chosen.keyword);
  return { field, expected };
}
