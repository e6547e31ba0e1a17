/**
 * A regression's plan: the runs a `simulation.tests` list expands to, each with its seed, and the
 * builds they share. Verilator fixes parameters when it compiles the model (`-G`) and Icarus when
 * it elaborates (`-P`), so every distinct set of parameter overrides is one build, shared by the
 * runs that have it.
 *
 * Seeds: a test entry's `seed` is its run's (with `count` n, the runs get seed, seed + 1, ...);
 * the others are drawn from the regression's seed (`simulation.seed`, else one drawn per job), so
 * a job given the recorded regression seed runs every test with the seed it had. A run's seed is
 * the first 31 bits of SHA-256 over the regression seed, the test's name and the run's number,
 * 0 read as 1: seeds stay in 1 to 2^31 - 1, a positive Verilog `integer`.
 */
import { createHash, randomInt } from 'node:crypto';
import { MAX_SEED, type RegressionTest } from '../../domain/verify-config.js';

export interface RegressionBuild {
  parameters: Record<string, string>;
}

export interface RegressionRun {
  /** The test's name, or `<name>.<n>` for the n-th of its `count` runs. */
  name: string;
  seed: number;
  plusargs: string[];
  /** The index of its build in the plan's builds. */
  build: number;
}

export interface RegressionPlan {
  seed: number;
  builds: RegressionBuild[];
  runs: RegressionRun[];
}

/** A regression seed for a job that gives none. */
export function drawRegressionSeed(): number {
  return randomInt(1, MAX_SEED + 1);
}

/** The seed of run `index` (0-based) of test `name` in a regression of seed `regressionSeed`. */
export function derivedSeed(regressionSeed: number, name: string, index: number): number {
  const digest = createHash('sha256').update(`${regressionSeed}/${name}/${index}`).digest();
  return digest.readUInt32BE(0) & MAX_SEED || 1;
}

/** seed, seed + 1, ... within 1 to MAX_SEED. */
const nextSeed = (seed: number, index: number) => ((seed - 1 + index) % MAX_SEED) + 1;

/** The parameter set as one key: the same overrides in another order are the same build. */
const parameterKey = (parameters: Record<string, string>) =>
  JSON.stringify(Object.entries(parameters).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

export function planRegression(tests: readonly RegressionTest[], regressionSeed: number): RegressionPlan {
  const builds: RegressionBuild[] = [];
  const buildOf = new Map<string, number>();
  const runs: RegressionRun[] = [];
  for (const test of tests) {
    const key = parameterKey(test.parameters);
    let build = buildOf.get(key);
    if (build === undefined) {
      build = builds.push({ parameters: { ...test.parameters } }) - 1;
      buildOf.set(key, build);
    }
    for (let index = 0; index < test.count; index += 1) {
      runs.push({
        name: test.count === 1 ? test.name : `${test.name}.${index + 1}`,
        seed:
          test.seed === undefined
            ? derivedSeed(regressionSeed, test.name, index)
            : nextSeed(test.seed, index),
        plusargs: [...test.plusargs],
        build,
      });
    }
  }
  return { seed: regressionSeed, builds, runs };
}

/** The build's parameter overrides on the testbench top, as each simulator takes them. */
export function parameterArgs(
  simulator: 'verilator' | 'icarus',
  testbenchTop: string,
  parameters: Record<string, string>,
): string[] {
  return Object.entries(parameters).map(([name, value]) =>
    simulator === 'verilator' ? `-G${name}=${value}` : `-P${testbenchTop}.${name}=${value}`,
  );
}

/**
 * The seed as plusargs: `+seed=N`, which the testbench reads with `$value$plusargs("seed=%d", seed)`,
 * and for Verilator `+verilator+seed+N`, the seed of its own `$urandom` and randomisation.
 */
export function seedPlusargs(simulator: 'verilator' | 'icarus', seed: number): string[] {
  return simulator === 'verilator' ? [`+seed=${seed}`, `+verilator+seed+${seed}`] : [`+seed=${seed}`];
}
