/**
 * Classical values: the spec's worked examples for angles and bit operations, integer
 * wrap-around and C99 division, casts and their width rules, and the built-in functions.
 */
import { describe, expect, it } from 'vitest';
import {
  angleFromRadians,
  angleValue,
  binary,
  binaryType,
  bitValue,
  boolValue,
  callBuiltin,
  checkTypeSize,
  convert,
  floatValue,
  formatType,
  formatValue,
  intValue,
  toNumber,
  unary,
  type Concrete,
} from '../../src/qasm/classical.js';
import { expectAppError } from '@lab/server-kit/testing';

const at = undefined;
const angle4 = (radians: number) => convert(floatValue(radians), { kind: 'angle', size: 4 }, at);
const bits = (v: Concrete) =>
  v.kind === 'bool' || v.kind === 'float' ? '' : v.value.toString(2).padStart(4, '0');
const uint = (n: number, size?: number) => intValue(BigInt(n), 'uint', size);
const int = (n: number, size?: number) => intValue(BigInt(n), 'int', size);

describe('angles (the spec examples)', () => {
  const a = angle4((7 * Math.PI) / 8);
  const b = angle4(Math.PI / 8);
  const c = angle4((5 * Math.PI) / 4);
  const two = uint(2, 4);

  it('stores angle[n] as an n-bit fraction of 2π', () => {
    expect([bits(a), bits(b), bits(c)]).toEqual(['0111', '0001', '1010']);
    expect(toNumber(c)).toBeCloseTo((5 * Math.PI) / 4, 12);
  });

  it('adds, subtracts, divides and multiplies with wrap-around', () => {
    expect(bits(binary('+', a, b, at))).toBe('1000');
    expect(bits(binary('-', b, a, at))).toBe('1010');
    expect(bits(binary('/', a, two, at))).toBe('0011');
    expect(bits(binary('*', two, c, at))).toBe('0100');
    expect(binary('/', c, b, at)).toEqual(uint(10, 4));
  });

  it('negates as 0 - a, and shifts its bits', () => {
    expect(bits(unary('-', angle4(Math.PI / 4), at))).toBe('1110');
    const nine = angle4(9 * (Math.PI / 8));
    expect(bits(nine)).toBe('1001');
    expect(bits(binary('<<', nine, uint(2), at))).toBe('0100');
    expect(bits(binary('>>', nine, uint(2), at))).toBe('0010');
  });

  it('rounds a float to the nearest angle, ties to even, after reducing mod 2π', () => {
    expect(angleFromRadians(Math.PI / 4, 2)).toBe(0n);
    expect(angleFromRadians((3 * Math.PI) / 4, 2)).toBe(2n);
    expect(angleFromRadians(-Math.PI / 2, 2)).toBe(3n);
    expect(angleFromRadians(5 * Math.PI, 3)).toBe(4n);
  });

  it('rescales between widths, padding or rounding', () => {
    expect(convert(angleValue(0b0111n, 4), { kind: 'angle', size: 8 }, at)).toEqual(
      angleValue(0b01110000n, 8),
    );
    expect(convert(angleValue(0b01111000n, 8), { kind: 'angle', size: 4 }, at)).toEqual(
      angleValue(0b1000n, 4),
    );
    expect(convert(angleValue(0b01101000n, 8), { kind: 'angle', size: 4 }, at)).toEqual(
      angleValue(0b0110n, 4),
    );
  });

  it('compares angles by value and refuses adding an integer to one', () => {
    expect(binary('<', b, a, at)).toEqual(boolValue(true));
    expect(binary('==', angle4(Math.PI), floatValue(Math.PI), at)).toEqual(boolValue(true));
    expectAppError(
      () => binaryType('+', { kind: 'angle', size: 4 }, { kind: 'int' }, at),
      'INVALID_QASM',
      "'+' cannot combine angle[4] and int",
    );
  });
});

