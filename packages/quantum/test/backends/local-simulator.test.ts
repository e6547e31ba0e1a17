/**
 * The local simulator end to end: known results checked by chi-square goodness of fit at fixed
 * seeds, counts and memory, seeds, run options, the memory limit, estimates and jobs.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SHOTS, LocalSimulator, MAX_SHOTS } from '../../src/backends/local-simulator.js';
import { shotBytes, THREAD_BYTES } from '../../src/backends/memory.js';
import { getBackend } from '../../src/backends/registry.js';
import { Circuit, ctrl, inv } from '../../src/circuit/circuit.js';
import { param } from '../../src/circuit/expr.js';
import { MAX_SEED } from '../../src/engine/rng.js';
import { simulateStatevector } from '../../src/engine/statevector-run.js';
import { appendQft, bell, ghz, grover, groverIterations, teleport } from '../support/circuits.js';
import { circuitDistribution, probabilities } from '../support/dense-reference.js';
import { expectAppError } from '@lab/server-kit/testing';
import { expectFits, marginal, tally } from '../support/stats.js';

const ideal = { loss: 0 } as const;
const simulator = () => getBackend('local_simulator');
const counts = async (c: Circuit, shots: number, seed: number) =>
  (await simulator().run(c, { shots, seed, noise: ideal }).result()).getCounts();

describe('known results', () => {
  it('a Bell pair gives only 00 and 11, half each', async () => {
    const result = await counts(bell(), 4000, 1);
    expect(Object.keys(result).sort()).toEqual(['00', '11']);
    expectFits(result, { '00': 0.5, '11': 0.5 });
  });

  it('GHZ-5 gives only 00000 and 11111, half each', async () => {
    const result = await counts(ghz(5).measureAll(), 4000, 2);
    expect(Object.keys(result).sort()).toEqual(['00000', '11111']);
    expectFits(result, { '00000': 0.5, '11111': 0.5 });
  });

  it('the QFT of a basis state |j> has amplitudes e^{2πi jk/N}/√N', () => {
    for (const n of [1, 2, 3, 4, 5]) {
      const N = 2 ** n;
      for (let j = 0; j < N; j += 1) {
        const c = new Circuit(n);
        for (let q = 0; q < n; q += 1) if ((j >> q) & 1) c.x(q);
        const amplitudes = simulateStatevector(appendQft(c, n));
        for (let k = 0; k < N; k += 1) {
          const angle = (2 * Math.PI * j * k) / N;
          expect(amplitudes[2 * k]!, `n=${n} j=${j} k=${k}`).toBeCloseTo(Math.cos(angle) / Math.sqrt(N), 12);
          expect(amplitudes[2 * k + 1]!).toBeCloseTo(Math.sin(angle) / Math.sqrt(N), 12);
        }
      }
    }
  });

  it('the QFT of a basis state measures uniformly, and inv @ qft undoes it', async () => {
    const n = 4;
    const j = 0b1011;
    const prepare = (): Circuit => {
      const c = new Circuit(n, n);
      c.defineGate('qft', { qubits: n }, (g) => appendQft(g, n));
      for (let q = 0; q < n; q += 1) if ((j >> q) & 1) c.x(q);
      return c.gate('qft', [0, 1, 2, 3]);
    };
    const uniform = Object.fromEntries(
      Array.from({ length: 16 }, (_, k) => [k.toString(2).padStart(4, '0'), 1 / 16]),
    );
    expectFits(await counts(prepare().measure([0, 1, 2, 3], [0, 1, 2, 3]), 8000, 3), uniform);
    const undone = prepare()
      .gate('qft', [0, 1, 2, 3], [], { modifiers: [inv()] })
      .measure([0, 1, 2, 3], [0, 1, 2, 3]);
    expect(await counts(undone, 100, 4)).toEqual({ '1011': 100 });
  });

  for (const n of [3, 4, 5]) {
    it(`Grover on ${n} qubits finds the marked state with probability sin²((2k+1)θ)`, async () => {
      const marked = n === 3 ? 0b101 : n === 4 ? 0b0110 : 0b11010;
      const k = groverIterations(n);
      const theta = Math.asin(2 ** (-n / 2));
      const success = Math.sin((2 * k + 1) * theta) ** 2;
      expect(success).toBeGreaterThan(0.94);
      const c = grover(n, marked);
      const p = probabilities(simulateStatevector(c));
      expect(p[marked]!).toBeCloseTo(success, 10);
      // the other states share the rest equally
      p.forEach((x, i) => i !== marked && expect(x).toBeCloseTo((1 - success) / (2 ** n - 1), 10));
      const shots = 3000;
      const result = await counts(c.measureAll(), shots, 10 + n);
      const key = marked.toString(2).padStart(n, '0');
      const hits = result[key] ?? 0;
      expect(Math.max(...Object.values(result))).toBe(hits);
      expectFits({ hit: hits, miss: shots - hits }, { hit: success, miss: 1 - success });
    });
  }

  for (const theta of [1.1, 2.5]) {
    it(`teleportation of ry(${theta})|0> with mid-circuit measurement and classically controlled corrections`, async () => {
      const c = teleport(theta);
      const p1 = Math.sin(theta / 2) ** 2;
      // the expected record: c0, c1 uniform and independent of c2
      const expected: Record<string, number> = {};
      for (let b = 0; b < 8; b += 1) expected[b.toString(2).padStart(3, '0')] = (b >> 2 ? p1 : 1 - p1) / 4;
      const exact = circuitDistribution(c);
      for (const [key, p] of Object.entries(expected)) expect(exact.get(key) ?? 0).toBeCloseTo(p, 12);
      const result = await counts(c, 8000, 20);
      expectFits(result, expected);
      expectFits(marginal(result, [2]), { '0': 1 - p1, '1': p1 });
    });
  }

  it('teleportation without the corrections does not work', async () => {
    const c = new Circuit(3, 3).ry(1.1, 0).h(1).cx(1, 2).cx(0, 1).h(0).measure([0, 1, 2], [0, 1, 2]);
    const result = await counts(c, 4000, 21);
    expectFits(marginal(result, [2]), { '0': 0.5, '1': 0.5 });
  });
});

describe('counts and memory', () => {
  it('keys are bit strings with the highest classical bit first', async () => {
    expect(await counts(new Circuit(2, 2).x(0).measure(0, 0), 10, 1)).toEqual({ '01': 10 });
    expect(await counts(new Circuit(2, 3).x(1).measure(1, 2), 10, 1)).toEqual({ '100': 10 });
    // measureAll puts qubit i in meas[i], after any classical bits already there
    expect(await counts(new Circuit(3, 1).x(2).measureAll(), 10, 1)).toEqual({ '1000': 10 });
  });

  it('memory: true keeps each shot, in order, matching the counts', async () => {
    const result = await simulator()
      .run(ghz(3).measureAll(), { shots: 500, seed: 5, memory: true, noise: ideal })
      .result();
    const memory = result.getMemory();
    expect(memory).toHaveLength(500);
    expect(tally(memory)).toEqual(result.getCounts());
    // shots are drawn independently: not sorted, both outcomes interleaved
    expect(memory.slice(0, 40)).toContain('000');
    expect(memory.slice(0, 40)).toContain('111');
    const withoutMemory = await simulator().run(bell(), { shots: 10, seed: 5, noise: ideal }).result();
    expectAppError(() => withoutMemory.getMemory(), 'INVALID_RUN_OPTIONS', 'memory was not requested');
  });

  it('memory matches counts for a dynamic circuit too', async () => {
    const result = await simulator()
      .run(teleport(0.7), { shots: 300, seed: 6, memory: true, noise: ideal })
      .result();
    expect(tally(result.getMemory())).toEqual(result.getCounts());
  });

  it('the same seed gives identical results; another seed different memory', async () => {
    for (const c of [ghz(4).measureAll(), teleport(1.3)]) {
      for (const noise of [ideal, { loss: 0.05 }]) {
        const run = async (seed: number) =>
          (await simulator().run(c, { shots: 400, seed, memory: true, noise }).result()).data;
        const a = await run(77);
        const b = await run(77);
        const other = await run(78);
        expect(b.memory).toEqual(a.memory);
        expect(b.counts).toEqual(a.counts);
        expect(b.countsPostselected).toEqual(a.countsPostselected);
        expect(b.erasures).toEqual(a.erasures);
        expect(other.memory).not.toEqual(a.memory);
      }
    }
  });

  it('draws a seed when none is given, reported so the run can be repeated', async () => {
    const c = ghz(3).measureAll();
    const first = await simulator().run(c, { shots: 200, memory: true }).result();
    expect(Number.isInteger(first.data.seed)).toBe(true);
    expect(first.data.seed).toBeGreaterThanOrEqual(0);
    const again = await simulator().run(c, { shots: 200, memory: true, seed: first.data.seed }).result();
    expect(again.getMemory()).toEqual(first.getMemory());
  });

  it('runs the default number of shots', async () => {
    const result = await simulator().run(bell(), { seed: 1, noise: ideal }).result();
    expect(result.data.shots).toBe(DEFAULT_SHOTS);
    expect(Object.values(result.getCounts()).reduce((a, b) => a + b, 0)).toBe(DEFAULT_SHOTS);
  });

  it('a circuit without classical bits has no counts', async () => {
    const result = await simulator().run(ghz(2), { shots: 5, seed: 1 }).result();
    expectAppError(() => result.getCounts(), 'NO_MEASUREMENTS', 'add measurements');
    expectAppError(() => result.getCountsPostselected(), 'NO_MEASUREMENTS');
  });
});

describe('run options are validated, naming the field', () => {
  const c = bell();
  const cases: [string, Record<string, unknown>][] = [
    ['shots', { shots: 0 }],
    ['shots', { shots: 1.5 }],
    ['shots', { shots: MAX_SHOTS + 1 }],
    ['seed', { seed: -1 }],
    ['seed', { seed: 0.5 }],
    ['seed', { seed: MAX_SEED + 2 }],
    ['noise.loss', { noise: { loss: 2 } }],
    ['noise.loss', { noise: { loss: -0.1 } }],
    ['noise.loss', { noise: { loss: Number.NaN } }],
    ['noise.pauli', { noise: { loss: 0.1, pauli: 1.5 } }],
    ['noise.erasureFraction', { noise: { erasureFraction: 0 } }],
    ['noise', { noise: { loss: 0.7, pauli: 0.7 } }],
    ['fusion.maxQubits', { fusion: { maxQubits: 6 } }],
    ['fusion.maxQubits', { fusion: { maxQubits: 0 } }],
    ['threads', { threads: 0 }],
    ['threads', { threads: 65 }],
    ['threads', { threads: 1.5 }],
  ];
  it.each(cases)('%s: %j', (field, options) => {
    const error = expectAppError(
      () => simulator().run(c, { seed: 1, ...options }),
      'INVALID_RUN_OPTIONS',
      new RegExp(`^${field.replace('.', '\\.')} `),
    );
    expect(error.details).toEqual({ field });
    expect(error.kind).toBe('invalid');
  });

  it('accepts the limits', async () => {
    const result = await simulator()
      .run(new Circuit(1, 1).measure(0, 0), {
        shots: MAX_SHOTS,
        seed: MAX_SEED,
        noise: { loss: 1, pauli: 0 },
        threads: 64,
      })
      .result();
    expect(result.getCounts()).toEqual({ '0': MAX_SHOTS });
    const first = await simulator()
      .run(c, { shots: 1, seed: 0, noise: { loss: 0 }, fusion: { maxQubits: 1 }, threads: 1 })
      .result();
    expect(first.data.shots).toBe(1);
  });
});

describe('memory budget', () => {
  /** A simulator whose budget is `states` states of `qubits` qubits and `shots` shots of `clbits` bits. */
  const budgeted = (states: number, qubits: number, shots: number, clbits: number) =>
    new LocalSimulator({ memoryLimit: states * 16 * 2 ** qubits + shots * shotBytes(clbits), threads: 1 });

  it('refuses a run that would not fit, synchronously, before allocating it', () => {
    const small = budgeted(1, 6, 1, 1);
    expect(small.target.maxQubits).toBe(6);
    const error = expectAppError(
      () => small.run(new Circuit(7, 1).h(6).measure(6, 0), { seed: 1, shots: 1, noise: ideal }),
      'CIRCUIT_TOO_LARGE',
      "7 qubits need 2.3 KiB of memory (1 state and the run's threads and shots); " +
        "the simulator's memory budget is 1.3 KiB, which fits at most 6 qubits",
    );
    expect(error.details).toEqual({
      qubits: 7,
      states: 1,
      bytes_needed: 2048 + shotBytes(1),
      bytes_allowed: 1024 + shotBytes(1),
      max_qubits: 6,
      budget_source: 'setting',
    });
    expect(error.kind).toBe('unprocessable');
    // 2^50 amplitudes would be 16 PiB: refused at once, nothing allocated
    expectAppError(
      () => getBackend('local_simulator').run(new Circuit(50, 1).measure(0, 0), { seed: 1 }),
      'CIRCUIT_TOO_LARGE',
      '50 qubits need 16 PiB',
    );
    expectAppError(() => small.estimate(new Circuit(7), { shots: 1 }), 'CIRCUIT_TOO_LARGE', '2.3 KiB');
  });

  it('counts the shots: the same circuit fits with fewer', () => {
    const small = budgeted(1, 6, 50, 6);
    expect(() => small.estimate(ghz(6).measureAll(), { shots: 50, noise: ideal })).not.toThrow();
    expectAppError(
      () => small.estimate(ghz(6).measureAll(), { shots: 51, noise: ideal }),
      'CIRCUIT_TOO_LARGE',
    );
  });

  it('runs a state that fits exactly', async () => {
    const small = budgeted(1, 6, 50, 6);
    const result = await small.run(ghz(6).measureAll(), { seed: 1, shots: 50, noise: ideal }).result();
    expect(Object.keys(result.getCounts()).sort()).toEqual(['000000', '111111']);
    expect(result.estimates.memoryBytes).toBe(1024 + 50 * shotBytes(6));
  });

  it('a noisy run holds two states unless every gate is Clifford, so errors never leave the frame', async () => {
    const small = budgeted(1, 6, 50, 6);
    const withT = ghz(6).t(0).measureAll();
    const error = expectAppError(
      () => small.run(withT, { seed: 1, shots: 50 }),
      'CIRCUIT_TOO_LARGE',
      '(2 states',
    );
    // max_qubits is for an ideal run of one shot, which has room for 9 qubits here.
    expect(error.details).toMatchObject({ qubits: 6, states: 2, max_qubits: 9 });
    // The same circuit ideal, and a noisy Clifford one, hold one state.
    expect(small.estimate(withT, { shots: 50, noise: ideal }).memoryBytes).toBe(1024 + 50 * shotBytes(6));
    const noisy = await small
      .run(ghz(6).measureAll(), { seed: 1, shots: 50, noise: { loss: 0.05 } })
      .result();
    expect(noisy.erasures.total).toBeGreaterThan(0);
    expect(noisy.data.peakStateBytes).toBe(1024);
  });

  it('a dynamic circuit holds two states: refused at once when they do not fit', () => {
    const small = budgeted(1, 6, 10, 1);
    const c = new Circuit(6, 1).h(0).measure(0, 0).x(0);
    expectAppError(() => small.run(c, { seed: 1, shots: 10, noise: ideal }), 'CIRCUIT_TOO_LARGE', '6 qubits');
    expect(budgeted(2, 6, 10, 1).estimate(c, { shots: 10, noise: ideal }).memoryBytes).toBe(
      2 * 1024 + 10 * shotBytes(1),
    );
  });

  it('a branching run copies states while the budget allows, and gives the same shots when it cannot', async () => {
    // Each measurement of a fresh superposition splits the shots. The plan allows a copy per
    // measurement or reset (9), beyond the checkpoint and the working state.
    const c = new Circuit(4, 4);
    for (let k = 0; k < 4; k += 1) c.h(0).cx(0, 1).rz(0.3, 1).measure(0, k).reset(0);
    c.ifBits({ clbits: [0, 1], value: 3 }, (b) => b.x(2)).measure(2, 3);
    const options = { seed: 11, shots: 400, memory: true, noise: { loss: 0.01 } } as const;
    const roomy = new LocalSimulator({ threads: 1 });
    const tight = budgeted(2, 4, 400, 4);
    expect(roomy.estimate(c, options).memoryBytes).toBe(11 * 256 + 400 * shotBytes(4));
    expect(tight.estimate(c, options).memoryBytes).toBe(2 * 256 + 400 * shotBytes(4));
    const [copied, rebuilt] = await Promise.all([
      roomy.run(c, options).result(),
      tight.run(c, options).result(),
    ]);
    expect(rebuilt.getMemory()).toEqual(copied.getMemory());
    expect(rebuilt.erasures).toEqual(copied.erasures);
    expect(copied.data.peakStateBytes).toBeGreaterThan(2 * 256);
    expect(rebuilt.data.peakStateBytes).toBe(2 * 256);
  });

  it('counts the threads a run starts, and its own with threadPerRun', () => {
    const budget = 16 * 2 ** 26 + THREAD_BYTES + shotBytes(0);
    expect(new LocalSimulator({ memoryLimit: budget, threads: 1, threadPerRun: true }).target.maxQubits).toBe(
      26,
    );
    // From 18 qubits a run of 2 threads starts a pool thread.
    expect(new LocalSimulator({ memoryLimit: budget, threads: 2, threadPerRun: true }).target.maxQubits).toBe(
      25,
    );
    expect(new LocalSimulator({ memoryLimit: budget, threads: 2 }).target.maxQubits).toBe(26);
    const sim = new LocalSimulator({ memoryLimit: 2 ** 30, threads: 4 });
    expect(sim.estimate(new Circuit(20, 1).measure(0, 0), { shots: 10, noise: ideal }).memoryBytes).toBe(
      16 * 2 ** 20 + 3 * THREAD_BYTES + 10 * shotBytes(1),
    );
    expect(sim.estimate(new Circuit(17, 1).measure(0, 0), { shots: 10, noise: ideal }).memoryBytes).toBe(
      16 * 2 ** 17 + 10 * shotBytes(1),
    );
  });

  it('reports its budget: the setting, or what this process has', () => {
    expect(new LocalSimulator({ memoryLimit: 2 ** 30 }).memoryBudget).toEqual({
      bytes: 2 ** 30,
      source: 'setting',
      limitBytes: 2 ** 30,
    });
    const detected = new LocalSimulator().memoryBudget;
    expect(['host', 'cgroup']).toContain(detected.source);
    expect(detected.bytes).toBeLessThan(detected.limitBytes);
  });
});

