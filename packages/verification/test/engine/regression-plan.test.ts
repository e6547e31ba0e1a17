/** A regression's plan: runs and names, seeds given, stepped and derived, builds per parameter set. */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MAX_SEED, type RegressionTest } from '../../src/domain/verify-config.js';
import {
  derivedSeed,
  drawRegressionSeed,
  parameterArgs,
  planRegression,
  seedPlusargs,
} from '../../src/engine/simulation/regression-plan.js';

const test = (entry: Partial<RegressionTest> & { name: string }): RegressionTest => ({
  count: 1,
  parameters: {},
  plusargs: [],
  ...entry,
});

describe('planRegression', () => {
  it('expands counts into numbered runs, seeds given stepping by one', () => {
    const plan = planRegression(
      [test({ name: 'a', seed: 10, count: 3 }), test({ name: 'b', seed: MAX_SEED, count: 2 })],
      5,
    );
    expect(plan.runs.map(({ name, seed }) => [name, seed])).toEqual([
      ['a.1', 10],
      ['a.2', 11],
      ['a.3', 12],
      ['b.1', MAX_SEED],
      ['b.2', 1],
    ]);
    expect(plan.seed).toBe(5);
  });

  it('derives the other seeds from the regression seed, the name and the run', () => {
    const plan = planRegression([test({ name: 'r', count: 2 })], 77);
    const expected = (index: number) =>
      createHash('sha256').update(`77/r/${index}`).digest().readUInt32BE(0) & 0x7fffffff;
    expect(plan.runs.map((run) => run.seed)).toEqual([expected(0), expected(1)]);
    expect(planRegression([test({ name: 'r', count: 2 })], 77)).toEqual(plan);
    expect(planRegression([test({ name: 'r', count: 2 })], 78).runs[0]!.seed).not.toBe(plan.runs[0]!.seed);
    for (let seed = 1; seed < 200; seed += 1) {
      const derived = derivedSeed(seed, 'x', 0);
      expect(derived).toBeGreaterThanOrEqual(1);
      expect(derived).toBeLessThanOrEqual(MAX_SEED);
    }
  });

  it('shares one build among the tests of the same parameters, whatever their order', () => {
    const plan = planRegression(
      [
        test({ name: 'a' }),
        test({ name: 'b', parameters: { W: '4', D: '2' } }),
        test({ name: 'c', parameters: { D: '2', W: '4' } }),
        test({ name: 'd', parameters: { W: '8' } }),
        test({ name: 'e' }),
      ],
      1,
    );
    expect(plan.builds.map((build) => build.parameters)).toEqual([{}, { W: '4', D: '2' }, { W: '8' }]);
    expect(plan.runs.map((run) => run.build)).toEqual([0, 1, 1, 2, 0]);
  });

  it('draws regression seeds in 1 to 2^31 - 1', () => {
    for (let i = 0; i < 100; i += 1) {
      const seed = drawRegressionSeed();
      expect(Number.isInteger(seed) && seed >= 1 && seed <= MAX_SEED).toBe(true);
    }
  });
});

describe('simulator arguments', () => {
  it('overrides parameters with -G for Verilator and -P<top>. for Icarus', () => {
    expect(parameterArgs('verilator', 'tb', { WIDTH: '8', MODE: "4'hA" })).toEqual([
      '-GWIDTH=8',
      "-GMODE=4'hA",
    ]);
    expect(parameterArgs('icarus', 'tb', { WIDTH: '8' })).toEqual(['-Ptb.WIDTH=8']);
  });

  it('passes the seed as +seed=N, and to Verilator as +verilator+seed+N too', () => {
    expect(seedPlusargs('icarus', 9)).toEqual(['+seed=9']);
    expect(seedPlusargs('verilator', 9)).toEqual(['+seed=9', '+verilator+seed+9']);
  });
});
