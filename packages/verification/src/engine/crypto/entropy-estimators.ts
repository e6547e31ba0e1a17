/**
 * Min-entropy estimators of NIST SP 800-90B (January 2018), section 6.3, for the samples of an
 * entropy source: 6.3.1 most common value (any samples), and 6.3.2 collision, 6.3.3 Markov and
 * 6.3.4 compression (binary samples only, as the final 90B restricts them). Each answers
 * min-entropy per sample in bits, with the document's 99% confidence bounds (z = 2.576), so a
 * source is credited with no more entropy than its samples support. The other six estimators of
 * 6.3 (t-tuple, LRS and the predictors) are not implemented, so an assessment here is never below,
 * and may be above, a full 90B non-IID assessment of the same data.
 *
 * assessMinEntropy combines them as section 3.1.3 does: for binary samples the least of the four;
 * otherwise the least of the most common value on the samples (H_original) and bitsPerSample times
 * the least of the four on the samples' bits, most significant first (H_bitstring).
 *
 * Where the document leaves a corner open, the choice follows NIST's reference implementation
 * (github.com/usnistgov/SP800-90B_EntropyAssessment), named at each place.
 */

export type Samples = Uint8Array | readonly number[];

export type EstimatorName = 'most_common_value' | 'collision' | 'markov' | 'compression';

export interface EstimatorResult {
  name: EstimatorName;
  /** Per sample of what it was applied to: per bit for the bitstring. */
  minEntropy: number;
  appliedTo: 'samples' | 'bitstring';
}

export interface MinEntropyAssessment {
  /** Per sample. */
  minEntropy: number;
  estimators: EstimatorResult[];
}

/** The compression estimate's block size b and dictionary size d, in blocks. */
export interface CompressionParameters {
  blockBits: number;
  dictionaryBlocks: number;
}

/** The document's b = 6 and d = 1000 (its worked example alone uses d = 4). */
export const COMPRESSION_PARAMETERS: Readonly<CompressionParameters> = Object.freeze({
  blockBits: 6,
  dictionaryBlocks: 1000,
});

/**
 * The normal quantile of every confidence bound in 6.3 (99%, z at 1 − 0.005), as the document
 * prints it. NIST's reference implementation uses 2.5758293…, so results that depend on it differ
 * from the reference's in about the fifth decimal.
 */
const Z = 2.576;

/** The compression estimate's factor c of σ̂, for the dependence between successive log-distances. */
const COMPRESSION_C = 0.5907;

const log2 = Math.log2;

function checkSamples(samples: Samples, estimator: string): void {
  for (let i = 0; i < samples.length; i++) {
    const sample = samples[i]!;
    if (!Number.isInteger(sample) || sample < 0) {
      throw new RangeError(`${estimator}: sample ${i} is ${sample}, not a non-negative integer`);
    }
  }
}

function checkBits(bits: Samples, estimator: string): void {
  for (let i = 0; i < bits.length; i++) {
    const bit = bits[i]!;
    if (bit !== 0 && bit !== 1) {
      throw new RangeError(`${estimator} applies to binary samples only: sample ${i} is ${bit}`);
    }
  }
}

function needAtLeast(count: number, least: number, estimator: string, what: string): void {
  if (count < least) throw new RangeError(`${estimator} needs at least ${least} ${what}, got ${count}`);
}

/** 6.3.1: the most common value's proportion, bounded above at 99% confidence. */
export function mostCommonValue(samples: Samples): number {
  checkSamples(samples, 'the most common value estimate');
  needAtLeast(samples.length, 2, 'the most common value estimate', 'samples');
  const counts = new Map<number, number>();
  let mode = 0;
  for (const sample of samples) {
    const count = (counts.get(sample) ?? 0) + 1;
    counts.set(sample, count);
    mode = Math.max(mode, count);
  }
  const length = samples.length;
  const pHat = mode / length;
  const pUpper = Math.min(1, pHat + Z * Math.sqrt((pHat * (1 - pHat)) / (length - 1)));
  return -log2(pUpper);
}

