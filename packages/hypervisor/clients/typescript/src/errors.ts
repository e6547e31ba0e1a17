/**
 * Errors a program can act on: every failure of a call is a `HypervisorError`, a union
 * discriminated on `kind`. The service's refusals are `ApiError`s, whose kind comes from the
 * service's error catalogue (`code` -> kind, the same names as the Rust, Python and Go clients);
 * what happens on this side is a `TimeoutError`, a `CancelledError` or a `TransportError`
 * (no connection, a TLS failure, a pinned certificate that does not match, an answer that is
 * not the API's).
 *
 *     try { await client.getVm('web1'); }
 *     catch (error) {
 *       if (!isHypervisorError(error)) throw error;
 *       switch (error.kind) { case 'not_found': ...; case 'timeout': ...; }
 *     }
 */
import { ERROR_CATALOGUE, type KnownErrorCode } from './gen/errors.js';

/** The kinds the service answers (its catalogue's, as every client library names them). */
export type ApiErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'already_exists'
  | 'conflict'
  | 'too_large'
  | 'rate_limited'
  | 'headers_too_large'
  | 'unprocessable'
  | 'unavailable'
  | 'internal';

/** The kinds of failures on this side of the connection. */
export type ClientErrorKind = 'timeout' | 'cancelled' | 'transport';

export type ErrorKind = ApiErrorKind | ClientErrorKind;

/** An error code: one of the catalogue's (typed), or another a newer service may answer. */
export type ErrorCode = KnownErrorCode | (string & {});

export type ErrorDetails = Record<string, unknown>;

const API_KINDS: ReadonlySet<string> = new Set<ApiErrorKind>([
  'invalid',
  'unauthenticated',
  'forbidden',
  'not_found',
  'already_exists',
  'conflict',
  'too_large',
  'rate_limited',
  'headers_too_large',
  'unprocessable',
  'unavailable',
  'internal',
]);

const KIND_BY_STATUS: Readonly<Record<number, ApiErrorKind>> = {
  400: 'invalid',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'too_large',
  422: 'unprocessable',
  429: 'rate_limited',
  431: 'headers_too_large',
  503: 'unavailable',
};

/**
 * The kind of an error code: the catalogue's, or, for a code this client does not know (or one
 * whose kind is outside the list above, such as METHOD_NOT_ALLOWED), the kind of its status.
 */
export function errorKindOf(code: string, status: number): ApiErrorKind {
  const known = (ERROR_CATALOGUE as Record<string, { kind: string } | undefined>)[code]?.kind;
  if (known !== undefined && API_KINDS.has(known)) return known as ApiErrorKind;
  return KIND_BY_STATUS[status] ?? (status >= 500 ? 'internal' : 'invalid');
}

/** The error of a code the service reported elsewhere than in an answer (a failed operation's `error`). */
export function apiErrorOfCode(code: string, message: string, details: ErrorDetails = {}): ApiError {
  const status = (ERROR_CATALOGUE as Record<string, { status: number } | undefined>)[code]?.status ?? 500;
  return new ApiError({ code, message, details, status });
}

interface ErrorFields {
  code: string;
  message: string;
  details?: ErrorDetails | undefined;
  status?: number | undefined;
  requestId?: string | undefined;
  cause?: unknown;
}

abstract class HypervisorErrorBase extends Error {
  abstract readonly kind: ErrorKind;
  /** The service's error code (`VM_NOT_FOUND`), or this client's for a failure on this side. */
  readonly code: ErrorCode;
  /** The error envelope's `details` (`{}` when it had none). */
  readonly details: ErrorDetails;
  /** The HTTP status of the answer; undefined when there was none. */
  readonly status: number | undefined;
  /** The `X-Request-Id` the service answered, which names the call in its log and audit. */
  readonly requestId: string | undefined;

  constructor(fields: ErrorFields) {
    super(fields.message, fields.cause === undefined ? undefined : { cause: fields.cause });
    this.code = fields.code;
    this.details = fields.details ?? {};
    this.status = fields.status;
    this.requestId = fields.requestId;
  }
}

/** The service refused the call: its error envelope, typed. */
export class ApiError extends HypervisorErrorBase {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  declare readonly status: number;

  constructor(fields: ErrorFields & { status: number; kind?: ApiErrorKind }) {
    super(fields);
    this.kind = fields.kind ?? errorKindOf(fields.code, fields.status);
  }
}

/** The call's time-out (the client's or the call's `timeoutMs`) passed before it ended. */
export class TimeoutError extends HypervisorErrorBase {
  override readonly name = 'TimeoutError';
  readonly kind = 'timeout' as const;
}

/** The caller's `signal` aborted the call. */
export class CancelledError extends HypervisorErrorBase {
  override readonly name = 'CancelledError';
  readonly kind = 'cancelled' as const;
}

/** No usable answer: the connection failed, TLS or the pinned certificate refused, or the answer was not the API's. */
export class TransportError extends HypervisorErrorBase {
  override readonly name = 'TransportError';
  readonly kind = 'transport' as const;
}

/** Every failure of a call; `switch (error.kind)` narrows it. */
export type HypervisorError = ApiError | TimeoutError | CancelledError | TransportError;

export function isHypervisorError(error: unknown): error is HypervisorError {
  return error instanceof HypervisorErrorBase;
}

/** The error of a refused answer: its JSON envelope `{error: {code, message, details}}`, or its status alone. */
export function errorFromResponse(response: Response, body: unknown): ApiError {
  const envelope = (body as { error?: { code?: unknown; message?: unknown; details?: unknown } } | null)
    ?.error;
  const requestId = response.headers.get('x-request-id') ?? undefined;
  const code = typeof envelope?.code === 'string' ? envelope.code : `HTTP_${response.status}`;
  const message =
    typeof envelope?.message === 'string'
      ? envelope.message
      : `${response.status} ${response.statusText}`.trim();
  const details =
    envelope?.details !== null && typeof envelope?.details === 'object'
      ? (envelope.details as ErrorDetails)
      : {};
  return new ApiError({ code, message, details, status: response.status, requestId });
}

/**
 * The error of a call that got no answer: `timeout` when its time-out signal fired, `cancelled`
 * when the caller's did, otherwise a transport failure (the underlying error kept as `cause`;
 * a pinned certificate's mismatch keeps its own code and details).
 */
export function errorFromFailure(
  error: unknown,
  context: { timeout: AbortSignal; timeoutMs: number; signals: readonly AbortSignal[] },
): HypervisorError {
  if (isHypervisorError(error)) return error;
  if (context.timeout.aborted) {
    return new TimeoutError({
      code: 'TIMEOUT',
      message: `no answer within ${context.timeoutMs} ms`,
      details: { timeout_ms: context.timeoutMs },
      cause: error,
    });
  }
  if (context.signals.some((signal) => signal.aborted)) {
    return new CancelledError({ code: 'CANCELLED', message: 'the call was cancelled', cause: error });
  }
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  const message = typeof cause?.message === 'string' ? cause.message : (error as Error).message;
  return new TransportError({
    code: 'TRANSPORT',
    message: `no answer from the service: ${message}`,
    details: typeof cause?.code === 'string' ? { cause: cause.code } : {},
    cause: error,
  });
}
