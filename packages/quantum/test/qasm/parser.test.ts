import { describe, expect, it } from 'vitest';
import {
  stripSpans,
  type BinaryOperator,
  type ClassicalAssignment,
  type Expression,
  type Identifier,
  type IndexedIdentifier,
  type IndexElement,
  type QuantumGate,
  type QuantumGateModifier,
  type QubitOperand,
  type ScalarType,
  type ScalarTypeName,
  type Statement,
} from '../../src/qasm/ast.js';
import { parse } from '../../src/qasm/parser.js';
import { expectAppError } from '@lab/server-kit/testing';

// ---------------------------------------------------------------- tree builders

const id = (name: string): Identifier => ({ kind: 'Identifier', name });
const int = (value: number): Expression => ({ kind: 'IntegerLiteral', value });
const float = (value: number): Expression => ({ kind: 'FloatLiteral', value });
const bin = (op: BinaryOperator, left: Expression, right: Expression): Expression => ({
  kind: 'BinaryExpression',
  op,
  left,
  right,
});
const neg = (operand: Expression): Expression => ({ kind: 'UnaryExpression', op: '-', operand });
const at = (name: string, ...indices: IndexElement[]): IndexedIdentifier => ({
  kind: 'IndexedIdentifier',
  name: id(name),
  indices,
});
/** `q[i]` with integer indices, one bracket each. */
const bit = (name: string, ...indices: number[]): IndexedIdentifier =>
  at(name, ...indices.map((i) => [int(i)]));
const scalar = (name: ScalarTypeName, size?: number): ScalarType =>
  size === undefined ? { kind: 'ScalarType', name } : { kind: 'ScalarType', name, size: int(size) };
const gate = (name: string, qubits: QubitOperand[], more: Partial<QuantumGate> = {}): QuantumGate => ({
  kind: 'QuantumGate',
  modifiers: [],
  name: id(name),
  args: [],
  qubits,
  ...more,
});
const modifier = (name: QuantumGateModifier['modifier'], argument?: Expression): QuantumGateModifier =>
  argument === undefined
    ? { kind: 'QuantumGateModifier', modifier: name }
    : { kind: 'QuantumGateModifier', modifier: name, argument };

/** The statements of `source`, without spans. */
function statements(source: string): Statement[] {
  return stripSpans([...parse(source).statements]);
}

function single(source: string): Statement {
  const all = statements(source);
  expect(all, source).toHaveLength(1);
  return all[0] as Statement;
}

/** The expression `source`, parsed as the right-hand side of an assignment. */
function expr(source: string, version = '3.0'): Expression {
  const [statement] = parse(`OPENQASM ${version};\nx = ${source};`).statements;
  expect(statement?.kind).toBe('ClassicalAssignment');
  return stripSpans((statement as ClassicalAssignment).rvalue);
}

function syntaxError(source: string, line: number, column: number, ...fragments: string[]) {
  const error = expectAppError(() => parse(source), 'INVALID_QASM', ...fragments);
  expect(error.details).toMatchObject({ line, column });
  return error;
}

// ---------------------------------------------------------------- program and declarations

