/**
 * The PQC module's state and its health: the backend and algorithms on offer, the self-test that
 * gates every PQC operation, and benchmarks. The self-test runs once at start-up, on this
 * thread before the API listens; on request it runs in a worker thread, as benchmarks do. While
 * the latest self-test has failed, `requireAvailable` refuses with 503 PQC_UNAVAILABLE.
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
import type { CryptoRunner } from '../pqc/crypto-tasks.js';
import { runSelfTest, type SelfTestReport } from '../pqc/self-test.js';
import type { AuditContext } from '../store/audit.js';
import type { UnitOfWork } from '../store/unit-of-work.js';

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
            `is at most ${BENCHMARK_LIMITS.maxTotalSeconds}`,
        }),
      ),
    },
    { additionalProperties: false },
  ),
  Type.Null(),
]);
export type BenchmarkBody = Static<typeof BenchmarkRequestSchema>;

export const BenchmarkResultSchema = Type.Object(
  {
    started_at: Type.String({ format: 'date-time' }),
    duration_ms: Type.Integer(),
    iterations: Nullable(Type.Integer()),
    seconds: Type.Number(),
    environment: Type.Object({ cpu: Type.String(), node: Type.String(), library: Type.String() }),
    results: Type.Array(
      Type.Object({
        algorithm: Type.String(),
        operation: Type.Enum(['keygen', 'encapsulate', 'decapsulate', 'sign', 'verify']),
        iterations: Type.Integer(),
        total_ms: Type.Number(),
        ops_per_second: Type.Number(),
        mean_latency_ms: Type.Number(),
      }),
    ),
  },
  { $id: 'PqcBenchmark' },
);
export type BenchmarkResult = Static<typeof BenchmarkResultSchema>;

const KAT_FAMILIES = new Set(['ML-KEM', 'ML-DSA']);

export interface PqcServiceOptions {
  runner: CryptoRunner;
  unitOfWork: UnitOfWork;
  /** The ACVP vector sets of the self-test (default: the shipped ones). */
  vectorsDir?: string;
}

export type PqcService = ReturnType<typeof createPqcService>;

export function createPqcService({ runner, unitOfWork, vectorsDir }: PqcServiceOptions) {
  let latest: SelfTestReport | null = null;
  let benchmarking = false;

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

  return {
    /** The start-up self-test, on this thread: nothing else runs yet. */
    startUp(): SelfTestReport {
      return record(runSelfTest(vectorsDir === undefined ? {} : { vectorsDir }), null);
    },

    async selfTest(
      algorithms: readonly string[] | undefined,
      context: AuditContext,
    ): Promise<SelfTestReport> {
      const options = {
        ...(vectorsDir === undefined ? {} : { vectorsDir }),
        ...(algorithms ? { algorithms } : {}),
      };
      return record(await runner.run({ kind: 'self-test', options }), context);
    },

    requireAvailable,

    status(): PqcStatus {
      return {
        available: latest?.passed ?? true,
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

    async benchmark(body: BenchmarkBody): Promise<BenchmarkResult> {
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
      if (benchmarking) throw HvErrors.pqcBusy({});
      benchmarking = true;
      const startedAt = new Date();
      try {
        const results = await runner.run({
          kind: 'benchmark',
          request: { algorithms, seconds, ...(iterations === undefined ? {} : { iterations }) },
        });
        return {
          started_at: startedAt.toISOString(),
          duration_ms: Date.now() - startedAt.getTime(),
          iterations: iterations ?? null,
          seconds,
          environment: {
            cpu: cpus()[0]?.model ?? 'unknown',
            node: process.version,
            library: `${PQC_LIBRARY}@${PQC_LIBRARY_VERSION}`,
          },
          results,
        };
      } finally {
        benchmarking = false;
      }
    },
  };
}
