import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateToken, hashToken, hasScope, scopeCatalogue, tokenMatchesHash } from '../../src/index.js';

describe('tokens', () => {
  it('are the prefix plus 256 random bits in base64url', () => {
    const token = generateToken('hvt_');
    expect(token).toMatch(/^hvt_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token.slice(4), 'base64url')).toHaveLength(32);
    expect(new Set(Array.from({ length: 200 }, () => generateToken('hvt_'))).size).toBe(200);
  });

  it('refuse a malformed prefix', () => {
    expect(() => generateToken('HV')).toThrow(/token prefix/);
  });

  it('are hashed with SHA-256 and matched against the hash only', () => {
    const token = generateToken('vpt_');
    const stored = hashToken(token);
    expect(stored).toBe(createHash('sha256').update(token).digest('hex'));
    expect(tokenMatchesHash(token, stored)).toBe(true);
    expect(tokenMatchesHash(`${token}x`, stored)).toBe(false);
    expect(tokenMatchesHash(token, 'not-a-hash')).toBe(false);
  });
});

describe('scopes', () => {
  it('lists admin and read and write of each resource', () => {
    expect(scopeCatalogue(['vm', 'storage'])).toEqual([
      'admin',
      'vm:read',
      'vm:write',
      'storage:read',
      'storage:write',
    ]);
  });

  it.each([
    [['vm:read'], 'vm:read', true],
    [['vm:read'], 'vm:write', false],
    [['vm:write'], 'vm:read', true],
    [['vm:write'], 'storage:read', false],
    [['storage:read'], 'vm:read', false],
    [['admin'], 'audit:write', true],
    [[], 'vm:read', false],
  ])('%j grants %s: %s', (granted, required, expected) => {
    expect(hasScope(granted, required)).toBe(expected);
  });
});
