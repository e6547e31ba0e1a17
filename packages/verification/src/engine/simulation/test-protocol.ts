/**
 * The test protocol: how a testbench tells the simulation stage about its tests, by printing
 * lines (with `$display`) on its standard output.
 *
 *     TESTS <total>            optional, first: how many tests will run (progress shows n/total;
 *                              without it the total is the number finished so far)
 *     TEST <name> START        optional: <name> is now running (names the failure if the
 *                              simulation dies before the test reports)
 *     TEST <name> PASS         <name> passed
 *     TEST <name> FAIL <why>   <name> failed, for the reason given on the rest of the line
 *
 * `<name>` is one word (no spaces); keywords are upper case; leading spaces are allowed. Every
 * PASS or FAIL line is one test. Other lines are ordinary output.
 *
 * Whatever the lines say, a `$fatal`, a nonzero exit, a time-out or an end without `$finish`
 * is a failure too: it is recorded as a failed test named after the test in progress (the last
 * START without a result) or `<simulation>`, with the simulator's message as the reason. A test
 * that STARTed but never reported in a simulation that ended normally fails as well.
 *
 * A testbench that prints no TEST (or TESTS) line at all is read by the conventions of
 * `simulation.pass_pattern` and `simulation.fail_pattern` (domain/output-conventions.ts): a run
 * with a line matching either is one test, failed when a line matches the fail pattern or the
 * run ended abnormally (the first such line, or the abnormal end, is the reason), passed
 * otherwise. Once a TEST line is seen, those patterns are no verdict.
 *
 * A testbench may instead write a JUnit XML file (`simulation.junit` in verify.json): its test
 * cases are then read from that file and TEST lines are ignored (see junit.ts).
 */
import { DEFAULT_FAIL_PATTERN, DEFAULT_PASS_PATTERN } from '../../domain/output-conventions.js';
import { compileLinePattern, type LinePattern } from '../../domain/line-pattern.js';

export interface TestCaseResult {
  name: string;
  status: 'passed' | 'failed';
  reason?: string;
  time_seconds?: number;
}

/** The name of the failure recorded when no test was in progress. */
export const SIMULATION_TEST_NAME = '<simulation>';

const TOTAL_LINE = /^\s*TESTS\s+(\d+)\s*$/;
const TEST_LINE = /^\s*TEST\s+(\S+)\s+(START|PASS|FAIL)(?:\s+(.*?))?\s*$/;

/** Whether a line is a protocol FAIL line (the logs show it as an error). */
export function isFailLine(line: string): boolean {
  return TEST_LINE.exec(line)?.[2] === 'FAIL';
}

const roundSeconds = (seconds: number) => Math.round(seconds * 1000) / 1000;

/** How a run without TEST lines is read: the one test's name, and the patterns of its verdict. */
export interface OutputConventions {
  name: string;
  pass: LinePattern;
  fail: LinePattern;
}

/** A failing line given as the reason is cut here. */
const MAX_REASON_LENGTH = 1000;

/** The conventions of the simulation settings (patterns checked when the job was submitted). */
export function outputConventions(
  patterns: { pass_pattern: string; fail_pattern: string },
  name: string,
): OutputConventions {
  return {
    name,
    pass: compileLinePattern(patterns.pass_pattern),
    fail: compileLinePattern(patterns.fail_pattern),
  };
}

const defaultConventions = () =>
  outputConventions(
    { pass_pattern: DEFAULT_PASS_PATTERN, fail_pattern: DEFAULT_FAIL_PATTERN },
    SIMULATION_TEST_NAME,
  );

/** Reads the protocol lines of one simulation run, in order. */
export class TestProtocol {
  readonly tests: TestCaseResult[] = [];
  private announcedTotal: number | null = null;
  private running: { name: string; startedAt: number } | null = null;
  /** When the last test ended (or the run began): a test without START is timed from here. */
  private lastMark = 0;
  /** Whether a TESTS or TEST line was seen: then the conventional lines are no verdict. */
  private protocolSeen = false;
  private conventionalFailure: string | null = null;
  private conventionalPass = false;

  constructor(private readonly conventions: OutputConventions = defaultConventions()) {}

  get completed(): number {
    return this.tests.length;
  }

  /** The announced total, never less than the tests already finished. */
  get total(): number {
    return Math.max(this.announcedTotal ?? 0, this.completed);
  }

  /** The test that STARTed and has not reported yet. */
  get inProgress(): string | null {
    return this.running?.name ?? null;
  }

  /**
   * Takes one output line, seen `atSeconds` after the run began; answers true when the line
   * changed the progress (a total announced or a test finished).
   */
  accept(line: string, atSeconds: number): boolean {
    const total = TOTAL_LINE.exec(line);
    if (total !== null) {
      this.protocolSeen = true;
      this.announcedTotal = Number(total[1]);
      return true;
    }
    const test = TEST_LINE.exec(line);
    if (test === null) {
      if (!this.protocolSeen) this.acceptConventional(line);
      return false;
    }
    this.protocolSeen = true;
    const [, name = '', verb, rest] = test;
    if (verb === 'START') {
      this.running = { name, startedAt: atSeconds };
      return false;
    }
    const startedAt = this.running?.name === name ? this.running.startedAt : this.lastMark;
    if (this.running?.name === name) this.running = null;
    this.lastMark = atSeconds;
    this.tests.push({
      name,
      status: verb === 'PASS' ? 'passed' : 'failed',
      ...(verb === 'FAIL'
        ? { reason: rest === undefined || rest === '' ? 'the testbench reported FAIL' : rest }
        : {}),
      time_seconds: roundSeconds(atSeconds - startedAt),
    });
    return true;
  }

  private acceptConventional(line: string): void {
    if (this.conventionalFailure === null && this.conventions.fail.test(line)) {
      this.conventionalFailure = line.trim().slice(0, MAX_REASON_LENGTH);
    } else if (!this.conventionalPass && this.conventions.pass.test(line)) {
      this.conventionalPass = true;
    }
  }

  /**
   * Ends the run: a test left in progress fails, with `abnormalEnd` as the reason when the
   * simulation did not end normally; an abnormal end with no test in progress is recorded as
   * `<simulation>`. A run of conventional lines only is its one test. Answers true when it added
   * a test.
   */
  finish(abnormalEnd: string | null, atSeconds: number): boolean {
    if (!this.protocolSeen && (this.conventionalFailure !== null || this.conventionalPass)) {
      const reason = this.conventionalFailure ?? abnormalEnd;
      this.tests.push({
        name: this.conventions.name,
        status: reason === null ? 'passed' : 'failed',
        ...(reason === null ? {} : { reason }),
        time_seconds: roundSeconds(atSeconds),
      });
      return true;
    }
    const running = this.running;
    this.running = null;
    if (running === null && abnormalEnd === null) return false;
    this.tests.push({
      name: running?.name ?? SIMULATION_TEST_NAME,
      status: 'failed',
      reason: abnormalEnd ?? 'the test started but reported neither PASS nor FAIL',
      time_seconds: roundSeconds(atSeconds - (running?.startedAt ?? this.lastMark)),
    });
    return true;
  }
}