describe('estimates', () => {
  // q0: h, cx, ccx, ctrl @ h, measure; q1: cx, ccx, measure; q2: t, tdg, ccx, ctrl @ h, measure.
  const build = (): Circuit => {
    const c = new Circuit(3, 3)
      .h(0)
      .cx(0, 1)
      .t(2)
      .tdg(2)
      .ccx(0, 1, 2)
      .gate('h', [2, 0], [], { modifiers: [ctrl()] });
    return c.measure([0, 1, 2], [0, 1, 2]);
  };

  it('count gates, depth, measurements, passes and memory', () => {
    const e = simulator().estimate(build(), { fusion: { enabled: false }, noise: { loss: 0.01 } });
    expect(e).toMatchObject({
      qubits: 3,
      clbits: 3,
      // h t | cx tdg | ccx | ctrl@h measure(1) | measure(0,2)
      depth: 5,
      gateCounts: { h: 1, cx: 1, t: 1, tdg: 1, ccx: 1, 'ctrl @ h': 1 },
      oneQubitGates: 3,
      twoQubitGates: 2,
      multiQubitGates: 1,
      tCount: 2,
      measurements: 3,
      resets: 0,
      fusedPasses: 6,
      stateBytes: 128,
    });
    // live: q0 [0, 4), q1 [1, 3), q2 [0, 4)
    expect(e.liveQubitCycles).toBe(4 + 2 + 4);
    expect(e.expectedErasuresPerShot).toBeCloseTo(0.01 * 10, 15);
    expect(e.erasureFreeShotProbability).toBeCloseTo(0.99 ** 10, 15);
    expect(e.estimatedSeconds).toBeGreaterThan(0);
    expect(e.timeModel).toContain('bandwidth');
  });

  it('count fused passes and resets', () => {
    const c = new Circuit(2, 1).h(0).t(0).h(0).reset(1).x(1).measure(1, 0);
    expect(simulator().estimate(c, { fusion: { threshold: 0, maxQubits: 2 } })).toMatchObject({
      fusedPasses: 2,
      resets: 1,
      oneQubitGates: 4,
    });
    expect(simulator().estimate(c, { fusion: { enabled: false } }).fusedPasses).toBe(4);
  });

  it('are the ones a run reports', async () => {
    const result = await simulator()
      .run(build(), { seed: 1, shots: 10, fusion: { enabled: false }, noise: { loss: 0.01 } })
      .result();
    const e = simulator().estimate(build(), {
      shots: 10,
      fusion: { enabled: false },
      noise: { loss: 0.01 },
    });
    expect({ ...result.estimates, estimatedSeconds: 0 }).toEqual({ ...e, estimatedSeconds: 0 });
    expect(result.data.cycles).toBe(e.depth);
    expect(result.data.fusion).toEqual({ enabled: false, maxQubits: 4, threshold: 14, passes: 6 });
  });
});

