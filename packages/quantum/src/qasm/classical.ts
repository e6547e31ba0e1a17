/**
 * OpenQASM's classical types and values known at import time: `bool`, `bit`/`bit[n]`,
 * `int[n]`/`uint[n]`, `float[n]` and `angle[n]` (and their unsized forms), with the spec's
 * operators, casts and built-in functions. This module computes with plain values only; the
 * importer lifts the same operations to symbolic gate parameters and to values read from
 * measurements.
 *
 * Semantics, following the OpenQASM 3 spec where it decides and C99 where it defers to it:
 * - Integers are exact (`bigint`) and wrap around at their width (two's complement for `int`).
 *   Unsized `int`/`uint`/`angle` are 64 bits wide (`MACHINE_WIDTH`).
 * - `angle[n]` is an n-bit fixed-point fraction of 2π; a float becomes the nearest angle after
 *   reduction mod 2π, ties to even. Angles of another width are rounded the same way.
 * - `float[32]` rounds to single precision; `float` and `float[64]` are doubles; other widths
 *   are refused.
 * - float to integer truncates toward zero; integer `/` truncates toward zero and `%` keeps the
 *   sign of the dividend (C99); an integer `**` with a negative exponent is computed in float.
 * - Arithmetic promotes `bool` and `bit` to `uint`, `bit[n]` to `uint[n]`; mixing signed and
 *   unsigned gives signed; an unsized operand makes the result unsized (C's promotion to `int`).
 * - Casts between `bit[n]` and `int`/`uint`/`angle` need equal widths (an unsized integer takes
 *   any width), as the spec asks; `angle` to `float` is accepted too.
 */
import { MATH_FUNCTIONS, type MathFunction } from '../circuit/expr.js';
import type { BinaryOperator as BinaryOp, Span, UnaryOperator as UnaryOp } from './ast.js';
import { qasmError } from './diagnostics.js';

/** Width of unsized `int`, `uint` and `angle`. */
const MACHINE_WIDTH = 64;

export type NumericKind = 'int' | 'uint' | 'float' | 'angle';
export type ScalarType =
  | { readonly kind: 'bool' }
  /** `bit` has no size; `bit[n]` has size n. */
  | { readonly kind: 'bit'; readonly size?: number }
  | { readonly kind: NumericKind; readonly size?: number };

/** A value known at import; its `kind` and `size` are its type. */
export type Concrete =
  | { readonly kind: 'bool'; readonly value: boolean }
  /** Bits little-endian: bit i of `value` is element i. */
  | { readonly kind: 'bit'; readonly size?: number; readonly value: bigint }
  | { readonly kind: 'int' | 'uint'; readonly size?: number; readonly value: bigint }
  | { readonly kind: 'float'; readonly size?: number; readonly value: number }
  /** `value / 2^width` turns. */
  | { readonly kind: 'angle'; readonly size?: number; readonly value: bigint };

export type { BinaryOp, UnaryOp };

const TAU = 2 * Math.PI;

/** The built-in constants, all `float[64]`. */
export const BUILTIN_CONSTANTS: ReadonlyMap<string, number> = new Map([
  ['pi', Math.PI],
  ['π', Math.PI],
  ['tau', TAU],
  ['τ', TAU],
  ['euler', Math.E],
  ['ℇ', Math.E],
]);

// ---------------------------------------------------------------- constructors and views

export const boolValue = (value: boolean): Concrete => ({ kind: 'bool', value });
export const floatValue = (value: number, size?: number): Concrete =>
  size === undefined ? { kind: 'float', value } : { kind: 'float', size, value: roundFloat(value, size) };
export const intValue = (value: bigint, kind: 'int' | 'uint' = 'int', size?: number): Concrete =>
  size === undefined
    ? { kind, value: wrap(value, kind, MACHINE_WIDTH) }
    : { kind, size, value: wrap(value, kind, size) };
export const bitValue = (value: bigint, size?: number): Concrete =>
  size === undefined
    ? { kind: 'bit', value: value & 1n }
    : { kind: 'bit', size, value: wrap(value, 'uint', size) };
export const angleValue = (value: bigint, size?: number): Concrete =>
  size === undefined
    ? { kind: 'angle', value: wrap(value, 'uint', MACHINE_WIDTH) }
    : { kind: 'angle', size, value: wrap(value, 'uint', size) };

