/**
 * `hvctl pqc ...`: the PQC module's health (status, self-test, benchmark) and the verification of
 * attestation reports. `self-test` and `benchmark` are operations on the service's side (202):
 * they are followed to their end with a percentage bar (Ctrl-C cancels them) and print their
 * result as they did when it was the answer. `self-test` and `verify` exit 1 when the answer is a
 * failure, so scripts can test them like any command; errors of the request itself keep their
 * exit codes (2 or 1).
 */
import { readFile } from 'node:fs/promises';
import { InvalidArgumentError, type Command } from 'commander';
import type { Verification } from '../domain/attestation.js';
import type { BenchmarkResult, PqcStatus } from '../domain/pqc-service.js';
import type { SelfTestReport } from '../pqc/self-test.js';
import { CliErrors } from './errors.js';
import { outcomeOf } from './operations.js';
import {
  clientCommand,
  clientFor,
  listOption,
  positiveIntegerOption,
  print,
  shortTime,
  type ClientFlags,
} from './options.js';
import { formatFields, formatTable } from '@lab/server-kit/cli';

function selfTestLine(run: PqcStatus['self_test']): string {
  if (run === null) return 'not run';
  const outcome = run.passed
    ? `passed: ${run.total} tests`
    : `FAILED: ${run.failed} of ${run.total} tests failed`;
  return `${outcome} in ${run.duration_ms} ms at ${shortTime(run.started_at)}`;
}

function formatStatus(status: PqcStatus): string {
  const { backend } = status;
  const fields = formatFields([
    ['backend', `${backend.type}, ${backend.library} ${backend.version}`],
    ['accelerator', backend.hardware_accelerator ?? 'none'],
    ['available', status.available ? 'yes' : 'no: the latest self-test failed'],
    ['self-test', selfTestLine(status.self_test)],
  ]);
  const table = formatTable(
    [
      { header: 'ALGORITHM', value: (a) => a.name },
      { header: 'KIND', value: (a) => a.kind },
      { header: 'STANDARD', value: (a) => a.standard },
      { header: 'CATEGORY', value: (a) => String(a.security_category), align: 'right' },
      { header: 'KAT', value: (a) => (a.known_answer_tests ? 'yes' : 'no') },
      { header: 'OID', value: (a) => a.oid },
    ],
    status.algorithms,
  );
  return `${fields}\n\n${table}`;
}

/** One summary line, then each failed test with what differed. */
function formatSelfTest(report: SelfTestReport): string {
  const summary = report.passed
    ? `self-test passed: ${report.total} tests in ${report.duration_ms} ms`
    : `self-test FAILED: ${report.failed} of ${report.total} tests failed in ${report.duration_ms} ms`;
  const failed = report.tests
    .filter((test) => !test.passed)
    .map((test) => `✗ ${test.name}${test.error === undefined ? '' : `: ${test.error}`}`);
  return [summary, ...failed].join('\n');
}

const limitOf = (result: BenchmarkResult, reason: BenchmarkResult['unmeasured'][number]['reason']) =>
  reason === 'algorithm time limit' ? result.limits.algorithm_seconds : result.limits.request_seconds;

function formatBenchmark(result: BenchmarkResult): string {
  const table = formatTable(
    [
      { header: 'ALGORITHM', value: (r) => r.algorithm },
      { header: 'OPERATION', value: (r) => r.operation },
      { header: 'ITERATIONS', value: (r) => `${r.iterations}${r.capped ? '*' : ''}`, align: 'right' },
      { header: 'OPS/S', value: (r) => r.ops_per_second.toFixed(1), align: 'right' },
      { header: 'MEAN LATENCY', value: (r) => `${r.mean_latency_ms.toFixed(3)} ms`, align: 'right' },
    ],
    result.results,
  );
  const { environment } = result;
  const budget =
    result.iterations === null ? `${result.seconds} s per operation` : `${result.iterations} iterations`;
  const notes = [
    ...(result.results.some((r) => r.capped)
      ? [`* stopped at the cap of ${result.limits.operation_seconds} s per operation`]
      : []),
    ...result.unmeasured.map(
      (u) => `not measured: ${u.algorithm} ${u.operation} (${u.reason}: ${limitOf(result, u.reason)} s)`,
    ),
  ];
  return [
    table,
    '',
    ...notes,
    `${budget}; ${environment.library}, node ${environment.node}, ${environment.cpu}`,
  ].join('\n');
}

const MARKS = { passed: '✓', failed: '✗', skipped: '–' } as const;

