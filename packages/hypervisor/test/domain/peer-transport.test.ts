/** Where a peer's token may go in clear: loopback only, unless --insecure-tcp. */
import { describe, expect, it } from 'vitest';
import { checkPeerTransport, isLoopbackHost } from '../../src/domain/peer-transport.js';

describe('isLoopbackHost', () => {
  it.each([
    'localhost',
    'LOCALHOST',
    'a.localhost',
    '127.0.0.1',
    '127.255.0.9',
    '::1',
    '[::1]',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
  ])('%s is loopback', (host) => expect(isLoopbackHost(host)).toBe(true));
  it.each([
    '0.0.0.0',
    '::',
    '10.0.0.1',
    '128.0.0.1',
    'host-b',
    'localhost.example',
    '::2',
    '::ffff:10.0.0.1',
  ])('%s is not', (host) => expect(isLoopbackHost(host)).toBe(false));
});

describe('checkPeerTransport', () => {
  const check =
    (url: string, insecureTcp = false, fingerprint?: string) =>
    () =>
      checkPeerTransport(new URL(url), 'destination', {
        insecureTcp,
        fingerprint,
        fingerprintField: 'destination_fingerprint',
      });

  it('takes https anywhere, and http to loopback', () => {
    expect(check('https://10.0.0.2:9400')).not.toThrow();
    expect(check('https://10.0.0.2:9400', false, 'a'.repeat(64))).not.toThrow();
    expect(check('http://127.0.0.1:9400')).not.toThrow();
    expect(check('http://[::1]:9400')).not.toThrow();
  });

  it('refuses http to another host, naming the field, unless --insecure-tcp', () => {
    expect(check('http://10.0.0.2:9400')).toThrow(
      expect.objectContaining({
        code: 'VALIDATION_ERROR',
        details: { field: 'destination' },
        message: expect.stringContaining('cross the network in clear'),
      }),
    );
    expect(check('http://host-b:9400')).toThrow(/plain HTTP to another host/);
    expect(check('http://10.0.0.2:9400', true)).not.toThrow();
  });

  it('refuses a fingerprint for an http URL', () => {
    expect(check('http://127.0.0.1:9400', true, 'a'.repeat(64))).toThrow(
      expect.objectContaining({ details: { field: 'destination_fingerprint' } }),
    );
  });
});
