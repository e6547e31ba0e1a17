/**
 * The executor's paths: terminal sampling, branching on mid-circuit measurement, reset and
 * conditions (cloned states, and one shot at a time above 20 qubits), against exact
 * distributions at fixed seeds.
 */
import { describe, expect, it } from 'vitest';
import { getBackend } from '../../src/backends/registry.js';
import { Circuit } from '../../src/circuit/circuit.js';
import { lowerCircuit } from '../../src/circuit/lower.js';
import { execute, stateCounts } from '../../src/engine/executor.js';
import { resolveFusion } from '../../src/engine/fusion.js';
import { resolveNoise } from '../../src/engine/noise.js';
import { createRng } from '../../src/engine/rng.js';
import { schedule } from '../../src/engine/schedule.js';
import { circuitDistribution, mulberry32 } from '../support/dense-reference.js';
import { expectFits, tally } from '../support/stats.js';

const ideal = { loss: 0 } as const;
const simulator = () => getBackend('local_simulator');
const run = async (c: Circuit, shots: number, seed: number, threads = 1) =>
  await simulator().run(c, { shots, seed, noise: ideal, memory: true, threads }).result();

/** A random dynamic circuit: gates, mid-circuit measurements, resets and conditioned gates. */
function randomDynamic(seed: number): Circuit {
  const random = mulberry32(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const n = 2 + Math.floor(random() * 3);
  const nc = 2 + Math.floor(random() * 2);
  const c = new Circuit(n, nc);
  const qubit = (): number => Math.floor(random() * n);
  const pair = (): [number, number] => {
    const a = qubit();
    return [a, (a + 1 + Math.floor(random() * (n - 1))) % n];
  };
  const gate = (k: Circuit): void => {
    const kind = pick(['h', 'rx', 'ry', 't', 'sx', 'u3', 'cx', 'cry', 'cz', 'swap']);
    const angle = random() * 6;
    if (kind === 'h') k.h(qubit());
    else if (kind === 'rx') k.rx(angle, qubit());
    else if (kind === 'ry') k.ry(angle, qubit());
    else if (kind === 't') k.t(qubit());
    else if (kind === 'sx') k.sx(qubit());
    else if (kind === 'u3') k.u3(angle, random(), random(), qubit());
    else if (kind === 'cx') k.cx(...pair());
    else if (kind === 'cry') k.cry(angle, ...pair());
    else if (kind === 'cz') k.cz(...pair());
    else k.swap(...pair());
  };
  for (let i = 0; i < 12; i += 1) {
    const r = random();
    if (r < 0.5) gate(c);
    else if (r < 0.7) c.measure(qubit(), Math.floor(random() * nc));
    else if (r < 0.8) c.reset(qubit());
    else {
      const bits = random() < 0.5 ? [Math.floor(random() * nc)] : [0, 1];
      c.ifBits({ clbits: bits, value: Math.floor(random() * 2 ** bits.length) }, (k) =>
        random() < 0.8 ? gate(k) : k.reset(qubit()),
      );
    }
  }
  for (let q = 0; q < Math.min(n, nc); q += 1) c.measure(q, q);
  return c;
}

describe('dynamic circuits', () => {
  for (const seed of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]) {
    it(`random circuit #${seed} (mid-circuit measurement, reset, conditions) matches its exact distribution`, async () => {
      const c = randomDynamic(seed);
      const result = await run(c, 4000, 100 + seed);
      expectFits(result.getCounts(), circuitDistribution(c));
      expect(tally(result.getMemory())).toEqual(result.getCounts());
    });
  }

  it('reset returns a qubit to |0>, from |1> or a superposition', async () => {
    const c = new Circuit(2, 2).x(0).reset(0).h(1).reset(1).measure([0, 1], [0, 1]);
    expect((await run(c, 200, 1)).getCounts()).toEqual({ '00': 200 });
  });

  it('a conditioned gate runs only on the shots whose bits match', async () => {
    const c = new Circuit(2, 2).h(0).measure(0, 0);
    c.ifBits({ clbits: [0], value: 1 }, (k) => k.x(1));
    c.measure(1, 1);
    const result = await run(c, 3000, 2);
    expect(Object.keys(result.getCounts()).sort()).toEqual(['00', '11']);
    expectFits(result.getCounts(), { '00': 0.5, '11': 0.5 });
  });

  it('a measurement into the same bit twice keeps the later outcome; unmeasured bits read 0', async () => {
    const c = new Circuit(2, 3).x(0).measure(0, 1).measure(1, 1);
    expect((await run(c, 50, 3)).getCounts()).toEqual({ '000': 50 });
    const d = new Circuit(2, 3).x(1).measure(0, 1).measure(1, 1);
    expect((await run(d, 50, 3)).getCounts()).toEqual({ '010': 50 });
  });

  it('a qubit measured twice gives the same outcome twice', async () => {
    const c = new Circuit(1, 2).h(0).measure(0, 0).measure(0, 1);
    const result = await run(c, 2000, 4);
    expect(Object.keys(result.getCounts()).sort()).toEqual(['00', '11']);
  });

  it('a gate after a measurement acts on the collapsed state', async () => {
    // measure |+> then h: each branch is |0> or |1> again, then h gives 50/50 independent of c0
    const c = new Circuit(1, 2).h(0).measure(0, 0).h(0).measure(0, 1);
    expectFits((await run(c, 4000, 5)).getCounts(), { '00': 0.25, '01': 0.25, '10': 0.25, '11': 0.25 });
  });

  it('a conditioned global phase is harmless', async () => {
    const c = new Circuit(1, 1).h(0).measure(0, 0);
    c.ifBits({ clbits: [0], value: 1 }, (k) => k.gphase(1));
    expect(Object.keys((await run(c, 100, 6)).getCounts()).sort()).toEqual(['0', '1']);
  });

  it('terminal and branching runs of equivalent circuits agree', async () => {
    const terminal = new Circuit(3, 3).h(0).cry(1.1, 0, 1).ry(0.4, 2).cx(1, 2).measure([0, 1, 2], [0, 1, 2]);
    // the same, but measuring q0 mid-circuit (it is not touched again)
    const branching = new Circuit(3, 3)
      .h(0)
      .cry(1.1, 0, 1)
      .measure(0, 0)
      .ry(0.4, 2)
      .cx(1, 2)
      .reset(0)
      .measure([1, 2], [1, 2]);
    const expected = circuitDistribution(terminal);
    expectFits((await run(terminal, 4000, 7)).getCounts(), expected);
    expectFits((await run(branching, 4000, 8)).getCounts(), expected);
  });

  it('above 20 qubits, runs each shot alone instead of cloning states', async () => {
    const c = new Circuit(21, 2).h(0).measure(0, 0);
    c.ifBits({ clbits: [0], value: 1 }, (k) => k.x(20));
    c.measure(20, 1);
    const result = await run(c, 6, 9);
    expect(result.getMemory().every((m) => m === '00' || m === '11')).toBe(true);
    expect(result.data.peakStateBytes).toBe(2 * 16 * 2 ** 21);
  });
});

