/**
 * Known-answer tests from NIST ACVP vector sets (the JSON of the ACVP server's internal
 * projection: prompt and expected answer in one test case). The sets shipped in `vectors/acvp/`
 * are a few cases per parameter set of ML-KEM keyGen and encapDecap (FIPS 203) and ML-DSA keyGen,
 * sigGen and sigVer (FIPS 204); `vectors/acvp/README.md` says where each came from.
 *
 * Each case becomes one test result. A file that is missing or malformed is a failed test too:
 * the self-test must fail loudly, never pass on fewer vectors than it was given.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bytesToHex, concatBytes, hexToBytes } from '@noble/hashes/utils.js';
import { algorithm, type KemAlgorithm, type SignatureAlgorithm } from './algorithms.js';

/** The vector sets that ship with the service. */
export const DEFAULT_VECTORS_DIR = fileURLToPath(new URL('../../vectors/acvp/', import.meta.url));

export interface TestResult {
  name: string;
  algorithm: string;
  kind: 'kat' | 'pairwise';
  passed: boolean;
  duration_ms: number;
  error?: string;
}

type Case = Record<string, unknown>;
interface Group extends Case {
  tgId: number;
  parameterSet: string;
  tests: Case[];
}
interface VectorSet {
  algorithm: string;
  mode: string;
  revision: string;
  testGroups: Group[];
}

/** A hex field of a test case (or of its group); a missing or non-hex field throws. */
function bytes(source: Case, field: string): Uint8Array {
  const value = source[field];
  if (typeof value !== 'string') throw new TypeError(`field '${field}' is missing`);
  return hexToBytes(value);
}

function same(actual: Uint8Array, expected: Uint8Array, what: string): void {
  if (bytesToHex(actual) !== bytesToHex(expected)) throw new Error(`${what} differs from the expected value`);
}

/** The check of one case; it throws with what differed. */
type CaseCheck = (group: Group, test: Case) => void;

function kemCheck(mode: string): CaseCheck {
  return (group, test) => {
    const kem = algorithm(group.parameterSet) as KemAlgorithm;
    if (mode === 'keyGen') {
      const keys = kem.keygen(concatBytes(bytes(test, 'd'), bytes(test, 'z')));
      same(keys.publicKey, bytes(test, 'ek'), 'ek');
      same(keys.secretKey, bytes(test, 'dk'), 'dk');
    } else if (group.function === 'encapsulation') {
      const result = kem.encapsulate(bytes(test, 'ek'), bytes(test, 'm'));
      same(result.cipherText, bytes(test, 'c'), 'c');
      same(result.sharedSecret, bytes(test, 'k'), 'k');
    } else if (group.function === 'decapsulation') {
      // Decapsulation of valid and of modified ciphertexts (implicit rejection gives a k too).
      same(kem.decapsulate(bytes(test, 'c'), bytes(group, 'dk')), bytes(test, 'k'), 'k');
    } else {
      throw new Error(`encapDecap function '${String(group.function)}' is not supported`);
    }
  };
}

function dsaCheck(mode: string): CaseCheck {
  return (group, test) => {
    const dsa = algorithm(group.parameterSet) as SignatureAlgorithm;
    const internal = group.signatureInterface === 'internal';
    if (internal && (dsa.internal === undefined || group.externalMu !== true)) {
      throw new Error('only the external-mu internal interface is supported');
    }
    if (mode === 'keyGen') {
      const keys = dsa.keygen(bytes(test, 'seed'));
      same(keys.publicKey, bytes(test, 'pk'), 'pk');
      same(keys.secretKey, bytes(test, 'sk'), 'sk');
    } else if (mode === 'sigGen') {
      const randomness = group.deterministic === true ? false : bytes(test, 'rnd');
      const signature = internal
        ? dsa.internal!.signMu(bytes(test, 'mu'), bytes(test, 'sk'), randomness)
        : dsa.sign(bytes(test, 'message'), bytes(test, 'sk'), {
            context: bytes(test, 'context'),
            randomness,
          });
      same(signature, bytes(test, 'signature'), 'signature');
    } else {
      const valid = internal
        ? dsa.internal!.verifyMu(bytes(test, 'signature'), bytes(test, 'mu'), bytes(test, 'pk'))
        : dsa.verify(
            bytes(test, 'signature'),
            bytes(test, 'message'),
            bytes(test, 'pk'),
            bytes(test, 'context'),
          );
      if (valid !== test.testPassed)
        throw new Error(`verification gave ${valid}, expected ${String(test.testPassed)}`);
    }
  };
}

const CHECKS: Record<string, (mode: string) => CaseCheck> = { 'ML-KEM': kemCheck, 'ML-DSA': dsaCheck };
const MODES: Record<string, readonly string[]> = {
  'ML-KEM': ['keyGen', 'encapDecap'],
  'ML-DSA': ['keyGen', 'sigGen', 'sigVer'],
};

function timed(name: string, algorithmName: string, run: () => void): TestResult {
  const start = performance.now();
  let error: string | undefined;
  try {
    run();
  } catch (cause) {
    error = cause instanceof Error ? cause.message : String(cause);
  }
  const duration_ms = Math.round((performance.now() - start) * 1000) / 1000;
  return {
    name,
    algorithm: algorithmName,
    kind: 'kat',
    passed: error === undefined,
    duration_ms,
    ...(error ? { error } : {}),
  };
}

function parseSet(file: string): VectorSet {
  const set = JSON.parse(readFileSync(file, 'utf8')) as VectorSet;
  if (!Array.isArray(set.testGroups) || set.testGroups.length === 0) throw new Error('no test groups');
  for (const group of set.testGroups) {
    algorithm(group.parameterSet);
    if (!Array.isArray(group.tests) || group.tests.length === 0)
      throw new Error(`group ${group.tgId} has no tests`);
  }
  return set;
}

/**
 * Runs every case of the expected vector sets in `dir`: one file per family and mode, named as
 * ACVP names them (`ML-KEM-keyGen-FIPS203.json`).
 */
export function runKnownAnswerTests(dir: string = DEFAULT_VECTORS_DIR): TestResult[] {
  const files = new Set(readdirSafe(dir));
  const results: TestResult[] = [];
  for (const [family, modes] of Object.entries(MODES)) {
    for (const mode of modes) {
      const file = `${family}-${mode}-${family === 'ML-KEM' ? 'FIPS203' : 'FIPS204'}.json`;
      let set: VectorSet;
      try {
        if (!files.has(file)) throw new Error(`vector file ${file} is missing from ${dir}`);
        set = parseSet(join(dir, file));
      } catch (cause) {
        results.push(
          timed(`${family} ${mode} vectors`, family, () => {
            throw cause;
          }),
        );
        continue;
      }
      const check = CHECKS[family]!(mode);
      for (const group of set.testGroups) {
        for (const test of group.tests) {
          const label = `${group.parameterSet} ${mode} tcId ${String(test.tcId)}`;
          results.push(timed(label, group.parameterSet, () => check(group, test)));
        }
      }
    }
  }
  return results;
}

function readdirSafe(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
