/**
 * PQC work as tasks that can run in a worker thread: the task and its answer are plain data
 * (structured-clone safe), so `runCryptoTask` can hand one to a worker and return its answer.
 */
import { spawnWorker } from '@lab/server-kit';
import type { Worker } from 'node:worker_threads';
import { algorithm, type KeyPair } from './algorithms.js';
import { runBenchmark, type BenchmarkRequest, type OperationResult } from './benchmark.js';
import { pairwiseConsistency, runSelfTest, type SelfTestOptions, type SelfTestReport } from './self-test.js';

export type CryptoTask =
  | { kind: 'benchmark'; request: BenchmarkRequest }
  | { kind: 'self-test'; options: SelfTestOptions }
  | { kind: 'keygen'; algorithm: string };

interface Answers {
  benchmark: OperationResult[];
  'self-test': SelfTestReport;
  keygen: KeyPair;
}

type Outcome = { ok: true; value: unknown } | { ok: false; message: string };

export function performTask(task: CryptoTask): Outcome {
  try {
    switch (task.kind) {
      case 'benchmark':
        return { ok: true, value: runBenchmark(task.request) };
      case 'self-test':
        return { ok: true, value: runSelfTest(task.options) };
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

/** Runs tasks in worker threads and ends those still running when the service closes. */
export function createCryptoRunner() {
  const running = new Set<Worker>();
  return {
    run<K extends CryptoTask['kind']>(task: Extract<CryptoTask, { kind: K }>): Promise<Answers[K]> {
      const worker = spawnWorker('./crypto-worker', import.meta.url, { workerData: task });
      running.add(worker);
      return new Promise<Answers[K]>((resolve, reject) => {
        worker.once('message', (outcome: Outcome) => {
          if (outcome.ok) resolve(outcome.value as Answers[K]);
          else reject(new Error(outcome.message));
        });
        worker.once('error', reject);
        worker.once('exit', (code) => {
          running.delete(worker);
          reject(new Error(`the PQC worker exited with code ${code} before answering`));
        });
      });
    },
    async close(): Promise<void> {
      await Promise.all([...running].map((worker) => worker.terminate()));
    },
  };
}

export type CryptoRunner = ReturnType<typeof createCryptoRunner>;
