/**
 * The job service without HTTP, on a temporary SQLite file. A hand-driven runner decides when
 * each run ends, so the queue's order, limits, cancellation, recovery and shutdown are checked
 * step by step; validation at submission uses the real backends, the JSON circuit form and the
 * QASM importer.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '@lab/server-kit';
import type { Backend } from '../../src/backends/backend.js';
import { Circuit } from '../../src/circuit/circuit.js';
import { param } from '../../src/circuit/expr.js';
import { circuitToJson } from '../../src/circuit/json.js';
import { LocalSimulator } from '../../src/backends/local-simulator.js';
import { getBackend } from '../../src/backends/registry.js';
import type { JobRequest } from '../../src/jobs/job.js';
import { MAX_OPERATIONS, threadsPerJob } from '../../src/jobs/limits.js';
import { buildCircuit, runOptions } from '../../src/jobs/program.js';
import type { JobRunner, RunOutcome, RunSettings } from '../../src/jobs/runner.js';
import { createJobService, type JobLog, type JobService } from '../../src/jobs/service.js';
import { openStore } from '../../src/store/database.js';
import { createJobRepository, type JobRepository } from '../../src/store/jobs.js';
import { expectAppError } from '@lab/server-kit/testing';

const circuitOf = (circuit: Circuit): JobRequest['program'] => ({
  format: 'circuit',
  circuit: circuitToJson(circuit),
});

const circuitOf2 = () => new Circuit(2, 2).h(0).cx(0, 1).measure([0, 1], [0, 1]);

const bellJob = (overrides: Partial<JobRequest> = {}): JobRequest => ({
  program: circuitOf(new Circuit(2, 2).h(0).cx(0, 1).measure([0, 1], [0, 1])),
  backend: 'local_simulator',
  shots: 100,
  ...overrides,
});

interface ManualRun {
  readonly request: JobRequest;
  readonly settings: RunSettings;
  cancelled: boolean;
  end(outcome: RunOutcome): void;
}

/** A runner whose runs end when the test says so. */
function manualRunner(): { runner: JobRunner; runs: ManualRun[] } {
  const runs: ManualRun[] = [];
  const runner: JobRunner = {
    start(request, settings) {
      let end!: (outcome: RunOutcome) => void;
      const outcome = new Promise<RunOutcome>((resolve) => (end = resolve));
      const run: ManualRun = { request, settings, cancelled: false, end };
      runs.push(run);
      return {
        outcome,
        cancel() {
          run.cancelled = true;
          end({ status: 'cancelled' });
        },
      };
    },
  };
  return { runner, runs };
}

