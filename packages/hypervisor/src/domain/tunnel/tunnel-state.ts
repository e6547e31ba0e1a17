/**
 * How a tunnel stands, from its stored record and the time: what the status route shows and what
 * the scheduler acts on (`down` past the key's lifetime: the peer is removed).
 */
import { tunnelName, type TunnelCounters } from '../../drivers/network/tunnel-driver.js';
import { fingerprint } from '../../pqc/spki.js';
import type { TunnelRecord, TunnelState } from '../../store/tunnels.js';
import { signer, TUNNEL_KEM, TUNNEL_SIGNATURE } from './protocol.js';
import { KEY_LIFETIME_FACTOR, type TunnelStatus } from './tunnel-definition.js';

/** The responder calls its key stale (`degraded`) once no renewal came for this many intervals. */
const RESPONDER_SLACK = 1.5;

const iso = (ms: number): string => new Date(ms).toISOString();
export const lifetimeOf = (record: TunnelRecord): number => record.rekeySeconds * KEY_LIFETIME_FACTOR;

export type Role = 'initiator' | 'responder';

/** The state the record calls for at `now` (ms), with its reason. */
export function evaluate(record: TunnelRecord, now: number): { state: TunnelState; reason: string | null } {
  const lifetime = lifetimeOf(record);
  if (record.lastRekeyAt === null) {
    return {
      state: 'down',
      reason: `no key agreed with the peer yet${record.lastError === null ? '' : `: ${record.lastError}`}`,
    };
  }
  const age = (now - Date.parse(record.lastRekeyAt)) / 1000;
  if (age > lifetime) {
    return {
      state: 'down',
      reason:
        `no key renewal since ${record.lastRekeyAt} (lifetime ${lifetime} s): ` +
        (record.lastError ?? 'the peer started no exchange'),
    };
  }
  const expires = iso(Date.parse(record.lastRekeyAt) + lifetime * 1000);
  if (record.lastError !== null) {
    return {
      state: 'degraded',
      reason: `key renewal failing: ${record.lastError}; the key expires at ${expires}`,
    };
  }
  if (age > record.rekeySeconds * RESPONDER_SLACK) {
    return {
      state: 'degraded',
      reason: `no renewal from the peer since ${record.lastRekeyAt}; the key expires at ${expires}`,
    };
  }
  return { state: 'up', reason: null };
}

export function notConfigured(network: string): TunnelStatus {
  return {
    network,
    state: 'not_configured',
    reason: null,
    interface: null,
    listen_port: null,
    public_key: null,
    remote_subnets: [],
    peer: null,
    role: null,
    algorithms: [],
    epoch: 0,
    rekey_seconds: null,
    key_lifetime_seconds: null,
    last_rekey_at: null,
    next_rekey_at: null,
    last_handshake_at: null,
    rx_bytes: 0,
    tx_bytes: 0,
    failed_exchanges: 0,
    last_error: null,
  };
}

/**
 * The status of a configured tunnel. `nextAttemptAt` is the initiator's next exchange (ms); a
 * responder expects one `rekey_seconds` after the last. No interface in the kernel is `down`.
 */
export function statusOf(
  record: TunnelRecord,
  role: Role | null,
  nextAttemptAt: number | null,
  counters: TunnelCounters | null,
  now: number,
): TunnelStatus {
  const next =
    role === 'responder'
      ? record.lastRekeyAt === null
        ? null
        : iso(Date.parse(record.lastRekeyAt) + record.rekeySeconds * 1000)
      : nextAttemptAt === null
        ? null
        : iso(Math.max(nextAttemptAt, now));
  const missing = counters === null || !counters.present;
  return {
    network: record.network,
    ...(missing && record.state !== 'down'
      ? { state: 'down', reason: `the tunnel's interface ${tunnelName(record.network)} is not there` }
      : { state: record.state, reason: record.reason }),
    interface: tunnelName(record.network),
    listen_port: record.listenPort,
    public_key: record.wgPublicKey,
    remote_subnets: record.remoteSubnets,
    peer: {
      url: record.peerUrl,
      endpoint: record.endpoint,
      public_key: record.peerWgPublicKey,
      signing_key_fingerprint: fingerprint(signer(), record.peerSigningKey),
    },
    role,
    algorithms: [TUNNEL_KEM, TUNNEL_SIGNATURE, 'X25519 (WireGuard)'],
    epoch: record.epoch,
    rekey_seconds: record.rekeySeconds,
    key_lifetime_seconds: lifetimeOf(record),
    last_rekey_at: record.lastRekeyAt,
    next_rekey_at: next,
    last_handshake_at: counters?.lastHandshakeAt ?? null,
    rx_bytes: counters?.rxBytes ?? 0,
    tx_bytes: counters?.txBytes ?? 0,
    failed_exchanges: record.failedExchanges,
    last_error: record.lastError,
  };
}
