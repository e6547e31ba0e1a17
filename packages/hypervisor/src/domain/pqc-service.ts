/**
 * The PQC module's state and its health: the backend and algorithms on offer, the self-test that
 * gates every PQC operation, and benchmarks. The self-test runs once at start-up, on this
 * thread before the API listens; on request it runs in the PQC pool's worker threads, as
 * benchmarks do. While the latest self-test has failed, `requireAvailable` refuses with 503
 * PQC_UNAVAILABLE.
 *
 * On request both are operations (`pqc.self_test`, `pqc.benchmark` on `pqc/self-test` and
 * `pqc/benchmark`): the request is checked here, answered 202, and the work runs on, bounded by
 * the limits below (PQC_TIME_LIMITS) and ended when the operation is cancelled (the task leaves
 * the pool's queue, or its thread is terminated). One self-test and one benchmark at a time; a
 * benchmark runs algorithm by algorithm, each in a task of its own, so a cap ends one
 * algorithm's thread and keeps what the others measured.
 */
import { cpus } from 'node:os';
import { Nullable } from '@lab/server-kit';
import { Type, type Static } from 'typebox';
import { HvErrors, invalidField } from '../errors.js';
import {
  ALGORITHM_NAMES,
  ALGORITHMS,
  algorithm,
  PQC_LIBRARY,
  PQC_LIBRARY_VERSION,
} from '../pqc/algorithms.js';
import { benchmarkOperations, type BenchmarkOperation, type OperationResult } from '../pqc/benchmark.js';
import type { CryptoPool } from '../pqc/crypto-pool.js';
import { runSelfTest, type SelfTestReport } from '../pqc/self-test.js';
import type { AuditContext } from '../store/audit.js';
import type { UnitOfWork } from '../store/unit-of-work.js';
import type { OperationHandle, Operations, OperationView } from './operations.js';

const AlgorithmName = Type.Enum(ALGORITHM_NAMES);

const TestResultSchema = Type.Object({
  name: Type.String({ description: 'e.g. `ML-DSA-65 sigGen tcId 71` or `ML-KEM-768 pairwise consistency`' }),
  algorithm: Type.String(),
  kind: Type.Enum(['kat', 'pairwise'], { description: 'ACVP known-answer test, or pairwise consistency' }),
  passed: Type.Boolean(),
  duration_ms: Type.Number(),
  error: Type.Optional(Type.String({ description: 'what differed, when it failed' })),
});

export const SelfTestReportSchema = Type.Object(
  {
    passed: Type.Boolean(),
    started_at: Type.String({ format: 'date-time' }),
    duration_ms: Type.Integer(),
    total: Type.Integer(),
    failed: Type.Integer(),
    tests: Type.Array(TestResultSchema),
  },
  { $id: 'PqcSelfTest', description: 'One self-test run: every known-answer and pairwise test' },
);

export const SelfTestRequestSchema = Type.Union([
  Type.Object(
    {
      algorithms: Type.Optional(
        Type.Array(AlgorithmName, {
          minItems: 1,
          maxItems: ALGORITHMS.length,
          uniqueItems: true,
          description: 'algorithms for the pairwise tests (default: every ML-KEM and ML-DSA set)',
        }),
      ),
    },
    { additionalProperties: false },
  ),
  Type.Null(),
]);