describe('parse: the program', () => {
  it.each(['3', '3.0', '2.0'])('reads the version line OPENQASM %s;', (version) => {
    expect(stripSpans(parse(`OPENQASM ${version};\nqubit q;`))).toEqual({
      kind: 'Program',
      version,
      statements: [{ kind: 'QubitDeclaration', name: id('q') }],
    });
  });

  it('has no version without the line, and accepts an empty file', () => {
    expect(stripSpans(parse(''))).toEqual({ kind: 'Program', statements: [] });
    expect(parse('// only a comment').version).toBeUndefined();
  });

  it('reads includes, 2.0 registers and OpenQASM 3 declarations', () => {
    expect(statements('include "stdgates.inc";\nqreg q[2];\ncreg c[2];\nqubit r;\nqubit[4] s;')).toEqual([
      { kind: 'Include', path: 'stdgates.inc' },
      { kind: 'QubitDeclaration', name: id('q'), size: int(2), legacy: true },
      { kind: 'ClassicalDeclaration', type: scalar('bit', 2), name: id('c'), legacy: true },
      { kind: 'QubitDeclaration', name: id('r') },
      { kind: 'QubitDeclaration', name: id('s'), size: int(4) },
    ]);
  });

  it.each([
    ['bit b;', scalar('bit')],
    ['bit[4] b;', scalar('bit', 4)],
    ['int b;', scalar('int')],
    ['int[32] b;', scalar('int', 32)],
    ['uint[8] b;', scalar('uint', 8)],
    ['float b;', scalar('float')],
    ['float[64] b;', scalar('float', 64)],
    ['angle[20] b;', scalar('angle', 20)],
    ['bool b;', scalar('bool')],
    ['complex b;', scalar('complex')],
    ['complex[float[64]] b;', scalar('complex', 64)],
    ['duration b;', scalar('duration')],
    ['stretch b;', scalar('stretch')],
  ])('declares %s', (source, type) => {
    expect(single(source)).toEqual({ kind: 'ClassicalDeclaration', type, name: id('b') });
  });

  it('declares with initial values, measurements, arrays, constants, inputs and outputs', () => {
    expect(
      statements(
        'int[8] n = 3;\nbit c = measure q[0];\narray[int[8], 4, 2] a;\nconst int m = n * 2;\n' +
          'input float theta;\noutput bit[2] r;\nbit[4] s = "01_01";',
      ),
    ).toEqual([
      { kind: 'ClassicalDeclaration', type: scalar('int', 8), name: id('n'), init: int(3) },
      {
        kind: 'ClassicalDeclaration',
        type: scalar('bit'),
        name: id('c'),
        init: { kind: 'MeasureExpression', operand: bit('q', 0) },
      },
      {
        kind: 'ClassicalDeclaration',
        type: { kind: 'ArrayType', base: scalar('int', 8), dimensions: [int(4), int(2)] },
        name: id('a'),
      },
      { kind: 'ConstantDeclaration', type: scalar('int'), name: id('m'), init: bin('*', id('n'), int(2)) },
      { kind: 'IODeclaration', io: 'input', type: scalar('float'), name: id('theta') },
      { kind: 'IODeclaration', io: 'output', type: scalar('bit', 2), name: id('r') },
      {
        kind: 'ClassicalDeclaration',
        type: scalar('bit', 4),
        name: id('s'),
        init: { kind: 'BitstringLiteral', value: '0101' },
      },
    ]);
  });

  it('reads let aliases with slices, sets and ++', () => {
    expect(statements('let a = q[1:3];\nlet b = q[{0, 2}] ++ r ++ s[0];')).toEqual([
      {
        kind: 'AliasStatement',
        name: id('a'),
        value: {
          kind: 'IndexExpression',
          collection: id('q'),
          index: [{ kind: 'RangeDefinition', start: int(1), end: int(3) }],
        },
      },
      {
        kind: 'AliasStatement',
        name: id('b'),
        value: {
          kind: 'Concatenation',
          left: {
            kind: 'Concatenation',
            left: {
              kind: 'IndexExpression',
              collection: id('q'),
              index: { kind: 'DiscreteSet', values: [int(0), int(2)] },
            },
            right: id('r'),
          },
          right: { kind: 'IndexExpression', collection: id('s'), index: [int(0)] },
        },
      },
    ]);
  });
});

// ---------------------------------------------------------------- gates

