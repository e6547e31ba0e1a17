/** A job request as a backend takes it: the circuit from either form, and the run options. */
import { describe, expect, it } from 'vitest';
import { Circuit } from '../../src/circuit/circuit.js';
import { circuitToJson } from '../../src/circuit/json.js';
import { simulateStatevector } from '../../src/engine/statevector-run.js';
import type { JobRequest } from '../../src/jobs/job.js';
import { MAX_LOOP_ITERATIONS, MAX_OPERATIONS } from '../../src/jobs/limits.js';
import { buildCircuit, runOptions } from '../../src/jobs/program.js';
import { expectAppError } from '@lab/server-kit/testing';

const request = (overrides: Partial<JobRequest>): JobRequest => ({
  program: { format: 'qasm', source: 'OPENQASM 3.0;\nqubit q;\n' },
  backend: 'local_simulator',
  shots: 10,
  ...overrides,
});

describe('buildCircuit', () => {
  it('imports OpenQASM with the request inputs', () => {
    const source = `OPENQASM 3.0;\ninclude "stdgates.inc";\ninput int n;\nqubit[2] q;\nfor int i in [1:n] { x q[0]; }\n`;
    const circuit = buildCircuit(request({ program: { format: 'qasm', source }, inputs: { n: 3 } }));
    expect(circuit.numQubits).toBe(2);
    expect(circuit.operations).toHaveLength(3);
  });

  it('imports OpenQASM within the job limits: a loop is stopped at its iteration bound', () => {
    const loop = (n: number) =>
      `OPENQASM 3.0;\ninclude "stdgates.inc";\nqubit q;\nint k = 0;\nfor int i in [1:${n}] { k += 1; }\n`;
    expect(() =>
      buildCircuit(request({ program: { format: 'qasm', source: loop(MAX_LOOP_ITERATIONS) } })),
    ).not.toThrow();
    expectAppError(
      () => buildCircuit(request({ program: { format: 'qasm', source: loop(MAX_LOOP_ITERATIONS + 1) } })),
      'INVALID_QASM',
      'loop ran more than 100,000 iterations',
    );
    const gates = `OPENQASM 3.0;\ninclude "stdgates.inc";\nqubit q;\nfor int i in [1:${MAX_OPERATIONS / 2 + 1}] { x q; x q; }\n`;
    expectAppError(
      () => buildCircuit(request({ program: { format: 'qasm', source: gates } })),
      'INVALID_QASM',
      `more than ${MAX_OPERATIONS.toLocaleString('en-US')} operations`,
    );
  });

  it('builds a JSON circuit into the circuit it describes', () => {
    const original = new Circuit(2).h(0).cx(0, 1).rz(0.3, 1);
    const circuit = buildCircuit(
      request({ program: { format: 'circuit', circuit: circuitToJson(original) } }),
    );
    expect(simulateStatevector(circuit)).toEqual(simulateStatevector(original));
  });
});

describe('runOptions', () => {
  it('carries shots, seed and noise, and binds numeric inputs as parameters', () => {
    expect(
      runOptions(request({ shots: 5, seed: 9, noise: { loss: 0 }, inputs: { theta: 0.5, flag: true } })),
    ).toEqual({ shots: 5, seed: 9, noise: { loss: 0 }, parameters: { theta: 0.5 } });
  });

  it('leaves out what the request leaves out, and adds threads and progress when given', () => {
    const onProgress = (): void => undefined;
    expect(runOptions(request({}), { threads: 2, onProgress })).toEqual({
      shots: 10,
      parameters: {},
      threads: 2,
      onProgress,
    });
  });
});
