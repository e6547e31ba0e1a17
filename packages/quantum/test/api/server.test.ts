/**
 * The REST API end to end, against the real `qcirc serve` process (the compiled `dist/`: run
 * `npx tsc -b packages/quantum` first): submit, poll and fetch results; cancel queued and running
 * jobs; stay responsive while a 26-qubit job runs; keep results across a restart and fail the job
 * a `kill -9` interrupted; and answer every error status in the envelope.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServiceProcess, type ServiceProcess } from '@lab/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_MEMORY_BITS, MAX_QASM_LENGTH, MAX_REQUEST_BYTES, MAX_SHOTS } from '../../src/jobs/limits.js';
import { bellJson, bellQasm } from '../support/bell.js';
import { REGISTERS_PLAIN, REGISTERS_QISKIT, registersJson } from '../support/registers.js';
import { FIXTURES_DIR } from '../support/qasm-corpus.js';

const bin = fileURLToPath(new URL('../../bin/qcirc.js', import.meta.url));

/** `n` qubits in superposition, then `layers` layers of rotations and CX pairs: seconds of work from 24 qubits. */
function longCircuit(n: number, layers: number) {
  const all = Array.from({ length: n }, (_, q) => q);
  const operations: Record<string, unknown>[] = all.map((q) => ({ op: 'gate', name: 'h', qubits: [q] }));
  for (let l = 0; l < layers; l += 1) {
    for (const q of all) operations.push({ op: 'gate', name: 'rx', qubits: [q], params: [0.1 + l / 7] });
    for (let q = 0; q + 1 < n; q += 2) operations.push({ op: 'gate', name: 'cx', qubits: [q, q + 1] });
  }
  operations.push({ op: 'measure', qubits: all, clbits: all });
  return { qubits: n, clbits: n, operations };
}

interface Reply {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
}

async function call(server: ServiceProcess, method: string, path: string, body?: unknown): Promise<Reply> {
  const init: RequestInit =
    body === undefined
      ? { method }
      : {
          method,
          headers: { 'content-type': 'application/json' },
          body: typeof body === 'string' ? body : JSON.stringify(body),
        };
  const response = await fetch(`${server.url}${path}`, init);
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    // A 204 has no body.
    body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>),
  };
}

/**
 * Declares a body of `bytes` and sends its first chunk: the server refuses it from the declared
 * length at once (a client sending all of it would see its upload cut off by the same answer).
 */
function postOversized(server: ServiceProcess, bytes: number): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${server.url}/jobs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': bytes },
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        req.destroy();
        resolve({
          status: res.statusCode ?? 0,
          headers: new Headers(),
          body: JSON.parse(text) as Record<string, unknown>,
        });
      });
    });
    req.on('error', reject);
    req.write(`{"qasm": "${' '.repeat(1024)}`);
  });
}

async function submit(
  server: ServiceProcess,
  body: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const reply = await call(server, 'POST', '/jobs', body);
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body;
}

