/**
 * API tokens: random, shown once, kept only as SHA-256 hashes, compared in constant time.
 *
 * A token is `<prefix><43 base64url chars>`: 256 random bits behind a fixed per-service prefix
 * (`hvt_`, `vpt_`, ...), so a leaked token is recognisable by secret scanners and by eye.
 */
import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

export const TOKEN_ENTROPY_BYTES = 32;
const PREFIX = /^[a-z][a-z0-9]{1,7}_$/;

export function assertTokenPrefix(prefix: string): void {
  if (!PREFIX.test(prefix)) {
    throw new TypeError(
      `token prefix must look like 'abc_' (2 to 8 lower-case characters and '_'), got '${prefix}'`,
    );
  }
}

export function generateToken(prefix: string): string {
  assertTokenPrefix(prefix);
  return prefix + randomBytes(TOKEN_ENTROPY_BYTES).toString('base64url');
}

/** Lower-case hex SHA-256 of the whole token, prefix included. */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

/** Constant-time comparison of two hex SHA-256 digests. */
export function digestsEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Constant-time comparison of a presented token against a stored hash. */
export function tokenMatchesHash(presented: string, storedHash: string): boolean {
  return digestsEqual(hashToken(presented), storedHash);
}

/**
 * Scope check. Scopes are `<resource>:<access>` with access `read` or `write`; `write` includes
 * `read` of the same resource, and `admin` includes everything.
 */
export function hasScope(granted: readonly string[], required: string): boolean {
  if (granted.includes('admin') || granted.includes(required)) return true;
  const [resource, access] = required.split(':');
  return access === 'read' && granted.includes(`${resource}:write`);
}

/** All scopes of a service: `admin` plus read and write of each resource. */
export function scopeCatalogue(resources: readonly string[]): string[] {
  return ['admin', ...resources.flatMap((r) => [`${r}:read`, `${r}:write`])];
}
