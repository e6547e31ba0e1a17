/**
 * Who is calling, and with which role. A credential is one of the service's API tokens, sent as
 * `Authorization: Bearer <token>` or as `X-API-Key: <token>`, or, for the web application, the
 * `vp_session` cookie of a session opened with such a token (`POST /session`). A request the
 * cookie authenticates must carry the session's CSRF token in `X-CSRF-Token` unless its method is
 * safe. With authentication disabled (the default of a local deployment) every request is an
 * anonymous admin.
 */
import {
  bearerToken,
  createSessionStore,
  createTokenStore,
  csrfTokenMatches,
  hasScope,
  hashToken,
  parseCookies,
  type Authenticator,
  type CreatedSession,
  type CreatedToken,
  type Database,
  type Principal,
  type SecurityScheme,
  type Session,
  type SessionStore,
  type TokenStore,
} from '@lab/server-kit';
import type { FastifyRequest } from 'fastify';
import { VpErrors } from '../errors.js';
import { ROLES, SCOPES, type Role } from './scopes.js';

export const TOKEN_PREFIX = 'vpt_';
export const SESSION_COOKIE = 'vp_session';
const CSRF_HEADER = 'x-csrf-token';
/** Methods that change nothing, so need no CSRF token (RFC 9110 §9.2.1). */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const DAY_MS = 86_400_000;

/** The OpenAPI security schemes: pass them to `createApp`, and their names to `registerRoutes`. */
export const SECURITY_SCHEMES = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    description: `An API token (\`${TOKEN_PREFIX}...\`) as \`Authorization: Bearer <token>\`.`,
  },
  apiKey: {
    type: 'apiKey',
    in: 'header',
    name: 'X-API-Key',
    description: 'The same API token as `X-API-Key: <token>`.',
  },
} as const satisfies Record<string, SecurityScheme>;
export const SECURITY_SCHEME_NAMES = Object.keys(SECURITY_SCHEMES);

const ANONYMOUS_ADMIN: Principal = Object.freeze({ name: 'anonymous', scopes: ['admin'] });
/** From the least to the most privileged, so the first role that holds a scope is the one it needs. */
const ROLE_ORDER: readonly Role[] = ['viewer', 'developer', 'admin'];

/** The most privileged role the scopes grant, or null when they grant none. */
export function roleOf(scopes: readonly string[]): Role | null {
  const granted = ROLE_ORDER.filter((role) => ROLES[role].every((scope) => hasScope(scopes, scope)));
  return granted.at(-1) ?? null;
}

/** The least privileged role that holds `scope`. */
export function roleRequiredFor(scope: string): Role | null {
  return ROLE_ORDER.find((role) => hasScope(ROLES[role], scope)) ?? null;
}

/** The service's token registry in its database: `vpt_` tokens holding the scopes of one role. */
export function openTokenStore(db: Database): TokenStore {
  return createTokenStore(db, { prefix: TOKEN_PREFIX, scopes: SCOPES });
}

export function createRoleToken(
  tokens: TokenStore,
  request: { name: string; role: Role; expiresInDays?: number | undefined },
): CreatedToken {
  const { name, role, expiresInDays } = request;
  return tokens.create({
    name,
    scopes: [...ROLES[role]],
    ...(expiresInDays === undefined ? {} : { expiresAt: new Date(Date.now() + expiresInDays * DAY_MS) }),
  });
}

/** The token a request presents: the bearer token first, else the API key header. */
function presentedToken(request: FastifyRequest): string | undefined {
  const apiKey = request.headers['x-api-key'];
  return bearerToken(request) ?? (typeof apiKey === 'string' ? apiKey.trim() : undefined);
}

/** Refuses, with 403 CSRF_TOKEN_INVALID, a request that does not carry the session's CSRF token. */
export function requireCsrfToken(request: FastifyRequest, session: Session): void {
  const presented = request.headers[CSRF_HEADER];
  if (!csrfTokenMatches(session, typeof presented === 'string' ? presented : undefined))
    throw VpErrors.csrfTokenInvalid(undefined, { details: { header: 'X-CSRF-Token' } });
}

