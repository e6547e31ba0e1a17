/**
 * The erasure noise model: its parameters, the error sampler, herald statistics of runs, and
 * noisy distributions checked against an exact sum over every error pattern of a small
 * circuit's schedule (Paulis inserted into the reference simulator).
 */
import { describe, expect, it } from 'vitest';
import { getBackend } from '../../src/backends/registry.js';
import { Circuit } from '../../src/circuit/circuit.js';
import { lowerCircuit } from '../../src/circuit/lower.js';
import {
  DEFAULT_ERASURE_FRACTION,
  DEFAULT_LOSS,
  liveSlots,
  patternKey,
  resolveNoise,
  sampleShotErrors,
} from '../../src/engine/noise.js';
import { createRng } from '../../src/engine/rng.js';
import { schedule } from '../../src/engine/schedule.js';
import { bell } from '../support/circuits.js';
import { exactDistribution, pauliStep, referenceGate, type RefStep } from '../support/dense-reference.js';
import { expectAppError } from '@lab/server-kit/testing';
import { chiSquare, expectFits } from '../support/stats.js';

const simulator = () => getBackend('local_simulator');

describe('noise parameters', () => {
  it('default to loss 0.005 and pauli = loss (1 - η) / η with η = 0.98', () => {
    expect(DEFAULT_LOSS).toBe(0.005);
    expect(DEFAULT_ERASURE_FRACTION).toBe(0.98);
    const model = resolveNoise(undefined);
    expect(model.loss).toBe(0.005);
    expect(model.erasureFraction).toBe(0.98);
    expect(model.pauli).toBeCloseTo((0.005 * 0.02) / 0.98, 18);
    expect(resolveNoise({ loss: 0.1, erasureFraction: 0.5 }).pauli).toBeCloseTo(0.1, 15);
    expect(resolveNoise({ loss: 0 })).toEqual({ loss: 0, pauli: 0, erasureFraction: 0.98 });
    expect(resolveNoise({ loss: 0.2, pauli: 0.3 })).toMatchObject({ loss: 0.2, pauli: 0.3 });
  });

  it('are validated', () => {
    expectAppError(
      () => resolveNoise({ loss: 1.5 }),
      'INVALID_RUN_OPTIONS',
      'noise.loss must be a number from 0 to 1, got 1.5',
    );
    expectAppError(() => resolveNoise({ pauli: -1 }), 'INVALID_RUN_OPTIONS', 'noise.pauli');
    expectAppError(
      () => resolveNoise({ erasureFraction: 2 }),
      'INVALID_RUN_OPTIONS',
      'noise.erasureFraction',
    );
    expectAppError(
      () => resolveNoise({ loss: 0.6, pauli: 0.5 }),
      'INVALID_RUN_OPTIONS',
      'noise loss + pauli must not exceed 1',
    );
    expectAppError(
      () => resolveNoise({ loss: '0.1' as unknown as number }),
      'INVALID_RUN_OPTIONS',
      'noise.loss',
    );
  });
});

