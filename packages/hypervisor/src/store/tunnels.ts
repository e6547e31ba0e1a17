/**
 * The post-quantum tunnel of a network (domain/tunnel/*): its configuration, this side's
 * WireGuard key pair and the state of its key renewals. One row per network at most; it goes with
 * its network (ON DELETE CASCADE). The peer's token and the WireGuard private key are stored
 * sealed under the host key (pqc/host-key.ts), never in the clear.
 */
import type { Database, Migration } from '@lab/server-kit';

export const TUNNELS_MIGRATION: Migration = {
  version: 14,
  name: 'network tunnels',
  sql: `CREATE TABLE network_tunnels (
          network            TEXT PRIMARY KEY REFERENCES networks (name) ON DELETE CASCADE,
          peer_url           TEXT NOT NULL,
          sealed_peer_token  BLOB NOT NULL,
          peer_signing_key   BLOB NOT NULL,
          signing_key        TEXT NOT NULL,
          listen_port        INTEGER NOT NULL CHECK (listen_port BETWEEN 1 AND 65535),
          endpoint           TEXT NOT NULL,
          remote_subnets     TEXT NOT NULL,
          rekey_seconds      INTEGER NOT NULL,
          wg_public_key      TEXT NOT NULL,
          sealed_wg_private  BLOB NOT NULL,
          peer_wg_public_key TEXT,
          epoch              INTEGER NOT NULL,
          last_rekey_at      TEXT,
          failed_exchanges   INTEGER NOT NULL,
          last_error         TEXT,
          state              TEXT NOT NULL CHECK (state IN ('up', 'down', 'degraded')),
          reason             TEXT,
          created_at         TEXT NOT NULL,
          updated_at         TEXT NOT NULL
        ) STRICT;`,
};

/** The peer's TLS certificate fingerprint, pinned for the exchange's calls over https. */
export const TUNNEL_PEER_FINGERPRINT_MIGRATION: Migration = {
  version: 16,
  name: "network tunnels: the peer's pinned certificate fingerprint",
  sql: 'ALTER TABLE network_tunnels ADD COLUMN peer_fingerprint TEXT;',
};

export type TunnelState = 'up' | 'down' | 'degraded';

export interface TunnelRecord {
  network: string;
  peerUrl: string;
  /** SHA-256 of the peer's TLS certificate (64 lowercase hex digits), pinned; null: the system CAs decide. */
  peerFingerprint: string | null;
  sealedPeerToken: Uint8Array;
  /** The peer's ML-DSA-65 public key, raw (FIPS 204 encoding): pinned. */
  peerSigningKey: Uint8Array;
  /** This host's signing key in the key store. */
  signingKey: string;
  listenPort: number;
  endpoint: string;
  remoteSubnets: string[];
  rekeySeconds: number;
  wgPublicKey: string;
  sealedWgPrivate: Uint8Array;
  /** Learnt from the first exchange; null before it. */
  peerWgPublicKey: string | null;
  /** The epoch of the key installed now (0: none yet). */
  epoch: number;
  lastRekeyAt: string | null;
  failedExchanges: number;
  lastError: string | null;
  state: TunnelState;
  reason: string | null;
  createdAt: string;
  updatedAt: string;
}

interface TunnelRow {
  network: string;
  peer_url: string;
  peer_fingerprint: string | null;
  sealed_peer_token: Uint8Array;
  peer_signing_key: Uint8Array;
  signing_key: string;
  listen_port: number;
  endpoint: string;
  remote_subnets: string;
  rekey_seconds: number;
  wg_public_key: string;
  sealed_wg_private: Uint8Array;
  peer_wg_public_key: string | null;
  epoch: number;
  last_rekey_at: string | null;
  failed_exchanges: number;
  last_error: string | null;
  state: TunnelState;
  reason: string | null;
  created_at: string;
  updated_at: string;
}

