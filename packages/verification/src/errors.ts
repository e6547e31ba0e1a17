/**
 * The platform's error catalogue, with the spec's codes. The core throws these; the REST
 * transport maps their kinds to statuses through the server kit.
 */
import { defineError, KitErrors } from '@lab/server-kit/errors';

export const VpErrors = {
  /** A request that breaks its documented schema (the validators' own refusal, and its defences): 400. */
  validation: KitErrors.validation,
  /**
   * A request that matches its documented schema but breaks a rule the schema cannot state: a
   * broken verify.json, a path given twice in an upload, a webhook target on a private address, a
   * stage the job did not run. The spec pairs VALIDATION_ERROR with 400 ("invalid request body or
   * configuration"), so it is a 400 like a schema refusal; `details` says what broke the rule.
   */
  ruleViolation: defineError<{ message: string }>('VALIDATION_ERROR', 'invalid', (p) => p.message),
  notFound: defineError<{ resource: string; id: string }>(
    'NOT_FOUND',
    'not_found',
    (p) => `${p.resource} '${p.id}' does not exist`,
  ),
  conflict: defineError<{ message: string }>('CONFLICT', 'conflict', (p) => p.message),
  payloadTooLarge: defineError<{ limitBytes: number }>(
    'PAYLOAD_TOO_LARGE',
    'too_large',
    (p) => `the upload exceeds ${p.limitBytes} bytes in total; nothing from it was kept`,
  ),
  toolError: defineError<{ tool: string; message: string }>(
    'TOOL_ERROR',
    'unprocessable',
    (p) => `${p.tool}: ${p.message}`,
  ),
  unavailable: defineError<{ message: string }>('SERVICE_UNAVAILABLE', 'unavailable', (p) => p.message),
  csrfTokenInvalid: defineError(
    'CSRF_TOKEN_INVALID',
    'forbidden',
    () => 'a request made with the session cookie must carry its CSRF token in X-CSRF-Token',
  ),
  originNotAllowed: defineError<{ origin: string }>(
    'ORIGIN_NOT_ALLOWED',
    'forbidden',
    (p) => `a stream opened with the session cookie must come from this server's origin, not '${p.origin}'`,
  ),
  tooManyStreams: defineError<{ limit: number }>(
    'RATE_LIMITED',
    'rate_limited',
    (p) => `limit of ${p.limit} concurrent streams per user reached: close one first`,
  ),
};
