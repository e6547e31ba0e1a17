/**
 * The jobs table: queueing under a capacity, FIFO claims, conditional transitions that refuse to
 * change an ended job, queue positions, newest-first pages, recovery of running jobs, and rows
 * that survive closing and reopening the file.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@lab/server-kit';
import type { JobRequest } from '../../src/jobs/job.js';
import { openStore } from '../../src/store/database.js';
import {
  createJobRepository,
  JOBS_MIGRATION,
  type JobRepository,
  type NewJob,
} from '../../src/store/jobs.js';

const request: JobRequest = {
  program: { format: 'qasm', source: 'OPENQASM 3.0;\nqubit q;\nbit c;\nc = measure q;\n' },
  backend: 'local_simulator',
  shots: 100,
  seed: 7,
  noise: { loss: 0 },
};

let dir: string;
let db: Database;
let jobs: JobRepository;
let clock = 0;
const at = (): string => new Date(Date.UTC(2026, 0, 1) + (clock += 1000)).toISOString();
const newJob = (id: string, overrides: Partial<NewJob> = {}): NewJob => ({
  id,
  request,
  qubits: 1,
  clbits: 1,
  estimatedSeconds: 0.01,
  memoryBytes: 4096,
  createdAt: at(),
  ...overrides,
});
/** Starts the oldest queued job, as the service's dispatcher does. */
function claimNext(startedAt: string): { id: string; request: JobRequest } | undefined {
  const next = jobs.nextQueued();
  if (next === undefined) return undefined;
  const claimed = jobs.claim(next.id, startedAt);
  return claimed === undefined ? undefined : { id: next.id, request: claimed };
}
const queue = (...ids: string[]) =>
  ids.forEach((id) => expect(jobs.insertIfRoom(newJob(id), 100)).toBe(true));

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'quantum-store-'));
  db = openStore(dir);
  jobs = createJobRepository(db);
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('queueing', () => {
  it('stores a queued job with its request fields and nothing run yet', () => {
    queue('a');
    expect(jobs.get('a')).toEqual({
      id: 'a',
      status: 'queued',
      backend: 'local_simulator',
      shots: 100,
      seed: 7,
      qubits: 1,
      clbits: 1,
      created_at: '2026-01-01T00:00:01.000Z',
      started_at: null,
      finished_at: null,
      queue_position: 1,
      estimated_seconds: 0.01,
      memory_bytes: 4096,
      error: null,
    });
    expect(jobs.get('missing')).toBeUndefined();
  });

  it('a request without a seed stores null', () => {
    const unseeded: JobRequest = { program: request.program, backend: request.backend, shots: request.shots };
    jobs.insertIfRoom(newJob('a', { request: unseeded }), 10);
    expect(jobs.get('a')?.seed).toBeNull();
  });

  it('refuses a job when the queued and running jobs reach the capacity', () => {
    expect(jobs.insertIfRoom(newJob('a'), 2)).toBe(true);
    expect(jobs.insertIfRoom(newJob('b'), 2)).toBe(true);
    expect(jobs.insertIfRoom(newJob('c'), 2)).toBe(false);
    expect(jobs.get('c')).toBeUndefined();
    // Ended jobs do not count.
    jobs.cancel('a', at());
    expect(jobs.insertIfRoom(newJob('c'), 2)).toBe(true);
  });

  it('numbers the queue from 1 in submission order; other states have no position', () => {
    queue('a', 'b', 'c');
    expect(['a', 'b', 'c'].map((id) => jobs.get(id)?.queue_position)).toEqual([1, 2, 3]);
    claimNext(at());
    expect(['a', 'b', 'c'].map((id) => jobs.get(id)?.queue_position)).toEqual([null, 1, 2]);
  });
});

