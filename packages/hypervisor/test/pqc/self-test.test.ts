import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runKnownAnswerTests } from '../../src/pqc/acvp.js';
import { ALGORITHMS, algorithm, type SignatureAlgorithm } from '../../src/pqc/algorithms.js';
import { DEFAULT_PAIRWISE, pairwiseConsistency, runSelfTest } from '../../src/pqc/self-test.js';

const ML_SETS = ALGORITHMS.filter((a) => a.family !== 'SLH-DSA').map((a) => a.name);

describe('PQC self-test', () => {
  it('passes by default, with the known-answer tests and a pairwise test per ML-KEM and ML-DSA set', () => {
    const report = runSelfTest();
    expect(report.passed).toBe(true);
    expect(report.failed).toBe(0);
    expect(report.total).toBe(report.tests.length);
    expect(Number.isNaN(Date.parse(report.started_at))).toBe(false);
    expect(report.duration_ms).toBeGreaterThanOrEqual(0);

    const kats = report.tests.filter((t) => t.kind === 'kat');
    expect(kats).toHaveLength(runKnownAnswerTests().length);
    const pairwise = report.tests.filter((t) => t.kind === 'pairwise');
    expect(ML_SETS).toEqual([
      'ML-KEM-512',
      'ML-KEM-768',
      'ML-KEM-1024',
      'ML-DSA-44',
      'ML-DSA-65',
      'ML-DSA-87',
    ]);
    expect(DEFAULT_PAIRWISE).toEqual(ML_SETS);
    expect(pairwise.map((t) => t.name)).toEqual(ML_SETS.map((name) => `${name} pairwise consistency`));
    expect(pairwise.every((t) => t.passed && ML_SETS.includes(t.algorithm))).toBe(true);
    expect(report.total).toBe(kats.length + ML_SETS.length);
  });

  it('runs the pairwise tests of the algorithms it is given, SLH-DSA included', () => {
    const report = runSelfTest({ algorithms: ['SLH-DSA-SHA2-128f'] });
    expect(report.passed).toBe(true);
    expect(report.tests.filter((t) => t.kind === 'pairwise').map((t) => t.name)).toEqual([
      'SLH-DSA-SHA2-128f pairwise consistency',
    ]);
  });

  it('fails, naming the cause, when the vectors are gone', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hv-self-test-'));
    try {
      const report = runSelfTest({ vectorsDir: dir, algorithms: ['ML-KEM-512'] });
      expect(report.passed).toBe(false);
      expect(report.failed).toBe(5);
      expect(report.tests.find((t) => !t.passed)?.error).toMatch(/is missing/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('pairwise consistency', () => {
  it.each(ML_SETS)('passes on fresh keys of %s', (name) => {
    const alg = algorithm(name);
    expect(() => pairwiseConsistency(alg)).not.toThrow();
    expect(() => pairwiseConsistency(alg, alg.keygen())).not.toThrow();
  });

  it('throws for a KEM key pair whose halves come from two key generations', () => {
    const kem = algorithm('ML-KEM-768');
    const [a, b] = [kem.keygen(), kem.keygen()];
    expect(() => pairwiseConsistency(kem, { publicKey: a.publicKey, secretKey: b.secretKey })).toThrow(
      'decapsulation did not recover the shared secret',
    );
  });

  it('throws for a signature key pair whose halves come from two key generations', () => {
    const dsa = algorithm('ML-DSA-65');
    const [a, b] = [dsa.keygen(), dsa.keygen()];
    expect(() => pairwiseConsistency(dsa, { publicKey: a.publicKey, secretKey: b.secretKey })).toThrow(
      'a fresh signature did not verify',
    );
  });

  it('throws for a signature scheme that accepts a signature over a changed message', () => {
    const lenient: SignatureAlgorithm = {
      ...(algorithm('ML-DSA-44') as SignatureAlgorithm),
      verify: () => true,
    };
    expect(() => pairwiseConsistency(lenient)).toThrow('a signature verified over a changed message');
  });
});
