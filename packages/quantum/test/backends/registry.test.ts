/** Backends by name, and the hardware backend that is listed but not yet reachable. */
import { describe, expect, it } from 'vitest';
import { LocalSimulator } from '../../src/backends/local-simulator.js';
import { NeutralAtomQpu } from '../../src/backends/neutral-atom.js';
import { getBackend, listBackends } from '../../src/backends/registry.js';
import { Circuit } from '../../src/circuit/circuit.js';
import { bell } from '../support/circuits.js';
import { expectAppError } from '@lab/server-kit/testing';

describe('the registry', () => {
  it('lists local_simulator (available) and neutral_atom_qpu (not available)', () => {
    const backends = listBackends();
    expect(backends.map((b) => b.name)).toEqual(['local_simulator', 'neutral_atom_qpu']);
    const [local, qpu] = backends;
    expect(local).toBeInstanceOf(LocalSimulator);
    expect(local!.status()).toEqual({ available: true });
    expect(qpu).toBeInstanceOf(NeutralAtomQpu);
    expect(qpu!.status().available).toBe(false);
    expect(qpu!.status().reason).toContain('not yet available');
    for (const b of backends) expect(b.description.length).toBeGreaterThan(0);
  });

  it('finds backends by name, the same instance each time', () => {
    expect(getBackend('local_simulator')).toBe(listBackends()[0]);
    expect(getBackend('neutral_atom_qpu').name).toBe('neutral_atom_qpu');
  });

  it('an unknown name fails with BACKEND_NOT_FOUND listing the known ones', () => {
    const error = expectAppError(
      () => getBackend('nope'),
      'BACKEND_NOT_FOUND',
      "no backend named 'nope' (known: local_simulator, neutral_atom_qpu)",
    );
    expect(error.kind).toBe('not_found');
    expect(error.details).toEqual({ name: 'nope', known: ['local_simulator', 'neutral_atom_qpu'] });
  });
});

describe('neutral_atom_qpu', () => {
  const qpu = getBackend('neutral_atom_qpu');

  it('run and transpile fail with BACKEND_UNAVAILABLE', () => {
    const error = expectAppError(
      () => qpu.run(bell(), { shots: 10 }),
      'BACKEND_UNAVAILABLE',
      "backend 'neutral_atom_qpu' is not available",
      'run on local_simulator',
    );
    expect(error.kind).toBe('unavailable');
    expectAppError(() => qpu.transpile(bell()), 'BACKEND_UNAVAILABLE');
  });

  it('describes its target', () => {
    expect(qpu.target).toMatchObject({ maxQubits: 256, connectivity: 'all-to-all', cycleSeconds: 2e-6 });
    expect(qpu.target.nativeGates).toContain('cz');
  });

  it('estimates from its cycle time', () => {
    const c = new Circuit(3, 3).h(0).cx(0, 1).cx(1, 2).measure([0, 1, 2], [0, 1, 2]);
    const e = qpu.estimate(c, { shots: 1000, noise: { loss: 0.01 } });
    expect(e).toMatchObject({
      qubits: 3,
      clbits: 3,
      depth: 4,
      twoQubitGates: 2,
      measurements: 3,
      fusedPasses: 0,
      stateBytes: 0,
    });
    expect(e.estimatedSeconds).toBeCloseTo(4 * 2e-6 * 1000, 12);
    expect(e.timeModel).toContain('cycle');
    expect(e.expectedErasuresPerShot).toBeCloseTo(0.01 * e.liveQubitCycles, 15);
    expect(qpu.estimate(c).estimatedSeconds).toBeCloseTo(4 * 2e-6 * 1024, 12);
  });
});