describe('jobs and results', () => {
  it('a job is queued, then completed, with timing', async () => {
    const job = simulator().run(bell(), { seed: 1, shots: 100, noise: ideal });
    expect(job.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(job.backend).toBe('local_simulator');
    expect(job.status()).toBe('queued');
    const result = await job.result();
    expect(job.status()).toBe('completed');
    expect(result.timing.totalSeconds).toBeGreaterThan(0);
    expect(result.timing.simulationSeconds).toBeGreaterThan(0);
    expect(result.timing.simulationSeconds).toBeLessThanOrEqual(result.timing.totalSeconds);
    expect(result.data.backend).toBe('local_simulator');
    expect(result.data.peakStateBytes).toBe(64);
  });

  it("keys counts by register exactly as qiskit-aer's get_counts() does", async () => {
    // Registers c0[1], c1[4], c2[2] over 7 qubits, X on qubits 0, 1, 3, 4, 6, qubit i measured into
    // clbit i. The same circuit on qiskit-aer 0.18.2 (qiskit 2.6.1; QuantumCircuit(q, c0, c1, c2),
    // AerSimulator().run(qc, shots=10, seed_simulator=1).result().get_counts()) printed
    // {'10 1101 1': 10}.
    const c = new Circuit(7);
    c.addClassicalRegister('c0', 1);
    c.addClassicalRegister('c1', 4);
    c.addClassicalRegister('c2', 2);
    for (const q of [0, 1, 3, 4, 6]) c.x(q);
    c.measure([0, 1, 2, 3, 4, 5, 6], [0, 1, 2, 3, 4, 5, 6]);
    const result = await simulator().run(c, { shots: 10, seed: 1, noise: ideal }).result();
    expect(result.getCounts({ registers: true })).toEqual({ '10 1101 1': 10 });
    expect(result.getCounts()).toEqual({ '1011011': 10 });
    expect(result.toJSON().counts_by_register).toEqual({ '10 1101 1': 10 });
  });

  it('cancels a queued job: it never runs, and its result rejects with JOB_CANCELLED', async () => {
    const job = simulator().run(bell(), { seed: 1, shots: 100, noise: ideal });
    job.cancel();
    expect(job.status()).toBe('cancelled');
    await expect(job.result()).rejects.toMatchObject({ code: 'JOB_CANCELLED', details: { id: job.id } });
    expectAppError(() => job.cancel(), 'JOB_NOT_CANCELLABLE');
    const done = simulator().run(bell(), { seed: 1, shots: 100, noise: ideal });
    await done.result();
    expect(done.status()).toBe('completed');
    const ended = expectAppError(() => done.cancel(), 'JOB_NOT_CANCELLABLE');
    expect(ended.details).toEqual({ status: 'completed', reason: 'it has ended' });
  });

  it('a run in this thread cannot be cancelled while it runs, and says how it could be', async () => {
    let refused: unknown;
    const job = simulator().run(ghz(3).measureAll(), {
      shots: 50,
      noise: { loss: 0.2 },
      onProgress: () => {
        try {
          job.cancel();
        } catch (error) {
          refused ??= error;
        }
      },
    });
    await job.result();
    expect(job.status()).toBe('completed');
    expect(refused).toMatchObject({
      code: 'JOB_NOT_CANCELLABLE',
      details: { status: 'running', reason: expect.stringContaining('{ worker: true }') },
    });
  });

  it('cancels a run on its worker thread at once, and the next run works', { timeout: 30_000 }, async () => {
    // 18 qubits, 30 layers, 2000 noisy shots: nearly every shot is a trajectory of ~50 passes over
    // 4 MiB, a minute of work or more.
    const n = 18;
    const c = new Circuit(n);
    for (let q = 0; q < n; q += 1) c.h(q);
    for (let l = 0; l < 30; l += 1) {
      for (let q = 0; q < n; q += 1) c.rx(0.1 + l / 7, q);
      for (let q = 0; q + 1 < n; q += 2) c.cx(q, q + 1);
    }
    c.measureAll();
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    let fraction = 0;
    const job = simulator().run(c, {
      shots: 2000,
      seed: 4,
      noise: { loss: 0.005 },
      threads: 2,
      worker: true,
      onProgress: (f) => {
        fraction = f;
        started();
      },
    });
    await running;
    expect(job.status()).toBe('running');
    const cancelledAt = performance.now();
    job.cancel();
    expect(job.status()).toBe('cancelled');
    await expect(job.result()).rejects.toMatchObject({ code: 'JOB_CANCELLED' });
    // It stopped far from its end, and settled (its thread gone) within a second of the cancel.
    expect(fraction).toBeLessThan(0.1);
    expect(performance.now() - cancelledAt).toBeLessThan(1000);
    expectAppError(() => job.cancel(), 'JOB_NOT_CANCELLABLE');

    const next = simulator().run(bell(), { seed: 2, shots: 200, noise: ideal, worker: true });
    const result = await next.result();
    expect(next.status()).toBe('completed');
    expect(Object.keys(result.getCounts()).sort()).toEqual(['00', '11']);
    expect(result.data.seed).toBe(2);
  });

  it('a run on a worker thread gives the result of the same run in this thread', async () => {
    const options = { seed: 5, shots: 300, noise: { loss: 0.05 }, memory: true } as const;
    const here = await simulator().run(ghz(3).measureAll(), options).result();
    const there = await simulator()
      .run(ghz(3).measureAll(), { ...options, worker: true })
      .result();
    expect(there.getCounts()).toEqual(here.getCounts());
    expect(there.getMemory()).toEqual(here.getMemory());
    expect(there.erasures).toEqual(here.erasures);
    // The circuit crosses in its JSON form, free parameters and all.
    const rotated = new Circuit(1, 1).rx(param('theta'), 0).measure(0, 0);
    const bound = { parameters: { theta: Math.PI }, noise: ideal, shots: 10 };
    const flipped = await simulator()
      .run(rotated, { ...bound, worker: true })
      .result();
    expect(flipped.getCounts()).toEqual({ '1': 10 });
  });

  it('reports what it ran with', async () => {
    const result = await simulator()
      .run(bell(), { seed: 9, shots: 100, noise: { loss: 0.02 } })
      .result();
    expect(result.data).toMatchObject({
      seed: 9,
      shots: 100,
      numClbits: 2,
      noise: { loss: 0.02, erasureFraction: 0.98 },
    });
    expect(result.data.noise.pauli).toBeCloseTo((0.02 * 0.02) / 0.98, 15);
    const json = result.toJSON();
    expect(json).toMatchObject({
      backend: 'local_simulator',
      shots: 100,
      seed: 9,
      counts: result.data.counts,
      counts_postselected: result.data.countsPostselected,
    });
    expect(json.estimates).toMatchObject({ qubits: 2, live_qubit_cycles: result.estimates.liveQubitCycles });
    expect(json).not.toHaveProperty('memory');
  });

  it('the local simulator is available, transpiles to itself and targets all-to-all', () => {
    const sim = new LocalSimulator({ memoryLimit: 2 ** 30 + shotBytes(0), threads: 1 });
    const c = bell();
    expect(sim.status()).toEqual({ available: true });
    expect(sim.transpile(c)).toBe(c);
    expect(sim.target).toEqual({ maxQubits: 26, nativeGates: ['*'], connectivity: 'all-to-all' });
  });

  it('a chunked simulator gives the same shots as an unchunked one', async () => {
    const chunked = new LocalSimulator({ chunkBits: 2 });
    for (const c of [
      grover(4, 0b1001).measureAll(),
      teleport(0.9),
      new Circuit(5, 2).h(4).cx(4, 0).measure(0, 0).reset(4).h(4).measure(4, 1),
    ]) {
      const options = { seed: 31, shots: 300, memory: true, noise: { loss: 0.03 } };
      const a = await chunked.run(c, options).result();
      const b = await new LocalSimulator().run(c, options).result();
      expect(a.getMemory()).toEqual(b.getMemory());
    }
  });
});

describe('progress', () => {
  it('reports increasing fractions, throttled, ending at 1', async () => {
    const fractions: number[] = [];
    const times: number[] = [];
    // About half a second: several reports apart, by the interval.
    const c = ghz(16).t(3).h(5).t(7).measureAll();
    await new LocalSimulator()
      .run(c, {
        shots: 3000,
        seed: 4,
        noise: { loss: 0.01 },
        threads: 1,
        onProgress: (f) => {
          fractions.push(f);
          times.push(performance.now());
        },
      })
      .result();
    expect(fractions.length).toBeGreaterThanOrEqual(3);
    expect(fractions.at(-1)).toBe(1);
    fractions.forEach((f, i) => expect(f).toBeGreaterThan(i === 0 ? 0 : fractions[i - 1]!));
    // Every report but the final 1 is at least the interval after the previous one.
    for (let i = 1; i < times.length - 1; i += 1)
      expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(99);
  });

  it('a fast run reports its first pass and then 1', async () => {
    const fractions: number[] = [];
    await new LocalSimulator()
      .run(bell(), { shots: 10, seed: 1, noise: { loss: 0 }, onProgress: (f) => fractions.push(f) })
      .result();
    expect(fractions).toHaveLength(2);
    expect(fractions[0]).toBeGreaterThan(0);
    expect(fractions[0]).toBeLessThan(1);
    expect(fractions[1]).toBe(1);
  });
});
