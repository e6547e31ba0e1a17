// What the verification platform adds to a job's tool work, against the same tool commands run by
// a shell script, in the same run. The work: examples/counter with the stages lint, simulation
// (Verilator build with coverage and the FST trace, then the run) and formal (Yosys, the bounded
// check and induction of yosys-smtbmc with z3). Each round, in alternating order:
// - platform: the compiled `verifyctl serve --workers 1` (one job at a time, as the script runs),
//   the project created from examples/counter once; timed from `POST /projects/{id}/jobs` to the
//   `job_complete` message of the job's WebSocket stream.
// - script: bench/verification-baseline.sh, the commands the stages run, in a fresh directory laid
//   out like a job's, with the simulation's C++ main generated before the timing by the stage's own
//   verilatorMain; timed from its start to its exit.
// Both compile through ccache when it is installed, as the stage does, each with its own cache kept
// across its runs (the service's in its data directory). One warm-up of each first, which fills the
// caches, after which the two are checked to have done the same work: the same generated files (the
// C++ main, the Yosys scripts) and the same lint and formal command lines.
// Then ROUNDS rounds; medians, and the target: the platform within 10 % plus 200 ms of the script.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { isToolInstalled, requireTools } from '../packages/server-kit/src/testing/index.js';
import { jobDirectory } from '../packages/verification/src/domain/job-runner.js';
import { verilatorMain } from '../packages/verification/src/engine/simulation/verilator-build.js';
import {
  api,
  createExampleProject,
  serveVerification,
  submitJob,
  type ServiceProcess,
} from '../packages/verification/test/support/serve.js';
import { loadAverage, machineDescription, median } from './support.js';

// A warm run takes about a second: rounds are cheap, and more of them steady the medians.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 11);
const STAGES = ['lint', 'simulation', 'formal'];
const BASELINE = fileURLToPath(new URL('verification-baseline.sh', import.meta.url));
const TARGET = { ratio: 1.1, extraMs: 200 };
// What the script's run and the job must have alike, relative to a job's directory: the files the
// stages generate, and the logs whose `$ ` lines are the command lines run.
const GENERATED_FILES = [
  'work/simulation/simulation_main.cpp',
  'work/simulation/fsm-detect.ys',
  'work/formal/default/model.ys',
  'work/formal/default/prep.ys',
  'work/formal/default/smt2.ys',
];
const COMMAND_LOGS = ['artifacts/lint.log', 'artifacts/formal.log'];

const gate = requireTools(['verilator', 'g++', 'make', 'yosys', 'yosys-smtbmc', 'z3']);
if (gate.skip) {
  console.log(`skipped: ${gate.reason}`);
  process.exit(0);
}

const now = (): number => performance.now();

