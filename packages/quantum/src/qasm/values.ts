/**
 * The values an OpenQASM expression can have during import, and the operators lifted to them:
 *
 * - known (`Concrete`): computed now, with `classical.ts`;
 * - symbolic: a float built from names bound later (a gate's parameters inside its body, an
 *   `input float` without a value), kept as an `Expr` so the circuit stores it as is;
 * - runtime: a function of measured clbits (`Read`s at a given generation). Its `evaluate`
 *   gives the value for any assignment of those bits; `bits` remembers a value that is just a
 *   list of clbits (a register read, LSB first) and `cubes` a boolean's truth set, so that
 *   `c == 5`, `c[0] && !c[1]` and the like lower to exact conditions without enumeration.
 */
import { call, freeParameters, type Expr, type MathFunction } from '../circuit/expr.js';
import type { Span } from './ast.js';
import {
  binary,
  binaryType,
  boolValue,
  builtinType,
  callBuiltin,
  convert,
  formatType,
  SYMBOLIC_FUNCTIONS,
  toBool,
  toNumber,
  typeOf,
  unary,
  unaryType,
  bitValue,
  type BinaryOp,
  type Concrete,
  type ScalarType,
  type UnaryOp,
} from './classical.js';
import { andCubes, notCubes, orCubes, type Cube, type Env, type Read } from './conditions.js';
import { qasmError, unsupportedConstruct } from './diagnostics.js';

export interface SymbolicValue {
  readonly kind: 'symbolic';
  readonly type: ScalarType;
  readonly expr: Expr;
}

/** One bit of a runtime value: a clbit read, or a known bit. */
export type BitSource = Read | 0 | 1;

export interface RuntimeValue {
  readonly kind: 'runtime';
  readonly type: ScalarType;
  readonly reads: readonly Read[];
  readonly evaluate: (env: Env) => Concrete;
  /** The value is the unsigned integer of these bits (LSB first). */
  readonly bits?: readonly BitSource[];
  /** For booleans: the disjoint cubes where the value is true. */
  readonly cubes?: readonly Cube[];
}

export type Value = Concrete | SymbolicValue | RuntimeValue;

export const isKnown = (v: Value): v is Concrete => v.kind !== 'symbolic' && v.kind !== 'runtime';

export function valueType(v: Value): ScalarType {
  return v.kind === 'symbolic' || v.kind === 'runtime' ? v.type : typeOf(v);
}

/** The value of `v` when the clbits have the values in `env`. */
export function valueAt(v: Value, env: Env): Concrete {
  if (v.kind === 'runtime') return v.evaluate(env);
  if (v.kind === 'symbolic') throw new TypeError('a symbolic value has no value at run time here');
  return v;
}

/** Reads of several values, each clbit generation once. */
export function readsOf(values: readonly Value[]): Read[] {
  const seen = new Map<string, Read>();
  for (const v of values) {
    if (v.kind !== 'runtime') continue;
    for (const r of v.reads) seen.set(`${r.clbit}@${r.generation}`, r);
  }
  return [...seen.values()];
}

/** A bit or bit register whose bits are known or read from clbits. */
export function bitsValue(sources: readonly BitSource[], scalar: boolean): Value {
  const size = scalar ? undefined : sources.length;
  if (sources.every((s) => typeof s === 'number')) {
    const value = sources.reduce<bigint>((acc, s, i) => acc | (BigInt(s) << BigInt(i)), 0n);
    return bitValue(value, size);
  }
  const reads = sources.filter((s): s is Read => typeof s !== 'number');
  return {
    kind: 'runtime',
    type: size === undefined ? { kind: 'bit' } : { kind: 'bit', size },
    reads,
    bits: sources,
    evaluate: (env) => bitValue(integerOfSources(sources, env), size),
  };
}

function integerOfSources(sources: readonly BitSource[], env: Env): bigint {
  return sources.reduce<bigint>((acc, s, i) => {
    const bit = typeof s === 'number' ? s : (env.get(s.clbit) ?? 0);
    return acc | (BigInt(bit) << BigInt(i));
  }, 0n);
}

/** A runtime value computed from others; known when none of them is a runtime value. */
function lifted(
  type: ScalarType,
  args: readonly Value[],
  compute: (args: Concrete[]) => Concrete,
): RuntimeValue {
  return {
    kind: 'runtime',
    type,
    reads: readsOf(args),
    evaluate: (env) => compute(args.map((a) => valueAt(a, env))),
  };
}

/** The boolean that is true exactly on `cubes`. */
export const predicateOf = (reads: readonly Read[], cubes: readonly Cube[]): RuntimeValue => ({
  kind: 'runtime',
  type: { kind: 'bool' },
  reads,
  cubes,
  evaluate: (env) =>
    boolValue(cubes.some((cube) => [...cube].every(([bit, v]) => (env.get(bit) ?? 0) === v))),
});

