/**
 * Errors raised underneath the importer (the circuit model's INVALID_OPERATION, an include
 * resolver's I/O error) made into INVALID_QASM at the statement that caused them, with the
 * original kept as `cause`, so no failure leaves the importer without a position.
 */
import { AppError } from '@lab/server-kit/errors';
import type { Span } from './ast.js';
import { qasmError } from './diagnostics.js';

/** Codes that already carry a position or concern the caller's options: passed through unchanged. */
const OWN_CODES = new Set([
  'INVALID_QASM',
  'UNSUPPORTED_QASM_FEATURE',
  'MISSING_INPUT',
  'INVALID_RUN_OPTIONS',
]);

/** Runs `body`; a foreign error it throws becomes INVALID_QASM at `at` with the error as cause. */
export function positioned<T>(at: Span | undefined, body: () => T): T {
  try {
    return body();
  } catch (error) {
    if (error instanceof AppError && OWN_CODES.has(error.code)) throw error;
    if (!(error instanceof AppError)) throw error;
    throw qasmError(at, error.message, { cause: error });
  }
}
