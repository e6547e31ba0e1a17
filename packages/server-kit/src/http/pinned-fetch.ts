/**
 * Calls to another service over https that trust its certificate by its SHA-256 fingerprint, as
 * Incus clients trust a remote: a self-signed certificate is accepted when, and only when, its
 * leaf's fingerprint is the pinned one (64 hex digits, colons and case ignored). The handshake is
 * finished and the fingerprint checked before a byte of the request (its token) is written.
 * Without a pin, `pinnedFetch` is `fetch`: the certificate must be valid for the system's CAs.
 */
import { createHash, X509Certificate } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { Readable } from 'node:stream';
import { connect, type DetailedPeerCertificate, type TLSSocket } from 'node:tls';
import { KitErrors } from '../errors.js';

/** SHA-256 of a certificate's DER encoding: 64 lowercase hex digits, no colons. */
export function certificateFingerprint(der: Uint8Array): string {
  return createHash('sha256').update(der).digest('hex');
}

/** `AB:CD:...` or `abcd...` as 64 lowercase hex digits; undefined when it is not a SHA-256 fingerprint. */
export function normalizeFingerprint(text: string): string | undefined {
  const hex = text.replace(/:/g, '').toLowerCase();
  return /^[0-9a-f]{64}$/.test(hex) ? hex : undefined;
}

export interface PinnedFetchInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  signal?: AbortSignal;
  /** The SHA-256 fingerprint the server's leaf certificate must have; https URLs only. */
  fingerprint?: string;
}

/**
 * A TLS connection to `url`'s host, its handshake done: with `expected`, its leaf certificate must
 * have that fingerprint (else TLS_FINGERPRINT_MISMATCH) and nothing else is checked; without,
 * the certificate must be valid for the host name and the system's CAs.
 */
async function openTls(url: URL, expected: string | undefined, signal?: AbortSignal): Promise<TLSSocket> {
  signal?.throwIfAborted();
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const socket = connect({
    host,
    port: url.port === '' ? 443 : Number(url.port),
    // SNI takes names only.
    ...(isIP(host) === 0 ? { servername: host } : {}),
    rejectUnauthorized: expected === undefined,
    ALPNProtocols: ['http/1.1'],
  });
  const onAbort = (): void => {
    socket.destroy(signal?.reason as Error);
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('secureConnect', resolve);
      socket.once('error', reject);
    });
  } finally {
    signal?.removeEventListener('abort', onAbort);
    socket.removeAllListeners('error');
  }
  const actual = certificateFingerprint(socket.getPeerCertificate().raw);
  if (expected !== undefined && actual !== expected) {
    socket.destroy();
    throw KitErrors.tlsFingerprintMismatch(
      { url: url.origin, expected, actual },
      { details: { url: url.origin, expected, actual } },
    );
  }
  return socket;
}

/** A TLS connection to `url`'s host whose leaf certificate has `fingerprint`; else TLS_FINGERPRINT_MISMATCH. */
export function connectPinned(url: URL, fingerprint: string, signal?: AbortSignal): Promise<TLSSocket> {
  const expected = normalizeFingerprint(fingerprint);
  if (url.protocol !== 'https:' || expected === undefined) {
    throw KitErrors.validation(
      { message: 'a pinned certificate needs an https:// URL and a SHA-256 fingerprint (64 hex digits)' },
      { details: { field: 'fingerprint' } },
    );
  }
  return openTls(url, expected, signal);
}

/** `fetch` with the certificate pinned when `init.fingerprint` is given. */
export async function pinnedFetch(url: string | URL, init: PinnedFetchInit = {}): Promise<Response> {
  const { fingerprint, ...rest } = init;
  if (fingerprint === undefined) return fetch(url, rest);
  const target = new URL(url);
  const socket = await connectPinned(target, fingerprint, init.signal);
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    const request = httpsRequest(target, {
      method: init.method ?? 'GET',
      headers: {
        ...init.headers,
        ...(init.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(init.body)) }),
      },
      createConnection: () => socket,
      ...(init.signal === undefined ? {} : { signal: init.signal }),
    });
    request.once('response', resolve);
    request.once('error', reject);
    request.end(init.body);
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(response.headers)) {
    for (const one of [value ?? []].flat()) headers.append(name, one);
  }
  const status = response.statusCode ?? 502;
  const empty = status === 204 || status === 304 || init.method === 'HEAD';
  if (empty) response.resume();
  const body = empty ? null : (Readable.toWeb(response) as ReadableStream<Uint8Array>);
  return new Response(body, { status, statusText: response.statusMessage ?? '', headers });
}

export interface PeerCertificate {
  /** SHA-256 of the leaf's DER. */
  fingerprint: string;
  /** The certificates the server presented, as PEM, leaf first, its issuers after. */
  chain: string[];
}

/**
 * The certificate chain `url`'s server presents, read over a connection pinned to `fingerprint`
 * (or, without one, verified against the system's CAs): what a client that needs the peer's
 * certificate as its CA (QEMU's TLS migration) is given.
 */
export async function fetchPeerCertificate(
  url: string | URL,
  fingerprint?: string,
  signal?: AbortSignal,
): Promise<PeerCertificate> {
  const target = new URL(url);
  const socket =
    fingerprint === undefined
      ? await openTls(target, undefined, signal)
      : await connectPinned(target, fingerprint, signal);
  try {
    const chain: string[] = [];
    const seen = new Set<string>();
    for (
      let cert: DetailedPeerCertificate | undefined = socket.getPeerCertificate(true);
      cert?.raw !== undefined && !seen.has(cert.fingerprint256);
      cert = cert.issuerCertificate
    ) {
      seen.add(cert.fingerprint256);
      chain.push(new X509Certificate(cert.raw).toString());
    }
    return { fingerprint: certificateFingerprint(socket.getPeerCertificate().raw), chain };
  } finally {
    socket.destroy();
  }
}
