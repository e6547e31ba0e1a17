// How the verification platform keeps up with a burst of small jobs: JOBS jobs submitted at once
// (one Promise.all of fetches) to the compiled `verifyctl serve` with one worker per core. Each
// job is the lint stage of examples/lint-warnings (`verilator --lint-only -Wall`, whose seven
// warnings the stage parses and stores). The spec's rate limits (60 job submissions per project
// per hour, 300 requests per minute) are the service's defaults; they are raised by its settings
// here, as a burst of this size is what they exist to refuse.
//
// Timed from the first submission until /health shows the queue empty and no worker busy (polled
// every POLL_MS). Reported: jobs per minute over that time; queue latency, each job's started_at
// minus its submitted_at as the service recorded them, in percentiles; and the CPU time of the
// service's own process (utime + stime of /proc/<pid>/stat, which leave out the tools it starts)
// over that time (its share of /health polls included), as a share of one core and per job. One
// job runs first, untimed, as a warm-up.
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { processUsage } from '../packages/hypervisor/src/drivers/qemu/process-info.js';
import { requireTools } from '../packages/server-kit/src/testing/index.js';
import {
  api,
  createExampleProject,
  serveVerification,
  submitJob,
  waitForJob,
  type ServiceProcess,
} from '../packages/verification/test/support/serve.js';
import { loadAverage, machineDescription, median, percentile } from './support.js';

const JOBS = Number(process.env.BENCH_JOBS ?? 200);
const WORKERS = availableParallelism();
const POLL_MS = 100;
const JOB = { stages: ['lint'] };
const LIMIT_FLAGS = ['--job-submissions-per-hour', '100000', '--requests-per-minute', '1000000'];

const gate = requireTools(['verilator']);
if (gate.skip) {
  console.log(`skipped: ${gate.reason}`);
  process.exit(0);
}

const now = (): number => performance.now();

interface Health {
  queue: { depth: number };
  workers: { busy: number };
}

interface JobTimes {
  status: string;
  submitted_at: string;
  started_at: string;
  finished_at: string;
}

async function idle(base: string): Promise<void> {
  for (;;) {
    const { body } = await api<Health>(base, 'GET', '/health');
    if (body.queue.depth === 0 && body.workers.busy === 0) return;
    await sleep(POLL_MS);
  }
}

async function main(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'vp-throughput-bench-'));
  const load = loadavg()[0]!;
  const serveArgs = ['--workers', String(WORKERS), ...LIMIT_FLAGS];
  let service: ServiceProcess | undefined;
  let submitMs = 0;
  let wallMs = 0;
  let cpuMs = 0;
  let jobs: JobTimes[] = [];
  try {
    service = await serveVerification(join(root, 'data'), serveArgs);
    const base = service.url;
    const pid = service.child.pid ?? 0;
    const projectId = await createExampleProject(base, 'lint-warnings', 'lint-warnings', 'byte_checksum');
    await waitForJob(base, await submitJob(base, projectId, JOB));

    const cpuBefore = await processUsage(pid);
    const started = now();
    const ids = await Promise.all(Array.from({ length: JOBS }, () => submitJob(base, projectId, JOB)));
    submitMs = now() - started;
    await idle(base);
    wallMs = now() - started;
    cpuMs = (await processUsage(pid)).cpuTimeMs - cpuBefore.cpuTimeMs;

    jobs = await Promise.all(ids.map(async (id) => (await api<JobTimes>(base, 'GET', `/jobs/${id}`)).body));
    const unpassed = jobs.filter((job) => job.status !== 'passed');
    if (unpassed.length > 0)
      throw new Error(`${unpassed.length} job(s) did not pass: ${JSON.stringify(unpassed[0])}`);
  } finally {
    await service?.stop();
    rmSync(root, { recursive: true, force: true });
  }

  const between = (from: string, to: string) => Date.parse(to) - Date.parse(from);
  const queueSeconds = jobs.map((job) => between(job.submitted_at, job.started_at) / 1000);
  const runMs = jobs.map((job) => between(job.started_at, job.finished_at));
  console.log(`machine: ${machineDescription()}; ${loadAverage(load)}`);
  console.log('command: npm run bench -- verification-throughput');
  console.log(
    `service: verifyctl serve ${serveArgs.join(' ')} (the spec's limits, 60 submissions per project per hour ` +
      'and 300 requests per minute, are the defaults)',
  );
  console.log(
    `jobs: ${JOBS} submitted at once to one project, each the lint stage of examples/lint-warnings ` +
      '(verilator --lint-only -Wall, 7 warnings); after one warm-up job',
  );
  console.log('\n| figure | value |');
  console.log('|---|---:|');
  const rows: [string, string][] = [
    [`${JOBS} submissions answered (202) in`, `${(submitMs / 1000).toFixed(2)} s`],
    ['all jobs ended in (from the first submission)', `${(wallMs / 1000).toFixed(2)} s`],
    ['jobs per minute', (JOBS / (wallMs / 60_000)).toFixed(0)],
    [
      'queue latency (started_at − submitted_at) p50 / p90 / p99',
      [50, 90, 99].map((p) => percentile(queueSeconds, p).toFixed(2)).join(' / ') + ' s',
    ],
    ['job run time (started_at → finished_at), median', `${median(runMs).toFixed(0)} ms`],
    ['service process CPU (utime + stime, without its tools)', `${(cpuMs / 1000).toFixed(2)} s`],
    ['service process CPU, share of one core over the run', `${((100 * cpuMs) / wallMs).toFixed(1)} %`],
    ['service process CPU per job', `${(cpuMs / JOBS).toFixed(1)} ms`],
  ];
  for (const [figure, value] of rows) console.log(`| ${figure} | ${value} |`);
}

await main();
