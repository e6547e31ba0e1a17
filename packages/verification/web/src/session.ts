/**
 * Who is signed in. The app asks `GET /api/v1/session` once at start: with auth off the platform
 * answers an anonymous admin and no sign-in page is ever shown; with auth on a 401 means the
 * sign-in page, which trades a token for the HttpOnly session cookie (the token is never stored
 * in the browser). The session's CSRF token goes on every state-changing request (api/client.ts).
 */
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import { call, csrfHeaders, setCsrfToken } from './api/client.js';

export type Role = 'viewer' | 'developer' | 'admin';

export interface Session {
  authEnabled: boolean;
  name: string;
  role: Role;
  expiresAt: string | null;
  csrfToken: string | null;
  limits: { uploadMaxBytes: number; uploadMaxFiles: number };
}

/** The body of the session routes, as the platform sends it. */
interface SessionBody {
  auth_enabled: boolean;
  name: string;
  role: Role;
  expires_at: string | null;
  csrf_token: string | null;
  limits: { upload_max_bytes: number; upload_max_files: number };
}

function fromBody(body: SessionBody): Session {
  return {
    authEnabled: body.auth_enabled,
    name: body.name,
    role: body.role,
    expiresAt: body.expires_at,
    csrfToken: body.csrf_token,
    limits: { uploadMaxBytes: body.limits.upload_max_bytes, uploadMaxFiles: body.limits.upload_max_files },
  };
}

/** A plain fetch's answer in openapi-fetch's shape, so `call` turns a refusal into an ApiError. */
async function answer(
  response: Response,
): Promise<{ data?: SessionBody; error?: unknown; response: Response }> {
  const body: unknown = response.status === 204 ? undefined : await response.json().catch(() => undefined);
  return response.ok ? { data: body as SessionBody, response } : { error: body, response };
}

const SESSION_URL = '/api/v1/session';

/** Takes a session's CSRF token at once, before any page can make a request with it. */
function started(session: Session): Session {
  setCsrfToken(session.csrfToken);
  return session;
}

/** The current session, or null when auth is on and nobody is signed in (401). */
export async function loadSession(signal?: AbortSignal): Promise<Session | null> {
  const response = await fetch(SESSION_URL, { credentials: 'same-origin', ...(signal ? { signal } : {}) });
  if (response.status === 401) return null;
  return started(fromBody(await call(answer(response))));
}

/** Trades an API token for a session cookie; throws the ApiError (401 UNAUTHORIZED for a bad token). */
export async function signIn(token: string): Promise<Session> {
  const response = await fetch(SESSION_URL, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  return started(fromBody(await call(answer(response))));
}

/** Ends the session on the platform (the row deleted, the cookie cleared). */
export async function signOut(): Promise<void> {
  const response = await fetch(SESSION_URL, {
    method: 'DELETE',
    credentials: 'same-origin',
    headers: csrfHeaders(),
  });
  await call(answer(response));
  setCsrfToken(null);
}

/**
 * Where sign-in sends the reader back to (its `?next=`): a path on this site only, never another
 * origin (`//host`, `/\host` are read as one by browsers) nor the sign-in page itself.
 */
export function returnPath(next: string | undefined): string {
  const path = next ?? '';
  return /^\/(?![/\\])/.test(path) && !/^\/sign-in(?:[/?#]|$)/.test(path) ? path : '/projects';
}

export const SessionContext = createContext<Session | null>(null);

/** The signed-in session; pages render only inside the app's session provider. */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (session === null) throw new Error('useSession outside a signed-in session');
  return session;
}

/** Developers and admins create, upload, submit and cancel; viewers only look. */
export function canWrite(session: Session): boolean {
  return session.role === 'developer' || session.role === 'admin';
}

/** Admins alone manage webhooks and API tokens. */
export function isAdmin(session: Session): boolean {
  return session.role === 'admin';
}
