/**
 * The one place where the error catalogue becomes gRPC statuses. An `AppError`'s kind picks the
 * code (as it picks the HTTP status for REST); its code, message and details travel in a
 * `google.rpc.ErrorInfo` in the status details, so a client sees `VM_ALREADY_RUNNING` whichever
 * transport it used: `ErrorInfo.reason` is the service's code, `domain` the service, and
 * `metadata` the details (strings as they are, other values as JSON).
 */
import { create } from '@bufbuild/protobuf';
import { httpStatusFor } from '@lab/server-kit';
import { AppError, KitErrors, type ErrorKind } from '@lab/server-kit/errors';
import { Code, ConnectError } from '@connectrpc/connect';
import { ErrorInfoSchema } from './gen/google/rpc/error_details_pb.js';

/** `ErrorInfo.domain` of every error the service raises. */
export const ERROR_DOMAIN = 'hypervisor';

const CODE_BY_KIND: Record<ErrorKind, Code> = {
  invalid: Code.InvalidArgument,
  unauthenticated: Code.Unauthenticated,
  forbidden: Code.PermissionDenied,
  not_found: Code.NotFound,
  // A state that does not allow the call: the client must change the state first.
  conflict: Code.FailedPrecondition,
  already_exists: Code.AlreadyExists,
  too_large: Code.ResourceExhausted,
  rate_limited: Code.ResourceExhausted,
  method_not_allowed: Code.Unimplemented,
  uri_too_long: Code.InvalidArgument,
  headers_too_large: Code.ResourceExhausted,
  request_timeout: Code.DeadlineExceeded,
  unsupported_media_type: Code.InvalidArgument,
  unprocessable: Code.FailedPrecondition,
  unavailable: Code.Unavailable,
  internal: Code.Internal,
};

export function grpcCodeFor(kind: ErrorKind): Code {
  return CODE_BY_KIND[kind];
}

/** Anything thrown by a handler as the AppError it is, or INTERNAL_ERROR. */
export function asAppError(error: unknown): AppError {
  return error instanceof AppError ? error : KitErrors.internal(undefined, { cause: error });
}

/** The HTTP status REST answers the error with: what the audit log records for gRPC calls too. */
export const auditStatusOf = (error: AppError): number => httpStatusFor(error.kind);

/** An internal error names only the request id, as REST's does: the cause stays in the log. */
export function toConnectError(error: AppError, requestId: string): ConnectError {
  const internal = error.kind === 'internal';
  const details = internal ? { request_id: requestId } : error.details;
  const metadata = Object.fromEntries(
    Object.entries(details).map(([key, value]) => [
      key,
      typeof value === 'string' ? value : JSON.stringify(value),
    ]),
  );
  const info = create(ErrorInfoSchema, { reason: error.code, domain: ERROR_DOMAIN, metadata });
  const message = internal ? KitErrors.internal().message : error.message;
  return new ConnectError(message, grpcCodeFor(error.kind), undefined, [
    { desc: ErrorInfoSchema, value: info },
  ]);
}
