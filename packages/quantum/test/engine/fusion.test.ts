/** Gate fusion: settings, the shape of the passes, and that a fused program is the same unitary. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lowerCircuit, type UnitaryInstruction } from '../../src/circuit/lower.js';
import { DEFAULT_FUSION, fuse, resolveFusion, type FusedOp } from '../../src/engine/fusion.js';
import { buildCircuit, circuitArb } from '../support/circuits.js';
import {
  applyGate,
  fromInterleaved,
  mulberry32,
  randomState,
  referenceStatevector,
  stateDiff,
} from '../support/dense-reference.js';
import { Circuit } from '../../src/circuit/circuit.js';

const gatesOf = (c: Circuit): UnitaryInstruction[] =>
  lowerCircuit(c).filter((i): i is UnitaryInstruction => i.kind === 'unitary');

/** Applies passes with the reference's dense matrices. */
function applyPasses(passes: readonly FusedOp[], initial: Float64Array, n: number): Float64Array {
  let state = initial;
  for (const p of passes)
    state = applyGate(state, fromInterleaved(2 ** p.qubits.length, p.matrix), p.qubits, n);
  return state;
}

describe('fusion settings', () => {
  it('default to on, 4 qubits, from 14 qubits', () => {
    expect(DEFAULT_FUSION).toEqual({ enabled: true, maxQubits: 4, threshold: 14 });
    expect(resolveFusion(undefined)).toEqual(DEFAULT_FUSION);
    expect(resolveFusion({ maxQubits: 2, threshold: 0 })).toEqual({
      enabled: true,
      maxQubits: 2,
      threshold: 0,
    });
    expect(resolveFusion({ enabled: false })).toMatchObject({ enabled: false });
  });

  it('refuse a width outside 1..5', () => {
    for (const maxQubits of [0, 6, 2.5, NaN])
      expect(() => resolveFusion({ maxQubits }), String(maxQubits)).toThrow(
        /fusion.maxQubits must be an integer from 1 to 5/,
      );
  });
});

describe('fuse', () => {
  const c = new Circuit(6)
    .h(0)
    .t(0)
    .cx(0, 1)
    .rz(0.3, 1)
    .h(2)
    .ccx(0, 1, 2)
    .swap(3, 5)
    .ry(0.2, 4)
    .cz(4, 5)
    .gphase(0.4)
    .sx(3);
  const gates = gatesOf(c);

  it('gives one pass per gate when off or when the circuit is narrower than the threshold', () => {
    for (const settings of [
      { enabled: false, maxQubits: 4, threshold: 0 },
      { enabled: true, maxQubits: 4, threshold: 7 },
    ]) {
      const passes = fuse(gates, 6, settings);
      expect(passes).toHaveLength(gates.length);
      expect(passes.every((p) => p.gates === 1)).toBe(true);
      passes.forEach((p, i) => expect(p.matrix).toBe(gates[i]!.matrix.data));
    }
    // at the threshold it fuses
    expect(fuse(gates, 6, { enabled: true, maxQubits: 4, threshold: 6 }).length).toBeLessThan(gates.length);
  });

  it('keeps every gate, within maxQubits, as the same unitary', () => {
    const initial = randomState(6, mulberry32(1));
    const expected = referenceStatevector(c, { initial });
    for (let maxQubits = 1; maxQubits <= 5; maxQubits += 1) {
      const passes = fuse(gates, 6, { enabled: true, maxQubits, threshold: 0 });
      expect(passes.reduce((n, p) => n + p.gates, 0)).toBe(gates.length);
      for (const p of passes) {
        if (p.gates > 1) expect(p.qubits.length).toBeLessThanOrEqual(maxQubits);
        expect(p.matrix.length).toBe(2 * 4 ** p.qubits.length);
      }
      expect(stateDiff(applyPasses(passes, initial, 6), expected), `maxQubits ${maxQubits}`).toBeLessThan(
        1e-12,
      );
    }
  });

  it('merges a run of one-qubit gates on one qubit into one pass', () => {
    const run = new Circuit(2).h(1).t(1).sx(1).rz(0.4, 1).ry(0.1, 1);
    const passes = fuse(gatesOf(run), 2, { enabled: true, maxQubits: 1, threshold: 0 });
    expect(passes).toHaveLength(1);
    expect(passes[0]!.gates).toBe(5);
    expect(passes[0]!.qubits).toEqual([1]);
  });

  it('merges diagonal gates into one diagonal pass', () => {
    const diag = new Circuit(3).rz(0.3, 0).cz(0, 1).t(2).cp(0.5, 2, 1).s(0);
    const passes = fuse(gatesOf(diag), 3, { enabled: true, maxQubits: 3, threshold: 0 });
    expect(passes).toHaveLength(1);
    expect(passes[0]).toMatchObject({ qubits: [0, 1, 2], diagonal: true, gates: 5 });
    const initial = randomState(3, mulberry32(2));
    expect(stateDiff(applyPasses(passes, initial, 3), referenceStatevector(diag, { initial }))).toBeLessThan(
      1e-14,
    );
  });

  it('emits a bare global phase as its own pass', () => {
    const passes = fuse(gatesOf(new Circuit(2).h(0).gphase(1).h(0)), 2, {
      enabled: true,
      maxQubits: 2,
      threshold: 0,
    });
    const phase = passes.find((p) => p.qubits.length === 0);
    expect(phase).toBeDefined();
    expect([...phase!.matrix]).toEqual([Math.cos(1), Math.sin(1)]);
  });

  it('never puts a gate before one it does not commute with (random circuits)', () => {
    fc.assert(
      fc.property(
        circuitArb({ maxQubits: 7, maxGates: 30, maxModifiers: 1 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer(),
        ({ n, gates: specs }, maxQubits, seed) => {
          const circuit = buildCircuit(n, specs);
          const passes = fuse(gatesOf(circuit), n, { enabled: true, maxQubits, threshold: 0 });
          const initial = randomState(n, mulberry32(seed));
          expect(
            stateDiff(applyPasses(passes, initial, n), referenceStatevector(circuit, { initial })),
          ).toBeLessThan(1e-11);
        },
      ),
      { numRuns: 40 },
    );
  });
});
