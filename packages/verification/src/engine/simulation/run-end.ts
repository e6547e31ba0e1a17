/** How a build or a simulation run ended, in the words the stage's results use, and what its JUnit file says. */
import { join } from 'node:path';
import { readJUnitFile } from './junit.js';
import type { StepOutput } from './step-runner.js';
import { SIMULATION_TEST_NAME, type TestCaseResult } from './test-protocol.js';

type Settings = { timeout_seconds: number };

export const exitedNormally = (result: StepOutput) => result.exitCode === 0 && !result.timedOut;

export function buildFailure(tool: string, build: StepOutput, settings: Settings): string {
  if (build.timedOut)
    return `the ${tool} build ran past the stage's time-out of ${settings.timeout_seconds} s`;
  const cause =
    build.firstError ?? (build.signal !== null ? `killed by ${build.signal}` : `exit code ${build.exitCode}`);
  return `the ${tool} build failed: ${cause}`;
}

/** Why the simulation did not end normally, or null when it did. */
export function abnormalEnd(run: StepOutput, settings: Settings): string | null {
  if (run.timedOut) return `the simulation ran past the stage's time-out of ${settings.timeout_seconds} s`;
  if (exitedNormally(run)) return null;
  const fallback =
    run.signal !== null
      ? `the simulation was killed by ${run.signal}`
      : `the simulation exited with code ${run.exitCode}`;
  return run.firstFatal ?? run.firstError ?? fallback;
}

/** The JUnit file's tests, an abnormal end or a missing file recorded as a failed test. */
export async function junitResults(
  runDir: string,
  junit: string,
  ended: string | null,
): Promise<TestCaseResult[]> {
  const report = await readJUnitFile(join(runDir, junit), junit);
  const tests = 'tests' in report ? report.tests : [];
  const failure = ended ?? ('error' in report ? report.error : null);
  return failure === null
    ? tests
    : [...tests, { name: SIMULATION_TEST_NAME, status: 'failed', reason: failure }];
}
