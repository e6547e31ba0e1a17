// The formal stage against the same tool commands run by hand, in the same run. The work: the
// fourteen tasks of packages/verification/test/fixtures/formal/tasks (a dual-clock design with
// multiclock on and off, a FIFO in a wrapper with z3 and yices, covers, a liveness property,
// tri-state drivers with and without `tribuf -formal`, k-induction and abc pdr, and mode live
// with a liveness property that holds, one that fails and one in two instances), depth 12.
// Each round, in alternating order:
// - platform: the compiled `verifyctl serve --workers 1`, the project created once; timed from
//   `POST /projects/{id}/jobs` (stages: formal) to the `job_complete` message of the job's stream.
// - by hand: every command of the warm-up job's formal.log (yosys with the scripts the stage wrote,
//   yosys-smtbmc, yosys-abc), run one after another with spawn in a fresh directory laid out like
//   the job's (the sources, each task's scripts), each in the directory the stage runs it in;
//   before pdr reads a liveness property's safety model, it is made from Yosys's model with the
//   stage's live-to-safe.ts, as the stage makes it (there is no command for it).
// After the warm-up the two are checked to have reached the same answers: the same `Status:`,
// `Property proved.` and `ERROR:` lines, in the same order. Then ROUNDS rounds; medians, and the
// target: the platform within 10 % plus 200 ms per task of the commands by hand.
import { spawn } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { requireTools } from '../packages/server-kit/src/testing/index.js';
import { jobDirectory } from '../packages/verification/src/domain/job-runner.js';
import { readAsciiAiger, writeBinaryAiger } from '../packages/verification/src/engine/formal/aiger.js';
import { liveToSafe } from '../packages/verification/src/engine/formal/live-to-safe.js';
import {
  api,
  createProjectFrom,
  serveVerification,
  submitJob,
  type ServiceProcess,
} from '../packages/verification/test/support/serve.js';
import { loadAverage, machineDescription, median } from './support.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const DESIGNS = fileURLToPath(
  new URL('../packages/verification/test/fixtures/formal/tasks', import.meta.url),
);
const TARGET = { ratio: 1.1, extraMsPerTask: 200 };
/** The lines that carry a verdict, compared between the job's log and the commands by hand. */
const ANSWER = /Status: \w+|Property proved\.|was asserted in frame \d+|ERROR: .*/;

const gate = requireTools(['yosys', 'yosys-smtbmc', 'yosys-abc', 'z3', 'yices-smt2']);
if (gate.skip) {
  console.log(`skipped: ${gate.reason}`);
  process.exit(0);
}

const now = (): number => performance.now();