describe('parse: gates', () => {
  it('reads gate definitions with and without parameters, and 2.0 opaque gates', () => {
    expect(
      statements(
        'gate rzz(theta) a, b { cx a, b; rz(theta) b; cx a, b; }\ngate g() q { }\ngate bell a,b { h a; ctrl @ x a, b; }\nopaque magic(t, u) a, b;\nopaque m q;',
      ),
    ).toEqual([
      {
        kind: 'QuantumGateDefinition',
        name: id('rzz'),
        params: [id('theta')],
        qubits: [id('a'), id('b')],
        body: [
          gate('cx', [id('a'), id('b')]),
          gate('rz', [id('b')], { args: [id('theta')] }),
          gate('cx', [id('a'), id('b')]),
        ],
      },
      { kind: 'QuantumGateDefinition', name: id('g'), params: [], qubits: [id('q')], body: [] },
      {
        kind: 'QuantumGateDefinition',
        name: id('bell'),
        params: [],
        qubits: [id('a'), id('b')],
        body: [gate('h', [id('a')]), gate('x', [id('a'), id('b')], { modifiers: [modifier('ctrl')] })],
      },
      { kind: 'OpaqueDefinition', name: id('magic'), params: [id('t'), id('u')], qubits: [id('a'), id('b')] },
      { kind: 'OpaqueDefinition', name: id('m'), params: [], qubits: [id('q')] },
    ]);
  });

  it('reads gate calls with arguments, U, CX, physical qubits and broadcast registers', () => {
    expect(statements('U(pi/2, 0, pi) q[0];\nCX q[0], q[1];\nh $0;\ncx q, r;\nrx(0.5,) a,;')).toEqual([
      gate('U', [bit('q', 0)], { args: [bin('/', id('pi'), int(2)), int(0), id('pi')] }),
      gate('CX', [bit('q', 0), bit('q', 1)]),
      gate('h', [id('$0')]),
      gate('cx', [id('q'), id('r')]),
      gate('rx', [id('a')], { args: [float(0.5)] }),
    ]);
  });

  it('reads every modifier, chained', () => {
    expect(
      single('ctrl @ ctrl(2) @ negctrl @ negctrl(1) @ inv @ pow(0.5) @ rx(a) q0, q1, q2, q3, q4, q5;'),
    ).toEqual(
      gate('rx', ['q0', 'q1', 'q2', 'q3', 'q4', 'q5'].map(id), {
        args: [id('a')],
        modifiers: [
          modifier('ctrl'),
          modifier('ctrl', int(2)),
          modifier('negctrl'),
          modifier('negctrl', int(1)),
          modifier('inv'),
          modifier('pow', float(0.5)),
        ],
      }),
    );
  });

  it('reads gphase alone, with qubits and under modifiers', () => {
    expect(statements('gphase(pi);\nctrl @ gphase(a) q[0];')).toEqual([
      { kind: 'QuantumPhase', modifiers: [], argument: id('pi'), qubits: [] },
      { kind: 'QuantumPhase', modifiers: [modifier('ctrl')], argument: id('a'), qubits: [bit('q', 0)] },
    ]);
  });

  it('reads a gate duration', () => {
    expect(statements('h[100ns] q;\nrx(a)[2us] q;')).toEqual([
      gate('h', [id('q')], { duration: { kind: 'DurationLiteral', value: 100, unit: 'ns' } }),
      gate('rx', [id('q')], { args: [id('a')], duration: { kind: 'DurationLiteral', value: 2, unit: 'us' } }),
    ]);
  });

  it('reads every form of index: ranges, steps, open ranges, sets, several brackets and several items', () => {
    const operands = (
      single('x q[1:2], q[0:2:10], q[:], q[::-1], q[1:], q[{0, 3}], a[1][2], a[1, 2:3];') as QuantumGate
    ).qubits;
    expect(operands).toEqual([
      at('q', [{ kind: 'RangeDefinition', start: int(1), end: int(2) }]),
      at('q', [{ kind: 'RangeDefinition', start: int(0), step: int(2), end: int(10) }]),
      at('q', [{ kind: 'RangeDefinition' }]),
      at('q', [{ kind: 'RangeDefinition', end: neg(int(1)) }]),
      at('q', [{ kind: 'RangeDefinition', start: int(1) }]),
      at('q', { kind: 'DiscreteSet', values: [int(0), int(3)] }),
      bit('a', 1, 2),
      at('a', [int(1), { kind: 'RangeDefinition', start: int(2), end: int(3) }]),
    ]);
  });
});

// ---------------------------------------------------------------- quantum instructions

describe('parse: measurement, reset, barrier, timing', () => {
  it('reads measure in all its forms', () => {
    const measure = (operand: QubitOperand) => ({ kind: 'MeasureExpression', operand });
    expect(
      statements('measure q;\nc = measure q;\nc[0] = measure q[0];\nmeasure q -> c;\nmeasure q[1] -> c[1];'),
    ).toEqual([
      { kind: 'QuantumMeasurementStatement', measure: measure(id('q')) },
      { kind: 'QuantumMeasurementStatement', measure: measure(id('q')), target: id('c') },
      { kind: 'QuantumMeasurementStatement', measure: measure(bit('q', 0)), target: bit('c', 0) },
      { kind: 'QuantumMeasurementStatement', measure: measure(id('q')), target: id('c'), arrow: true },
      {
        kind: 'QuantumMeasurementStatement',
        measure: measure(bit('q', 1)),
        target: bit('c', 1),
        arrow: true,
      },
    ]);
  });

  it('reads reset and barrier with and without operands', () => {
    expect(statements('reset q[0];\nbarrier;\nbarrier q;\nbarrier a[0], b;')).toEqual([
      { kind: 'QuantumReset', qubits: bit('q', 0) },
      { kind: 'QuantumBarrier', qubits: [] },
      { kind: 'QuantumBarrier', qubits: [id('q')] },
      { kind: 'QuantumBarrier', qubits: [bit('a', 0), id('b')] },
    ]);
  });

  it('reads delay and box', () => {
    const ns = { kind: 'DurationLiteral', value: 100, unit: 'ns' };
    expect(statements('delay[100ns] q[0], q[1];\ndelay[100ns];\nbox { h q; }\nbox[10us] { }')).toEqual([
      { kind: 'DelayInstruction', duration: ns, qubits: [bit('q', 0), bit('q', 1)] },
      { kind: 'DelayInstruction', duration: ns, qubits: [] },
      { kind: 'Box', body: [gate('h', [id('q')])] },
      { kind: 'Box', duration: { kind: 'DurationLiteral', value: 10, unit: 'us' }, body: [] },
    ]);
  });
});

