import { describe, expect, it } from 'vitest';
import { qasmError, showSourceLine, unsupportedConstruct } from '../../src/qasm/diagnostics.js';

describe('qasmError', () => {
  it('names file:line:column and puts the position and the syntax hints in details', () => {
    const error = qasmError({ line: 3, column: 7, file: 'a.qasm' }, "expected ';'", {
      found: 'h',
      expected: "';'",
    });
    expect([error.code, error.message, error.details]).toEqual([
      'INVALID_QASM',
      "a.qasm:3:7: expected ';'",
      { line: 3, column: 7, file: 'a.qasm', found: 'h', expected: "';'" },
    ]);
  });

  it('keeps the cause and reads a missing position as the start of the input', () => {
    const cause = new Error('underneath');
    const error = qasmError(undefined, 'why', { cause });
    expect([error.message, error.details, error.cause]).toEqual([
      '<input>:1:1: why',
      { line: 1, column: 1 },
      cause,
    ]);
  });
});

describe('unsupportedConstruct', () => {
  it('names the construct', () => {
    const error = unsupportedConstruct(
      { line: 2, column: 1 },
      'defcal',
      'calibrations need a pulse-level backend',
    );
    expect(error.code).toBe('UNSUPPORTED_QASM_FEATURE');
    expect(error.message).toBe(
      "<input>:2:1: 'defcal' is not supported: calibrations need a pulse-level backend",
    );
    expect(error.details).toEqual({ line: 2, column: 1, construct: 'defcal' });
  });
});

describe('showSourceLine', () => {
  it('puts a caret under the column, keeping tabs so it lines up', () => {
    expect(showSourceLine('qubit q;\n\th q[5];\n', 2, 6)).toBe('2 | \th q[5];\n  | \t    ^');
    expect(showSourceLine('a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nx y;', 11, 3)).toBe('11 | x y;\n   |   ^');
  });
  it('shows nothing for a line the source does not have', () => {
    expect(showSourceLine('qubit q;', 5, 1)).toBe('');
  });
});
