/** The scope stack and OpenQASM 3's visibility rules, on the `Scope` class directly. */
import { describe, expect, it } from 'vitest';
import { intValue } from '../../src/qasm/classical.js';
import { Scope, type SymbolEntry } from '../../src/qasm/scope.js';
import { expectAppError } from '@lab/server-kit/testing';

const variable = (name: string, access: 'mutable' | 'const' = 'mutable'): SymbolEntry => ({
  kind: 'variable',
  name,
  type: { kind: 'int' },
  value: intValue(1n),
  access,
});
const qubits = (name: string): SymbolEntry => ({
  kind: 'qubits',
  name,
  qubits: [0],
  labels: [name],
  scalar: true,
});
const gate: SymbolEntry = { kind: 'gate', name: 'g', binding: { kind: 'opaque', params: 0, qubits: 1 } };
const span = (line: number, column: number) => ({ line, column, endLine: line, endColumn: column });

describe('Scope', () => {
  it('refuses a second declaration in one scope, naming the first', () => {
    const scope = new Scope();
    scope.declare(variable('x'), span(1, 5));
    expectAppError(
      () => scope.declare(variable('x'), span(2, 5)),
      'INVALID_QASM',
      "'x' is already declared in this scope (at 1:5)",
    );
  });

  it('lets a block shadow an outer name until it ends', () => {
    const scope = new Scope();
    scope.declare(variable('x'), undefined);
    const inner = variable('x', 'const');
    scope.block(() => {
      scope.declare(inner, undefined);
      expect(scope.resolve('x', undefined).entry).toBe(inner);
      expect(scope.atGlobalScope).toBe(false);
    });
    expect(scope.resolve('x', undefined).entry).not.toBe(inner);
  });

  it('shows a gate body only global constants and gates', () => {
    const scope = new Scope();
    scope.declare(variable('n', 'const'), undefined);
    scope.declare(variable('m'), undefined);
    scope.declare(qubits('q'), undefined);
    scope.declare(gate, undefined);
    scope.definition('gate', 'g2', () => {
      expect(scope.resolve('n', undefined)).toMatchObject({ readonly: true });
      expect(scope.resolve('g', undefined).entry).toBe(gate);
      expectAppError(
        () => scope.resolve('m', undefined),
        'INVALID_QASM',
        "'m' is not visible inside gate 'g2'",
      );
      expectAppError(
        () => scope.resolve('q', undefined),
        'INVALID_QASM',
        "'q' is not visible inside gate 'g2'",
      );
      expect(scope.enclosing).toEqual({ kind: 'gate', name: 'g2' });
    });
  });

  it('shows a subroutine global variables read-only, and no global qubits', () => {
    const scope = new Scope();
    scope.declare(variable('m'), undefined);
    scope.declare(qubits('q'), undefined);
    scope.definition('subroutine', 'f', () => {
      scope.declare(variable('local'), undefined);
      expect(scope.resolve('m', undefined)).toMatchObject({ readonly: true });
      expect(scope.resolve('local', undefined)).toMatchObject({ readonly: false });
      expectAppError(
        () => scope.resolve('q', undefined),
        'INVALID_QASM',
        "qubit 'q' is not visible inside subroutine 'f'",
        'arguments',
      );
    });
  });

  it('sees a definition’s scope only from its own frames, not the caller’s blocks', () => {
    const scope = new Scope();
    scope.block(() => {
      scope.declare(variable('callerLocal'), undefined);
      scope.definition('subroutine', 'f', () => {
        expectAppError(
          () => scope.resolve('callerLocal', undefined),
          'INVALID_QASM',
          "undeclared name 'callerLocal'",
        );
      });
    });
  });

  it('keeps gate names global: not redeclared at global scope, still callable under a local of that name', () => {
    const scope = new Scope();
    scope.declare(gate, undefined);
    expectAppError(() => scope.declare(variable('g'), span(3, 1)), 'INVALID_QASM', "'g' is already a gate");
    scope.block(() => {
      scope.declare(variable('g'), undefined);
      expect(scope.lookup('g')?.kind).toBe('variable');
      expect(scope.callable('g')).toBe(gate);
    });
  });

  it('refuses declaring a built-in constant', () => {
    expectAppError(
      () => new Scope().declare(variable('τ'), undefined),
      'INVALID_QASM',
      "'τ' is a built-in constant",
    );
  });

  it('tells the release listener the symbols of each scope that ends', () => {
    const scope = new Scope();
    const released: string[][] = [];
    scope.onRelease = (entries) => released.push(entries.map((e) => e.name));
    scope.block(() => scope.declare(variable('a'), undefined));
    scope.definition('subroutine', 'f', () => scope.declare(variable('b'), undefined));
    expect(released).toEqual([['a'], ['b']]);
  });
});