describe('sampleShotErrors', () => {
  const c = new Circuit(4, 4).h(0).cx(0, 1).cx(1, 2).cx(2, 3).h(3).measure([0, 1, 2, 3], [0, 1, 2, 3]);
  const sched = schedule(lowerCircuit(c), 4, 4);
  const slots = liveSlots(sched);

  it('draws heralds at rate loss and silent errors at rate pauli per live slot', () => {
    const model = resolveNoise({ loss: 0.05, pauli: 0.03 });
    const rng = createRng(42, 1);
    const shots = 20000;
    let heralds = 0;
    const erasedPaulis = [0, 0, 0, 0];
    let silent = 0;
    const silentPaulis = [0, 0, 0, 0];
    const perSlot = new Map<string, number>();
    for (let s = 0; s < shots; s += 1) {
      const e = sampleShotErrors(model, slots, rng);
      heralds += e.heralds.length;
      // events are in (cycle, qubit) order
      for (let i = 1; i < e.events.length; i += 1) {
        const [a, b] = [e.events[i - 1]!, e.events[i]!];
        expect(a.cycle < b.cycle || (a.cycle === b.cycle && a.qubit < b.qubit)).toBe(true);
      }
      const erasedQubits = [...e.heralds];
      for (const ev of e.events) {
        perSlot.set(`${ev.cycle}.${ev.qubit}`, (perSlot.get(`${ev.cycle}.${ev.qubit}`) ?? 0) + 1);
        const k = erasedQubits.indexOf(ev.qubit);
        if (k >= 0) {
          erasedQubits.splice(k, 1);
          erasedPaulis[ev.pauli] = erasedPaulis[ev.pauli]! + 1;
        } else {
          silent += 1;
          silentPaulis[ev.pauli] = silentPaulis[ev.pauli]! + 1;
        }
      }
    }
    const trials = shots * sched.liveSlots;
    expect(Math.abs(heralds - 0.05 * trials)).toBeLessThan(4 * Math.sqrt(trials * 0.05 * 0.95));
    // silent errors: a slot's events that are not its herald's (approximately: a qubit may have several slots)
    expect(Math.abs(silent - 0.03 * trials)).toBeLessThan(6 * Math.sqrt(trials * 0.03));
    // silent errors are never I; all three non-trivial Paulis equally likely
    expect(silentPaulis[0]).toBe(0);
    expectFits(
      { x: silentPaulis[1]!, y: silentPaulis[2]!, z: silentPaulis[3]! },
      { x: 1 / 3, y: 1 / 3, z: 1 / 3 },
    );
    // every live slot gets errors, no other place does
    const live = new Set(Array.from(slots.cycle, (cy, i) => `${cy}.${slots.qubit[i]}`));
    expect(new Set(perSlot.keys())).toEqual(live);
  });

  it('an erased qubit is left in a uniformly random Pauli, I included (heralded, not an event)', () => {
    const model = resolveNoise({ loss: 0.3, pauli: 0 });
    const rng = createRng(7, 1);
    let heralds = 0;
    const kinds = [0, 0, 0, 0];
    for (let s = 0; s < 5000; s += 1) {
      const e = sampleShotErrors(model, slots, rng);
      heralds += e.heralds.length;
      e.events.forEach((ev) => (kinds[ev.pauli] = kinds[ev.pauli]! + 1));
    }
    kinds[0] = heralds - kinds[1]! - kinds[2]! - kinds[3]!;
    expectFits(
      { i: kinds[0], x: kinds[1]!, y: kinds[2]!, z: kinds[3]! },
      { i: 0.25, x: 0.25, y: 0.25, z: 0.25 },
    );
  });

  it('draws nothing without noise and an error in every slot at loss 1', () => {
    expect(sampleShotErrors(resolveNoise({ loss: 0 }), slots, createRng(1))).toEqual({
      events: [],
      heralds: [],
    });
    const all = sampleShotErrors(resolveNoise({ loss: 1, pauli: 0 }), slots, createRng(1));
    expect(all.heralds).toHaveLength(sched.liveSlots);
    const silent = sampleShotErrors(resolveNoise({ loss: 0, pauli: 1 }), slots, createRng(1));
    expect(silent.heralds).toHaveLength(0);
    expect(silent.events).toHaveLength(sched.liveSlots);
  });

  it('patternKey is equal exactly for equal events', () => {
    const e = [
      { cycle: 1, qubit: 2, pauli: 3 },
      { cycle: 4, qubit: 0, pauli: 1 },
    ];
    expect(patternKey(e)).toBe(patternKey(e.map((x) => ({ ...x }))));
    expect(patternKey(e)).not.toBe(patternKey([e[1]!, e[0]!]));
    expect(patternKey([])).toBe('');
  });
});

