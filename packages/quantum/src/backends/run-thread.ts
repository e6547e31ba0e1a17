/**
 * A library run on a worker thread of its own (`run-thread-worker.ts`), for `run(circuit, {
 * worker: true })`: the simulation blocks the thread it runs on, so only a run off the caller's
 * thread leaves its event loop free and can be stopped while it runs. Stopping terminates the
 * thread, with its pool threads and its states; the run's promise settles once the thread has
 * exited, so its memory is free by then.
 */
import { AppError, type ErrorKind } from '@lab/server-kit/errors';
import { spawnWorker } from '@lab/server-kit/system';
import type { CircuitJson } from '../circuit/json-schema.js';
import type { RunOptions } from './backend.js';
import type { MemoryBudget } from './memory.js';
import { Result, type ResultData } from './result.js';

/** What the worker receives as `workerData`. */
export interface RunThreadInput {
  readonly circuit: CircuitJson;
  /** The run options, less the callback; `worker` false, as the run is on its worker. */
  readonly options: Omit<RunOptions, 'onProgress'>;
  readonly simulator: {
    readonly memoryBudget: MemoryBudget;
    readonly threads: number;
    readonly chunkBits?: number;
  };
  /** The caller's measured memory bandwidth, which the worker adopts for its estimates. */
  readonly memoryBandwidth: number;
  /** Whether to post progress. */
  readonly progress: boolean;
}

/** An error crossing the thread boundary, which drops its class. */
export interface ThreadError {
  readonly message: string;
  readonly stack?: string;
  /** Set for a catalogue error, which the caller sees again as one. */
  readonly app?: { readonly code: string; readonly kind: ErrorKind; readonly details: AppError['details'] };
}

export type RunThreadMessage =
  | { readonly type: 'progress'; readonly fraction: number }
  | { readonly type: 'completed'; readonly data: ResultData }
  | { readonly type: 'failed'; readonly error: ThreadError };

export function threadErrorOf(error: unknown): ThreadError {
  if (!(error instanceof Error)) return { message: String(error) };
  const stack = error.stack === undefined ? {} : { stack: error.stack };
  if (!(error instanceof AppError)) return { message: error.message, ...stack };
  return {
    message: error.message,
    ...stack,
    app: { code: error.code, kind: error.kind, details: error.details },
  };
}

function errorOf({ message, stack, app }: ThreadError): Error {
  const error =
    app === undefined
      ? new Error(message)
      : new AppError(app.code, app.kind, message, { details: app.details });
  if (stack !== undefined) error.stack = stack;
  return error;
}

export interface RunThread {
  /** Resolves with the result, rejects with the run's error; settles once the thread has exited. */
  readonly result: Promise<Result>;
  /**
   * Terminates the thread; `result` then rejects with `stopped()`. False when the run had already
   * ended (its outcome is in), which it then keeps.
   */
  stop(stopped: () => Error): boolean;
}

export function startRunThread(input: RunThreadInput, onProgress?: (fraction: number) => void): RunThread {
  const worker = spawnWorker('./run-thread-worker', import.meta.url, { workerData: input });
  let outcome: { ok: Result } | { error: Error } | undefined;
  let stoppedError: (() => Error) | undefined;
  const result = new Promise<Result>((resolve, reject) => {
    worker.on('message', (message: RunThreadMessage) => {
      if (message.type === 'progress') onProgress?.(message.fraction);
      else if (message.type === 'completed') outcome = { ok: new Result(message.data) };
      else outcome = { error: errorOf(message.error) };
      // Done: end the thread and its pool threads now rather than when its event loop drains.
      if (message.type !== 'progress') void worker.terminate();
    });
    worker.on('error', (error) => {
      outcome ??= { error };
    });
    worker.once('exit', (code) => {
      if (stoppedError !== undefined) reject(stoppedError());
      else if (outcome === undefined) reject(new Error(`the run's worker thread exited with code ${code}`));
      else if ('ok' in outcome) resolve(outcome.ok);
      else reject(outcome.error);
    });
  });
  return {
    result,
    stop(stopped) {
      if (outcome !== undefined) return false;
      stoppedError ??= stopped;
      void worker.terminate();
      return true;
    },
  };
}
