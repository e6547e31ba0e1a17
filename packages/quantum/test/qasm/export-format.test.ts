/**
 * The exporters' text pieces: numbers that read back as the same double, expressions whose
 * printed parentheses keep the tree's evaluation order, and renaming of reserved names.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluate, type Expr, type MathFunction } from '../../src/circuit/expr.js';
import { formatNumber, formatParam, NameTable, type Dialect } from '../../src/qasm/export-format.js';

/** Evaluates exporter output as JavaScript, whose precedence and IEEE operations match OpenQASM's here. */
function evaluateText(text: string, bindings: Record<string, number> = {}): number {
  const js = text
    .replace(/\^/g, '**')
    .replace(/\bln\(/g, 'log(')
    .replace(/\barc(sin|cos|tan)\(/g, 'a$1(');
  const names = [
    'pi',
    'sin',
    'cos',
    'tan',
    'asin',
    'acos',
    'atan',
    'exp',
    'log',
    'sqrt',
    ...Object.keys(bindings),
  ];
  const values = [
    Math.PI,
    Math.sin,
    Math.cos,
    Math.tan,
    Math.asin,
    Math.acos,
    Math.atan,
    Math.exp,
    Math.log,
    Math.sqrt,
    ...Object.values(bindings),
  ];
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  return (new Function(...names, `return ${js};`) as (...args: unknown[]) => number)(...values);
}

const finite = fc.double({ noNaN: true, noDefaultInfinity: true });
const piMultiple = fc
  .record({ p: fc.integer({ min: -64, max: 64 }), q: fc.integer({ min: 1, max: 64 }) })
  .map(({ p, q }) => (p * Math.PI) / q);

describe('formatNumber', () => {
  it('prints exact multiples of pi as such, and everything else as the shortest decimal', () => {
    expect(formatNumber(Math.PI, '3.0')).toBe('pi');
    expect(formatNumber(-Math.PI, '3.0')).toBe('-pi');
    expect(formatNumber(Math.PI / 2, '3.0')).toBe('pi/2');
    expect(formatNumber((3 * Math.PI) / 4, '3.0')).toBe('3*pi/4');
    expect(formatNumber(-Math.PI / 4, '3.0')).toBe('-pi/4');
    expect(formatNumber(2 * Math.PI, '3.0')).toBe('2*pi');
    expect(formatNumber(0.5, '3.0')).toBe('0.5');
    expect(formatNumber(0, '3.0')).toBe('0');
    expect(formatNumber(-0, '3.0')).toBe('-0');
    expect(formatNumber(1e-7, '3.0')).toBe('1e-7');
    expect(formatNumber(1e-7, '2.0')).toBe('1.0e-7');
    expect(formatNumber(-2.5e21, '2.0')).toBe('-2.5e+21');
    expect(formatNumber(1.5707963267948966 + 2e-16, '3.0')).toBe('1.5707963267948968');
  });

  it('reads back as the identical double, in both dialects', () => {
    fc.assert(
      fc.property(fc.oneof(finite, piMultiple), fc.constantFrom<Dialect>('3.0', '2.0'), (x, dialect) => {
        expect(Object.is(evaluateText(formatNumber(x, dialect)), x)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});

const FUNCTIONS: MathFunction[] = ['sin', 'cos', 'tan', 'arcsin', 'arccos', 'arctan', 'exp', 'log', 'sqrt'];

const exprArb: fc.Arbitrary<Expr> = fc.letrec<{ expr: Expr }>((tie) => ({
  expr: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.oneof(finite, piMultiple).map((value): Expr => ({ kind: 'number', value })),
    fc.constantFrom('a', 'b').map((name): Expr => ({ kind: 'parameter', name })),
    tie('expr').map((operand): Expr => ({ kind: 'unary', op: '-', operand })),
    fc
      .record({
        op: fc.constantFrom('+', '-', '*', '/', '**' as const),
        left: tie('expr'),
        right: tie('expr'),
      })
      .map((e): Expr => ({ kind: 'binary', ...e })),
    fc
      .record({ fn: fc.constantFrom(...FUNCTIONS), arg: tie('expr') })
      .map(({ fn, arg }): Expr => ({ kind: 'call', fn, args: [arg] })),
  ),
})).expr;

describe('formatParam', () => {
  const style = (dialect: Dialect) => ({ dialect, name: (n: string) => n });

  it('prints with only the parentheses the parse needs', () => {
    const a: Expr = { kind: 'parameter', name: 'a' };
    const two: Expr = { kind: 'number', value: 2 };
    const half: Expr = { kind: 'binary', op: '/', left: a, right: two };
    expect(formatParam(half, style('3.0'))).toBe('a/2');
    expect(formatParam({ kind: 'binary', op: '*', left: two, right: half }, style('3.0'))).toBe('2*(a/2)');
    expect(formatParam({ kind: 'binary', op: '-', left: half, right: half }, style('3.0'))).toBe('a/2 - a/2');
    expect(formatParam({ kind: 'unary', op: '-', operand: half }, style('3.0'))).toBe('-(a/2)');
    expect(formatParam({ kind: 'binary', op: '**', left: a, right: two }, style('2.0'))).toBe('a^2');
    expect(formatParam({ kind: 'call', fn: 'log', args: [a] }, style('2.0'))).toBe('ln(a)');
    expect(
      formatParam(
        { kind: 'binary', op: '/', left: a, right: { kind: 'number', value: -Math.PI / 2 } },
        style('3.0'),
      ),
    ).toBe('a/(-pi/2)');
  });

  it('evaluates to the same double as the expression it prints', () => {
    fc.assert(
      fc.property(exprArb, finite, finite, (e, a, b) => {
        const expected = evaluate(
          e,
          new Map([
            ['a', a],
            ['b', b],
          ]),
        );
        const text = formatParam(e, { ...style('3.0'), fail: (reason) => expect.fail(reason) });
        const actual = evaluateText(text, { a, b });
        expect(Object.is(actual, expected) || (Number.isNaN(actual) && Number.isNaN(expected)), text).toBe(
          true,
        );
      }),
      { numRuns: 1000 },
    );
  });

  it('reports what 2.0 cannot spell', () => {
    const fail = (reason: string): never => {
      throw new TypeError(reason);
    };
    const e: Expr = { kind: 'call', fn: 'arcsin', args: [{ kind: 'number', value: 0.5 }] };
    expect(() => formatParam(e, { dialect: '2.0', name: (n) => n, fail })).toThrow(
      "OpenQASM 2.0 has no function 'arcsin'",
    );
    expect(() =>
      formatParam({ kind: 'number', value: Infinity }, { dialect: '3.0', name: (n) => n, fail }),
    ).toThrow('no OpenQASM spelling');
  });
});

describe('NameTable', () => {
  it('keeps ordinary names and suffixes reserved ones consistently', () => {
    const names = new NameTable('3.0');
    expect(names.claim('q')).toBe('q');
    expect(names.claim('gate')).toBe('gate_1');
    expect(names.claim('measure')).toBe('measure_1');
    expect(names.claim('pi')).toBe('pi_1');
    expect(names.claim('input')).toBe('input_1');
    expect(names.claim('h')).toBe('h_1');
    expect(names.get('gate')).toBe('gate_1');
    expect(names.claim('gate_1')).toBe('gate_1_1');
    expect(names.claim('θ')).toBe('_');
  });

  it('gives 2.0 names a lower-case start and avoids qelib1.inc gates', () => {
    const names = new NameTable('2.0');
    expect(names.claim('q')).toBe('q');
    expect(names.claim('Q')).toBe('q_1');
    expect(names.claim('_tmp')).toBe('v_tmp');
    expect(names.claim('rzz')).toBe('rzz_1');
    expect(names.claim('cu1')).toBe('cu1_1');
  });

  it('avoids the names it is given', () => {
    const local = new NameTable('3.0', ['rzz']);
    expect(local.claim('rzz')).toBe('rzz_1');
    expect(local.claim('theta')).toBe('theta');
  });
});
