/**
 * The error model shared by all three services.
 *
 * Core code throws `AppError`s made by the factories a package defines with `defineError`.
 * An error carries a stable upper-case `code`, a human message, structured `details` and an
 * abstract `kind`; it never carries an HTTP status. The transport maps kinds to statuses in
 * exactly one function (`http/error-response.ts`).
 */

/** What went wrong, from the caller's point of view. Each kind maps to one HTTP status. */
export type ErrorKind =
  | 'invalid' // the caller sent something malformed or out of range
  | 'unauthenticated' // no or bad credentials
  | 'forbidden' // credentials lack the permission
  | 'not_found'
  | 'conflict' // the resource's state does not allow it
  | 'already_exists' // a resource of that name exists (a conflict gRPC tells apart)
  | 'too_large' // a body or upload over its documented limit
  | 'method_not_allowed' // the path exists, but not with this method
  | 'uri_too_long' // a path segment over the router's length limit
  | 'headers_too_large' // request headers over the HTTP parser's limit
  | 'request_timeout' // the request did not arrive whole in time
  | 'unsupported_media_type'
  | 'unprocessable' // well-formed, but a tool or the domain rejected it
  | 'rate_limited'
  | 'unavailable' // temporarily unable: queue full, a tool missing, self-test failed
  | 'internal'; // a bug or an unexpected failure underneath

export type ErrorDetails = Record<string, unknown>;

export interface AppErrorOptions {
  details?: ErrorDetails;
  cause?: unknown;
}

export class AppError extends Error {
  override readonly name = 'AppError';
  readonly code: string;
  readonly kind: ErrorKind;
  readonly details: ErrorDetails;

  constructor(code: string, kind: ErrorKind, message: string, options: AppErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.kind = kind;
    this.details = options.details ?? {};
  }
}

/** A named error of a package's catalogue: call it to make the error, compare `code` to match it. */
export interface ErrorFactory<P> {
  (params: P, options?: AppErrorOptions): AppError;
  readonly code: string;
  readonly kind: ErrorKind;
  /** True when `error` was made by this factory. */
  is(error: unknown): error is AppError;
}

const UPPER_SNAKE = /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/;

/**
 * Defines one entry of an error catalogue. A bad code fails here, at module load, not on the
 * first request that would throw it.
 */
export function defineError<P = void>(
  code: string,
  kind: ErrorKind,
  message: (params: P) => string,
): ErrorFactory<P> {
  if (!UPPER_SNAKE.test(code)) {
    throw new TypeError(`error code must be UPPER_SNAKE_CASE, got '${code}'`);
  }
  const factory = (params: P, options?: AppErrorOptions): AppError =>
    new AppError(code, kind, message(params), options);
  return Object.assign(factory, {
    code,
    kind,
    is: (error: unknown): error is AppError => error instanceof AppError && error.code === code,
  });
}