/**
 * 6.3.2: the mean time to the first repeated value, from the start and again after each
 * repetition. In binary data that time is 2 (the next bit repeats the first) or 3 (the first two
 * differ, so the third repeats one of them). A collision cut off by the end of the data is not
 * counted.
 */
export function collision(bits: Samples): number {
  checkBits(bits, 'the collision estimate');
  let twos = 0;
  let threes = 0;
  let index = 0;
  while (index + 1 < bits.length) {
    if (bits[index] === bits[index + 1]) {
      twos++;
      index += 2;
    } else if (index + 2 < bits.length) {
      threes++;
      index += 3;
    } else {
      break;
    }
  }
  const v = twos + threes;
  needAtLeast(v, 2, 'the collision estimate', 'collisions (6 bits always give 2)');
  const mean = (2 * twos + 3 * threes) / v;
  const sigma = Math.sqrt((twos * (2 - mean) ** 2 + threes * (3 - mean) ** 2) / (v - 1));
  const meanLowerBound = mean - (Z * sigma) / Math.sqrt(v);
  return -log2(collisionProbability(meanLowerBound));
}

/**
 * The binary search of 6.3.2: the most likely value's probability p ∈ [½, 1] whose expected
 * collision time is the bound X̄'. The document states the equation as
 *
 *     X̄' = p·q⁻²·(1 + ½(p⁻¹ − q⁻¹))·F(q) − p·q⁻¹·½(p⁻¹ − q⁻¹),   q = 1 − p,
 *
 * with F(1/z) = Γ(3, z)·z⁻³·eᶻ, which is q + 2q² + 2q³ at z = 1/q since Γ(3, z) = 2e⁻ᶻ(1 + z + z²/2),
 * and solves it by binary search. Expanded, the right side is exactly 2 + 2p(1 − p), the expected
 * time of a binary collision (2 with probability p² + q², else 3), so its root ½ + √(5/4 − X̄'/2)
 * is taken directly: the value the search converges to, without the printed form's loss of
 * precision as q → 0. NIST's reference implementation does the same. A bound of 2.5 or more has no
 * root (the data look at least as random as fair coins) and gives p = ½; one of 2 or less,
 * possible only for nearly constant data, gives p = 1, as the reference implementation clamps it.
 */
function collisionProbability(meanLowerBound: number): number {
  if (meanLowerBound >= 2.5) return 0.5;
  return 0.5 + Math.sqrt(1.25 - 0.5 * Math.max(2, meanLowerBound));
}

/**
 * 6.3.3: a first-order Markov model of the bits (initial and transition probabilities), and the
 * probability of the likeliest 128-bit sequence under it, taken among the six candidates the
 * document lists (constant, alternating, or one change, from either start). A transition from a
 * value that never occurs before the last bit has probability 0, as in NIST's reference
 * implementation.
 */
export function markov(bits: Samples): number {
  checkBits(bits, 'the Markov estimate');
  needAtLeast(bits.length, 2, 'the Markov estimate', 'bits');
  let [c00, c01, c10, c11] = [0, 0, 0, 0];
  for (let i = 0; i + 1 < bits.length; i++) {
    if (bits[i] === 0) {
      if (bits[i + 1] === 0) c00++;
      else c01++;
    } else if (bits[i + 1] === 0) c10++;
    else c11++;
  }
  const p0 = (c00 + c01 + (bits[bits.length - 1] === 0 ? 1 : 0)) / bits.length;
  const p1 = 1 - p0;
  const [p00, p01] = transitionProbabilities(c00, c01);
  const [p10, p11] = transitionProbabilities(c10, c11);
  const likeliest = Math.max(
    p0 * p00 ** 127,
    p0 * p01 ** 64 * p10 ** 63,
    p0 * p01 * p11 ** 126,
    p1 * p10 * p00 ** 126,
    p1 * p10 ** 64 * p01 ** 63,
    p1 * p11 ** 127,
  );
  return Math.min(-log2(likeliest) / 128, 1);
}

/** The probabilities of moving to 0 and to 1 from a value, given how often each happened. */
function transitionProbabilities(toZero: number, toOne: number): [number, number] {
  const total = toZero + toOne;
  return total === 0 ? [0, 0] : [toZero / total, toOne / total];
}

