/**
 * Who is calling. Through the Unix socket: the principal `socket` with every scope (the file's
 * permissions already decided). Over TCP: the bearer token's name and scopes, or nobody.
 * Refusals (401, 403) and failed changes are written to the audit log once the answer is known;
 * successful changes are written by the core, in their own transaction.
 */
import { bearerToken, type App, type Authenticator, type Principal, type TokenStore } from '@lab/server-kit';
import type { AuditLog } from '../store/audit.js';
import { auditContext, transportOf } from './request-context.js';

export const SOCKET_PRINCIPAL: Principal = { name: 'socket', scopes: ['admin'] };
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function authenticator(tokens: TokenStore): Authenticator {
  return (request) => {
    if (transportOf(request) === 'socket') return SOCKET_PRINCIPAL;
    const token = bearerToken(request);
    if (token === undefined) return null;
    // The token's record names the principal and its scopes.
    return tokens.authenticate(token);
  };
}

/** Records refused credentials on every route, and failed requests that would have changed something. */
export function auditFailures(app: App, audit: AuditLog): void {
  app.addHook('onResponse', async (request, reply) => {
    const status = reply.statusCode;
    const denied = status === 401 || status === 403;
    if (!denied && (status < 400 || READS.has(request.method))) return;
    audit.record(
      auditContext(request, status),
      denied ? 'denied' : 'failure',
      status,
      request.errorCode,
      new Date().toISOString(),
    );
  });
}
