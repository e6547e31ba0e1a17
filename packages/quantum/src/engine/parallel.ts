/**
 * Worker threads over a SharedArrayBuffer state. The main thread and the workers each take a
 * slice of an op's groups; they meet through a small shared control block with Atomics, so a
 * pass costs no message round trip and the engine stays synchronous.
 *
 * Protocol: `attach` posts the state's buffers to each worker, which then waits on the
 * generation counter; each `apply` writes the op into shared memory, bumps the generation and
 * waits until every worker has counted itself done; `detach` sends workers back to their event
 * loop, ready for the next state.
 */
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import type { Amplitudes, PreparedOp } from './kernels.js';
import { applyRange } from './kernels.js';
import { spawnWorker } from '@lab/server-kit/system';

export const CONTROL = {
  generation: 0,
  done: 1,
  command: 2,
  width: 3,
  diagonal: 4,
  ready: 5,
  mask: 6,
  sorted: 8,
  size: 48,
} as const;
export const PARAMS = {
  groups: 0,
  run: 1,
  ranges: 2,
  members: 2 + 2 * 64,
  matrix: 2 + 2 * 64 + 32,
  size: 2 + 2 * 64 + 32 + 2048,
} as const;
export const COMMAND = { apply: 1, detach: 2 } as const;
/** Widest op the parameter block holds: 2^5 members and a 32 x 32 matrix. */
const MAX_SHARED_WIDTH = 5;

export interface AttachMessage {
  readonly control: SharedArrayBuffer;
  readonly params: SharedArrayBuffer;
  readonly chunks: readonly SharedArrayBuffer[];
  readonly numQubits: number;
  readonly chunkBits: number;
  readonly index: number;
}

export interface ParallelPool {
  /** Threads taking part in a pass, the calling thread included. */
  readonly threads: number;
  attach(state: Amplitudes): void;
  run(state: Amplitudes, op: PreparedOp): void;
  detach(): void;
}

const pools = new Map<number, Promise<ParallelPool>>();
const ready = new Map<number, ParallelPool>();

/** Default thread count: the machine's cores, at most 64. */
export function defaultThreads(): number {
  return Math.min(64, availableParallelism());
}

/**
 * Starts (once per size) a pool of `threads - 1` workers and resolves when all have loaded.
 * Passes block the calling thread, so workers must be up before the first one: a thread
 * blocked in Atomics.wait could not see a worker's start-up error.
 */
export function startPool(threads: number): Promise<ParallelPool> {
  let pool = pools.get(threads);
  if (pool === undefined) {
    pool = createPool(threads).then((p) => {
      ready.set(threads, p);
      return p;
    });
    pools.set(threads, pool);
  }
  return pool;
}

/** The pool of this size if it has started, else undefined (the caller then works alone). */
export function readyPool(threads: number): ParallelPool | undefined {
  return ready.get(threads);
}

async function createPool(threads: number): Promise<ParallelPool> {
  const control = new Int32Array(new SharedArrayBuffer(4 * CONTROL.size));
  const params = new Float64Array(new SharedArrayBuffer(8 * PARAMS.size));
  const workers = await Promise.all(
    Array.from(
      { length: threads - 1 },
      () =>
        new Promise<Worker>((resolve, reject) => {
          const worker = spawnWorker('./parallel-worker', import.meta.url);
          worker.once('message', () => {
            worker.off('error', reject);
            worker.unref();
            resolve(worker);
          });
          worker.once('error', reject);
        }),
    ),
  );
  let attached = false;
  // The state the workers sweep: a pass over another state (the executor keeps several) attaches that one first.
  let current: Amplitudes | undefined;

  const waitFor = (slot: number, target: number): void => {
    for (let seen = Atomics.load(control, slot); seen < target; seen = Atomics.load(control, slot)) {
      Atomics.wait(control, slot, seen, 1000);
    }
  };

  const signal = (command: number): void => {
    Atomics.store(control, CONTROL.done, 0);
    Atomics.store(control, CONTROL.command, command);
    Atomics.add(control, CONTROL.generation, 1);
    Atomics.notify(control, CONTROL.generation);
  };

  const pool: ParallelPool = {
    threads,
    attach(state) {
      if (attached) this.detach();
      Atomics.store(control, CONTROL.ready, 0);
      const chunks = state.chunks.map((c) => c.buffer);
      if (!chunks.every((b): b is SharedArrayBuffer => b instanceof SharedArrayBuffer)) {
        throw new TypeError('a parallel state must live in SharedArrayBuffers');
      }
      workers.forEach((worker, index) => {
        const message: AttachMessage = {
          control: control.buffer,
          params: params.buffer,
          chunks,
          numQubits: state.numQubits,
          chunkBits: state.chunkBits,
          index,
        };
        worker.postMessage(message);
      });
      waitFor(CONTROL.ready, workers.length);
      attached = true;
      current = state;
    },
    run(state, op) {
      // The shared parameter block holds ops of up to 5 qubits; a wider one runs on this thread.
      if (op.width > MAX_SHARED_WIDTH) {
        applyRange(state, op, 0, op.groups);
        return;
      }
      if (!attached || current !== state) pool.attach(state);
      const parts = workers.length + 1;
      // In-chunk ops may be cut anywhere; others in whole runs, whose member addresses each
      // thread computes on its own.
      const unit = op.mask !== 0 ? 1 : op.run;
      const per = Math.ceil(Math.ceil(op.groups / unit) / parts) * unit;
      params[PARAMS.groups] = op.groups;
      params[PARAMS.run] = op.run;
      for (let i = 0; i < parts; i += 1) {
        params[PARAMS.ranges + 2 * i] = Math.min(op.groups, i * per);
        params[PARAMS.ranges + 2 * i + 1] = Math.min(op.groups, (i + 1) * per);
      }
      control[CONTROL.width] = op.width;
      control[CONTROL.diagonal] = op.diagonal ? 1 : 0;
      control[CONTROL.mask] = op.mask;
      op.sorted.forEach((q, i) => (control[CONTROL.sorted + i] = q));
      op.members.forEach((m, i) => (params[PARAMS.members + i] = m));
      params.set(op.matrix, PARAMS.matrix);
      signal(COMMAND.apply);
      const last = workers.length;
      applyRange(state, op, params[PARAMS.ranges + 2 * last]!, params[PARAMS.ranges + 2 * last + 1]!);
      waitFor(CONTROL.done, workers.length);
    },
    detach() {
      if (!attached) return;
      signal(COMMAND.detach);
      waitFor(CONTROL.done, workers.length);
      attached = false;
      current = undefined;
    },
  };
  return pool;
}
