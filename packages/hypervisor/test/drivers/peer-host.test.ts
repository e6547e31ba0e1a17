/** The other host's API as a migration's source names it: the URL checks and the base it calls. */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPeerHost, DESTINATION_PATTERN, peerBaseUrl } from '../../src/drivers/peer-host.js';
import { startTlsPeer, type TlsPeer } from '../support/tls-peer.js';

describe('peerBaseUrl', () => {
  it.each([
    ['http://host:9400', 'http://host:9400/api/v1'],
    ['http://host:9400/', 'http://host:9400/api/v1'],
    ['https://host:9400/api/v1', 'https://host:9400/api/v1'],
    ['http://[::1]:9400/api/v1/', 'http://[::1]:9400/api/v1'],
  ])('%s is the API at %s', (given, base) => {
    expect(peerBaseUrl(given).href).toBe(base);
  });

  it.each([
    ['not a url', 'is not a URL'],
    ['ftp://host:21', 'is not http: or https:'],
    ['http://user:secret@host:9400', 'the host and port only'],
    ['http://host:9400/?token=x', 'the host and port only'],
    ['http://host:9400/v2', 'the API is at /api/v1'],
  ])('refuses %s', (given, words) => {
    expect(() => peerBaseUrl(given)).toThrow(words);
  });

  it('takes every destination its schema pattern admits', () => {
    const pattern = new RegExp(DESTINATION_PATTERN, 'u');
    fc.assert(
      fc.property(fc.stringMatching(pattern), (destination) => {
        expect(peerBaseUrl(destination).pathname).toBe('/api/v1');
      }),
      { numRuns: 3_000 },
    );
    for (const destination of [
      'http://host-b:9400',
      'https://b.example.com/api/v1/',
      'http://10.0.0.2:65535',
      'http://[fe80::1]:9400',
      'http://[::ffff:192.0.2.1]',
    ]) {
      expect(pattern.test(destination), destination).toBe(true);
    }
    // Refused by the pattern, each for a reason the URL parser has: read as a number, decoded as
    // punycode, not an address, not a port, not the API.
    for (const destination of [
      '0',
      'http://0',
      'http://a.1',
      'http://xn--a',
      'http://[::1::]',
      'http://256.0.0.1',
      'http://host:65536',
      'http://host:9400/v2',
      'HTTP://host',
      'http://user@host',
    ]) {
      expect(pattern.test(destination), destination).toBe(false);
    }
  });

  it('reaches the stream at the host name, without brackets for IPv6', () => {
    expect(createPeerHost({ destination: 'http://[::1]:9400', token: 't' }).hostname).toBe('::1');
    expect(createPeerHost({ destination: 'http://b.example:9400', token: 't' }).hostname).toBe('b.example');
  });
});

describe('a destination over https', () => {
  let peer: TlsPeer;
  beforeAll(async () => {
    peer = await startTlsPeer((app) => {
      app.get('/api/v1/vms/:name', async (_request, reply) =>
        reply.status(404).send({ error: { code: 'VM_NOT_FOUND', message: 'no such VM', details: {} } }),
      );
    });
  });
  afterAll(async () => peer?.close());

  it('is called when its certificate has the pinned fingerprint', async () => {
    const host = createPeerHost({
      destination: peer.url,
      token: 'hvt_t',
      fingerprint: peer.identity.fingerprint,
    });
    expect(await host.vm('web1')).toBeNull();
    expect(peer.authorizations.at(-1)).toBe('Bearer hvt_t');
  });

  it('is MIGRATION_DESTINATION_UNTRUSTED with another fingerprint, and gets no token', async () => {
    const sent = peer.authorizations.length;
    const host = createPeerHost({ destination: peer.url, token: 'hvt_secret', fingerprint: 'ab'.repeat(32) });
    const refusal = await host.vm('web1').catch((error: unknown) => error);
    expect(refusal).toMatchObject({
      code: 'MIGRATION_DESTINATION_UNTRUSTED',
      details: {
        field: 'destination_fingerprint',
        expected: 'ab'.repeat(32),
        actual: peer.identity.fingerprint,
      },
    });
    expect(String((refusal as Error).message)).not.toContain('hvt_secret');
    expect(peer.authorizations.length).toBe(sent);
  });

  it('is MIGRATION_DESTINATION_UNTRUSTED without a pin when its certificate is self-signed', async () => {
    const host = createPeerHost({ destination: peer.url, token: 'hvt_t' });
    await expect(host.vm('web1')).rejects.toMatchObject({
      code: 'MIGRATION_DESTINATION_UNTRUSTED',
      message: expect.stringMatching(/SELF_SIGNED_CERT_IN_CHAIN.*give destination_fingerprint/),
    });
  });
});
