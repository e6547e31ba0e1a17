import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requireTools } from '@lab/server-kit/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { ALGORITHMS, algorithm } from '../../src/pqc/algorithms.js';
import { fingerprint, subjectPublicKeyInfo, toPem } from '../../src/pqc/spki.js';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

interface Tlv {
  tag: number;
  length: number;
  header: number;
  content: Uint8Array;
}

/** One DER TLV at `offset`, read independently of the encoder under test (X.690 §8.1.3). */
function readTlv(der: Uint8Array, offset = 0): Tlv {
  const tag = der[offset]!;
  const first = der[offset + 1]!;
  let length = first;
  let header = 2;
  if (first & 0x80) {
    const count = first & 0x7f;
    expect(count, 'long form uses 1 to 4 length octets').toBeGreaterThan(0);
    length = 0;
    for (let i = 0; i < count; i += 1) length = length * 256 + der[offset + 2 + i]!;
    expect(length, 'DER uses the long form only from 128').toBeGreaterThanOrEqual(0x80);
    expect(der[offset + 2], 'DER has no leading zero length octet').not.toBe(0);
    header += count;
  }
  return { tag, length, header, content: der.subarray(offset + header, offset + header + length) };
}

/** Dotted form of the content of an OBJECT IDENTIFIER. */
function decodeOid(content: Uint8Array): string {
  const arcs: number[] = [];
  let value = 0;
  for (const byte of content) {
    value = value * 128 + (byte & 0x7f);
    if ((byte & 0x80) === 0) {
      arcs.push(value);
      value = 0;
    }
  }
  const [first = 0, ...rest] = arcs;
  const top = first < 80 ? Math.floor(first / 40) : 2;
  return [top, first - 40 * top, ...rest].join('.');
}

/** The SPKI's algorithm OID and public key, checking its shape on the way. */
function parseSpki(der: Uint8Array): { oid: string; publicKey: Uint8Array } {
  const outer = readTlv(der);
  expect(outer.tag).toBe(0x30);
  expect(outer.header + outer.length).toBe(der.length);
  const algorithmIdentifier = readTlv(outer.content);
  expect(algorithmIdentifier.tag).toBe(0x30);
  const oid = readTlv(algorithmIdentifier.content);
  expect(oid.tag).toBe(0x06);
  // No parameters: the AlgorithmIdentifier holds the OID alone.
  expect(oid.header + oid.length).toBe(algorithmIdentifier.length);
  const bitString = readTlv(outer.content, algorithmIdentifier.header + algorithmIdentifier.length);
  expect(bitString.tag).toBe(0x03);
  expect(algorithmIdentifier.header + algorithmIdentifier.length + bitString.header + bitString.length).toBe(
    outer.length,
  );
  expect(bitString.content[0], 'no unused bits').toBe(0);
  return { oid: decodeOid(oid.content), publicKey: bitString.content.subarray(1) };
}

describe('SubjectPublicKeyInfo DER', () => {
  it('encodes the ML-DSA-65 OID 2.16.840.1.101.3.4.3.18 as 06 09 60 86 48 01 65 03 04 03 12', () => {
    const alg = algorithm('ML-DSA-65');
    const { publicKey } = alg.keygen();
    const der = subjectPublicKeyInfo(alg, publicKey);
    // SEQUENCE (1970) { SEQUENCE (11) { OID }, BIT STRING (1953) { 00, key } }
    expect(hex(der.subarray(0, 22))).toBe('308207b2' + '300b' + '0609608648016503040312' + '038207a1' + '00');
    expect(hex(der.subarray(22))).toBe(hex(publicKey));
    expect(der).toHaveLength(4 + 1970);
  });

  it.each(ALGORITHMS.map((a) => [a.name, a.oid]))('%s carries its OID %s and the key', (name, oid) => {
    const alg = algorithm(name);
    const key = Uint8Array.from({ length: 40 }, (_, i) => i);
    expect(parseSpki(subjectPublicKeyInfo(alg, key))).toEqual({ oid, publicKey: key });
  });

  it.each([
    [0, '0301'],
    [126, '037f'],
    [127, '038180'],
    [254, '0381ff'],
    [255, '03820100'],
    [1952, '038207a1'],
    [65534, '0382ffff'],
    [65535, '0383010000'],
  ])('writes the BIT STRING length of a %i-byte key in the short or long form: %s', (size, header) => {
    const key = new Uint8Array(size).fill(0xa5);
    const der = subjectPublicKeyInfo(algorithm('ML-KEM-768'), key);
    const outer = readTlv(der);
    // The BIT STRING follows the 13-byte AlgorithmIdentifier (SEQUENCE of a 9-byte OID).
    const bitString = readTlv(outer.content, 13);
    expect(hex(outer.content.subarray(13, 13 + header.length / 2))).toBe(header);
    expect(bitString.length).toBe(size + 1);
    expect(parseSpki(der).publicKey).toEqual(key);
  });
});