/** Each check with its mark, then the verdict. */
function formatVerification(result: Verification): string {
  const width = Math.max(...result.checks.map((check) => check.name.length));
  const lines = result.checks.map((check) =>
    `${MARKS[check.status]} ${check.name.padEnd(width)}  ${check.detail}`.trimEnd(),
  );
  const failed = result.checks.filter((check) => check.status === 'failed').map((check) => check.name);
  const verdict = result.valid ? 'report valid' : `report INVALID: ${failed.join(', ')} failed`;
  return [...lines, '', verdict].join('\n');
}

/** A JSON file, or standard input for `-`. */
async function readJsonInput(file: string): Promise<unknown> {
  let text: string;
  try {
    text = file === '-' ? await readStdin() : await readFile(file, 'utf8');
  } catch (error) {
    throw CliErrors.badInput({ file, reason: (error as Error).message }, { cause: error });
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw CliErrors.badInput({ file, reason: `not JSON (${(error as Error).message})` }, { cause: error });
  }
}

async function readStdin(): Promise<string> {
  process.stdin.setEncoding('utf8');
  let text = '';
  for await (const chunk of process.stdin) text += chunk as string;
  return text;
}

interface BenchmarkFlags extends ClientFlags {
  algorithms?: string[];
  iterations?: number;
  seconds?: number;
}

interface VerifyFlags extends ClientFlags {
  nonce?: string;
  expectedMeasurement?: string;
  maxAge?: number;
}

function secondsOption(value: string): number {
  const seconds = Number(value);
  if (value.trim() === '' || !Number.isFinite(seconds) || seconds <= 0) {
    throw new InvalidArgumentError('expected a positive number of seconds.');
  }
  return seconds;
}

export function addPqcCommands(program: Command): void {
  const pqc = program
    .command('pqc')
    .description('Post-quantum cryptography: status, self-test, benchmark, report verification');

  clientCommand(pqc, 'status', 'Show the PQC backend, its algorithms and the latest self-test').action(
    async (flags: ClientFlags) => {
      print(flags, await clientFor(flags).request<PqcStatus>('GET', '/pqc/status'), formatStatus);
    },
  );

  clientCommand(pqc, 'self-test', 'Run the known-answer and pairwise self-test; exits 1 when it fails')
    .option(
      '--algorithms <list>',
      'algorithms for the pairwise tests, comma-separated (default: every ML-KEM and ML-DSA set)',
      listOption,
    )
    .action(async (flags: ClientFlags & { algorithms?: string[] }) => {
      const body = flags.algorithms === undefined ? {} : { algorithms: flags.algorithms };
      const report = await outcomeOf<SelfTestReport>(
        clientFor(flags),
        '/pqc/self-test',
        body,
        'running the PQC self-test',
      );
      print(flags, report, formatSelfTest);
      if (!report.passed) process.exitCode = 1;
    });

  clientCommand(pqc, 'benchmark', 'Measure operations per second and mean latency')
    .option('--algorithms <list>', 'comma-separated (default: ML-KEM-768,ML-DSA-65)', listOption)
    .option('--iterations <n>', 'exact iterations per operation', positiveIntegerOption)
    .option('--seconds <s>', 'time per operation when --iterations is absent (default 1)', secondsOption)
    .action(async (flags: BenchmarkFlags) => {
      const body = {
        ...(flags.algorithms === undefined ? {} : { algorithms: flags.algorithms }),
        ...(flags.iterations === undefined ? {} : { iterations: flags.iterations }),
        ...(flags.seconds === undefined ? {} : { seconds: flags.seconds }),
      };
      const result = await outcomeOf<BenchmarkResult>(
        clientFor(flags),
        '/pqc/benchmark',
        body,
        'benchmarking',
      );
      print(flags, result, formatBenchmark);
    });

  clientCommand(pqc, 'verify', 'Verify an attestation report; exits 1 when it is invalid')
    .argument('<report>', "the report's JSON file, or - for standard input")
    .option('--nonce <base64>', 'the nonce the report must carry')
    .option('--expected-measurement <hex>', 'the known-good SHA-384 measurement')
    .option('--max-age <seconds>', 'freshness window (default 300)', positiveIntegerOption)
    .action(async (file: string, flags: VerifyFlags) => {
      const body = {
        report: await readJsonInput(file),
        ...(flags.nonce === undefined ? {} : { nonce: flags.nonce }),
        ...(flags.expectedMeasurement === undefined
          ? {}
          : { expected_measurement: flags.expectedMeasurement }),
        ...(flags.maxAge === undefined ? {} : { max_age_seconds: flags.maxAge }),
      };
      const result = await clientFor(flags).request<Verification>('POST', '/pqc/verify', body);
      print(flags, result, formatVerification);
      if (!result.valid) process.exitCode = 1;
    });
}
