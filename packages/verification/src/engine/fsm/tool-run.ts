/**
 * Running one tool of the FSM analysis (yosys, cc, fst-dump) to completion: its standard output
 * collected, a cancel turned into an AbortError, and a failure or a time-out into an
 * FsmCoverageUnavailable naming what was being done.
 */
import { runTool } from '../process.js';
import { abortError, FsmCoverageUnavailable } from './errors.js';

export interface AnalysisRun {
  command: string;
  args: readonly string[];
  cwd: string;
  signal: AbortSignal;
  timeoutMs: number;
  /** What the run does, for the reason given when it fails: `yosys reading the design`. */
  purpose: string;
}

/** The lines the tool printed on its standard output. */
export async function runAnalysisTool(run: AnalysisRun): Promise<string[]> {
  const stdout: string[] = [];
  const result = await runTool({
    command: run.command,
    args: run.args,
    cwd: run.cwd,
    signal: run.signal,
    timeoutMs: run.timeoutMs,
    onLine: (line, stream) => {
      if (stream === 'stdout') stdout.push(line);
    },
  }).catch((error: unknown) => {
    throw new FsmCoverageUnavailable(`${run.purpose} failed: ${(error as Error).message}`);
  });
  if (result.cancelled) throw abortError();
  if (result.timedOut)
    throw new FsmCoverageUnavailable(`${run.purpose} took longer than ${run.timeoutMs / 1000} s`);
  if (result.exitCode !== 0) {
    const lines = result.tail.trim().split('\n');
    const said = lines.findLast((line) => /\berror\b/i.test(line))?.trim() ?? lines.slice(-3).join(' | ');
    const status = result.signal ?? `exit code ${result.exitCode}`;
    throw new FsmCoverageUnavailable(`${run.purpose} failed (${status}): ${said}`);
  }
  return stdout;
}
