import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  ALGORITHM_NAMES,
  ALGORITHMS,
  algorithm,
  signatureAlgorithm,
  type KemAlgorithm,
  type SignatureAlgorithm,
} from '../../src/pqc/algorithms.js';

/** Sizes in bytes from FIPS 203 Table 3, FIPS 204 Table 2 and FIPS 205 Table 2. */
const KEM_SIZES: Record<string, { publicKey: number; secretKey: number; cipherText: number }> = {
  'ML-KEM-512': { publicKey: 800, secretKey: 1632, cipherText: 768 },
  'ML-KEM-768': { publicKey: 1184, secretKey: 2400, cipherText: 1088 },
  'ML-KEM-1024': { publicKey: 1568, secretKey: 3168, cipherText: 1568 },
};
const SIGNATURE_SIZES: Record<string, { publicKey: number; secretKey: number; signature: number }> = {
  'ML-DSA-44': { publicKey: 1312, secretKey: 2560, signature: 2420 },
  'ML-DSA-65': { publicKey: 1952, secretKey: 4032, signature: 3309 },
  'ML-DSA-87': { publicKey: 2592, secretKey: 4896, signature: 4627 },
  'SLH-DSA-SHA2-128f': { publicKey: 32, secretKey: 64, signature: 17088 },
};

const KEMS = ALGORITHMS.filter((a): a is KemAlgorithm => a.kind === 'kem');
// The other SLH-DSA sets sign for several seconds to a minute each in JavaScript (128s: 20 s);
// SHA2-128f (about a second) stands for the family, whose code paths they share.
const SIGNERS = ALGORITHMS.filter(
  (a): a is SignatureAlgorithm => a.kind === 'signature' && (!a.slow || a.name === 'SLH-DSA-SHA2-128f'),
);

describe('the algorithm table', () => {
  it('offers the three ML-KEM, three ML-DSA and twelve SLH-DSA parameter sets', () => {
    expect(ALGORITHMS).toHaveLength(18);
    expect(ALGORITHM_NAMES).toEqual(ALGORITHMS.map((a) => a.name));
    expect(new Set(ALGORITHM_NAMES).size).toBe(18);
    expect(ALGORITHMS.filter((a) => a.family === 'ML-KEM')).toHaveLength(3);
    expect(ALGORITHMS.filter((a) => a.family === 'ML-DSA')).toHaveLength(3);
    expect(ALGORITHMS.filter((a) => a.family === 'SLH-DSA')).toHaveLength(12);
  });

  it('gives every entry a unique NIST OID under its family arc', () => {
    expect(new Set(ALGORITHMS.map((a) => a.oid)).size).toBe(ALGORITHMS.length);
    for (const a of ALGORITHMS) {
      const arc = a.family === 'ML-KEM' ? '2.16.840.1.101.3.4.4.' : '2.16.840.1.101.3.4.3.';
      expect(a.oid.startsWith(arc), a.name).toBe(true);
      expect(a.standard).toBe(
        { 'ML-KEM': 'FIPS 203', 'ML-DSA': 'FIPS 204', 'SLH-DSA': 'FIPS 205' }[a.family],
      );
      expect(a.kind).toBe(a.family === 'ML-KEM' ? 'kem' : 'signature');
      expect(a.slow).toBe(a.family === 'SLH-DSA');
      // Only ML-DSA has the external-mu interface the ACVP internal test groups need.
      expect(a.kind === 'signature' && a.internal !== undefined).toBe(a.family === 'ML-DSA');
    }
    // Spot checks against NIST's Computer Security Objects Register.
    expect(algorithm('ML-KEM-768').oid).toBe('2.16.840.1.101.3.4.4.2');
    expect(algorithm('ML-DSA-65').oid).toBe('2.16.840.1.101.3.4.3.18');
    expect(algorithm('SLH-DSA-SHA2-128s').oid).toBe('2.16.840.1.101.3.4.3.20');
    expect(algorithm('SLH-DSA-SHAKE-256f').oid).toBe('2.16.840.1.101.3.4.3.31');
  });

  it('finds entries by name, and refuses unknown ones', () => {
    expect(algorithm('ML-DSA-87').name).toBe('ML-DSA-87');
    expect(() => algorithm('ML-DSA-99')).toThrow(RangeError);
    expect(signatureAlgorithm('ML-DSA-44')?.kind).toBe('signature');
    expect(signatureAlgorithm('ML-KEM-512')).toBeUndefined();
    expect(signatureAlgorithm('nope')).toBeUndefined();
  });
});