/** Polls a job until `done` holds for it. */
async function waitForJob(
  server: ServiceProcess,
  id: unknown,
  done: (job: Record<string, unknown>) => boolean,
  timeoutMs = 20_000,
): Promise<Record<string, unknown>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { body } = await call(server, 'GET', `/jobs/${String(id)}`);
    if (done(body)) return body;
    if (Date.now() > deadline) throw new Error(`job ${String(id)} still ${String(body.status)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const final = (job: Record<string, unknown>) =>
  ['completed', 'failed', 'cancelled'].includes(job.status as string);

function expectError(reply: Reply, status: number, code: string): Record<string, unknown> {
  expect(reply.status, JSON.stringify(reply.body)).toBe(status);
  const error = reply.body.error as { code: string; message: string; details: Record<string, unknown> };
  expect(error.code).toBe(code);
  expect(error.message).toEqual(expect.any(String));
  return error.details;
}

const start = (dataDir: string, ...flags: string[]) =>
  startServiceProcess(bin, ['serve', '--port', '0', '--data-dir', dataDir, ...flags]);

describe('jobs over REST (real process)', () => {
  let server: ServiceProcess;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'quantum-api-'));
    server = await start(dataDir, '--max-jobs', '3', '--max-running-jobs', '1');
  });
  afterAll(async () => {
    await server.stop('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('submits, polls and fetches a result: Bell at loss 0 gives only 00 and 11', async () => {
    const reply = await call(server, 'POST', '/jobs', {
      circuit: bellJson,
      shots: 1000,
      seed: 42,
      noise: { loss: 0 },
    });
    expect(reply.status).toBe(201);
    const job = reply.body;
    expect(reply.headers.get('location')).toBe(`/jobs/${String(job.id)}`);
    expect(job).toMatchObject({ backend: 'local_simulator', shots: 1000, seed: 42, qubits: 2, clbits: 2 });
    expect(['queued', 'running']).toContain(job.status);
    const done = await waitForJob(server, job.id, final);
    expect(done).toMatchObject({ status: 'completed', progress: 1, error: null });
    expect(Date.parse(done.finished_at as string)).toBeGreaterThanOrEqual(
      Date.parse(done.started_at as string),
    );

    const result = await call(server, 'GET', `/jobs/${String(job.id)}/result`);
    expect(result.status).toBe(200);
    const counts = result.body.counts as Record<string, number>;
    expect(Object.keys(counts).sort()).toEqual(['00', '11']);
    expect(counts['00']! + counts['11']!).toBe(1000);
    expect(result.body).toMatchObject({
      shots: 1000,
      seed: 42,
      counts_postselected: counts,
      erasures: { total: 0, shots: 0 },
      noise: { loss: 0, pauli: 0 },
    });
    expect(result.body).toHaveProperty('estimates.depth');
    expect(result.body).toHaveProperty('timing.total_seconds');
  });

  it('reports erasures under the default noise', async () => {
    const job = await submit(server, { circuit: bellJson, shots: 4000, seed: 7 });
    await waitForJob(server, job.id, final);
    const { body } = await call(server, 'GET', `/jobs/${String(job.id)}/result`);
    const erasures = body.erasures as { total: number; shots: number; per_qubit: number[] };
    expect(erasures.total).toBeGreaterThan(0);
    expect(erasures.per_qubit).toHaveLength(2);
    expect(body.noise).toMatchObject({ loss: 0.005 });
    const post = Object.values(body.counts_postselected as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(post).toBe(4000 - erasures.shots);
  });

  it('runs an OpenQASM program', async () => {
    const job = await submit(server, { qasm: bellQasm, shots: 1000, seed: 5, noise: { loss: 0 } });
    await waitForJob(server, job.id, final);
    const { body } = await call(server, 'GET', `/jobs/${String(job.id)}/result`);
    expect(Object.keys(body.counts as object).sort()).toEqual(['00', '11']);
  });

  it('runs Qiskit’s c3sqrtx as a controlled √X, and the OpenQASM repository’s qec.qasm', async () => {
    const c3sqrtx = [
      'OPENQASM 2.0;',
      'include "qelib1.inc";',
      'qreg q[4];',
      'creg c[4];',
      'x q[0]; x q[1]; x q[2]; c3sqrtx q[0],q[1],q[2],q[3]; rx(pi/2) q[3];',
      'measure q -> c;',
    ].join('\n');
    const qec = readFileSync(join(FIXTURES_DIR, 'valid/openqasm-example-qec.qasm'), 'utf8');
    for (const [qasm, outcome] of [
      [c3sqrtx, '1111'],
      [qec, '01000'], // syn = 01 (the error on q[0]), c = 000 once corrected
    ] as const) {
      const job = await submit(server, { qasm, shots: 200, seed: 9, noise: { loss: 0 } });
      await waitForJob(server, job.id, final);
      const { body } = await call(server, 'GET', `/jobs/${String(job.id)}/result`);
      expect(body.counts).toEqual({ [outcome]: 200 });
    }
  });

  /** Runs `program` with theta = π bound by `inputs`: rx(π) takes |0> to |1> on every shot. */
  async function countsWithThetaPi(program: Record<string, unknown>): Promise<unknown> {
    const job = await submit(server, {
      ...program,
      shots: 200,
      seed: 1,
      noise: { loss: 0 },
      inputs: { theta: Math.PI },
    });
    await waitForJob(server, job.id, final);
    return (await call(server, 'GET', `/jobs/${String(job.id)}/result`)).body.counts;
  }

  it("keeps each shot's memory when asked, and keys counts by register as Qiskit does", async () => {
    const job = await submit(server, {
      circuit: registersJson,
      shots: 40,
      seed: 3,
      noise: { loss: 0.05 },
      memory: true,
    });
    await waitForJob(server, job.id, final);
    const { body } = await call(server, 'GET', `/jobs/${String(job.id)}/result`);
    const memory = body.memory as string[];
    expect(memory).toHaveLength(40);
    const tally: Record<string, number> = {};
    for (const outcome of memory) tally[outcome] = (tally[outcome] ?? 0) + 1;
    expect(tally).toEqual(body.counts);
    const counts = body.counts as Record<string, number>;
    expect(counts[REGISTERS_PLAIN]).toBeGreaterThan(20);
    const byRegister = body.counts_by_register as Record<string, number>;
    expect(byRegister[REGISTERS_QISKIT]).toBe(counts[REGISTERS_PLAIN]);
    expect(Object.values(byRegister).reduce((a, b) => a + b, 0)).toBe(40);

    const without = await submit(server, { circuit: bellJson, shots: 10, noise: { loss: 0 } });
    await waitForJob(server, without.id, final);
    const plain = await call(server, 'GET', `/jobs/${String(without.id)}/result`);
    expect(plain.body).not.toHaveProperty('memory');
    expect(plain.body.counts_by_register).toEqual(plain.body.counts);
  });

  it('answers estimates at once without creating a job', async () => {
    const before = await call(server, 'GET', '/jobs?limit=100');
    const reply = await call(server, 'POST', '/estimates', {
      qasm: bellQasm,
      shots: 500,
      noise: { loss: 0.01 },
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toMatchObject({
      backend: 'local_simulator',
      shots: 500,
      estimates: { qubits: 2, clbits: 2, depth: 3, two_qubit_gates: 1, measurements: 2 },
    });
    const estimates = reply.body.estimates as Record<string, number>;
    expect(estimates.expected_erasures_per_shot).toBeGreaterThan(0);
    expect(estimates.estimated_seconds).toBeGreaterThan(0);
    // Hardware is estimated while it is offline.
    const qpu = await call(server, 'POST', '/estimates', { circuit: bellJson, backend: 'neutral_atom_qpu' });
    expect(qpu.status).toBe(200);
    expect(qpu.body).toMatchObject({ backend: 'neutral_atom_qpu', shots: 1024 });
    expect(await call(server, 'GET', '/jobs?limit=100')).toMatchObject({ body: before.body });

    const bad = expectError(
      await call(server, 'POST', '/estimates', { qasm: 'OPENQASM 3.0;\nqubit[2] q;\nh q[0];\n' }),
      400,
      'INVALID_QASM',
    );
    expect(bad).toMatchObject({ line: 3, column: 1 });
    const wide = expectError(
      await call(server, 'POST', '/estimates', { circuit: { qubits: 40, clbits: 0, operations: [] } }),
      422,
      'CIRCUIT_TOO_LARGE',
    );
    expect(wide).toMatchObject({ qubits: 40, max_qubits: expect.any(Number) });
    expectError(await call(server, 'POST', '/estimates', { shots: 10 }), 400, 'VALIDATION_ERROR');
  });

  it('binds the inputs of a QASM program', async () => {
    const qasm = `OPENQASM 3.0;\ninclude "stdgates.inc";\ninput angle theta;\nqubit q;\nbit c;\nrx(theta) q;\nc = measure q;\n`;
    expect(await countsWithThetaPi({ qasm })).toEqual({ '1': 200 });
  });

  it('binds the free parameters of a JSON circuit from the inputs', async () => {
    const circuit = {
      qubits: 1,
      clbits: 1,
      operations: [
        { op: 'gate', name: 'rx', qubits: [0], params: [{ kind: 'parameter', name: 'theta' }] },
        { op: 'measure', qubits: [0], clbits: [0] },
      ],
    };
    expect(await countsWithThetaPi({ circuit })).toEqual({ '1': 200 });
  });

  it('lists jobs newest first, by page and by status', async () => {
    for (let i = 0; i < 3; i += 1) {
      const job = await submit(server, { circuit: bellJson, shots: 10 });
      await waitForJob(server, job.id, final);
    }
    const first = await call(server, 'GET', '/jobs?limit=2');
    expect(first.status).toBe(200);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const jobs = first.body.jobs as { id: string; created_at: string }[];
    expect(jobs).toHaveLength(2);
    expect(Date.parse(jobs[0]!.created_at)).toBeGreaterThanOrEqual(Date.parse(jobs[1]!.created_at));
    const next = await call(server, 'GET', `/jobs?limit=2&cursor=${String(first.body.next_cursor)}`);
    expect((next.body.jobs as { id: string }[]).map((j) => j.id)).not.toContain(jobs[0]!.id);
    const completed = await call(server, 'GET', '/jobs?status=completed&limit=100');
    expect((completed.body.jobs as { status: string }[]).every((j) => j.status === 'completed')).toBe(true);
    expect(completed.body.next_cursor).toBeNull();
  });

  it('stays responsive while a 26-qubit job runs; cancels queued and running jobs; refuses a full queue', async () => {
    const long = await submit(server, { circuit: longCircuit(26, 40), shots: 10, noise: { loss: 0 } });
    await waitForJob(server, long.id, (job) => job.status === 'running');
    for (let i = 0; i < 5; i += 1) {
      const started = performance.now();
      const health = await call(server, 'GET', '/health');
      expect(health.status).toBe(200);
      expect(performance.now() - started).toBeLessThan(1000);
    }

    const queued = await submit(server, { circuit: bellJson, shots: 100, noise: { loss: 0 } });
    expect(queued).toMatchObject({ status: 'queued', queue_position: 1, progress: 0 });
    expect(
      expectError(await call(server, 'GET', `/jobs/${String(queued.id)}/result`), 409, 'JOB_NOT_FINISHED'),
    ).toEqual({
      status: 'queued',
    });
    expect(
      expectError(await call(server, 'GET', `/jobs/${String(long.id)}/result`), 409, 'JOB_NOT_FINISHED'),
    ).toEqual({
      status: 'running',
    });
    const third = await submit(server, { circuit: bellJson, shots: 100, noise: { loss: 0 } });
    expect(
      expectError(await call(server, 'POST', '/jobs', { circuit: bellJson }), 429, 'TOO_MANY_JOBS'),
    ).toEqual({ limit: 3 });

    const cancelledQueued = await call(server, 'POST', `/jobs/${String(queued.id)}/cancel`);
    expect(cancelledQueued.status).toBe(200);
    expect(cancelledQueued.body).toMatchObject({ status: 'cancelled', started_at: null });
    const cancelledRunning = await call(server, 'POST', `/jobs/${String(long.id)}/cancel`);
    expect(cancelledRunning.body).toMatchObject({ status: 'cancelled' });
    // One job runs at a time: the next one completing shows the cancelled worker is gone.
    expect(await waitForJob(server, third.id, final)).toMatchObject({ status: 'completed' });
    expect(
      expectError(await call(server, 'POST', `/jobs/${String(long.id)}/cancel`), 409, 'JOB_NOT_CANCELLABLE'),
    ).toEqual({
      status: 'cancelled',
    });
    expect(
      expectError(await call(server, 'GET', `/jobs/${String(long.id)}/result`), 409, 'JOB_NOT_FINISHED'),
    ).toEqual({
      status: 'cancelled',
    });
    const logged = server.logs.filter((l) => l.job_id === long.id);
    expect(logged.map((l) => l.msg)).toEqual(['job queued', 'job running', 'job cancelled']);
    // Submission and cancellation are logged with the id of the request that caused them.
    expect(logged[0]!.request_id).toEqual(expect.any(String));
    expect(logged[2]!.request_id).toEqual(expect.any(String));

    // Deleting removes the job and its record; the cancelled one and a completed one alike.
    for (const id of [String(long.id), String(third.id)]) {
      const deleted = await call(server, 'DELETE', `/jobs/${id}`);
      expect(deleted.status).toBe(204);
      expectError(await call(server, 'GET', `/jobs/${id}`), 404, 'JOB_NOT_FOUND');
      expectError(await call(server, 'GET', `/jobs/${id}/result`), 404, 'JOB_NOT_FOUND');
    }
  });

  it('deletes a running job by cancelling it first, freeing its worker for the next', async () => {
    const running = await submit(server, { circuit: longCircuit(24, 60), shots: 10, noise: { loss: 0 } });
    await waitForJob(server, running.id, (job) => job.status === 'running');
    expect((await call(server, 'DELETE', `/jobs/${String(running.id)}`)).status).toBe(204);
    expectError(await call(server, 'GET', `/jobs/${String(running.id)}`), 404, 'JOB_NOT_FOUND');
    const next = await submit(server, { circuit: bellJson, shots: 10, noise: { loss: 0 } });
    expect(await waitForJob(server, next.id, final)).toMatchObject({ status: 'completed' });
    expect(server.logs.filter((l) => l.job_id === running.id).map((l) => l.msg)).toContain('job deleted');
  });

  describe('error statuses', () => {
    it('400: broken JSON, schema violations naming the field, both or neither program form', async () => {
      expectError(await call(server, 'POST', '/jobs', '{"qasm": '), 400, 'INVALID_JSON');
      for (const [body, field] of [
        [{ circuit: bellJson, shots: 0 }, 'shots'],
        [{ circuit: bellJson, shots: MAX_SHOTS + 1 }, 'shots'],
        [{ circuit: bellJson, shots: 1.5 }, 'shots'],
        [{ circuit: bellJson, seed: -1 }, 'seed'],
        [{ circuit: bellJson, noise: { loss: 2 } }, 'noise.loss'],
        [{ circuit: bellJson, noise: { lose: 0 } }, 'noise.lose'],
        [{ circuit: bellJson, colour: 'blue' }, 'colour'],
        [{ qasm: 42 }, 'qasm'],
        [{ qasm: ' '.repeat(MAX_QASM_LENGTH + 1) }, 'qasm'],
        [{ circuit: bellJson, inputs: { theta: 'x' } }, 'inputs.theta'],
        [{ shots: 10 }, 'qasm'],
        [{ qasm: bellQasm, circuit: bellJson }, 'circuit'],
        [{ circuit: { ...bellJson, qubits: 'two' } }, 'circuit.qubits'],
      ] as const) {
        const details = expectError(await call(server, 'POST', '/jobs', body), 400, 'VALIDATION_ERROR');
        expect(details.field, JSON.stringify(body)).toBe(field);
      }
      const runOptions = expectError(
        await call(server, 'POST', '/jobs', { circuit: bellJson, noise: { loss: 0.6, pauli: 0.6 } }),
        400,
        'INVALID_RUN_OPTIONS',
      );
      expect(runOptions.field).toBe('noise');
      // 1,000,000 shots of 9 bits are over the memory limit; the same without memory is a job.
      const wide = { qubits: 1, clbits: 9, operations: [] };
      const memory = expectError(
        await call(server, 'POST', '/jobs', { circuit: wide, shots: MAX_SHOTS, memory: true }),
        400,
        'INVALID_RUN_OPTIONS',
      );
      expect(memory).toEqual({ field: 'memory', bits: 9 * MAX_SHOTS, limit: MAX_MEMORY_BITS });
      for (const [query, field] of [
        ['status=done', 'status'],
        ['limit=0', 'limit'],
        ['limit=101', 'limit'],
        ['cursor=abc', 'cursor'],
      ]) {
        expect(expectError(await call(server, 'GET', `/jobs?${query}`), 400, 'VALIDATION_ERROR').field).toBe(
          field,
        );
      }
    });

    it('400: a JSON circuit the model refuses names the field', async () => {
      const details = expectError(
        await call(server, 'POST', '/jobs', {
          circuit: { ...bellJson, operations: [{ op: 'gate', name: 'cx', qubits: [1, 1] }] },
        }),
        400,
        'INVALID_OPERATION',
      );
      expect(details.field).toBe('/operations/0/qubits/1');
    });

    it('400: an OpenQASM error names its line and column', async () => {
      const details = expectError(
        await call(server, 'POST', '/jobs', {
          qasm: 'OPENQASM 3.0;\ninclude "stdgates.inc";\nqubit[2] q;\ncx q[0], q[5];\n',
        }),
        400,
        'INVALID_QASM',
      );
      expect(details).toMatchObject({ line: 4, column: expect.any(Number) });
    });

    it('400: a valid program the simulator cannot run is UNSUPPORTED_QASM_FEATURE, naming it', async () => {
      const rus = readFileSync(join(FIXTURES_DIR, 'invalid/openqasm-example-rus.qasm'), 'utf8');
      const details = expectError(
        await call(server, 'POST', '/jobs', { qasm: rus }),
        400,
        'UNSUPPORTED_QASM_FEATURE',
      );
      expect(details).toMatchObject({ line: 37, column: 1, construct: 'while on a measured value' });
    });

    it('404: unknown job, unknown backend, unknown route', async () => {
      const id = '00000000-0000-4000-8000-000000000000';
      expect(expectError(await call(server, 'GET', `/jobs/${id}`), 404, 'JOB_NOT_FOUND')).toEqual({ id });
      expectError(await call(server, 'GET', `/jobs/${id}/result`), 404, 'JOB_NOT_FOUND');
      expectError(await call(server, 'POST', `/jobs/${id}/cancel`), 404, 'JOB_NOT_FOUND');
      expectError(await call(server, 'DELETE', `/jobs/${id}`), 404, 'JOB_NOT_FOUND');
      expectError(
        await call(server, 'POST', '/jobs', { circuit: bellJson, backend: 'nope' }),
        404,
        'BACKEND_NOT_FOUND',
      );
      expectError(await call(server, 'GET', '/jobz'), 404, 'NOT_FOUND');
    });

    it('413: a body over the limit', async () => {
      const reply = await postOversized(server, MAX_REQUEST_BYTES + 1);
      expect(expectError(reply, 413, 'PAYLOAD_TOO_LARGE')).toEqual({});
    });

    it('422: a circuit whose state would not fit in memory', async () => {
      const details = expectError(
        await call(server, 'POST', '/jobs', { circuit: { qubits: 40, clbits: 0, operations: [] } }),
        422,
        'CIRCUIT_TOO_LARGE',
      );
      expect(details).toMatchObject({ qubits: 40, states: 1, max_qubits: expect.any(Number) });
      expect(details.bytes_needed).toBeGreaterThan(16 * 2 ** 40);
    });

    it('503: a backend that is not available', async () => {
      const details = expectError(
        await call(server, 'POST', '/jobs', { circuit: bellJson, backend: 'neutral_atom_qpu' }),
        503,
        'BACKEND_UNAVAILABLE',
      );
      expect(details).toMatchObject({ backend: 'neutral_atom_qpu' });
    });
  });
});

describe('persistence across restarts (real process)', () => {
  let dataDir: string;
  let server: ServiceProcess | undefined;

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'quantum-restart-'));
  });
  afterAll(async () => {
    await server?.stop('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps jobs and results after a restart', async () => {
    server = await start(dataDir);
    const job = await submit(server, { circuit: bellJson, shots: 500, seed: 3 });
    await waitForJob(server, job.id, final);
    const before = await call(server, 'GET', `/jobs/${String(job.id)}/result`);
    expect(await server.stop()).toBe(0);

    server = await start(dataDir);
    expect((await call(server, 'GET', `/jobs/${String(job.id)}`)).body).toMatchObject({
      status: 'completed',
    });
    const after = await call(server, 'GET', `/jobs/${String(job.id)}/result`);
    expect(after.body).toEqual(before.body);
  });

  it('fails the job a kill -9 interrupted and runs the queued ones after the restart', async () => {
    server ??= await start(dataDir);
    const long = await submit(server, { circuit: longCircuit(24, 60), shots: 10, noise: { loss: 0 } });
    await waitForJob(server, long.id, (job) => job.status === 'running');
    const queued = await submit(server, { circuit: bellJson, shots: 100, seed: 1, noise: { loss: 0 } });
    expect(queued.status).toBe('queued');
    await server.stop('SIGKILL');

    server = await start(dataDir);
    expect((await call(server, 'GET', `/jobs/${String(long.id)}`)).body).toMatchObject({
      status: 'failed',
      progress: null,
      error: { code: 'JOB_INTERRUPTED', message: 'the service stopped while the job was running' },
    });
    expect(await waitForJob(server, queued.id, final)).toMatchObject({ status: 'completed' });
    expect(server.logs.some((l) => l.msg === 'job interrupted' && l.job_id === long.id)).toBe(true);
  });
});