describe('heralds of a run', () => {
  it('arrive at rate loss per live qubit-cycle (6 qubits, loss 0.02, 20,000 shots)', async () => {
    const c = new Circuit(6);
    c.h(0);
    for (let q = 1; q < 6; q += 1) c.cx(q - 1, q);
    c.rz(0.3, 5).sx(2).cz(1, 4).measureAll();
    const loss = 0.02;
    const shots = 20000;
    const result = await simulator().run(c, { shots, seed: 11, noise: { loss } }).result();
    const slots = result.estimates.liveQubitCycles;
    expect(result.estimates.expectedErasuresPerShot).toBeCloseTo(loss * slots, 15);
    expect(result.estimates.erasureFreeShotProbability).toBeCloseTo((1 - loss) ** slots, 15);
    const trials = shots * slots;
    expect(Math.abs(result.erasures.total - loss * trials)).toBeLessThan(
      4 * Math.sqrt(trials * loss * (1 - loss)),
    );
    // shots with at least one herald
    const pErased = 1 - (1 - loss) ** slots;
    expect(Math.abs(result.erasures.shots - pErased * shots)).toBeLessThan(
      4 * Math.sqrt(shots * pErased * (1 - pErased)),
    );
    expect(result.erasures.fraction).toBe(result.erasures.shots / shots);
    // per qubit: loss x that qubit's live cycles
    const sched = schedule(lowerCircuit(c), 6, 6);
    expect(result.erasures.perQubit.reduce((a, b) => a + b, 0)).toBe(result.erasures.total);
    result.erasures.perQubit.forEach((n, q) => {
      const t = shots * (sched.liveTo[q]! - sched.liveFrom[q]!);
      expect(Math.abs(n - loss * t), `qubit ${q}`).toBeLessThan(4 * Math.sqrt(t * loss));
    });
    // post-selection keeps exactly the shots without a herald
    const kept = Object.values(result.getCountsPostselected()).reduce((a, b) => a + b, 0);
    expect(kept).toBe(shots - result.erasures.shots);
  });

  it('no noise: { loss: 0 } is { loss: 0, pauli: 0 } bit for bit, and has no heralds', async () => {
    for (const c of [bell(), new Circuit(2, 2).h(0).t(0).cx(0, 1).rx(0.4, 1).measure([0, 1], [0, 1])]) {
      const a = await simulator()
        .run(c, { shots: 2000, seed: 5, memory: true, noise: { loss: 0 } })
        .result();
      const b = await simulator()
        .run(c, { shots: 2000, seed: 5, memory: true, noise: { loss: 0, pauli: 0 } })
        .result();
      expect(a.getMemory()).toEqual(b.getMemory());
      expect(a.getCounts()).toEqual(b.getCounts());
      expect(a.erasures).toEqual({ shots: 0, fraction: 0, perQubit: [0, 0], total: 0 });
      expect(a.getCountsPostselected()).toEqual(a.getCounts());
      expect(a.data.trajectories).toBe(0);
    }
  });

  it('post-selected Bell counts are only 00 and 11 without silent errors, even at loss 0.05', async () => {
    const result = await simulator()
      .run(bell(), { shots: 20000, seed: 3, noise: { loss: 0.05, pauli: 0 } })
      .result();
    expect(result.erasures.shots).toBeGreaterThan(0);
    const post = result.getCountsPostselected();
    expect(Object.keys(post).sort()).toEqual(['00', '11']);
    expectFits(post, { '00': 0.5, '11': 0.5 });
  });

  it('the full Bell counts contain 01 and 10 at a high loss', async () => {
    const result = await simulator()
      .run(bell(), { shots: 4000, seed: 3, noise: { loss: 0.3 } })
      .result();
    const all = result.getCounts();
    expect(all['01'] ?? 0).toBeGreaterThan(50);
    expect(all['10'] ?? 0).toBeGreaterThan(50);
  });

  it('silent errors alone herald nothing but still flip bits', async () => {
    const result = await simulator()
      .run(bell(), { shots: 4000, seed: 4, noise: { loss: 0, pauli: 0.2 } })
      .result();
    expect(result.erasures.total).toBe(0);
    expect(result.getCountsPostselected()).toEqual(result.getCounts());
    expect(result.getCounts()['01'] ?? 0).toBeGreaterThan(50);
  });
});