/** `cond ? a : b` with a runtime condition: how assignments inside a measured branch merge. */
export function select(cond: Value, a: Value, b: Value, type: ScalarType, at: Span | undefined): Value {
  if (isKnown(cond)) return toBool(cond) ? a : b;
  if (a.kind === 'symbolic' || b.kind === 'symbolic' || cond.kind === 'symbolic')
    throw unsupportedConstruct(
      at,
      'a circuit parameter assigned under a measured condition',
      'the circuit model binds a parameter once for the whole run, not per measurement outcome',
    );
  return {
    kind: 'runtime',
    type,
    reads: readsOf([cond, a, b]),
    evaluate: (env) => (toBool(valueAt(cond, env)) ? valueAt(a, env) : valueAt(b, env)),
  };
}

// ---------------------------------------------------------------- symbolic values

function symbolicNames(values: readonly Value[]): string {
  const names = new Set<string>();
  values.forEach((v) => v.kind === 'symbolic' && freeParameters(v.expr, names));
  return [...names].map((n) => `'${n}'`).join(', ');
}

function refuseSymbolic(what: string, values: readonly Value[], at: Span | undefined): never {
  throw qasmError(
    at,
    `${what} needs a value known at import, but ${symbolicNames(values)} is a parameter bound ` +
      'only when the gate is applied or the circuit runs',
  );
}

function exprOf(v: Value, at: Span | undefined): Expr {
  if (v.kind === 'symbolic') return v.expr;
  if (v.kind === 'runtime')
    throw unsupportedConstruct(
      at,
      'a measured value combined with a circuit parameter',
      'a gate parameter is either bound when the circuit runs or chosen by a measurement, not both',
    );
  return { kind: 'number', value: toNumber(v) };
}

const SYMBOLIC_BINARY = new Set<BinaryOp>(['+', '-', '*', '/', '**']);
const float: ScalarType = { kind: 'float' };

// ---------------------------------------------------------------- lifted operators

export function liftBinary(op: BinaryOp, a: Value, b: Value, at: Span | undefined): Value {
  if (isKnown(a) && isKnown(b)) return binary(op, a, b, at);
  if (a.kind === 'symbolic' || b.kind === 'symbolic') {
    if (!SYMBOLIC_BINARY.has(op)) refuseSymbolic(`'${op}'`, [a, b], at);
    const left = exprOf(a, at);
    const right = exprOf(b, at);
    const op2 = op as '+' | '-' | '*' | '/' | '**';
    return { kind: 'symbolic', type: float, expr: { kind: 'binary', op: op2, left, right } };
  }
  const type = binaryType(op, valueType(a), valueType(b), at);
  return structuralBinary(op, a, b) ?? lifted(type, [a, b], ([x, y]) => binary(op, x!, y!, at));
}

/** Exact truth sets for equalities with registers and for logic over them; undefined otherwise. */
function structuralBinary(op: BinaryOp, a: Value, b: Value): Value | undefined {
  if (op === '==' || op === '!=') {
    const [reg, other] = a.kind === 'runtime' && a.bits !== undefined ? [a, b] : [b, a];
    if (reg.kind !== 'runtime' || reg.bits === undefined || !isKnown(other)) return undefined;
    const equal = equalityCubes(reg.bits, other);
    if (equal === undefined) return boolValue(op === '!=');
    const cubes = op === '==' ? [equal] : notCubes([equal]);
    return cubes === undefined ? undefined : predicateOf(reg.reads, cubes);
  }
  if (op === '&&' || op === '||') {
    const [x, y] = [truthOf(a), truthOf(b)];
    if (x === undefined || y === undefined) return undefined;
    if (typeof x === 'boolean' || typeof y === 'boolean') {
      const [known, other] = typeof x === 'boolean' ? [x, b] : [y as boolean, a];
      if (op === '&&') return known ? liftConvert(other, { kind: 'bool' }, undefined) : boolValue(false);
      return known ? boolValue(true) : liftConvert(other, { kind: 'bool' }, undefined);
    }
    const cubes = op === '&&' ? andCubes(x, y) : orCubes(x, y);
    return cubes === undefined ? undefined : predicateOf(readsOf([a, b]), cubes);
  }
  return undefined;
}

/** A value as a truth set: a boolean when known, cubes when structural, else undefined. */
function truthOf(v: Value): boolean | readonly Cube[] | undefined {
  if (isKnown(v)) return toBool(v);
  if (v.kind !== 'runtime') return undefined;
  const asBool = liftConvert(v, { kind: 'bool' }, undefined);
  return asBool.kind === 'runtime' ? asBool.cubes : isKnown(asBool) ? toBool(asBool) : undefined;
}

