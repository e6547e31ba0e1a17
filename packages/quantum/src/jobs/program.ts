/**
 * A job's request as a backend takes it: the circuit, built from OpenQASM or the JSON form, and
 * the run options. The service builds it to validate a request before queueing it; the worker
 * builds it again from the stored request to run it.
 */
import type { RunOptions } from '../backends/backend.js';
import type { Circuit } from '../circuit/circuit.js';
import { circuitFromJson } from '../circuit/json.js';
import { importQasm } from '../qasm/importer.js';
import { inputParameters } from '../qasm/inputs.js';
import type { JobRequest } from './job.js';
import { MAX_LOOP_ITERATIONS, MAX_OPERATIONS } from './limits.js';

export function buildCircuit(request: JobRequest): Circuit {
  const { program } = request;
  if (program.format === 'circuit') return circuitFromJson(program.circuit);
  return importQasm(program.source, {
    limits: { operations: MAX_OPERATIONS, loopIterations: MAX_LOOP_ITERATIONS },
    ...(request.inputs === undefined ? {} : { inputs: request.inputs }),
  }).circuit;
}

/** The run options of `request`; its numeric inputs also bind the circuit's free parameters. */
export function runOptions(
  request: JobRequest,
  extra: Pick<RunOptions, 'threads' | 'onProgress'> = {},
): RunOptions {
  return {
    shots: request.shots,
    ...(request.seed === undefined ? {} : { seed: request.seed }),
    ...(request.noise === undefined ? {} : { noise: request.noise }),
    parameters: inputParameters(request.inputs),
    ...extra,
  };
}
