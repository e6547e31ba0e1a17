/**
 * Where REST answers 202 with an operation but the RPC answers what the operation makes (a PQC
 * key), the call waits for the operation: its result is the answer, its failure the call's error.
 * A client that gives up first (cancel, deadline, shutdown) cancels the work, so a failed call
 * leaves nothing behind that it would not have made.
 */
import { AppError, KitErrors, type ErrorKind } from '@lab/server-kit/errors';
import type { Operations, OperationView } from '../../domain/operations.js';
import { HvErrors } from '../../errors.js';
import type { RpcCall } from './rpc.js';

const KIND_BY_CODE = new Map<string, ErrorKind>(
  [...Object.values(KitErrors), ...Object.values(HvErrors)].map((error) => [error.code, error.kind]),
);

/** The kind the error catalogue gives `code`, if it has the code. */
export const catalogueKind = (code: string): ErrorKind | undefined => KIND_BY_CODE.get(code);

/**
 * A failed or cancelled operation's error as the catalogue's kind of its code. A code outside the
 * catalogue (a cancel from elsewhere, an interruption at shutdown) says the work was stopped:
 * UNAVAILABLE, since it may be tried again.
 */
export function operationFailure(op: OperationView): AppError {
  const error = op.error ?? { code: 'OPERATION_CANCELLED', message: `operation ${op.id} ended ${op.status}` };
  return new AppError(error.code, catalogueKind(error.code) ?? 'unavailable', error.message, {
    details: { operation: op.id },
  });
}

/** Waits for `started` to end within the call: its result, or its failure thrown. */
export async function settledResult(
  operations: Operations,
  started: OperationView,
  call: RpcCall,
): Promise<Record<string, unknown>> {
  const giveUp = (): void => {
    try {
      // No audit row of its own: the call's failure is audited as the call's.
      operations.cancel(started.id, null);
    } catch {
      // It ended meanwhile, or is finishing and can no longer be cancelled: it runs to its end.
    }
  };
  if (call.signal.aborted) giveUp();
  else call.signal.addEventListener('abort', giveUp, { once: true });
  try {
    const done = await operations.settled(started.id);
    if (done.status === 'succeeded' && done.result !== null) return done.result;
    throw operationFailure(done);
  } finally {
    call.signal.removeEventListener('abort', giveUp);
  }
}
