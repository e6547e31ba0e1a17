/**
 * The worker pool: runs at 18+ qubits sweep the state with two threads, and give the same
 * amplitudes and the same shots as one thread, for terminal, dynamic and noisy circuits.
 */
import { describe, expect, it, vi } from 'vitest';
import { getBackend } from '../../src/backends/registry.js';
import { Circuit, ctrl, negctrl, pow } from '../../src/circuit/circuit.js';
import { readyPool, startPool } from '../../src/engine/parallel.js';
import { StateVector } from '../../src/engine/statevector.js';
import { simulateStatevector } from '../../src/engine/statevector-run.js';
import { ghz } from '../support/circuits.js';
import { mulberry32, stateDiff } from '../support/dense-reference.js';
import { expectFits } from '../support/stats.js';

const N = 18;
const simulator = () => getBackend('local_simulator');

/** A random 18-qubit circuit: one-, two- and three-qubit gates with modifiers, and one 6-qubit gate. */
function randomCircuit(seed: number): Circuit {
  const random = mulberry32(seed);
  const q = (): number => Math.floor(random() * N);
  const distinct = (k: number): number[] => {
    const out: number[] = [];
    while (out.length < k) {
      const x = q();
      if (!out.includes(x)) out.push(x);
    }
    return out;
  };
  const c = new Circuit(N);
  for (let i = 0; i < N; i += 1) c.h(i);
  for (let i = 0; i < 40; i += 1) {
    const r = random();
    if (r < 0.3) c.u3(random() * 6, random() * 6, random() * 6, q());
    else if (r < 0.5) c.cx(...(distinct(2) as [number, number]));
    else if (r < 0.6) c.rz(random() * 6, q());
    else if (r < 0.7) c.gate('ry', distinct(2), [random() * 6], { modifiers: [negctrl()] });
    else if (r < 0.8) c.gate('swap', distinct(2), [], { modifiers: [pow(0.3)] });
    else if (r < 0.9) c.ccx(...(distinct(3) as [number, number, number]));
    else c.cp(random() * 6, ...(distinct(2) as [number, number]));
  }
  c.gate('h', distinct(6), [], { modifiers: [ctrl(5)] });
  return c;
}

describe('the worker pool', () => {
  it('a GHZ-18 run with threads: 2 starts the pool and gives only all-zeros and all-ones', async () => {
    expect(readyPool(2)).toBeUndefined();
    const result = await simulator()
      .run(ghz(N).measureAll(), { shots: 2000, seed: 1, threads: 2, noise: { loss: 0 } })
      .result();
    expect(readyPool(2)).toBeDefined();
    const zeros = '0'.repeat(N);
    const ones = '1'.repeat(N);
    expect(Object.keys(result.getCounts()).sort()).toEqual([zeros, ones]);
    expectFits(result.getCounts(), { [zeros]: 0.5, [ones]: 0.5 });
  });

  it('the parallel statevector of a random 18-qubit circuit equals the single-thread one', async () => {
    const pool = await startPool(2);
    const spy = vi.spyOn(pool, 'run');
    try {
      const c = randomCircuit(5);
      const single = simulateStatevector(c, { threads: 1 });
      const parallel = simulateStatevector(c, { threads: 2 });
      expect(spy).toHaveBeenCalled();
      expect(stateDiff(parallel, single)).toBeLessThan(1e-12);
      // unfused and in small chunks too
      const chunked = simulateStatevector(c, { threads: 2, chunkBits: 12, fusion: { enabled: false } });
      expect(
        stateDiff(chunked, simulateStatevector(c, { threads: 1, fusion: { enabled: false } })),
      ).toBeLessThan(1e-12);
    } finally {
      spy.mockRestore();
    }
  });

  it('parallel states live in shared memory', async () => {
    await startPool(2);
    const s = StateVector.zero(N, { threads: 2 });
    try {
      expect(s.chunks[0]!.buffer).toBeInstanceOf(SharedArrayBuffer);
    } finally {
      s.release();
    }
    expect(StateVector.zero(4).chunks[0]!.buffer).toBeInstanceOf(ArrayBuffer);
  });

  it('a dynamic 18-qubit circuit (several states share the pool) gives the right counts, as one thread does', async () => {
    const theta = 1.1;
    const c = new Circuit(N, 3)
      .h(0)
      .cx(0, N - 1)
      .measure(0, 0);
    c.ifBits({ clbits: [0], value: 1 }, (k) => k.x(N - 1));
    c.ry(theta, 5)
      .cx(5, N - 1)
      .measure(N - 1, 1)
      .measure(5, 2);
    const p = Math.sin(theta / 2) ** 2;
    const options = { shots: 2000, seed: 2, memory: true, noise: { loss: 0 } };
    const parallel = await simulator()
      .run(c, { ...options, threads: 2 })
      .result();
    expectFits(parallel.getCounts(), { '000': (1 - p) / 2, '001': (1 - p) / 2, '110': p / 2, '111': p / 2 });
    const single = await simulator()
      .run(c, { ...options, threads: 1 })
      .result();
    expect(parallel.getMemory()).toEqual(single.getMemory());
  });

  it('a noisy non-Clifford 18-qubit circuit (trajectories from checkpoints) runs as one thread does', async () => {
    const c = ghz(N);
    c.t(0).rx(0.3, 3).t(0).measureAll();
    const options = { shots: 200, seed: 3, memory: true, noise: { loss: 0.004, pauli: 0 } };
    const parallel = await simulator()
      .run(c, { ...options, threads: 2 })
      .result();
    expect(parallel.data.trajectories).toBeGreaterThan(0);
    const single = await simulator()
      .run(c, { ...options, threads: 1 })
      .result();
    expect(parallel.getMemory()).toEqual(single.getMemory());
  });
});
