/**
 * Throughput of one algorithm's operations: keygen, encapsulate and decapsulate for a KEM;
 * keygen, sign and verify for a signature scheme. Each operation runs a fixed number of
 * iterations, or for a time budget (at least once), on inputs made beforehand so only the
 * operation itself is timed, and stops at `operationCapMs` whatever it was asked (`capped` then).
 * It runs in a worker thread of the PQC pool (crypto-pool.ts), never on the API's; each result is
 * handed to `onResult` as it is measured, so a run stopped later keeps what it had.
 */
import { randomBytes } from 'node:crypto';
import { algorithm, type PqcAlgorithm } from './algorithms.js';

export interface BenchmarkRequest {
  algorithm: string;
  /** Exact iterations per operation; when absent, each operation runs for `seconds`. */
  iterations?: number;
  seconds: number;
  /** Wall-clock cap of one operation's loop; it still runs once. */
  operationCapMs: number;
}

export type BenchmarkOperation = 'keygen' | 'encapsulate' | 'decapsulate' | 'sign' | 'verify';

export interface OperationResult {
  algorithm: string;
  operation: BenchmarkOperation;
  iterations: number;
  total_ms: number;
  ops_per_second: number;
  mean_latency_ms: number;
  /** Stopped at the operation cap before its iterations or seconds were done. */
  capped: boolean;
}

/** The operations a benchmark of `alg` measures, in order. */
export function benchmarkOperations(alg: PqcAlgorithm): BenchmarkOperation[] {
  return alg.kind === 'kem' ? ['keygen', 'encapsulate', 'decapsulate'] : ['keygen', 'sign', 'verify'];
}

function measure(
  alg: PqcAlgorithm,
  operation: BenchmarkOperation,
  request: BenchmarkRequest,
  run: () => unknown,
): OperationResult {
  const wanted = request.iterations;
  const budget = request.seconds * 1000;
  const start = performance.now();
  let iterations = 0;
  let elapsed = 0;
  let capped = false;
  for (;;) {
    run();
    iterations += 1;
    elapsed = performance.now() - start;
    if (wanted === undefined ? elapsed >= budget : iterations >= wanted) break;
    if (elapsed >= request.operationCapMs) {
      capped = true;
      break;
    }
  }
  const round = (value: number) => Math.round(value * 1000) / 1000;
  return {
    algorithm: alg.name,
    operation,
    iterations,
    total_ms: round(elapsed),
    ops_per_second: round((iterations * 1000) / elapsed),
    mean_latency_ms: round(elapsed / iterations),
    capped,
  };
}

export function benchmarkAlgorithm(
  request: BenchmarkRequest,
  onResult: (result: OperationResult) => void = () => undefined,
): OperationResult[] {
  const alg = algorithm(request.algorithm);
  const results: OperationResult[] = [];
  const record = (result: OperationResult): void => {
    results.push(result);
    onResult(result);
  };
  const keys = alg.keygen();
  record(measure(alg, 'keygen', request, () => alg.keygen()));
  if (alg.kind === 'kem') {
    const { cipherText } = alg.encapsulate(keys.publicKey);
    record(measure(alg, 'encapsulate', request, () => alg.encapsulate(keys.publicKey)));
    record(measure(alg, 'decapsulate', request, () => alg.decapsulate(cipherText, keys.secretKey)));
  } else {
    const message = randomBytes(64);
    const signature = alg.sign(message, keys.secretKey);
    record(measure(alg, 'sign', request, () => alg.sign(message, keys.secretKey)));
    record(measure(alg, 'verify', request, () => alg.verify(signature, message, keys.publicKey)));
  }
  return results;
}
