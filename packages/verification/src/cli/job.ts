/**
 * `verifyctl job ...`: submit a job (and wait for it, with a live view, its log, a JUnit file and
 * an exit code a CI system can use), list, show and cancel jobs, read their logs and results.
 * Every command talks to a running platform through the SDK (`target.ts` finds it).
 */
import { writeFileSync } from 'node:fs';
import { Option, type Command } from 'commander';
import type { Job, LogEntry, PlatformClient, StageName } from '../client/index.js';
import { collect, parseOverrides } from './config-overrides.js';
import { jobExitCode } from './exit-codes.js';
import { jobSummary, resultsTable, stageResultText } from './job-summary.js';
import { createJobView } from './job-view.js';
import { startWait } from './job-wait.js';
import { addJsonOption, emit, EXIT, fields, printJson, table, type JsonFlag } from './output.js';
import { commandSettings, clientFor, projectOf } from './target.js';

interface SubmitFlags extends JsonFlag {
  project?: string;
  stages?: string[];
  set: string[];
  wait?: boolean;
  follow?: boolean;
  junit?: string;
  cancelOnInterrupt?: boolean;
}

interface LogsFlags extends JsonFlag {
  follow?: boolean;
  stage?: string;
  tail?: number;
}

function stageList(value: string): string[] {
  return value
    .split(',')
    .map((stage) => stage.trim())
    .filter((stage) => stage !== '');
}

function positiveInteger(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1)
    throw new Error(`expected a whole number from 1: '${value}'`);
  return Number(value);
}

const logLine = (entry: Pick<LogEntry, 'stage' | 'message'>) => `[${entry.stage}] ${entry.message}`;

/** Writes the job's JUnit report, rendered by the platform (`POST /jobs/{id}/reports`), to `file`. */
async function writeJunit(client: PlatformClient, jobId: string, file: string): Promise<void> {
  writeFileSync(file, (await client.jobs.report(jobId, { format: 'junit' })).data);
}

/**
 * Follows the job to its end and sets the exit code from how it ended; shared by `submit --wait`
 * and `logs -f`. `view` shows the stages live; `logs` prints the log lines (stage-prefixed).
 */
async function followToEnd(
  client: PlatformClient,
  jobId: string,
  options: {
    view: boolean;
    logs: boolean;
    stage?: string;
    skipUntil?: LogEntry;
    json: boolean;
    cancelOnInterrupt: boolean;
  },
): Promise<Job | undefined> {
  const wait = startWait(client, jobId, { cancelOnInterrupt: options.cancelOnInterrupt });
  const view = options.view
    ? createJobView(await client.jobs.get(jobId), { err: process.stderr, out: process.stdout })
    : undefined;
  let skipping = options.skipUntil;
  const outcome = await wait.follow((message) => {
    view?.update(message);
    if (!options.logs || message.type !== 'log') return;
    if (options.stage !== undefined && message.stage !== options.stage) return;
    if (skipping !== undefined) {
      // The stream replays the log from its start: pass over what --tail printed already.
      if (message.timestamp === skipping.timestamp && message.message === skipping.message)
        skipping = undefined;
      return;
    }
    if (options.json) process.stdout.write(`${JSON.stringify(message)}\n`);
    else if (view !== undefined) view.print(logLine(message));
    else process.stdout.write(`${logLine(message)}\n`);
  });
  view?.stop();
  if (!outcome.ended) {
    process.exitCode = EXIT.error;
    return undefined;
  }
  process.exitCode = jobExitCode(outcome.job);
  return outcome.job;
}