// ---- exact noisy distributions ----

/** One cycle's instructions, as reference steps; slots are (cycle, qubit). */
interface Timeline {
  readonly numQubits: number;
  readonly numClbits: number;
  readonly cycles: readonly (readonly RefStep[])[];
  readonly slots: readonly (readonly [number, number])[];
}

/**
 * Σ over all 4^slots error patterns of P(pattern) × the exact distribution with the pattern's
 * Paulis applied after their cycles. `slotProbabilities` is [P(I), P(X), P(Y), P(Z)] per slot.
 */
function noisyDistribution(t: Timeline, slotProbabilities: readonly number[]): Map<string, number> {
  const out = new Map<string, number>();
  const count = 4 ** t.slots.length;
  for (let pattern = 0; pattern < count; pattern += 1) {
    let weight = 1;
    const paulis = t.slots.map((_, i) => (pattern >> (2 * i)) & 3);
    paulis.forEach((p) => (weight *= slotProbabilities[p]!));
    if (weight === 0) continue;
    const steps: RefStep[] = [];
    t.cycles.forEach((cycle, c) => {
      steps.push(...cycle);
      t.slots.forEach(([sc, q], i) => sc === c && paulis[i] !== 0 && steps.push(pauliStep(q, paulis[i]!)));
    });
    for (const [key, p] of exactDistribution(t.numQubits, t.numClbits, steps))
      out.set(key, (out.get(key) ?? 0) + weight * p);
  }
  return out;
}

const g = (name: string, qubits: number[], params: number[] = []): RefStep => ({
  kind: 'gate',
  matrix: referenceGate(name, params),
  qubits,
});
const m = (qubit: number, clbit: number): RefStep => ({ kind: 'measure', qubit, clbit });