export const PqcStatusSchema = Type.Object(
  {
    available: Type.Boolean({ description: 'false while the latest self-test has failed' }),
    workers: Type.Object(
      {
        size: Type.Integer({ description: 'worker threads that may run at once: min(2, cores)' }),
        queue_limit: Type.Integer({ description: 'tasks that may wait; one more is 503 PQC_QUEUE_FULL' }),
        running: Type.Integer({ description: 'threads started and not yet exited' }),
        queued: Type.Integer(),
      },
      { description: 'the PQC worker pool (self-tests, benchmarks, SLH-DSA key generation)' },
    ),
    backend: Type.Object({
      type: Type.Literal('software'),
      library: Type.String(),
      version: Type.String(),
      hardware_accelerator: Type.Null({
        description: 'no PQC accelerator is detected on x86 hosts; the field is null until one is',
      }),
    }),
    algorithms: Type.Array(
      Type.Object({
        name: Type.String(),
        family: Type.Enum(['ML-KEM', 'ML-DSA', 'SLH-DSA']),
        standard: Type.String(),
        kind: Type.Enum(['kem', 'signature']),
        oid: Type.String(),
        security_category: Type.Integer(),
        known_answer_tests: Type.Boolean({ description: 'whether the self-test has ACVP vectors for it' }),
      }),
    ),
    self_test: Nullable(
      Type.Object({
        passed: Type.Boolean(),
        started_at: Type.String({ format: 'date-time' }),
        duration_ms: Type.Integer(),
        total: Type.Integer(),
        failed: Type.Integer(),
      }),
    ),
  },
  { $id: 'PqcStatus' },
);
export type PqcStatus = Static<typeof PqcStatusSchema>;

export const BENCHMARK_LIMITS = {
  maxIterations: 10_000,
  /** SLH-DSA signs for a second or more each time. */
  maxSlowIterations: 10,
  maxSeconds: 10,
  /** algorithms × 3 operations × seconds. */
  maxTotalSeconds: 60,
} as const;

/** Wall-clock caps of PQC work, whatever it was asked to do. */
export interface PqcTimeLimits {
  /** One benchmark operation's loop (in the worker: it stops iterating, `capped`). */
  benchmarkOperationMs: number;
  /** One algorithm of a benchmark (its thread is terminated; what it measured stays). */
  benchmarkAlgorithmMs: number;
  /** A whole benchmark request (algorithms not measured by then are listed in `unmeasured`). */
  benchmarkRequestMs: number;
  /** A self-test on request (its operation fails with PQC_TIME_LIMIT; the run is not recorded). */
  selfTestMs: number;
  /** An SLH-DSA key generation with its pairwise test (the operation fails with PQC_TIME_LIMIT). */
  keygenMs: number;
}

export const PQC_TIME_LIMITS: PqcTimeLimits = {
  benchmarkOperationMs: 10_000,
  benchmarkAlgorithmMs: 40_000,
  benchmarkRequestMs: 60_000,
  selfTestMs: 120_000,
  keygenMs: 300_000,
};

/**
 * The bounds between a benchmark's fields, as the schema states them (`benchmark` checks the same):
 * iterations for SLH-DSA, and seconds by how many algorithms are named, rounded down to the
 * hundredth so that the product stays within the limit in floating point too.
 */
function benchmarkBounds() {
  const slowNames = ALGORITHMS.filter((a) => a.slow).map((a) => a.name);
  const seconds = [];
  for (let count = 1; count <= ALGORITHMS.length; count += 1) {
    const most = Math.floor((100 * BENCHMARK_LIMITS.maxTotalSeconds) / (3 * count)) / 100;
    if (most >= BENCHMARK_LIMITS.maxSeconds) continue;
    seconds.push({
      if: {
        properties: { algorithms: { type: 'array', minItems: count } },
        required: ['algorithms'],
        not: { required: ['iterations'] },
      },
      then: { properties: { seconds: { type: 'number', maximum: most } } },
    });
  }
  return [
    {
      if: {
        properties: { algorithms: { type: 'array', contains: { enum: slowNames } } },
        required: ['algorithms', 'iterations'],
      },
      then: { properties: { iterations: { type: 'integer', maximum: BENCHMARK_LIMITS.maxSlowIterations } } },
    },
    ...seconds,
  ];
}

