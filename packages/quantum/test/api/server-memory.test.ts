/**
 * The memory budget end to end, against the real `qcirc serve` process (the compiled `dist/`: run
 * `npx tsc -b packages/quantum` first): `--max-memory` sizes `/backends`, a job over it is refused
 * with 422, two jobs that each fit alone but not together do not run together, and bad values
 * stop the service with exit code 2.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServiceProcess, type ServiceProcess } from '@lab/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIB, shotBytes, THREAD_BYTES } from '../../src/backends/memory.js';
import { threadsPerJob } from '../../src/jobs/limits.js';

const bin = fileURLToPath(new URL('../../bin/qcirc.js', import.meta.url));
const BUDGET = 400 * MIB;
const MAX_RUNNING = 2;

type Body = Record<string, unknown>;

async function call(server: ServiceProcess, method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Body };
}

async function waitForJob(server: ServiceProcess, id: unknown, done: (job: Body) => boolean): Promise<Body> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { body } = await call(server, 'GET', `/jobs/${String(id)}`);
    if (done(body)) return body;
    if (Date.now() > deadline) throw new Error(`job ${String(id)} still ${String(body.status)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** `n` qubits, `layers` layers of rotations and CX pairs, measured: seconds of work from 24 qubits. */
function circuit(n: number, layers: number) {
  const all = Array.from({ length: n }, (_, q) => q);
  const operations: Body[] = all.map((q) => ({ op: 'gate', name: 'h', qubits: [q] }));
  for (let l = 0; l < layers; l += 1) {
    for (const q of all) operations.push({ op: 'gate', name: 'rx', qubits: [q], params: [0.1 + l / 7] });
    for (let q = 0; q + 1 < n; q += 2) operations.push({ op: 'gate', name: 'cx', qubits: [q, q + 1] });
  }
  operations.push({ op: 'measure', qubits: all, clbits: all });
  return { qubits: n, clbits: n, operations };
}

/** The most qubits of a one-state run the budget holds: state, job thread, pool threads, one shot. */
function mostQubits(budget: number): number {
  const pool = (n: number) => (n >= 18 ? threadsPerJob(MAX_RUNNING) - 1 : 0);
  const fits = (n: number) => 16 * 2 ** n + (1 + pool(n)) * THREAD_BYTES + shotBytes(0) <= budget;
  return [...Array(64).keys()].filter(fits).at(-1) ?? 0;
}

