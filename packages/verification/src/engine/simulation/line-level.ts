/**
 * The log level of a line printed by Verilator, Icarus Verilog, make, the C++ compiler or a
 * simulation, by the prefixes those tools put on their messages.
 */
import type { LogLevel } from '../stage.js';
import { isFailLine } from './test-protocol.js';

// `[40] %Error: ...` (a Verilator simulation prefixes the time), `%Fatal`, Icarus's `ERROR:`
// and `FATAL:`, compiler-style `file:3: error:` / `syntax error`, iverilog's `2 error(s)`, and make.
const ERROR_PATTERNS = [
  /^\s*(?:\[\d+\]\s*)?%(?:Error|Fatal)\b/,
  /^\s*(?:ERROR|FATAL):/,
  /:\s*(?:syntax |fatal )?error\b/i,
  /^\s*\d+ error\(s\)/,
  /^make(?:\[\d+\])?: \*\*\*/,
];
const WARNING_PATTERNS = [/^\s*(?:\[\d+\]\s*)?%Warning\b/, /^\s*WARNING:/, /(?:^|:)\s*warning\b/i];

/** Whether the line is a simulator's fatal message (`$fatal` in Icarus, or Verilator's). */
export function isFatalLine(line: string): boolean {
  return /^\s*(?:FATAL:|(?:\[\d+\]\s*)?%Fatal\b)/.test(line);
}

export function levelOfLine(line: string): LogLevel {
  if (isFailLine(line) || ERROR_PATTERNS.some((pattern) => pattern.test(line))) return 'ERROR';
  if (WARNING_PATTERNS.some((pattern) => pattern.test(line))) return 'WARNING';
  return 'INFO';
}
