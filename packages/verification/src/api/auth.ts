/**
 * Who is calling, and with which role. A credential is one of the service's API tokens, sent as
 * `Authorization: Bearer <token>` or as `X-API-Key: <token>`. With authentication disabled (the
 * default of a local deployment) every request is an anonymous admin.
 */
import {
  bearerToken,
  createTokenStore,
  hasScope,
  hashToken,
  type Authenticator,
  type CreatedToken,
  type Database,
  type Principal,
  type SecurityScheme,
  type TokenStore,
} from '@lab/server-kit';
import type { FastifyRequest } from 'fastify';
import { ROLES, SCOPES, type Role } from './scopes.js';

export const TOKEN_PREFIX = 'vpt_';
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

export interface Auth {
  tokens: TokenStore;
  authenticate: Authenticator;
  /** Whose quota a request counts against: the token's name, or `addr:<ip>` without one. */
  userKey: (request: FastifyRequest) => string;
}

export function createAuth(db: Database, options: { enabled: boolean }): Auth {
  const tokens = openTokenStore(db);
  // The kit's store keeps the tokens it authenticated in memory and forgets them only when it
  // revokes one itself; `verifyctl token revoke` deletes the row from another process, so every
  // request also checks that the row is still there (one lookup on the unique hash index).
  const stillIssued = db.prepare<[string], 1>('SELECT 1 FROM api_tokens WHERE token_hash = ?').pluck();
  // The rate limiter and the route's access check both ask who is calling: answer once.
  const principals = new WeakMap<FastifyRequest, Principal | null>();

  const findPrincipal = (request: FastifyRequest): Principal | null => {
    if (!options.enabled) return ANONYMOUS_ADMIN;
    const token = presentedToken(request);
    if (token === undefined) return null;
    const record = tokens.authenticate(token);
    if (record === null || stillIssued.get(hashToken(token)) === undefined) return null;
    return record;
  };

  const authenticate = (request: FastifyRequest): Principal | null => {
    let principal = principals.get(request);
    if (principal === undefined) {
      principal = findPrincipal(request);
      principals.set(request, principal);
    }
    return principal;
  };

  return {
    tokens,
    authenticate,
    userKey: (request) => {
      const principal = options.enabled ? authenticate(request) : null;
      return principal?.name ?? `addr:${request.ip}`;
    },
  };
}

/** The caller's role and the role a route needs, for the details of a 403 (`registerRoutes`' `forbiddenDetails`). */
export function roleDetails(principal: Principal, requiredScope: string): Record<string, unknown> {
  return { role: roleOf(principal.scopes), required_role: roleRequiredFor(requiredScope) };
}
