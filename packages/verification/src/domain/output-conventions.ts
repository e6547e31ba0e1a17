/**
 * The conventional result lines of a testbench that prints no TEST lines: `PASSED` / `FAILED`
 * and their common spellings, as verify.json's `simulation.pass_pattern` and
 * `simulation.fail_pattern` (line patterns, see line-pattern.ts) read them. A run with such lines
 * is one test: failed when a line matches the fail pattern, passed when none does and one
 * matches the pass pattern.
 *
 * The defaults cover what open-source testbenches print and what runners look for: the plain
 * words (`PASSED`, `PASS`, `FAILED`, `FAIL`, `*** PASSED ***`, `TEST PASSED`, `ALL TESTS PASSED`,
 * `Test failed`, `3 tests failed`, `SIMULATION PASSED`), `ERROR:` at the start of a line (Icarus's
 * `$error`, and OpenTitan dvsim's `^Error:`), dvsim's `TEST PASSED CHECKS` / `TEST FAILED
 * CHECKS`, and UVM: a `UVM_ERROR` or `UVM_FATAL` message or a report summary counting one
 * (`UVM_ERROR :    2`) fails, a summary of `UVM_ERROR :    0` passes. Lines are read without
 * regard to case, from the start after decoration (spaces, `*`, `=`, `#`, `>`, `!`, `:`, `.`,
 * `-`), so that `0 tests failed`, `Failures: 0` or `pass_count = 3` are no verdict.
 */
import { Type } from 'typebox';
import { VpErrors } from '../errors.js';
import { compileLinePattern, LinePatternError, MAX_PATTERN_LENGTH } from './line-pattern.js';

const DECORATION = '^[\\s*=#>!:.-]*';

export const DEFAULT_PASS_PATTERN =
  `(?i)${DECORATION}((ALL\\s+)?([1-9][0-9]*\\s+)?(TESTS?|SIMULATION|SIM)\\s+)?PASS(ED)?\\b` +
  '|^UVM_ERROR\\s*:\\s*0\\b';

export const DEFAULT_FAIL_PATTERN =
  `(?i)${DECORATION}((ALL\\s+)?([1-9][0-9]*\\s+)?(TESTS?|SIMULATION|SIM)\\s+)?FAIL(ED|URE)?\\b` +
  `|${DECORATION}ERROR\\s*:` +
  '|\\b[1-9][0-9]*\\s+(TESTS?\\s+)?FAILED\\b' +
  '|^UVM_(ERROR|FATAL)(\\s*:\\s*[1-9]|\\s+[^\\s:])';

const PatternSchema = (fallback: string, what: string) =>
  Type.String({
    minLength: 1,
    maxLength: MAX_PATTERN_LENGTH,
    default: fallback,
    description:
      `a line the testbench prints that means it ${what}, when it prints no TEST line: a regular ` +
      'expression without backreferences or lookaround, `(?i)` first for any case',
  });

export const PassPatternSchema = PatternSchema(DEFAULT_PASS_PATTERN, 'passed');
export const FailPatternSchema = PatternSchema(DEFAULT_FAIL_PATTERN, 'failed');

/** Compiles both patterns of the simulation settings, or refuses the first broken one naming it. */
export function checkOutputPatterns(simulation: { pass_pattern: string; fail_pattern: string }): void {
  for (const key of ['pass_pattern', 'fail_pattern'] as const) {
    try {
      compileLinePattern(simulation[key]);
    } catch (error) {
      if (!(error instanceof LinePatternError)) throw error;
      const field = `simulation.${key}`;
      throw VpErrors.ruleViolation(
        { message: `verify.json: ${field} is not a pattern the platform runs: ${error.message}` },
        {
          cause: error,
          details: {
            field,
            file: 'verify.json',
            position: error.position,
            suggestion:
              'write a regular expression without backreferences or lookaround (see the simulation section of the README)',
          },
        },
      );
    }
  }
}