export function typeOf(value: Concrete): ScalarType {
  if (value.kind === 'bool') return { kind: 'bool' };
  return value.size === undefined ? { kind: value.kind } : { kind: value.kind, size: value.size };
}

/** `int[8]`, `bit`, `float`, `angle[20]`. */
export function formatType(type: ScalarType): string {
  return type.kind !== 'bool' && type.size !== undefined ? `${type.kind}[${type.size}]` : type.kind;
}

/** Bits of a type: its size, or `MACHINE_WIDTH` when unsized (`bit` is 1). */
export function widthOf(type: ScalarType): number {
  if (type.kind === 'bool' || (type.kind === 'bit' && type.size === undefined)) return 1;
  return type.size ?? MACHINE_WIDTH;
}

/** The value as a JS number: angles in radians, booleans and bits as 0 or 1. */
export function toNumber(value: Concrete): number {
  switch (value.kind) {
    case 'bool':
      return value.value ? 1 : 0;
    case 'float':
      return value.value;
    case 'angle':
      return (Number(value.value) / 2 ** widthOf(value)) * TAU;
    default:
      return Number(value.value);
  }
}

export function toBool(value: Concrete): boolean {
  switch (value.kind) {
    case 'bool':
      return value.value;
    case 'float':
      return value.value !== 0;
    default:
      return value.value !== 0n;
  }
}

/** Integer view for indices, sizes and loop bounds; `what` names the value in the error. */
export function toInteger(value: Concrete, at: Span | undefined, what: string): number {
  if (value.kind === 'float') {
    if (!Number.isInteger(value.value)) throw qasmError(at, `${what} must be an integer, got ${value.value}`);
    return value.value;
  }
  if (value.kind === 'angle') throw qasmError(at, `${what} must be an integer, got an angle`);
  const n = value.kind === 'bool' ? (value.value ? 1 : 0) : Number(value.value);
  if (!Number.isSafeInteger(n)) throw qasmError(at, `${what} is too large: ${n}`);
  return n;
}

/** Shows a value in messages: `3`, `true`, `"0101"`, `1.5707963267948966`. */
export function formatValue(value: Concrete): string {
  switch (value.kind) {
    case 'bool':
      return String(value.value);
    case 'bit':
      return value.size === undefined
        ? String(value.value)
        : `"${value.value.toString(2).padStart(value.size, '0')}"`;
    case 'angle':
      return String(toNumber(value));
    default:
      return String(value.value);
  }
}

function wrap(value: bigint, kind: 'int' | 'uint', width: number): bigint {
  return kind === 'int' ? BigInt.asIntN(width, value) : BigInt.asUintN(width, value);
}

function roundFloat(value: number, size: number | undefined): number {
  return size === 32 ? Math.fround(value) : value;
}

/** Checks a declared type's size: positive, and 32 or 64 for floats. */
export function checkTypeSize(type: ScalarType, at: Span | undefined): void {
  if (type.kind === 'bool' || type.size === undefined) return;
  if (!Number.isInteger(type.size) || type.size < 1)
    throw qasmError(at, `the size of ${type.kind}[${type.size}] must be a positive integer`);
  if (type.kind === 'float' && type.size !== 32 && type.size !== 64)
    throw qasmError(at, `float[${type.size}] is not supported: use float[32] or float[64]`);
}

// ---------------------------------------------------------------- conversions

/**
 * Converts `value` to `type`, for casts, assignments and arguments, following the spec's
 * casting table (see the module comment for the choices it leaves open).
 */
