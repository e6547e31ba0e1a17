/** The shape checks of a gate call: counts, broadcasting, repeated qubits, lowering a binding. */
import { describe, expect, it } from 'vitest';
import {
  broadcast,
  checkParameterCount,
  checkQubitCount,
  lowerBinding,
  type QubitList,
} from '../../src/qasm/gate-calls.js';
import type { GateBinding } from '../../src/qasm/scope.js';
import { expectAppError } from '@lab/server-kit/testing';

const operand = (text: string, qubits: number[], scalar = false): QubitList => ({
  qubits,
  scalar,
  span: undefined,
  text,
  label: (q) => `${text}#${q}`,
});
const cx: GateBinding = {
  kind: 'standard',
  params: 0,
  qubits: 2,
  lower: (p) => ({ name: 'cx', params: [...p] }),
};

describe('gate calls', () => {
  it('broadcasts registers of equal size and repeats single qubits', () => {
    expect(broadcast([operand('a', [0], true), operand('r', [1, 2, 3])], undefined)).toEqual([
      [0, 1],
      [0, 2],
      [0, 3],
    ]);
    expect(broadcast([operand('r', [1, 2]), operand('s', [3, 4])], undefined)).toEqual([
      [1, 3],
      [2, 4],
    ]);
    expect(broadcast([operand('a', [5], true)], undefined)).toEqual([[5]]);
  });

  it('refuses registers of different sizes and a qubit used twice', () => {
    expectAppError(
      () => broadcast([operand('r', [1, 2]), operand('s', [3])], undefined),
      'INVALID_QASM',
      "'s' has 1 qubit but 'r' has 2",
    );
    expectAppError(
      () => broadcast([operand('a', [1], true), operand('r', [0, 1])], undefined),
      'INVALID_QASM',
      'qubit r#1 is used twice in this gate call (operands 1 and 2)',
    );
  });

  it('counts parameters and qubits, controls included', () => {
    expect(() => checkParameterCount('cx', cx, 0, undefined)).not.toThrow();
    expectAppError(
      () => checkParameterCount('cx', cx, 1, undefined),
      'INVALID_QASM',
      "gate 'cx' takes 0 parameters, got 1",
    );
    expectAppError(
      () => checkQubitCount('cx', cx, 0, 3, undefined),
      'INVALID_QASM',
      "gate 'cx' takes 2 qubits, got 3",
    );
    expectAppError(
      () => checkQubitCount('cx', cx, 2, 3, undefined),
      'INVALID_QASM',
      "takes 4 qubits (2 controls and 2 for 'cx'), got 3",
    );
  });

  it('lowers standard, custom and opaque bindings', () => {
    expect(lowerBinding('cx', cx, [], undefined)).toEqual({ name: 'cx', params: [] });
    expect(
      lowerBinding('h', { kind: 'custom', circuitName: 'h_custom', params: 1, qubits: 1 }, [0.5], undefined),
    ).toEqual({ name: 'h_custom', params: [0.5] });
    expectAppError(
      () => lowerBinding('magic', { kind: 'opaque', params: 0, qubits: 1 }, [], undefined),
      'INVALID_QASM',
      "gate 'magic' is opaque",
    );
  });
});
