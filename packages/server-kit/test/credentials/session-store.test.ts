import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createSessionStore,
  createTokenStore,
  csrfTokenMatches,
  hashToken,
  openDatabase,
  parseCookies,
  scopeCatalogue,
  serializeCookie,
} from '../../src/index.js';
import { tempDir } from '../helpers.js';

const SCOPES = scopeCatalogue(['vm']);

describe('session store', () => {
  const dir = tempDir();
  let now = new Date('2026-01-01T00:00:00Z');

  function open(ttlHours?: number) {
    const file = join(dir, 'sessions.db');
    const db = openDatabase(file, { namespace: 'svc', migrations: [] });
    const tokens = createTokenStore(db, { prefix: 'hvt_', scopes: SCOPES, now: () => now });
    const sessions = createSessionStore(db, { now: () => now, ...(ttlHours ? { ttlHours } : {}) });
    return { db, file, tokens, sessions };
  }

  it('opens a session for a token, stores only its hash, and finds it by its id alone', () => {
    now = new Date('2026-01-01T00:00:00Z');
    const { db, file, tokens, sessions } = open();
    const { token } = tokens.create({ name: 'alice', scopes: ['vm:write'] });
    const { id, session } = sessions.create(hashToken(token));
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session).toMatchObject({ name: 'alice', scopes: ['vm:write'] });
    // The default lifetime, 12 hours.
    expect(session.expiresAt.toISOString()).toBe('2026-01-01T12:00:00.000Z');
    expect(sessions.find(id)).toEqual(session);
    expect(sessions.find(id.slice(0, -1) + (id.endsWith('A') ? 'B' : 'A'))).toBeNull();
    expect(sessions.find('')).toBeNull();
    expect(sessions.create(hashToken(token)).session.csrfToken).not.toBe(session.csrfToken);
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
    const stored = readFileSync(file);
    expect(stored.includes(id)).toBe(false);
    expect(stored.includes(session.csrfToken)).toBe(false);
  });

  it('compares CSRF tokens in full', () => {
    now = new Date('2026-01-01T00:00:00Z');
    const { tokens, sessions } = open();
    const { session } = sessions.create(hashToken(tokens.create({ name: 'bob', scopes: ['admin'] }).token));
    expect(csrfTokenMatches(session, session.csrfToken)).toBe(true);
    expect(csrfTokenMatches(session, session.csrfToken.slice(1))).toBe(false);
    expect(csrfTokenMatches(session, `${session.csrfToken}x`)).toBe(false);
    expect(csrfTokenMatches(session, undefined)).toBe(false);
  });

  it('ends a session at its lifetime, at its token expiry, on removal, and when its token is revoked', () => {
    now = new Date('2026-01-01T00:00:00Z');
    const { db, tokens, sessions } = open(2);
    const long = tokens.create({ name: 'long', scopes: ['vm:read'] });
    const short = tokens.create({
      name: 'short',
      scopes: ['vm:read'],
      expiresAt: new Date('2026-01-01T01:00:00Z'),
    });
    const a = sessions.create(hashToken(long.token));
    const b = sessions.create(hashToken(short.token));
    const c = sessions.create(hashToken(long.token));
    expect(a.session.expiresAt.toISOString()).toBe('2026-01-01T02:00:00.000Z');
    expect(b.session.expiresAt.toISOString()).toBe('2026-01-01T01:00:00.000Z');
    now = new Date('2026-01-01T01:00:00Z');
    expect(sessions.find(b.id)).toBeNull();
    expect(sessions.find(a.id)).not.toBeNull();
    expect(sessions.remove(c.id)).toBe(true);
    expect(sessions.remove(c.id)).toBe(false);
    expect(sessions.find(c.id)).toBeNull();
    // Revoked by another process: the row goes, and its sessions with it.
    db.prepare('DELETE FROM api_tokens WHERE name = ?').run('long');
    expect(sessions.find(a.id)).toBeNull();
    expect(db.prepare('SELECT count(*) FROM sessions').pluck().get()).toBe(1);
    // Ended ones are cleared when the next opens.
    sessions.create(hashToken(tokens.create({ name: 'next', scopes: ['vm:read'] }).token));
    expect(db.prepare('SELECT count(*) FROM sessions').pluck().get()).toBe(1);
  });
});

describe('cookies', () => {
  it('parses a Cookie header and writes a Set-Cookie', () => {
    const cookies = parseCookies('a=1; vp_session="abc"; a=2; junk; =x; b=');
    expect([...cookies]).toEqual([
      ['a', '1'],
      ['vp_session', 'abc'],
      ['b', ''],
    ]);
    expect(parseCookies(undefined).size).toBe(0);
    expect(serializeCookie('vp_session', 'abc', { maxAge: 60.9 })).toBe(
      'vp_session=abc; Max-Age=60; Path=/; HttpOnly; SameSite=Strict',
    );
    expect(serializeCookie('s', '', { maxAge: -5, secure: true, sameSite: 'Lax', path: '/x' })).toBe(
      's=; Max-Age=0; Path=/x; HttpOnly; Secure; SameSite=Lax',
    );
    expect(() => serializeCookie('s', 'a;b', { maxAge: 1 })).toThrow(TypeError);
    expect(() => serializeCookie('s s', 'a', { maxAge: 1 })).toThrow(TypeError);
  });
});
