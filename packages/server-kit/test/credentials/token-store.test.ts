import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTokenStore, openDatabase, scopeCatalogue } from '../../src/index.js';
import { tempDir } from '../helpers.js';

const SCOPES = scopeCatalogue(['vm', 'storage']);

describe('token store', () => {
  const dir = tempDir();

  function open(now?: () => Date) {
    const file = join(dir, 'tokens.db');
    const db = openDatabase(file, { namespace: 'svc', migrations: [] });
    return {
      db,
      file,
      store: createTokenStore(db, { prefix: 'hvt_', scopes: SCOPES, ...(now ? { now } : {}) }),
    };
  }

  it('shows a token once and stores only its hash', () => {
    const { db, file, store } = open();
    const { token, record } = store.create({ name: 'ci', scopes: ['vm:read', 'vm:write'] });
    expect(token.startsWith('hvt_')).toBe(true);
    expect(record).toMatchObject({ name: 'ci', scopes: ['vm:read', 'vm:write'], last_used_at: null });
    expect(JSON.stringify(store.list())).not.toContain(token);
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
    expect(readFileSync(file).includes(token)).toBe(false);
  });

  it('authenticates a live token and nothing else', () => {
    const { store } = open();
    const { token } = store.create({ name: 'ops', scopes: ['admin'] });
    expect(store.authenticate(token)?.name).toBe('ops');
    expect(store.authenticate(token.slice(0, -1))).toBeNull();
    expect(store.authenticate(`vpt_${token.slice(4)}`)).toBeNull();
    expect(store.authenticate('')).toBeNull();
    store.revoke('ops');
    expect(store.authenticate(token)).toBeNull();
  });

  it('refuses an expired token and records when a token was last used', () => {
    let now = new Date('2026-01-01T00:00:00Z');
    const { store } = open(() => now);
    const { token } = store.create({
      name: 'short',
      scopes: ['vm:read'],
      expiresAt: new Date('2026-01-01T01:00:00Z'),
    });
    expect(store.authenticate(token)?.last_used_at).toBe('2026-01-01T00:00:00.000Z');
    expect(store.list()[0]?.last_used_at).toBe('2026-01-01T00:00:00.000Z');
    now = new Date('2026-01-01T01:00:00Z');
    expect(store.authenticate(token)).toBeNull();
  });

  it('keeps authenticated tokens in memory, yet refuses one at once when revoked or expired', () => {
    let now = new Date('2026-01-01T00:00:00Z');
    const { db, store } = open(() => now);
    const { token } = store.create({
      name: 'cached',
      scopes: ['vm:read'],
      expiresAt: new Date('2026-01-01T01:00:00Z'),
    });
    expect(store.authenticate(token)?.name).toBe('cached');
    // The row is gone from the database, yet the token still works: it was checked from memory.
    db.prepare('DELETE FROM api_tokens').run();
    expect(store.authenticate(token)?.name).toBe('cached');
    now = new Date('2026-01-01T01:00:00Z');
    expect(store.authenticate(token)).toBeNull();

    now = new Date('2026-01-01T00:00:00Z');
    const second = store.create({ name: 'second', scopes: ['vm:read'] });
    expect(store.authenticate(second.token)?.name).toBe('second');
    store.revoke('second');
    expect(store.authenticate(second.token)).toBeNull();
  });

  it('writes last use at most once a minute, from memory too', () => {
    let now = new Date('2026-01-01T00:00:00Z');
    const { store } = open(() => now);
    const { token } = store.create({ name: 'busy', scopes: ['vm:read'] });
    store.authenticate(token);
    now = new Date('2026-01-01T00:00:59Z');
    expect(store.authenticate(token)?.last_used_at).toBe('2026-01-01T00:00:00.000Z');
    now = new Date('2026-01-01T00:01:00Z');
    expect(store.authenticate(token)?.last_used_at).toBe('2026-01-01T00:01:00.000Z');
    expect(store.list()[0]?.last_used_at).toBe('2026-01-01T00:01:00.000Z');
  });

  it('refuses a duplicate name, an unknown scope, a bad name and revoking an unknown token', () => {
    const { store } = open();
    store.create({ name: 'one', scopes: [] });
    expect(() => store.create({ name: 'one', scopes: [] })).toThrow(
      expect.objectContaining({ code: 'TOKEN_EXISTS' }),
    );
    expect(() => store.create({ name: 'two', scopes: ['vm:admin'] })).toThrow(
      expect.objectContaining({
        code: 'INVALID_SCOPE',
        details: expect.objectContaining({ field: 'scopes' }),
      }),
    );
    expect(() => store.create({ name: '../x', scopes: [] })).toThrow(
      expect.objectContaining({ code: 'VALIDATION_ERROR' }),
    );
    expect(() => store.revoke('nobody')).toThrow(expect.objectContaining({ code: 'TOKEN_NOT_FOUND' }));
  });

  it('keeps tokens across a reopen', () => {
    const first = open();
    const { token } = first.store.create({ name: 'kept', scopes: ['storage:read'] });
    first.db.close();
    expect(open().store.authenticate(token)?.scopes).toEqual(['storage:read']);
  });
});
