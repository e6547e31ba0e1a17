/**
 * The one bounded pool for PQC work that would stall the API: benchmarks, self-tests on request
 * and SLH-DSA key generation. At most `size` tasks run at once, each in a worker thread of its
 * own; up to `queueLimit` more wait in order, and one more is refused (PQC_QUEUE_FULL, 503).
 *
 * A task ends when its worker answers, when its signal aborts (a waiting task leaves the queue, a
 * running one's thread is terminated), or when it runs past its time limit (thread terminated,
 * PQC_TIME_LIMIT). Terminating the thread is the only way to stop this work: the primitives are
 * pure JavaScript loops that look at no signal, and one SLH-DSA signature can take a minute. So a
 * thread is started per task rather than kept: a kept thread would have to be replaced after
 * every stop anyway, and the tasks take from a second to minutes, against about 30 ms to start a
 * thread (compiled). A slot is free again once its thread has exited, not merely been asked to.
 */
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { spawnWorker } from '@lab/server-kit';
import { HvErrors } from '../errors.js';
import {
  TASK_LABELS,
  type Answers,
  type CryptoTask,
  type Partials,
  type WorkerMessage,
} from './crypto-tasks.js';

/** Two threads, or one on a single core: PQC work must leave a core to the API and to QEMU. */
export const POOL_SIZE = Math.min(2, availableParallelism());
/** Tasks that may wait for a thread; one more is 503 PQC_QUEUE_FULL. */
export const POOL_QUEUE_LIMIT = 16;

export interface TaskOptions<K extends CryptoTask['kind']> {
  /** Aborted: the task leaves the queue, or its thread is terminated; the run rejects with the reason. */
  signal?: AbortSignal;
  /** Wall-clock cap from the moment the thread starts; `hint` tells the caller what to do instead. */
  timeLimit?: { ms: number; hint: string };
  /** Each partial result the task posts (a benchmark's operations, one by one). */
  onPartial?: (value: Partials[K]) => void;
}

export interface PoolStats {
  size: number;
  queue_limit: number;
  /** Threads started and not yet exited. */
  running: number;
  queued: number;
}

export type CryptoPool = ReturnType<typeof createCryptoPool>;

interface Waiting {
  begin(): void;
  fail(error: Error): void;
}

const reasonOf = (signal: AbortSignal): Error =>
  signal.reason instanceof Error ? signal.reason : new Error(String(signal.reason));

export function createCryptoPool(options: { size?: number; queueLimit?: number } = {}) {
  const size = options.size ?? POOL_SIZE;
  const queueLimit = options.queueLimit ?? POOL_QUEUE_LIMIT;
  const threads = new Set<Worker>();
  const queue: Waiting[] = [];
  let closing = false;

  const full = (): boolean => threads.size >= size && queue.length >= queueLimit;

  function next(): void {
    while (!closing && threads.size < size && queue.length > 0) queue.shift()!.begin();
  }

  return {
    /** Throws PQC_QUEUE_FULL now when a task would be refused (before an operation is started for it). */
    assertRoom(): void {
      if (full()) throw HvErrors.pqcQueueFull({ running: threads.size, queued: queue.length });
    },

    run<K extends CryptoTask['kind']>(
      task: Extract<CryptoTask, { kind: K }>,
      options: TaskOptions<K> = {},
    ): Promise<Answers[K]> {
      const { signal, timeLimit, onPartial } = options;
      const work = TASK_LABELS[task.kind];
      return new Promise<Answers[K]>((resolve, reject) => {
        if (closing) return reject(HvErrors.requestAbandoned({ reason: 'the service is stopping' }));
        if (signal?.aborted === true) return reject(reasonOf(signal));
        if (full()) return reject(HvErrors.pqcQueueFull({ running: threads.size, queued: queue.length }));
        let thread: Worker | undefined;
        let timer: NodeJS.Timeout | undefined;
        let settled = false;
        const settle = (outcome: () => void): void => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          outcome();
        };
        const stop = (error: Error): void => {
          const at = queue.indexOf(waiting);
          if (at >= 0) queue.splice(at, 1);
          settle(() => reject(error));
          void thread?.terminate();
        };
        const onAbort = (): void => stop(reasonOf(signal!));
        const waiting: Waiting = {
          fail: stop,
          begin() {
            const started = spawnWorker('./crypto-worker', import.meta.url, { workerData: task });
            thread = started;
            threads.add(started);
            if (timeLimit !== undefined) {
              const seconds = timeLimit.ms / 1000;
              timer = setTimeout(
                () => stop(HvErrors.pqcTimeLimit({ work, seconds, hint: timeLimit.hint })),
                timeLimit.ms,
              );
            }
            started.on('message', (message: WorkerMessage) => {
              if (message.type === 'partial') {
                if (!settled) onPartial?.(message.value as Partials[K]);
                return;
              }
              const { outcome } = message;
              settle(() =>
                outcome.ok
                  ? resolve(outcome.value as Answers[K])
                  : reject(HvErrors.pqcTaskFailed({ work, reason: outcome.message })),
              );
            });
            started.once('error', (error) =>
              settle(() => reject(HvErrors.pqcTaskFailed({ work, reason: error.message }, { cause: error }))),
            );
            started.once('exit', (code) => {
              threads.delete(started);
              const reason = closing ? 'the service is stopping' : `the thread exited with code ${code}`;
              settle(() => reject(HvErrors.pqcTaskFailed({ work, reason })));
              next();
            });
          },
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        if (threads.size < size) waiting.begin();
        else queue.push(waiting);
      });
    },

    stats: (): PoolStats => ({ size, queue_limit: queueLimit, running: threads.size, queued: queue.length }),

    /** Refuses what waits and terminates what runs; resolves once every thread has exited. */
    async close(): Promise<void> {
      closing = true;
      const stopping = HvErrors.requestAbandoned({ reason: 'the service is stopping' });
      for (const waiting of queue.splice(0)) waiting.fail(stopping);
      await Promise.all([...threads].map((thread) => thread.terminate()));
    },
  };
}
