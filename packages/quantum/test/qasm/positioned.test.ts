/** Errors from underneath become INVALID_QASM at the statement, with the original as cause. */
import { describe, expect, it } from 'vitest';
import { Circuit } from '../../src/circuit/circuit.js';
import { QuantumErrors } from '../../src/errors.js';
import { qasmError } from '../../src/qasm/diagnostics.js';
import { positioned } from '../../src/qasm/positioned.js';
import { expectAppError } from '@lab/server-kit/testing';

const at = { line: 3, column: 5, endLine: 3, endColumn: 9, file: 'p.qasm' };

describe('positioned', () => {
  it('turns a circuit-model error into INVALID_QASM at the statement, keeping the cause', () => {
    const error = expectAppError(
      () => positioned(at, () => new Circuit(1).cx(0, 0)),
      'INVALID_QASM',
      'p.qasm:3:5',
      'qubit 0 is used twice',
    );
    expect(error.details).toEqual({ line: 3, column: 5, file: 'p.qasm' });
    expect((error.cause as { code: string }).code).toBe('INVALID_OPERATION');
  });

  it('passes its own errors, input errors and non-catalogue errors through', () => {
    const own = qasmError({ line: 1, column: 1 }, 'already placed');
    const missing = QuantumErrors.missingInput({ name: 'n', type: 'int' });
    for (const error of [own, missing, new TypeError('bug')]) {
      expect(() =>
        positioned(at, () => {
          throw error;
        }),
      ).toThrow(error);
    }
    expect(positioned(at, () => 42)).toBe(42);
  });
});
