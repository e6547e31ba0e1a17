/**
 * Runs one job on its own worker thread (`job-worker.ts`), so the simulation, which blocks its
 * thread, never blocks the service's event loop. The worker gets the stored request and posts
 * back progress and then its outcome; cancelling terminates the thread. A run's outcome settles
 * only once the thread has exited, so its memory is free before the next job starts.
 */
import { KitErrors } from '@lab/server-kit/errors';
import { memoryBandwidth } from '../engine/bandwidth.js';
import { spawnWorker } from '@lab/server-kit/system';
import { jobErrorOf } from './job-error.js';
import type { JobError, JobRequest } from './job.js';

/** What the worker receives as `workerData`. */
export interface JobWorkerInput {
  readonly request: JobRequest;
  readonly threads: number;
  /** The memory reserved for the run: the simulator in the worker plans its states within it. */
  readonly memoryBytes: number;
  /** The service's measured memory bandwidth, which the worker adopts for its estimates. */
  readonly memoryBandwidth: number;
}

/** What the worker posts: any number of progress messages, then one outcome. */
export type JobWorkerMessage =
  | { readonly type: 'progress'; readonly fraction: number }
  | { readonly type: 'completed'; readonly result: unknown }
  | { readonly type: 'failed'; readonly error: JobError; readonly stack?: string };

export type RunOutcome =
  | { readonly status: 'completed'; readonly result: unknown }
  /** `stack` is set when the failure is a bug, not the request's fault: it goes to the log. */
  | { readonly status: 'failed'; readonly error: JobError; readonly stack?: string }
  | { readonly status: 'cancelled' };

export interface RunHandle {
  /** Settles once the worker thread has exited. */
  readonly outcome: Promise<RunOutcome>;
  /** Terminates the worker; the outcome is then `cancelled`. */
  cancel(): void;
}

export interface RunSettings {
  /** Threads the simulation may use inside the worker. */
  readonly threads: number;
  /** The memory reserved for the run (the job's `memory_bytes`). */
  readonly memoryBytes: number;
  readonly onProgress: (fraction: number) => void;
}

export interface JobRunner {
  start(request: JobRequest, settings: RunSettings): RunHandle;
}

/** The outcome of a worker that ended without one: a bug, whose `reason` goes to the log. */
export function crashed(reason: string): RunOutcome {
  return { status: 'failed', error: jobErrorOf(KitErrors.internal()), stack: reason };
}

/** The outcome a worker's final message reports. */
export function outcomeOf(message: Exclude<JobWorkerMessage, { type: 'progress' }>): RunOutcome {
  return message.type === 'completed'
    ? { status: 'completed', result: message.result }
    : {
        status: 'failed',
        error: message.error,
        ...(message.stack === undefined ? {} : { stack: message.stack }),
      };
}

export function createWorkerRunner(): JobRunner {
  return {
    start(request, { threads, memoryBytes, onProgress }) {
      const input: JobWorkerInput = { request, threads, memoryBytes, memoryBandwidth: memoryBandwidth() };
      const worker = spawnWorker('./job-worker', import.meta.url, { workerData: input });
      let final: RunOutcome | undefined;
      let cancelled = false;
      const outcome = new Promise<RunOutcome>((resolve) => {
        worker.on('message', (message: JobWorkerMessage) => {
          if (message.type === 'progress') {
            onProgress(message.fraction);
            return;
          }
          final = outcomeOf(message);
          // Done: end the thread (and its pool threads) now rather than when its event loop drains.
          void worker.terminate();
        });
        worker.on('error', (error) => {
          final ??= crashed(error.stack ?? String(error));
        });
        worker.once('exit', (code) => {
          resolve(
            cancelled
              ? { status: 'cancelled' }
              : (final ?? crashed(`the job worker exited with code ${code}`)),
          );
        });
      });
      return {
        outcome,
        cancel() {
          cancelled = true;
          void worker.terminate();
        },
      };
    },
  };
}