describe('transitions', () => {
  it('claims the oldest queued job first, with its request', () => {
    queue('a', 'b');
    const first = claimNext('2026-02-01T00:00:00.000Z');
    expect(first).toEqual({ id: 'a', request });
    expect(jobs.get('a')).toMatchObject({ status: 'running', started_at: '2026-02-01T00:00:00.000Z' });
    expect(claimNext(at())?.id).toBe('b');
    expect(claimNext(at())).toBeUndefined();
  });

  it('shows the next job with what the dispatcher needs; a claim of a job no longer queued does nothing', () => {
    queue('a', 'b');
    expect(jobs.nextQueued()).toEqual({ id: 'a', backend: 'local_simulator', qubits: 1, memoryBytes: 4096 });
    jobs.cancel('a', at());
    expect(jobs.claim('a', at())).toBeUndefined();
    expect(jobs.get('a')?.status).toBe('cancelled');
    expect(jobs.nextQueued()?.id).toBe('b');
    expect(jobs.claim('b', at())).toEqual(request);
    expect(jobs.claim('b', at())).toBeUndefined();
    expect(jobs.nextQueued()).toBeUndefined();
  });

  it('fails a queued job (one that can no longer fit) without starting it', () => {
    queue('a');
    const error = { code: 'CIRCUIT_TOO_LARGE', message: 'too big', details: { qubits: 30 } };
    expect(jobs.fail('a', error, at())).toBe(true);
    expect(jobs.get('a')).toMatchObject({ status: 'failed', started_at: null, error });
    expect(jobs.fail('a', error, at())).toBe(false);
  });

  it('completes a running job and keeps its result', () => {
    queue('a');
    claimNext(at());
    const result = { counts: { '0': 100 }, shots: 100 };
    expect(jobs.complete('a', result, '2026-02-01T00:00:00.000Z')).toBe(true);
    expect(jobs.get('a')).toMatchObject({ status: 'completed', finished_at: '2026-02-01T00:00:00.000Z' });
    expect(jobs.result('a')).toEqual(result);
  });

  it('fails a running job with its error', () => {
    queue('a');
    claimNext(at());
    const error = { code: 'CIRCUIT_TOO_LARGE', message: 'too big', details: { qubits: 40 } };
    expect(jobs.fail('a', error, at())).toBe(true);
    expect(jobs.get('a')).toMatchObject({ status: 'failed', error });
    expect(jobs.result('a')).toBeUndefined();
  });

  it('cancels queued and running jobs, never ended ones', () => {
    queue('running', 'done', 'waiting');
    claimNext(at());
    claimNext(at());
    jobs.complete('done', {}, at());
    expect(jobs.cancel('waiting', at())).toBe(true);
    expect(jobs.cancel('running', at())).toBe(true);
    expect(jobs.cancel('done', at())).toBe(false);
    expect(jobs.cancel('running', at())).toBe(false);
    expect(jobs.get('waiting')).toMatchObject({ status: 'cancelled', started_at: null });
    expect(jobs.get('running')).toMatchObject({ status: 'cancelled' });
    expect(jobs.get('done')).toMatchObject({ status: 'completed' });
  });

  it('a run that ends after its job was cancelled changes nothing', () => {
    queue('a');
    claimNext(at());
    jobs.cancel('a', at());
    expect(jobs.complete('a', { counts: {} }, at())).toBe(false);
    expect(jobs.fail('a', { code: 'X', message: 'x', details: {} }, at())).toBe(false);
    expect(jobs.get('a')?.status).toBe('cancelled');
    expect(jobs.result('a')).toBeUndefined();
  });

  it('fails every running job at recovery and leaves the queue as it was', () => {
    queue('a', 'b', 'c');
    claimNext(at());
    claimNext(at());
    const error = { code: 'JOB_INTERRUPTED', message: 'stopped', details: {} };
    expect(jobs.failRunning(error, at()).sort()).toEqual(['a', 'b']);
    expect(jobs.get('a')).toMatchObject({ status: 'failed', error });
    expect(jobs.get('c')).toMatchObject({ status: 'queued', queue_position: 1 });
    expect(jobs.failRunning(error, at())).toEqual([]);
  });
});

describe('pages', () => {
  it('lists newest first, page by page, until next is null', () => {
    queue('a', 'b', 'c', 'd', 'e');
    const first = jobs.list({ limit: 2 });
    expect(first.jobs.map((j) => j.id)).toEqual(['e', 'd']);
    expect(first.next).not.toBeNull();
    const second = jobs.list({ limit: 2, before: first.next! });
    expect(second.jobs.map((j) => j.id)).toEqual(['c', 'b']);
    const last = jobs.list({ limit: 2, before: second.next! });
    expect(last.jobs.map((j) => j.id)).toEqual(['a']);
    expect(last.next).toBeNull();
  });

  it('a full last page has no next page', () => {
    queue('a', 'b');
    expect(jobs.list({ limit: 2 }).next).toBeNull();
  });

  it('filters by status, with pages inside the filter', () => {
    queue('a', 'b', 'c', 'd');
    claimNext(at());
    jobs.cancel('c', at());
    expect(jobs.list({ limit: 10, status: 'queued' }).jobs.map((j) => j.id)).toEqual(['d', 'b']);
    expect(jobs.list({ limit: 10, status: 'running' }).jobs.map((j) => j.id)).toEqual(['a']);
    const page = jobs.list({ limit: 1, status: 'queued' });
    expect(jobs.list({ limit: 1, status: 'queued', before: page.next! }).jobs.map((j) => j.id)).toEqual([
      'b',
    ]);
    expect(jobs.list({ limit: 10, status: 'completed' }).jobs).toEqual([]);
  });
});

describe('durability', () => {
  it('jobs, results and errors survive closing and reopening the database', () => {
    queue('a', 'b', 'c');
    claimNext(at());
    jobs.complete('a', { counts: { '1': 100 } }, at());
    claimNext(at());
    jobs.fail('b', { code: 'X', message: 'x', details: {} }, at());
    const before = ['a', 'b', 'c'].map((id) => jobs.get(id));
    db.close();
    db = openStore(dir);
    jobs = createJobRepository(db);
    expect(['a', 'b', 'c'].map((id) => jobs.get(id))).toEqual(before);
    expect(jobs.result('a')).toEqual({ counts: { '1': 100 } });
  });

  it('a database from before memory was recorded gains the column, NULL for its jobs', () => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
    dir = mkdtempSync(join(tmpdir(), 'quantum-store-'));
    const old = openDatabase(join(dir, 'quantum.db'), { namespace: 'quantum', migrations: [JOBS_MIGRATION] });
    old
      .prepare(
        `INSERT INTO jobs (id, status, backend, shots, qubits, clbits, estimated_seconds, request, created_at)
         VALUES ('old', 'queued', 'local_simulator', 10, 1, 1, 0.01, ?, ?)`,
      )
      .run(JSON.stringify(request), at());
    old.close();
    db = openStore(dir);
    jobs = createJobRepository(db);
    expect(jobs.get('old')).toMatchObject({ status: 'queued', memory_bytes: null });
    expect(jobs.nextQueued()).toMatchObject({ id: 'old', memoryBytes: null });
  });

  it('refuses a state the table does not know', () => {
    queue('a');
    expect(() => db.prepare(`UPDATE jobs SET status = 'done' WHERE id = 'a'`).run()).toThrow(/CHECK/);
  });
});
