import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAX_TOKEN_DAYS } from '../../../../src/api/scopes.js';
import { LIFECYCLE_EVENTS } from '../../../../src/domain/job-events.js';
import { expiryOf, fieldOfError, randomSecret, readAdminLimits } from './limits.js';

// The document the platform serves, as `npm run generate` writes it.
const document: unknown = JSON.parse(
  readFileSync(new URL('../../../../openapi.json', import.meta.url), 'utf8'),
);

describe('readAdminLimits', () => {
  it('reads what the server enforces from its API document', () => {
    expect(readAdminLimits(document)).toEqual({
      webhookEvents: [...LIFECYCLE_EVENTS],
      secret: { min: 16, max: 256 },
      roles: ['viewer', 'developer', 'admin'],
      tokenName: '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$',
      tokenDays: { min: 1, max: MAX_TOKEN_DAYS },
    });
  });

  it('names what a document without the token routes lacks', () => {
    const { paths } = document as { paths: Record<string, unknown> };
    const partial = { paths: { ...paths, '/api/v1/tokens': undefined } };
    expect(() => readAdminLimits(partial)).toThrow(
      'the API document lacks paths./api/v1/tokens.post.requestBody.content.application/json.schema.properties.role.enum',
    );
  });
});

describe('expiryOf', () => {
  const now = new Date('2026-11-27T08:00:00.000Z');
  const range = { min: 1, max: MAX_TOKEN_DAYS };

  it('adds whole days to the creation time, as the server does', () => {
    expect(expiryOf('30', now, range)?.toISOString()).toBe('2026-12-27T08:00:00.000Z');
    expect(expiryOf(' 1 ', now, range)?.toISOString()).toBe('2026-11-28T08:00:00.000Z');
    expect(expiryOf(String(MAX_TOKEN_DAYS), now, range)?.getTime()).toBe(
      now.getTime() + MAX_TOKEN_DAYS * 86_400_000,
    );
  });

  it('has no expiry for a blank, non-integer or out-of-range lifetime', () => {
    expect(expiryOf('', now, range)).toBeUndefined();
    expect(expiryOf('1.5', now, range)).toBeUndefined();
    expect(expiryOf('-3', now, range)).toBeUndefined();
    expect(expiryOf('0', now, range)).toBeUndefined();
    expect(expiryOf(String(MAX_TOKEN_DAYS + 1), now, range)).toBeUndefined();
  });
});

describe('fieldOfError', () => {
  const fields = ['url', 'events', 'secret'] as const;

  it('maps an array item to its array and a field to itself', () => {
    expect(fieldOfError({ field: 'events.0', location: 'body' }, fields)).toBe('events');
    expect(fieldOfError({ field: 'url', reason: 'non-public address' }, fields)).toBe('url');
    expect(fieldOfError({ field: '/secret' }, fields)).toBe('secret');
  });

  it('leaves other errors to the form', () => {
    expect(fieldOfError({ field: 'project_id' }, fields)).toBeUndefined();
    expect(fieldOfError({}, fields)).toBeUndefined();
  });
});

describe('randomSecret', () => {
  it('is 43 base64url characters, different each time', () => {
    const secret = randomSecret();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(randomSecret()).not.toBe(secret);
  });
});