/**
 * 6.3.4: Maurer's universal statistic. The bits are cut into b-bit blocks; the first d fill a
 * dictionary of where each block value was last seen, and every later block contributes
 * log₂ of its distance back to its value's last occurrence (its own position when the value was
 * never seen). The mean of those, bounded below, is matched to the mean expected of a source
 * whose likeliest block has probability p and whose others share the rest evenly.
 */
export function compression(
  bits: Samples,
  parameters: CompressionParameters = COMPRESSION_PARAMETERS,
): number {
  checkBits(bits, 'the compression estimate');
  const { blockBits, dictionaryBlocks } = checkedCompressionParameters(parameters);
  const blocks = Math.floor(bits.length / blockBits);
  // v = blocks − d tested blocks, and σ̂ needs two of them.
  needAtLeast(
    bits.length,
    (dictionaryBlocks + 2) * blockBits,
    'the compression estimate',
    `bits (${dictionaryBlocks} dictionary blocks and 2 tested blocks of ${blockBits} bits)`,
  );
  const lastSeen = new Float64Array(2 ** blockBits);
  let sum = 0;
  let sumOfSquares = 0;
  for (let i = 1; i <= blocks; i++) {
    let block = 0;
    for (let j = 0; j < blockBits; j++) block = block * 2 + bits[(i - 1) * blockBits + j]!;
    if (i > dictionaryBlocks) {
      const distance = log2(lastSeen[block] === 0 ? i : i - lastSeen[block]!);
      sum += distance;
      sumOfSquares += distance * distance;
    }
    lastSeen[block] = i;
  }
  const v = blocks - dictionaryBlocks;
  const mean = sum / v;
  // The document's σ̂ = c·√(Σ log₂² D / (v − 1) − X̄²), kept as printed; the radicand is never
  // negative but for rounding.
  const sigma = COMPRESSION_C * Math.sqrt(Math.max(0, sumOfSquares / (v - 1) - mean * mean));
  const meanLowerBound = mean - (Z * sigma) / Math.sqrt(v);
  return -log2(compressionProbability(meanLowerBound, blocks, parameters)) / blockBits;
}

function checkedCompressionParameters(parameters: CompressionParameters): CompressionParameters {
  const { blockBits, dictionaryBlocks } = parameters;
  if (!Number.isInteger(blockBits) || blockBits < 1 || blockBits > 16) {
    throw new RangeError(`the compression block size must be 1 to 16 bits, not ${blockBits}`);
  }
  if (!Number.isInteger(dictionaryBlocks) || dictionaryBlocks < 1) {
    throw new RangeError(`the compression dictionary must be at least 1 block, not ${dictionaryBlocks}`);
  }
  return parameters;
}

/**
 * The binary search of 6.3.4: p ∈ [2^-b, 1] with G(p) + (2^b − 1)·G(q) = X̄', where
 * q = (1 − p)/(2^b − 1), for the data's number of blocks. The expected mean falls as p grows, from
 * its value for uniform blocks at p = 2^-b to 0 at p = 1; a bound at or above the uniform value
 * has no solution and gives p = 2^-b, full entropy, as the document directs when the search fails.
 */
export function compressionProbability(
  meanLowerBound: number,
  blocks: number,
  parameters: CompressionParameters = COMPRESSION_PARAMETERS,
): number {
  const { blockBits, dictionaryBlocks } = checkedCompressionParameters(parameters);
  if (!Number.isInteger(blocks) || blocks < dictionaryBlocks + 1) {
    throw new RangeError(
      `the compression estimate needs more than ${dictionaryBlocks} blocks, got ${blocks}`,
    );
  }
  const others = 2 ** blockBits - 1;
  const logs = new Float64Array(blocks + 1);
  for (let i = 1; i <= blocks; i++) logs[i] = log2(i);
  const expectedMean = (p: number) =>
    expectedLogDistance(p, logs, dictionaryBlocks) +
    others * expectedLogDistance((1 - p) / others, logs, dictionaryBlocks);

  let low = 2 ** -blockBits;
  let high = 1;
  if (meanLowerBound >= expectedMean(low)) return low;
  while (high - low > 1e-15) {
    const middle = (low + high) / 2;
    if (middle === low || middle === high) break;
    if (expectedMean(middle) > meanLowerBound) low = middle;
    else high = middle;
  }
  return (low + high) / 2;
}

