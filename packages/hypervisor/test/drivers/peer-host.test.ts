/** The other host's API as a migration's source names it: the URL checks and the base it calls. */
import { describe, expect, it } from 'vitest';
import { createPeerHost, peerBaseUrl } from '../../src/drivers/peer-host.js';

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

  it('reaches the stream at the host name, without brackets for IPv6', () => {
    expect(createPeerHost({ destination: 'http://[::1]:9400', token: 't' }).hostname).toBe('::1');
    expect(createPeerHost({ destination: 'http://b.example:9400', token: 't' }).hostname).toBe('b.example');
  });
});
