/**
 * The one place where failures become HTTP responses.
 *
 * `toAppError` translates what Fastify and its plugins throw (validation, body parsing, limits)
 * into the kit's `AppError`s; `errorResponse` maps an `AppError`'s kind to a status and renders
 * the envelope `{"error":{"code","message","details"}}`. Anything that is not an `AppError` is a
 * 500 whose body names only the request id: stack traces stay in the log.
 */
import type { FastifyError } from 'fastify';
import { AppError, KitErrors, type ErrorDetails, type ErrorKind } from '../errors.js';
import { describeIssue, type SchemaIssue } from '../validation.js';

export interface ErrorEnvelope {
  error: { code: string; message: string; details: ErrorDetails };
}

const STATUS_BY_KIND: Record<ErrorKind, number> = {
  // Before `conflict`: the reverse map gives 409 back as the more general kind.
  already_exists: 409,
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  method_not_allowed: 405,
  uri_too_long: 414,
  headers_too_large: 431,
  request_timeout: 408,
  unsupported_media_type: 415,
  unprocessable: 422,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
};

export function httpStatusFor(kind: ErrorKind): number {
  return STATUS_BY_KIND[kind];
}

const KIND_BY_STATUS = new Map(
  (Object.entries(STATUS_BY_KIND) as [ErrorKind, number][]).map(([kind, status]) => [status, kind]),
);

/** The kind of an error answered with `status`, for clients: the reverse of `httpStatusFor`. */
export function errorKindOfStatus(status: number): ErrorKind {
  return KIND_BY_STATUS.get(status) ?? (status < 500 ? 'invalid' : 'internal');
}

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && typeof (error as { code?: unknown }).code === 'string';
}

export function validationError(issues: SchemaIssue[], location: string): AppError {
  const [first] = issues;
  if (first === undefined) return KitErrors.validation({ message: `invalid ${location}` });
  const describe = (issue: SchemaIssue) => ({ ...describeIssue(issue), location });
  const primary = describe(first);
  const where = primary.field === '' ? location : `${location} field '${primary.field}'`;
  return KitErrors.validation(
    { message: `invalid ${where}: ${primary.expected}` },
    { details: { ...primary, errors: issues.map(describe) } },
  );
}

const CODE_BY_STATUS: Record<number, [string, ErrorKind]> = {
  400: ['BAD_REQUEST', 'invalid'],
  404: ['NOT_FOUND', 'not_found'],
  405: ['METHOD_NOT_ALLOWED', 'method_not_allowed'],
  406: ['NOT_ACCEPTABLE', 'invalid'],
  408: ['REQUEST_TIMEOUT', 'request_timeout'],
  413: ['PAYLOAD_TOO_LARGE', 'too_large'],
  415: ['UNSUPPORTED_MEDIA_TYPE', 'unsupported_media_type'],
  429: ['RATE_LIMITED', 'rate_limited'],
};

/** What the translation needs to know of the app and the request. */
export interface ErrorContext {
  bodyLimit: number;
  maxParamLength: number;
  contentType: string | undefined;
  url: string;
}

/** Translates anything thrown while handling a request into an `AppError`. */
export function toAppError(error: unknown, request: ErrorContext): AppError {
  if (error instanceof AppError) return error;
  if (!isFastifyError(error)) return KitErrors.internal(undefined, { cause: error });
  if (error.validation) {
    return validationError(error.validation, error.validationContext ?? 'request');
  }
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return KitErrors.payloadTooLarge({ limitBytes: request.bodyLimit }, { cause: error });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return KitErrors.unsupportedMediaType({ contentType: request.contentType ?? 'none' }, { cause: error });
    case 'FST_ERR_BAD_URL':
      return KitErrors.badUrl({ url: request.url }, { cause: error });
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return KitErrors.uriTooLong(
        { limit: request.maxParamLength },
        { cause: error, details: { limit: request.maxParamLength } },
      );
  }
  // Other client errors raised by Fastify or a plugin keep their status under a stable code.
  const status = error.statusCode ?? 500;
  const known = CODE_BY_STATUS[status];
  if (known !== undefined) {
    return new AppError(known[0], known[1], error.message, { cause: error });
  }
  return KitErrors.internal(undefined, { cause: error });
}

export function errorResponse(error: AppError, requestId: string): { status: number; body: ErrorEnvelope } {
  const status = httpStatusFor(error.kind);
  const details = error.kind === 'internal' ? { request_id: requestId } : error.details;
  const message = error.kind === 'internal' ? KitErrors.internal().message : error.message;
  return { status, body: { error: { code: error.code, message, details } } };
}