describe('execute', () => {
  const program = (c: Circuit) => {
    const instructions = lowerCircuit(c);
    return {
      numQubits: c.numQubits,
      numClbits: c.numClbits,
      instructions,
      schedule: schedule(instructions, c.numQubits, c.numClbits),
    };
  };
  const settings = (shots: number, seed: number, loss = 0) => ({
    shots,
    measureRng: createRng(seed, 0),
    noiseRng: createRng(seed, 1),
    noise: resolveNoise({ loss, pauli: 0 }),
    fusion: resolveFusion({ threshold: 0 }),
    threads: 1,
    parallelThreshold: 18,
    memoryLimit: 2 ** 30,
  });

  it('samples a terminal circuit from one state, one outcome per shot', () => {
    const c = new Circuit(3, 3).h(0).cx(0, 1).cx(1, 2).measure([0, 1, 2], [0, 1, 2]);
    const e = execute(program(c), settings(1000, 1));
    expect(e.outcomes).toHaveLength(1000);
    expect(new Set(e.outcomes)).toEqual(new Set(['000', '111']));
    expect(e.trajectories).toBe(0);
    expect(e.peakStateBytes).toBe(128);
    expect([...e.heralds].every((h) => h === 0)).toBe(true);
    expect(e.passes).toBeGreaterThan(0);
  });

  describe('memory', () => {
    const noisy = resolveNoise({ loss: 0.01 });
    const none = resolveNoise({ loss: 0 });

    it('says how many states a run needs and can use', () => {
      const bellT = new Circuit(2, 2).h(0).cx(0, 1).t(1).measure([0, 1], [0, 1]);
      expect(stateCounts(program(bellT), none, 100)).toEqual({ min: 1, max: 1 });
      expect(stateCounts(program(bellT), noisy, 100)).toEqual({ min: 2, max: 2 });
      // Clifford gates carry every error to the end as a frame: one state even with noise.
      const ghz = new Circuit(3, 3).h(0).cx(0, 1).cx(1, 2).s(2).measure([0, 1, 2], [0, 1, 2]);
      expect(stateCounts(program(ghz), noisy, 100)).toEqual({ min: 1, max: 1 });
      // Branching: a copy per measurement or reset, at most shots - 1.
      const dynamic = new Circuit(2, 2).h(0).measure(0, 0).reset(0).h(0).measure(0, 1);
      expect(stateCounts(program(dynamic), none, 100)).toEqual({ min: 2, max: 5 });
      expect(stateCounts(program(dynamic), none, 3)).toEqual({ min: 2, max: 4 });
      // Above 20 qubits shots run alone: never more than two states.
      const wide = new Circuit(21, 1).h(0).measure(0, 0).h(0);
      expect(stateCounts(program(wide), none, 100)).toEqual({ min: 2, max: 2 });
    });

    it('rebuilding a branch instead of copying it gives the same shots, with noise and conditions', () => {
      let withCopies = 0;
      for (let seed = 1; seed <= 12; seed += 1) {
        const c = randomDynamic(seed);
        const p = program(c);
        const bytes = 16 * 2 ** c.numQubits;
        const at = (states: number) =>
          execute(p, { ...settings(300, seed, 0.02), chunkBits: 1, memoryLimit: states * bytes });
        const copied = at(stateCounts(p, noisy, 300).max);
        const rebuilt = at(2);
        expect(rebuilt.outcomes, `seed ${seed}`).toEqual(copied.outcomes);
        expect(rebuilt.peakStateBytes).toBeLessThanOrEqual(2 * bytes);
        if (copied.peakStateBytes > 2 * bytes) withCopies += 1;
      }
      // Most of these circuits split their shots, so the rebuilding path ran.
      expect(withCopies).toBeGreaterThan(6);
    });

    it('refuses at run time what its limit cannot hold', () => {
      const c = new Circuit(3, 1).h(0).measure(0, 0).x(0);
      expect(() => execute(program(c), { ...settings(10, 1), memoryLimit: 16 * 8 })).toThrow(
        expect.objectContaining({
          code: 'CIRCUIT_TOO_LARGE',
          details: expect.objectContaining({ states: 2 }),
        }),
      );
    });
  });

  it('counts heralds per shot and per qubit', () => {
    const c = new Circuit(2, 2).h(0).cx(0, 1).t(1).measure([0, 1], [0, 1]);
    const e = execute(program(c), settings(5000, 2, 0.2));
    const total = [...e.heralds].reduce((a, b) => a + b, 0);
    expect(e.heraldsPerQubit.reduce((a, b) => a + b, 0)).toBe(total);
    expect(total).toBeGreaterThan(0);
    expect(e.trajectories).toBeGreaterThan(0);
    expect(e.peakStateBytes).toBe(2 * 64);
  });

  describe('progress', () => {
    const reported = (c: Circuit, shots: number, loss = 0) => {
      const fractions: number[] = [];
      const e = execute(program(c), { ...settings(shots, 3, loss), onProgress: (f) => fractions.push(f) });
      return { fractions, e };
    };
    const expectIncreasingToOne = (fractions: readonly number[]) => {
      expect(fractions.length).toBeGreaterThan(0);
      fractions.forEach((f, i) => expect(f).toBeGreaterThan(i === 0 ? 0 : fractions[i - 1]!));
      expect(fractions.at(-1)).toBe(1);
    };

    it('an ideal terminal run reports once per pass over the state', () => {
      const c = new Circuit(3, 3).h(0).t(0).cx(0, 1).t(1).cx(1, 2).h(2).measure([0, 1, 2], [0, 1, 2]);
      const { fractions, e } = reported(c, 100);
      expectIncreasingToOne(fractions);
      expect(fractions).toHaveLength(e.passes);
    });

    it('a noisy run moves through its trajectories and ends at 1', () => {
      const c = new Circuit(2, 2).h(0).cx(0, 1).t(1).h(1).measure([0, 1], [0, 1]);
      const { fractions, e } = reported(c, 2000, 0.2);
      expect(e.trajectories).toBeGreaterThan(1);
      expectIncreasingToOne(fractions);
      expect(fractions.length).toBeGreaterThan(e.trajectories);
    });

    it('a branching run reports after each group of shots', () => {
      const c = new Circuit(2, 2).h(0).measure(0, 0).cx(0, 1).measure(1, 1);
      const { fractions } = reported(c, 500, 0.2);
      expectIncreasingToOne(fractions);
      expect(fractions.length).toBeGreaterThan(1);
    });
  });
});
