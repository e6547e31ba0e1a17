/**
 * A job's request as a backend takes it: the circuit, built from OpenQASM or the JSON form, and
 * the run options. The service builds it to validate a request before queueing it; the worker
 * builds it again from the stored request to run it.
 */
import type { Backend, RunOptions } from '../backends/backend.js';
import type { Circuit } from '../circuit/circuit.js';
import { circuitFromJson } from '../circuit/json.js';
import type { ResourceEstimates } from '../engine/estimates.js';
import { QuantumErrors } from '../errors.js';
import { importQasm, type ImportResult } from '../qasm/importer.js';
import { inputParameters } from '../qasm/inputs.js';
import type { JobRequest } from './job.js';
import { MAX_LOOP_ITERATIONS, MAX_MEMORY_BITS, MAX_OPERATIONS } from './limits.js';

/** OpenQASM `source` imported within the service's operation and loop limits. */
export function importWithinLimits(source: string, inputs?: JobRequest['inputs']): ImportResult {
  return importQasm(source, {
    limits: { operations: MAX_OPERATIONS, loopIterations: MAX_LOOP_ITERATIONS },
    ...(inputs === undefined ? {} : { inputs }),
  });
}

export function buildCircuit(request: JobRequest): Circuit {
  const { program } = request;
  if (program.format === 'circuit') return circuitFromJson(program.circuit);
  return importWithinLimits(program.source, request.inputs).circuit;
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
    ...(request.memory === undefined ? {} : { memory: request.memory }),
    parameters: inputParameters(request.inputs),
    ...extra,
  };
}

/**
 * The circuit of `request` within the service's limits (operations, per-shot memory): what the
 * engine's warm worker checks before running it, as the job service does before queueing.
 */
export function checkedCircuit(request: JobRequest): Circuit {
  const circuit = buildCircuit(request);
  const operations = circuit.operations.length;
  if (operations > MAX_OPERATIONS) {
    throw QuantumErrors.invalidCircuit(
      { reason: `the circuit has ${operations} operations; at most ${MAX_OPERATIONS} are accepted` },
      { details: { operations, limit: MAX_OPERATIONS } },
    );
  }
  const memoryBits = request.shots * circuit.numClbits;
  if (request.memory === true && memoryBits > MAX_MEMORY_BITS) {
    const reason =
      `needs shots × classical bits of at most ${MAX_MEMORY_BITS}, got ` +
      `${request.shots} × ${circuit.numClbits} = ${memoryBits}: run fewer shots or without memory`;
    throw QuantumErrors.invalidRunOptions(
      { field: 'memory', reason },
      { details: { field: 'memory', bits: memoryBits, limit: MAX_MEMORY_BITS } },
    );
  }
  return circuit;
}

/**
 * `checkedCircuit`, and `backend`'s estimate of its run with `threads` (the threads its worker
 * will have, so its memory is what the worker will hold): what the job service checks before
 * queueing, and what `POST /estimates` answers.
 */
export function checkRequest(
  request: JobRequest,
  backend: Backend,
  threads: number,
): { circuit: Circuit; estimate: ResourceEstimates } {
  const circuit = checkedCircuit(request);
  return { circuit, estimate: backend.estimate(circuit, runOptions(request, { threads })) };
}
