/**
 * Symbolic angle expressions: the parameters of custom gate bodies and of parametric circuits
 * (bound when a circuit runs). A closed union with a `kind` discriminant, so an exporter can
 * print it and `evaluate` can check it exhaustively.
 */
import { QuantumErrors } from '../errors.js';

export type Expr =
  | { readonly kind: 'number'; readonly value: number }
  | { readonly kind: 'parameter'; readonly name: string }
  | { readonly kind: 'unary'; readonly op: '-'; readonly operand: Expr }
  | {
      readonly kind: 'binary';
      readonly op: '+' | '-' | '*' | '/' | '**';
      readonly left: Expr;
      readonly right: Expr;
    }
  | { readonly kind: 'call'; readonly fn: MathFunction; readonly args: readonly Expr[] };

export type MathFunction = 'sin' | 'cos' | 'tan' | 'arcsin' | 'arccos' | 'arctan' | 'exp' | 'log' | 'sqrt';

/** A gate parameter: a number, or an expression over named parameters. */
export type ParamValue = number | Expr;

/** What each function computes, for evaluation (and the importer's constant folding). */
export const MATH_FUNCTIONS: Readonly<Record<MathFunction, (x: number) => number>> = {
  sin: Math.sin,
  cos: Math.cos,
  tan: Math.tan,
  arcsin: Math.asin,
  arccos: Math.acos,
  arctan: Math.atan,
  exp: Math.exp,
  log: Math.log,
  sqrt: Math.sqrt,
};

const lift = (v: ParamValue): Expr => (typeof v === 'number' ? { kind: 'number', value: v } : v);

/** Builders: `mul(param('theta'), 0.5)`. */
export const param = (name: string): Expr => ({ kind: 'parameter', name });
export const neg = (v: ParamValue): Expr => ({ kind: 'unary', op: '-', operand: lift(v) });
export const add = (a: ParamValue, b: ParamValue): Expr => ({
  kind: 'binary',
  op: '+',
  left: lift(a),
  right: lift(b),
});
export const sub = (a: ParamValue, b: ParamValue): Expr => ({
  kind: 'binary',
  op: '-',
  left: lift(a),
  right: lift(b),
});
export const mul = (a: ParamValue, b: ParamValue): Expr => ({
  kind: 'binary',
  op: '*',
  left: lift(a),
  right: lift(b),
});
export const div = (a: ParamValue, b: ParamValue): Expr => ({
  kind: 'binary',
  op: '/',
  left: lift(a),
  right: lift(b),
});
export const call = (fn: MathFunction, ...args: ParamValue[]): Expr => ({
  kind: 'call',
  fn,
  args: args.map(lift),
});

export type Bindings = ReadonlyMap<string, number>;

export function evaluate(value: ParamValue, bindings: Bindings): number {
  if (typeof value === 'number') return value;
  switch (value.kind) {
    case 'number':
      return value.value;
    case 'parameter': {
      const bound = bindings.get(value.name);
      if (bound === undefined) throw QuantumErrors.unboundParameter({ parameter: value.name });
      return bound;
    }
    case 'unary':
      return -evaluate(value.operand, bindings);
    case 'binary':
      return BINARY[value.op](evaluate(value.left, bindings), evaluate(value.right, bindings));
    case 'call':
      return MATH_FUNCTIONS[value.fn](
        evaluate(value.args[0] ?? { kind: 'number', value: Number.NaN }, bindings),
      );
  }
}

const BINARY: Record<'+' | '-' | '*' | '/' | '**', (l: number, r: number) => number> = {
  '+': (l, r) => l + r,
  '-': (l, r) => l - r,
  '*': (l, r) => l * r,
  '/': (l, r) => l / r,
  '**': (l, r) => l ** r,
};

/** Names of the free parameters in a value, in first-seen order. */
export function freeParameters(value: ParamValue, into: Set<string> = new Set()): Set<string> {
  if (typeof value === 'number') return into;
  switch (value.kind) {
    case 'number':
      break;
    case 'parameter':
      into.add(value.name);
      break;
    case 'unary':
      freeParameters(value.operand, into);
      break;
    case 'binary':
      freeParameters(value.left, into);
      freeParameters(value.right, into);
      break;
    case 'call':
      value.args.forEach((a) => freeParameters(a, into));
      break;
  }
  return into;
}

/** Replaces parameters by values: how a custom gate's body receives its call's arguments. */
export function substitute(value: ParamValue, args: ReadonlyMap<string, ParamValue>): ParamValue {
  if (typeof value === 'number') return value;
  switch (value.kind) {
    case 'number':
      return value;
    case 'parameter':
      return args.get(value.name) ?? value;
    case 'unary':
      return { ...value, operand: lift(substitute(value.operand, args)) };
    case 'binary':
      return {
        ...value,
        left: lift(substitute(value.left, args)),
        right: lift(substitute(value.right, args)),
      };
    case 'call':
      return { ...value, args: value.args.map((a) => lift(substitute(a, args))) };
  }
}

/** Prints an expression in OpenQASM 3 syntax. */
export function formatExpr(value: ParamValue): string {
  if (typeof value === 'number') return String(value);
  switch (value.kind) {
    case 'number':
      return String(value.value);
    case 'parameter':
      return value.name;
    case 'unary':
      return `-(${formatExpr(value.operand)})`;
    case 'binary':
      return `(${formatExpr(value.left)} ${value.op} ${formatExpr(value.right)})`;
    case 'call':
      return `${value.fn}(${value.args.map(formatExpr).join(', ')})`;
  }
}