/** The errors the kit itself raises; services add their own catalogues next to these. */
export const KitErrors = {
  validation: defineError<{ message: string }>('VALIDATION_ERROR', 'invalid', (p) => p.message),
  invalidJson: defineError<{ reason: string }>(
    'INVALID_JSON',
    'invalid',
    (p) => `the request body is not valid JSON: ${p.reason}`,
  ),
  unsupportedMediaType: defineError<{ contentType: string }>(
    'UNSUPPORTED_MEDIA_TYPE',
    'unsupported_media_type',
    (p) => `content type '${p.contentType}' is not accepted here`,
  ),
  payloadTooLarge: defineError<{ limitBytes: number }>(
    'PAYLOAD_TOO_LARGE',
    'too_large',
    (p) => `the request body exceeds the limit of ${p.limitBytes} bytes`,
  ),
  routeNotFound: defineError<{ method: string; url: string }>(
    'NOT_FOUND',
    'not_found',
    (p) => `no route ${p.method} ${p.url}`,
  ),
  methodNotAllowed: defineError<{ method: string; url: string; allowed: readonly string[] }>(
    'METHOD_NOT_ALLOWED',
    'method_not_allowed',
    (p) => `${p.url} does not answer ${p.method}; it answers ${p.allowed.join(', ')}`,
  ),
  badUrl: defineError<{ url: string }>(
    'BAD_URL',
    'invalid',
    (p) => `'${p.url}' is not a valid URL: a percent-encoded part is not UTF-8`,
  ),
  uriTooLong: defineError<{ limit: number }>(
    'URI_TOO_LONG',
    'uri_too_long',
    (p) => `a path segment is longer than ${p.limit} characters`,
  ),
  headersTooLarge: defineError<{ limitBytes: number }>(
    'HEADERS_TOO_LARGE',
    'headers_too_large',
    (p) => `the request headers exceed the limit of ${p.limitBytes} bytes`,
  ),
  requestTimeout: defineError(
    'REQUEST_TIMEOUT',
    'request_timeout',
    () => 'the request did not arrive whole in time',
  ),
  badRequest: defineError<{ reason: string }>('BAD_REQUEST', 'invalid', (p) => p.reason),
  invalidUtf8: defineError<{ location: string; field: string }>('INVALID_UTF8', 'invalid', (p) =>
    p.field === ''
      ? `the ${p.location} is not valid UTF-8`
      : `${p.location} field '${p.field}' is not valid UTF-8`,
  ),
  unauthorized: defineError<{ reason: string }>('UNAUTHORIZED', 'unauthenticated', (p) => p.reason),
  forbidden: defineError<{ scope: string }>(
    'FORBIDDEN',
    'forbidden',
    (p) => `this credential lacks the scope '${p.scope}'`,
  ),
  rateLimited: defineError<{ retryAfterSeconds: number }>(
    'RATE_LIMITED',
    'rate_limited',
    (p) => `too many requests; retry in ${p.retryAfterSeconds} s`,
  ),
  internal: defineError('INTERNAL_ERROR', 'internal', () => 'internal server error'),
  /** A server whose certificate is not the one pinned by its fingerprint. */
  tlsFingerprintMismatch: defineError<{ url: string; expected: string; actual: string }>(
    'TLS_FINGERPRINT_MISMATCH',
    'invalid',
    (p) => `the certificate of ${p.url} has the fingerprint ${p.actual}, not the pinned ${p.expected}`,
  ),
  /** Plain HTTP sent to a port that speaks TLS only. */
  tlsRequired: defineError<{ url: string }>(
    'TLS_REQUIRED',
    'invalid',
    (p) => `this port speaks TLS only: use ${p.url}`,
  ),
  invalidConfig: defineError<{ problems: string[] }>(
    'INVALID_CONFIG',
    'invalid',
    (p) => `invalid configuration: ${p.problems.join('; ')}`,
  ),
  migrationChanged: defineError<{ namespace: string; version: number }>(
    'MIGRATION_CHANGED',
    'internal',
    (p) => `migration ${p.namespace}#${p.version} differs from the one already applied to this database`,
  ),
  tokenNameTaken: defineError<{ name: string }>(
    'TOKEN_EXISTS',
    'already_exists',
    (p) => `a token named '${p.name}' already exists`,
  ),
  tokenNotFound: defineError<{ name: string }>(
    'TOKEN_NOT_FOUND',
    'not_found',
    (p) => `no token named '${p.name}'`,
  ),
  unknownScope: defineError<{ scope: string }>(
    'INVALID_SCOPE',
    'invalid',
    (p) => `unknown scope '${p.scope}'`,
  ),
  /** A command-line tool's private configuration file that others may read or change (it holds tokens). */
  unsafeConfigFile: defineError<{ path: string; mode: string }>(
    'CONFIG_UNSAFE',
    'forbidden',
    (p) =>
      `${p.path} is mode ${p.mode}, but it holds tokens: the group and others must have no access; ` +
      `'chmod 600 ${p.path}'`,
  ),
  badConfigFile: defineError<{ path: string; reason: string }>(
    'CONFIG_INVALID',
    'invalid',
    (p) => `cannot use the configuration ${p.path}: ${p.reason}`,
  ),
};
