/**
 * Reading what yosys-smtbmc (Yosys 0.23) prints, line by line as it comes. Its messages carry a
 * time stamp (`##   0:00:01  Checking assertions in step 3..`); the ones read here are:
 *
 *     Checking assumptions in step <n>..          (--presat) bounded check: step <n> (0 = initial state)
 *     Checking assertions in step <n>..
 *     Trying induction in step <n>..              induction: <depth - n> steps assumed so far
 *     Assert failed in <top>: <report>            an assertion fails in the current step
 *     Assert failed in <top>: <report> [failed before]    (--keep-going) failed in an earlier trace
 *     Writing trace to VCD file: <file>           the trace of the failures printed just before
 *     Temporal induction successful.
 *     Assumptions are unsatisfiable!              (--presat) no trace satisfies the assumptions
 *     Status: PASSED | FAILED | PREUNSAT
 */
import type { LogLevel } from '../stage.js';

export type SmtbmcMode = 'bmc' | 'induction';

export interface AssertionFailure {
  /** The property as yosys-smtbmc names it (`Property.report`). */
  report: string;
  /** The step at which it fails; 0 is the initial state. */
  step: number;
  /** The VCD file written for it, as yosys-smtbmc printed its name. */
  trace: string | null;
}

const STEP = /(?:Checking assumptions|Checking assertions|Trying induction) in step (\d+)\.\./;
const ASSERT_FAILED = /Assert failed in \S+: (.*?)( \[failed before\])?$/;
const TRACE = /Writing trace to VCD file: (.+)$/;
const STATUS = /Status: (\w+)/;

export class SmtbmcTranscript {
  /** The step checked (bounded check) or tried (induction) last. */
  step: number | null = null;
  /** Each assertion the bounded check found failing, once, at the first step it fails. */
  readonly failures: AssertionFailure[] = [];
  /** The step at which induction closed. */
  inductionStep: number | null = null;
  unsatisfiableAssumptions = false;
  status: string | null = null;
  private unwritten: Omit<AssertionFailure, 'trace'>[] = [];

  read(line: string): void {
    const step = STEP.exec(line);
    if (step !== null) {
      this.step = Number(step[1]);
      return;
    }
    const failed = ASSERT_FAILED.exec(line);
    if (failed !== null) {
      if (failed[2] === undefined) this.unwritten.push({ report: failed[1] ?? '', step: this.step ?? 0 });
      return;
    }
    const trace = TRACE.exec(line);
    if (trace !== null) this.settle(trace[1] ?? null);
    else if (line.includes('Temporal induction successful.')) this.inductionStep = this.step;
    else if (line.includes('Assumptions are unsatisfiable!')) this.unsatisfiableAssumptions = true;
    const status = STATUS.exec(line);
    if (status !== null) {
      this.status = status[1] ?? null;
      this.settle(null);
    }
  }

  private settle(trace: string | null): void {
    this.failures.push(...this.unwritten.map((failure) => ({ ...failure, trace })));
    this.unwritten = [];
  }
}

/**
 * A failure is an ERROR in the bounded check; in an induction run the same messages only mean
 * that induction did not close, a WARNING.
 */
export function smtbmcLineLevel(line: string, mode: SmtbmcMode): LogLevel {
  if (/Traceback|\bError\b|ERROR/.test(line)) return 'ERROR';
  if (
    /BMC failed!|Assert failed|Status: (?!PASSED)|Assumptions are unsatisfiable|induction failed/.test(line)
  ) {
    return mode === 'bmc' ? 'ERROR' : 'WARNING';
  }
  return 'INFO';
}