export function convert(value: Concrete, type: ScalarType, at: Span | undefined): Concrete {
  const refuse = (why = ''): never => {
    throw qasmError(at, `cannot convert ${formatType(typeOf(value))} to ${formatType(type)}${why}`);
  };
  switch (type.kind) {
    case 'bool':
      return boolValue(toBool(value));
    case 'float':
      return floatValue(toNumber(value), type.size);
    case 'int':
    case 'uint': {
      if (value.kind === 'angle') return refuse(': an angle has no integer value');
      if (
        value.kind === 'bit' &&
        value.size !== undefined &&
        type.size !== undefined &&
        value.size !== type.size
      )
        return refuse(': the widths differ (use a slice)');
      if (value.kind === 'float') return intValue(truncate(value.value, at), type.kind, type.size);
      if (value.kind === 'bit' && type.kind === 'int' && value.size !== undefined && type.size === value.size)
        return intValue(BigInt.asIntN(value.size, value.value), 'int', type.size);
      return intValue(value.kind === 'bool' ? (value.value ? 1n : 0n) : value.value, type.kind, type.size);
    }
    case 'angle': {
      if (value.kind === 'angle')
        return angleValue(rescale(value.value, widthOf(value), widthOf(type)), type.size);
      if (value.kind === 'bit') {
        if (value.size === undefined || value.size !== widthOf(type))
          return refuse(': bits become an angle only with equal widths');
        return angleValue(value.value, type.size);
      }
      if (value.kind === 'bool') return refuse();
      return angleValue(angleFromRadians(toNumber(value), widthOf(type)), type.size);
    }
    case 'bit': {
      if (value.kind === 'float') return refuse(': convert to an integer first');
      if (type.size === undefined) {
        if (value.kind === 'bit' && value.size !== undefined && value.size !== 1)
          return refuse(': index one bit instead');
        return bitValue(value.kind === 'bool' ? (value.value ? 1n : 0n) : value.value & 1n);
      }
      if (value.kind === 'bool') return bitValue(value.value ? 1n : 0n, type.size);
      const sourceWidth = value.kind === 'bit' ? (value.size ?? 1) : value.size;
      if (sourceWidth !== undefined && sourceWidth !== type.size)
        return refuse(': the widths differ (use a slice)');
      return bitValue(value.value, type.size);
    }
  }
}

function truncate(x: number, at: Span | undefined): bigint {
  if (!Number.isFinite(x)) throw qasmError(at, `cannot convert ${x} to an integer`);
  return BigInt(Math.trunc(x));
}

/** The n-bit angle nearest to `radians` mod 2π, ties to even. */
export function angleFromRadians(radians: number, width: number): bigint {
  if (!Number.isFinite(radians)) return 0n;
  const turns = (((radians / TAU) % 1) + 1) % 1;
  const scaled = turns * 2 ** width;
  const floor = Math.floor(scaled);
  const fraction = scaled - floor;
  let k = BigInt(floor);
  if (fraction > 0.5 || (fraction === 0.5 && k % 2n === 1n)) k += 1n;
  return BigInt.asUintN(width, k);
}

function rescale(k: bigint, from: number, to: number): bigint {
  if (to >= from) return k << BigInt(to - from);
  const shift = BigInt(from - to);
  const half = 1n << (shift - 1n);
  const floor = k >> shift;
  const rest = k & ((1n << shift) - 1n);
  const up = rest > half || (rest === half && (floor & 1n) === 1n);
  return BigInt.asUintN(to, up ? floor + 1n : floor);
}

// ---------------------------------------------------------------- operators

const COMPARISONS = new Set<BinaryOp>(['==', '!=', '<', '<=', '>', '>=']);
const BITWISE = new Set<BinaryOp>(['&', '|', '^']);

/** The type `a op b` has, or an error naming the operator and the operand types. */
export function binaryType(op: BinaryOp, a: ScalarType, b: ScalarType, at: Span | undefined): ScalarType {
  const refuse = (why = ''): never => {
    throw qasmError(at, `'${op}' cannot combine ${formatType(a)} and ${formatType(b)}${why}`);
  };
  if (COMPARISONS.has(op) || op === '&&' || op === '||') return { kind: 'bool' };
  if (op === '<<' || op === '>>') {
    if (b.kind === 'float' || b.kind === 'angle') return refuse(': shift by an integer');
    if (a.kind === 'float') return refuse(': shifts need integers, bits or angles');
    return a.kind === 'bool' ? { kind: 'uint', size: 1 } : a;
  }
  if (BITWISE.has(op)) {
    if (a.kind === 'float' || b.kind === 'float')
      return refuse(': bitwise operators need integers, bits or angles');
    if (a.kind === 'bool' && b.kind === 'bool') return { kind: 'bool' };
    if (a.kind === 'bit' && b.kind === 'bit') return sizedMax('bit', a, b);
    if (a.kind === 'angle' && b.kind === 'angle') return sizedMax('angle', a, b);
    if (a.kind === 'angle' || b.kind === 'angle') return refuse();
    return integerPromotion(a, b);
  }
  if (a.kind === 'angle' || b.kind === 'angle') return angleArithmeticType(op, a, b, refuse);
  if (a.kind === 'float' || b.kind === 'float') {
    const size = a.kind === 'float' && b.kind === 'float' && a.size === 32 && b.size === 32 ? 32 : undefined;
    return size === undefined ? { kind: 'float' } : { kind: 'float', size };
  }
  return integerPromotion(a, b);
}

