import { describe, expect, it } from 'vitest';
import { algorithm } from '../../src/pqc/algorithms.js';
import { benchmarkAlgorithm, benchmarkOperations } from '../../src/pqc/benchmark.js';

describe('benchmarkAlgorithm', () => {
  it('runs the exact iterations asked, or each operation for its seconds', () => {
    const exact = benchmarkAlgorithm({
      algorithm: 'ML-DSA-44',
      iterations: 4,
      seconds: 1,
      operationCapMs: 10_000,
    });
    expect(exact.map((r) => [r.operation, r.iterations, r.capped])).toEqual([
      ['keygen', 4, false],
      ['sign', 4, false],
      ['verify', 4, false],
    ]);
    for (const r of exact) expect(r.mean_latency_ms).toBeCloseTo(r.total_ms / r.iterations, 2);
    const timed = benchmarkAlgorithm({ algorithm: 'ML-KEM-512', seconds: 0.05, operationCapMs: 10_000 });
    for (const r of timed) {
      expect(r.total_ms).toBeGreaterThanOrEqual(50);
      expect(r.capped).toBe(false);
    }
  });

  it('stops an operation at its cap whatever it was asked, and says so', () => {
    // 10,000 ML-DSA-87 signatures take minutes; the cap ends each loop after 200 ms.
    const start = performance.now();
    const results = benchmarkAlgorithm({
      algorithm: 'ML-DSA-87',
      iterations: 10_000,
      seconds: 1,
      operationCapMs: 200,
    });
    expect(performance.now() - start).toBeLessThan(5_000);
    for (const r of results) {
      expect(r.capped).toBe(true);
      expect(r.iterations).toBeLessThan(10_000);
      expect(r.iterations).toBeGreaterThanOrEqual(1);
      expect(r.total_ms).toBeGreaterThanOrEqual(200);
    }
    // A time budget under the cap is not capped; one over it is.
    const over = benchmarkAlgorithm({ algorithm: 'ML-KEM-512', seconds: 0.3, operationCapMs: 100 });
    expect(over.every((r) => r.capped && r.total_ms < 300)).toBe(true);
  });

  it('names the operations of each kind', () => {
    expect(benchmarkOperations(algorithm('ML-KEM-768'))).toEqual(['keygen', 'encapsulate', 'decapsulate']);
    expect(benchmarkOperations(algorithm('SLH-DSA-SHA2-128f'))).toEqual(['keygen', 'sign', 'verify']);
  });
});
