import { describe, expect, it } from 'vitest';
import {
  add,
  call,
  div,
  evaluate,
  formatExpr,
  freeParameters,
  mul,
  neg,
  param,
  sub,
  substitute,
  type Expr,
} from '../../src/circuit/expr.js';
import { expectAppError } from '@lab/server-kit/testing';

describe('angle expressions', () => {
  const theta = param('theta');
  const phi = param('phi');
  const bindings = new Map([
    ['theta', 0.7],
    ['phi', -1.3],
  ]);

  it('evaluate every operator and function', () => {
    expect(evaluate(3, bindings)).toBe(3);
    expect(evaluate(theta, bindings)).toBe(0.7);
    expect(evaluate(neg(theta), bindings)).toBe(-0.7);
    expect(evaluate(add(theta, phi), bindings)).toBeCloseTo(-0.6, 15);
    expect(evaluate(sub(theta, 2), bindings)).toBeCloseTo(-1.3, 15);
    expect(evaluate(mul(theta, 0.5), bindings)).toBe(0.35);
    expect(evaluate(div(1, phi), bindings)).toBe(1 / -1.3);
    const power: Expr = {
      kind: 'binary',
      op: '**',
      left: { kind: 'number', value: 2 },
      right: { kind: 'number', value: 10 },
    };
    expect(evaluate(power, bindings)).toBe(1024);
    const fns = {
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
    for (const [fn, f] of Object.entries(fns)) {
      expect(evaluate(call(fn as keyof typeof fns, mul(theta, 0.5)), bindings), fn).toBe(f(0.35));
    }
    expect(evaluate(call('sqrt'), bindings)).toBeNaN();
  });

  it('an unbound parameter fails with UNBOUND_PARAMETER', () => {
    expectAppError(
      () => evaluate(add(1, param('gamma')), bindings),
      'UNBOUND_PARAMETER',
      "parameter 'gamma' has no value",
    );
  });

  it('list free parameters in first-seen order', () => {
    expect([...freeParameters(add(mul(phi, theta), call('sin', phi)))]).toEqual(['phi', 'theta']);
    expect([...freeParameters(4)]).toEqual([]);
    expect([...freeParameters(neg(param('z')))]).toEqual(['z']);
  });

  it('substitute values for parameters, leaving the rest', () => {
    const e = add(mul(theta, 2), neg(phi));
    const s = substitute(e, new Map([['theta', 0.25]]));
    expect([...freeParameters(s)]).toEqual(['phi']);
    expect(evaluate(s, new Map([['phi', 1]]))).toBe(-0.5);
    expect(substitute(5, new Map())).toBe(5);
    expect(evaluate(substitute(call('cos', theta), new Map([['theta', param('phi')]])), bindings)).toBe(
      Math.cos(-1.3),
    );
  });

  it('print in OpenQASM 3 syntax', () => {
    expect(formatExpr(add(mul(theta, 0.5), call('sin', neg(phi))))).toBe('((theta * 0.5) + sin(-(phi)))');
    expect(formatExpr(2.5)).toBe('2.5');
    expect(formatExpr(div(1, theta))).toBe('(1 / theta)');
  });
});