/** The cube where `bits` reads the integer `other`, or undefined when it never can. */
function equalityCubes(bits: readonly BitSource[], other: Concrete): Cube | undefined {
  if (other.kind === 'angle') return undefined;
  const number = toNumber(other);
  if (!Number.isInteger(number) || number < 0 || number >= 2 ** bits.length) return undefined;
  const target = other.kind === 'float' || other.kind === 'bool' ? BigInt(number) : other.value;
  const cube = new Map<number, 0 | 1>();
  for (let i = 0; i < bits.length; i += 1) {
    const want = Number((target >> BigInt(i)) & 1n) as 0 | 1;
    const source = bits[i]!;
    if (typeof source === 'number') {
      if (source !== want) return undefined;
      continue;
    }
    const existing = cube.get(source.clbit);
    if (existing !== undefined && existing !== want) return undefined;
    cube.set(source.clbit, want);
  }
  return cube;
}

export function liftUnary(op: UnaryOp, a: Value, at: Span | undefined): Value {
  if (isKnown(a)) return unary(op, a, at);
  if (a.kind === 'symbolic') {
    if (op !== '-') refuseSymbolic(`'${op}'`, [a], at);
    return { kind: 'symbolic', type: float, expr: { kind: 'unary', op: '-', operand: a.expr } };
  }
  if (op === '!') {
    const asBool = liftConvert(a, { kind: 'bool' }, at);
    if (asBool.kind === 'runtime' && asBool.cubes !== undefined) {
      const cubes = notCubes(asBool.cubes);
      if (cubes !== undefined) return predicateOf(asBool.reads, cubes);
    }
  }
  return lifted(unaryType(op, a.type, at), [a], ([x]) => unary(op, x!, at));
}

/** Casts and implicit conversions. */
export function liftConvert(v: Value, type: ScalarType, at: Span | undefined): Value {
  if (isKnown(v)) return convert(v, type, at);
  if (v.kind === 'symbolic') {
    if (type.kind === 'float' || type.kind === 'angle') return { kind: 'symbolic', type, expr: v.expr };
    return refuseSymbolic(`conversion to ${formatType(type)}`, [v], at);
  }
  if (formatType(v.type) === formatType(type)) return v;
  const plain = lifted(type, [v], ([x]) => convert(x!, type, at));
  if (v.bits === undefined) return plain;
  if (type.kind === 'bool') {
    const zero = equalityCubes(v.bits, boolValue(false));
    const cubes = zero === undefined ? [new Map()] : notCubes([zero]);
    return cubes === undefined ? plain : predicateOf(v.reads, cubes);
  }
  const keepsBits =
    (type.kind === 'bit' && (type.size ?? 1) === v.bits.length) ||
    ((type.kind === 'uint' || type.kind === 'int') &&
      (type.size === undefined || (type.kind === 'uint' && type.size >= v.bits.length)));
  return keepsBits ? { ...plain, bits: v.bits } : plain;
}

export function liftBuiltin(name: string, args: readonly Value[], at: Span | undefined): Value {
  if (args.every(isKnown)) return callBuiltin(name, args, at);
  if (args.some((a) => a.kind === 'symbolic')) {
    if ((SYMBOLIC_FUNCTIONS as readonly string[]).includes(name))
      return { kind: 'symbolic', type: float, expr: call(name as MathFunction, exprOf(args[0]!, at)) };
    if (name === 'pow') return liftBinary('**', args[0]!, args[1]!, at);
    return refuseSymbolic(`${name}()`, args, at);
  }
  const type = builtinType(name, args.map(valueType), at);
  return lifted(type, args, (xs) => callBuiltin(name, xs, at));
}

/** Bit `i` of a bit-register value. */
export function bitAt(v: Value, i: number): Value {
  if (v.kind === 'runtime' && v.bits !== undefined) return bitsValue([v.bits[i]!], true);
  const extract = (c: Concrete): Concrete =>
    bitValue(c.kind === 'bool' || c.kind === 'float' ? 0n : (c.value >> BigInt(i)) & 1n);
  if (isKnown(v)) return extract(v);
  if (v.kind === 'symbolic') throw new TypeError('bits of a symbolic value');
  return {
    kind: 'runtime',
    type: { kind: 'bit' },
    reads: v.reads,
    evaluate: (env) => extract(v.evaluate(env)),
  };
}

/** Whether two lists of known values are equal, element by element. */
export function sameValues(a: readonly Value[], b: readonly Value[]): boolean {
  return a.every((x, i) => {
    const y = b[i]!;
    return isKnown(x) && isKnown(y) ? x.kind === y.kind && String(x.value) === String(y.value) : x === y;
  });
}
