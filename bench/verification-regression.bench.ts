// A regression on the verification platform against the same simulations run by a shell loop:
// RUNS seeded tests of the ALU of packages/verification/test/fixtures/e2e/regression (the testbench
// parameter OPS random operations each), per simulator:
//
// - platform: a job of `verifyctl serve --workers 2` whose verify.json holds
//   `simulation.tests: [{"name": "random", "count": RUNS, "parameters": {"OPS": OPS}}]` (trace off;
//   Verilator with coverage, merged by verilator_coverage), timed from POST /projects/{id}/jobs
//   until GET /jobs/{id} shows it ended (polled every POLL_MS), and by its own record
//   (started_at → finished_at);
// - loop: bench/verification-regression-loop.sh, the same build, the same runs with the seeds the
//   platform's job before it used, two at a time (a bash loop with wait -n), each in its own directory, and the
//   same merge; timed from its start to its exit.
//
// The spec's rate limits are raised by their settings, as the client polls the job every POLL_MS.
// Both compile Verilator's model through ccache when it is installed, each with its own cache,
// warmed by one untimed round of each. Then ROUNDS alternating rounds; the medians are compared.
// Target: the platform within 15 % of the loop.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { isToolInstalled, requireTools } from '../packages/server-kit/src/testing/index.js';
import { icarusHarness } from '../packages/verification/src/engine/simulation/icarus.js';
import { verilatorMain } from '../packages/verification/src/engine/simulation/verilator-build.js';
import {
  api,
  createProjectFrom,
  FIXTURES,
  serveVerification,
  submitJob,
  type ServiceProcess,
} from '../packages/verification/test/support/serve.js';
import { loadAverage, machineDescription, median } from './support.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const OPS = Number(process.env.BENCH_OPS ?? 2000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const WORKERS = 2;
const POLL_MS = 20;
const TARGET = 0.15;
const LOOP = fileURLToPath(new URL('verification-regression-loop.sh', import.meta.url));
const DESIGN = join(FIXTURES, 'e2e/regression');
const SIMULATORS = ['icarus', 'verilator'] as const;
type Simulator = (typeof SIMULATORS)[number];

const gate = requireTools(['verilator', 'verilator_coverage', 'iverilog', 'vvp', 'g++', 'make']);
if (gate.skip) {
  console.log(`skipped: ${gate.reason}`);
  process.exit(0);
}

interface JobTimes {
  status: string;
  started_at: string;
  finished_at: string;
}
interface Round {
  clientMs: number;
  recordMs: number;
  seeds: number[];
}

async function platformRound(base: string, projectId: string): Promise<Round> {
  const started = performance.now();
  const jobId = await submitJob(base, projectId, { stages: ['simulation'] });
  let job: JobTimes;
  for (;;) {
    job = (await api<JobTimes>(base, 'GET', `/jobs/${jobId}`)).body;
    if (job.status !== 'queued' && job.status !== 'running') break;
    await sleep(POLL_MS);
  }
  const clientMs = performance.now() - started;
  if (job.status !== 'passed') throw new Error(`the regression did not pass: ${JSON.stringify(job)}`);
  const results = await api<{ stages: { simulation: { regression: { tests: { seed: number }[] } } } }>(
    base,
    'GET',
    `/jobs/${jobId}/results`,
  );
  return {
    clientMs,
    recordMs: Date.parse(job.finished_at) - Date.parse(job.started_at),
    seeds: results.body.stages.simulation.regression.tests.map((test) => test.seed),
  };
}

function loopRound(
  root: string,
  simulator: Simulator,
  generated: string,
  seeds: readonly number[],
): Promise<number> {
  const dir = mkdtempSync(join(root, 'loop-'));
  const seedsFile = join(dir, 'seeds');
  writeFileSync(seedsFile, `${seeds.join('\n')}\n`);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(
      'bash',
      [
        LOOP,
        simulator,
        generated,
        join(dir, 'job'),
        join(root, 'loop-cache'),
        seedsFile,
        String(OPS),
        String(WORKERS),
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const elapsed = performance.now() - started;
      rmSync(dir, { recursive: true, force: true });
      if (code === 0) resolve(elapsed);
      else reject(new Error(`the loop failed (${code}): ${stderr}`));
    });
  });
}

async function main(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'vp-regression-bench-'));
  mkdirSync(join(root, 'loop-cache'));
  const load = loadavg()[0]!;
  const generated: Record<Simulator, string> = {
    verilator: join(root, 'simulation_main.cpp'),
    icarus: join(root, 'simulation_harness.sv'),
  };
  writeFileSync(generated.verilator, verilatorMain({ trace: false, coverage: true }));
  writeFileSync(generated.icarus, icarusHarness('tb_alu', false));
  const serveArgs = [
    '--workers',
    String(WORKERS),
    '--job-submissions-per-hour',
    '100000',
    '--requests-per-minute',
    '1000000',
  ];
  const figures: Record<Simulator, { platform: Round[]; loop: number[] }> = {
    icarus: { platform: [], loop: [] },
    verilator: { platform: [], loop: [] },
  };
  let service: ServiceProcess | undefined;
  try {
    service = await serveVerification(join(root, 'data'), serveArgs);
    const base = service.url;
    for (const simulator of SIMULATORS) {
      const verify = {
        top_module: 'alu',
        simulation: {
          simulator,
          trace: false,
          coverage: simulator === 'verilator',
          tests: [{ name: 'random', count: RUNS, parameters: { OPS: String(OPS) } }],
        },
      };
      const projectId = await createProjectFrom(
        base,
        `regression-${simulator}`,
        DESIGN,
        'alu',
        {},
        {
          'verify.json': JSON.stringify(verify),
        },
      );
      const warm = await platformRound(base, projectId);
      await loopRound(root, simulator, generated[simulator], warm.seeds);
      for (let round = 0; round < ROUNDS; round += 1) {
        const platform = await platformRound(base, projectId);
        figures[simulator].platform.push(platform);
        figures[simulator].loop.push(await loopRound(root, simulator, generated[simulator], platform.seeds));
      }
    }
  } finally {
    await service?.stop();
    rmSync(root, { recursive: true, force: true });
  }

  console.log(`machine: ${machineDescription()}; ${loadAverage(load)}`);
  console.log('command: npm run bench -- verification-regression');
  console.log(
    `regression: ${RUNS} seeded runs of tb_alu (OPS=${OPS}) on ${WORKERS} workers; ` +
      `${isToolInstalled('ccache') ? 'builds through ccache, caches warm' : 'no ccache: every build compiles'}; ` +
      `median of ${ROUNDS} alternating rounds after one warm-up`,
  );
  console.log(
    '\n| simulator | loop (2 at a time) | platform (client) | platform (its record) | ratio | target |',
  );
  console.log('|---|---:|---:|---:|---:|---|');
  for (const simulator of SIMULATORS) {
    const { platform, loop } = figures[simulator];
    const loopMs = median(loop);
    const clientMs = median(platform.map((round) => round.clientMs));
    const recordMs = median(platform.map((round) => round.recordMs));
    const ratio = clientMs / loopMs;
    console.log(
      `| ${simulator} | ${(loopMs / 1000).toFixed(2)} s | ${(clientMs / 1000).toFixed(2)} s | ` +
        `${(recordMs / 1000).toFixed(2)} s | ${ratio.toFixed(3)} | ${ratio <= 1 + TARGET ? 'met' : 'missed'} |`,
    );
  }
}

await main();
