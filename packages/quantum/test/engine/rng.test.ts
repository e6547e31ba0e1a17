import { describe, expect, it } from 'vitest';
import { MAX_SEED, createRng, randomSeed } from '../../src/engine/rng.js';
import { expectFits } from '../support/stats.js';

describe('createRng', () => {
  it('is reproducible per seed and stream, and differs across them', () => {
    const draw = (seed: number, stream = 0) => {
      const rng = createRng(seed, stream);
      return Array.from({ length: 8 }, () => rng.next());
    };
    expect(draw(1)).toEqual(draw(1));
    expect(draw(1)).not.toEqual(draw(2));
    expect(draw(1, 0)).not.toEqual(draw(1, 1));
    // seeds above 2^32 are not folded onto small ones
    expect(draw(2 ** 40 + 1)).not.toEqual(draw(1));
    expect(draw(MAX_SEED)).not.toEqual(draw(MAX_SEED - 1));
    expect(draw(0).every((x) => x >= 0 && x < 1)).toBe(true);
  });

  it('draws uniformly on [0, 1)', () => {
    const rng = createRng(12345);
    const bins: Record<string, number> = {};
    const probs: Record<string, number> = {};
    for (let b = 0; b < 20; b += 1) probs[b] = 1 / 20;
    for (let i = 0; i < 40000; i += 1) {
      const x = rng.next();
      expect(x >= 0 && x < 1).toBe(true);
      const b = String(Math.floor(x * 20));
      bins[b] = (bins[b] ?? 0) + 1;
    }
    expectFits(bins, probs);
  });

  it('fills all 53 bits of a double', () => {
    const rng = createRng(3);
    let lowBits = 0;
    for (let i = 0; i < 1000; i += 1) if ((rng.next() * 2 ** 53) % 2 === 1) lowBits += 1;
    expect(lowBits).toBeGreaterThan(400);
    expect(lowBits).toBeLessThan(600);
  });
});

describe('randomSeed', () => {
  it('returns a non-negative integer seed below 2^48', () => {
    const seeds = Array.from({ length: 20 }, () => randomSeed());
    for (const s of seeds) {
      expect(Number.isInteger(s)).toBe(true);
      expect(s).toBeGreaterThanOrEqual(0);
      expect(s).toBeLessThan(2 ** 48);
    }
    expect(new Set(seeds).size).toBeGreaterThan(1);
  });
});