// ---------------------------------------------------------------- classical statements

describe('parse: assignments and expression statements', () => {
  it.each(['=', '+=', '-=', '*=', '/=', '%=', '**=', '&=', '|=', '^=', '<<=', '>>='] as const)(
    'reads the assignment %s',
    (op) => {
      expect(single(`c[0] ${op} 1;`)).toEqual({
        kind: 'ClassicalAssignment',
        op,
        lvalue: bit('c', 0),
        rvalue: int(1),
      });
    },
  );

  it('reads assignments to elements of several dimensions', () => {
    expect(statements('a[1][2] = 3;\na[1, 2] = x;')).toEqual([
      { kind: 'ClassicalAssignment', op: '=', lvalue: bit('a', 1, 2), rvalue: int(3) },
      { kind: 'ClassicalAssignment', op: '=', lvalue: at('a', [int(1), int(2)]), rvalue: id('x') },
    ]);
  });

  it('reads calls, casts and other expressions as statements', () => {
    expect(statements('flip(q[0]);\nf(x)[1] + 1;\nfloat[64](x);\nc[0] == 1;\n(a);\n-1;')).toEqual([
      {
        kind: 'ExpressionStatement',
        expression: {
          kind: 'FunctionCall',
          name: id('flip'),
          args: [{ kind: 'IndexExpression', collection: id('q'), index: [int(0)] }],
        },
      },
      {
        kind: 'ExpressionStatement',
        expression: bin(
          '+',
          {
            kind: 'IndexExpression',
            collection: { kind: 'FunctionCall', name: id('f'), args: [id('x')] },
            index: [int(1)],
          },
          int(1),
        ),
      },
      {
        kind: 'ExpressionStatement',
        expression: { kind: 'Cast', type: scalar('float', 64), argument: id('x') },
      },
      {
        kind: 'ExpressionStatement',
        expression: bin('==', { kind: 'IndexExpression', collection: id('c'), index: [int(0)] }, int(1)),
      },
      { kind: 'ExpressionStatement', expression: id('a') },
      { kind: 'ExpressionStatement', expression: neg(int(1)) },
    ]);
  });
});

describe('parse: control flow', () => {
  it('reads if and else, braced and single, and else-if chains', () => {
    const cond = bin('==', id('c'), int(1));
    expect(
      statements(
        'if (c == 1) { x q; } else { z q; }\nif (c[0]) x q;\nif (c == 1) x q; else if (c == 2) y q; else z q;',
      ),
    ).toEqual([
      {
        kind: 'BranchingStatement',
        condition: cond,
        ifBlock: [gate('x', [id('q')])],
        elseBlock: [gate('z', [id('q')])],
      },
      {
        kind: 'BranchingStatement',
        condition: { kind: 'IndexExpression', collection: id('c'), index: [int(0)] },
        ifBlock: [gate('x', [id('q')])],
        elseBlock: [],
      },
      {
        kind: 'BranchingStatement',
        condition: cond,
        ifBlock: [gate('x', [id('q')])],
        elseBlock: [
          {
            kind: 'BranchingStatement',
            condition: bin('==', id('c'), int(2)),
            ifBlock: [gate('y', [id('q')])],
            elseBlock: [gate('z', [id('q')])],
          },
        ],
      },
    ]);
  });

  it("reads 2.0's if (c == 1) x q[0];", () => {
    expect(statements('OPENQASM 2.0;\nif (c == 1) x q[0];')).toEqual([
      {
        kind: 'BranchingStatement',
        condition: bin('==', id('c'), int(1)),
        ifBlock: [gate('x', [bit('q', 0)])],
        elseBlock: [],
      },
    ]);
  });

  it('reads for loops over ranges, sets and registers, with and without a type', () => {
    const body = [gate('x', [at('q', [id('i')])])];
    expect(
      statements(
        'for int i in [0:3] { x q[i]; }\nfor uint i in [0:2:6] x q[i];\nfor i in {1, 5} { x q[i]; }\nfor bit i in c { x q[i]; }',
      ),
    ).toEqual([
      {
        kind: 'ForInLoop',
        type: scalar('int'),
        identifier: id('i'),
        set: { kind: 'RangeDefinition', start: int(0), end: int(3) },
        block: body,
      },
      {
        kind: 'ForInLoop',
        type: scalar('uint'),
        identifier: id('i'),
        set: { kind: 'RangeDefinition', start: int(0), step: int(2), end: int(6) },
        block: body,
      },
      {
        kind: 'ForInLoop',
        identifier: id('i'),
        set: { kind: 'DiscreteSet', values: [int(1), int(5)] },
        block: body,
      },
      { kind: 'ForInLoop', type: scalar('bit'), identifier: id('i'), set: id('c'), block: body },
    ]);
  });

  it('reads while, break and continue', () => {
    expect(single('while (i < 3) { i += 1; break; continue; }')).toEqual({
      kind: 'WhileLoop',
      condition: bin('<', id('i'), int(3)),
      block: [
        { kind: 'ClassicalAssignment', op: '+=', lvalue: id('i'), rvalue: int(1) },
        { kind: 'BreakStatement' },
        { kind: 'ContinueStatement' },
      ],
    });
  });

  it('reads switch with cases of several values and a default', () => {
    expect(single('switch (c) { case 0, 1 { x q; } case 2, { } default { z q; } }')).toEqual({
      kind: 'SwitchStatement',
      target: id('c'),
      cases: [
        { kind: 'SwitchCase', values: [int(0), int(1)], block: [gate('x', [id('q')])] },
        { kind: 'SwitchCase', values: [int(2)], block: [] },
      ],
      default: [gate('z', [id('q')])],
    });
    expect(single('switch (c) { }')).toEqual({ kind: 'SwitchStatement', target: id('c'), cases: [] });
  });

  it('reads bare blocks', () => {
    expect(single('{ x q; { } }')).toEqual({
      kind: 'CompoundStatement',
      body: [gate('x', [id('q')]), { kind: 'CompoundStatement', body: [] }],
    });
  });
});

