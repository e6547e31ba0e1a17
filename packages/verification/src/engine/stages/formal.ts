/**
 * The formal stage: the design's properties checked as SymbiYosys checks them, one task after
 * another (see formal/check.ts for the method, formal/outcome.ts for the verdicts, formal/task.ts
 * for where tasks come from: a .sby file of the project or verify.json). Its files: `formal.log`
 * (every command and output line), `cex_<property>.vcd` (the counterexample of each failing
 * assertion) and `cover_<cover>.vcd` (the trace reaching each cover), named after their task too
 * when the job has several (`<task>_cex_<property>.vcd`).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ResolvedConfig } from '../../domain/verify-config.js';
import { FormalCheck, FormalCheckError } from '../formal/check.js';
import {
  formalOutcome,
  skippedOutcome,
  taskResult,
  type FormalOutcome,
  type TaskResult,
} from '../formal/outcome.js';
import { FormalTaskError, tasksFromConfig, tasksFromSby, type FormalTask } from '../formal/task.js';
import { FormalTimeout, ToolSession } from '../formal/tool-session.js';
import type { Stage, StageContext } from '../stage.js';
import type { ToolName } from '../tools.js';

const LOG_ARTIFACT = 'formal.log';

async function formalTasks(context: StageContext): Promise<FormalTask[]> {
  const { formal, sources, include_dirs, defines } = context.config;
  if (formal.sby !== null) {
    const text = await readFile(join(context.sourceDir, formal.sby), 'utf8');
    return tasksFromSby(text, formal.sby, formal.tasks);
  }
  return tasksFromConfig(formal, { sources, includeDirs: include_dirs, defines, workDir: context.workDir });
}

/** One task's result; a check that reached no verdict is an `error`, keeping what it found. */
async function checkTask(
  context: StageContext,
  session: ToolSession,
  task: FormalTask,
  prefix: string,
): Promise<TaskResult> {
  const taskSession = task.timeoutSeconds === null ? session : session.within(task.timeoutSeconds);
  const check = new FormalCheck(context, taskSession, task, prefix);
  let failure: string | undefined;
  try {
    await check.prepare();
    await check.check();
  } catch (error) {
    if (!(error instanceof FormalCheckError || error instanceof FormalTimeout)) throw error;
    failure = error.message;
  }
  return taskResult({
    mode: task.mode,
    depth: task.depth,
    expect: task.expect,
    engine: check.engine?.line ?? null,
    properties: check.properties,
    verdicts: check.verdicts,
    covers: check.covers,
    ...(failure === undefined ? {} : { failure }),
  });
}

async function runFormal(context: StageContext): Promise<FormalOutcome> {
  const { formal, sources } = context.config;
  if (!formal.enabled) return skippedOutcome(formal.depth, 'formal verification is disabled in verify.json');
  if (sources.length === 0 && formal.sby === null) {
    return skippedOutcome(formal.depth, 'the project has no design sources');
  }
  let tasks: FormalTask[];
  try {
    tasks = await formalTasks(context);
  } catch (error) {
    if (!(error instanceof FormalTaskError)) throw error;
    return { ...skippedOutcome(formal.depth, error.message), status: 'failed' };
  }
  const session = new ToolSession(context, formal.timeout_seconds);
  const results = new Map<string, TaskResult>();
  try {
    for (const task of tasks) {
      if (tasks.length > 1) context.log('INFO', `task ${task.name}: mode ${task.mode}, depth ${task.depth}`);
      results.set(
        task.name,
        await checkTask(context, session, task, tasks.length > 1 ? `${task.name}_` : ''),
      );
    }
  } finally {
    await writeFile(join(context.artifactsDir, LOG_ARTIFACT), session.transcript.join('\n') + '\n');
    context.artifact(LOG_ARTIFACT, 'text/plain');
  }
  return formalOutcome(results);
}

/** yices-smt2 is needed when an engine of verify.json names it; a .sby file's engines are read at run time. */
function formalTools(config: ResolvedConfig): ToolName[] {
  const { formal } = config;
  const lines = [
    ...formal.engines,
    ...Object.values(formal.task_options ?? {}).flatMap((task) => task.engines ?? []),
  ];
  return [
    'yosys',
    'yosys-smtbmc',
    'z3',
    ...(lines.some((line) => line.startsWith('abc')) ? (['yosys-abc'] as const) : []),
    ...(lines.some((line) => /^smtbmc\b(?!.*\bz3\b)/.test(line)) ? (['yices-smt2'] as const) : []),
  ];
}

export const formalStage: Stage = {
  name: 'formal',
  tools: formalTools,
  run: runFormal,
};
