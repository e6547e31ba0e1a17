/**
 * Public keys as X.509 SubjectPublicKeyInfo (RFC 5280 §4.1.2.7) in DER and PEM, with the NIST
 * algorithm identifiers and no parameters, as the IETF LAMPS drafts for ML-KEM, ML-DSA and
 * SLH-DSA in X.509 specify. The DER is four fixed shapes (SEQUENCE, OBJECT IDENTIFIER, BIT
 * STRING and lengths), written here rather than pulled in with a general ASN.1 library.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import type { PqcAlgorithm } from './algorithms.js';

function length(n: number): number[] {
  if (n < 0x80) return [n];
  const bytes: number[] = [];
  for (let rest = n; rest > 0; rest >>>= 8) bytes.unshift(rest & 0xff);
  return [0x80 | bytes.length, ...bytes];
}

function tlv(tag: number, content: Uint8Array): Uint8Array {
  return Uint8Array.from([tag, ...length(content.length), ...content]);
}

/** Base-128 arcs, the first two folded into one byte (X.690 §8.19). */
function oid(dotted: string): Uint8Array {
  const [first = 0, second = 0, ...rest] = dotted.split('.').map(Number);
  const out: number[] = [];
  for (const arc of [first * 40 + second, ...rest]) {
    const chunk = [arc & 0x7f];
    for (let value = arc >>> 7; value > 0; value >>>= 7) chunk.unshift(0x80 | (value & 0x7f));
    out.push(...chunk);
  }
  return tlv(0x06, Uint8Array.from(out));
}

export function subjectPublicKeyInfo(alg: PqcAlgorithm, publicKey: Uint8Array): Uint8Array {
  const algorithmIdentifier = tlv(0x30, oid(alg.oid));
  // A BIT STRING's first content byte is the number of unused bits: none.
  const subjectPublicKey = tlv(0x03, Uint8Array.from([0, ...publicKey]));
  return tlv(0x30, Uint8Array.from([...algorithmIdentifier, ...subjectPublicKey]));
}

export function toPem(der: Uint8Array, label = 'PUBLIC KEY'): string {
  const lines =
    Buffer.from(der)
      .toString('base64')
      .match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

/** `sha256:` and the hex SHA-256 of the key's SubjectPublicKeyInfo, as key fingerprints go. */
export function fingerprint(alg: PqcAlgorithm, publicKey: Uint8Array): string {
  return `sha256:${bytesToHex(sha256(subjectPublicKeyInfo(alg, publicKey)))}`;
}

/**
 * The raw public key of a PEM SubjectPublicKeyInfo of `alg`, or why it is not one: the DER must be
 * exactly what `subjectPublicKeyInfo` writes for a key of the algorithm's length.
 */
export function publicKeyFromPem(
  pem: string,
  alg: PqcAlgorithm,
  publicKeyBytes: number,
): { ok: true; publicKey: Uint8Array } | { ok: false; reason: string } {
  const match = /^-----BEGIN PUBLIC KEY-----\r?\n([A-Za-z0-9+/=\r\n]+)-----END PUBLIC KEY-----\s*$/.exec(
    pem.trim() + '\n',
  );
  if (match === null) return { ok: false, reason: 'is not a PEM public key (BEGIN/END PUBLIC KEY)' };
  const der = new Uint8Array(Buffer.from(match[1]!.replace(/\s/g, ''), 'base64'));
  const prefix = subjectPublicKeyInfo(alg, new Uint8Array(publicKeyBytes)).subarray(0, -publicKeyBytes);
  const head = der.subarray(0, prefix.length);
  if (der.length !== prefix.length + publicKeyBytes || !head.every((byte, i) => byte === prefix[i])) {
    return {
      ok: false,
      reason: `is not an ${alg.name} public key (SubjectPublicKeyInfo of ${publicKeyBytes} bytes)`,
    };
  }
  return { ok: true, publicKey: der.slice(prefix.length) };
}
