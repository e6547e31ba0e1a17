/**
 * The PQC service's bounds with real worker threads and short caps: a benchmark's operation,
 * algorithm and request caps (what was measured is kept, the rest listed), one self-test and one
 * benchmark at a time, each an operation with its progress, and work stopped when its operation
 * is cancelled.
 */
import { createLogger, openDatabase, type BusEvent } from '@lab/server-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { createOperations, type OperationView } from '../../src/domain/operations.js';
import {
  createPqcService,
  PQC_TIME_LIMITS,
  type BenchmarkResult,
  type PqcTimeLimits,
} from '../../src/domain/pqc-service.js';
import { createCryptoPool, type CryptoPool } from '../../src/pqc/crypto-pool.js';
import type { SelfTestReport } from '../../src/pqc/self-test.js';
import { createAuditLog } from '../../src/store/audit.js';
import { MIGRATIONS } from '../../src/store/database.js';
import { createEventLog } from '../../src/store/events.js';
import { createOperationRepository } from '../../src/store/operations.js';
import { createUnitOfWork } from '../../src/store/unit-of-work.js';
import { until } from '../support/until.js';
import { REQUEST } from '../support/core.js';

const pools: CryptoPool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

function setUp(limits: Partial<PqcTimeLimits> = {}) {
  const db = openDatabase(':memory:', { namespace: 'hypervisor', migrations: MIGRATIONS });
  const events = createEventLog(db);
  const published: BusEvent[] = [];
  events.subscribe((event) => published.push(event));
  const unitOfWork = createUnitOfWork(db, events, createAuditLog(db));
  const operations = createOperations({
    operations: createOperationRepository(db),
    unitOfWork,
    logger: createLogger({ service: 'test', level: 'silent' }),
  });
  const pool = createCryptoPool();
  pools.push(pool);
  const pqc = createPqcService({ pool, operations, unitOfWork, limits: { ...PQC_TIME_LIMITS, ...limits } });
  /** The operation's end: its result, or its error thrown as `{code, message}`. */
  async function outcome<T>(started: OperationView): Promise<T> {
    const ended = await operations.settled(started.id);
    if (ended.status !== 'succeeded') throw Object.assign(new Error(ended.error?.message), ended.error);
    return ended.result as T;
  }
  // Async, so a refusal before the operation starts is a rejection like a failure after.
  const benchmark = async (body: Parameters<typeof pqc.benchmark>[0]) =>
    outcome<BenchmarkResult>(pqc.benchmark(body, REQUEST));
  const selfTest = async (algorithms?: string[]) =>
    outcome<SelfTestReport>(pqc.selfTest(algorithms, REQUEST));
  return { pool, pqc, operations, published, benchmark, selfTest };
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: { code?: string; message: string }) => error,
  );

describe('benchmark caps', () => {
  it('stops an algorithm at its cap, keeps what the others measured, and lists what it missed', async () => {
    // SLH-DSA-SHAKE-256s makes its key alone for seconds: it cannot finish within 1.5 s.
    const { benchmark, pool } = setUp({ benchmarkAlgorithmMs: 1_500 });
    const start = performance.now();
    const result = await benchmark({ algorithms: ['ML-KEM-512', 'SLH-DSA-SHAKE-256s'], iterations: 2 });
    expect(performance.now() - start).toBeLessThan(10_000);
    expect(result.complete).toBe(false);
    expect(result.limits).toEqual({ operation_seconds: 10, algorithm_seconds: 1.5, request_seconds: 60 });
    expect(result.results.map((r) => `${r.algorithm} ${r.operation} ${r.iterations}`)).toEqual([
      'ML-KEM-512 keygen 2',
      'ML-KEM-512 encapsulate 2',
      'ML-KEM-512 decapsulate 2',
    ]);
    expect(result.unmeasured).toEqual(
      ['keygen', 'sign', 'verify'].map((operation) => ({
        algorithm: 'SLH-DSA-SHAKE-256s',
        operation,
        reason: 'algorithm time limit',
      })),
    );
    await until('the thread to exit', () => pool.stats().running === 0);
  });

  it('stops the whole request at its cap: the algorithms not measured by then are listed', async () => {
    const { benchmark } = setUp({ benchmarkRequestMs: 2_500 });
    const start = performance.now();
    // ML-DSA-65 for 1 s per operation is 3 s (and a second to start its thread here).
    const result = await benchmark({ algorithms: ['ML-DSA-65', 'ML-KEM-512'], seconds: 1 });
    const elapsed = performance.now() - start;
    expect(elapsed).toBeGreaterThanOrEqual(2_400);
    expect(elapsed).toBeLessThan(5_000);
    expect(result.complete).toBe(false);
    const kem = result.unmeasured.filter((u) => u.algorithm === 'ML-KEM-512');
    expect(kem.map((u) => [u.operation, u.reason])).toEqual([
      ['keygen', 'request time limit'],
      ['encapsulate', 'request time limit'],
      ['decapsulate', 'request time limit'],
    ]);
    // Of ML-DSA-65, what was measured plus what was not is every operation, once.
    const dsa = [
      ...result.results.filter((r) => r.algorithm === 'ML-DSA-65').map((r) => r.operation),
      ...result.unmeasured.filter((u) => u.algorithm === 'ML-DSA-65').map((u) => u.operation),
    ];
    expect(dsa).toEqual(['keygen', 'sign', 'verify']);
    expect(result.unmeasured.some((u) => u.algorithm === 'ML-DSA-65')).toBe(true);
  });

  it('caps each operation, so 10,000 iterations cannot run for minutes', async () => {
    const { benchmark } = setUp({ benchmarkOperationMs: 300 });
    const result = await benchmark({ algorithms: ['ML-DSA-87'], iterations: 10_000 });
    expect(result.results).toHaveLength(3);
    for (const r of result.results) {
      expect(r.capped).toBe(true);
      expect(r.iterations).toBeLessThan(10_000);
    }
    expect(result.complete).toBe(false);
    expect(result.unmeasured).toEqual([]);
  });

  it('runs one benchmark at a time, reports progress by operation, and ends a cancelled one', async () => {
    const { pqc, pool, operations, published, benchmark } = setUp();
    const first = pqc.benchmark({ algorithms: ['ML-KEM-512', 'ML-DSA-65'], seconds: 3 }, REQUEST);
    expect(first).toMatchObject({ kind: 'pqc.benchmark', resource: 'pqc/benchmark', status: 'running' });
    expect(await failure(benchmark({ iterations: 1 }))).toMatchObject({
      code: 'PQC_BUSY',
      message: 'a PQC benchmark is already running; try again when it ends',
    });
    // ML-KEM-512's three operations, a third of the work, then ML-DSA-65's thread.
    await until('ML-KEM-512 measured', () => operations.get(first.id).progress === 50, { timeoutMs: 20_000 });
    await until('the ML-DSA-65 thread', () => pool.stats().running === 1);
    expect(operations.cancel(first.id, null).status).toBe('cancelling');
    expect(await operations.settled(first.id)).toMatchObject({
      status: 'cancelled',
      result: null,
      error: { code: 'OPERATION_CANCELLED' },
    });
    await until('the thread to exit', () => pool.stats().running === 0, { timeoutMs: 3_000 });
    const progress = published
      .filter((e) => e.kind === 'operation.progress' && (e.data as { id: string }).id === first.id)
      .map((e) => e.data as { progress: number; algorithm: string; operation: string });
    expect(progress.map((p) => [p.progress, p.algorithm, p.operation])).toEqual([
      [16, 'ML-KEM-512', 'keygen'],
      [33, 'ML-KEM-512', 'encapsulate'],
      [50, 'ML-KEM-512', 'decapsulate'],
    ]);
    const next = await benchmark({ algorithms: ['ML-KEM-512'], iterations: 1 });
    expect(next.complete).toBe(true);
  }, 60_000);
});

