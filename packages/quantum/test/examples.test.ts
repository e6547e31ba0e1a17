import { describe, expect, it } from 'vitest';
import { getBackend } from '../src/backends/registry.js';
import { EXAMPLES, exampleSource } from '../src/examples.js';
import { expectAppError } from '@lab/server-kit/testing';
import { importQasm } from '../src/qasm/importer.js';
import { expectFits, marginal } from './support/stats.js';

/** Every example's ideal distribution, worked out by hand (see the comments in each file). */
const EXPECTED: Record<string, Record<string, number>> = {
  bell: { '00': 0.5, '11': 0.5 },
  ghz: { '00000': 0.5, '11111': 0.5 },
  qft: { '0110': 1 },
  // Two Grover iterations over N = 8: sin^2(5 asin(1/sqrt 8)) = 121/128 for the marked item.
  grover: Object.fromEntries(
    Array.from({ length: 8 }, (_, i) => [i.toString(2).padStart(3, '0'), i === 5 ? 121 / 128 : 1 / 128]),
  ),
  'bernstein-vazirani': { '1011': 1 },
  'deutsch-jozsa': { '111': 1 },
  'phase-estimation': { '0101': 1 },
};

async function run(name: string, shots = 2000): Promise<Record<string, number>> {
  const { circuit } = importQasm(exampleSource(name), { file: `${name}.qasm` });
  const result = await getBackend('local_simulator')
    .run(circuit, { shots, seed: 7, noise: { loss: 0 } })
    .result();
  return result.getCounts();
}

describe('the starter examples', () => {
  it('include the eight the CLI promises, each with a description', () => {
    expect(EXAMPLES.map((e) => e.name)).toEqual(
      expect.arrayContaining([
        'bell',
        'ghz',
        'qft',
        'grover',
        'teleport',
        'bernstein-vazirani',
        'deutsch-jozsa',
        'phase-estimation',
      ]),
    );
    for (const e of EXAMPLES) expect(e.description.length).toBeGreaterThan(10);
  });

  for (const [name, expected] of Object.entries(EXPECTED)) {
    it(`${name} gives its textbook distribution`, async () => {
      expectFits(await run(name), expected);
    });
  }

  it('teleport delivers ry(1.2)|0>: the received bit is 1 with probability sin^2(0.6), whatever m reads', async () => {
    const counts = await run('teleport', 4000);
    const p1 = Math.sin(0.6) ** 2;
    expectFits(marginal(counts, [2]), { '0': 1 - p1, '1': p1 });
    expectFits(marginal(counts, [0, 1]), { '00': 0.25, '01': 0.25, '10': 0.25, '11': 0.25 });
  });

  it('refuses an unknown name, listing the known ones', () => {
    expectAppError(() => exampleSource('shor'), 'EXAMPLE_NOT_FOUND', 'shor', 'bell');
  });
});