export const BenchmarkRequestSchema = Type.Union([
  Type.Object(
    {
      algorithms: Type.Optional(
        Type.Array(AlgorithmName, {
          minItems: 1,
          maxItems: ALGORITHMS.length,
          uniqueItems: true,
          description: 'default ML-KEM-768 and ML-DSA-65',
        }),
      ),
      iterations: Type.Optional(
        Type.Integer({
          minimum: 1,
          maximum: BENCHMARK_LIMITS.maxIterations,
          description: `exact iterations per operation (at most ${BENCHMARK_LIMITS.maxSlowIterations} for SLH-DSA)`,
        }),
      ),
      seconds: Type.Optional(
        Type.Number({
          minimum: 0.01,
          maximum: BENCHMARK_LIMITS.maxSeconds,
          description:
            'time per operation when iterations is absent (default 1); algorithms × 3 × seconds ' +
            `is at most ${BENCHMARK_LIMITS.maxTotalSeconds}, so at most ${BENCHMARK_LIMITS.maxTotalSeconds} / ` +
            '(3 × algorithms), to the hundredth below',
        }),
      ),
    },
    { additionalProperties: false, allOf: benchmarkBounds() },
  ),
  Type.Null(),
]);
export type BenchmarkBody = Static<typeof BenchmarkRequestSchema>;

const BenchmarkOperationName = Type.Enum(['keygen', 'encapsulate', 'decapsulate', 'sign', 'verify']);

export const BenchmarkResultSchema = Type.Object(
  {
    started_at: Type.String({ format: 'date-time' }),
    duration_ms: Type.Integer(),
    iterations: Nullable(Type.Integer()),
    seconds: Type.Number(),
    complete: Type.Boolean({
      description: 'every operation measured as asked: none capped, none left unmeasured',
    }),
    limits: Type.Object(
      {
        operation_seconds: Type.Number(),
        algorithm_seconds: Type.Number(),
        request_seconds: Type.Number(),
      },
      { description: 'the wall-clock caps this run was under' },
    ),
    environment: Type.Object({ cpu: Type.String(), node: Type.String(), library: Type.String() }),
    results: Type.Array(
      Type.Object({
        algorithm: Type.String(),
        operation: BenchmarkOperationName,
        iterations: Type.Integer({ description: 'as run: fewer than asked when capped' }),
        total_ms: Type.Number(),
        ops_per_second: Type.Number(),
        mean_latency_ms: Type.Number(),
        capped: Type.Boolean({ description: 'stopped at the per-operation cap before it was done' }),
      }),
    ),
    unmeasured: Type.Array(
      Type.Object({
        algorithm: Type.String(),
        operation: BenchmarkOperationName,
        reason: Type.Enum(['algorithm time limit', 'request time limit']),
      }),
      { description: 'operations a cap stopped before they were measured' },
    ),
  },
  { $id: 'PqcBenchmark' },
);
export type BenchmarkResult = Static<typeof BenchmarkResultSchema>;
type Unmeasured = BenchmarkResult['unmeasured'][number];

const KAT_FAMILIES = new Set(['ML-KEM', 'ML-DSA']);

export interface PqcServiceOptions {
  pool: CryptoPool;
  operations: Operations;
  unitOfWork: UnitOfWork;
  /** The ACVP vector sets of the self-test (default: the shipped ones). */
  vectorsDir?: string;
  /** PQC_TIME_LIMITS by default (tests make them short). */
  limits?: PqcTimeLimits;
}

export type PqcService = ReturnType<typeof createPqcService>;

const SELF_TEST_HINT = 'name fewer SLH-DSA sets (their pairwise tests sign for seconds to a minute each)';
const BENCHMARK_HINT = 'benchmark fewer algorithms or fewer iterations';

