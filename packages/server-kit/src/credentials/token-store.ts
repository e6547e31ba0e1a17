/**
 * The SQLite registry of a service's API tokens. It owns its table through its own migration
 * namespace, so a service only calls `createTokenStore(db, ...)` on its open database.
 *
 * Tokens are created and revoked only through the store of the process that serves them (the
 * CLIs go through the service's API), so the store keeps the tokens it has authenticated in
 * memory, by hash, and forgets them all on every revoke: checking a token costs its
 * SHA-256 and a constant-time compare, not a read of the database. Unknown hashes are never
 * kept, so guessing cannot grow the memory.
 */
import type { Database } from 'better-sqlite3';
import { KitErrors } from '../errors.js';
import { migrate, type Migration } from '../store/migrations.js';
import { assertTokenPrefix, digestsEqual, generateToken, hashToken } from './tokens.js';

export interface TokenRecord {
  name: string;
  scopes: string[];
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
}

export interface CreatedToken {
  /** The secret itself: returned once, never stored. */
  token: string;
  record: TokenRecord;
}

export interface TokenStore {
  create(input: { name: string; scopes: string[]; expiresAt?: Date }): CreatedToken;
  list(): TokenRecord[];
  revoke(name: string): void;
  /** The live token's record (shared and frozen), or null when unknown, revoked or expired. */
  authenticate(presented: string): Readonly<TokenRecord> | null;
}

const LAST_USED_GRAIN_MS = 60_000;

export const TOKEN_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

const TOKEN_MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: 'api tokens',
    sql: `CREATE TABLE api_tokens (
            name         TEXT PRIMARY KEY,
            token_hash   TEXT NOT NULL UNIQUE,
            scopes       TEXT NOT NULL,
            created_at   TEXT NOT NULL,
            last_used_at TEXT,
            expires_at   TEXT
          ) STRICT;`,
  },
];

interface TokenRow {
  name: string;
  token_hash: string;
  scopes: string;
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
}

/** A token this process has authenticated, with its times parsed once. */
interface KnownToken {
  hash: string;
  record: Readonly<TokenRecord>;
  expiresAtMs: number;
  lastUsedMs: number;
}

function toRecord(row: TokenRow): TokenRecord {
  return {
    name: row.name,
    scopes: JSON.parse(row.scopes) as string[],
    created_at: row.created_at,
    last_used_at: row.last_used_at,
    expires_at: row.expires_at,
  };
}

export function createTokenStore(
  db: Database,
  options: { prefix: string; scopes: readonly string[]; now?: () => Date },
): TokenStore {
  assertTokenPrefix(options.prefix);
  migrate(db, 'kit.tokens', TOKEN_MIGRATIONS);
  const now = options.now ?? (() => new Date());
  const insert = db.prepare(
    `INSERT INTO api_tokens (name, token_hash, scopes, created_at, expires_at)
     VALUES (@name, @token_hash, @scopes, @created_at, @expires_at)`,
  );
  const byName = db.prepare<[string], TokenRow>('SELECT * FROM api_tokens WHERE name = ?');
  const byHash = db.prepare<[string], TokenRow>('SELECT * FROM api_tokens WHERE token_hash = ?');
  const all = db.prepare<[], TokenRow>('SELECT * FROM api_tokens ORDER BY created_at, name');
  const remove = db.prepare<[string]>('DELETE FROM api_tokens WHERE name = ?');
  const touch = db.prepare<[string, string]>('UPDATE api_tokens SET last_used_at = ? WHERE name = ?');
  const known = new Map<string, KnownToken>();
  const lookup = (digest: string): KnownToken | undefined => {
    let entry = known.get(digest);
    if (entry === undefined) {
      const row = byHash.get(digest);
      if (row === undefined) return undefined;
      entry = {
        hash: row.token_hash,
        record: Object.freeze(toRecord(row)),
        expiresAtMs: row.expires_at === null ? Infinity : Date.parse(row.expires_at),
        lastUsedMs: row.last_used_at === null ? 0 : Date.parse(row.last_used_at),
      };
      known.set(digest, entry);
    }
    return entry;
  };

  return {
    create({ name, scopes, expiresAt }) {
      if (!TOKEN_NAME.test(name)) {
        throw KitErrors.validation(
          { message: `invalid token name '${name}'` },
          { details: { field: 'name', expected: `a name matching ${TOKEN_NAME.source}` } },
        );
      }
      const unknown = scopes.find((s) => !options.scopes.includes(s));
      if (unknown !== undefined) {
        throw KitErrors.unknownScope(
          { scope: unknown },
          { details: { field: 'scopes', expected: `any of ${options.scopes.join(', ')}` } },
        );
      }
      if (byName.get(name) !== undefined) throw KitErrors.tokenNameTaken({ name });
      const token = generateToken(options.prefix);
      const row: TokenRow = {
        name,
        token_hash: hashToken(token),
        scopes: JSON.stringify([...new Set(scopes)]),
        created_at: now().toISOString(),
        last_used_at: null,
        expires_at: expiresAt?.toISOString() ?? null,
      };
      insert.run(row);
      return { token, record: toRecord(row) };
    },

    list: () => all.all().map(toRecord),

    revoke(name) {
      known.clear();
      if (remove.run(name).changes === 0) throw KitErrors.tokenNotFound({ name });
    },

    authenticate(presented) {
      if (!presented.startsWith(options.prefix)) return null;
      const digest = hashToken(presented);
      const entry = lookup(digest);
      if (entry === undefined || !digestsEqual(digest, entry.hash)) return null;
      const at = now();
      const atMs = at.getTime();
      if (entry.expiresAtMs <= atMs) return null;
      // Recording use on every request would make each read a write; a minute's grain is enough.
      if (atMs - entry.lastUsedMs >= LAST_USED_GRAIN_MS) {
        const lastUsedAt = at.toISOString();
        entry.record = Object.freeze({ ...entry.record, last_used_at: lastUsedAt });
        entry.lastUsedMs = atMs;
        touch.run(lastUsedAt, entry.record.name);
      }
      return entry.record;
    },
  };
}
