/** The goodness-of-fit helpers the other tests rely on. */
import { describe, expect, it } from 'vitest';
import { chiSquare, chiSquareCritical, marginal, normalQuantile, tally } from './stats.js';

describe('chi-square helpers', () => {
  it('the normal quantile matches tabulated values', () => {
    expect(normalQuantile(0.999)).toBeCloseTo(3.090232, 5);
    expect(normalQuantile(0.975)).toBeCloseTo(1.959964, 5);
    expect(normalQuantile(0.5)).toBeCloseTo(0, 12);
    expect(normalQuantile(0.001)).toBeCloseTo(-3.090232, 5);
  });

  it('Wilson–Hilferty critical values are close to tabulated ones at p = 0.001', () => {
    for (const [df, table] of [
      [1, 10.828],
      [3, 16.266],
      [7, 24.322],
      [15, 37.697],
      [31, 61.098],
    ] as const) {
      // the approximation is weakest (and errs on the high side) at few degrees of freedom
      expect(Math.abs(chiSquareCritical(df) - table) / table, `df ${df}`).toBeLessThan(
        df <= 3 ? 0.035 : 0.01,
      );
    }
  });

  it('accepts a fair sample and rejects a biased or impossible one', () => {
    const fair = chiSquare({ a: 5020, b: 4980 }, { a: 0.5, b: 0.5 });
    expect(fair.statistic).toBeLessThan(fair.critical);
    const biased = chiSquare({ a: 5300, b: 4700 }, { a: 0.5, b: 0.5 });
    expect(biased.statistic).toBeGreaterThan(biased.critical);
    expect(() => chiSquare({ a: 9, c: 1 }, { a: 0.5, b: 0.5 })).toThrow(/probability 0/);
  });

  it('pools outcomes expected fewer than 5 times', () => {
    const r = chiSquare({ a: 995, b: 3, c: 2 }, { a: 0.995, b: 0.003, c: 0.002 });
    expect(r.df).toBe(1);
    expect(r.statistic).toBeLessThan(r.critical);
  });

  it('marginal and tally', () => {
    expect(marginal({ '101': 3, '001': 2, '110': 1 }, [0])).toEqual({ '1': 5, '0': 1 });
    expect(marginal({ '101': 3, '001': 2, '110': 1 }, [2, 0])).toEqual({ '11': 3, '10': 2, '01': 1 });
    expect(tally(['a', 'b', 'a'])).toEqual({ a: 2, b: 1 });
  });
});