/**
 * The document's G(z) = (1/v) Σ_{t=d+1..L} Σ_{u=1..t} log₂(u)·F(z, t, u), with
 * F(z, t, u) = z²(1 − z)^(u−1) for u < t (a block of probability z last seen u blocks back) and
 * z(1 − z)^(t−1) for u = t (never seen before), L the number of blocks. The inner sum over u < t
 * grows by one term per t, so it is carried along rather than recomputed.
 */
function expectedLogDistance(z: number, logs: Float64Array, dictionaryBlocks: number): number {
  const blocks = logs.length - 1;
  let earlier = 0; // Σ_{u=1..t−1} log₂(u)·z²(1 − z)^(u−1)
  let power = 1; // (1 − z)^(t−1)
  for (let u = 1; u <= dictionaryBlocks; u++) {
    earlier += logs[u]! * z * z * power;
    power *= 1 - z;
  }
  let total = 0;
  for (let t = dictionaryBlocks + 1; t <= blocks; t++) {
    const weighted = logs[t]! * power;
    total += earlier + weighted * z;
    earlier += weighted * z * z;
    power *= 1 - z;
  }
  return total / (blocks - dictionaryBlocks);
}

/** Each sample's bits, most significant first. */
function bitstring(samples: Samples, bitsPerSample: number): Uint8Array {
  const bits = new Uint8Array(samples.length * bitsPerSample);
  for (let i = 0; i < samples.length; i++) {
    for (let j = 0; j < bitsPerSample; j++) {
      bits[i * bitsPerSample + j] = (samples[i]! >> (bitsPerSample - 1 - j)) & 1;
    }
  }
  return bits;
}

const BINARY_ESTIMATORS: readonly [EstimatorName, (bits: Samples) => number][] = [
  ['most_common_value', mostCommonValue],
  ['collision', collision],
  ['markov', markov],
  ['compression', compression],
];

/**
 * Section 3.1.3's assessment of samples of `bitsPerSample` bits (1 to 8), in bits per sample.
 * An estimator without enough samples throws its RangeError rather than being left out, which
 * would raise the assessment.
 */
export function assessMinEntropy(samples: Samples, bitsPerSample: number): MinEntropyAssessment {
  if (!Number.isInteger(bitsPerSample) || bitsPerSample < 1 || bitsPerSample > 8) {
    throw new RangeError(`bits per sample must be 1 to 8, not ${bitsPerSample}`);
  }
  const limit = 2 ** bitsPerSample;
  for (let i = 0; i < samples.length; i++) {
    const sample = samples[i]!;
    if (!Number.isInteger(sample) || sample < 0 || sample >= limit) {
      throw new RangeError(`sample ${i} is ${sample}, not a ${bitsPerSample}-bit value`);
    }
  }
  if (bitsPerSample === 1) {
    const estimators = BINARY_ESTIMATORS.map(([name, estimate]): EstimatorResult => ({
      name,
      minEntropy: estimate(samples),
      appliedTo: 'samples',
    }));
    return { minEntropy: Math.min(...estimators.map((e) => e.minEntropy)), estimators };
  }
  const original: EstimatorResult = {
    name: 'most_common_value',
    minEntropy: mostCommonValue(samples),
    appliedTo: 'samples',
  };
  const bits = bitstring(samples, bitsPerSample);
  const perBit = BINARY_ESTIMATORS.map(([name, estimate]): EstimatorResult => ({
    name,
    minEntropy: estimate(bits),
    appliedTo: 'bitstring',
  }));
  const bitstringEntropy = Math.min(...perBit.map((e) => e.minEntropy));
  return {
    minEntropy: Math.min(original.minEntropy, bitsPerSample * bitstringEntropy),
    estimators: [original, ...perBit],
  };
}
