/**
 * Welch's t-test as TVLA uses it (Goodwill et al., 2011, "A testing methodology for side-channel
 * resistance validation"): at each sample point of a power trace, the fixed-secret group against
 * the random-secret group, t = (m₁ − m₂) / √(s₁²/n₁ + s₂²/n₂) with sample variances. A point
 * leaks when |t| exceeds the threshold (4.5 by convention) in two independent runs at the same
 * point; one run alone exceeds it by chance too often over thousands of points.
 *
 * The simulated power model is noiseless, so both groups can be constant at a point: the
 * standard error is then 0 and t is undefined. Such a point is reported as such, with whether
 * the two constants differ (a difference no noise could hide, so it counts as exceeding).
 */

/** One group at one sample point: its size, mean and sample variance (n − 1 denominator). */
export interface PointStatistics {
  n: number;
  mean: number;
  variance: number;
}

export type WelchResult = { t: number } | { t: null; zeroVariance: true; meansDiffer: boolean };

export interface TvlaVerdict {
  leaking: boolean;
  /** The points, in order, where both runs exceed the threshold. */
  leakingPoints: number[];
  /** The largest finite |t| of either run, 0 when there is none. */
  maxAbsT: number;
  /** Zero-variance points whose means differ (an unbounded t), counted over both runs. */
  infinitePoints: number;
  /** Zero-variance points whose means are equal (no evidence either way), counted over both runs. */
  zeroVariancePoints: number;
}

/**
 * Mean and sample variance of a stream, by Welford's update: numerically stable where the
 * textbook Σx² − (Σx)²/n cancels catastrophically, and one trace at a time, so a caller never
 * holds a campaign's traces to compute a point's statistics.
 */
export class RunningMoments implements PointStatistics {
  private count = 0;
  private runningMean = 0;
  /** Σ (x − mean)² over the values so far. */
  private squaredDeviations = 0;

  push(x: number): void {
    if (!Number.isFinite(x)) throw new RangeError(`a sample must be a finite number, not ${x}`);
    this.count++;
    const delta = x - this.runningMean;
    this.runningMean += delta / this.count;
    this.squaredDeviations += delta * (x - this.runningMean);
  }

  get n(): number {
    return this.count;
  }

  /** NaN before the first value. */
  get mean(): number {
    return this.count === 0 ? Number.NaN : this.runningMean;
  }

  /** The sample variance; NaN below two values, where it is undefined. */
  get variance(): number {
    return this.count < 2 ? Number.NaN : this.squaredDeviations / (this.count - 1);
  }
}

function checkGroup(group: PointStatistics, label: string): void {
  if (!Number.isInteger(group.n) || group.n < 2) {
    throw new RangeError(`group ${label} needs at least 2 samples for a sample variance, has ${group.n}`);
  }
  if (!Number.isFinite(group.mean)) throw new RangeError(`group ${label} has a mean of ${group.mean}`);
  if (!Number.isFinite(group.variance) || group.variance < 0) {
    throw new RangeError(`group ${label} has a variance of ${group.variance}`);
  }
}

/** Welch's t of group a against group b. */
export function welchT(a: PointStatistics, b: PointStatistics): WelchResult {
  checkGroup(a, 'a');
  checkGroup(b, 'b');
  if (a.variance === 0 && b.variance === 0) {
    return { t: null, zeroVariance: true, meansDiffer: a.mean !== b.mean };
  }
  return { t: (a.mean - b.mean) / Math.sqrt(a.variance / a.n + b.variance / b.n) };
}

const exceeds = (result: WelchResult, threshold: number) =>
  result.t === null ? result.meansDiffer : Math.abs(result.t) > threshold;

/**
 * The TVLA verdict of two runs' t values per sample point. Runs whose traces had different
 * longest latencies have different lengths; only the points both have are compared, and only
 * those are counted.
 */
export function tvlaVerdict(runs: readonly (readonly WelchResult[])[], threshold: number): TvlaVerdict {
  if (runs.length !== 2) throw new RangeError(`TVLA compares exactly two runs, got ${runs.length}`);
  if (!Number.isFinite(threshold) || threshold <= 0) {
    throw new RangeError(`the threshold must be a positive number, not ${threshold}`);
  }
  const [first, second] = runs as readonly [readonly WelchResult[], readonly WelchResult[]];
  const points = Math.min(first.length, second.length);
  const verdict: TvlaVerdict = {
    leaking: false,
    leakingPoints: [],
    maxAbsT: 0,
    infinitePoints: 0,
    zeroVariancePoints: 0,
  };
  for (let point = 0; point < points; point++) {
    const pair = [first[point]!, second[point]!];
    for (const result of pair) {
      if (result.t !== null) verdict.maxAbsT = Math.max(verdict.maxAbsT, Math.abs(result.t));
      else if (result.meansDiffer) verdict.infinitePoints++;
      else verdict.zeroVariancePoints++;
    }
    if (pair.every((result) => exceeds(result, threshold))) verdict.leakingPoints.push(point);
  }
  verdict.leaking = verdict.leakingPoints.length > 0;
  return verdict;
}