describe('self-test bounds', () => {
  it('runs one self-test at a time; one past its cap fails PQC_TIME_LIMIT and is not recorded', async () => {
    const { pqc, pool, selfTest } = setUp({ selfTestMs: 2_000 });
    const slow = failure(selfTest(['SLH-DSA-SHAKE-256s']));
    expect(await failure(selfTest())).toMatchObject({
      code: 'PQC_BUSY',
      message: 'a PQC self-test is already running; try again when it ends',
    });
    expect(await slow).toMatchObject({ code: 'PQC_TIME_LIMIT' });
    expect((await slow)?.message).toContain('within its limit of 2 s');
    expect(pqc.status().self_test).toBeNull();
    expect(pqc.status().available).toBe(true);
    await until('the thread to exit', () => pool.stats().running === 0);
    // Under the usual cap a run is recorded (the KATs alone take a second here).
    const usual = setUp();
    const passed = await usual.selfTest();
    expect(passed.passed).toBe(true);
    expect(usual.pqc.status().self_test).toMatchObject({ passed: true, total: passed.total });
  });

  it('reports its steps as progress: the known-answer tests, then each pairwise test', async () => {
    const { pqc, operations, published } = setUp();
    const started = pqc.selfTest(['ML-KEM-512', 'ML-DSA-44', 'ML-DSA-65'], REQUEST);
    expect(started).toMatchObject({ kind: 'pqc.self_test', resource: 'pqc/self-test', progress: 0 });
    const ended = await operations.settled(started.id);
    expect(ended).toMatchObject({ status: 'succeeded', progress: 100, result: { passed: true } });
    const steps = published
      .filter((e) => e.kind === 'operation.progress')
      .map((e) => e.data as { progress: number; done: number; total: number });
    expect(steps.map((s) => [s.progress, s.done, s.total])).toEqual([
      [25, 1, 4],
      [50, 2, 4],
      [75, 3, 4],
      [100, 4, 4],
    ]);
    expect(published.filter((e) => e.kind === 'pqc.self_test')).toHaveLength(1);
  });

  it('ends a cancelled self-test cancelled, its thread gone; nothing is recorded', async () => {
    const { pqc, pool, operations } = setUp();
    const started = pqc.selfTest(['SLH-DSA-SHAKE-256s'], REQUEST);
    await until('its thread', () => pool.stats().running === 1);
    operations.cancel(started.id, null);
    expect(await operations.settled(started.id)).toMatchObject({ status: 'cancelled', result: null });
    await until('the thread to exit', () => pool.stats().running === 0, { timeoutMs: 3_000 });
    expect(pqc.status()).toMatchObject({ self_test: null, workers: { running: 0, queued: 0 } });
    // The self-test is free again.
    expect(pqc.selfTest(['ML-KEM-512'], REQUEST).status).toBe('running');
  });
});