function addSubmit(job: Command): void {
  addJsonOption(
    job
      .command('submit')
      .description('Submit a verification job; with --wait, follow it and exit 0 passed, 1 failed, 2 error')
      .option('--project <id>', "the project (default: VERIFY_PROJECT or the context's project)")
      .option('--stages <list>', 'comma-separated, e.g. lint,formal (default: all four)', stageList)
      .option(
        '--set <key=value>',
        'a verify.json setting for this job, e.g. formal.depth=30 (repeatable)',
        collect,
        [],
      )
      .option('--wait', 'follow the job to its end: a live view on stderr, a summary, the exit code')
      .option('-f, --follow', 'with --wait: print the log lines as they arrive (implies --wait)')
      .option(
        '--junit <file>',
        "write the job's tests, properties and crypto checks as JUnit XML (implies --wait)",
      )
      .option('--cancel-on-interrupt', 'Ctrl-C cancels the job instead of only stopping the wait'),
  ).action(async (flags: SubmitFlags, command: Command) => {
    const settings = commandSettings(command);
    const client = clientFor(settings);
    const projectId = projectOf(settings);
    const overrides = await parseOverrides(flags.set);
    const submitted = await client.jobs.submit(projectId, {
      ...(flags.stages === undefined ? {} : { stages: flags.stages as StageName[] }),
      ...(flags.set.length === 0 ? {} : { config_overrides: overrides }),
    });
    const wait = flags.wait === true || flags.follow === true || flags.junit !== undefined;
    if (!wait) {
      emit(
        flags,
        submitted,
        (s) => `${s.job_id} ${s.status}; stages: ${s.stages.join(', ')}; estimated ${s.estimated_duration}`,
      );
      return;
    }
    process.stderr.write(`submitted ${submitted.job_id} (stages: ${submitted.stages.join(', ')})\n`);
    const ended = await followToEnd(client, submitted.job_id, {
      view: true,
      logs: flags.follow === true,
      json: false,
      cancelOnInterrupt: flags.cancelOnInterrupt === true,
    });
    if (ended === undefined) return;
    const exitCode = process.exitCode as number;
    if (flags.junit !== undefined) await writeJunit(client, ended.job_id, flags.junit);
    if (flags.json === true) printJson(ended);
    else process.stdout.write(`${jobSummary(ended, await client.jobs.results(ended.job_id), exitCode)}\n`);
  });
}

function addList(job: Command): void {
  addJsonOption(
    job
      .command('list')
      .description("List a project's jobs, newest first")
      .option('--project <id>', "the project (default: VERIFY_PROJECT or the context's project)")
      .addOption(
        new Option('--status <status>', 'only jobs in this state').choices([
          'queued',
          'running',
          'passed',
          'failed',
          'cancelled',
        ]),
      )
      .option('--page <n>', 'page, from 1', positiveInteger)
      .option('--per-page <n>', 'jobs a page', positiveInteger),
  ).action(
    async (
      flags: JsonFlag & { project?: string; status?: Job['status']; page?: number; perPage?: number },
      command: Command,
    ) => {
      const settings = commandSettings(command);
      const list = await clientFor(settings).jobs.list(projectOf(settings), {
        ...(flags.status === undefined ? {} : { status: flags.status }),
        ...(flags.page === undefined ? {} : { page: flags.page }),
        ...(flags.perPage === undefined ? {} : { per_page: flags.perPage }),
      });
      emit(flags, list, (answer) =>
        [
          table(
            [
              { header: 'JOB', value: (row: Job) => row.job_id },
              { header: 'STATUS', value: (row: Job) => row.status },
              { header: 'STAGES', value: (row: Job) => row.stages.join(',') },
              { header: 'SUBMITTED', value: (row: Job) => row.submitted_at },
              { header: 'DURATION', value: (row: Job) => row.duration ?? '-' },
            ],
            answer.jobs as Job[],
          ),
          `${answer.jobs.length} of ${answer.total} (page ${answer.page})`,
        ].join('\n'),
      );
    },
  );
}

function showJob(job: Job): string {
  return [
    fields([
      ['job', job.job_id],
      ['project', job.project_id],
      ['status', job.status],
      ['submitted', job.submitted_at],
      ['started', job.started_at],
      ['finished', job.finished_at],
      ['duration', job.duration ?? `estimated ${job.estimated_duration}`],
      [
        'error',
        job.error === undefined ? undefined : `${job.error.code} in ${job.error.stage}: ${job.error.message}`,
      ],
    ]),
    '',
    table(
      [
        { header: 'STAGE', value: (name: string) => name },
        { header: 'STATUS', value: (name: string) => job.progress[name]?.status ?? '-' },
        { header: 'DURATION', value: (name: string) => job.progress[name]?.duration ?? '-' },
        { header: 'PROGRESS', value: (name: string) => job.progress[name]?.progress ?? '-' },
        { header: 'REASON', value: (name: string) => job.progress[name]?.reason ?? '' },
      ],
      job.stages,
    ),
  ].join('\n');
}

