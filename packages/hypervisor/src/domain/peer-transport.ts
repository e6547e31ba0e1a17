/**
 * Where a bearer token may travel in clear: to loopback only. The rule of the listeners (a TCP
 * listener beyond loopback serves TLS unless `--insecure-tcp`) and of the peers this host calls
 * with their token (a migration destination, a tunnel's peer: `http://` only to loopback).
 */
import { isIPv4, isIPv6 } from 'node:net';
import { invalidField } from '../errors.js';

/** `localhost`, an address of 127.0.0.0/8 (IPv4-mapped too) or `::1`; a name other than localhost is not. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (bare === 'localhost' || bare.endsWith('.localhost')) return true;
  if (isIPv4(bare)) return bare.startsWith('127.');
  // `::ffff:127.0.0.1` as given, or as the URL parser writes it (`::ffff:7f00:1`).
  if (isIPv6(bare)) return bare === '::1' || /^::ffff:(127\.|7f[0-9a-f]{2}:)/.test(bare);
  return false;
}

/**
 * Refuses (VALIDATION_ERROR naming `field`) a peer URL that would carry the token in clear beyond
 * loopback: `http://` to another host, unless this service runs with `--insecure-tcp`. A
 * fingerprint given for an `http://` URL is refused too: there is no certificate to pin.
 */
export function checkPeerTransport(
  url: URL,
  field: string,
  options: { insecureTcp: boolean; fingerprint: string | undefined; fingerprintField: string },
): void {
  if (url.protocol === 'https:') return;
  if (options.fingerprint !== undefined) {
    throw invalidField(options.fingerprintField, `a certificate fingerprint needs an https:// ${field}`);
  }
  if (!isLoopbackHost(url.hostname) && !options.insecureTcp) {
    throw invalidField(
      field,
      `'${url.origin}' is plain HTTP to another host: the peer's token would cross the network in clear; ` +
        'use https:// (with its certificate fingerprint when self-signed), or run this service with --insecure-tcp',
    );
  }
}
