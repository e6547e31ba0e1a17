/**
 * The invalid OpenQASM corpus (`test/fixtures/qasm/invalid/`): programs that parse but are not
 * valid OpenQASM (INVALID_QASM), or are valid but cannot run as a circuit (`box`, `extern`, a
 * `while` on a measured value: UNSUPPORTED_QASM_FEATURE, naming the construct in
 * `details.construct`). Each must fail at import with the code, `details.line`, `details.column`,
 * `details.file` and message fragment of its header. Positions are those of the offending node:
 * the index itself when it is out of range, the operand or argument at fault (the register of
 * the wrong size in a broadcast, the count of `ctrl(0)`), the gate name for an unknown gate or a
 * wrong arity, and the statement for a statement-level error.
 */
import { describe, expect, it } from 'vitest';
import { importQasm } from '../../src/qasm/importer.js';
import { expectAppError } from '@lab/server-kit/testing';
import { loadFixtures, resolveFixtureInclude } from '../support/qasm-corpus.js';

const INVALID = loadFixtures('invalid');

describe('invalid programs', () => {
  it.each(INVALID.map((fixture) => ({ fixture, title: `${fixture.file}: ${fixture.header.name}` })))(
    '$title',
    ({ fixture }) => {
      const expected = fixture.header.error;
      expect(expected, 'an error: header').toBeDefined();
      const error = expectAppError(
        () => importQasm(fixture.source, { file: fixture.file, resolveInclude: resolveFixtureInclude }),
        expected!.code,
        expected!.fragment,
      );
      expect(error.details).toMatchObject({
        line: expected!.line,
        column: expected!.column,
        file: expected!.file,
      });
      if (expected!.code === 'UNSUPPORTED_QASM_FEATURE')
        expect(error.message).toContain(`'${String(error.details.construct)}' is not supported`);
    },
  );
});