function angleArithmeticType(
  op: BinaryOp,
  a: ScalarType,
  b: ScalarType,
  refuse: (why?: string) => never,
): ScalarType {
  const integral = (t: ScalarType) =>
    t.kind === 'int' || t.kind === 'uint' || t.kind === 'bit' || t.kind === 'bool';
  if (a.kind === 'angle' && b.kind === 'angle') {
    if (op === '+' || op === '-') return sizedMax('angle', a, b);
    if (op === '/') return { kind: 'uint', size: Math.max(widthOf(a), widthOf(b)) };
    return refuse(': angles add, subtract and divide by angles');
  }
  const angle = a.kind === 'angle' ? a : b;
  const other = a.kind === 'angle' ? b : a;
  if (other.kind === 'float') return { kind: 'float' };
  if (integral(other) && (op === '*' || (op === '/' && a.kind === 'angle'))) return angle;
  return refuse(': an angle multiplies or divides by an integer, or cast it to float');
}

function sizedMax(kind: 'bit' | 'angle', a: ScalarType, b: ScalarType): ScalarType {
  const sa = a.kind === 'bool' ? undefined : a.size;
  const sb = b.kind === 'bool' ? undefined : b.size;
  if (sa === undefined && sb === undefined) return { kind };
  return { kind, size: Math.max(sa ?? 1, sb ?? 1) };
}

function integerPromotion(a: ScalarType, b: ScalarType): ScalarType {
  const view = (t: ScalarType): { signed: boolean; size?: number } => {
    if (t.kind === 'int') return t.size === undefined ? { signed: true } : { signed: true, size: t.size };
    if (t.kind === 'bit' && t.size !== undefined) return { signed: false, size: t.size };
    if (t.kind === 'uint' && t.size !== undefined) return { signed: false, size: t.size };
    return { signed: false };
  };
  const va = view(a);
  const vb = view(b);
  const kind = va.signed || vb.signed ? 'int' : 'uint';
  if (va.size === undefined || vb.size === undefined) return { kind };
  return { kind, size: Math.max(va.size, vb.size) };
}

/** `a op b` on known values. */
export function binary(op: BinaryOp, a: Concrete, b: Concrete, at: Span | undefined): Concrete {
  const type = binaryType(op, typeOf(a), typeOf(b), at);
  if (op === '&&') return boolValue(toBool(a) && toBool(b));
  if (op === '||') return boolValue(toBool(a) || toBool(b));
  if (COMPARISONS.has(op)) return boolValue(compare(op, a, b));
  if (op === '<<' || op === '>>') return shift(op, a, b, type);
  if (type.kind === 'bool') {
    const [x, y] = [toBool(a), toBool(b)];
    return boolValue(op === '&' ? x && y : op === '|' ? x || y : x !== y);
  }
  if (type.kind === 'float') return floatValue(floatArithmetic(op, toNumber(a), toNumber(b)), type.size);
  if (type.kind === 'angle') return angleArithmetic(op, a, b, type, at);
  if (a.kind === 'angle' && b.kind === 'angle')
    return intValue(a.value / nonZero(b.value, at), 'uint', type.size);
  const x = integerOf(a);
  const y = integerOf(b);
  return resultOfKind(
    type,
    integerArithmetic(op, x, y, at, () => floatArithmetic(op, Number(x), Number(y))),
  );
}

function resultOfKind(type: ScalarType, value: bigint | number): Concrete {
  if (typeof value === 'number') return floatValue(value);
  if (type.kind === 'bit') return bitValue(value, type.size);
  if (type.kind === 'int' || type.kind === 'uint') return intValue(value, type.kind, type.size);
  return intValue(value);
}

