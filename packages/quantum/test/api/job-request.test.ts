/** Parsing `POST /jobs` bodies: one program form, defaults, noise names, optional fields left out. */
import { describe, expect, it } from 'vitest';
import { toJobRequest } from '../../src/api/job-request.js';
import { DEFAULT_SHOTS } from '../../src/backends/local-simulator.js';
import { expectAppError } from '@lab/server-kit/testing';

const QASM = 'OPENQASM 3.0;\nqubit q;\n';

describe('toJobRequest', () => {
  it('takes QASM text with the defaults for backend and shots', () => {
    expect(toJobRequest({ qasm: QASM })).toEqual({
      program: { format: 'qasm', source: QASM },
      backend: 'local_simulator',
      shots: DEFAULT_SHOTS,
    });
  });

  it('takes a JSON circuit and every option, noise under the library names', () => {
    const circuit = { qubits: 1, clbits: 0, operations: [{ op: 'gate' as const, name: 'h', qubits: [0] }] };
    expect(
      toJobRequest({
        circuit,
        shots: 10,
        backend: 'neutral_atom_qpu',
        seed: 3,
        noise: { loss: 0.01, pauli: 0.002, erasure_fraction: 0.9 },
        inputs: { theta: 0.5, flag: true },
        memory: true,
      }),
    ).toEqual({
      program: { format: 'circuit', circuit },
      backend: 'neutral_atom_qpu',
      shots: 10,
      seed: 3,
      noise: { loss: 0.01, pauli: 0.002, erasureFraction: 0.9 },
      inputs: { theta: 0.5, flag: true },
      memory: true,
    });
  });

  it('leaves noise fields that were not given to the library defaults', () => {
    expect(toJobRequest({ qasm: QASM, noise: { loss: 0 } }).noise).toEqual({ loss: 0 });
    expect(toJobRequest({ qasm: QASM, noise: {} }).noise).toEqual({});
  });

  it('refuses a body with neither program form, naming qasm', () => {
    const error = expectAppError(() => toJobRequest({ shots: 5 }), 'VALIDATION_ERROR', "'qasm'", "'circuit'");
    expect(error.details).toMatchObject({ field: 'qasm', location: 'body' });
  });

  it('refuses a body with both program forms, naming circuit', () => {
    const error = expectAppError(
      () => toJobRequest({ qasm: QASM, circuit: { qubits: 1, clbits: 0, operations: [] } }),
      'VALIDATION_ERROR',
      'not both',
    );
    expect(error.details).toMatchObject({ field: 'circuit', location: 'body' });
  });
});
