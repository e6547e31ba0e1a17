/**
 * The pages' one way to the platform: openapi-fetch over the generated `paths`, so every path,
 * parameter and body is checked against the OpenAPI document. Requests go to the page's own
 * origin with the session cookie; a state-changing one carries the session's CSRF token, and a
 * 401 (the session expired or was revoked) sends the browser to the sign-in page.
 */
import createClient from 'openapi-fetch';
import { errorFromAnswer, PlatformError } from '../../../src/client/errors.js';
import type { components, paths } from '../../../src/client/gen/openapi.js';

/** A refused request: the envelope's `code`, `message` and `details`, and the HTTP status. */
export { PlatformError as ApiError };

export type Schemas = components['schemas'];

let csrfToken: string | null = null;
let onUnauthorized: () => void = () => undefined;

/** Set by the session provider once signed in (null with auth off, or signed out). */
export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

/** What a 401 does: the app sends the browser to /sign-in, remembering where it was. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

/** The CSRF header for a request made by hand (an XHR with upload progress, a plain fetch). */
export function csrfHeaders(): Record<string, string> {
  return csrfToken === null ? {} : { 'X-CSRF-Token': csrfToken };
}

/** An absolute URL on this origin, e.g. for a download link (a WebSocket swaps `http` for `ws`). */
export function apiUrl(path: string): string {
  return new URL(path, window.location.origin).href;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const api = createClient<paths>({ baseUrl: '', credentials: 'same-origin' });

api.use({
  onRequest({ request }) {
    if (!SAFE_METHODS.has(request.method)) {
      for (const [name, value] of Object.entries(csrfHeaders())) request.headers.set(name, value);
    }
    return request;
  },
  onResponse({ response }) {
    if (response.status === 401) onUnauthorized();
    return response;
  },
});

/** Awaits an openapi-fetch request: its data, or the ApiError of the platform's envelope. */
export async function call<T>(
  request: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<T> {
  const answer = await request;
  if (!answer.response.ok) throw errorFromAnswer(answer.response.status, answer.error);
  return answer.data as T;
}

/** Whether an error is the platform's refusal (as opposed to an abort or a network failure). */
export function isApiError(error: unknown): error is PlatformError {
  return error instanceof PlatformError;
}