function integerOf(value: Concrete): bigint {
  if (value.kind === 'bool') return value.value ? 1n : 0n;
  if (value.kind === 'float') return BigInt(Math.trunc(value.value));
  return value.value;
}

function nonZero(value: bigint, at: Span | undefined): bigint {
  if (value === 0n) throw qasmError(at, 'division by zero');
  return value;
}

function integerArithmetic(
  op: BinaryOp,
  x: bigint,
  y: bigint,
  at: Span | undefined,
  inFloat: () => number,
): bigint | number {
  switch (op) {
    case '+':
      return x + y;
    case '-':
      return x - y;
    case '*':
      return x * y;
    case '/':
      return x / nonZero(y, at);
    case '%':
      return x % nonZero(y, at);
    case '**':
      return y < 0n ? inFloat() : x ** y;
    case '&':
      return x & y;
    case '|':
      return x | y;
    case '^':
      return x ^ y;
    default:
      throw qasmError(at, `'${op}' is not an arithmetic operator`);
  }
}

function floatArithmetic(op: BinaryOp, x: number, y: number): number {
  switch (op) {
    case '+':
      return x + y;
    case '-':
      return x - y;
    case '*':
      return x * y;
    case '/':
      return x / y;
    case '%':
      return x % y;
    default:
      return x ** y;
  }
}

function angleArithmetic(
  op: BinaryOp,
  a: Concrete,
  b: Concrete,
  type: ScalarType,
  at: Span | undefined,
): Concrete {
  const width = widthOf(type);
  const size = type.kind === 'bool' ? undefined : type.size;
  const fixed = (v: Concrete) => (v.kind === 'angle' ? rescale(v.value, widthOf(v), width) : integerOf(v));
  const [x, y] = [fixed(a), fixed(b)];
  switch (op) {
    case '+':
      return angleValue(x + y, size);
    case '-':
      return angleValue(x - y, size);
    case '*':
      return angleValue(x * y, size);
    case '/':
      return angleValue(x / nonZero(y, at), size);
    case '&':
      return angleValue(x & y, size);
    case '|':
      return angleValue(x | y, size);
    default:
      return angleValue(x ^ y, size);
  }
}

function compare(op: BinaryOp, a: Concrete, b: Concrete): boolean {
  let order: number;
  if (a.kind === 'angle' && b.kind === 'angle' && widthOf(a) === widthOf(b)) {
    order = a.value < b.value ? -1 : a.value > b.value ? 1 : 0;
  } else if (a.kind === 'float' || b.kind === 'float' || a.kind === 'angle' || b.kind === 'angle') {
    const [x, y] = [toNumber(a), toNumber(b)];
    if (Number.isNaN(x) || Number.isNaN(y)) return op === '!=';
    order = x < y ? -1 : x > y ? 1 : 0;
  } else {
    const [x, y] = [integerOf(a), integerOf(b)];
    order = x < y ? -1 : x > y ? 1 : 0;
  }
  switch (op) {
    case '==':
      return order === 0;
    case '!=':
      return order !== 0;
    case '<':
      return order < 0;
    case '<=':
      return order <= 0;
    case '>':
      return order > 0;
    default:
      return order >= 0;
  }
}

function shift(op: '<<' | '>>', a: Concrete, b: Concrete, type: ScalarType): Concrete {
  const amount = integerOf(b);
  const value = integerOf(a);
  const shifted =
    amount < 0n
      ? op === '<<'
        ? value >> -amount
        : value << -amount
      : op === '<<'
        ? value << amount
        : value >> amount;
  if (type.kind === 'angle') return angleValue(shifted, type.size);
  return resultOfKind(type, shifted);
}

export function unaryType(op: UnaryOp, a: ScalarType, at: Span | undefined): ScalarType {
  if (op === '!') return { kind: 'bool' };
  if (op === '~') {
    if (a.kind === 'float')
      throw qasmError(at, `'~' needs an integer, bits or an angle, got ${formatType(a)}`);
    return a.kind === 'bool' ? { kind: 'bool' } : a;
  }
  if (a.kind === 'bool' || a.kind === 'bit') return { kind: 'int' };
  return a;
}

