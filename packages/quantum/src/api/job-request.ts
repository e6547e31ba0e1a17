/**
 * Parsing the body of `POST /jobs` into the core's job request: the rule the schema cannot say
 * clearly (exactly one of `qasm` and `circuit`), the defaults, and the noise options under the
 * library's names. A pure function: the schema has already checked every field's type and range.
 */
import { KitErrors } from '@lab/server-kit/errors';
import { DEFAULT_SHOTS } from '../backends/local-simulator.js';
import type { NoiseOptions } from '../engine/noise.js';
import { DEFAULT_BACKEND, type JobProgram, type JobRequest } from '../jobs/job.js';
import type { SubmitJobBody } from './schemas.js';

function programOf(body: SubmitJobBody): JobProgram {
  if (body.qasm !== undefined && body.circuit !== undefined) {
    throw KitErrors.validation(
      { message: "invalid body: give the program as 'qasm' or as 'circuit', not both" },
      { details: { field: 'circuit', location: 'body', expected: "must be absent when 'qasm' is given" } },
    );
  }
  if (body.qasm !== undefined) return { format: 'qasm', source: body.qasm };
  if (body.circuit !== undefined) return { format: 'circuit', circuit: body.circuit };
  throw KitErrors.validation(
    { message: "invalid body: the program is missing: give 'qasm' (OpenQASM text) or 'circuit' (JSON form)" },
    { details: { field: 'qasm', location: 'body', expected: "is required unless 'circuit' is given" } },
  );
}

function noiseOf(noise: NonNullable<SubmitJobBody['noise']>): NoiseOptions {
  return {
    ...(noise.loss === undefined ? {} : { loss: noise.loss }),
    ...(noise.pauli === undefined ? {} : { pauli: noise.pauli }),
    ...(noise.erasure_fraction === undefined ? {} : { erasureFraction: noise.erasure_fraction }),
  };
}

export function toJobRequest(body: SubmitJobBody): JobRequest {
  return {
    program: programOf(body),
    backend: body.backend ?? DEFAULT_BACKEND,
    shots: body.shots ?? DEFAULT_SHOTS,
    ...(body.seed === undefined ? {} : { seed: body.seed }),
    ...(body.noise === undefined ? {} : { noise: noiseOf(body.noise) }),
    ...(body.inputs === undefined ? {} : { inputs: body.inputs }),
    ...(body.memory === undefined ? {} : { memory: body.memory }),
  };
}
