import { describe, expect, it } from 'vitest';
import { signatureAlgorithm } from '../../src/pqc/algorithms.js';
import type { OperationResult } from '../../src/pqc/benchmark.js';
import { generateKeyPair, performTask } from '../../src/pqc/crypto-tasks.js';

describe('PQC tasks', () => {
  it('performs a task in this thread and answers plain data, or the error message', () => {
    const outcome = performTask({ kind: 'keygen', algorithm: 'ML-KEM-512' });
    expect(outcome).toMatchObject({ ok: true, value: { publicKey: expect.any(Uint8Array) } });
    expect(performTask({ kind: 'keygen', algorithm: 'ML-KEM-2' })).toEqual({
      ok: false,
      message: "unknown PQC algorithm 'ML-KEM-2'",
    });
  });

  it('hands each measured operation of a benchmark on as it comes, then answers them all', () => {
    const partials: OperationResult[] = [];
    const outcome = performTask(
      {
        kind: 'benchmark',
        request: { algorithm: 'ML-KEM-512', iterations: 3, seconds: 1, operationCapMs: 10_000 },
      },
      (value) => partials.push(value as OperationResult),
    );
    expect(partials.map((r) => [r.operation, r.iterations, r.capped])).toEqual([
      ['keygen', 3, false],
      ['encapsulate', 3, false],
      ['decapsulate', 3, false],
    ]);
    expect(outcome).toEqual({ ok: true, value: partials });
  });

  it('generates key pairs that passed their pairwise test', () => {
    const keys = generateKeyPair('ML-DSA-44');
    const dsa = signatureAlgorithm('ML-DSA-44')!;
    const message = Uint8Array.of(1, 2, 3);
    expect(dsa.verify(dsa.sign(message, keys.secretKey), message, keys.publicKey)).toBe(true);
  });
});