describe('PEM and fingerprint', () => {
  it('wraps the DER in base64 lines of 64 characters between the PUBLIC KEY labels', () => {
    const alg = algorithm('ML-KEM-1024');
    const der = subjectPublicKeyInfo(alg, alg.keygen().publicKey);
    const pem = toPem(der);
    const lines = pem.split('\n');
    expect(lines[0]).toBe('-----BEGIN PUBLIC KEY-----');
    expect(lines.at(-2)).toBe('-----END PUBLIC KEY-----');
    expect(lines.at(-1)).toBe('');
    const body = lines.slice(1, -2);
    expect(body.slice(0, -1).every((line) => line.length === 64)).toBe(true);
    expect(body.at(-1)!.length).toBeGreaterThan(0);
    expect(body.at(-1)!.length).toBeLessThanOrEqual(64);
    expect(Buffer.from(body.join(''), 'base64')).toEqual(Buffer.from(der));
    expect(toPem(Uint8Array.of(1, 2, 3), 'TEST')).toBe('-----BEGIN TEST-----\nAQID\n-----END TEST-----\n');
  });

  it('fingerprints as sha256: and 64 hex digits of the SPKI, which names the algorithm too', () => {
    const alg = algorithm('ML-DSA-44');
    const { publicKey } = alg.keygen();
    const print = fingerprint(alg, publicKey);
    expect(print).toMatch(/^sha256:[0-9a-f]{64}$/);
    const expected = createHash('sha256').update(subjectPublicKeyInfo(alg, publicKey)).digest('hex');
    expect(print).toBe(`sha256:${expected}`);
    expect(fingerprint(alg, publicKey)).toBe(print);
    expect(fingerprint(alg, alg.keygen().publicKey)).not.toBe(print);
    expect(fingerprint(algorithm('ML-DSA-65'), publicKey)).not.toBe(print);
  });
});

const openssl = requireTools(['openssl']);

describe.skipIf(openssl.skip)(
  `SPKI PEM read by openssl asn1parse${openssl.skip ? ` (skipped: ${openssl.reason})` : ''}`,
  () => {
    const dir = mkdtempSync(join(tmpdir(), 'hv-spki-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it.each(['ML-KEM-768', 'ML-DSA-65', 'SLH-DSA-SHA2-128f'])(
      '%s: a SEQUENCE of its OID and a BIT STRING of the key length + 1',
      (name) => {
        const alg = algorithm(name);
        const { publicKey } = alg.keygen();
        const der = subjectPublicKeyInfo(alg, publicKey);
        const file = join(dir, `${name}.pem`);
        writeFileSync(file, toPem(der));
        const output = execFileSync('openssl', ['asn1parse', '-in', file], { encoding: 'utf8' });
        // `    6:d=2  hl=2 l=   9 prim: OBJECT            :2.16.840.1.101.3.4.3.18`
        const rows = output
          .trim()
          .split('\n')
          .map((line) => {
            const match =
              /^\s*(\d+):d=(\d+)\s+hl=(\d+)\s+l=\s*(\d+)\s+(prim|cons):\s+(.*?)\s*(?::(.*))?$/.exec(line);
            if (match === null) throw new Error(`unexpected asn1parse line: ${line}`);
            const [, offset, depth, header, length, , type, value] = match;
            return {
              offset: Number(offset),
              depth: Number(depth),
              header: Number(header),
              length: Number(length),
              type,
              value,
            };
          });
        expect(rows.map((r) => [r.depth, r.type])).toEqual([
          [0, 'SEQUENCE'],
          [1, 'SEQUENCE'],
          [2, 'OBJECT'],
          [1, 'BIT STRING'],
        ]);
        expect(rows[0]!.header + rows[0]!.length).toBe(der.length);
        // OpenSSL 3.0 prints the dotted OID; releases that know the algorithm print its name.
        expect([alg.oid, alg.name, `id-${alg.name.toLowerCase()}`]).toContain(rows[2]!.value);
        expect(rows[3]!.length).toBe(publicKey.length + 1);
        expect(rows[3]!.offset + rows[3]!.header + rows[3]!.length).toBe(der.length);
      },
    );
  },
);