/** Lets the service react to a run's outcome (a promise callback). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

let dir: string;
let db: Database;
let repository: JobRepository;
let runs: ManualRun[];
let logs: { level: string; fields: Record<string, unknown>; msg: string }[];
let service: JobService;

function recordingLog(): JobLog {
  const at =
    (level: string) =>
    (fields: Record<string, unknown>, msg: string): void => {
      logs.push({ level, fields, msg });
    };
  return { info: at('info'), warn: at('warn'), error: at('error') } as unknown as JobLog;
}

function makeService(
  options: {
    maxRunning?: number;
    maxJobs?: number;
    memoryBudget?: number;
    backend?: (name: string) => Backend;
  } = {},
) {
  const manual = manualRunner();
  runs = manual.runs;
  return createJobService({
    repository,
    runner: manual.runner,
    logger: recordingLog(),
    maxRunning: options.maxRunning ?? 1,
    maxJobs: options.maxJobs ?? 10,
    memoryBudget: options.memoryBudget ?? 2 ** 40,
    ...(options.backend === undefined ? {} : { backend: options.backend }),
  });
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'quantum-jobs-'));
  db = openStore(dir);
  repository = createJobRepository(db);
  logs = [];
  service = makeService();
  service.start();
});
afterEach(async () => {
  await service.close();
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('submit', () => {
  it('validates, queues and starts a job, returning its record', () => {
    const job = service.submit(bellJob({ seed: 5 }));
    expect(job).toMatchObject({
      status: 'running',
      backend: 'local_simulator',
      shots: 100,
      seed: 5,
      qubits: 2,
      clbits: 2,
      progress: 0,
      queue_position: null,
      finished_at: null,
      error: null,
    });
    expect(job.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(job.created_at)).not.toBeNaN();
    expect(job.started_at).not.toBeNull();
    expect(job.estimated_seconds).toBeGreaterThan(0);
    expect(runs).toHaveLength(1);
    expect(runs[0]!.request).toEqual(bellJob({ seed: 5 }));
    // What the run holds, estimated with the threads it gets; reserved while it runs.
    const threads = runs[0]!.settings.threads;
    const memory = getBackend('local_simulator').estimate(circuitOf2(), { shots: 100, threads }).memoryBytes;
    expect(job.memory_bytes).toBe(memory);
    expect(runs[0]!.settings.memoryBytes).toBe(memory);
    expect(service.reservedBytes()).toBe(memory);
    expect(logs.map((l) => l.msg)).toEqual(['job queued', 'job running']);
  });

  it('logs the submission through the logger it is given', () => {
    const requestLogs: string[] = [];
    const requestLog = { info: (_: unknown, msg: string) => requestLogs.push(msg) } as unknown as JobLog;
    service.submit(bellJob(), requestLog);
    expect(requestLogs).toEqual(['job queued']);
  });

  it('refuses an unknown backend and an unavailable one', () => {
    expectAppError(() => service.submit(bellJob({ backend: 'nope' })), 'BACKEND_NOT_FOUND', 'nope');
    const error = expectAppError(
      () => service.submit(bellJob({ backend: 'neutral_atom_qpu' })),
      'BACKEND_UNAVAILABLE',
      'neutral_atom_qpu',
    );
    expect(error.details).toMatchObject({ backend: 'neutral_atom_qpu' });
  });

  it('refuses OpenQASM that does not import, with its position', () => {
    const error = expectAppError(
      () =>
        service.submit(bellJob({ program: { format: 'qasm', source: 'OPENQASM 3.0;\nqubit q;\nfoo q;\n' } })),
      'INVALID_QASM',
    );
    expect(error.details).toMatchObject({ line: 3, column: 1 });
  });

  it('refuses a circuit whose state does not fit, before queueing it', () => {
    const small = new LocalSimulator({ memoryLimit: 2 ** 20, threads: 1 });
    const limited = makeService({ backend: (name) => (name === small.name ? small : getBackend(name)) });
    const error = expectAppError(
      () => limited.submit(bellJob({ program: circuitOf(new Circuit(17, 17).measureAll()) })),
      'CIRCUIT_TOO_LARGE',
      '17 qubits',
    );
    expect(error.details).toMatchObject({ qubits: 17, bytes_allowed: 2 ** 20, max_qubits: 15 });
    expect(limited.list({ limit: 10 }).jobs).toEqual([]);
  });

  it('refuses run options the backend refuses, naming the field', () => {
    const error = expectAppError(
      () => service.submit(bellJob({ noise: { loss: 0.7, pauli: 0.7 } })),
      'INVALID_RUN_OPTIONS',
    );
    expect(error.details).toEqual({ field: 'noise' });
  });

  it('refuses a free parameter that no input binds', () => {
    const program = circuitOf(new Circuit(1, 1).rx(param('theta'), 0).measure(0, 0));
    expectAppError(() => service.submit(bellJob({ program })), 'UNBOUND_PARAMETER', 'theta');
    expect(service.submit(bellJob({ program, inputs: { theta: 0.5 } })).status).toBe('running');
  });

  it(`refuses a circuit of more than ${MAX_OPERATIONS} operations, as JSON or from QASM loops`, () => {
    const long = new Circuit(1);
    for (let i = 0; i <= MAX_OPERATIONS; i += 1) long.x(0);
    const error = expectAppError(
      () => service.submit(bellJob({ program: circuitOf(long) })),
      'INVALID_CIRCUIT',
      `at most ${MAX_OPERATIONS}`,
    );
    expect(error.details).toEqual({ operations: MAX_OPERATIONS + 1, limit: MAX_OPERATIONS });
    // OpenQASM stops while importing, at the statement that goes over.
    const source = `OPENQASM 3.0;\ninclude "stdgates.inc";\nqubit q;\nfor int i in [0:${MAX_OPERATIONS / 2}] { x q; x q; }\n`;
    const imported = expectAppError(
      () => service.submit(bellJob({ program: { format: 'qasm', source } })),
      'INVALID_QASM',
      'more than 100,000 operations',
    );
    expect(imported.details).toMatchObject({ line: 4 });
  });

  it('refuses a job beyond the queue capacity with TOO_MANY_JOBS', () => {
    const full = makeService({ maxJobs: 2 });
    full.submit(bellJob());
    full.submit(bellJob());
    const error = expectAppError(() => full.submit(bellJob()), 'TOO_MANY_JOBS', '2 jobs');
    expect(error.details).toEqual({ limit: 2 });
  });
});

describe('the queue', () => {
  it('runs jobs one at a time in submission order', async () => {
    const [a, b, c] = [1, 2, 3].map(() => service.submit(bellJob()));
    expect([a, b, c].map((j) => j!.status)).toEqual(['running', 'queued', 'queued']);
    expect(service.get(c!.id).queue_position).toBe(2);
    runs[0]!.end({ status: 'completed', result: { counts: { '00': 100 } } });
    await settle();
    expect(service.get(a!.id)).toMatchObject({ status: 'completed', progress: 1 });
    expect(service.get(b!.id)).toMatchObject({ status: 'running', queue_position: null });
    expect(service.get(c!.id).queue_position).toBe(1);
    expect(runs).toHaveLength(2);
  });

  it('runs up to maxRunning jobs at once, sharing the cores among them', () => {
    const wide = makeService({ maxRunning: 2 });
    const jobs = [1, 2, 3].map(() => wide.submit(bellJob()));
    expect(jobs.map((j) => wide.get(j.id).status)).toEqual(['running', 'running', 'queued']);
    expect(runs.every((r) => r.settings.threads >= 1)).toBe(true);
  });

  it('shows the progress the run reports while it runs', () => {
    const job = service.submit(bellJob());
    runs[0]!.settings.onProgress(0.25);
    expect(service.get(job.id).progress).toBe(0.25);
    expect(service.list({ limit: 5 }).jobs[0]!.progress).toBe(0.25);
  });

  it('records a failed run with its error; an unexpected one is logged with its stack', async () => {
    const a = service.submit(bellJob());
    const b = service.submit(bellJob());
    const error = { code: 'CIRCUIT_TOO_LARGE', message: 'too big', details: {} };
    runs[0]!.end({ status: 'failed', error });
    await settle();
    expect(service.get(a.id)).toMatchObject({ status: 'failed', error, progress: null });
    const internal = { code: 'INTERNAL_ERROR', message: 'internal server error', details: {} };
    runs[1]!.end({ status: 'failed', error: internal, stack: 'TypeError: boom' });
    await settle();
    expect(service.get(b.id).error).toEqual(internal);
    expect(logs.find((l) => l.level === 'error')).toMatchObject({
      fields: { job_id: b.id, stack: 'TypeError: boom' },
      msg: 'job failed unexpectedly',
    });
  });
});

describe('a worker that cannot start', () => {
  it('fails its job instead of leaving it running', () => {
    const broken = createJobService({
      repository,
      runner: {
        start: () => {
          throw new Error('no thread left');
        },
      },
      logger: recordingLog(),
      maxRunning: 1,
      maxJobs: 10,
      memoryBudget: 2 ** 40,
    });
    const job = broken.submit(bellJob());
    expect(job).toMatchObject({ status: 'failed', error: { code: 'INTERNAL_ERROR' } });
    expect(logs.some((l) => l.level === 'error' && l.msg === 'job failed to start')).toBe(true);
  });
});

describe('get, list and result', () => {
  it('an unknown id is JOB_NOT_FOUND', () => {
    expectAppError(() => service.get('nope'), 'JOB_NOT_FOUND', 'nope');
    expectAppError(() => service.result('nope'), 'JOB_NOT_FOUND');
    expectAppError(() => service.cancel('nope'), 'JOB_NOT_FOUND');
  });

  it('lists newest first in pages, with a cursor to the next page', () => {
    const ids = [1, 2, 3].map(() => service.submit(bellJob()).id);
    const first = service.list({ limit: 2 });
    expect(first.jobs.map((j) => j.id)).toEqual([ids[2], ids[1]]);
    expect(first.next_cursor).toMatch(/^\d+$/);
    const second = service.list({ limit: 2, cursor: first.next_cursor! });
    expect(second).toEqual({ jobs: [service.get(ids[0]!)], next_cursor: null });
    expect(service.list({ limit: 10, status: 'queued' }).jobs.map((j) => j.id)).toEqual([ids[2], ids[1]]);
  });

  it('gives the result of a completed job only', async () => {
    const job = service.submit(bellJob());
    const error = expectAppError(() => service.result(job.id), 'JOB_NOT_FINISHED', 'running');
    expect(error.details).toEqual({ status: 'running' });
    runs[0]!.end({ status: 'completed', result: { counts: { '11': 100 } } });
    await settle();
    expect(service.result(job.id)).toEqual({ counts: { '11': 100 } });
  });

  it('the result of a failed job is JOB_NOT_FINISHED with the job error', async () => {
    const job = service.submit(bellJob());
    const failure = { code: 'UNBOUND_PARAMETER', message: 'no theta', details: {} };
    runs[0]!.end({ status: 'failed', error: failure });
    await settle();
    const error = expectAppError(() => service.result(job.id), 'JOB_NOT_FINISHED', 'failed');
    expect(error.details).toEqual({ status: 'failed', error: failure });
  });
});

describe('cancel', () => {
  it('cancels a queued job: it never runs', async () => {
    service.submit(bellJob());
    const queued = service.submit(bellJob());
    const cancelled = service.cancel(queued.id);
    expect(cancelled).toMatchObject({ status: 'cancelled', started_at: null, progress: null });
    expect(cancelled.finished_at).not.toBeNull();
    runs[0]!.end({ status: 'completed', result: {} });
    await settle();
    expect(runs).toHaveLength(1);
  });

  it('cancels a running job: its run is stopped and the next job starts', async () => {
    const running = service.submit(bellJob());
    const next = service.submit(bellJob());
    expect(service.cancel(running.id).status).toBe('cancelled');
    expect(runs[0]!.cancelled).toBe(true);
    await settle();
    expect(service.get(next.id).status).toBe('running');
    expect(logs.find((l) => l.msg === 'job cancelled')?.fields).toEqual({
      job_id: running.id,
      from: 'running',
      to: 'cancelled',
    });
  });

  it('an ended job is JOB_NOT_CANCELLABLE, with its status', async () => {
    const job = service.submit(bellJob());
    runs[0]!.end({ status: 'completed', result: {} });
    await settle();
    const error = expectAppError(() => service.cancel(job.id), 'JOB_NOT_CANCELLABLE', 'completed');
    expect(error.details).toEqual({ status: 'completed' });
    service.cancel(service.submit(bellJob()).id);
    expectAppError(
      () => service.cancel(service.list({ limit: 1 }).jobs[0]!.id),
      'JOB_NOT_CANCELLABLE',
      'cancelled',
    );
  });

  it('a result that arrives after the job was cancelled is dropped', async () => {
    const job = service.submit(bellJob());
    const run = runs[0]!;
    service.cancel(job.id);
    run.end({ status: 'completed', result: {} });
    await settle();
    expect(service.get(job.id).status).toBe('cancelled');
    expectAppError(() => service.result(job.id), 'JOB_NOT_FINISHED', 'cancelled');
  });
});

describe('start and close', () => {
  it('at start, fails the jobs a previous process left running and runs the queued ones', async () => {
    await service.close();
    const orphan = makeService({ maxRunning: 1 });
    orphan.start();
    const interrupted = orphan.submit(bellJob());
    const waiting = orphan.submit(bellJob());
    // The process dies here: no close. A new one starts on the same store.
    service = makeService();
    service.start();
    expect(service.get(interrupted.id)).toMatchObject({
      status: 'failed',
      error: {
        code: 'JOB_INTERRUPTED',
        message: 'the service stopped while the job was running',
        details: {},
      },
    });
    expect(service.get(waiting.id).status).toBe('running');
    expect(runs).toHaveLength(1);
    expect(logs.some((l) => l.msg === 'job interrupted' && l.fields.job_id === interrupted.id)).toBe(true);
  });

  it('close interrupts the running jobs, ends their runs and starts nothing more', async () => {
    const running = service.submit(bellJob());
    const queued = service.submit(bellJob());
    await service.close();
    expect(runs[0]!.cancelled).toBe(true);
    expect(service.get(running.id)).toMatchObject({ status: 'failed', error: { code: 'JOB_INTERRUPTED' } });
    expect(service.get(queued.id).status).toBe('queued');
    expect(runs).toHaveLength(1);
  });
});

describe('memory', () => {
  const maxRunning = 3;
  const wide = (): JobRequest => bellJob({ program: circuitOf(new Circuit(20, 20).measureAll()) });
  /** What the service reserves for `request`: the backend's estimate with the threads a job gets. */
  const need = (sim: Backend, request: JobRequest) =>
    sim.estimate(buildCircuit(request), runOptions(request, { threads: threadsPerJob(maxRunning) }))
      .memoryBytes;

  /** A service whose budget holds a 20-qubit job and a Bell job together, but not two 20-qubit jobs. */
  function memoryService() {
    const probe = new LocalSimulator({
      memoryLimit: 2 ** 40,
      threads: threadsPerJob(maxRunning),
      threadPerRun: true,
    });
    const budget = need(probe, wide()) + need(probe, bellJob()) + 1024;
    expect(2 * need(probe, wide())).toBeGreaterThan(budget);
    const sim = new LocalSimulator({
      memoryLimit: budget,
      threads: threadsPerJob(maxRunning),
      threadPerRun: true,
    });
    const backend = (name: string) => (name === sim.name ? sim : getBackend(name));
    return { budget, sim, jobs: makeService({ maxRunning, memoryBudget: budget, backend }) };
  }

  it('two jobs that each fit alone but not together are not both admitted: the second waits', async () => {
    const { budget, sim, jobs } = memoryService();
    const first = jobs.submit(wide());
    const second = jobs.submit(wide());
    expect(first.memory_bytes).toBe(need(sim, wide()));
    expect(jobs.get(first.id).status).toBe('running');
    expect(jobs.get(second.id)).toMatchObject({ status: 'queued', queue_position: 1 });
    expect(runs).toHaveLength(1);
    expect(jobs.reservedBytes()).toBe(first.memory_bytes);
    expect(jobs.reservedBytes()).toBeLessThanOrEqual(budget);
    runs[0]!.end({ status: 'completed', result: {} });
    await settle();
    expect(jobs.get(second.id).status).toBe('running');
    expect(jobs.reservedBytes()).toBe(second.memory_bytes);
    await jobs.close();
  });

  it('first in first out: a job that would fit waits behind one that does not fit yet', async () => {
    const { jobs } = memoryService();
    const first = jobs.submit(wide());
    const second = jobs.submit(wide());
    const small = jobs.submit(bellJob());
    // The Bell job would fit beside the first, but the second is ahead of it.
    expect([first, second, small].map((j) => jobs.get(j.id).status)).toEqual(['running', 'queued', 'queued']);
    runs[0]!.end({ status: 'completed', result: {} });
    await settle();
    // Now the second runs, and the Bell job fits beside it.
    expect([second, small].map((j) => jobs.get(j.id).status)).toEqual(['running', 'running']);
    expect(runs.map((r) => r.request)).toEqual([wide(), wide(), bellJob()]);
    await jobs.close();
  });

  it('a job the budget cannot hold even alone is refused at submission', () => {
    const { sim, jobs } = memoryService();
    const error = expectAppError(
      () => jobs.submit(bellJob({ program: circuitOf(new Circuit(24, 24).measureAll()) })),
      'CIRCUIT_TOO_LARGE',
      '24 qubits need',
    );
    expect(error.details).toMatchObject({ qubits: 24, max_qubits: sim.target.maxQubits });
    expect(sim.target.maxQubits).toBeLessThan(24);
    expect(jobs.list({ limit: 10 }).jobs).toEqual([]);
  });

  it('a queued job that no longer fits after a restart with less memory fails, and the queue moves on', async () => {
    await service.close();
    const before = makeService({ maxRunning: 1 });
    before.start();
    before.submit(bellJob());
    const big = before.submit(wide());
    const after = before.submit(bellJob());
    // The process dies; a new one starts with a budget below the 20-qubit job's memory.
    const smaller = createJobService({
      repository,
      runner: manualRunner().runner,
      logger: recordingLog(),
      maxRunning: 1,
      maxJobs: 10,
      memoryBudget: big.memory_bytes! - 1,
    });
    smaller.start();
    expect(smaller.get(big.id)).toMatchObject({
      status: 'failed',
      error: { code: 'CIRCUIT_TOO_LARGE', details: { qubits: 20, bytes_needed: big.memory_bytes } },
    });
    expect(smaller.get(after.id).status).toBe('running');
    service = smaller;
  });

  it('a job queued without its memory recorded runs alone', async () => {
    const { jobs } = memoryService();
    jobs.submit(wide());
    const legacy = jobs.submit(wide());
    db.prepare('UPDATE jobs SET memory_bytes = NULL WHERE id = ?').run(legacy.id);
    const third = jobs.submit(bellJob());
    expect(jobs.get(legacy.id)).toMatchObject({ status: 'queued', memory_bytes: null });
    runs[0]!.end({ status: 'completed', result: {} });
    await settle();
    expect(jobs.get(legacy.id).status).toBe('running');
    // It holds the whole budget: the Bell job waits although it would fit beside a 20-qubit one.
    expect(jobs.get(third.id).status).toBe('queued');
    runs[1]!.end({ status: 'completed', result: {} });
    await settle();
    expect(jobs.get(third.id).status).toBe('running');
    await jobs.close();
  });
});
