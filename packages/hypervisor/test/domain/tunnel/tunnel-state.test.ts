import { describe, expect, it } from 'vitest';
import { evaluate, statusOf } from '../../../src/domain/tunnel/tunnel-state.js';
import type { TunnelRecord } from '../../../src/store/tunnels.js';

const at = Date.parse('2026-11-26T12:00:00.000Z');
const record = (over: Partial<TunnelRecord> = {}): TunnelRecord => ({
  network: 'lan',
  peerUrl: 'http://peer:8080/api/v1/networks/lan',
  peerFingerprint: null,
  sealedPeerToken: new Uint8Array(),
  peerSigningKey: new Uint8Array(1952),
  signingKey: 'sign',
  listenPort: 51820,
  endpoint: 'peer:51820',
  remoteSubnets: ['10.2.0.0/24'],
  rekeySeconds: 120,
  wgPublicKey: 'A',
  sealedWgPrivate: new Uint8Array(),
  peerWgPublicKey: 'B',
  epoch: 3,
  lastRekeyAt: new Date(at).toISOString(),
  failedExchanges: 0,
  lastError: null,
  state: 'up',
  reason: null,
  createdAt: new Date(at).toISOString(),
  updatedAt: new Date(at).toISOString(),
  ...over,
});

describe('tunnel state', () => {
  it('is down before any key, with the last error', () => {
    expect(evaluate(record({ lastRekeyAt: null, lastError: 'the peer answered 401' }), at)).toEqual({
      state: 'down',
      reason: 'no key agreed with the peer yet: the peer answered 401',
    });
  });

  it('is up within the interval, degraded when renewals fail or none came, down past the lifetime', () => {
    expect(evaluate(record(), at + 100_000).state).toBe('up');
    expect(evaluate(record({ lastError: 'timeout' }), at + 130_000)).toEqual({
      state: 'degraded',
      reason: 'key renewal failing: timeout; the key expires at 2026-11-26T12:04:00.000Z',
    });
    expect(evaluate(record(), at + 181_000).state).toBe('degraded');
    expect(evaluate(record({ lastError: 'timeout' }), at + 240_001)).toEqual({
      state: 'down',
      reason: 'no key renewal since 2026-11-26T12:00:00.000Z (lifetime 240 s): timeout',
    });
    // The responder: no error of its own, no exchange came.
    expect(evaluate(record(), at + 240_001)).toEqual({
      state: 'down',
      reason: 'no key renewal since 2026-11-26T12:00:00.000Z (lifetime 240 s): the peer started no exchange',
    });
  });

  it('shows a configured tunnel down when its interface is not there', () => {
    const status = statusOf(record(), 'initiator', at + 120_000, null, at);
    expect(status).toMatchObject({
      state: 'down',
      reason: "the tunnel's interface hw-lan is not there",
      next_rekey_at: '2026-11-26T12:02:00.000Z',
      key_lifetime_seconds: 240,
      rx_bytes: 0,
    });
    const responder = statusOf(
      record(),
      'responder',
      null,
      {
        implementation: 'wireguard-go',
        present: true,
        peer: 'B',
        lastHandshakeAt: null,
        rxBytes: 5,
        txBytes: 7,
      },
      at,
    );
    expect(responder).toMatchObject({
      state: 'up',
      next_rekey_at: '2026-11-26T12:02:00.000Z',
      rx_bytes: 5,
      tx_bytes: 7,
    });
  });
});
