/** The simulation stage's answer: its status and reason, the counts and the test cases. */
import type { StageOutcome } from '../stage.js';
import type { CoverageDetails, CoverageSummary } from './coverage-results.js';
import type { TestCaseResult } from './test-protocol.js';

// A type, not an interface: a stage's summary must be assignable to Record<string, unknown>.
export type SimulationSummary = {
  tests_passed: number;
  tests_failed: number;
  coverage: CoverageSummary;
};

export interface SimulationDetails {
  simulator: 'verilator' | 'icarus';
  testbench_top: string | null;
  tests: TestCaseResult[];
  coverage: CoverageDetails;
}

export type SimulationOutcome = StageOutcome<SimulationSummary, SimulationDetails>;

export function skippedOutcome(reason: string): StageOutcome {
  return { status: 'skipped', reason, summary: {}, details: null };
}

/** A failure before any test ran: the testbench top not found, or a build error. */
export function notRunOutcome(
  simulator: SimulationDetails['simulator'],
  testbenchTop: string | null,
  reason: string,
): SimulationOutcome {
  return {
    status: 'failed',
    reason,
    summary: {
      tests_passed: 0,
      tests_failed: 0,
      coverage: {
        line: null,
        toggle: null,
        fsm: null,
        reason: 'the simulation did not run',
        fsm_reason: 'the simulation did not run',
      },
    },
    details: { simulator, testbench_top: testbenchTop, tests: [], coverage: { files: [], fsm_machines: [] } },
  };
}

/** Passed when no test failed and at least one passed. */
export function testsOutcome(
  tests: readonly TestCaseResult[],
  coverage: { summary: CoverageSummary; details: CoverageDetails },
  run: { simulator: SimulationDetails['simulator']; testbenchTop: string },
): SimulationOutcome {
  const passed = tests.filter((test) => test.status === 'passed').length;
  const failed = tests.filter((test) => test.status === 'failed');
  const firstFailure = failed[0];
  const reason =
    firstFailure !== undefined
      ? `${failed.length} of ${tests.length} tests failed; first: ${firstFailure.name}: ${firstFailure.reason ?? 'failed'}`
      : passed === 0
        ? 'the testbench reported no tests'
        : undefined;
  return {
    status: reason === undefined ? 'passed' : 'failed',
    ...(reason === undefined ? {} : { reason }),
    summary: { tests_passed: passed, tests_failed: failed.length, coverage: coverage.summary },
    details: {
      simulator: run.simulator,
      testbench_top: run.testbenchTop,
      tests: [...tests],
      coverage: coverage.details,
    },
  };
}
