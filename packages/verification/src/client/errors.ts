/**
 * The SDK's one error type. A request the platform refused carries the platform's error envelope
 * (`code`, `message`, `details`) and the HTTP status; a request that got no answer carries one of
 * the SDK's own codes below, with status 0 and the underlying error as `cause`.
 */

/** Codes of failures on the client's side of the wire (status 0), beside the platform's own codes. */
export const CLIENT_ERROR_CODES = {
  /** No platform answered: refused connection, unknown host, a connection cut short. */
  UNREACHABLE: 'UNREACHABLE',
  /** The request took longer than its time-out (`timeoutMs`). */
  TIMEOUT: 'TIMEOUT',
  /** The caller's AbortSignal aborted the request. */
  ABORTED: 'ABORTED',
  /** An answer that is not the platform's: an error without the envelope, or a stream message that is not JSON. */
  UNEXPECTED_RESPONSE: 'UNEXPECTED_RESPONSE',
} as const;

export interface PlatformErrorInit {
  status: number;
  code: string;
  message: string;
  details?: Record<string, unknown>;
  cause?: unknown;
}

export class PlatformError extends Error {
  override readonly name = 'PlatformError';
  /** The HTTP status; 0 when no answer came (UNREACHABLE, TIMEOUT, ABORTED). */
  readonly status: number;
  /** The envelope's code (NOT_FOUND, FORBIDDEN, VALIDATION_ERROR, ...) or one of CLIENT_ERROR_CODES. */
  readonly code: string;
  /** The envelope's details: `field` for a validation error, `required_scope` for a 403, ... */
  readonly details: Record<string, unknown>;

  constructor({ status, code, message, details = {}, cause }: PlatformErrorInit) {
    super(message, cause === undefined ? undefined : { cause });
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The error of a refused request, from its status and its body (the envelope, parsed or not). */
export function errorFromAnswer(status: number, body: unknown): PlatformError {
  const error = isRecord(body) ? body.error : undefined;
  if (isRecord(error) && typeof error.code === 'string' && typeof error.message === 'string') {
    return new PlatformError({
      status,
      code: error.code,
      message: error.message,
      details: isRecord(error.details) ? error.details : {},
    });
  }
  const text = typeof body === 'string' ? body : JSON.stringify(body ?? '');
  return new PlatformError({
    status,
    code: CLIENT_ERROR_CODES.UNEXPECTED_RESPONSE,
    message: `HTTP ${status} without the platform's error envelope`,
    details: { body: text.slice(0, 500) },
  });
}

/** No answer within the time-out. */
export function timedOut(url: string, timeoutMs: number, cause: unknown): PlatformError {
  return new PlatformError({
    status: 0,
    code: CLIENT_ERROR_CODES.TIMEOUT,
    message: `no answer from ${url} within ${timeoutMs} ms`,
    details: { timeout_ms: timeoutMs },
    cause,
  });
}

/** No platform at `url`: the system's error code (ECONNREFUSED, ENOTFOUND ...) is the reason. */
export function unreachable(url: string, error: unknown): PlatformError {
  const cause: unknown = error instanceof Error && error.cause !== undefined ? error.cause : error;
  const reason = isRecord(cause) && typeof cause.code === 'string' ? cause.code : String(error);
  return new PlatformError({
    status: 0,
    code: CLIENT_ERROR_CODES.UNREACHABLE,
    message: `no platform answered at ${url} (${reason})`,
    details: { url, reason },
    cause: error,
  });
}

/**
 * The error of a request that got no answer: the time-out or the caller's signal (`signal`
 * combines both) if either ended it; anything else thrown by fetch (a refused or cut connection)
 * is UNREACHABLE.
 */
export function errorFromFailure(
  error: unknown,
  {
    url,
    signal,
    timeout,
    timeoutMs,
  }: { url: string; signal: AbortSignal; timeout: AbortSignal; timeoutMs: number },
): PlatformError {
  if (error instanceof PlatformError) return error;
  if (timeout.aborted) return timedOut(url, timeoutMs, error);
  if (signal.aborted) {
    return new PlatformError({
      status: 0,
      code: CLIENT_ERROR_CODES.ABORTED,
      message: `the request to ${url} was aborted`,
      cause: error,
    });
  }
  return unreachable(url, error);
}
