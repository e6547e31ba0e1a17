/** Calls pinned to a server's certificate fingerprint: the right pin passes, a wrong one is refused before the request. */
import { X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AppError,
  certificateFingerprint,
  fetchPeerCertificate,
  normalizeFingerprint,
  pinnedFetch,
  type App,
} from '../../src/index.js';
import { makeSelfSigned, type SelfSigned } from '../fixtures/self-signed.js';
import { requireTools } from '../../src/testing/index.js';
import { testApp } from '../helpers.js';

const gate = requireTools(['openssl']);

describe('normalizeFingerprint', () => {
  it('takes hex with or without colons, in either case', () => {
    const hex = 'ab'.repeat(32);
    expect(normalizeFingerprint(hex)).toBe(hex);
    expect(normalizeFingerprint('AB:'.repeat(31) + 'AB')).toBe(hex);
    expect(normalizeFingerprint('ab'.repeat(31))).toBeUndefined();
    expect(normalizeFingerprint('zz'.repeat(32))).toBeUndefined();
  });
});

describe.skipIf(gate.skip)('pinnedFetch', () => {
  let identity: SelfSigned;
  let app: App;
  let base: string;
  /** The Authorization headers the server received. */
  const received: (string | undefined)[] = [];

  beforeAll(async () => {
    identity = makeSelfSigned();
    app = await testApp({ https: identity });
    app.addHook('onRequest', async (request) => {
      received.push(request.headers.authorization);
    });
    app.post('/api/v1/echo', async (request) => ({ got: request.body }));
    await app.listen({ host: '127.0.0.1', port: 0 });
    base = `https://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  });
  afterAll(async () => app?.close());

  it('calls a self-signed server whose fingerprint is the pinned one (colon form too)', async () => {
    const colons = identity.fingerprint.toUpperCase().match(/../g)!.join(':');
    const response = await pinnedFetch(`${base}/api/v1/echo`, {
      method: 'POST',
      headers: { authorization: 'Bearer good', 'content-type': 'application/json' },
      body: JSON.stringify({ n: 1 }),
      fingerprint: colons,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(await response.json()).toEqual({ got: { n: 1 } });
    expect(received.at(-1)).toBe('Bearer good');
  });

  it('refuses a server whose certificate is not the pinned one, before the token is sent', async () => {
    const count = received.length;
    const wrong = 'f'.repeat(64);
    const call = pinnedFetch(`${base}/api/v1/echo`, {
      method: 'POST',
      headers: { authorization: 'Bearer secret' },
      body: '{}',
      fingerprint: wrong,
    });
    await expect(call).rejects.toThrow(AppError);
    await expect(call).rejects.toMatchObject({
      code: 'TLS_FINGERPRINT_MISMATCH',
      details: { expected: wrong, actual: identity.fingerprint },
    });
    expect(received.length).toBe(count);
  });

  it('without a pin, is fetch: a self-signed certificate is refused', async () => {
    await expect(pinnedFetch(`${base}/api/v1/echo`, { method: 'POST', body: '{}' })).rejects.toMatchObject({
      cause: { code: expect.stringMatching(/SELF_SIGNED/) },
    });
  });

  it('refuses a pin for an http:// URL', async () => {
    await expect(
      pinnedFetch('http://127.0.0.1:1/', { fingerprint: identity.fingerprint }),
    ).rejects.toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'fingerprint' } });
  });

  it("hands over the server's certificate read over a pinned connection", async () => {
    const peer = await fetchPeerCertificate(base, identity.fingerprint);
    expect(peer.fingerprint).toBe(identity.fingerprint);
    expect(peer.chain).toHaveLength(1);
    expect(certificateFingerprint(new X509Certificate(peer.chain[0]!).raw)).toBe(identity.fingerprint);
    await expect(fetchPeerCertificate(base, '0'.repeat(64))).rejects.toMatchObject({
      code: 'TLS_FINGERPRINT_MISMATCH',
    });
  });
});
