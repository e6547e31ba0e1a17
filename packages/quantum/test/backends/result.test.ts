import { describe, expect, it } from 'vitest';
import { registerOutcome, Result, type ResultData } from '../../src/backends/result.js';
import { expectAppError } from '@lab/server-kit/testing';

const data = (overrides: Partial<ResultData> = {}): ResultData => ({
  backend: 'local_simulator',
  shots: 4,
  seed: 1,
  numClbits: 2,
  clbitRegisterSizes: [2],
  counts: { '00': 3, '11': 1 },
  countsPostselected: { '00': 2 },
  erasures: { shots: 2, fraction: 0.5, perQubit: [1, 2], total: 3 },
  noise: { loss: 0.1, pauli: 0.002, erasureFraction: 0.98 },
  cycles: 3,
  fusion: { enabled: true, maxQubits: 4, threshold: 14, passes: 2 },
  trajectories: 1,
  estimates: {
    qubits: 2,
    clbits: 2,
    depth: 3,
    gateCounts: { h: 1, cx: 1 },
    oneQubitGates: 1,
    twoQubitGates: 1,
    multiQubitGates: 0,
    tCount: 0,
    measurements: 2,
    resets: 0,
    fusedPasses: 2,
    stateBytes: 64,
    memoryBytes: 2048,
    liveQubitCycles: 4,
    expectedErasuresPerShot: 0.4,
    erasureFreeShotProbability: 0.9 ** 4,
    estimatedSeconds: 1e-6,
    timeModel: 'model',
  },
  timing: { totalSeconds: 0.002, simulationSeconds: 0.001 },
  peakStateBytes: 64,
  ...overrides,
});

describe('Result', () => {
  it('gives counts, post-selected counts, memory, erasures, estimates and timing', () => {
    const r = new Result(data({ memory: ['00', '11', '00', '00'] }));
    expect(r.getCounts()).toEqual({ '00': 3, '11': 1 });
    expect(r.getCountsPostselected()).toEqual({ '00': 2 });
    expect(r.getMemory()).toEqual(['00', '11', '00', '00']);
    expect(r.erasures.total).toBe(3);
    expect(r.estimates.depth).toBe(3);
    expect(r.timing.totalSeconds).toBe(0.002);
  });

  it('refuses counts without classical bits and memory that was not kept', () => {
    const r = new Result(data({ numClbits: 0, counts: { '': 4 } }));
    expectAppError(() => r.getCounts(), 'NO_MEASUREMENTS');
    expectAppError(() => r.getCountsPostselected(), 'NO_MEASUREMENTS');
    expectAppError(
      () => r.getMemory(),
      'INVALID_RUN_OPTIONS',
      'memory was not requested: run with { memory: true }',
    );
  });

  it('serialises to the snake_case record of the REST API', () => {
    const json = new Result(data({ memory: ['00'] })).toJSON();
    expect(json).toEqual({
      backend: 'local_simulator',
      shots: 4,
      seed: 1,
      counts: { '00': 3, '11': 1 },
      counts_by_register: { '00': 3, '11': 1 },
      counts_postselected: { '00': 2 },
      memory: ['00'],
      erasures: { shots: 2, fraction: 0.5, per_qubit: [1, 2], total: 3 },
      noise: { loss: 0.1, pauli: 0.002, erasure_fraction: 0.98 },
      cycles: 3,
      fusion: { enabled: true, max_qubits: 4, threshold: 14, passes: 2 },
      trajectories: 1,
      estimates: {
        qubits: 2,
        clbits: 2,
        depth: 3,
        gate_counts: { h: 1, cx: 1 },
        one_qubit_gates: 1,
        two_qubit_gates: 1,
        multi_qubit_gates: 0,
        t_count: 0,
        measurements: 2,
        resets: 0,
        fused_passes: 2,
        state_bytes: 64,
        memory_bytes: 2048,
        live_qubit_cycles: 4,
        expected_erasures_per_shot: 0.4,
        erasure_free_shot_probability: 0.9 ** 4,
        estimated_seconds: 1e-6,
        time_model: 'model',
      },
      timing: { total_seconds: 0.002, simulation_seconds: 0.001 },
      peak_state_bytes: 64,
    });
    expect(new Result(data()).toJSON()).not.toHaveProperty('memory');
  });

  it('keys counts by register as Qiskit does: the last-declared register first, a space between', () => {
    // Registers c0 (1 bit), c1 (4), c2 (2): clbit 0 is c0[0], clbits 1..4 are c1, 5..6 are c2.
    expect(registerOutcome('1011011', [1, 4, 2])).toBe('10 1101 1');
    expect(registerOutcome('11011', [1, 4])).toBe('1101 1');
    expect(registerOutcome('0110', [4])).toBe('0110');
    const r = new Result(
      data({
        numClbits: 3,
        clbitRegisterSizes: [1, 2],
        counts: { '101': 3, '011': 1 },
        countsPostselected: { '101': 2 },
      }),
    );
    expect(r.getCounts()).toEqual({ '101': 3, '011': 1 });
    expect(r.getCounts({ registers: true })).toEqual({ '10 1': 3, '01 1': 1 });
    expect(r.getCountsPostselected({ registers: true })).toEqual({ '10 1': 2 });
    expect(r.toJSON().counts_by_register).toEqual({ '10 1': 3, '01 1': 1 });
  });
});