describe('parse: subroutines, extern and calibration', () => {
  it('reads def with classical and quantum arguments and a return type', () => {
    expect(
      single(
        'def f(qubit q, qubit[2] r, qreg s[3], creg c[2], float[64] x, readonly array[int[8], #dim = 1] a, ' +
          'mutable array[uint[8], 2, 3] m) -> bit { x q; return measure q; }',
      ),
    ).toEqual({
      kind: 'SubroutineDefinition',
      name: id('f'),
      args: [
        { kind: 'QuantumArgument', name: id('q') },
        { kind: 'QuantumArgument', name: id('r'), size: int(2) },
        { kind: 'QuantumArgument', name: id('s'), size: int(3) },
        { kind: 'ClassicalArgument', type: scalar('bit', 2), name: id('c') },
        { kind: 'ClassicalArgument', type: scalar('float', 64), name: id('x') },
        {
          kind: 'ClassicalArgument',
          type: { kind: 'ArrayType', base: scalar('int', 8), dimensions: [], dim: int(1) },
          name: id('a'),
          access: 'readonly',
        },
        {
          kind: 'ClassicalArgument',
          type: { kind: 'ArrayType', base: scalar('uint', 8), dimensions: [int(2), int(3)] },
          name: id('m'),
          access: 'mutable',
        },
      ],
      returnType: scalar('bit'),
      body: [
        gate('x', [id('q')]),
        { kind: 'ReturnStatement', expression: { kind: 'MeasureExpression', operand: id('q') } },
      ],
    });
  });

  it('reads def without arguments or return type, and return in its forms', () => {
    expect(single('def g() { return; return x + 1; }')).toEqual({
      kind: 'SubroutineDefinition',
      name: id('g'),
      args: [],
      body: [{ kind: 'ReturnStatement' }, { kind: 'ReturnStatement', expression: bin('+', id('x'), int(1)) }],
    });
  });

  it('reads extern declarations', () => {
    expect(
      statements('extern parity(bit[4], readonly array[int[8], 2], creg[3]) -> bit;\nextern tick();'),
    ).toEqual([
      {
        kind: 'ExternDeclaration',
        name: id('parity'),
        args: [
          scalar('bit', 4),
          { kind: 'ArrayType', base: scalar('int', 8), dimensions: [int(2)] },
          scalar('bit', 3),
        ],
        returnType: scalar('bit'),
      },
      { kind: 'ExternDeclaration', name: id('tick'), args: [] },
    ]);
  });

  it('keeps calibration bodies as raw text', () => {
    expect(
      statements(
        'defcalgrammar "openpulse";\ncal { frame f = newframe(p, 5e9, 0); }\ndefcal rx(angle[20] t) $0 -> bit { play(f, { 1 }); }\ndefcal measure $1 { }',
      ),
    ).toEqual([
      { kind: 'CalibrationGrammarDeclaration', name: 'openpulse' },
      { kind: 'CalibrationStatement', body: ' frame f = newframe(p, 5e9, 0); ' },
      { kind: 'CalibrationDefinition', name: id('rx'), body: ' play(f, { 1 }); ' },
      { kind: 'CalibrationDefinition', name: id('measure'), body: ' ' },
    ]);
  });
});

