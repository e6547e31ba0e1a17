/**
 * Seeded random numbers (xoshiro128**, seeded through splitmix32). The engine never calls
 * Math.random: every draw comes from an `Rng` passed in, so a seed reproduces a run exactly.
 */
import { randomInt } from 'node:crypto';

export interface Rng {
  /** A double in [0, 1) with 53 random bits. */
  next(): number;
}

/** Largest seed accepted: seeds are non-negative safe integers below 2^53. */
export const MAX_SEED = Number.MAX_SAFE_INTEGER;

export function randomSeed(): number {
  // randomInt needs max - min < 2^48.
  return randomInt(0, 2 ** 48 - 1);
}

/** An independent stream for `seed`; `stream` separates, say, measurement draws from noise draws. */
export function createRng(seed: number, stream = 0): Rng {
  let sm = (Math.floor(seed / 2 ** 32) ^ Math.imul(stream + 1, 0x9e3779b9) ^ (seed >>> 0)) >>> 0;
  let lowSeed = seed >>> 0;
  const splitmix = (): number => {
    sm = (sm + 0x9e3779b9) >>> 0;
    let z = sm ^ lowSeed;
    lowSeed = Math.imul(lowSeed ^ (lowSeed >>> 15), 0x2c1b3c6d) >>> 0;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = splitmix();
  let b = splitmix();
  let c = splitmix();
  let d = splitmix();
  if ((a | b | c | d) === 0) a = 1;
  const next32 = (): number => {
    const result = Math.imul(rotl(Math.imul(b, 5), 7), 9) >>> 0;
    const t = b << 9;
    c ^= a;
    d ^= b;
    b ^= c;
    a ^= d;
    c ^= t;
    d = rotl(d, 11);
    return result;
  };
  return {
    next: () => ((next32() >>> 5) * 67108864 + (next32() >>> 6)) / 9007199254740992,
  };
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}
