/**
 * Every limit of the job service in one place. The request schemas, the settings' ranges and
 * defaults, the route descriptions and the README's table read them from here.
 */
import { availableParallelism } from 'node:os';
import { MAX_SHOTS } from '../backends/local-simulator.js';

export { MAX_SHOTS };

/** Largest request body: a 1 MiB program fits with room for its JSON escaping. */
export const MAX_REQUEST_BYTES = 4 * 1024 * 1024;

/** Longest OpenQASM source, in characters. */
export const MAX_QASM_LENGTH = 1024 * 1024;

/** Most operations a circuit may have once built (after QASM loops are unrolled). */
export const MAX_OPERATIONS = 100_000;

/**
 * Loop iterations a job's OpenQASM may run at import. The import happens in the request (so its
 * errors answer at once), and these bounds keep it near a second of work.
 */
export const MAX_LOOP_ITERATIONS = 100_000;

/**
 * Most shots × classical bits of a job that asks for per-shot `memory`: one character per bit, so
 * with each shot's quotes and comma the result record stays near 11 MiB (8 Mi bits plus 3 bytes a
 * shot), a size SQLite stores in the job's row and one response carries. 100,000 shots of 80 bits
 * fit, or 1,000,000 of 8.
 */
export const MAX_MEMORY_BITS = 8 * 1024 * 1024;

/** Most `inputs` entries. */
export const MAX_INPUTS = 1000;

/** Jobs that run at once, each on its own worker thread: half the cores, at least one. */
export const DEFAULT_MAX_RUNNING_JOBS = Math.max(1, Math.floor(availableParallelism() / 2));
export const MAX_RUNNING_JOBS_LIMIT = 64;

/** Threads each job's simulation may use: the cores shared among the jobs that run at once. */
export function threadsPerJob(maxRunning: number): number {
  return Math.max(1, Math.floor(availableParallelism() / maxRunning));
}

/** Jobs queued or running at once; `POST /jobs` beyond it answers 429 TOO_MANY_JOBS. */
export const DEFAULT_MAX_JOBS = 100;
export const MAX_JOBS_LIMIT = 100_000;

/** Page size of `GET /jobs`. */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
