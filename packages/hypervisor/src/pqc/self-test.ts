/**
 * The PQC self-test, as FIPS 140-3 modules run them: known-answer tests on NIST ACVP vectors,
 * then pairwise-consistency tests on fresh keys (a KEM's decapsulation recovers what
 * encapsulation made; a signature verifies and fails on a changed message).
 *
 * SLH-DSA has no vectors here and signs for a second or more in JavaScript, so the default
 * pairwise set (run at start-up) is ML-KEM and ML-DSA; a caller names SLH-DSA sets to include
 * them, and every SLH-DSA key the service generates gets its own pairwise test.
 */
import { randomBytes } from 'node:crypto';
import { ALGORITHMS, algorithm, type KeyPair, type PqcAlgorithm } from './algorithms.js';
import { runKnownAnswerTests, type TestResult } from './acvp.js';

export const DEFAULT_PAIRWISE: readonly string[] = ALGORITHMS.filter((a) => !a.slow).map((a) => a.name);

export interface SelfTestReport {
  passed: boolean;
  started_at: string;
  duration_ms: number;
  total: number;
  failed: number;
  tests: TestResult[];
}

/** Fails by throwing, with what was inconsistent; on fresh keys unless given a pair to test. */
export function pairwiseConsistency(alg: PqcAlgorithm, keys: KeyPair = alg.keygen()): void {
  if (alg.kind === 'kem') {
    const { cipherText, sharedSecret } = alg.encapsulate(keys.publicKey);
    const recovered = alg.decapsulate(cipherText, keys.secretKey);
    if (Buffer.compare(recovered, sharedSecret) !== 0)
      throw new Error('decapsulation did not recover the shared secret');
    return;
  }
  const message = randomBytes(32);
  const signature = alg.sign(message, keys.secretKey);
  if (!alg.verify(signature, message, keys.publicKey)) throw new Error('a fresh signature did not verify');
  message[0] = (message[0] ?? 0) ^ 1;
  if (alg.verify(signature, message, keys.publicKey))
    throw new Error('a signature verified over a changed message');
}

function pairwise(name: string): TestResult {
  const start = performance.now();
  let error: string | undefined;
  try {
    pairwiseConsistency(algorithm(name));
  } catch (cause) {
    error = cause instanceof Error ? cause.message : String(cause);
  }
  return {
    name: `${name} pairwise consistency`,
    algorithm: name,
    kind: 'pairwise',
    passed: error === undefined,
    duration_ms: Math.round((performance.now() - start) * 1000) / 1000,
    ...(error === undefined ? {} : { error }),
  };
}

export interface SelfTestOptions {
  vectorsDir?: string;
  /** Algorithms for the pairwise tests; DEFAULT_PAIRWISE when absent. */
  algorithms?: readonly string[];
}

/** How far a self-test is: steps done of all, the known-answer tests being the first step. */
export interface SelfTestProgress {
  done: number;
  total: number;
}

/**
 * The known-answer tests, then each pairwise test; `onProgress` hears of each step's end (the
 * pairwise tests of SLH-DSA sets are the slow ones, seconds to a minute each).
 */
export function runSelfTest(
  options: SelfTestOptions = {},
  onProgress: (progress: SelfTestProgress) => void = () => undefined,
): SelfTestReport {
  const startedAt = new Date();
  const start = performance.now();
  const pairwiseNames = options.algorithms ?? DEFAULT_PAIRWISE;
  const total = 1 + pairwiseNames.length;
  const tests = runKnownAnswerTests(options.vectorsDir);
  onProgress({ done: 1, total });
  pairwiseNames.forEach((name, index) => {
    tests.push(pairwise(name));
    onProgress({ done: 2 + index, total });
  });
  const failed = tests.filter((t) => !t.passed).length;
  return {
    passed: failed === 0,
    started_at: startedAt.toISOString(),
    duration_ms: Math.round(performance.now() - start),
    total: tests.length,
    failed,
    tests,
  };
}