describe.each(KEMS.map((a) => [a.name, a] as const))('%s', (name, kem) => {
  const sizes = KEM_SIZES[name]!;

  it('encapsulates to a shared secret that decapsulation recovers', () => {
    const keys = kem.keygen();
    expect(keys.publicKey).toHaveLength(sizes.publicKey);
    expect(keys.secretKey).toHaveLength(sizes.secretKey);
    const { cipherText, sharedSecret } = kem.encapsulate(keys.publicKey);
    expect(cipherText).toHaveLength(sizes.cipherText);
    expect(sharedSecret).toHaveLength(32);
    expect(kem.decapsulate(cipherText, keys.secretKey)).toEqual(sharedSecret);
    expect(kem.encapsulate(keys.publicKey).sharedSecret).not.toEqual(sharedSecret);
  });

  it('rejects a changed ciphertext implicitly: another secret, no exception', () => {
    const keys = kem.keygen();
    const { cipherText, sharedSecret } = kem.encapsulate(keys.publicKey);
    cipherText[0]! ^= 1;
    const recovered = kem.decapsulate(cipherText, keys.secretKey);
    expect(recovered).toHaveLength(32);
    expect(recovered).not.toEqual(sharedSecret);
  });

  it('is deterministic given the seed and the message', () => {
    const seed = randomBytes(64);
    const keys = kem.keygen(seed);
    expect(kem.keygen(seed)).toEqual(keys);
    const message = randomBytes(32);
    expect(kem.encapsulate(keys.publicKey, message)).toEqual(kem.encapsulate(keys.publicKey, message));
  });
});

describe.each(SIGNERS.map((a) => [a.name, a] as const))('%s', (name, dsa) => {
  const sizes = SIGNATURE_SIZES[name]!;
  const keys = dsa.keygen();
  const message = new TextEncoder().encode(`a message signed with ${name}`);
  const context = new TextEncoder().encode('hv-test');
  const signature = dsa.sign(message, keys.secretKey, { context });

  it('signs, and verifies its own signature', () => {
    expect(keys.publicKey).toHaveLength(sizes.publicKey);
    expect(keys.secretKey).toHaveLength(sizes.secretKey);
    expect(signature).toHaveLength(sizes.signature);
    expect(dsa.verify(signature, message, keys.publicKey, context)).toBe(true);
  });

  it('rejects a changed message, another context, another key', () => {
    const changed = message.slice();
    changed[0]! ^= 1;
    expect(dsa.verify(signature, changed, keys.publicKey, context)).toBe(false);
    expect(dsa.verify(signature, message, keys.publicKey)).toBe(false);
    expect(dsa.verify(signature, message, dsa.keygen().publicKey, context)).toBe(false);
  });

  it('answers false, not an exception, for a truncated signature or a key of the wrong length', () => {
    expect(dsa.verify(signature.subarray(0, signature.length - 1), message, keys.publicKey, context)).toBe(
      false,
    );
    expect(dsa.verify(signature.subarray(0, 10), message, keys.publicKey, context)).toBe(false);
    expect(dsa.verify(new Uint8Array(0), message, keys.publicKey, context)).toBe(false);
    expect(dsa.verify(signature, message, keys.publicKey.subarray(1), context)).toBe(false);
  });

  it('signs deterministically when the randomness is fixed', () => {
    const fixed = dsa.sign(message, keys.secretKey, { randomness: false });
    expect(dsa.sign(message, keys.secretKey, { randomness: false })).toEqual(fixed);
    expect(dsa.verify(fixed, message, keys.publicKey)).toBe(true);
  });

  if (dsa.internal !== undefined)
    it('signs and verifies an external mu (the internal interface)', () => {
      const mu = randomBytes(64);
      const signed = dsa.internal!.signMu(mu, keys.secretKey, false);
      expect(signed).toHaveLength(sizes.signature);
      expect(dsa.internal!.verifyMu(signed, mu, keys.publicKey)).toBe(true);
      mu[0]! ^= 1;
      expect(dsa.internal!.verifyMu(signed, mu, keys.publicKey)).toBe(false);
    });
});

describe('hedged ML-DSA signing', () => {
  it('draws fresh randomness by default: two signatures of one message differ, both valid', () => {
    const dsa = signatureAlgorithm('ML-DSA-44')!;
    const keys = dsa.keygen();
    const message = randomBytes(32);
    const [a, b] = [dsa.sign(message, keys.secretKey), dsa.sign(message, keys.secretKey)];
    expect(a).not.toEqual(b);
    expect(dsa.verify(a, message, keys.publicKey) && dsa.verify(b, message, keys.publicKey)).toBe(true);
  });
});
