/**
 * Browser sessions opened with an API token, for a web application whose token must not sit in
 * browser storage: the browser holds a random session id in an HttpOnly cookie instead.
 *
 * A session id is 256 random bits, shown once (in the cookie) and stored only as its SHA-256, like
 * a token. Each session belongs to the token that opened it (a foreign key on the token's hash,
 * deleted with it), so revoking the token, from this process or another, ends its sessions, and
 * a session never outlives its token's expiry. Its CSRF token is derived from the id (a SHA-256 of
 * its own domain), so it can be answered again to the cookie's holder but cannot be read from the
 * database. Open the token store (`createTokenStore`) on the database first: its table is the
 * parent of this one.
 */
import { hash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { migrate, type Migration } from '../store/migrations.js';
import { digestsEqual, hashToken, TOKEN_ENTROPY_BYTES } from './tokens.js';

export const DEFAULT_SESSION_TTL_HOURS = 12;
const HOUR_MS = 3_600_000;
/** 32 bytes as base64url, without padding: what `create` makes and nothing else. */
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

export interface Session {
  /** The name and scopes of the token that opened it, as they are now. */
  name: string;
  scopes: string[];
  /** When it ends: its own lifetime, or its token's expiry if that comes first. */
  expiresAt: Date;
  csrfToken: string;
}

export interface CreatedSession {
  /** The secret for the cookie: returned once, never stored. */
  id: string;
  session: Session;
}

export interface SessionStore {
  /** A new session for the token of this hash (which must be live: check it with the token store first). */
  create(tokenHash: string): CreatedSession;
  /** The live session of this id, or null when unknown, expired, or its token is revoked or expired. */
  find(id: string): Session | null;
  /** Ends the session; false when there was none. */
  remove(id: string): boolean;
}

const SESSION_MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: 'browser sessions',
    sql: `CREATE TABLE sessions (
            id_hash    TEXT PRIMARY KEY,
            token_hash TEXT NOT NULL REFERENCES api_tokens (token_hash) ON DELETE CASCADE,
            created_at TEXT NOT NULL,
            expires_at TEXT NOT NULL
          ) STRICT;
          CREATE INDEX sessions_by_token ON sessions (token_hash);`,
  },
];

interface SessionRow {
  id_hash: string;
  expires_at: string;
  name: string;
  scopes: string;
}

/** The CSRF token of a session: not stored, so a copy of the database yields none. */
function csrfTokenOf(id: string): string {
  return hash('sha256', `csrf\0${id}`, 'base64url');
}

/** Constant-time comparison of a presented CSRF token with the session's. */
export function csrfTokenMatches(session: Session, presented: string | undefined): boolean {
  if (presented === undefined) return false;
  const expected = Buffer.from(session.csrfToken);
  const given = Buffer.from(presented);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export function createSessionStore(
  db: Database,
  options: { ttlHours?: number; now?: () => Date } = {},
): SessionStore {
  migrate(db, 'kit.sessions', SESSION_MIGRATIONS);
  const ttlMs = (options.ttlHours ?? DEFAULT_SESSION_TTL_HOURS) * HOUR_MS;
  const now = options.now ?? (() => new Date());
  // A session ends at its lifetime or at its token's expiry, whichever comes first (ISO times in
  // UTC compare as text); no row is written for a token that is not there.
  const insert = db.prepare<{ id_hash: string; token_hash: string; created_at: string; ends: string }>(
    `INSERT INTO sessions (id_hash, token_hash, created_at, expires_at)
     SELECT @id_hash, token_hash, @created_at, min(@ends, coalesce(expires_at, @ends))
       FROM api_tokens WHERE token_hash = @token_hash`,
  );
  const purge = db.prepare<[string]>('DELETE FROM sessions WHERE expires_at <= ?');
  const byHash = db.prepare<[string], SessionRow>(
    `SELECT s.id_hash, s.expires_at, t.name, t.scopes
       FROM sessions s JOIN api_tokens t ON t.token_hash = s.token_hash
      WHERE s.id_hash = ?`,
  );
  const remove = db.prepare<[string]>('DELETE FROM sessions WHERE id_hash = ?');

  /** The session of a row read by its id, or null once it or its token has expired. */
  const sessionOf = (row: SessionRow | undefined, id: string, digest: string): Session | null => {
    if (row === undefined || !digestsEqual(digest, row.id_hash)) return null;
    const ends = Date.parse(row.expires_at);
    if (ends <= now().getTime()) return null;
    return {
      name: row.name,
      scopes: JSON.parse(row.scopes) as string[],
      expiresAt: new Date(ends),
      csrfToken: csrfTokenOf(id),
    };
  };

  return {
    create(tokenHash) {
      const at = now();
      // Ended sessions are cleared as new ones open, so the table holds about the live ones.
      purge.run(at.toISOString());
      const id = randomBytes(TOKEN_ENTROPY_BYTES).toString('base64url');
      const digest = hashToken(id);
      insert.run({
        id_hash: digest,
        token_hash: tokenHash,
        created_at: at.toISOString(),
        ends: new Date(at.getTime() + ttlMs).toISOString(),
      });
      const session = sessionOf(byHash.get(digest), id, digest);
      if (session === null) throw new TypeError('a session needs a live token');
      return { id, session };
    },

    find(id) {
      if (!SESSION_ID.test(id)) return null;
      const digest = hashToken(id);
      return sessionOf(byHash.get(digest), id, digest);
    },

    remove(id) {
      return SESSION_ID.test(id) && remove.run(hashToken(id)).changes > 0;
    },
  };
}
