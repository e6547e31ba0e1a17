/**
 * PQC work as tasks that can run in a worker thread: the task, its partial results and its answer
 * are plain data (structured-clone safe), so the pool (crypto-pool.ts) can hand one to a worker
 * and pass back what it posts.
 */
import { algorithm, type KeyPair } from './algorithms.js';
import { benchmarkAlgorithm, type BenchmarkRequest, type OperationResult } from './benchmark.js';
import {
  pairwiseConsistency,
  runSelfTest,
  type SelfTestOptions,
  type SelfTestProgress,
  type SelfTestReport,
} from './self-test.js';

export type CryptoTask =
  | { kind: 'benchmark'; request: BenchmarkRequest }
  | { kind: 'self-test'; options: SelfTestOptions }
  | { kind: 'keygen'; algorithm: string };

export interface Answers {
  benchmark: OperationResult[];
  'self-test': SelfTestReport;
  keygen: KeyPair;
}

/** What a task posts before its answer: each measured operation of a benchmark, a self-test's steps. */
export interface Partials {
  benchmark: OperationResult;
  'self-test': SelfTestProgress;
  keygen: never;
}

export type Outcome = { ok: true; value: unknown } | { ok: false; message: string };

/** The messages a worker posts: partial results as they come, then one outcome. */
export type WorkerMessage = { type: 'partial'; value: unknown } | { type: 'done'; outcome: Outcome };

/** How the work of each kind is named in errors. */
export const TASK_LABELS: Record<CryptoTask['kind'], string> = {
  benchmark: 'benchmark',
  'self-test': 'self-test',
  keygen: 'key generation',
};

export function performTask(task: CryptoTask, partial: (value: unknown) => void = () => undefined): Outcome {
  try {
    switch (task.kind) {
      case 'benchmark':
        return { ok: true, value: benchmarkAlgorithm(task.request, partial) };
      case 'self-test':
        return { ok: true, value: runSelfTest(task.options, partial) };
      case 'keygen':
        return { ok: true, value: generateKeyPair(task.algorithm) };
    }
  } catch (cause) {
    return { ok: false, message: cause instanceof Error ? cause.message : String(cause) };
  }
}

/** A fresh key pair that has passed its pairwise-consistency test (FIPS 140-3 requires one per key). */
export function generateKeyPair(name: string): KeyPair {
  const alg = algorithm(name);
  const keys = alg.keygen();
  pairwiseConsistency(alg, keys);
  return keys;
}
