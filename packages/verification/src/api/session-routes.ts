/**
 * Browser sessions for the web application: `POST /session` exchanges an API token for an
 * HttpOnly, SameSite=Strict cookie (so the token never sits in browser storage), `GET /session`
 * says who the caller is and gives the session's CSRF token again after a reload, and
 * `DELETE /session` signs out. Sign-in attempts have their own per-address quota
 * (`rate-limits.ts`), as they are the one route a caller without a credential can repeat.
 */
import {
  defineRoute,
  documentedError,
  KitErrors,
  NoContent,
  Nullable,
  schemaRef,
  serializeCookie,
  type RouteSpec,
  type Session,
} from '@lab/server-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import { VpErrors } from '../errors.js';
import { requireCsrfToken, roleOf, SESSION_COOKIE, type Auth } from './auth.js';
import { READ, ROLES } from './scopes.js';

/** Longest token accepted for sign-in: the prefix and 43 base64url characters fit well within it. */
const TOKEN_MAX = 128;

export const SessionViewSchema = Type.Object(
  {
    auth_enabled: Type.Boolean({ description: 'false: every request is the anonymous admin, no sign-in' }),
    name: Type.String({ description: "the token's name (`anonymous` with authentication off)" }),
    role: Type.Enum(Object.keys(ROLES), { description: 'what the web application lets the caller do' }),
    expires_at: Nullable(
      Type.String({ format: 'date-time', description: "when the session (or the header's token) ends" }),
    ),
    csrf_token: Nullable(
      Type.String({
        description:
          'send it as `X-CSRF-Token` on every non-GET request made with the cookie; null without a session',
      }),
    ),
    limits: Type.Object({
      upload_max_bytes: Type.Integer({ description: 'total size of the files of one upload request' }),
      upload_max_files: Type.Integer({ description: 'files in one upload request' }),
    }),
  },
  { $id: 'Session', description: 'Who the caller is, for the web application' },
);
type SessionView = Static<typeof SessionViewSchema>;
const SessionViewRef = schemaRef<SessionView>(SessionViewSchema);

export interface SessionRouteDeps {
  auth: Auth;
  authEnabled: boolean;
  limits: SessionView['limits'];
}

/** Secure when the browser reached us over HTTPS, so the cookie never travels in clear. */
function sessionCookie(request: FastifyRequest, value: string, maxAgeSeconds: number): string {
  return serializeCookie(SESSION_COOKIE, value, {
    maxAge: maxAgeSeconds,
    path: '/',
    httpOnly: true,
    sameSite: 'Strict',
    secure: request.protocol === 'https',
  });
}

export function sessionRoutes({ auth, authEnabled, limits }: SessionRouteDeps): RouteSpec[] {
  const view = (
    name: string,
    scopes: readonly string[],
    expiresAt: string | null,
    session: Session | null,
  ) => {
    const role = roleOf(scopes);
    if (role === null) throw KitErrors.unauthorized({ reason: 'this token grants no role' });
    return {
      auth_enabled: authEnabled,
      name,
      role,
      expires_at: expiresAt,
      csrf_token: session?.csrfToken ?? null,
      limits,
    };
  };
  const clearCookie = (request: FastifyRequest, reply: FastifyReply) =>
    reply.header('set-cookie', sessionCookie(request, '', 0));

  return [
    defineRoute({
      method: 'POST',
      url: '/session',
      summary: 'Sign in: exchange an API token for a session cookie',
      tags: ['session'],
      access: 'public',
      schema: {
        description:
          `Answers \`Set-Cookie: ${SESSION_COOKIE}=...; HttpOnly; SameSite=Strict; Path=/; Max-Age=...\` ` +
          '(with `Secure` over HTTPS) and the session, whose `csrf_token` must come back as `X-CSRF-Token` ' +
          'on every request but GET, HEAD and OPTIONS made with the cookie. The session ends after the ' +
          "server's session lifetime (`PLATFORM_SESSION_TTL_HOURS`, 12 by default), at the token's expiry, " +
          'or when the token is revoked. Attempts are limited per address (`PLATFORM_SIGN_INS_PER_MINUTE`).',
        body: Type.Object(
          {
            token: Type.String({
              minLength: 1,
              maxLength: TOKEN_MAX,
              description: 'an API token, `vpt_...`',
            }),
          },
          { additionalProperties: false },
        ),
        response: {
          201: SessionViewRef,
          401: documentedError('UNAUTHORIZED: the token is unknown, revoked or expired'),
          409: documentedError('CONFLICT: authentication is off, so there is nothing to sign in to'),
          429: documentedError('RATE_LIMITED: too many sign-in attempts from this address'),
        },
      },
      handler: async (request, reply) => {
        if (!authEnabled)
          throw VpErrors.conflict({ message: 'authentication is off: every request is already the admin' });
        const created = auth.openSession(request.body.token);
        if (created === null) throw KitErrors.unauthorized({ reason: 'unknown, revoked or expired token' });
        const { id, session } = created;
        const seconds = Math.floor((session.expiresAt.getTime() - Date.now()) / 1000);
        void reply.code(201).header('set-cookie', sessionCookie(request, id, seconds));
        return view(session.name, session.scopes, session.expiresAt.toISOString(), session);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/session',
      summary: 'Who is calling: the session, the token, or the anonymous admin',
      tags: ['session'],
      access: READ,
      schema: {
        description:
          'With authentication off: `auth_enabled: false` and the anonymous admin. Otherwise the caller ' +
          'the session cookie (with its CSRF token again) or the header credential names.',
        response: { 200: SessionViewRef },
      },
      handler: async (request) => {
        const { principal, session, expiresAt } = auth.identify(request);
        if (principal === null) throw KitErrors.unauthorized({ reason: 'missing or invalid credentials' });
        return view(principal.name, principal.scopes, expiresAt, session);
      },
    }),
    defineRoute({
      method: 'DELETE',
      url: '/session',
      summary: 'Sign out: end the session and clear its cookie',
      tags: ['session'],
      access: 'public',
      schema: {
        description:
          'Ends the session the cookie names (which needs its `X-CSRF-Token`, like any change) and clears ' +
          'the cookie. Without a live session it only clears the cookie.',
        response: {
          204: NoContent('signed out'),
          403: documentedError(
            'CSRF_TOKEN_INVALID: the session is live but X-CSRF-Token is missing or wrong',
          ),
        },
      },
      handler: async (request, reply) => {
        const found = auth.cookieSession(request);
        if (found !== null) {
          requireCsrfToken(request, found.session);
          auth.sessions.remove(found.id);
        }
        return clearCookie(request, reply).code(204).send(null);
      },
    }),
  ];
}