const fromRow = (row: TunnelRow): TunnelRecord => ({
  network: row.network,
  peerUrl: row.peer_url,
  peerFingerprint: row.peer_fingerprint,
  sealedPeerToken: new Uint8Array(row.sealed_peer_token),
  peerSigningKey: new Uint8Array(row.peer_signing_key),
  signingKey: row.signing_key,
  listenPort: row.listen_port,
  endpoint: row.endpoint,
  remoteSubnets: JSON.parse(row.remote_subnets) as string[],
  rekeySeconds: row.rekey_seconds,
  wgPublicKey: row.wg_public_key,
  sealedWgPrivate: new Uint8Array(row.sealed_wg_private),
  peerWgPublicKey: row.peer_wg_public_key,
  epoch: row.epoch,
  lastRekeyAt: row.last_rekey_at,
  failedExchanges: row.failed_exchanges,
  lastError: row.last_error,
  state: row.state,
  reason: row.reason,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export type TunnelRepository = ReturnType<typeof createTunnelRepository>;

export function createTunnelRepository(db: Database) {
  const select = db.prepare<[string], TunnelRow>('SELECT * FROM network_tunnels WHERE network = ?');
  const selectAll = db.prepare<[], TunnelRow>('SELECT * FROM network_tunnels ORDER BY network');
  const upsert = db.prepare(
    `INSERT INTO network_tunnels VALUES (
       @network, @peer_url, @sealed_peer_token, @peer_signing_key, @signing_key, @listen_port,
       @endpoint, @remote_subnets, @rekey_seconds, @wg_public_key, @sealed_wg_private,
       @peer_wg_public_key, @epoch, @last_rekey_at, @failed_exchanges, @last_error, @state, @reason,
       @created_at, @updated_at, @peer_fingerprint)
     ON CONFLICT (network) DO UPDATE SET
       peer_url = excluded.peer_url, peer_fingerprint = excluded.peer_fingerprint,
       sealed_peer_token = excluded.sealed_peer_token,
       peer_signing_key = excluded.peer_signing_key, signing_key = excluded.signing_key,
       listen_port = excluded.listen_port, endpoint = excluded.endpoint,
       remote_subnets = excluded.remote_subnets, rekey_seconds = excluded.rekey_seconds,
       wg_public_key = excluded.wg_public_key, sealed_wg_private = excluded.sealed_wg_private,
       peer_wg_public_key = excluded.peer_wg_public_key, epoch = excluded.epoch,
       last_rekey_at = excluded.last_rekey_at, failed_exchanges = excluded.failed_exchanges,
       last_error = excluded.last_error, state = excluded.state, reason = excluded.reason,
       updated_at = excluded.updated_at`,
  );
  const remove = db.prepare<[string]>('DELETE FROM network_tunnels WHERE network = ?');

  return {
    find: (network: string): TunnelRecord | undefined => {
      const row = select.get(network);
      return row === undefined ? undefined : fromRow(row);
    },
    list: (): TunnelRecord[] => selectAll.all().map(fromRow),
    save(record: TunnelRecord): void {
      upsert.run({
        network: record.network,
        peer_url: record.peerUrl,
        peer_fingerprint: record.peerFingerprint,
        sealed_peer_token: record.sealedPeerToken,
        peer_signing_key: record.peerSigningKey,
        signing_key: record.signingKey,
        listen_port: record.listenPort,
        endpoint: record.endpoint,
        remote_subnets: JSON.stringify(record.remoteSubnets),
        rekey_seconds: record.rekeySeconds,
        wg_public_key: record.wgPublicKey,
        sealed_wg_private: record.sealedWgPrivate,
        peer_wg_public_key: record.peerWgPublicKey,
        epoch: record.epoch,
        last_rekey_at: record.lastRekeyAt,
        failed_exchanges: record.failedExchanges,
        last_error: record.lastError,
        state: record.state,
        reason: record.reason,
        created_at: record.createdAt,
        updated_at: record.updatedAt,
      });
    },
    remove: (network: string): boolean => remove.run(network).changes > 0,
  };
}
