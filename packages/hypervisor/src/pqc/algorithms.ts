/**
 * The post-quantum algorithms this service offers, one table over @noble/post-quantum: ML-KEM
 * (FIPS 203), ML-DSA (FIPS 204) and SLH-DSA (FIPS 205). Each entry states its NIST object
 * identifier (for SubjectPublicKeyInfo) and the uniform operations the rest of the service uses,
 * so no other module imports the library. The library's call signatures changed between
 * releases (argument order of `sign`); the version is pinned exactly in package.json.
 */
import { ml_dsa44, ml_dsa65, ml_dsa87 } from '@noble/post-quantum/ml-dsa.js';
import { ml_kem1024, ml_kem512, ml_kem768 } from '@noble/post-quantum/ml-kem.js';
import {
  slh_dsa_sha2_128f,
  slh_dsa_sha2_128s,
  slh_dsa_sha2_192f,
  slh_dsa_sha2_192s,
  slh_dsa_sha2_256f,
  slh_dsa_sha2_256s,
  slh_dsa_shake_128f,
  slh_dsa_shake_128s,
  slh_dsa_shake_192f,
  slh_dsa_shake_192s,
  slh_dsa_shake_256f,
  slh_dsa_shake_256s,
} from '@noble/post-quantum/slh-dsa.js';

export const PQC_LIBRARY = '@noble/post-quantum';
/** The pinned library version (package.json); reported by `/pqc/status`. */
export const PQC_LIBRARY_VERSION = '0.7.1';

export interface KeyPair {
  publicKey: Uint8Array;
  secretKey: Uint8Array;
}

interface Common {
  name: string;
  family: 'ML-KEM' | 'ML-DSA' | 'SLH-DSA';
  standard: 'FIPS 203' | 'FIPS 204' | 'FIPS 205';
  /** Dotted NIST OID under 2.16.840.1.101.3.4 (CSOR), used in SubjectPublicKeyInfo. */
  oid: string;
  securityCategory: 1 | 2 | 3 | 5;
  /**
   * Signing takes from a second to many (SLH-DSA, measured here): such work runs in a worker
   * thread so the API stays responsive.
   */
  slow: boolean;
  keygen(seed?: Uint8Array): KeyPair;
}

export interface KemAlgorithm extends Common {
  kind: 'kem';
  /** `message` (32 bytes) makes encapsulation deterministic, for known-answer tests only. */
  encapsulate(
    publicKey: Uint8Array,
    message?: Uint8Array,
  ): { cipherText: Uint8Array; sharedSecret: Uint8Array };
  decapsulate(cipherText: Uint8Array, secretKey: Uint8Array): Uint8Array;
}

export interface SignOptions {
  /** The FIPS 204/205 context string (empty by default). */
  context?: Uint8Array;
  /** Hedged signing draws fresh randomness (the default); bytes or `false` fix it, for KATs. */
  randomness?: Uint8Array | false;
}

export interface SignatureAlgorithm extends Common {
  kind: 'signature';
  /** Pure signing (no pre-hash). */
  sign(message: Uint8Array, secretKey: Uint8Array, options?: SignOptions): Uint8Array;
  verify(signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array, context?: Uint8Array): boolean;
  /**
   * ML-DSA's internal interface over a caller-computed 64-byte message representative `mu`
   * (FIPS 204 Algorithms 7 and 8 with external mu), which ACVP's internal test groups exercise.
   */
  internal?: {
    signMu(mu: Uint8Array, secretKey: Uint8Array, randomness: Uint8Array | false): Uint8Array;
    verifyMu(signature: Uint8Array, mu: Uint8Array, publicKey: Uint8Array): boolean;
  };
}

export type PqcAlgorithm = KemAlgorithm | SignatureAlgorithm;

const EMPTY = new Uint8Array(0);

interface NobleKem {
  keygen(seed?: Uint8Array): KeyPair;
  encapsulate(
    publicKey: Uint8Array,
    message?: Uint8Array,
  ): { cipherText: Uint8Array; sharedSecret: Uint8Array };
  decapsulate(cipherText: Uint8Array, secretKey: Uint8Array): Uint8Array;
}

interface NobleSigner {
  keygen(seed?: Uint8Array): KeyPair;
  sign(
    message: Uint8Array,
    secretKey: Uint8Array,
    opts?: { context?: Uint8Array; extraEntropy?: Uint8Array | false },
  ): Uint8Array;
  verify(
    signature: Uint8Array,
    message: Uint8Array,
    publicKey: Uint8Array,
    opts?: { context?: Uint8Array },
  ): boolean;
}

function kem(name: string, oid: string, securityCategory: 1 | 3 | 5, impl: NobleKem): KemAlgorithm {
  return {
    name,
    kind: 'kem',
    family: 'ML-KEM',
    standard: 'FIPS 203',
    oid,
    securityCategory,
    slow: false,
    keygen: (seed) => impl.keygen(seed),
    encapsulate: (publicKey, message) => impl.encapsulate(publicKey, message),
    decapsulate: (cipherText, secretKey) => impl.decapsulate(cipherText, secretKey),
  };
}