describe('noisy distributions against an exact sum over error patterns', () => {
  // h q0; t q0; cx q0, q1; rx(0.7) q1; measure q0 -> c0; measure q1 -> c1
  const circuit = new Circuit(2, 2).h(0).t(0).cx(0, 1).rx(0.7, 1).measure(0, 0).measure(1, 1);
  const timeline: Timeline = {
    numQubits: 2,
    numClbits: 2,
    cycles: [[g('h', [0])], [g('t', [0])], [g('cx', [0, 1])], [g('rx', [1], [0.7]), m(0, 0)], [m(1, 1)]],
    // q0 live [0, 3) (measured at 3), q1 live [2, 4) (first used at 2, measured at 4)
    slots: [
      [0, 0],
      [1, 0],
      [2, 0],
      [2, 1],
      [3, 1],
    ],
  };

  it('the schedule is the one written out here', () => {
    const e = simulator().estimate(circuit, { noise: { loss: 0.1 } });
    expect(e.depth).toBe(5);
    expect(e.liveQubitCycles).toBe(timeline.slots.length);
  });

  it('a non-Clifford circuit at loss 0.1 (pauli 0) runs trajectories and matches the exact mixture', async () => {
    const loss = 0.1;
    const result = await simulator()
      .run(circuit, { shots: 20000, seed: 8, noise: { loss, pauli: 0 } })
      .result();
    expect(result.data.trajectories).toBeGreaterThan(0);
    const exact = noisyDistribution(timeline, [1 - loss + loss / 4, loss / 4, loss / 4, loss / 4]);
    expectFits(result.getCounts(), exact);
    // the test has power: the ideal distribution is rejected
    const ideal = noisyDistribution(timeline, [1, 0, 0, 0]);
    const wrong = chiSquare(result.getCounts(), ideal);
    expect(wrong.statistic).toBeGreaterThan(wrong.critical);
    // without silent errors, the shots with no herald follow the ideal distribution
    expectFits(result.getCountsPostselected(), ideal);
  });

  it('heralded and silent errors together, and post-selection conditioned on no herald', async () => {
    const [loss, pauli] = [0.06, 0.04];
    const result = await simulator().run(circuit, { shots: 20000, seed: 9, noise: { loss, pauli } }).result();
    expectFits(
      result.getCounts(),
      noisyDistribution(timeline, [
        1 - loss - pauli + loss / 4,
        loss / 4 + pauli / 3,
        loss / 4 + pauli / 3,
        loss / 4 + pauli / 3,
      ]),
    );
    // given no herald in a slot: I with (1 - loss - pauli) / (1 - loss), each Pauli with pauli / 3 / (1 - loss)
    const s = pauli / 3 / (1 - loss);
    expectFits(result.getCountsPostselected(), noisyDistribution(timeline, [1 - 3 * s, s, s, s]));
  });

  it('a dynamic circuit (mid-circuit measurement, condition) matches the exact mixture', async () => {
    // h q0 (0); measure q0 -> c0 (1); if (c0) x q1 (2); rx(0.9) q1 (3); t q1 (4); h q1 (5); measure q1 -> c1 (6)
    const c = new Circuit(2, 2).h(0).measure(0, 0);
    c.ifBits({ clbits: [0], value: 1 }, (k) => k.x(1));
    c.rx(0.9, 1).t(1).h(1).measure(1, 1);
    const t: Timeline = {
      numQubits: 2,
      numClbits: 2,
      cycles: [
        [g('h', [0])],
        [m(0, 0)],
        [{ kind: 'gate', matrix: referenceGate('x', []), qubits: [1], condition: { clbits: [0], value: 1 } }],
        [g('rx', [1], [0.9])],
        [g('t', [1])],
        [g('h', [1])],
        [m(1, 1)],
      ],
      slots: [
        [0, 0],
        [2, 1],
        [3, 1],
        [4, 1],
        [5, 1],
      ],
    };
    const e = simulator().estimate(c, { noise: { loss: 0.1 } });
    expect([e.depth, e.liveQubitCycles]).toEqual([7, t.slots.length]);
    const loss = 0.12;
    const result = await simulator()
      .run(c, { shots: 20000, seed: 10, noise: { loss, pauli: 0.02 } })
      .result();
    expect(result.data.trajectories).toBeGreaterThan(0);
    const pauli = 0.02;
    expectFits(
      result.getCounts(),
      noisyDistribution(t, [
        1 - loss - pauli + loss / 4,
        loss / 4 + pauli / 3,
        loss / 4 + pauli / 3,
        loss / 4 + pauli / 3,
      ]),
    );
  });

  it('errors after resets of fresh qubits act in order', async () => {
    // reset q0 (0); reset q0 (1); cx q0, q1 (2); measure q0 -> c0, q1 -> c1 (3)
    const c = new Circuit(2, 2).reset(0).reset(0).cx(0, 1).measure([0, 1], [0, 1]);
    const t: Timeline = {
      numQubits: 2,
      numClbits: 2,
      cycles: [
        [{ kind: 'reset', qubit: 0 }],
        [{ kind: 'reset', qubit: 0 }],
        [g('cx', [0, 1])],
        [m(0, 0), m(1, 1)],
      ],
      slots: [
        [0, 0],
        [1, 0],
        [2, 0],
        [2, 1],
      ],
    };
    expect(simulator().estimate(c, { noise: { loss: 0.1 } }).liveQubitCycles).toBe(t.slots.length);
    const loss = 0.4;
    const result = await simulator()
      .run(c, { shots: 20000, seed: 12, noise: { loss, pauli: 0 } })
      .result();
    expectFits(result.getCounts(), noisyDistribution(t, [1 - loss + loss / 4, loss / 4, loss / 4, loss / 4]));
  });
});