function jobComplete(base: string, jobId: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/jobs/${jobId}/stream`);
    socket.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString('utf8')) as { type: string; status?: string };
      if (message.type === 'job_complete') resolve(String(message.status));
    });
    socket.on('close', (code) =>
      reject(new Error(`the stream of ${jobId} closed (${code}) before the job ended`)),
    );
    socket.on('error', reject);
  });
}

interface Command {
  tool: string;
  args: string[];
  cwd: string;
}

/**
 * The commands of a job's formal.log, in order, with the directory each ran in: Yosys's model
 * script in the job's copy of the files, every other command in its task's directory.
 */
function commandsOf(jobDir: string): Command[] {
  const formalDir = join(jobDir, 'work/formal');
  let taskDir = formalDir;
  return readFileSync(join(jobDir, 'artifacts/formal.log'), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('$ '))
    .map((line) => {
      const [tool = '', ...rest] = line.slice(2).split(' ');
      // yosys-abc's -c script is one argument holding spaces.
      const args = basename(tool) === 'yosys-abc' ? ['-c', rest.slice(1).join(' ')] : rest;
      if (basename(tool) === 'yosys') {
        const script = args.at(-1) ?? '';
        taskDir = dirname(script);
        return { tool, args, cwd: basename(script) === 'model.ys' ? join(jobDir, 'src') : taskDir };
      }
      return { tool, args, cwd: taskDir };
    });
}

/** A directory laid out like the job's: its sources, and each task's scripts with paths moved. */
function layOut(jobDir: string, dir: string): void {
  cpSync(join(jobDir, 'src'), join(dir, 'src'), { recursive: true });
  for (const task of readdirSync(join(jobDir, 'work/formal'))) {
    const from = join(jobDir, 'work/formal', task);
    mkdirSync(join(dir, 'work/formal', task), { recursive: true });
    for (const file of readdirSync(from).filter((name) => name.endsWith('.ys') || name === 'defines.vh')) {
      writeFileSync(
        join(dir, 'work/formal', task, file),
        readFileSync(join(from, file), 'utf8').replaceAll(jobDir, dir),
      );
    }
  }
}

/** Mode live: the safety model a yosys-abc command reads (`live_<n>_l2s_<j>.aig`), made from `live_<n>.aag`. */
function makeSafetyModel(command: Command): void {
  const safety = /read_aiger ((\S+)_l2s_(\d+)\.aig);/.exec(command.args.join(' '));
  if (basename(command.tool) !== 'yosys-abc' || safety === null) return;
  const model = readAsciiAiger(readFileSync(join(command.cwd, `${safety[2]}.aag`), 'utf8'));
  writeFileSync(join(command.cwd, safety[1]!), writeBinaryAiger(liveToSafe(model, Number(safety[3]))));
}

function runCommand(command: Command, output: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command.tool, command.args, { cwd: command.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.once('error', reject);
    child.once('close', () => {
      output.push(...text.split('\n'));
      resolve();
    });
  });
}

/** Runs the job's commands by hand in a fresh directory; answers the wall time and the output. */
async function byHand(jobDir: string, dir: string): Promise<{ ms: number; output: string[] }> {
  layOut(jobDir, dir);
  const commands = commandsOf(jobDir).map((command) => ({
    ...command,
    args: command.args.map((arg) => arg.replaceAll(jobDir, dir)),
    cwd: command.cwd.replace(jobDir, dir),
  }));
  const output: string[] = [];
  const started = now();
  for (const command of commands) {
    makeSafetyModel(command);
    await runCommand(command, output);
  }
  return { ms: now() - started, output };
}

const answers = (lines: readonly string[]) =>
  lines.map((line) => ANSWER.exec(line)?.[0]).filter((answer) => answer !== undefined);

async function main(): Promise<void> {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'vp-formal-bench-')));
  const dataDir = join(root, 'data');
  let runs = 0;
  const freshDir = () => {
    const dir = join(root, `by-hand-${(runs += 1)}`);
    mkdirSync(dir);
    return dir;
  };
  const load = loadavg()[0]!;
  const rounds: { hand: number; platform: number }[] = [];
  let tasks = 0;
  let commands = 0;
  let service: ServiceProcess | undefined;
  try {
    service = await serveVerification(dataDir, ['--workers', '1']);
    const base = service.url;
    const projectId = await createProjectFrom(base, 'formal-tasks', DESIGNS, 'fifo_top');
    const platform = async () => {
      const started = now();
      const jobId = await submitJob(base, projectId, { stages: ['formal'] });
      await jobComplete(base, jobId);
      return { ms: now() - started, jobId };
    };

    const warmUp = await platform();
    const jobDir = jobDirectory(dataDir, warmUp.jobId);
    const results = await api<{ summary?: unknown; details: { tasks: Record<string, unknown> } }>(
      base,
      'GET',
      `/jobs/${warmUp.jobId}/results/formal`,
    );
    tasks = Object.keys(results.body.details.tasks).length;
    commands = commandsOf(jobDir).length;
    const check = await byHand(jobDir, freshDir());
    const jobAnswers = answers(readFileSync(join(jobDir, 'artifacts/formal.log'), 'utf8').split('\n'));
    if (JSON.stringify(answers(check.output)) !== JSON.stringify(jobAnswers)) {
      throw new Error(
        `the commands by hand answer otherwise than the job:\n${answers(check.output).join('\n')}\n---\n${jobAnswers.join('\n')}`,
      );
    }

    for (let round = 0; round < ROUNDS; round += 1) {
      if (round % 2 === 0) {
        const hand = (await byHand(jobDir, freshDir())).ms;
        rounds.push({ hand, platform: (await platform()).ms });
      } else {
        const platformMs = (await platform()).ms;
        rounds.push({ platform: platformMs, hand: (await byHand(jobDir, freshDir())).ms });
      }
    }
  } finally {
    await service?.stop();
    rmSync(root, { recursive: true, force: true });
  }

  const seconds = (ms: number) => (ms / 1000).toFixed(2);
  const overhead = (hand: number, platform: number) =>
    `${Math.round(platform - hand)} | ${((100 * (platform - hand)) / hand).toFixed(1)} %`;
  console.log(`machine: ${machineDescription()}; ${loadAverage(load)}`);
  console.log('command: npm run bench -- verification-formal');
  console.log(
    `work: test/fixtures/formal/tasks, ${tasks} tasks, ${commands} tool runs (yosys, yosys-smtbmc with z3 and yices, ` +
      `yosys-abc pdr); platform: verifyctl serve --workers 1, submit to job_complete; by hand: the same commands ` +
      `with spawn, one after another; ${ROUNDS} alternating rounds after a warm-up`,
  );
  console.log('\n| round | by hand (s) | platform (s) | overhead (ms) | overhead |');
  console.log('|---:|---:|---:|---:|---:|');
  rounds.forEach((r, i) =>
    console.log(
      `| ${i + 1} | ${seconds(r.hand)} | ${seconds(r.platform)} | ${overhead(r.hand, r.platform)} |`,
    ),
  );
  const hand = median(rounds.map((r) => r.hand));
  const platformMs = median(rounds.map((r) => r.platform));
  const allowed = hand * TARGET.ratio + TARGET.extraMsPerTask * tasks;
  console.log(`\n| figure (median of ${ROUNDS} rounds) | value |`);
  console.log('|---|---:|');
  console.log(`| by hand | ${seconds(hand)} s |`);
  console.log(`| platform | ${seconds(platformMs)} s |`);
  console.log(`| overhead | ${overhead(hand, platformMs).replace(' | ', ' ms (')}) |`);
  console.log(`| ratio | ${(platformMs / hand).toFixed(3)} |`);
  console.log(`| allowed (${seconds(hand)} s × 1.1 + 0.2 s × ${tasks} tasks) | ${seconds(allowed)} s |`);
  console.log(`| target | ${platformMs <= allowed ? 'met' : 'missed'} |`);
}

await main();
