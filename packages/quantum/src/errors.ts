/**
 * The quantum package's error catalogue. Library code throws these; the REST layer maps their
 * kinds to statuses through the server kit, so a library user and an API user see the same codes.
 */
import { defineError, type AppError } from '@lab/server-kit/errors';

export const QuantumErrors = {
  /** A gate, measurement or register used wrongly; `details.operation` names it. */
  invalidOperation: defineError<{ operation: string; reason: string }>(
    'INVALID_OPERATION',
    'invalid',
    (p) => `${p.operation}: ${p.reason}`,
  ),
  invalidGateDefinition: defineError<{ gate: string; reason: string }>(
    'INVALID_GATE_DEFINITION',
    'invalid',
    (p) => `gate definition '${p.gate}': ${p.reason}`,
  ),
  invalidCircuit: defineError<{ reason: string }>('INVALID_CIRCUIT', 'invalid', (p) => p.reason),
  unboundParameter: defineError<{ parameter: string }>(
    'UNBOUND_PARAMETER',
    'invalid',
    (p) => `parameter '${p.parameter}' has no value: pass it in the run's parameters`,
  ),
  invalidRunOptions: defineError<{ field: string; reason: string }>(
    'INVALID_RUN_OPTIONS',
    'invalid',
    (p) => `${p.field} ${p.reason}`,
  ),
  /**
   * Refused before allocation: the run would not fit in the simulator's memory budget even alone
   * (its states, threads and shots; see backends/memory.ts). `maxQubits` is the most an ideal run,
   * one state, fits in the budget.
   */
  circuitTooLarge: defineError<{
    qubits: number;
    states?: number;
    bytesNeeded: number;
    bytesAllowed: number;
    maxQubits: number;
  }>(
    'CIRCUIT_TOO_LARGE',
    'unprocessable',
    (p) =>
      `${p.qubits} qubits need ${formatBytes(p.bytesNeeded)} of memory` +
      (p.states === undefined
        ? ''
        : ` (${p.states} ${p.states === 1 ? 'state' : 'states'} and the run's threads and shots)`) +
      `; the simulator's memory budget is ${formatBytes(p.bytesAllowed)}, which fits at most ` +
      `${p.maxQubits} qubits`,
  ),
  backendNotFound: defineError<{ name: string; known: string[] }>(
    'BACKEND_NOT_FOUND',
    'not_found',
    (p) => `no backend named '${p.name}' (known: ${p.known.join(', ')})`,
  ),
  backendUnavailable: defineError<{ name: string; reason: string }>(
    'BACKEND_UNAVAILABLE',
    'unavailable',
    (p) => `backend '${p.name}' is not available: ${p.reason}`,
  ),
  noMeasurements: defineError<void>(
    'NO_MEASUREMENTS',
    'invalid',
    () => 'the circuit has no classical bits, so there are no counts: add measurements',
  ),
  /** OpenQASM that does not lex, parse or make sense; `details` has `line`, `column`, `file` and, for syntax, `found` and `expected`. */
  invalidQasm: defineError<{ file?: string; line: number; column: number; message: string }>(
    'INVALID_QASM',
    'invalid',
    (p) => `${p.file ?? '<input>'}:${p.line}:${p.column}: ${p.message}`,
  ),
  /**
   * A valid OpenQASM construct this simulator does not run (timing, calibrations, extern, a `while`
   * on a measured value, ...); `details.construct` names it.
   */
  unsupportedQasm: defineError<{
    file?: string;
    line: number;
    column: number;
    construct: string;
    reason: string;
  }>(
    'UNSUPPORTED_QASM_FEATURE',
    'invalid',
    (p) => `${p.file ?? '<input>'}:${p.line}:${p.column}: '${p.construct}' is not supported: ${p.reason}`,
  ),
  /** An `input` the program needs at import time (it shapes control flow or sizes) has no value. */
  missingInput: defineError<{ name: string; type: string }>(
    'MISSING_INPUT',
    'invalid',
    (p) => `input '${p.name}' (${p.type}) needs a value: pass it in the inputs`,
  ),
  /** A circuit operation the target format cannot write; `details.operation` names it. */
  cannotExport: defineError<{ format: string; operation: string; reason: string }>(
    'CANNOT_EXPORT',
    'unprocessable',
    (p) => `cannot write ${p.operation} as ${p.format}: ${p.reason}`,
  ),
  exampleNotFound: defineError<{ name: string; known: string[] }>(
    'EXAMPLE_NOT_FOUND',
    'not_found',
    (p) => `no example named '${p.name}' (examples: ${p.known.join(', ')})`,
  ),
  /** A file the CLI was asked to read (a source or an include) cannot be read. */
  sourceUnreadable: defineError<{ path: string; reason: string }>(
    'SOURCE_UNREADABLE',
    'invalid',
    (p) => `cannot read ${p.path}: ${p.reason}`,
  ),
  jobNotFound: defineError<{ id: string }>('JOB_NOT_FOUND', 'not_found', (p) => `no job with id '${p.id}'`),
  /** The result of a job that has not completed: `details.status` says where it is. */
  jobNotFinished: defineError<{ id: string; status: string }>(
    'JOB_NOT_FINISHED',
    'conflict',
    (p) => `job '${p.id}' is ${p.status}; its result exists once it is completed`,
  ),
  /** Cancelling a job that already ended. */
  jobNotCancellable: defineError<{ id: string; status: string }>(
    'JOB_NOT_CANCELLABLE',
    'conflict',
    (p) => `job '${p.id}' is ${p.status} and can no longer be cancelled`,
  ),
  /** The run was cancelled before it ended (the engine's `cancel`, a library job's `cancel()`). */
  jobCancelled: defineError<{ id: string }>(
    'JOB_CANCELLED',
    'conflict',
    (p) => `job '${p.id}' was cancelled`,
  ),
  /** The queue holds its documented maximum of jobs waiting or running. */
  tooManyJobs: defineError<{ limit: number }>(
    'TOO_MANY_JOBS',
    'rate_limited',
    (p) => `${p.limit} jobs are already queued or running; retry when some have finished`,
  ),
  /** Recorded as the error of a job that was running when the service stopped; it is not rerun. */
  jobInterrupted: defineError<void>(
    'JOB_INTERRUPTED',
    'unavailable',
    () => 'the service stopped while the job was running',
  ),
};

/** INVALID_OPERATION for `operation`, with the operation and the reason also in `details`. */
export function invalidOperation(operation: string, reason: string): AppError {
  return QuantumErrors.invalidOperation({ operation, reason }, { details: { operation, reason } });
}

/** A `fail(reason)` that throws INVALID_OPERATION for `operation`: how append checks report. */
export function failingAt(operation: string): (reason: string) => never {
  return (reason) => {
    throw invalidOperation(operation, reason);
  };
}

export function formatBytes(bytes: number): string {
  // Past the largest unit (a state of 60 qubits and more) a power of two reads better than 1e+72 PiB.
  if (bytes >= 1024 ** 6) return `2^${Math.round(Math.log2(bytes) * 10) / 10} B`;
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = Math.round(value * 10) / 10;
  return `${Number.isInteger(rounded) ? rounded : rounded.toFixed(1)} ${units[unit]}`;
}
