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
  /** Refused before allocation: the state would not fit in the memory the simulator may use. */
  circuitTooLarge: defineError<{ qubits: number; bytesNeeded: number; bytesAllowed: number }>(
    'CIRCUIT_TOO_LARGE',
    'unprocessable',
    (p) =>
      `${p.qubits} qubits need ${formatBytes(p.bytesNeeded)} of state memory; ` +
      `the simulator may use ${formatBytes(p.bytesAllowed)}`,
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
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit]}`;
}
