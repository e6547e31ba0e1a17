/**
 * Throughput of each algorithm's operations: keygen, encapsulate and decapsulate for a KEM;
 * keygen, sign and verify for a signature scheme. Each operation runs a fixed number of
 * iterations, or for a time budget (at least once), on inputs made beforehand so only the
 * operation itself is timed. It runs in a worker thread (crypto-worker.ts), never on the API's.
 */
import { randomBytes } from 'node:crypto';
import { algorithm, type PqcAlgorithm } from './algorithms.js';

export interface BenchmarkRequest {
  algorithms: readonly string[];
  /** Exact iterations per operation; when absent, each operation runs for `seconds`. */
  iterations?: number;
  seconds: number;
}

export interface OperationResult {
  algorithm: string;
  operation: 'keygen' | 'encapsulate' | 'decapsulate' | 'sign' | 'verify';
  iterations: number;
  total_ms: number;
  ops_per_second: number;
  mean_latency_ms: number;
}

function measure(
  alg: PqcAlgorithm,
  operation: OperationResult['operation'],
  request: BenchmarkRequest,
  run: () => unknown,
): OperationResult {
  const budget = request.seconds * 1000;
  const start = performance.now();
  let iterations = 0;
  let elapsed = 0;
  do {
    run();
    iterations += 1;
    elapsed = performance.now() - start;
  } while (request.iterations === undefined ? elapsed < budget : iterations < request.iterations);
  const round = (value: number) => Math.round(value * 1000) / 1000;
  return {
    algorithm: alg.name,
    operation,
    iterations,
    total_ms: round(elapsed),
    ops_per_second: round((iterations * 1000) / elapsed),
    mean_latency_ms: round(elapsed / iterations),
  };
}

export function benchmarkAlgorithm(name: string, request: BenchmarkRequest): OperationResult[] {
  const alg = algorithm(name);
  const keys = alg.keygen();
  const results = [measure(alg, 'keygen', request, () => alg.keygen())];
  if (alg.kind === 'kem') {
    const { cipherText } = alg.encapsulate(keys.publicKey);
    results.push(measure(alg, 'encapsulate', request, () => alg.encapsulate(keys.publicKey)));
    results.push(measure(alg, 'decapsulate', request, () => alg.decapsulate(cipherText, keys.secretKey)));
  } else {
    const message = randomBytes(64);
    const signature = alg.sign(message, keys.secretKey);
    results.push(measure(alg, 'sign', request, () => alg.sign(message, keys.secretKey)));
    results.push(measure(alg, 'verify', request, () => alg.verify(signature, message, keys.publicKey)));
  }
  return results;
}

export function runBenchmark(request: BenchmarkRequest): OperationResult[] {
  return request.algorithms.flatMap((name) => benchmarkAlgorithm(name, request));
}
