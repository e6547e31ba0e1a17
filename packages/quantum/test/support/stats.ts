/**
 * Goodness-of-fit checks for sampled counts: Pearson's chi-square statistic against the
 * critical value at significance p, by the Wilson–Hilferty approximation
 * χ²_{1-p}(k) ≈ k (1 - 2/(9k) + z_{1-p} √(2/(9k)))³.
 */
import { expect } from 'vitest';

/** The standard normal quantile (Acklam's rational approximation, |error| < 1.2e-9). */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`p must be in (0, 1), got ${p}`);
  const a = [
    -3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1,
    2.506628277459239,
  ];
  const b = [
    -5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1,
    -1.328068155288572e1,
  ];
  const c = [
    -7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968,
    2.938163982698783,
  ];
  const d = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];
  const low = 0.02425;
  const poly = (coef: number[], x: number): number => coef.reduce((acc, k) => acc * x + k, 0);
  if (p < low) {
    const q = Math.sqrt(-2 * Math.log(p));
    return poly(c, q) / (poly(d, q) * q + 1);
  }
  if (p > 1 - low) return -normalQuantile(1 - p);
  const q = p - 0.5;
  const r = q * q;
  return (poly(a, r) * q) / (poly(b, r) * r + 1);
}

/** Critical value of chi-square with `df` degrees of freedom at significance `p` (Wilson–Hilferty). */
export function chiSquareCritical(df: number, p = 0.001): number {
  const z = normalQuantile(1 - p);
  const h = 2 / (9 * df);
  return df * (1 - h + z * Math.sqrt(h)) ** 3;
}

const isMap = (
  x: ReadonlyMap<string, number> | Readonly<Record<string, number>>,
): x is ReadonlyMap<string, number> => x instanceof Map;

export interface ChiSquare {
  readonly statistic: number;
  readonly df: number;
  readonly critical: number;
}

/**
 * Pearson's statistic of observed counts against outcome probabilities. Outcomes whose expected
 * count is under 5 are pooled into one bin; an observed outcome of probability zero is an
 * outright failure (it cannot happen).
 */
export function chiSquare(
  observed: Readonly<Record<string, number>>,
  expected: ReadonlyMap<string, number> | Readonly<Record<string, number>>,
  p = 0.001,
): ChiSquare {
  const probs = new Map<string, number>(isMap(expected) ? expected : Object.entries(expected));
  const shots = Object.values(observed).reduce((a, b) => a + b, 0);
  const total = [...probs.values()].reduce((a, b) => a + b, 0);
  expect(total, 'expected probabilities sum to 1').toBeCloseTo(1, 9);
  for (const key of Object.keys(observed)) {
    if ((probs.get(key) ?? 0) <= 1e-12)
      throw new Error(`outcome '${key}' was observed ${observed[key]} times but has probability 0`);
  }
  let statistic = 0;
  let bins = 0;
  let pooledExpected = 0;
  let pooledObserved = 0;
  for (const [key, prob] of probs) {
    const e = prob * shots;
    const o = observed[key] ?? 0;
    if (e < 5) {
      pooledExpected += e;
      pooledObserved += o;
      continue;
    }
    statistic += (o - e) ** 2 / e;
    bins += 1;
  }
  if (pooledExpected > 0) {
    statistic += (pooledObserved - pooledExpected) ** 2 / Math.max(pooledExpected, 1e-12);
    bins += 1;
  }
  const df = Math.max(1, bins - 1);
  return { statistic, df, critical: chiSquareCritical(df, p) };
}

/** Asserts that counts fit the distribution at p = 0.001. */
export function expectFits(
  observed: Readonly<Record<string, number>>,
  expected: ReadonlyMap<string, number> | Readonly<Record<string, number>>,
): ChiSquare {
  const result = chiSquare(observed, expected);
  expect(
    result.statistic,
    `chi-square ${result.statistic.toFixed(2)} with ${result.df} df (critical ${result.critical.toFixed(2)})`,
  ).toBeLessThan(result.critical);
  return result;
}

/** Marginal counts of some classical bits (positions in the key counted from the right). */
export function marginal(
  counts: Readonly<Record<string, number>>,
  bits: readonly number[],
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [key, n] of Object.entries(counts)) {
    const sub = bits
      .map((b) => key[key.length - 1 - b]!)
      .reverse()
      .join('');
    out[sub] = (out[sub] ?? 0) + n;
  }
  return out;
}

/** Counts tallied from per-shot memory. */
export function tally(memory: readonly string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const m of memory) out[m] = (out[m] ?? 0) + 1;
  return out;
}
