/**
 * The PQC worker pool with real worker threads: its bound (threads, queue), cancellation of a
 * waiting and of a running task, the time limit, and close. Workers load tsx here (about a second
 * each), so tasks that must still be running when the test acts are long ones.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { signatureAlgorithm } from '../../src/pqc/algorithms.js';
import type { OperationResult } from '../../src/pqc/benchmark.js';
import { createCryptoPool, POOL_SIZE, type CryptoPool } from '../../src/pqc/crypto-pool.js';
import { until } from '../support/until.js';

/** ML-DSA-65 for `seconds` per operation: 3 × seconds in its thread. */
const long = (seconds: number) =>
  ({
    kind: 'benchmark',
    request: { algorithm: 'ML-DSA-65', seconds, operationCapMs: 60_000 },
  }) as const;

const pools: CryptoPool[] = [];
function pool(options: { size?: number; queueLimit?: number } = {}): CryptoPool {
  const made = createCryptoPool(options);
  pools.push(made);
  return made;
}
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: { code?: string; message: string }) => error,
  );

describe('the PQC pool', () => {
  it('is min(2, cores) threads by default', () => {
    expect(POOL_SIZE).toBeGreaterThanOrEqual(1);
    expect(POOL_SIZE).toBeLessThanOrEqual(2);
    expect(pool().stats()).toMatchObject({ size: POOL_SIZE, queue_limit: 16, running: 0, queued: 0 });
  });

  it('generates an ML-DSA-44 key pair in a worker, and frees the thread after', async () => {
    const p = pool();
    const keys = await p.run({ kind: 'keygen', algorithm: 'ML-DSA-44' });
    expect(keys.publicKey).toHaveLength(1312);
    expect(keys.secretKey).toHaveLength(2560);
    const dsa = signatureAlgorithm('ML-DSA-44')!;
    const message = Uint8Array.of(4, 5, 6);
    expect(dsa.verify(dsa.sign(message, keys.secretKey), message, keys.publicKey)).toBe(true);
    await until('the thread to exit', () => p.stats().running === 0);
  });

  it('rejects with PQC_TASK_FAILED and the message of a task that failed in the worker', async () => {
    const error = await failure(pool().run({ kind: 'keygen', algorithm: 'ML-DSA-1' }));
    expect(error).toMatchObject({ code: 'PQC_TASK_FAILED' });
    expect(error?.message).toContain("unknown PQC algorithm 'ML-DSA-1'");
  });

  it('passes partial results on as the worker posts them', async () => {
    const seen: OperationResult[] = [];
    const results = await pool().run(
      {
        kind: 'benchmark',
        request: { algorithm: 'ML-KEM-512', iterations: 3, seconds: 1, operationCapMs: 10_000 },
      },
      { onPartial: (r) => seen.push(r) },
    );
    expect(seen.map((r) => r.operation)).toEqual(['keygen', 'encapsulate', 'decapsulate']);
    expect(results).toEqual(seen);
  });

  it('runs at most `size` tasks, queues up to its limit and refuses the next with PQC_QUEUE_FULL', async () => {
    const p = pool({ size: 1, queueLimit: 1 });
    const abort = new AbortController();
    const first = failure(p.run(long(10), { signal: abort.signal }));
    const second = failure(p.run(long(10), { signal: abort.signal }));
    expect(p.stats()).toMatchObject({ running: 1, queued: 1 });
    expect(() => p.assertRoom()).toThrow(expect.objectContaining({ code: 'PQC_QUEUE_FULL' }));
    const third = await failure(p.run(long(10)));
    expect(third).toMatchObject({ code: 'PQC_QUEUE_FULL', kind: 'unavailable' });
    abort.abort(new Error('test over'));
    expect((await first)?.message).toBe('test over');
    expect((await second)?.message).toBe('test over');
    await until('the thread to exit', () => p.stats().running === 0);
  });

  it('takes an aborted task out of the queue, and terminates the thread of an aborted running one', async () => {
    const p = pool({ size: 1 });
    const running = new AbortController();
    const waiting = new AbortController();
    const first = failure(p.run(long(10), { signal: running.signal }));
    const second = failure(p.run(long(10), { signal: waiting.signal }));
    expect(p.stats()).toMatchObject({ running: 1, queued: 1 });
    waiting.abort(new Error('left the queue'));
    expect((await second)?.message).toBe('left the queue');
    expect(p.stats()).toMatchObject({ running: 1, queued: 0 });
    // Left alone the benchmark takes 30 s; aborted, its thread goes at once.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const start = performance.now();
    running.abort(new Error('client gone'));
    expect((await first)?.message).toBe('client gone');
    await until('the thread to exit', () => p.stats().running === 0);
    expect(performance.now() - start).toBeLessThan(3_000);
    // The slot is free: the next task runs.
    expect((await p.run({ kind: 'keygen', algorithm: 'ML-KEM-512' })).publicKey).toHaveLength(800);
  });

  it('terminates a task past its time limit with PQC_TIME_LIMIT', async () => {
    const p = pool();
    const start = performance.now();
    const error = await failure(p.run(long(10), { timeLimit: { ms: 2_000, hint: 'ask for less' } }));
    expect(error).toMatchObject({ code: 'PQC_TIME_LIMIT', kind: 'unavailable' });
    expect(error?.message).toBe(
      'the PQC benchmark did not finish within its limit of 2 s and was stopped; ask for less',
    );
    await until('the thread to exit', () => p.stats().running === 0);
    expect(performance.now() - start).toBeLessThan(6_000);
  });

  it('on close refuses what waits and terminates what runs', async () => {
    const p = createCryptoPool({ size: 1 });
    const first = failure(p.run(long(10)));
    const second = failure(p.run(long(10)));
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await p.close();
    expect(await first).toMatchObject({ code: 'PQC_TASK_FAILED' });
    expect((await first)?.message).toContain('the service is stopping');
    expect(await second).toMatchObject({ code: 'REQUEST_ABANDONED' });
    expect(p.stats()).toMatchObject({ running: 0, queued: 0 });
    expect(await failure(p.run({ kind: 'keygen', algorithm: 'ML-KEM-512' }))).toMatchObject({
      code: 'REQUEST_ABANDONED',
    });
  });
});
