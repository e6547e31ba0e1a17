/**
 * The tool runs of one formal stage: one time budget for all of them (`formal.timeout_seconds`
 * covers the whole stage), every output line logged and kept for `formal.log`, a cancel turned
 * into an AbortError and a spent budget into a FormalTimeout.
 */
import { runTool, type ToolResult } from '../process.js';
import type { LogLevel, StageContext } from '../stage.js';

export class FormalTimeout extends Error {
  override name = 'FormalTimeout';
}

function abortError(): Error {
  const error = new Error('the formal stage was cancelled');
  error.name = 'AbortError';
  return error;
}

export interface SessionRun {
  command: string;
  args: readonly string[];
  cwd: string;
  levelOf: (line: string) => LogLevel;
  onLine?: (line: string) => void;
  /** What the run is doing, in words, for the time-out's reason (`yosys-smtbmc with z3 was at step 7 ...`). */
  activity?: () => string;
}

export class ToolSession {
  private readonly deadline: number;

  constructor(
    private readonly context: StageContext,
    private readonly timeoutSeconds: number,
    /** Every command and output line, in order. */
    readonly transcript: string[] = [],
    outer = Number.POSITIVE_INFINITY,
  ) {
    this.deadline = Math.min(outer, performance.now() + timeoutSeconds * 1000);
  }

  /**
   * A session for part of the work (a task with its own time-out): `seconds` within what is left
   * of this one, logging to the same transcript. Its time-out names the shorter of the two limits.
   */
  within(seconds: number): ToolSession {
    const left = (this.deadline - performance.now()) / 1000;
    return left <= seconds
      ? new ToolSession(this.context, this.timeoutSeconds, this.transcript, this.deadline)
      : new ToolSession(this.context, seconds, this.transcript, this.deadline);
  }

  async run(run: SessionRun): Promise<ToolResult> {
    const remainingMs = this.deadline - performance.now();
    if (this.context.signal.aborted) throw abortError();
    if (remainingMs <= 0) throw this.timeout(run);
    this.transcript.push(`$ ${[run.command, ...run.args].join(' ')}`);
    const result = await runTool({
      command: run.command,
      args: run.args,
      cwd: run.cwd,
      timeoutMs: remainingMs,
      signal: this.context.signal,
      onLine: (line) => {
        this.transcript.push(line);
        this.context.log(run.levelOf(line), line);
        run.onLine?.(line);
      },
    });
    if (result.cancelled) throw abortError();
    if (result.timedOut) throw this.timeout(run);
    return result;
  }

  private timeout(run: SessionRun): FormalTimeout {
    const activity = run.activity === undefined ? '' : `: ${run.activity()}`;
    return new FormalTimeout(`the formal check did not finish within ${this.timeoutSeconds} s${activity}`);
  }
}
