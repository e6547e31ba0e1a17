// What `verifyctl job submit --wait` costs a CI job over scripting the API with curl, in the same
// run. The work: a lint job of examples/counter on the compiled `verifyctl serve --workers 1`, the
// project created once. Each round, in alternating order:
// - cli: the compiled verifyctl (`node bin/verifyctl.js job submit --project P --stages lint --wait`),
//   a new process as a CI step starts it; timed from its spawn to its exit, so its start-up, the
//   WebSocket stream, the summary it reads at the end and its exit are all in.
// - curl: `curl -X POST .../jobs`, then `curl .../jobs/{id}` every 50 ms until the job has ended,
//   each a child process (argument arrays, no shell); timed from the first spawn to the answer
//   that shows the job ended.
// One warm-up of each first. Then ROUNDS rounds; median and 95th percentile of each, the difference
// of the medians, and the target: the CLI adds under 150 ms.
import { execFile, type ExecFileException } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { requireTools } from '../packages/server-kit/src/testing/index.js';
import {
  createExampleProject,
  serveVerification,
  VERIFYCTL,
  type ServiceProcess,
} from '../packages/verification/test/support/serve.js';
import { loadAverage, machineDescription, median, percentile } from './support.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 21);
const POLL_MS = 50;
const TARGET_MS = 150;

const gate = requireTools(['verilator', 'curl']);
if (gate.skip) {
  console.log(`skipped: ${gate.reason}`);
  process.exit(0);
}

/** Runs `command args`; resolves with its standard output and exit code (a non-zero one is not a failure). */
function run(command: string, args: readonly string[], env?: NodeJS.ProcessEnv) {
  return new Promise<{ stdout: string; stderr: string; code: number }>((resolve, reject) => {
    execFile(
      command,
      args,
      { env: env ?? process.env },
      (error: ExecFileException | null, stdout, stderr) => {
        // A process that ran has a numeric exit code; anything else (ENOENT, ...) did not run.
        const code = error === null ? 0 : error.code;
        if (typeof code === 'number') resolve({ stdout, stderr, code });
        else reject(new Error(`${command} did not run: ${error?.message}`, { cause: error }));
      },
    );
  });
}

async function cliRound(origin: string, projectId: string): Promise<number> {
  const started = performance.now();
  const result = await run(
    process.execPath,
    [VERIFYCTL, 'job', 'submit', '--project', projectId, '--stages', 'lint', '--wait'],
    { ...process.env, VERIFY_URL: origin, XDG_CONFIG_HOME: join(tmpdir(), 'vp-cli-bench-no-config') },
  );
  const ms = performance.now() - started;
  if (result.code !== 0) throw new Error(`verifyctl exited ${result.code}: ${result.stderr}`);
  return ms;
}

async function curlRound(base: string, projectId: string): Promise<number> {
  const started = performance.now();
  const submitted = await run('curl', [
    '-sS',
    '-X',
    'POST',
    '-H',
    'content-type: application/json',
    '-d',
    '{"stages":["lint"]}',
    `${base}/projects/${projectId}/jobs`,
  ]);
  const jobId = (JSON.parse(submitted.stdout) as { job_id: string }).job_id;
  for (;;) {
    const job = JSON.parse((await run('curl', ['-sS', `${base}/jobs/${jobId}`])).stdout) as {
      status: string;
    };
    if (job.status === 'passed') return performance.now() - started;
    if (job.status !== 'queued' && job.status !== 'running')
      throw new Error(`job ${jobId} ended ${job.status}`);
    await sleep(POLL_MS);
  }
}

async function main(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'vp-cli-bench-'));
  const load = loadavg()[0]!;
  const rounds: { cli: number; curl: number }[] = [];
  // Where the CLI's time goes: Node's own start and exit, and verifyctl's start-up (its modules
  // loaded, the command parsed, no request made).
  const startUp = async (args: string[]) => {
    const times: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const started = performance.now();
      await run(process.execPath, args);
      times.push(performance.now() - started);
    }
    return median(times);
  };
  const nodeStart = await startUp(['-e', '']);
  const cliStart = await startUp([VERIFYCTL, 'job', 'submit', '--help']);
  let service: ServiceProcess | undefined;
  try {
    // The requests of both (about 20 a round for curl's polling) stay inside one minute's quota.
    service = await serveVerification(join(root, 'data'), [
      '--workers',
      '1',
      '--requests-per-minute',
      '100000',
    ]);
    const base = service.url;
    const origin = base.replace(/\/api\/v1$/, '');
    const projectId = await createExampleProject(base, 'counter', 'counter', 'counter');
    await cliRound(origin, projectId);
    await curlRound(base, projectId);
    // Alternating, so that the machine's drift over the run falls on both alike.
    for (let round = 0; round < ROUNDS; round += 1) {
      if (round % 2 === 0) {
        const cli = await cliRound(origin, projectId);
        rounds.push({ cli, curl: await curlRound(base, projectId) });
      } else {
        const curl = await curlRound(base, projectId);
        rounds.push({ curl, cli: await cliRound(origin, projectId) });
      }
    }
  } finally {
    await service?.stop();
    rmSync(root, { recursive: true, force: true });
  }

  const ms = (value: number) => value.toFixed(0);
  const cli = rounds.map((r) => r.cli);
  const curl = rounds.map((r) => r.curl);
  console.log(`machine: ${machineDescription()}; ${loadAverage(load)}`);
  console.log('command: npm run bench -- verification-cli');
  console.log(
    `work: a lint job of examples/counter (Verilator --lint-only) on verifyctl serve --workers 1, ${ROUNDS} ` +
      `alternating rounds after a warm-up of each; cli: verifyctl job submit --wait, spawn to exit; curl: ` +
      `POST then GET every ${POLL_MS} ms, each a curl process`,
  );
  console.log('\n|  | median (ms) | p95 (ms) |');
  console.log('|---|---:|---:|');
  console.log(`| verifyctl job submit --wait | ${ms(median(cli))} | ${ms(percentile(cli, 95))} |`);
  console.log(`| curl and polling | ${ms(median(curl))} | ${ms(percentile(curl, 95))} |`);
  const added = median(cli) - median(curl);
  console.log(
    `| difference | ${ms(added)} | ${ms(percentile(cli, 95) - percentile(curl, 95))} |\n\n` +
      `start and exit, median of 5: node -e '' ${ms(nodeStart)} ms; verifyctl job submit --help ${ms(cliStart)} ms\n` +
      `target: the CLI adds under ${TARGET_MS} ms (difference of the medians): ${added < TARGET_MS ? 'met' : '**not met**'}`,
  );
}

await main();