/** Resolves with the job's final status, from the `job_complete` message of its stream. */
function jobComplete(base: string, jobId: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/jobs/${jobId}/stream`);
    socket.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString('utf8')) as { type: string; status?: string };
      if (message.type === 'job_complete') resolve(String(message.status));
    });
    // After job_complete the server closes the socket; the promise is settled by then.
    socket.on('close', (code) =>
      reject(new Error(`the stream of ${jobId} closed (${code}) before the job ended`)),
    );
    socket.on('error', reject);
  });
}

interface PlatformRun {
  ms: number;
  /** The service's own record of the job: submitted_at to finished_at. */
  recordedMs: number;
  jobId: string;
}

async function platformRun(base: string, projectId: string): Promise<PlatformRun> {
  const started = now();
  const jobId = await submitJob(base, projectId, { stages: STAGES });
  const status = await jobComplete(base, jobId);
  const ms = now() - started;
  if (status !== 'passed') throw new Error(`job ${jobId} ended ${status}, not passed`);
  const job = (await api<{ submitted_at: string; finished_at: string }>(base, 'GET', `/jobs/${jobId}`)).body;
  return { ms, recordedMs: Date.parse(job.finished_at) - Date.parse(job.submitted_at), jobId };
}

/** Runs the script in `dir` (fresh, empty) with the cache `cacheDir`; answers its wall time. */
function scriptRun(mainCpp: string, dir: string, cacheDir: string): Promise<number> {
  const started = now();
  return new Promise((resolve, reject) => {
    const child = spawn('bash', [BASELINE, mainCpp, dir, cacheDir], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolve(now() - started) : reject(new Error(`${BASELINE} exited ${code}: ${stderr}`)),
    );
  });
}

/**
 * Throws unless the script did the job's work: the same generated files and the same lint and
 * formal command lines (an induction that did not close on all assertions together would have
 * made the platform run more). Paths are compared below each one's own directory, and tools
 * by name: the platform runs them by their absolute path.
 */
function assertSameWork(jobDir: string, scriptDir: string): void {
  const read = (root: string, path: string) =>
    readFileSync(join(root, path), 'utf8').replaceAll(root, '<dir>');
  const commandLines = (root: string, log: string) =>
    read(root, log)
      .split('\n')
      .filter((line) => line.startsWith('$ '))
      .map((line) => line.replace(/^\$ \S*\//, '$ '));
  const compared = [
    ...GENERATED_FILES.map((file) => ({
      what: file,
      job: read(jobDir, file),
      script: read(scriptDir, file),
    })),
    ...COMMAND_LOGS.map((log) => ({
      what: `the commands of ${log}`,
      job: commandLines(jobDir, log).join('\n'),
      script: commandLines(scriptDir, log).join('\n'),
    })),
  ];
  for (const { what, job, script } of compared) {
    if (job !== script)
      throw new Error(`the script differs from the job in ${what}:\n${job}\n---\n${script}`);
  }
}

async function main(): Promise<void> {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'vp-overhead-bench-')));
  const dataDir = join(root, 'data');
  const mainCpp = join(root, 'simulation_main.cpp');
  const scriptCache = join(root, 'script-cache');
  mkdirSync(scriptCache);
  // The counter's verify.json keeps the simulation defaults: coverage and trace on.
  writeFileSync(mainCpp, verilatorMain({ trace: true, coverage: true }));
  let runs = 0;
  /** A fresh directory for each run of the script. */
  const scriptDir = () => {
    const dir = join(root, `script-${(runs += 1)}`);
    mkdirSync(dir);
    return dir;
  };

  const load = loadavg()[0]!;
  const rounds: { script: number; platform: PlatformRun }[] = [];
  let service: ServiceProcess | undefined;
  try {
    service = await serveVerification(dataDir, ['--workers', '1']);
    const base = service.url;
    const projectId = await createExampleProject(base, 'counter', 'counter', 'counter');

    const warmUp = await platformRun(base, projectId);
    const warmUpDir = scriptDir();
    await scriptRun(mainCpp, warmUpDir, scriptCache);
    assertSameWork(jobDirectory(dataDir, warmUp.jobId), warmUpDir);

    // Alternating, so that the machine's drift over the run (other work, frequency) falls on both alike.
    const runScript = () => scriptRun(mainCpp, scriptDir(), scriptCache);
    const runPlatform = () => platformRun(base, projectId);
    for (let round = 0; round < ROUNDS; round += 1) {
      if (round % 2 === 0) {
        const script = await runScript();
        rounds.push({ script, platform: await runPlatform() });
      } else {
        const platform = await runPlatform();
        rounds.push({ platform, script: await runScript() });
      }
    }
  } finally {
    await service?.stop();
    rmSync(root, { recursive: true, force: true });
  }

  const seconds = (ms: number) => (ms / 1000).toFixed(2);
  const overhead = (script: number, platform: number) =>
    `${Math.round(platform - script)} | ${((100 * (platform - script)) / script).toFixed(1)} %`;
  console.log(`machine: ${machineDescription()}; ${loadAverage(load)}`);
  console.log('command: npm run bench -- verification-overhead');
  console.log(
    `work: examples/counter, stages ${STAGES.join(', ')} (Verilator build and run with coverage and FST ` +
      'trace; Yosys, yosys-smtbmc bounded check to depth 20 and induction, z3); platform: verifyctl serve ' +
      `--workers 1, submit to job_complete on the WebSocket stream; script: bench/verification-baseline.sh; ` +
      `${isToolInstalled('ccache') ? 'builds through ccache, its caches warm' : 'no ccache: every build compiles'}; ` +
      `${ROUNDS} alternating rounds after a warm-up of each`,
  );
  console.log(
    '\n| round | script (s) | platform (s) | platform, its own record: submitted → finished (s) | overhead (ms) | overhead |',
  );
  console.log('|---:|---:|---:|---:|---:|---:|');
  rounds.forEach((r, i) =>
    console.log(
      `| ${i + 1} | ${seconds(r.script)} | ${seconds(r.platform.ms)} | ${seconds(r.platform.recordedMs)} | ` +
        `${overhead(r.script, r.platform.ms)} |`,
    ),
  );
  const script = median(rounds.map((r) => r.script));
  const platform = median(rounds.map((r) => r.platform.ms));
  console.log(
    `| median (overhead: of the medians) | ${seconds(script)} | ${seconds(platform)} | ${seconds(median(rounds.map((r) => r.platform.recordedMs)))} | ` +
      `${overhead(script, platform)} |`,
  );
  const limit = script * TARGET.ratio + TARGET.extraMs;
  console.log(
    `\ntarget: the platform within 10 % + 200 ms of the script per job: median ${seconds(platform)} s against ` +
      `${seconds(limit)} s allowed (${seconds(script)} s × 1.1 + 0.2 s): ${platform <= limit ? 'met' : '**not met**'}`,
  );
}

await main();