describe('--max-memory (real process)', () => {
  let server: ServiceProcess;
  let dataDir: string;
  const most = mostQubits(BUDGET);

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'quantum-memory-'));
    server = await startServiceProcess(bin, [
      'serve',
      '--port',
      '0',
      '--data-dir',
      dataDir,
      '--max-memory',
      '400M',
      '--max-running-jobs',
      String(MAX_RUNNING),
    ]);
  });
  afterAll(async () => {
    await server.stop('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('/backends reports the budget of the setting and the qubits it holds', async () => {
    const { status, body } = await call(server, 'GET', '/backends');
    expect(status).toBe(200);
    const [simulator] = body.backends as Body[];
    expect(simulator).toMatchObject({
      name: 'local_simulator',
      max_qubits: most,
      memory: { budget_bytes: BUDGET, source: 'setting', limit_bytes: BUDGET, reserved_bytes: 0 },
    });
    expect(most).toBeGreaterThanOrEqual(20);
    expect(most).toBeLessThan(25);
    expect(server.logs.find((l) => l.msg === 'memory budget')).toMatchObject({
      budget_bytes: BUDGET,
      source: 'setting',
      max_qubits: most,
    });
  });

  it('refuses a job over the limit with 422, naming its qubits and the limit', async () => {
    const { status, body } = await call(server, 'POST', '/jobs', {
      circuit: circuit(most + 1, 0),
      shots: 10,
      noise: { loss: 0 },
    });
    expect(status).toBe(422);
    const error = body.error as { code: string; message: string; details: Body };
    expect(error.code).toBe('CIRCUIT_TOO_LARGE');
    expect(error.message).toContain(`${most + 1} qubits need`);
    expect(error.message).toContain(
      `the simulator's memory budget is 400 MiB, which fits at most ${most} qubits`,
    );
    expect(error.details).toMatchObject({
      qubits: most + 1,
      states: 1,
      bytes_allowed: BUDGET,
      max_qubits: most,
      budget_source: 'setting',
    });
    // A noisy run of non-Clifford gates holds two states: one qubit fewer.
    const noisy = await call(server, 'POST', '/jobs', { circuit: circuit(most, 1), shots: 10 });
    expect(noisy.status).toBe(422);
    expect((noisy.body.error as { details: Body }).details).toMatchObject({ qubits: most, states: 2 });
  });

  it('accepts jobs that fit, but does not run two together that do not fit together', async () => {
    const first = await call(server, 'POST', '/jobs', {
      circuit: circuit(most, 60),
      shots: 10,
      noise: { loss: 0 },
    });
    expect(first.status).toBe(201);
    const memory = first.body.memory_bytes as number;
    expect(memory).toBeGreaterThan(BUDGET / 2);
    expect(memory).toBeLessThanOrEqual(BUDGET);
    await waitForJob(server, first.body.id, (job) => job.status === 'running');

    const second = await call(server, 'POST', '/jobs', {
      circuit: circuit(most, 0),
      shots: 10,
      noise: { loss: 0 },
    });
    expect(second.status).toBe(201);
    // Two may run at once, but the second's memory does not fit beside the first's.
    expect(second.body).toMatchObject({ status: 'queued', queue_position: 1 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await call(server, 'GET', `/jobs/${String(second.body.id)}`)).body.status).toBe('queued');
    const backends = (await call(server, 'GET', '/backends')).body.backends as Body[];
    expect(backends[0]!.memory).toMatchObject({ reserved_bytes: memory });

    // A small job waits behind it: first in first out.
    const small = await call(server, 'POST', '/jobs', {
      circuit: circuit(2, 1),
      shots: 10,
      noise: { loss: 0 },
    });
    expect(small.body).toMatchObject({ status: 'queued', queue_position: 2 });

    // When the first ends (cancelled here, to save time) and its thread is gone, the second runs.
    expect((await call(server, 'POST', `/jobs/${String(first.body.id)}/cancel`)).status).toBe(200);
    const done = await waitForJob(server, second.body.id, (job) => job.status === 'completed');
    expect(done).toMatchObject({ memory_bytes: second.body.memory_bytes, error: null });
    expect(await waitForJob(server, small.body.id, (job) => job.status === 'completed')).toMatchObject({
      status: 'completed',
    });
    const result = await call(server, 'GET', `/jobs/${String(second.body.id)}/result`);
    expect(result.body).toMatchObject({
      estimates: { qubits: most, memory_bytes: second.body.memory_bytes },
    });
    const starts = server.logs.filter((l) => l.msg === 'job running').map((l) => l.job_id);
    expect(starts.slice(-3)).toEqual([first.body.id, second.body.id, small.body.id]);
  });
});

describe('a bad --max-memory', () => {
  const serve = (args: readonly string[], env: NodeJS.ProcessEnv = {}) =>
    spawnSync(process.execPath, [bin, 'serve', '--port', '0', ...args], {
      encoding: 'utf8',
      timeout: 30_000,
      env: { ...process.env, ...env },
    });

  it('stops the service with exit code 2 and a message naming the setting', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'quantum-memory-bad-'));
    try {
      const notSize = serve(['--data-dir', dataDir, '--max-memory', '1.5X']);
      expect(notSize.status).toBe(2);
      expect(notSize.stderr).toContain(
        "INVALID_CONFIG: invalid configuration: maxMemory '1.5X' is not a size like 1.5G",
      );
      const tooSmall = serve(['--data-dir', dataDir], { QCIRC_MAX_MEMORY: '10M' });
      expect(tooSmall.status).toBe(2);
      expect(tooSmall.stderr).toContain('maxMemory 10 MiB is below the least a job needs, 64 MiB');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
