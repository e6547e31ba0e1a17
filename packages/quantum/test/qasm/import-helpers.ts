/** Helpers for the importer's tests: compact operation listings, QASM error positions, states. */
import type { AppError } from '@lab/server-kit/errors';
import { expect } from 'vitest';
import type { Circuit, Operation } from '../../src/circuit/circuit.js';
import { formatExpr } from '../../src/circuit/expr.js';
import { simulateStatevector } from '../../src/engine/statevector-run.js';
import { importQasm, type ImportOptions } from '../../src/qasm/importer.js';
import { circuitDistribution } from '../support/dense-reference.js';
import { expectAppError } from '@lab/server-kit/testing';

const number = (p: number) => String(Number(p.toFixed(6)));

/** One operation as `ctrl@rx(0.5) 0,1 if 2=1`: modifiers, name, parameters, qubits, condition. */
export function describeOperation(op: Operation): string {
  const condition =
    op.kind !== 'barrier' && op.condition !== undefined
      ? ` if ${op.condition.clbits.join(',')}=${op.condition.value}`
      : '';
  switch (op.kind) {
    case 'measure':
      return `measure ${op.qubit}->${op.clbit}${condition}`;
    case 'reset':
      return `reset ${op.qubit}${condition}`;
    case 'barrier':
      return `barrier ${op.qubits.join(',')}`;
    case 'gate': {
      const mods = op.modifiers
        .map((m) =>
          m.kind === 'pow'
            ? `pow(${formatExpr(m.exponent)})@`
            : m.kind === 'inv'
              ? 'inv@'
              : `${m.kind}(${m.count})@`,
        )
        .join('');
      const params =
        op.params.length === 0
          ? ''
          : `(${op.params.map((p) => (typeof p === 'number' ? number(p) : formatExpr(p))).join(',')})`;
      return `${mods}${op.name}${params} ${op.qubits.join(',')}${condition}`;
    }
  }
}

/** The circuit's operations, described. */
export const opsOf = (circuit: Circuit): string[] => circuit.operations.map(describeOperation);

/** Imports a program and lists its operations. */
export const importOps = (source: string, options: ImportOptions = {}): string[] =>
  opsOf(importQasm(source, options).circuit);

/** Runs `fn` expecting INVALID_QASM (or `code`) at `line:column`, with every fragment in the message. */
export function expectQasmError(
  fn: () => unknown,
  at: { line: number; column: number; file?: string },
  ...fragments: string[]
): AppError {
  return expectCodeAt('INVALID_QASM', fn, at, ...fragments);
}

export function expectCodeAt(
  code: string,
  fn: () => unknown,
  at: { line: number; column: number; file?: string },
  ...fragments: string[]
): AppError {
  const error = expectAppError(fn, code, ...fragments);
  expect({ line: error.details.line, column: error.details.column }, error.message).toEqual({
    line: at.line,
    column: at.column,
  });
  if (at.file !== undefined) expect(error.details.file).toBe(at.file);
  return error;
}

/** Expects two circuits without measurements to give the same state, global phase included. */
export function expectSameState(
  actual: Circuit,
  expected: Circuit,
  parameters: Readonly<Record<string, number>> = {},
): void {
  const a = simulateStatevector(actual, { parameters });
  const b = simulateStatevector(expected, { parameters });
  expect(a.length).toBe(b.length);
  const diff = a.reduce((m, v, i) => Math.max(m, Math.abs(v - b[i]!)), 0);
  expect(diff).toBeLessThan(1e-9);
}

/** The exact distribution of a circuit's classical record, outcomes of probability ~0 dropped. */
export function exactCounts(circuit: Circuit): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [key, p] of circuitDistribution(circuit)) if (p > 1e-12) out[key] = Number(p.toFixed(9));
  return out;
}

/** Expects an exact distribution to equal the expected one (to 1e-9). */
export function expectDistribution(circuit: Circuit, expected: Readonly<Record<string, number>>): void {
  const actual = exactCounts(circuit);
  expect(Object.keys(actual).sort()).toEqual(Object.keys(expected).sort());
  for (const [key, p] of Object.entries(expected)) expect(actual[key], key).toBeCloseTo(p, 9);
}
