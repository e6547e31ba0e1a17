/**
 * The rules of a `simulation.tests` list that its schema cannot state: test names are unique, the
 * runs it expands to (each test's `count`) stay within MAX_REGRESSION_RUNS, and the seed plusargs
 * are the platform's own, so that the seed recorded for a run is the one it ran with.
 */
import { VpErrors } from '../errors.js';
import { CONFIG_FILE, MAX_REGRESSION_RUNS, type RegressionTest } from './verify-config.js';

const SEED_PLUSARG = /^\+(?:seed=|verilator\+seed\+)/;

function refuse(message: string, field: string, suggestion: string): never {
  throw VpErrors.ruleViolation(
    { message: `${CONFIG_FILE}: ${message}` },
    { details: { field, file: CONFIG_FILE, suggestion } },
  );
}

/** Answers the list when it keeps those rules; a VALIDATION_ERROR naming the entry otherwise. */
export function checkRegressionTests(tests: readonly RegressionTest[]): RegressionTest[] {
  const names = new Set<string>();
  let runs = 0;
  tests.forEach((test, index) => {
    const field = `simulation.tests.${index}`;
    if (names.has(test.name)) {
      refuse(
        `${field}.name '${test.name}' names another test too`,
        `${field}.name`,
        'give each test its own name',
      );
    }
    names.add(test.name);
    test.plusargs.forEach((plusarg, at) => {
      if (SEED_PLUSARG.test(plusarg)) {
        refuse(
          `${field}.plusargs.${at} '${plusarg}' sets the seed, which the platform passes itself`,
          `${field}.plusargs.${at}`,
          `give the seed as ${field}.seed`,
        );
      }
    });
    runs += test.count;
  });
  if (runs > MAX_REGRESSION_RUNS) {
    refuse(
      `simulation.tests expands to ${runs} runs, more than ${MAX_REGRESSION_RUNS}`,
      'simulation.tests',
      `lower the tests' counts to ${MAX_REGRESSION_RUNS} runs in all`,
    );
  }
  return [...tests];
}