describe('parse: pragmas and annotations', () => {
  it('reads pragmas as statements and attaches annotations to the next statement', () => {
    expect(
      statements('#pragma vendor.opt level=3\npragma seed 7\n@bind a b\n@reversible\nh q;\n{ @inner\nx q; }'),
    ).toEqual([
      { kind: 'Pragma', command: 'vendor.opt level=3' },
      { kind: 'Pragma', command: 'seed 7' },
      {
        ...gate('h', [id('q')]),
        annotations: [
          { kind: 'Annotation', keyword: 'bind', command: 'a b' },
          { kind: 'Annotation', keyword: 'reversible' },
        ],
      },
      {
        kind: 'CompoundStatement',
        body: [{ ...gate('x', [id('q')]), annotations: [{ kind: 'Annotation', keyword: 'inner' }] }],
      },
    ]);
  });

  it('refuses an annotation with no statement after it', () => {
    syntaxError('h q;\n@bind x\n', 3, 1, 'expected a statement after the annotation, found end of file');
    syntaxError('{ @bind x\n}', 2, 1, "expected a statement after the annotation, found '}'");
    syntaxError('@bind x\npragma y', 2, 1, 'a pragma cannot be annotated');
  });
});

// ---------------------------------------------------------------- expressions

describe('parse: expressions', () => {
  it('reads every literal', () => {
    expect(
      stripSpans(
        (single('f(1, 0x1f, 1.5, .5, 2im, true, "01", 10dt, 2.5us, π, $1);') as { expression: Expression })
          .expression,
      ),
    ).toEqual({
      kind: 'FunctionCall',
      name: id('f'),
      args: [
        int(1),
        int(31),
        float(1.5),
        float(0.5),
        { kind: 'ImaginaryLiteral', value: 2 },
        { kind: 'BooleanLiteral', value: true },
        { kind: 'BitstringLiteral', value: '01' },
        { kind: 'DurationLiteral', value: 10, unit: 'dt' },
        { kind: 'DurationLiteral', value: 2.5, unit: 'us' },
        id('π'),
        id('$1'),
      ],
    });
  });

  it.each([
    ['1 + 2 * 3', bin('+', int(1), bin('*', int(2), int(3)))],
    ['1 - 2 - 3', bin('-', bin('-', int(1), int(2)), int(3))],
    ['a * b % c / d', bin('/', bin('%', bin('*', id('a'), id('b')), id('c')), id('d'))],
    ['(1 + 2) * 3', bin('*', bin('+', int(1), int(2)), int(3))],
    ['2 ** 3 ** 2', bin('**', int(2), bin('**', int(3), int(2)))],
    ['-2 ** 2', neg(bin('**', int(2), int(2)))],
    ['2 ** -1', bin('**', int(2), neg(int(1)))],
    ['-a * b', bin('*', neg(id('a')), id('b'))],
    ['a || b && c', bin('||', id('a'), bin('&&', id('b'), id('c')))],
    ['a | b ^ c & d', bin('|', id('a'), bin('^', id('b'), bin('&', id('c'), id('d'))))],
    ['a & b == c', bin('&', id('a'), bin('==', id('b'), id('c')))],
    ['a == b < c', bin('==', id('a'), bin('<', id('b'), id('c')))],
    ['a != b >= c', bin('!=', id('a'), bin('>=', id('b'), id('c')))],
    ['a <= b << c', bin('<=', id('a'), bin('<<', id('b'), id('c')))],
    ['a >> b + c', bin('>>', id('a'), bin('+', id('b'), id('c')))],
    ['a > b', bin('>', id('a'), id('b'))],
    ['a && b || c && d', bin('||', bin('&&', id('a'), id('b')), bin('&&', id('c'), id('d')))],
    [
      '!a && ~b',
      bin(
        '&&',
        { kind: 'UnaryExpression', op: '!', operand: id('a') },
        { kind: 'UnaryExpression', op: '~', operand: id('b') },
      ),
    ],
    ['a[0] ** 2', bin('**', { kind: 'IndexExpression', collection: id('a'), index: [int(0)] }, int(2))],
    [
      'sin(pi / 2) + 1',
      bin('+', { kind: 'FunctionCall', name: id('sin'), args: [bin('/', id('pi'), int(2))] }, int(1)),
    ],
    [
      'int(b) + bool(c)',
      bin(
        '+',
        { kind: 'Cast', type: scalar('int'), argument: id('b') },
        { kind: 'Cast', type: scalar('bool'), argument: id('c') },
      ),
    ],
  ])('%s', (source, tree) => {
    expect(expr(source)).toEqual(tree);
  });

  it("reads 2.0's ^ as power, and 3's ^ as exclusive or", () => {
    expect(expr('2^3^2', '2.0')).toEqual(bin('**', int(2), bin('**', int(3), int(2))));
    expect(expr('-a^2 * b', '2.0')).toEqual(bin('*', neg(bin('**', id('a'), int(2))), id('b')));
    expect(expr('1 ^ 2 ^ 3')).toEqual(bin('^', bin('^', int(1), int(2)), int(3)));
  });

  it('reads casts to sized and array types', () => {
    expect(expr('float[64](x) + uint[8](y)')).toEqual(
      bin(
        '+',
        { kind: 'Cast', type: scalar('float', 64), argument: id('x') },
        { kind: 'Cast', type: scalar('uint', 8), argument: id('y') },
      ),
    );
  });
});

