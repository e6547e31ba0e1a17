/**
 * Reading what yosys-smtbmc (Yosys 0.23) prints, line by line as it comes. Its messages carry a
 * time stamp (`##   0:00:01  Checking assertions in step 3..`); the ones read here are:
 *
 *     Checking assumptions in step <n>..          (--presat) bounded check: step <n> (0 = initial state)
 *     Checking assertions in step <n>..
 *     Trying induction in step <n>..              induction: <depth - n> steps assumed so far
 *     Checking cover reachability in step <n>..   (-c) cover mode: step <n>
 *     Assert failed in <scope>: <report>          an assertion fails in the current step
 *     Assert failed in <scope>: <report> [failed before]  (--keep-going) failed in an earlier trace
 *     Assert failed in <scope>: <report> (step <n>)       (-c) fails in the cover trace at step <n>
 *     Reached cover statement at <report> in step <n>.
 *     Unreached cover statement at <report>.
 *     Writing trace to VCD file: <file>           the trace of the failures printed just before
 *     Temporal induction successful.
 *     Assumptions are unsatisfiable!              (--presat) no trace satisfies the assumptions
 *     Status: PASSED | FAILED | PREUNSAT
 */
import type { LogLevel } from '../stage.js';

export type SmtbmcMode = 'bmc' | 'induction' | 'cover';

export interface AssertionFailure {
  /** The instance holding it (`Property.scope`). */
  scope: string;
  /** The property as yosys-smtbmc names it (`Property.report`). */
  report: string;
  /** The step at which it fails; 0 is the initial state. */
  step: number;
  /** The VCD file written for it, as yosys-smtbmc printed its name. */
  trace: string | null;
}

export interface CoverReached {
  report: string;
  step: number;
  /** The VCD file of the trace reaching it. */
  trace: string | null;
}

const STEP =
  /(?:Checking assumptions|Checking assertions|Trying induction|Checking cover reachability) in step (\d+)\.\./;
const ASSERT_FAILED = /Assert failed in (\S+): (.*?)(?: \(step (\d+)\))?( \[failed before\])?$/;
const REACHED = /Reached cover statement at (.*) in step (\d+)\.$/;
const UNREACHED = /Unreached cover statement at (.*)\.$/;
const TRACE = /Writing trace to VCD file: (.+)$/;
const STATUS = /Status: (\w+)/;

export class SmtbmcTranscript {
  /** The step checked (bounded check) or tried (induction) last. */
  step: number | null = null;
  /** Each assertion the bounded check found failing, once, at the first step it fails. */
  readonly failures: AssertionFailure[] = [];
  /** The step at which induction closed. */
  inductionStep: number | null = null;
  /** Cover mode: each cover reached, at the first step it is. */
  readonly reached: CoverReached[] = [];
  readonly unreached: string[] = [];
  unsatisfiableAssumptions = false;
  status: string | null = null;
  private unwritten: Omit<AssertionFailure, 'trace'>[] = [];
  private unwrittenCovers: Omit<CoverReached, 'trace'>[] = [];

  read(line: string): void {
    const step = STEP.exec(line);
    if (step !== null) {
      this.step = Number(step[1]);
      return;
    }
    const failed = ASSERT_FAILED.exec(line);
    if (failed !== null) {
      if (failed[4] === undefined) {
        const step = failed[3] === undefined ? (this.step ?? 0) : Number(failed[3]);
        this.unwritten.push({ scope: failed[1] ?? '', report: failed[2] ?? '', step });
      }
      return;
    }
    const reached = REACHED.exec(line);
    if (reached !== null) {
      this.unwrittenCovers.push({ report: reached[1] ?? '', step: Number(reached[2]) });
      return;
    }
    const unreached = UNREACHED.exec(line);
    if (unreached !== null) {
      this.unreached.push(unreached[1] ?? '');
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
    this.reached.push(...this.unwrittenCovers.map((cover) => ({ ...cover, trace })));
    this.unwritten = [];
    this.unwrittenCovers = [];
  }
}

/**
 * A failure is an ERROR in the bounded check and in cover mode; in an induction run the same
 * messages only mean that induction did not close, a WARNING.
 */
export function smtbmcLineLevel(line: string, mode: SmtbmcMode): LogLevel {
  if (/Traceback|\bError\b|ERROR/.test(line)) return 'ERROR';
  if (
    /BMC failed!|Assert failed|Unreached cover|Status: (?!PASSED)|Assumptions are unsatisfiable|induction failed/.test(
      line,
    )
  ) {
    return mode === 'induction' ? 'WARNING' : 'ERROR';
  }
  return 'INFO';
}
