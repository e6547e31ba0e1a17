/**
 * The worker-thread runner with real workers: a run posts progress and the result's JSON, a
 * catalogue error comes back as the job's error, and cancelling terminates the thread.
 */
import { describe, expect, it } from 'vitest';
import { shotBytes, THREAD_BYTES } from '../../src/backends/memory.js';
import { getBackend } from '../../src/backends/registry.js';
import { Circuit } from '../../src/circuit/circuit.js';
import { param } from '../../src/circuit/expr.js';
import { circuitToJson } from '../../src/circuit/json.js';
import type { JobRequest } from '../../src/jobs/job.js';
import { buildCircuit, runOptions } from '../../src/jobs/program.js';
import { createWorkerRunner, type RunOutcome } from '../../src/jobs/runner.js';

const program = (circuit: Circuit): JobRequest['program'] => ({
  format: 'circuit',
  circuit: circuitToJson(circuit),
});

const BELL = program(new Circuit(2, 2).h(0).cx(0, 1).measure([0, 1], [0, 1]));

/** Keys of a JSON value, recursively, for comparing shapes whatever the numbers. */
function shape(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return typeof value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v)]));
}

describe('createWorkerRunner', () => {
  it('runs a job on a worker: progress up to 1, then the result as Result.toJSON() gives it', async () => {
    const request: JobRequest = {
      program: BELL,
      backend: 'local_simulator',
      shots: 1000,
      seed: 11,
      noise: { loss: 0 },
    };
    const progress: number[] = [];
    const run = createWorkerRunner().start(request, {
      threads: 1,
      memoryBytes: 2 ** 30,
      onProgress: (f) => progress.push(f),
    });
    const outcome = await run.outcome;
    expect(outcome.status).toBe('completed');
    const result = (outcome as Extract<RunOutcome, { status: 'completed' }>).result as Record<
      string,
      unknown
    >;
    expect(Object.keys(result.counts as object).sort()).toEqual(['00', '11']);
    expect(result).toMatchObject({ shots: 1000, seed: 11, backend: 'local_simulator' });
    // The same run in this thread gives the same counts and a result of the same shape.
    const local = await getBackend('local_simulator')
      .run(buildCircuit(request), runOptions(request))
      .result();
    expect(result.counts).toEqual(local.getCounts());
    expect(shape(result)).toEqual(shape(local.toJSON()));
    expect(progress.at(-1)).toBe(1);
  });

  it('reports a catalogue error of the run as the job error, without a stack', async () => {
    const request: JobRequest = {
      program: program(new Circuit(1, 1).rx(param('theta'), 0).measure(0, 0)),
      backend: 'local_simulator',
      shots: 10,
    };
    const outcome = await createWorkerRunner().start(request, {
      threads: 1,
      memoryBytes: 2 ** 30,
      onProgress: () => undefined,
    }).outcome;
    expect(outcome).toEqual({
      status: 'failed',
      error: { code: 'UNBOUND_PARAMETER', message: expect.stringContaining('theta'), details: {} },
    });
  });

  it('the run plans its memory within what was reserved for it, its own thread included', async () => {
    const request: JobRequest = { program: BELL, backend: 'local_simulator', shots: 100, noise: { loss: 0 } };
    const reserved = 64 + 100 * shotBytes(2) + THREAD_BYTES;
    const fits = await createWorkerRunner().start(request, {
      threads: 1,
      memoryBytes: reserved,
      onProgress: () => undefined,
    }).outcome;
    expect(fits).toMatchObject({ status: 'completed', result: { estimates: { memory_bytes: reserved } } });
    const short = await createWorkerRunner().start(request, {
      threads: 1,
      memoryBytes: reserved - 1,
      onProgress: () => undefined,
    }).outcome;
    expect(short).toMatchObject({ status: 'failed', error: { code: 'CIRCUIT_TOO_LARGE' } });
  });

  it('cancelling terminates the worker mid-run', async () => {
    // 20 qubits, 300 layers of rotations and a CX: far longer than the test waits.
    const long = new Circuit(20, 20);
    for (let i = 0; i < 300; i += 1) {
      for (let q = 0; q < 20; q += 1) long.rx(0.1 + i / 100, q);
      long.cx(i % 19, (i % 19) + 1);
    }
    const request: JobRequest = {
      program: program(long.measure([...Array(20).keys()], [...Array(20).keys()])),
      backend: 'local_simulator',
      shots: 10,
      noise: { loss: 0 },
    };
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const run = createWorkerRunner().start(request, {
      threads: 1,
      memoryBytes: 2 ** 30,
      onProgress: () => started(),
    });
    await running;
    const cancelledAt = performance.now();
    run.cancel();
    expect(await run.outcome).toEqual({ status: 'cancelled' });
    expect(performance.now() - cancelledAt).toBeLessThan(2000);
  });
});