interface NobleInternal {
  sign(
    mu: Uint8Array,
    secretKey: Uint8Array,
    opts: { externalMu: true; extraEntropy: Uint8Array | false },
  ): Uint8Array;
  verify(signature: Uint8Array, mu: Uint8Array, publicKey: Uint8Array, opts: { externalMu: true }): boolean;
}

function signer(
  name: string,
  family: 'ML-DSA' | 'SLH-DSA',
  oid: string,
  securityCategory: 1 | 2 | 3 | 5,
  impl: NobleSigner,
  { slow = false, internal }: { slow?: boolean; internal?: NobleInternal } = {},
): SignatureAlgorithm {
  return {
    name,
    kind: 'signature',
    family,
    standard: family === 'ML-DSA' ? 'FIPS 204' : 'FIPS 205',
    oid,
    securityCategory,
    slow,
    keygen: (seed) => impl.keygen(seed),
    sign: (message, secretKey, { context = EMPTY, randomness } = {}) =>
      impl.sign(
        message,
        secretKey,
        randomness === undefined ? { context } : { context, extraEntropy: randomness },
      ),
    verify: (signature, message, publicKey, context = EMPTY) => {
      try {
        return impl.verify(signature, message, publicKey, { context });
      } catch {
        // A signature or key of the wrong length is an invalid signature, not a fault.
        return false;
      }
    },
    ...(internal !== undefined
      ? {
          internal: {
            signMu: (mu, secretKey, randomness) =>
              internal.sign(mu, secretKey, { externalMu: true, extraEntropy: randomness }),
            verifyMu: (signature, mu, publicKey) =>
              internal.verify(signature, mu, publicKey, { externalMu: true }),
          },
        }
      : {}),
  };
}

const KEM = '2.16.840.1.101.3.4.4.';
const SIG = '2.16.840.1.101.3.4.3.';

/** In the order `/pqc/status` lists them; OIDs from NIST's Computer Security Objects Register. */
export const ALGORITHMS: readonly PqcAlgorithm[] = [
  kem('ML-KEM-512', `${KEM}1`, 1, ml_kem512),
  kem('ML-KEM-768', `${KEM}2`, 3, ml_kem768),
  kem('ML-KEM-1024', `${KEM}3`, 5, ml_kem1024),
  signer('ML-DSA-44', 'ML-DSA', `${SIG}17`, 2, ml_dsa44, { internal: ml_dsa44.internal }),
  signer('ML-DSA-65', 'ML-DSA', `${SIG}18`, 3, ml_dsa65, { internal: ml_dsa65.internal }),
  signer('ML-DSA-87', 'ML-DSA', `${SIG}19`, 5, ml_dsa87, { internal: ml_dsa87.internal }),
  signer('SLH-DSA-SHA2-128s', 'SLH-DSA', `${SIG}20`, 1, slh_dsa_sha2_128s, { slow: true }),
  signer('SLH-DSA-SHA2-128f', 'SLH-DSA', `${SIG}21`, 1, slh_dsa_sha2_128f, { slow: true }),
  signer('SLH-DSA-SHA2-192s', 'SLH-DSA', `${SIG}22`, 3, slh_dsa_sha2_192s, { slow: true }),
  signer('SLH-DSA-SHA2-192f', 'SLH-DSA', `${SIG}23`, 3, slh_dsa_sha2_192f, { slow: true }),
  signer('SLH-DSA-SHA2-256s', 'SLH-DSA', `${SIG}24`, 5, slh_dsa_sha2_256s, { slow: true }),
  signer('SLH-DSA-SHA2-256f', 'SLH-DSA', `${SIG}25`, 5, slh_dsa_sha2_256f, { slow: true }),
  signer('SLH-DSA-SHAKE-128s', 'SLH-DSA', `${SIG}26`, 1, slh_dsa_shake_128s, { slow: true }),
  signer('SLH-DSA-SHAKE-128f', 'SLH-DSA', `${SIG}27`, 1, slh_dsa_shake_128f, { slow: true }),
  signer('SLH-DSA-SHAKE-192s', 'SLH-DSA', `${SIG}28`, 3, slh_dsa_shake_192s, { slow: true }),
  signer('SLH-DSA-SHAKE-192f', 'SLH-DSA', `${SIG}29`, 3, slh_dsa_shake_192f, { slow: true }),
  signer('SLH-DSA-SHAKE-256s', 'SLH-DSA', `${SIG}30`, 5, slh_dsa_shake_256s, { slow: true }),
  signer('SLH-DSA-SHAKE-256f', 'SLH-DSA', `${SIG}31`, 5, slh_dsa_shake_256f, { slow: true }),
];

export const ALGORITHM_NAMES = ALGORITHMS.map((a) => a.name) as [string, ...string[]];

const BY_NAME = new Map(ALGORITHMS.map((a) => [a.name, a]));

/** The algorithm of this name; names come from validated requests or from stored rows. */
export function algorithm(name: string): PqcAlgorithm {
  const found = BY_NAME.get(name);
  if (found === undefined) throw new RangeError(`unknown PQC algorithm '${name}'`);
  return found;
}

export function signatureAlgorithm(name: string): SignatureAlgorithm | undefined {
  const found = BY_NAME.get(name);
  return found?.kind === 'signature' ? found : undefined;
}