export function createPqcService({
  pool,
  operations,
  unitOfWork,
  vectorsDir,
  limits = PQC_TIME_LIMITS,
}: PqcServiceOptions) {
  let latest: SelfTestReport | null = null;
  let benchmarking = false;
  let selfTesting = false;

  function record(report: SelfTestReport, context: AuditContext | null): SelfTestReport {
    latest = report;
    unitOfWork((tx) => {
      tx.emit('pqc.self_test', {
        passed: report.passed,
        total: report.total,
        failed: report.failed,
        timestamp: tx.at,
      });
      tx.audit(context);
    });
    return report;
  }

  function requireAvailable(): void {
    if (latest === null || latest.passed) return;
    const first = latest.tests.find((t) => !t.passed);
    throw HvErrors.pqcUnavailable({ failed: latest.failed, first: first?.name ?? 'unknown' });
  }

  /**
   * Starts `work` as an operation while `claim` holds (one self-test, one benchmark at a time):
   * claimed now, released when the work ends, or at once should the operation not start.
   */
  function exclusively<T extends Record<string, unknown>>(
    claim: () => void,
    release: () => void,
    spec: { kind: string; resource: string; context: AuditContext },
    work: (op: OperationHandle) => Promise<T>,
  ): OperationView {
    claim();
    try {
      return operations.start({
        ...spec,
        context: { ...spec.context, status: 202 },
        work: async (op) => {
          try {
            return await work(op);
          } finally {
            release();
          }
        },
      });
    } catch (error) {
      release();
      throw error;
    }
  }

  /**
   * Algorithm by algorithm, each a pool task under the algorithm cap, all under the request cap;
   * what a cap stopped is reported (`capped`, `unmeasured`), not thrown away. A cancel of the
   * operation ends it with that reason.
   */
  async function measure(
    algorithms: readonly string[],
    seconds: number,
    iterations: number | undefined,
    op: OperationHandle,
  ): Promise<BenchmarkResult> {
    const startedAt = new Date();
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), limits.benchmarkRequestMs);
    const stop = AbortSignal.any([op.signal, deadline.signal]);
    const results: OperationResult[] = [];
    const unmeasured: Unmeasured[] = [];
    const total = algorithms.reduce((sum, name) => sum + benchmarkOperations(algorithm(name)).length, 0);
    const advance = (): void => op.progress(((results.length + unmeasured.length) / total) * 100);
    try {
      for (const name of algorithms) {
        const measured: OperationResult[] = [];
        const missing = (reason: Unmeasured['reason']): Unmeasured[] =>
          benchmarkOperations(algorithm(name))
            .filter((operation: BenchmarkOperation) => !measured.some((m) => m.operation === operation))
            .map((operation) => ({ algorithm: name, operation, reason }));
        try {
          await pool.run(
            {
              kind: 'benchmark',
              request: {
                algorithm: name,
                seconds,
                operationCapMs: limits.benchmarkOperationMs,
                ...(iterations === undefined ? {} : { iterations }),
              },
            },
            {
              signal: stop,
              timeLimit: { ms: limits.benchmarkAlgorithmMs, hint: BENCHMARK_HINT },
              onPartial: (result) => {
                measured.push(result);
                op.progress(((results.length + unmeasured.length + measured.length) / total) * 100, {
                  algorithm: name,
                  operation: result.operation,
                });
              },
            },
          );
        } catch (error) {
          if (HvErrors.pqcTimeLimit.is(error)) unmeasured.push(...missing('algorithm time limit'));
          else if (deadline.signal.aborted && !op.signal.aborted)
            unmeasured.push(...missing('request time limit'));
          else throw error;
        }
        results.push(...measured);
        advance();
      }
    } finally {
      clearTimeout(timer);
    }
    op.signal.throwIfAborted();
    return {
      started_at: startedAt.toISOString(),
      duration_ms: Date.now() - startedAt.getTime(),
      iterations: iterations ?? null,
      seconds,
      complete: unmeasured.length === 0 && results.every((r) => !r.capped),
      limits: {
        operation_seconds: limits.benchmarkOperationMs / 1000,
        algorithm_seconds: limits.benchmarkAlgorithmMs / 1000,
        request_seconds: limits.benchmarkRequestMs / 1000,
      },
      environment: {
        cpu: cpus()[0]?.model ?? 'unknown',
        node: process.version,
        library: `${PQC_LIBRARY}@${PQC_LIBRARY_VERSION}`,
      },
      results,
      unmeasured,
    };
  }

  return {
    /** The start-up self-test, on this thread: nothing else runs yet. */
    startUp(): SelfTestReport {
      return record(runSelfTest(vectorsDir === undefined ? {} : { vectorsDir }), null);
    },

    /**
     * Starts a self-test as a `pqc.self_test` operation, one at a time (PQC_BUSY). Its result is
     * the report; progress is the known-answer tests, then each pairwise test. A run cancelled, or
     * past its cap (the operation fails with PQC_TIME_LIMIT), is not recorded. The audit row is
     * the 202's.
     */
    selfTest(algorithms: readonly string[] | undefined, context: AuditContext): OperationView {
      if (selfTesting) throw HvErrors.pqcBusy({ work: 'self-test' });
      pool.assertRoom();
      const options = {
        ...(vectorsDir === undefined ? {} : { vectorsDir }),
        ...(algorithms ? { algorithms } : {}),
      };
      return exclusively(
        () => (selfTesting = true),
        () => (selfTesting = false),
        { kind: 'pqc.self_test', resource: 'pqc/self-test', context },
        async (op) => {
          const report = await pool.run(
            { kind: 'self-test', options },
            {
              signal: op.signal,
              timeLimit: { ms: limits.selfTestMs, hint: SELF_TEST_HINT },
              onPartial: ({ done, total }) => op.progress((done / total) * 100, { done, total }),
            },
          );
          // A cancel that came while the thread was answering still wins: nothing is recorded.
          op.signal.throwIfAborted();
          return { ...record(report, null) };
        },
      );
    },

    requireAvailable,

    status(): PqcStatus {
      return {
        available: latest?.passed ?? true,
        workers: pool.stats(),
        backend: {
          type: 'software',
          library: PQC_LIBRARY,
          version: PQC_LIBRARY_VERSION,
          hardware_accelerator: null,
        },
        algorithms: ALGORITHMS.map((a) => ({
          name: a.name,
          family: a.family,
          standard: a.standard,
          kind: a.kind,
          oid: a.oid,
          security_category: a.securityCategory,
          known_answer_tests: KAT_FAMILIES.has(a.family),
        })),
        self_test:
          latest === null
            ? null
            : {
                passed: latest.passed,
                started_at: latest.started_at,
                duration_ms: latest.duration_ms,
                total: latest.total,
                failed: latest.failed,
              },
      };
    },

    /**
     * Starts a benchmark as a `pqc.benchmark` operation, one at a time (PQC_BUSY), after checking
     * its bounds. Its result is the measurements; progress counts the operations measured (or
     * given up at a cap) of all.
     */
    benchmark(body: BenchmarkBody, context: AuditContext): OperationView {
      requireAvailable();
      const algorithms = body?.algorithms ?? ['ML-KEM-768', 'ML-DSA-65'];
      const seconds = body?.seconds ?? 1;
      const iterations = body?.iterations;
      if (iterations === undefined && algorithms.length * 3 * seconds > BENCHMARK_LIMITS.maxTotalSeconds) {
        throw invalidField(
          'seconds',
          `${algorithms.length} algorithms × 3 operations × ${seconds} s exceeds ${BENCHMARK_LIMITS.maxTotalSeconds} s`,
        );
      }
      const slow = algorithms.filter((name) => algorithm(name).slow);
      if (iterations !== undefined && slow.length > 0 && iterations > BENCHMARK_LIMITS.maxSlowIterations) {
        throw invalidField(
          'iterations',
          `at most ${BENCHMARK_LIMITS.maxSlowIterations} for ${slow.join(', ')}, which sign for seconds`,
        );
      }
      if (benchmarking) throw HvErrors.pqcBusy({ work: 'benchmark' });
      pool.assertRoom();
      return exclusively(
        () => (benchmarking = true),
        () => (benchmarking = false),
        { kind: 'pqc.benchmark', resource: 'pqc/benchmark', context },
        (op) => measure(algorithms, seconds, iterations, op),
      );
    },
  };
}
