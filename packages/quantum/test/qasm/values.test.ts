/**
 * Operators lifted to symbolic and runtime values: exact truth sets for register comparisons
 * and logic, values computed per assignment of the bits read, and symbolic expressions.
 */
import { describe, expect, it } from 'vitest';
import { param } from '../../src/circuit/expr.js';
import { boolValue, floatValue, intValue, toBool } from '../../src/qasm/classical.js';
import { cubeCondition, type Read } from '../../src/qasm/conditions.js';
import {
  bitsValue,
  liftBinary,
  liftBuiltin,
  liftConvert,
  liftUnary,
  select,
  valueAt,
  type Value,
} from '../../src/qasm/values.js';
import { expectAppError } from '@lab/server-kit/testing';

const read = (clbit: number): Read => ({ clbit, generation: 1, label: `c[${clbit}]` });
const register = bitsValue([read(0), read(1), 0], false);
const conditions = (v: Value) => {
  if (v.kind !== 'runtime' || v.cubes === undefined) throw new Error('expected cubes');
  return v.cubes.map(cubeCondition);
};
const env = (...bits: (0 | 1)[]) => new Map(bits.map((b, i) => [i, b]));
const theta: Value = { kind: 'symbolic', type: { kind: 'float' }, expr: param('theta') };

describe('runtime values', () => {
  it('reads a register of clbits and known bits', () => {
    expect(valueAt(register, env(1, 1))).toEqual({ kind: 'bit', size: 3, value: 3n });
    expect(bitsValue([1, 0], false)).toEqual({ kind: 'bit', size: 2, value: 1n });
  });

  it('compares a register with an integer as one exact condition', () => {
    expect(conditions(liftBinary('==', register, intValue(2n), undefined))).toEqual([
      { clbits: [0, 1], value: 2 },
    ]);
    expect(conditions(liftBinary('!=', intValue(2n), register, undefined))).toEqual([
      { clbits: [0], value: 1 },
      { clbits: [0, 1], value: 0 },
    ]);
  });

  it('knows an equality a known bit rules out is false', () => {
    expect(liftBinary('==', register, intValue(4n), undefined)).toEqual(boolValue(false));
    expect(liftBinary('==', register, intValue(-1n), undefined)).toEqual(boolValue(false));
  });

  it('combines bits with !, && and ||, and reads a register as a bool by != 0', () => {
    const [c0, c1] = [bitsValue([read(0)], true), bitsValue([read(1)], true)];
    expect(conditions(liftUnary('!', c0, undefined))).toEqual([{ clbits: [0], value: 0 }]);
    expect(conditions(liftBinary('&&', c0, liftUnary('!', c1, undefined), undefined))).toEqual([
      { clbits: [0, 1], value: 1 },
    ]);
    expect(conditions(liftBinary('||', c0, c1, undefined))).toEqual([
      { clbits: [0], value: 1 },
      { clbits: [0, 1], value: 2 },
    ]);
    expect(conditions(liftConvert(register, { kind: 'bool' }, undefined))).toEqual([
      { clbits: [0], value: 1 },
      { clbits: [0, 1], value: 2 },
    ]);
    expect(liftBinary('&&', boolValue(false), c0, undefined)).toEqual(boolValue(false));
  });

  it('computes other operations per assignment of the bits read', () => {
    const sum = liftBinary('+', liftConvert(register, { kind: 'int' }, undefined), intValue(10n), undefined);
    expect(sum.kind).toBe('runtime');
    expect(valueAt(sum, env(1, 1))).toEqual(intValue(13n));
    expect(valueAt(liftBuiltin('popcount', [register], undefined), env(1, 1))).toEqual(intValue(2n, 'uint'));
    const greater = liftBinary('>', register, intValue(1n), undefined);
    expect(greater.kind === 'runtime' && greater.cubes).toBe(undefined);
    expect(toBool(valueAt(greater, env(0, 1)))).toBe(true);
  });

  it('keeps the bits of a register cast to an unsigned integer, not to a signed one of its width', () => {
    const asUint = liftConvert(register, { kind: 'uint', size: 3 }, undefined);
    const asInt = liftConvert(register, { kind: 'int', size: 3 }, undefined);
    expect(asUint.kind === 'runtime' && asUint.bits).toHaveLength(3);
    expect(asInt.kind === 'runtime' && asInt.bits).toBe(undefined);
    expect(valueAt(asInt, env(1, 1))).toEqual(intValue(3n, 'int', 3));
  });

  it('selects between values on a runtime condition', () => {
    const c0 = bitsValue([read(0)], true);
    const chosen = select(c0, intValue(5n), intValue(7n), { kind: 'int' }, undefined);
    expect(valueAt(chosen, env(1))).toEqual(intValue(5n));
    expect(valueAt(chosen, env(0))).toEqual(intValue(7n));
    expect(select(boolValue(true), intValue(5n), intValue(7n), { kind: 'int' }, undefined)).toEqual(
      intValue(5n),
    );
  });
});

describe('symbolic values', () => {
  it('builds expressions with arithmetic and the functions Expr has', () => {
    const v = liftBuiltin('sin', [liftBinary('*', theta, floatValue(2), undefined)], undefined);
    expect(v).toEqual({
      kind: 'symbolic',
      type: { kind: 'float' },
      expr: {
        kind: 'call',
        fn: 'sin',
        args: [{ kind: 'binary', op: '*', left: param('theta'), right: { kind: 'number', value: 2 } }],
      },
    });
    expect(liftUnary('-', theta, undefined)).toMatchObject({ expr: { kind: 'unary', op: '-' } });
    expect(liftBuiltin('pow', [theta, intValue(2n)], undefined)).toMatchObject({
      expr: { kind: 'binary', op: '**' },
    });
    expect(liftConvert(theta, { kind: 'angle', size: 8 }, undefined)).toMatchObject({
      kind: 'symbolic',
      expr: param('theta'),
    });
  });

  it('refuses what needs a value known at import, naming the parameter', () => {
    expectAppError(
      () => liftBinary('%', theta, floatValue(2), undefined),
      'INVALID_QASM',
      "'%' needs a value known at import",
      "'theta' is a parameter",
    );
    expectAppError(() => liftBinary('<', theta, floatValue(2), undefined), 'INVALID_QASM', "'<'");
    expectAppError(() => liftConvert(theta, { kind: 'int' }, undefined), 'INVALID_QASM', 'conversion to int');
    expectAppError(() => liftBuiltin('floor', [theta], undefined), 'INVALID_QASM', 'floor()');
    expectAppError(
      () => liftBinary('+', theta, bitsValue([read(0)], true), undefined),
      'UNSUPPORTED_QASM_FEATURE',
      "'a measured value combined with a circuit parameter' is not supported",
    );
  });
});