function addShowAndCancel(job: Command): void {
  addJsonOption(
    job.command('show').description('A job and the status of each stage').argument('<id>', 'job id'),
  ).action(async (id: string, flags: JsonFlag, command: Command) => {
    emit(flags, await clientFor(commandSettings(command)).jobs.get(id), showJob);
  });
  addJsonOption(
    job.command('cancel').description('Cancel a queued or running job').argument('<id>', 'job id'),
  ).action(async (id: string, flags: JsonFlag, command: Command) => {
    emit(flags, await clientFor(commandSettings(command)).jobs.cancel(id), (answer) =>
      answer.status === 'cancelled'
        ? `${answer.job_id} cancelled`
        : `${answer.job_id} is being cancelled: its tools are stopped, then it ends cancelled`,
    );
  });
}

function addLogs(job: Command): void {
  addJsonOption(
    job
      .command('logs')
      .description("A job's log; -f follows it until the job ends (exit code as submit --wait's)")
      .argument('<id>', 'job id')
      .option('-f, --follow', 'follow the log until the job ends')
      .option('--stage <stage>', "only this stage's lines (or platform, the runner's own)")
      .option('--tail <n>', 'only the last N lines (then, with -f, the new ones)', positiveInteger),
  ).action(async (id: string, flags: LogsFlags, command: Command) => {
    const client = clientFor(commandSettings(command));
    const tailed =
      flags.follow === true && flags.tail === undefined
        ? undefined
        : await client.jobs.logs(id, {
            ...(flags.stage === undefined ? {} : { stage: flags.stage }),
            ...(flags.tail === undefined ? {} : { tail: flags.tail }),
          });
    if (tailed !== undefined) {
      if (flags.json === true && flags.follow !== true) printJson(tailed);
      else
        for (const entry of tailed.logs)
          process.stdout.write(`${flags.json === true ? JSON.stringify(entry) : logLine(entry)}\n`);
    }
    if (flags.follow !== true) return;
    const lastPrinted = tailed?.logs.at(-1);
    await followToEnd(client, id, {
      view: false,
      logs: true,
      json: flags.json === true,
      cancelOnInterrupt: false,
      ...(flags.stage === undefined ? {} : { stage: flags.stage }),
      ...(lastPrinted === undefined ? {} : { skipUntil: lastPrinted }),
    });
  });
}

function addResults(job: Command): void {
  addJsonOption(
    job
      .command('results')
      .description("A job's results per stage, or one stage's in full")
      .argument('<id>', 'job id')
      .option('--stage <stage>', 'one stage (lint, simulation, formal or crypto), with its details')
      .addOption(
        new Option('--output <format>', 'junit: the JUnit XML the platform renders').choices([
          'table',
          'junit',
        ]),
      ),
  ).action(async (id: string, flags: JsonFlag & { stage?: StageName; output?: string }, command: Command) => {
    const client = clientFor(commandSettings(command));
    if (flags.output === 'junit') {
      const xml = await client.jobs.report(id, {
        format: 'junit',
        ...(flags.stage === undefined ? {} : { include: [flags.stage] }),
      });
      process.stdout.write(xml.data);
      return;
    }
    if (flags.stage !== undefined) {
      const stage = await client.jobs.stageResults(id, flags.stage);
      emit(flags, stage, (answer) => stageResultText(answer));
      return;
    }
    emit(flags, await client.jobs.results(id), resultsTable);
  });
}

export function addJobCommands(program: Command): void {
  const job = program.command('job').description('Submit verification jobs and read their logs and results');
  addSubmit(job);
  addList(job);
  addShowAndCancel(job);
  addLogs(job);
  addResults(job);
}
