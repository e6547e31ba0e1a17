/** The exchange's calls to the peer over https: pinned to the peer's certificate when a fingerprint is kept. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postToPeer } from '../../../src/domain/tunnel/peer-client.js';
import type { InitMessage } from '../../../src/domain/tunnel/tunnel-definition.js';
import { startTlsPeer, type TlsPeer } from '../../support/tls-peer.js';

// The peer here only echoes; the message's content is the protocol's tests' concern.
const message = { kind: 'init' } as unknown as InitMessage;

describe('postToPeer over https', () => {
  let peer: TlsPeer;
  let peerUrl: string;
  beforeAll(async () => {
    peer = await startTlsPeer((app) => {
      app.post('/api/v1/networks/lan/tunnel/exchange', async (request) => ({ echoed: request.body }));
    });
    peerUrl = `${peer.url}/api/v1/networks/lan`;
  });
  afterAll(async () => peer?.close());

  it('posts to a peer whose certificate is the pinned one', async () => {
    const answer = await postToPeer(
      { peerUrl, peerFingerprint: peer.identity.fingerprint },
      'hvt_peer',
      message,
      new AbortController().signal,
    );
    expect(answer).toEqual({ echoed: { kind: 'init' } });
    expect(peer.authorizations.at(-1)).toBe('Bearer hvt_peer');
  });

  it('refuses a peer whose certificate is another, naming TLS_FINGERPRINT_MISMATCH, before the token goes', async () => {
    const sent = peer.authorizations.length;
    await expect(
      postToPeer(
        { peerUrl, peerFingerprint: 'cd'.repeat(32) },
        'hvt_peer',
        message,
        new AbortController().signal,
      ),
    ).rejects.toThrow(/is not trusted: TLS_FINGERPRINT_MISMATCH/);
    expect(peer.authorizations.length).toBe(sent);
  });

  it('without a pin, refuses a self-signed peer', async () => {
    await expect(
      postToPeer({ peerUrl, peerFingerprint: null }, 'hvt_peer', message, new AbortController().signal),
    ).rejects.toThrow(/could not be reached: self-signed certificate/);
  });
});
