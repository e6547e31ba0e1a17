import { describe, expect, it } from 'vitest';
import {
  RunningMoments,
  tvlaVerdict,
  welchT,
  type PointStatistics,
  type WelchResult,
} from '../../../src/engine/crypto/welch.js';
import { seeded } from './seeded.js';

function momentsOf(values: readonly number[]): RunningMoments {
  const moments = new RunningMoments();
  for (const value of values) moments.push(value);
  return moments;
}

/** The textbook two-pass mean and sample variance, as the reference for Welford's update. */
function twoPass(values: readonly number[]): { mean: number; variance: number } {
  const mean = values.reduce((sum, x) => sum + x, 0) / values.length;
  const variance = values.reduce((sum, x) => sum + (x - mean) ** 2, 0) / (values.length - 1);
  return { mean, variance };
}

const finite = (t: number): WelchResult => ({ t });
const flat = (meansDiffer: boolean): WelchResult => ({ t: null, zeroVariance: true, meansDiffer });

describe('RunningMoments', () => {
  it('matches the two-pass formulas on random data', () => {
    const random = seeded(7);
    const values = Array.from({ length: 1000 }, () => random() * 200 - 100);
    const moments = momentsOf(values);
    const reference = twoPass(values);
    expect(moments.n).toBe(1000);
    expect(moments.mean).toBeCloseTo(reference.mean, 10);
    expect(moments.variance).toBeCloseTo(reference.variance, 8);
  });

  it('stays accurate on a large offset, where Σx² − (Σx)²/n cancels', () => {
    const random = seeded(11);
    const noise = Array.from({ length: 1000 }, () => random());
    const shifted = momentsOf(noise.map((x) => 1e9 + x));
    // The variance does not depend on the offset, so the unshifted data is the reference.
    expect(shifted.variance).toBeCloseTo(twoPass(noise).variance, 6);
  });

  it('has no variance below two values and no mean before the first', () => {
    const moments = new RunningMoments();
    expect(moments.mean).toBeNaN();
    moments.push(3);
    expect(moments.mean).toBe(3);
    expect(moments.variance).toBeNaN();
    moments.push(5);
    expect(moments.variance).toBe(2);
  });

  it('refuses a value that is not a finite number', () => {
    expect(() => new RunningMoments().push(Number.NaN)).toThrow(RangeError);
    expect(() => new RunningMoments().push(Infinity)).toThrow(RangeError);
  });
});

describe('welchT', () => {
  it('computes the hand-worked example', () => {
    // a = [1, 2, 3, 4]:     mean 10/4 = 2.5, variance (2.25 + 0.25 + 0.25 + 2.25)/3 = 5/3
    // b = [2, 4, 6, 8, 10]: mean 30/5 = 6,   variance (16 + 4 + 0 + 4 + 16)/4 = 10
    // standard error √(5/3/4 + 10/5) = √(0.416667 + 2) = √2.416667 = 1.554563
    // t = (2.5 − 6) / 1.554563 = −2.251436
    const result = welchT(momentsOf([1, 2, 3, 4]), momentsOf([2, 4, 6, 8, 10]));
    expect(result.t).toBeCloseTo(-2.251436, 6);
  });

  it('takes plain statistics as well as running moments', () => {
    const a: PointStatistics = { n: 4, mean: 2.5, variance: 5 / 3 };
    const b: PointStatistics = { n: 5, mean: 6, variance: 10 };
    expect(welchT(b, a).t).toBeCloseTo(2.251436, 6);
  });

  it('reports an undefined t when both groups are constant, with whether the constants differ', () => {
    expect(welchT(momentsOf([7, 7, 7]), momentsOf([7, 7]))).toEqual(flat(false));
    expect(welchT(momentsOf([7, 7, 7]), momentsOf([9, 9]))).toEqual(flat(true));
  });

  it('uses the formula when only one group is constant', () => {
    // a = [7, 7, 7]: mean 7, variance 0. b = [8, 10]: mean 9, variance 2.
    // t = (7 − 9) / √(0/3 + 2/2) = −2
    expect(welchT(momentsOf([7, 7, 7]), momentsOf([8, 10]))).toEqual({ t: -2 });
  });

  it('needs two samples in each group', () => {
    expect(() => welchT(momentsOf([1]), momentsOf([1, 2]))).toThrow(/group a needs at least 2 samples/);
    expect(() => welchT({ n: 3, mean: 1, variance: 1 }, { n: 0, mean: 0, variance: 0 })).toThrow(RangeError);
    expect(() => welchT({ n: 3, mean: 1, variance: -1 }, { n: 3, mean: 0, variance: 1 })).toThrow(RangeError);
  });
});

describe('tvlaVerdict', () => {
  const threshold = 4.5;

  it('does not leak when only one run exceeds at a point', () => {
    const verdict = tvlaVerdict(
      [
        [finite(1), finite(9)],
        [finite(-2), finite(3)],
      ],
      threshold,
    );
    expect(verdict).toEqual({
      leaking: false,
      leakingPoints: [],
      maxAbsT: 9,
      infinitePoints: 0,
      zeroVariancePoints: 0,
    });
  });

  it('leaks where both runs exceed at the same point, whatever the signs', () => {
    const verdict = tvlaVerdict(
      [
        [finite(0.5), finite(-6), finite(5)],
        [finite(1), finite(7.5), finite(4.5)],
      ],
      threshold,
    );
    expect(verdict.leaking).toBe(true);
    expect(verdict.leakingPoints).toEqual([1]);
    expect(verdict.maxAbsT).toBe(7.5);
  });

  it('does not leak when the runs exceed at different points', () => {
    const verdict = tvlaVerdict(
      [
        [finite(10), finite(0)],
        [finite(0), finite(-10)],
      ],
      threshold,
    );
    expect(verdict.leaking).toBe(false);
    expect(verdict.leakingPoints).toEqual([]);
  });

  it('counts a constant difference as exceeding and equal constants as no evidence', () => {
    const verdict = tvlaVerdict(
      [
        [flat(true), flat(false), flat(true), finite(2)],
        [finite(5), finite(9), flat(false), flat(true)],
      ],
      threshold,
    );
    // Point 0: both exceed (unbounded, 5). Point 1: equal constants never exceed. Point 2: one
    // run alone. Point 3: one run alone.
    expect(verdict.leakingPoints).toEqual([0]);
    expect(verdict.infinitePoints).toBe(3);
    expect(verdict.zeroVariancePoints).toBe(2);
    expect(verdict.maxAbsT).toBe(9);
  });

  it('reports 0 as the largest |t| when no point has a finite t', () => {
    expect(tvlaVerdict([[flat(false)], [flat(false)]], threshold).maxAbsT).toBe(0);
  });

  it('compares runs of different lengths on the points both have', () => {
    const verdict = tvlaVerdict([[finite(6), finite(6), finite(6)], [finite(6)]], threshold);
    expect(verdict.leakingPoints).toEqual([0]);
  });

  it('takes exactly two runs and a positive threshold', () => {
    expect(() => tvlaVerdict([[finite(1)]], threshold)).toThrow(/exactly two runs, got 1/);
    expect(() => tvlaVerdict([[], [], []], threshold)).toThrow(RangeError);
    expect(() => tvlaVerdict([[], []], 0)).toThrow(RangeError);
  });
});