describe('integers', () => {
  it('wraps sized integers around, two’s complement for int', () => {
    expect(binary('+', int(127, 8), int(1, 8), at)).toEqual(int(-128, 8));
    expect(binary('-', uint(0, 8), uint(1, 8), at)).toEqual(uint(255, 8));
    expect(binary('*', int(2 ** 40), int(2 ** 40), at)).toEqual(int(0));
  });

  it('divides toward zero and takes the remainder with the dividend’s sign (C99)', () => {
    expect(binary('/', int(-7), int(2), at)).toEqual(int(-3));
    expect(binary('%', int(-7), int(3), at)).toEqual(int(-1));
    expect(binary('**', int(2), int(10), at)).toEqual(int(1024));
    expect(binary('**', int(2), int(-1), at)).toEqual(floatValue(0.5));
    expectAppError(() => binary('/', int(1), int(0), at), 'INVALID_QASM', 'division by zero');
    expectAppError(() => binary('%', int(1), int(0), at), 'INVALID_QASM', 'division by zero');
  });

  it('promotes: unsized wins, signed wins, the wider size wins', () => {
    expect(binaryType('+', { kind: 'uint', size: 8 }, { kind: 'int' }, at)).toEqual({ kind: 'int' });
    expect(binaryType('+', { kind: 'uint', size: 8 }, { kind: 'int', size: 4 }, at)).toEqual({
      kind: 'int',
      size: 8,
    });
    expect(binaryType('+', { kind: 'bit' }, { kind: 'bit' }, at)).toEqual({ kind: 'uint' });
    expect(binaryType('*', { kind: 'int' }, { kind: 'float', size: 32 }, at)).toEqual({ kind: 'float' });
    expect(binaryType('*', { kind: 'float', size: 32 }, { kind: 'float', size: 32 }, at)).toEqual({
      kind: 'float',
      size: 32,
    });
  });

  it('does bit operations on registers (the spec examples)', () => {
    const a = bitValue(0b10001111n, 8);
    const b = bitValue(0b01110000n, 8);
    expect(binary('<<', a, uint(1), at)).toEqual(bitValue(0b00011110n, 8));
    expect(callBuiltin('rotl', [a, int(2)], at)).toEqual(bitValue(0b00111110n, 8));
    expect(callBuiltin('rotr', [a, int(2)], at)).toEqual(bitValue(0b11100011n, 8));
    expect(binary('|', a, b, at)).toEqual(bitValue(0xffn, 8));
    expect(binary('&', a, b, at)).toEqual(bitValue(0n, 8));
    expect(unary('~', b, at)).toEqual(bitValue(0b10001111n, 8));
  });

  it('counts and rotates unsigned integers (the spec examples)', () => {
    expect(callBuiltin('popcount', [uint(37, 6)], at)).toEqual(uint(3));
    expect(callBuiltin('rotl', [uint(37, 6), int(3)], at)).toEqual(uint(44, 6));
  });

  it('refuses bitwise operators and shifts on floats', () => {
    expectAppError(
      () => binary('&', floatValue(1), int(1), at),
      'INVALID_QASM',
      'bitwise operators need integers',
    );
    expectAppError(() => binary('<<', int(1), floatValue(1), at), 'INVALID_QASM', 'shift by an integer');
  });
});

