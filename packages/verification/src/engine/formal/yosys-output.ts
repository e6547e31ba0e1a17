/** Reading what Yosys prints: the level of a line, and the error that stopped it. */
import type { LogLevel } from '../stage.js';

export function yosysLineLevel(line: string): LogLevel {
  if (/\bERROR\b/.test(line)) return 'ERROR';
  if (/^\s*Warning\b/i.test(line)) return 'WARNING';
  return 'INFO';
}

/** The last line of Yosys's output that says what went wrong (`rtl/x.sv:5: ERROR: syntax error, ...`). */
export function yosysError(tail: string, exitCode: number | null): string {
  const errors = tail.split('\n').filter((line) => /\bERROR\b/.test(line));
  return errors.at(-1)?.trim() ?? `yosys exited with code ${String(exitCode)}`;
}