/** Who a request comes from, and the session when the cookie is what says so. */
interface Identity {
  principal: Principal | null;
  session: Session | null;
  /** When the credential ends: the token's expiry or the session's; null for never. */
  expiresAt: string | null;
}

export interface Auth {
  tokens: TokenStore;
  sessions: SessionStore;
  /** The caller, from a header credential or else the session cookie; refuses a cookie's unsafe request without its CSRF token. */
  authenticate: Authenticator;
  /** The caller as `authenticate` finds it, without the CSRF check (what `GET /session` describes). */
  identify: (request: FastifyRequest) => Identity;
  /** The live session the request's cookie names, whatever else it carries. */
  cookieSession: (request: FastifyRequest) => { id: string; session: Session } | null;
  /** A session for a live token, or null for one that is unknown, revoked or expired. */
  openSession: (token: string) => CreatedSession | null;
  /** Whose quota a request counts against: the token's name, or `addr:<ip>` without one. */
  userKey: (request: FastifyRequest) => string;
}

export function createAuth(db: Database, options: { enabled: boolean; sessionTtlHours?: number }): Auth {
  const tokens = openTokenStore(db);
  const sessions = createSessionStore(
    db,
    options.sessionTtlHours === undefined ? {} : { ttlHours: options.sessionTtlHours },
  );
  // The kit's store keeps the tokens it authenticated in memory and forgets them only when it
  // revokes one itself; `verifyctl token revoke` deletes the row from another process, so every
  // request also checks that the row is still there (one lookup on the unique hash index).
  const stillIssued = db.prepare<[string], 1>('SELECT 1 FROM api_tokens WHERE token_hash = ?').pluck();
  // The rate limiter and the route's access check both ask who is calling: answer once.
  const identities = new WeakMap<FastifyRequest, Identity>();
  const nobody: Identity = Object.freeze({ principal: null, session: null, expiresAt: null });

  const liveToken = (token: string) => {
    const record = tokens.authenticate(token);
    return record === null || stillIssued.get(hashToken(token)) === undefined ? null : record;
  };

  const cookieSession = (request: FastifyRequest) => {
    const id = parseCookies(request.headers.cookie).get(SESSION_COOKIE);
    const session = id === undefined ? null : sessions.find(id);
    return id === undefined || session === null ? null : { id, session };
  };

  const findIdentity = (request: FastifyRequest): Identity => {
    if (!options.enabled) return { principal: ANONYMOUS_ADMIN, session: null, expiresAt: null };
    const token = presentedToken(request);
    if (token !== undefined) {
      const record = liveToken(token);
      return record === null ? nobody : { principal: record, session: null, expiresAt: record.expires_at };
    }
    const found = cookieSession(request)?.session;
    if (found === undefined) return nobody;
    return {
      principal: { name: found.name, scopes: found.scopes },
      session: found,
      expiresAt: found.expiresAt.toISOString(),
    };
  };

  const identify = (request: FastifyRequest): Identity => {
    let identity = identities.get(request);
    if (identity === undefined) {
      identity = findIdentity(request);
      identities.set(request, identity);
    }
    return identity;
  };

  return {
    tokens,
    sessions,
    identify,
    cookieSession,
    authenticate: (request) => {
      const { principal, session } = identify(request);
      if (session !== null && !SAFE_METHODS.has(request.method)) requireCsrfToken(request, session);
      return principal;
    },
    openSession: (token) => {
      if (!token.startsWith(TOKEN_PREFIX) || liveToken(token) === null) return null;
      return sessions.create(hashToken(token));
    },
    userKey: (request) => {
      const principal = options.enabled ? identify(request).principal : null;
      return principal?.name ?? `addr:${request.ip}`;
    },
  };
}

/** The caller's role and the role a route needs, for the details of a 403 (`registerRoutes`' `forbiddenDetails`). */
export function roleDetails(principal: Principal, requiredScope: string): Record<string, unknown> {
  return { role: roleOf(principal.scopes), required_role: roleRequiredFor(requiredScope) };
}