// ---------------------------------------------------------------- spans

describe('parse: spans', () => {
  it('spans each node from its first to its last character, across comments and lines', () => {
    const program = parse('OPENQASM 3.0;\n/* a\n comment */ cx q[0],\n      q[1]; // done\n', {
      file: 'bell.qasm',
    });
    const statement = program.statements[0] as QuantumGate;
    expect(statement.span).toEqual({ line: 3, column: 13, endLine: 4, endColumn: 11, file: 'bell.qasm' });
    expect(statement.name.span).toEqual({
      line: 3,
      column: 13,
      endLine: 3,
      endColumn: 14,
      file: 'bell.qasm',
    });
    const second = statement.qubits[1] as IndexedIdentifier;
    expect(second.span).toMatchObject({ line: 4, column: 7, endLine: 4, endColumn: 10 });
    expect(second.name.span).toMatchObject({ line: 4, column: 7, endColumn: 7 });
    expect(program.span).toEqual({ line: 1, column: 1, endLine: 4, endColumn: 11, file: 'bell.qasm' });
  });

  it('spans expressions, annotations and the statement after them', () => {
    const [statement] = parse('@bind x\n  theta = -(a + b) * 2;').statements;
    const assignment = statement as ClassicalAssignment;
    expect(assignment.annotations?.[0]?.span).toEqual({ line: 1, column: 1, endLine: 1, endColumn: 7 });
    expect(assignment.span).toEqual({ line: 2, column: 3, endLine: 2, endColumn: 23 });
    expect(assignment.rvalue.span).toEqual({ line: 2, column: 11, endLine: 2, endColumn: 22 });
    const product = assignment.rvalue as Extract<Expression, { kind: 'BinaryExpression' }>;
    expect(product.left.span).toEqual({ line: 2, column: 11, endLine: 2, endColumn: 18 });
    expect(product.right.span).toEqual({ line: 2, column: 22, endLine: 2, endColumn: 22 });
  });

  it('produces every node kind of the syntax tree, each with a span', () => {
    const program = parse(
      [
        'OPENQASM 3.0;',
        'include "stdgates.inc";',
        '#pragma keep',
        'qubit[2] q; qreg r[1]; bit[2] c; const int n = 2; input angle[8] t; output bool o;',
        'let both = q[0:1] ++ r[{0}];',
        'gate g(a) x { U(a, 0, 0) x; }',
        'opaque m x;',
        'def f(qubit x, readonly array[int, #dim = 1] v, float y) -> bit { return measure x; }',
        'extern e(creg[2]) -> bit;',
        '@a note',
        'ctrl(2) @ rx(-t ** 2)[1ns] q[0], q[1], $0;',
        'gphase(1.5);',
        'c = measure q; reset q[0]; barrier q; delay[1ns] q; box { }',
        'c[0] = true; f(q[0], v, 2im); n += float[64](y) / sizeof(c);',
        'if (c == "01") { } else { }',
        'for int i in [0:1] { break; } for i in {0, 1} { continue; } while (!o) { }',
        'switch (n) { case 1 { } default { } }',
        'defcalgrammar "openpulse"; cal { } defcal x $0 { }',
        '{ duration d = 10ns; }',
      ].join('\n'),
    );
    const kinds = new Set<string>();
    const missingSpans: string[] = [];
    const visit = (node: unknown, path: string): void => {
      if (Array.isArray(node)) return node.forEach((child, i) => visit(child, `${path}[${i}]`));
      if (node === null || typeof node !== 'object') return;
      const record = node as Record<string, unknown>;
      if (typeof record.kind === 'string') {
        kinds.add(record.kind);
        if (record.span === undefined) missingSpans.push(`${path} ${record.kind}`);
      }
      for (const [key, value] of Object.entries(record)) if (key !== 'span') visit(value, `${path}.${key}`);
    };
    visit(program, 'program');
    expect(missingSpans).toEqual([]);
    expect([...kinds].sort()).toEqual(
      [
        ...[
          'Identifier',
          'IntegerLiteral',
          'FloatLiteral',
          'ImaginaryLiteral',
          'BooleanLiteral',
          'BitstringLiteral',
        ],
        ...[
          'DurationLiteral',
          'UnaryExpression',
          'BinaryExpression',
          'FunctionCall',
          'Cast',
          'IndexExpression',
        ],
        ...['RangeDefinition', 'DiscreteSet', 'Concatenation', 'MeasureExpression', 'IndexedIdentifier'],
        ...[
          'ScalarType',
          'ArrayType',
          'Pragma',
          'Annotation',
          'Include',
          'QubitDeclaration',
          'ClassicalDeclaration',
        ],
        ...['ConstantDeclaration', 'IODeclaration', 'AliasStatement', 'QuantumGateModifier', 'QuantumGate'],
        ...[
          'QuantumPhase',
          'QuantumMeasurementStatement',
          'QuantumReset',
          'QuantumBarrier',
          'DelayInstruction',
          'Box',
        ],
        ...['QuantumGateDefinition', 'OpaqueDefinition', 'ClassicalAssignment', 'ExpressionStatement'],
        ...[
          'BranchingStatement',
          'ForInLoop',
          'WhileLoop',
          'BreakStatement',
          'ContinueStatement',
          'SwitchCase',
        ],
        ...[
          'SwitchStatement',
          'ClassicalArgument',
          'QuantumArgument',
          'SubroutineDefinition',
          'ReturnStatement',
        ],
        ...[
          'ExternDeclaration',
          'CalibrationGrammarDeclaration',
          'CalibrationStatement',
          'CalibrationDefinition',
        ],
        ...['CompoundStatement', 'Program'],
      ].sort(),
    );
  });
});

