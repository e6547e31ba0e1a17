/**
 * Random circuits (up to 8 qubits, random standard gates with random angles and modifiers):
 * the library's statevector against the dense reference, fused against unfused, and a state
 * split into small chunks against a single chunk.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Circuit, pow } from '../../src/circuit/circuit.js';
import { simulateStatevector } from '../../src/engine/statevector-run.js';
import { buildCircuit, circuitArb } from '../support/circuits.js';
import {
  mulberry32,
  powNearBranchCut,
  randomState,
  referenceStatevector,
  stateDiff,
} from '../support/dense-reference.js';
import { expectAppError } from '@lab/server-kit/testing';

describe('random circuits', () => {
  it('match the dense reference to 1e-10', () => {
    fc.assert(
      fc.property(circuitArb({ maxQubits: 8, maxGates: 14 }), fc.integer(), ({ n, gates }, seed) => {
        const c = buildCircuit(n, gates);
        fc.pre(!powNearBranchCut(c));
        const initial = randomState(n, mulberry32(seed));
        const expected = referenceStatevector(c, { initial });
        expect(
          stateDiff(simulateStatevector(c, { initial, fusion: { enabled: false } }), expected),
        ).toBeLessThan(1e-10);
      }),
      { numRuns: 60 },
    );
  });

  it('match the dense reference for an eigenphase 1e-9 above -π under a tiny power (found by the property)', () => {
    // U(-2π + 2e-9, 0, 0) has eigenphases ±(π - 1e-9); the reference once counted -π + 1e-9 as
    // π, so its pow(-3.37e-11) differed from the library's (exact) one by 1.06e-10.
    const c = buildCircuit(1, [
      {
        name: 'U',
        qubits: [0],
        params: [-6.283185305179587, 0, 0],
        modifiers: [pow(-3.3747685945744114e-11)],
      },
      { name: 'U', qubits: [0], params: [0, 0, 0], modifiers: [] },
    ]);
    const initial = randomState(1, mulberry32(0));
    const expected = referenceStatevector(c, { initial });
    expect(stateDiff(simulateStatevector(c, { initial, fusion: { enabled: false } }), expected)).toBeLessThan(
      1e-15,
    );
  });

  it('leave out only powers taken where the branch cut makes them ill-conditioned', () => {
    const powered = (name: string, params: number[], k: number): Circuit =>
      buildCircuit(1, [{ name, qubits: [0], params, modifiers: [pow(k)] }]);
    // Found by the property (seed 210 of fast-check): eigenvalues -1 ± 1.2e-15i, so the library
    // takes phases ±(π - 1.2e-15) and a QR reference cannot tell them from -1.
    expect(powNearBranchCut(powered('u3', [-2.4560197279233963e-15, 0, -2 * Math.PI], -5.65e-11))).toBe(true);
    expect(powNearBranchCut(powered('U', [2 * Math.PI - 1e-8, 0, 0], 0.5))).toBe(true);
    // Eigenvalues at -1 exactly (phase π by the principal branch) stay in.
    expect(powNearBranchCut(powered('U', [2 * Math.PI, 0, 0], 0.5))).toBe(false);
    expect(powNearBranchCut(powered('u3', [0, 0, -2 * Math.PI], 0.5))).toBe(false);
    expect(powNearBranchCut(powered('x', [], 0.5))).toBe(false);
    expect(
      powNearBranchCut(
        buildCircuit(3, [{ name: 'ccx', qubits: [0, 1, 2], params: [], modifiers: [pow(0.5)] }]),
      ),
    ).toBe(false);
  });

  it('from |0...0> too, with the default options', () => {
    fc.assert(
      fc.property(circuitArb({ maxQubits: 6, maxGates: 10 }), ({ n, gates }) => {
        const c = buildCircuit(n, gates);
        fc.pre(!powNearBranchCut(c));
        expect(stateDiff(simulateStatevector(c), referenceStatevector(c))).toBeLessThan(1e-10);
      }),
      { numRuns: 30 },
    );
  });

  it('fused (threshold 0, maxQubits 2..5) equal unfused to 1e-12', () => {
    fc.assert(
      fc.property(
        circuitArb({ maxQubits: 8, maxGates: 24, maxWidth: 5 }),
        fc.integer({ min: 2, max: 5 }),
        fc.integer(),
        ({ n, gates }, maxQubits, seed) => {
          const c = buildCircuit(n, gates);
          const initial = randomState(n, mulberry32(seed));
          const unfused = simulateStatevector(c, { initial, fusion: { enabled: false } });
          const fused = simulateStatevector(c, { initial, fusion: { threshold: 0, maxQubits } });
          expect(stateDiff(fused, unfused)).toBeLessThan(1e-12);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('split into small chunks equal a single chunk (gates above the chunk included)', () => {
    fc.assert(
      fc.property(
        circuitArb({ minQubits: 2, maxQubits: 8, maxGates: 20 }),
        fc.integer(),
        fc.boolean(),
        ({ n, gates }, seed, fused) => {
          const c = buildCircuit(n, gates);
          const initial = randomState(n, mulberry32(seed));
          const fusion = fused ? { threshold: 0, maxQubits: 3 } : { enabled: false };
          const whole = simulateStatevector(c, { initial, fusion });
          for (const chunkBits of new Set([0, 1, Math.max(1, n - 3), n - 1])) {
            expect(
              stateDiff(simulateStatevector(c, { initial, fusion, chunkBits }), whole),
              `chunkBits ${chunkBits}`,
            ).toBeLessThan(1e-12);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('8 qubits in chunks of 3 bits: every gate placement across the chunk boundary', () => {
    const random = mulberry32(2024);
    const c = new Circuit(8);
    for (const [a, b] of [
      [0, 7],
      [7, 0],
      [2, 3],
      [3, 2],
      [5, 6],
      [6, 1],
    ] as const) {
      c.cu(random() * 6, random() * 6, random() * 6, random() * 6, a, b)
        .h(b)
        .rz(random(), a);
    }
    c.ccx(7, 0, 4).cswap(3, 6, 1).ccx(1, 2, 5).cswap(7, 5, 6);
    const initial = randomState(8, random);
    const expected = referenceStatevector(c, { initial });
    for (const fusion of [{ enabled: false }, { threshold: 0, maxQubits: 4 }]) {
      expect(stateDiff(simulateStatevector(c, { initial, fusion, chunkBits: 3 }), expected)).toBeLessThan(
        1e-12,
      );
      expect(stateDiff(simulateStatevector(c, { initial, fusion }), expected)).toBeLessThan(1e-12);
    }
  });
});

describe('simulateStatevector', () => {
  it('returns |0...0> for an empty circuit and ignores barriers', () => {
    expect([...simulateStatevector(new Circuit(2).barrier())]).toEqual([1, 0, 0, 0, 0, 0, 0, 0]);
    expect([...simulateStatevector(new Circuit(0))]).toEqual([1, 0]);
  });

  it('needs a circuit of gates only', () => {
    expectAppError(
      () => simulateStatevector(new Circuit(1, 1).measure(0, 0)),
      'INVALID_CIRCUIT',
      'a statevector needs a circuit of gates only; found measure',
    );
    expectAppError(() => simulateStatevector(new Circuit(1).reset(0)), 'INVALID_CIRCUIT', 'found reset');
    const conditioned = new Circuit(1, 1).ifBits({ clbits: [0], value: 1 }, (c) => c.x(0));
    expectAppError(() => simulateStatevector(conditioned), 'INVALID_CIRCUIT', 'found a conditioned gate');
  });

  it('does not change the initial amplitudes it is given', () => {
    const initial = randomState(2, mulberry32(1));
    const copy = initial.slice();
    simulateStatevector(new Circuit(2).h(0).cx(0, 1), { initial });
    expect([...initial]).toEqual([...copy]);
  });

  it('rejects a bad fusion width', () => {
    expect(() => simulateStatevector(new Circuit(1), { fusion: { maxQubits: 6 } })).toThrow(
      expect.objectContaining({ code: 'INVALID_RUN_OPTIONS', details: { field: 'fusion.maxQubits' } }),
    );
  });
});
