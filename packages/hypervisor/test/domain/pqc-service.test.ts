/**
 * The PQC service's bounds with real worker threads and short caps: a benchmark's operation,
 * algorithm and request caps (what was measured is kept, the rest listed), one self-test and one
 * benchmark at a time, and work stopped when its caller goes.
 */
import { openDatabase } from '@lab/server-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { createPqcService, PQC_TIME_LIMITS, type PqcTimeLimits } from '../../src/domain/pqc-service.js';
import { HvErrors } from '../../src/errors.js';
import { createCryptoPool, type CryptoPool } from '../../src/pqc/crypto-pool.js';
import { createAuditLog } from '../../src/store/audit.js';
import { MIGRATIONS } from '../../src/store/database.js';
import { createEventLog } from '../../src/store/events.js';
import { createUnitOfWork } from '../../src/store/unit-of-work.js';
import { until } from '../support/until.js';
import { REQUEST } from '../support/core.js';

const pools: CryptoPool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

function setUp(limits: Partial<PqcTimeLimits> = {}) {
  const db = openDatabase(':memory:', { namespace: 'hypervisor', migrations: MIGRATIONS });
  const unitOfWork = createUnitOfWork(db, createEventLog(db), createAuditLog(db));
  const pool = createCryptoPool();
  pools.push(pool);
  return { pool, pqc: createPqcService({ pool, unitOfWork, limits: { ...PQC_TIME_LIMITS, ...limits } }) };
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: { code?: string; message: string }) => error,
  );

describe('benchmark caps', () => {
  it('stops an algorithm at its cap, keeps what the others measured, and lists what it missed', async () => {
    // SLH-DSA-SHAKE-256s makes its key alone for seconds: it cannot finish within 1.5 s.
    const { pqc, pool } = setUp({ benchmarkAlgorithmMs: 1_500 });
    const start = performance.now();
    const result = await pqc.benchmark({ algorithms: ['ML-KEM-512', 'SLH-DSA-SHAKE-256s'], iterations: 2 });
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
    const { pqc } = setUp({ benchmarkRequestMs: 2_500 });
    const start = performance.now();
    // ML-DSA-65 for 1 s per operation is 3 s (and a second to start its thread here).
    const result = await pqc.benchmark({ algorithms: ['ML-DSA-65', 'ML-KEM-512'], seconds: 1 });
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
    const { pqc } = setUp({ benchmarkOperationMs: 300 });
    const result = await pqc.benchmark({ algorithms: ['ML-DSA-87'], iterations: 10_000 });
    expect(result.results).toHaveLength(3);
    for (const r of result.results) {
      expect(r.capped).toBe(true);
      expect(r.iterations).toBeLessThan(10_000);
    }
    expect(result.complete).toBe(false);
    expect(result.unmeasured).toEqual([]);
  });

  it('runs one benchmark at a time, and stops one whose caller went, freeing its thread', async () => {
    const { pqc, pool } = setUp();
    const caller = new AbortController();
    const first = failure(pqc.benchmark({ algorithms: ['ML-DSA-65'], seconds: 10 }, caller.signal));
    expect(await failure(pqc.benchmark({ iterations: 1 }))).toMatchObject({
      code: 'PQC_BUSY',
      message: 'a PQC benchmark is already running; try again when it ends',
    });
    await until('its thread', () => pool.stats().running === 1);
    caller.abort(HvErrors.requestAbandoned({ reason: 'the client closed the connection' }));
    expect(await first).toMatchObject({ code: 'REQUEST_ABANDONED' });
    await until('the thread to exit', () => pool.stats().running === 0, { timeoutMs: 3_000 });
    const next = await pqc.benchmark({ algorithms: ['ML-KEM-512'], iterations: 1 });
    expect(next.complete).toBe(true);
  });
});

describe('self-test bounds', () => {
  it('runs one self-test at a time; one past its cap is PQC_TIME_LIMIT and is not recorded', async () => {
    const { pqc, pool } = setUp({ selfTestMs: 2_000 });
    const slow = failure(pqc.selfTest(['SLH-DSA-SHAKE-256s'], REQUEST));
    expect(await failure(pqc.selfTest(undefined, REQUEST))).toMatchObject({
      code: 'PQC_BUSY',
      message: 'a PQC self-test is already running; try again when it ends',
    });
    expect(await slow).toMatchObject({ code: 'PQC_TIME_LIMIT' });
    expect((await slow)?.message).toContain('within its limit of 2 s');
    expect(pqc.status().self_test).toBeNull();
    expect(pqc.status().available).toBe(true);
    await until('the thread to exit', () => pool.stats().running === 0);
    // Under the usual cap a run is recorded (the KATs alone take a second here).
    const usual = setUp().pqc;
    const passed = await usual.selfTest(undefined, REQUEST);
    expect(passed.passed).toBe(true);
    expect(usual.status().self_test).toMatchObject({ passed: true, total: passed.total });
  });

  it('stops a self-test whose caller went; nothing is recorded', async () => {
    const { pqc, pool } = setUp();
    const caller = new AbortController();
    const run = failure(pqc.selfTest(['SLH-DSA-SHAKE-256s'], REQUEST, caller.signal));
    await until('its thread', () => pool.stats().running === 1);
    caller.abort(HvErrors.requestAbandoned({ reason: 'the client closed the connection' }));
    expect(await run).toMatchObject({ code: 'REQUEST_ABANDONED' });
    await until('the thread to exit', () => pool.stats().running === 0, { timeoutMs: 3_000 });
    expect(pqc.status()).toMatchObject({ self_test: null, workers: { running: 0, queued: 0 } });
  });
});