describe('casts', () => {
  it('keeps the bits between int[n] and uint[n]', () => {
    expect(
      convert(convert(uint(200, 8), { kind: 'int', size: 8 }, at), { kind: 'uint', size: 8 }, at),
    ).toEqual(uint(200, 8));
    expect(convert(uint(200, 8), { kind: 'int', size: 8 }, at)).toEqual(int(-56, 8));
  });

  it('reads bit[n] little-endian, needing equal widths for sized targets', () => {
    expect(convert(bitValue(0b1111n, 4), { kind: 'int', size: 4 }, at)).toEqual(int(-1, 4));
    expect(convert(bitValue(0b1111n, 4), { kind: 'uint' }, at)).toEqual(uint(15));
    expect(convert(uint(5, 4), { kind: 'bit', size: 4 }, at)).toEqual(bitValue(5n, 4));
    expect(convert(int(6), { kind: 'bit', size: 2 }, at)).toEqual(bitValue(2n, 2));
    expectAppError(
      () => convert(bitValue(1n, 4), { kind: 'int', size: 8 }, at),
      'INVALID_QASM',
      'cannot convert bit[4] to int[8]',
      'use a slice',
    );
    expectAppError(
      () => convert(bitValue(1n, 4), { kind: 'bit', size: 2 }, at),
      'INVALID_QASM',
      'widths differ',
    );
    expect(convert(bitValue(0b0100n, 4), { kind: 'angle', size: 4 }, at)).toEqual(angleValue(0b0100n, 4));
  });

  it('truncates floats toward zero and refuses non-finite ones', () => {
    expect(convert(floatValue(-2.7), { kind: 'int' }, at)).toEqual(int(-2));
    expect(convert(floatValue(2.7), { kind: 'uint', size: 2 }, at)).toEqual(uint(2, 2));
    expectAppError(
      () => convert(floatValue(Number.NaN), { kind: 'int' }, at),
      'INVALID_QASM',
      'cannot convert NaN',
    );
  });

  it('converts to bool as value != 0, and bool to numbers as 0 and 1', () => {
    expect(convert(floatValue(0.5), { kind: 'bool' }, at)).toEqual(boolValue(true));
    expect(convert(bitValue(0n, 3), { kind: 'bool' }, at)).toEqual(boolValue(false));
    expect(convert(boolValue(true), { kind: 'float' }, at)).toEqual(floatValue(1));
    expect(convert(boolValue(true), { kind: 'bit' }, at)).toEqual(bitValue(1n));
  });

  it('rounds float[32] to single precision', () => {
    expect(convert(floatValue(Math.PI), { kind: 'float', size: 32 }, at)).toEqual(
      floatValue(Math.fround(Math.PI), 32),
    );
  });

  it('refuses what the spec does not allow: angle to int, float to bit, bool to angle', () => {
    expectAppError(
      () => convert(angle4(1), { kind: 'int' }, at),
      'INVALID_QASM',
      'an angle has no integer value',
    );
    expectAppError(
      () => convert(floatValue(1), { kind: 'bit' }, at),
      'INVALID_QASM',
      'convert to an integer first',
    );
    expectAppError(
      () => convert(boolValue(true), { kind: 'angle' }, at),
      'INVALID_QASM',
      'cannot convert bool to angle',
    );
  });

  it('checks declared sizes', () => {
    expectAppError(
      () => checkTypeSize({ kind: 'float', size: 16 }, at),
      'INVALID_QASM',
      'float[16] is not supported',
    );
    expectAppError(() => checkTypeSize({ kind: 'int', size: 0 }, at), 'INVALID_QASM', 'positive integer');
    expect(() => checkTypeSize({ kind: 'float', size: 32 }, at)).not.toThrow();
  });
});

describe('functions, comparisons and formatting', () => {
  it('evaluates the math functions on floats, integers and angles', () => {
    expect(callBuiltin('sqrt', [int(4)], at)).toEqual(floatValue(2));
    expect(callBuiltin('cos', [angle4(Math.PI)], at)).toEqual(floatValue(-1));
    expect(callBuiltin('floor', [floatValue(-1.5)], at)).toEqual(floatValue(-2));
    expect(callBuiltin('ceiling', [floatValue(1.2)], at)).toEqual(floatValue(2));
    expect(callBuiltin('mod', [int(7), int(3)], at)).toEqual(int(1));
    expect(callBuiltin('mod', [floatValue(7.5), int(2)], at)).toEqual(floatValue(1.5));
    expect(callBuiltin('pow', [floatValue(2), floatValue(0.5)], at)).toEqual(floatValue(Math.SQRT2));
    expectAppError(() => callBuiltin('sin', [boolValue(true)], at), 'INVALID_QASM', 'sin needs a number');
  });

  it('compares across types by value; NaN equals nothing', () => {
    expect(binary('==', int(2), floatValue(2), at)).toEqual(boolValue(true));
    expect(binary('<=', bitValue(3n, 2), int(3), at)).toEqual(boolValue(true));
    expect(binary('==', floatValue(Number.NaN), floatValue(Number.NaN), at)).toEqual(boolValue(false));
    expect(binary('!=', floatValue(Number.NaN), floatValue(1), at)).toEqual(boolValue(true));
  });

  it('formats types and values for messages', () => {
    expect(formatType({ kind: 'int', size: 8 })).toBe('int[8]');
    expect(formatType({ kind: 'bit' })).toBe('bit');
    expect(formatValue(bitValue(5n, 4))).toBe('"0101"');
    expect(formatValue(boolValue(false))).toBe('false');
  });
});