export function unary(op: UnaryOp, a: Concrete, at: Span | undefined): Concrete {
  const type = unaryType(op, typeOf(a), at);
  if (op === '!') return boolValue(!toBool(a));
  if (a.kind === 'bool') return op === '~' ? boolValue(!a.value) : intValue(a.value ? -1n : 0n);
  if (a.kind === 'float') return floatValue(-a.value, a.size);
  if (a.kind === 'angle') return angleValue(op === '~' ? ~a.value : -a.value, a.size);
  const value = op === '~' ? ~a.value : -a.value;
  return resultOfKind(type, value);
}

// ---------------------------------------------------------------- built-in functions

/** Functions of one float argument that `Expr` can also express symbolically. */
export const SYMBOLIC_FUNCTIONS = Object.keys(MATH_FUNCTIONS) as readonly MathFunction[];
export type SymbolicFunction = MathFunction;

const FLOAT_FUNCTIONS: Record<string, (x: number) => number> = {
  ...MATH_FUNCTIONS,
  ceiling: Math.ceil,
  floor: Math.floor,
};

/** Argument counts of the built-in functions (sizeof is the importer's: it reads registers). */
export const BUILTIN_ARITY: ReadonlyMap<string, readonly [min: number, max: number]> = new Map([
  ...Object.keys(FLOAT_FUNCTIONS).map((name): [string, readonly [number, number]] => [name, [1, 1]]),
  ['mod', [2, 2]],
  ['pow', [2, 2]],
  ['popcount', [1, 1]],
  ['rotl', [2, 2]],
  ['rotr', [2, 2]],
]);

/** The result type of a built-in call on arguments of these types. */
export function builtinType(name: string, args: readonly ScalarType[], at: Span | undefined): ScalarType {
  const [a, b] = args as [ScalarType, ScalarType];
  if (name in FLOAT_FUNCTIONS) {
    if (a.kind === 'bool' || a.kind === 'bit')
      throw qasmError(at, `${name} needs a number, got ${formatType(a)}`);
    return { kind: 'float' };
  }
  switch (name) {
    case 'mod':
      return binaryType('%', a, b, at);
    case 'pow':
      return binaryType('**', a, b, at);
    case 'popcount':
      if (a.kind === 'float' || a.kind === 'bool')
        throw qasmError(at, `popcount needs bits or an unsigned integer`);
      return { kind: 'uint' };
    default:
      if (a.kind !== 'bit' && a.kind !== 'uint' && a.kind !== 'int' && a.kind !== 'angle')
        throw qasmError(at, `${name} needs bits or an integer of known width, got ${formatType(a)}`);
      return a;
  }
}

export function callBuiltin(name: string, args: readonly Concrete[], at: Span | undefined): Concrete {
  const types = args.map(typeOf);
  const type = builtinType(name, types, at);
  const [a, b] = args as [Concrete, Concrete];
  const fn = FLOAT_FUNCTIONS[name];
  if (fn !== undefined) return floatValue(fn(toNumber(a)));
  switch (name) {
    case 'mod':
      return binary('%', a, b, at);
    case 'pow':
      return binary('**', a, b, at);
    case 'popcount': {
      let bits = BigInt.asUintN(widthOf(types[0]!), integerOf(a));
      let count = 0n;
      while (bits > 0n) {
        count += bits & 1n;
        bits >>= 1n;
      }
      return intValue(count, 'uint');
    }
    default: {
      const width = widthOf(type);
      const bits = BigInt.asUintN(width, integerOf(a));
      const raw = Number(integerOf(b) % BigInt(width));
      const k = BigInt((((name === 'rotl' ? raw : -raw) % width) + width) % width);
      const rotated = BigInt.asUintN(width, (bits << k) | (bits >> (BigInt(width) - k)));
      if (type.kind === 'angle') return angleValue(rotated, type.size);
      return resultOfKind(type, rotated);
    }
  }
}

/** The value a variable of this type starts with: 0, false or 0.0. */
export function zeroOf(type: ScalarType): Concrete {
  switch (type.kind) {
    case 'bool':
      return boolValue(false);
    case 'float':
      return floatValue(0, type.size);
    case 'angle':
      return angleValue(0n, type.size);
    case 'bit':
      return bitValue(0n, type.size);
    default:
      return intValue(0n, type.kind, type.size);
  }
}
