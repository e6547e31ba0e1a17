/**
 * Line patterns: the regular expressions verify.json may give to read a testbench's output
 * (`simulation.pass_pattern`, `simulation.fail_pattern`), matched against every line it prints.
 *
 * The user writes the pattern and the testbench that prints the lines, so a pattern must not be
 * able to stall the service: JavaScript's RegExp backtracks, and `(a+)+$` on a line of forty
 * `a`s and a `b` holds the event loop for minutes. Patterns are therefore run by RE2JS, the
 * JavaScript port of RE2 (no native code), which matches in time linear in the line and refuses
 * what cannot be matched so (backreferences, lookaround). Its syntax is RE2's (as Go's regexp):
 * `(?i)` for any case, `\d \w \s \b`, classes, groups, `x{n,m}` up to 1,000 in all.
 *
 * A pattern is found anywhere in the line unless anchored, as RegExp.test finds it.
 */
import { RE2JS, RE2JSSyntaxException } from 're2js';

/** The longest pattern verify.json takes. */
export const MAX_PATTERN_LENGTH = 256;
/** A line is matched on its first this many characters (UTF-16 code units). */
export const MAX_LINE_LENGTH = 4096;

export class LinePatternError extends Error {
  constructor(
    message: string,
    /** The character of the pattern where the problem was found (0-based). */
    readonly position: number,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'LinePatternError';
  }
}

export interface LinePattern {
  /** The pattern as written. */
  readonly source: string;
  /** Whether the pattern occurs in `line` (its first MAX_LINE_LENGTH characters). */
  test(line: string): boolean;
}

/** Compiles `source`, or throws a LinePatternError saying what is wrong and where. */
export function compileLinePattern(source: string): LinePattern {
  if (source.length > MAX_PATTERN_LENGTH) {
    throw new LinePatternError(
      `the pattern is longer than ${MAX_PATTERN_LENGTH} characters`,
      MAX_PATTERN_LENGTH,
    );
  }
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(source);
  } catch (error) {
    if (!(error instanceof RE2JSSyntaxException)) throw error;
    const at = error.input === null ? source.length : Math.max(0, source.indexOf(error.input));
    throw new LinePatternError(`${error.error} at character ${at + 1}`, at, { cause: error });
  }
  return {
    source,
    test: (line) => compiled.test(line.length > MAX_LINE_LENGTH ? line.slice(0, MAX_LINE_LENGTH) : line),
  };
}
