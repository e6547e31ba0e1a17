import { describe, expect, it } from 'vitest';
import { signatureAlgorithm } from '../../src/pqc/algorithms.js';
import { createCryptoRunner, generateKeyPair, performTask } from '../../src/pqc/crypto-tasks.js';

describe('PQC tasks', () => {
  it('performs a task in this thread and answers plain data, or the error message', () => {
    const outcome = performTask({ kind: 'keygen', algorithm: 'ML-KEM-512' });
    expect(outcome).toMatchObject({ ok: true, value: { publicKey: expect.any(Uint8Array) } });
    expect(performTask({ kind: 'keygen', algorithm: 'ML-KEM-2' })).toEqual({
      ok: false,
      message: "unknown PQC algorithm 'ML-KEM-2'",
    });
  });

  it('generates key pairs that passed their pairwise test', () => {
    const keys = generateKeyPair('ML-DSA-44');
    const dsa = signatureAlgorithm('ML-DSA-44')!;
    const message = Uint8Array.of(1, 2, 3);
    expect(dsa.verify(dsa.sign(message, keys.secretKey), message, keys.publicKey)).toBe(true);
  });
});

describe('the crypto runner (worker threads)', () => {
  it('generates an ML-DSA-44 key pair in a worker', async () => {
    const runner = createCryptoRunner();
    try {
      const keys = await runner.run({ kind: 'keygen', algorithm: 'ML-DSA-44' });
      expect(keys.publicKey).toBeInstanceOf(Uint8Array);
      expect(keys.publicKey).toHaveLength(1312);
      expect(keys.secretKey).toHaveLength(2560);
      // A usable pair, made in the other thread.
      const dsa = signatureAlgorithm('ML-DSA-44')!;
      const message = Uint8Array.of(4, 5, 6);
      expect(dsa.verify(dsa.sign(message, keys.secretKey), message, keys.publicKey)).toBe(true);
    } finally {
      await runner.close();
    }
  });

  it('rejects with the message of a task that failed in the worker', async () => {
    const runner = createCryptoRunner();
    try {
      await expect(runner.run({ kind: 'keygen', algorithm: 'ML-DSA-1' })).rejects.toThrow(
        "unknown PQC algorithm 'ML-DSA-1'",
      );
    } finally {
      await runner.close();
    }
  });

  it('runs a short benchmark in a worker', async () => {
    const runner = createCryptoRunner();
    try {
      const results = await runner.run({
        kind: 'benchmark',
        request: { algorithms: ['ML-KEM-512'], iterations: 3, seconds: 1 },
      });
      expect(results.map((r) => [r.operation, r.iterations])).toEqual([
        ['keygen', 3],
        ['encapsulate', 3],
        ['decapsulate', 3],
      ]);
      expect(results.every((r) => r.ops_per_second > 0 && r.mean_latency_ms > 0)).toBe(true);
    } finally {
      await runner.close();
    }
  });

  it('terminates a running benchmark on close, and its promise rejects', async () => {
    const runner = createCryptoRunner();
    const start = performance.now();
    // 3 operations × 10 s: left alone, it answers after 30 s.
    const benchmark = runner.run({ kind: 'benchmark', request: { algorithms: ['ML-DSA-65'], seconds: 10 } });
    const settled = benchmark.then(
      () => 'resolved',
      (error: Error) => error.message,
    );
    // A worker starts in about a second here (it loads tsx): by now it is in the keygen loop.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await runner.close();
    expect(await settled).toMatch(/the PQC worker exited with code \d+ before answering/);
    expect(performance.now() - start).toBeLessThan(10_000);
  });
});
