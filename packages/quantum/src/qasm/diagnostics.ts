/**
 * How OpenQASM errors are made and shown. Every error names `file:line:column`; syntax errors
 * also say what was found and what was expected. `showSourceLine` renders the offending line
 * with a caret under the column, as the CLI prints it.
 */
import type { AppError } from '@lab/server-kit/errors';
import { QuantumErrors } from '../errors.js';
import type { Span } from './ast.js';

/** A position in a source: a node's span or a lexer position. */
export interface SourcePosition {
  readonly line: number;
  readonly column: number;
  readonly file?: string;
}

/** INVALID_QASM at `at`; `found`/`expected` go into `details` as given, `cause` is kept. */
export function qasmError(
  at: SourcePosition | Span | undefined,
  message: string,
  { cause, ...extra }: { found?: string; expected?: string; cause?: unknown } = {},
): AppError {
  const where = position(at);
  return QuantumErrors.invalidQasm(
    { ...where, message },
    { details: { ...where, ...extra }, ...(cause === undefined ? {} : { cause }) },
  );
}

/** UNSUPPORTED_QASM_FEATURE at `at` for `construct` (`defcal`, `extern`, `box`, ...). */
export function unsupportedConstruct(
  at: SourcePosition | Span | undefined,
  construct: string,
  reason: string,
): AppError {
  const where = position(at);
  return QuantumErrors.unsupportedQasm({ ...where, construct, reason }, { details: { ...where, construct } });
}

/** A note the importer gives without failing (`delay` read as identity, an ignored pragma). */
export interface QasmWarning extends SourcePosition {
  readonly message: string;
}

/**
 * The source line of `line` with a caret under `column`:
 *
 *       3 | h q[5];
 *         |   ^
 */
export function showSourceLine(source: string, line: number, column: number): string {
  const text = source.split(/\r?\n/)[line - 1];
  if (text === undefined) return '';
  const gutter = String(line).length;
  const pad = ' '.repeat(gutter);
  // Tabs stay tabs under the caret so it lines up in any terminal.
  const lead = text.slice(0, Math.max(0, column - 1)).replace(/[^\t]/g, ' ');
  return `${String(line)} | ${text}\n${pad} | ${lead}^`;
}

function position(at: SourcePosition | undefined): { line: number; column: number; file?: string } {
  if (at === undefined) return { line: 1, column: 1 };
  return at.file === undefined
    ? { line: at.line, column: at.column }
    : { line: at.line, column: at.column, file: at.file };
}