// ---------------------------------------------------------------- errors

describe('parse: errors', () => {
  it("points just after the line's last token when a ';' is missing at the end of a line", () => {
    const error = syntaxError('qubit q;\nh q\nx q;', 2, 4, "expected ';' after the statement, found 'x'");
    expect(error.details).toMatchObject({ found: 'x', expected: "';' after the statement" });
  });

  it('points at the token found when it is on the same line', () => {
    syntaxError('qubit q;\nh q x q;', 2, 5, "expected ';' after the statement, found 'x'");
    syntaxError('cx a b;', 1, 6, "found 'b'; separate the operands with ','");
  });

  it("suggests '==' for '=' in a condition", () => {
    syntaxError(
      'if (c = 1) x q;',
      1,
      7,
      "expected ')' to close the '(' at 1:4, found '='; did you mean '=='?",
    );
  });

  it('names the brace a block leaves open at the end of the file', () => {
    syntaxError('gate g q {\n  h q;\n', 2, 7, "expected '}' to close the '{' at 1:10, found end of file");
  });

  it('says where the version line belongs', () => {
    syntaxError('qubit q;\nOPENQASM 3.0;', 2, 1, 'the version line must be the first statement');
    syntaxError('OPENQASM three;', 1, 10, "expected a version number after 'OPENQASM'");
  });

  it('names the file in errors', () => {
    const error = expectAppError(() => parse('h q', { file: 'a.qasm' }), 'INVALID_QASM', 'a.qasm:1:4:');
    expect(error.details).toMatchObject({ file: 'a.qasm', line: 1, column: 4 });
  });

  it('refuses nesting deep enough to exhaust the stack', () => {
    syntaxError(`x = ${'('.repeat(5000)}1${')'.repeat(5000)};`, 1, 260, 'nesting is too deep');
    syntaxError('{'.repeat(5000), 1, 129, 'nesting is too deep');
  });

  it('refuses array literals and durationof with UNSUPPORTED_QASM_FEATURE', () => {
    const literal = expectAppError(
      () => parse('array[int, 2] a = {1, 2};'),
      'UNSUPPORTED_QASM_FEATURE',
      'array literal',
    );
    expect(literal.details).toMatchObject({ line: 1, column: 19 });
    expectAppError(
      () => parse('duration d = durationof({ x q; });'),
      'UNSUPPORTED_QASM_FEATURE',
      'durationof',
    );
  });

  it('refuses a measurement where only an expression can be', () => {
    syntaxError('c += measure q;', 1, 6, "only '=' can assign a measurement");
    syntaxError('x = 1 + measure q;', 1, 9, 'a measurement can only stand alone');
  });
});
