/**
 * The attestations the service has signed, one row each. The row id is the report's monotonic
 * counter: AUTOINCREMENT never hands out a number twice, even after rows are gone.
 */
import type { Database, Migration } from '@lab/server-kit';

export const ATTESTATIONS_MIGRATION: Migration = {
  version: 6,
  name: 'attestations',
  sql: `CREATE TABLE attestations (
          counter     INTEGER PRIMARY KEY AUTOINCREMENT,
          vm          TEXT NOT NULL,
          key_name    TEXT NOT NULL,
          key_version INTEGER NOT NULL,
          measurement TEXT NOT NULL,
          created_at  TEXT NOT NULL
        ) STRICT;`,
};

export interface AttestationRow {
  vm: string;
  keyName: string;
  keyVersion: number;
  measurement: string;
  createdAt: string;
}

export interface AttestationLog {
  /** Records an attestation and answers its counter. */
  record(row: AttestationRow): number;
}

export function createAttestationLog(db: Database): AttestationLog {
  const insert = db.prepare<[string, string, number, string, string]>(
    `INSERT INTO attestations (vm, key_name, key_version, measurement, created_at) VALUES (?, ?, ?, ?, ?)`,
  );
  return {
    record: (row) =>
      Number(insert.run(row.vm, row.keyName, row.keyVersion, row.measurement, row.createdAt).lastInsertRowid),
  };
}
