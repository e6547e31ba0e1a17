/** The state layer: allocation, ops, measurement primitives and chunking. */
import { describe, expect, it } from 'vitest';
import { Circuit, ctrl, negctrl } from '../../src/circuit/circuit.js';
import { STANDARD_GATES } from '../../src/circuit/gates.js';
import {
  BYTES_PER_AMPLITUDE,
  DEFAULT_CHUNK_BITS,
  StateVector,
  stateBytes,
} from '../../src/engine/statevector.js';
import { simulateStatevector } from '../../src/engine/statevector-run.js';
import {
  applyGate,
  mulberry32,
  probabilities,
  randomState,
  referenceGate,
  referenceStatevector,
  stateDiff,
} from '../support/dense-reference.js';
import { expectAppError } from '@lab/server-kit/testing';

const gate = (name: string, params: number[] = []) => {
  const g = STANDARD_GATES.get(name)!;
  const m = g.matrix(params);
  return { matrix: m.data, diagonal: g.diagonal };
};

describe('StateVector', () => {
  it('starts in |0...0> and reports its size', () => {
    const s = StateVector.zero(3);
    expect([...s.amplitudes()]).toEqual([1, 0, ...Array<number>(14).fill(0)]);
    expect(s.bytes).toBe(16 * 8);
    expect(stateBytes(20)).toBe(BYTES_PER_AMPLITUDE * 2 ** 20);
    expect(s.chunkBits).toBe(3);
    expect(StateVector.zero(6, { chunkBits: 2 }).chunkBits).toBe(2);
    expect(StateVector.zero(2, { chunkBits: 5 }).chunkBits).toBe(2);
    expect(DEFAULT_CHUNK_BITS).toBe(26);
  });

  it('splits into 2^(n - chunkBits) chunks', () => {
    const s = StateVector.zero(5, { chunkBits: 2 });
    expect(s.chunks).toHaveLength(8);
    expect(s.chunks.every((c) => c.length === 8)).toBe(true);
  });

  it('round-trips amplitudes through fromAmplitudes, chunked or not', () => {
    const a = randomState(4, mulberry32(1));
    expect([...StateVector.fromAmplitudes(a).amplitudes()]).toEqual([...a]);
    expect([...StateVector.fromAmplitudes(a, { chunkBits: 1 }).amplitudes()]).toEqual([...a]);
    expectAppError(() => StateVector.fromAmplitudes(new Float64Array(6)), 'INVALID_CIRCUIT', 'power of two');
  });

  it('applies ops like the reference, on qubits inside and above the chunk', () => {
    const random = mulberry32(2);
    for (const chunkBits of [1, 2, 5]) {
      const initial = randomState(5, random);
      const s = StateVector.fromAmplitudes(initial, { chunkBits });
      let expected = initial;
      for (const [name, qubits, params] of [
        ['h', [4], []],
        ['cx', [4, 0], []],
        ['rz', [3], [0.7]],
        ['cswap', [0, 4, 2], []],
        ['cp', [1, 3], [1.1]],
        ['u3', [2], [0.1, 0.2, 0.3]],
      ] as const) {
        s.apply(s.prepare({ qubits, ...gate(name, [...params]) }));
        expected = applyGate(expected, referenceGate(name, [...params]), qubits, 5);
      }
      expect(stateDiff(s.amplitudes(), expected)).toBeLessThan(1e-14);
    }
  });

  it('measures, collapses and flips on every qubit, chunked or not', () => {
    const random = mulberry32(3);
    for (const chunkBits of [1, 2, 4]) {
      for (let qubit = 0; qubit < 4; qubit += 1) {
        const initial = randomState(4, random);
        const p = probabilities(initial);
        const p1 = p.reduce((acc, x, i) => acc + ((i >> qubit) & 1 ? x : 0), 0);
        const s = StateVector.fromAmplitudes(initial, { chunkBits });
        expect(s.probabilityOfOne(qubit)).toBeCloseTo(p1, 14);
        const t = s.clone();
        s.collapse(qubit, 1, p1);
        const expected = initial.map((x, i) => (((i >> 1) >> qubit) & 1 ? x / Math.sqrt(p1) : 0));
        expect(stateDiff(s.amplitudes(), expected)).toBeLessThan(1e-14);
        expect(s.probabilityOfOne(qubit)).toBeCloseTo(1, 14);
        // the clone kept the state before collapse
        expect(stateDiff(t.amplitudes(), initial)).toBe(0);
        t.flip(qubit);
        expect(
          stateDiff(t.amplitudes(), applyGate(initial, referenceGate('x', []), [qubit], 4)),
        ).toBeLessThan(1e-15);
        t.copyFrom(s);
        expect(stateDiff(t.amplitudes(), s.amplitudes())).toBe(0);
      }
    }
  });

  it('walks non-zero probabilities in index order', () => {
    const s = StateVector.fromAmplitudes(new Float64Array([0.6, 0, 0, 0, 0, 0, 0, 0.8]), { chunkBits: 1 });
    const seen: [number, number][] = [];
    s.forEachProbability((i, p) => seen.push([i, p]));
    expect(seen.map(([i]) => i)).toEqual([0, 3]);
    expect(seen[0]![1]).toBeCloseTo(0.36, 15);
    expect(seen[1]![1]).toBeCloseTo(0.64, 15);
  });

  it('multiplies by a bare global phase', () => {
    const initial = randomState(3, mulberry32(4));
    for (const chunkBits of [0, 1, 3]) {
      const got = simulateStatevector(new Circuit(3).gphase(0.7), { initial, chunkBits });
      const expected = initial.map((_, i) =>
        i % 2 === 0
          ? Math.cos(0.7) * initial[i]! - Math.sin(0.7) * initial[i + 1]!
          : Math.sin(0.7) * initial[i - 1]! + Math.cos(0.7) * initial[i]!,
      );
      expect(stateDiff(got, expected)).toBeLessThan(1e-15);
    }
  });
});

describe('gates wider than a fused pass (more than 5 qubits)', () => {
  const random = mulberry32(8);
  const cases: [string, readonly number[], Parameters<Circuit['gate']>[3]][] = [
    ['x', [0, 1, 2, 3, 4, 5], { modifiers: [ctrl(5)] }],
    ['ccx', [7, 6, 5, 0, 2, 1], { modifiers: [ctrl(3)] }],
    ['swap', [1, 3, 5, 7, 0, 6], { modifiers: [negctrl(4)] }],
    ['rz', [0, 7, 1, 6, 2, 5, 3], { modifiers: [ctrl(2), negctrl(2), ctrl(2)] }],
    ['h', [4, 5, 6, 7, 0, 1, 2, 3], { modifiers: [ctrl(7)] }],
  ];
  for (const [name, qubits, options] of cases) {
    it(`${options!.modifiers!.map((m) => m.kind).join(' @ ')} @ ${name} on ${qubits.length} qubits`, () => {
      const c = new Circuit(8);
      for (let q = 0; q < 8; q += 1) c.ry(random() * 3, q);
      c.gate(name, qubits, name === 'rz' ? [0.9] : [], options);
      const initial = randomState(8, random);
      const expected = referenceStatevector(c, { initial });
      expect(
        stateDiff(simulateStatevector(c, { initial, fusion: { enabled: false } }), expected),
      ).toBeLessThan(1e-12);
      expect(
        stateDiff(simulateStatevector(c, { initial, fusion: { threshold: 0, maxQubits: 5 } }), expected),
      ).toBeLessThan(1e-12);
      expect(stateDiff(simulateStatevector(c, { initial, chunkBits: 3 }), expected)).toBeLessThan(1e-12);
    });
  }
});
