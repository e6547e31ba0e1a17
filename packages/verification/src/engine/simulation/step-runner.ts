/**
 * Running the stage's tool steps (build, then simulation) within one time budget: each line goes
 * raw to the step's log file in the artifacts, and to the job log with its level and with paths
 * in the stage's work directory shortened (the generated files are named, not the server's
 * directories); a cancel throws an AbortError once the step's processes are gone.
 */
import { createWriteStream } from 'node:fs';
import { join, sep } from 'node:path';
import { finished } from 'node:stream/promises';
import { runTool, type ToolResult } from '../process.js';
import type { StageContext } from '../stage.js';
import { isFatalLine, levelOfLine } from './line-level.js';
import type { ToolStep } from './simulation-plan.js';
import { isFailLine } from './test-protocol.js';

export interface StepOutput extends ToolResult {
  /** The first error the tool printed (not a test's FAIL line), and a simulation's first fatal message. */
  firstError: string | null;
  firstFatal: string | null;
}

/** The error a cancelled stage throws: the job runner recognises it by its name. */
function cancelledError(): Error {
  const error = new Error('the stage was cancelled');
  error.name = 'AbortError';
  return error;
}

export class StepRunner {
  private readonly deadline: number;
  private readonly workDirPrefix: string;

  constructor(
    private readonly context: StageContext,
    budgetSeconds: number,
  ) {
    this.deadline = performance.now() + budgetSeconds * 1000;
    this.workDirPrefix = context.workDir + sep;
  }

  private shown(text: string): string {
    return text.replaceAll(this.workDirPrefix, '');
  }

  /** Runs `step`, writing its output to `logName` in the artifacts (declared as text/plain). */
  async run(step: ToolStep, logName: string, onLine?: (line: string) => void): Promise<StepOutput> {
    const { context } = this;
    if (context.signal.aborted) throw cancelledError();
    const logFile = createWriteStream(join(context.artifactsDir, logName));
    let firstError: string | null = null;
    let firstFatal: string | null = null;
    context.log('INFO', this.shown(`running ${[step.command, ...step.args].join(' ')}`));
    let result: ToolResult;
    try {
      result = await runTool({
        command: step.command,
        args: step.args,
        cwd: step.cwd,
        ...(step.env === undefined ? {} : { env: step.env }),
        // A step past the budget still starts and is stopped at once, reported as timed out.
        timeoutMs: Math.max(1, this.deadline - performance.now()),
        signal: context.signal,
        onLine: (line) => {
          logFile.write(`${line}\n`);
          const shown = this.shown(line);
          const level = levelOfLine(shown);
          context.log(level, shown);
          if (level === 'ERROR' && !isFailLine(shown)) firstError ??= shown.trim();
          if (isFatalLine(shown)) firstFatal ??= shown.trim();
          onLine?.(line);
        },
      });
    } finally {
      logFile.end();
      await finished(logFile);
    }
    if (result.cancelled) throw cancelledError();
    context.artifact(logName, 'text/plain');
    return { ...result, firstError, firstFatal };
  }
}
