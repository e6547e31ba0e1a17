/**
 * API tokens as REST's `/tokens` routes and gRPC's `TokenService` manage them: a token is made
 * (and answered this once) or revoked in one transaction with its audit row.
 */
import type { TokenRecord, TokenStore } from '@lab/server-kit';
import type { AuditContext } from '../store/audit.js';
import type { UnitOfWork } from '../store/unit-of-work.js';

const DAY_MS = 86_400_000;

export interface NewApiToken {
  name: string;
  scopes: string[];
  /** Lifetime; without it the token lasts until revoked. */
  expires_in_days?: number;
}

/** The token, in this answer only, and its record. */
export type CreatedApiToken = { token: string } & TokenRecord;

export function createApiToken(
  tokens: TokenStore,
  unitOfWork: UnitOfWork,
  request: NewApiToken,
  context: AuditContext,
): CreatedApiToken {
  const { name, scopes, expires_in_days: days } = request;
  const created = unitOfWork((tx) => {
    const made = tokens.create({
      name,
      scopes,
      ...(days === undefined ? {} : { expiresAt: new Date(Date.now() + days * DAY_MS) }),
    });
    tx.audit(context);
    return made;
  });
  return { token: created.token, ...created.record };
}

export function revokeApiToken(
  tokens: TokenStore,
  unitOfWork: UnitOfWork,
  name: string,
  context: AuditContext,
): { name: string; revoked: true } {
  unitOfWork((tx) => {
    tokens.revoke(name);
    tx.audit(context);
  });
  return { name, revoked: true };
}
