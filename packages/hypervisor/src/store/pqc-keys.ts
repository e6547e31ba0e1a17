/**
 * The PQC keys: one row per key (name, algorithm, purpose, current version) and one per version
 * (public key, sealed secret key, fingerprint, revocation). Older versions stay after a rotation
 * so reports signed with them still verify; deleting a key deletes all its versions.
 */
import type { Database, Migration } from '@lab/server-kit';

export const PQC_KEYS_MIGRATION: Migration = {
  version: 5,
  name: 'pqc keys',
  sql: `CREATE TABLE pqc_keys (
          name            TEXT PRIMARY KEY,
          algorithm       TEXT NOT NULL,
          purpose         TEXT NOT NULL CHECK (purpose IN ('attestation', 'kem', 'signing')),
          current_version INTEGER NOT NULL,
          created_at      TEXT NOT NULL,
          rotated_at      TEXT
        ) STRICT;
        CREATE TABLE pqc_key_versions (
          key_name      TEXT NOT NULL REFERENCES pqc_keys (name) ON DELETE CASCADE,
          version       INTEGER NOT NULL,
          public_key    BLOB NOT NULL,
          sealed_secret BLOB NOT NULL,
          fingerprint   TEXT NOT NULL,
          created_at    TEXT NOT NULL,
          revoked_at    TEXT,
          PRIMARY KEY (key_name, version)
        ) STRICT;`,
};

export type KeyPurpose = 'attestation' | 'kem' | 'signing';

export interface KeyVersionRecord {
  version: number;
  publicKey: Uint8Array;
  /** The secret key under the host key (AES-256-GCM); see pqc/host-key.ts. */
  sealedSecret: Uint8Array;
  fingerprint: string;
  createdAt: string;
  revokedAt: string | null;
}

export interface KeyRecord {
  name: string;
  algorithm: string;
  purpose: KeyPurpose;
  currentVersion: number;
  createdAt: string;
  rotatedAt: string | null;
  /** Oldest first. */
  versions: KeyVersionRecord[];
}

interface KeyRow {
  name: string;
  algorithm: string;
  purpose: KeyPurpose;
  current_version: number;
  created_at: string;
  rotated_at: string | null;
}

interface VersionRow {
  key_name: string;
  version: number;
  public_key: Buffer;
  sealed_secret: Buffer;
  fingerprint: string;
  created_at: string;
  revoked_at: string | null;
}

const toVersion = (row: VersionRow): KeyVersionRecord => ({
  version: row.version,
  publicKey: new Uint8Array(row.public_key),
  sealedSecret: new Uint8Array(row.sealed_secret),
  fingerprint: row.fingerprint,
  createdAt: row.created_at,
  revokedAt: row.revoked_at,
});

export interface NewKeyVersion {
  publicKey: Uint8Array;
  sealedSecret: Uint8Array;
  fingerprint: string;
}

export interface KeyRepository {
  list(): KeyRecord[];
  find(name: string): KeyRecord | undefined;
  /** False when the name is taken. */
  insert(key: Omit<KeyRecord, 'versions' | 'currentVersion' | 'rotatedAt'>, first: NewKeyVersion): boolean;
  /** Adds the next version, makes it current and, when asked, revokes the earlier ones. */
  addVersion(name: string, version: NewKeyVersion, at: string, revokePrevious: boolean): number;
  remove(name: string): boolean;
}

export function createKeyRepository(db: Database): KeyRepository {
  const keys = db.prepare<[], KeyRow>('SELECT * FROM pqc_keys ORDER BY name');
  const key = db.prepare<[string], KeyRow>('SELECT * FROM pqc_keys WHERE name = ?');
  const versionsOf = db.prepare<[string], VersionRow>(
    'SELECT * FROM pqc_key_versions WHERE key_name = ? ORDER BY version',
  );
  const allVersions = db.prepare<[], VersionRow>('SELECT * FROM pqc_key_versions ORDER BY key_name, version');
  const insertKey = db.prepare<[string, string, string, string]>(
    `INSERT OR IGNORE INTO pqc_keys (name, algorithm, purpose, current_version, created_at)
     VALUES (?, ?, ?, 1, ?)`,
  );
  const insertVersion = db.prepare<[string, number, Uint8Array, Uint8Array, string, string]>(
    `INSERT INTO pqc_key_versions (key_name, version, public_key, sealed_secret, fingerprint, created_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const makeCurrent = db.prepare<[number, string, string]>(
    'UPDATE pqc_keys SET current_version = ?, rotated_at = ? WHERE name = ?',
  );
  const revokeBefore = db.prepare<[string, string, number]>(
    'UPDATE pqc_key_versions SET revoked_at = ? WHERE key_name = ? AND version < ? AND revoked_at IS NULL',
  );
  const removeKey = db.prepare<[string]>('DELETE FROM pqc_keys WHERE name = ?');

  const toRecord = (row: KeyRow, versions: VersionRow[]): KeyRecord => ({
    name: row.name,
    algorithm: row.algorithm,
    purpose: row.purpose,
    currentVersion: row.current_version,
    createdAt: row.created_at,
    rotatedAt: row.rotated_at,
    versions: versions.map(toVersion),
  });

  return {
    list: () => {
      const byKey = new Map<string, VersionRow[]>();
      for (const v of allVersions.all()) byKey.set(v.key_name, [...(byKey.get(v.key_name) ?? []), v]);
      return keys.all().map((row) => toRecord(row, byKey.get(row.name) ?? []));
    },
    find: (name) => {
      const row = key.get(name);
      return row === undefined ? undefined : toRecord(row, versionsOf.all(name));
    },
    insert: (record, first) => {
      if (insertKey.run(record.name, record.algorithm, record.purpose, record.createdAt).changes !== 1)
        return false;
      insertVersion.run(
        record.name,
        1,
        first.publicKey,
        first.sealedSecret,
        first.fingerprint,
        record.createdAt,
      );
      return true;
    },
    addVersion: (name, next, at, revokePrevious) => {
      const row = key.get(name);
      if (row === undefined) throw new RangeError(`no key '${name}'`);
      const version = row.current_version + 1;
      insertVersion.run(name, version, next.publicKey, next.sealedSecret, next.fingerprint, at);
      makeCurrent.run(version, at, name);
      if (revokePrevious) revokeBefore.run(at, name, version);
      return version;
    },
    remove: (name) => removeKey.run(name).changes === 1,
  };
}
