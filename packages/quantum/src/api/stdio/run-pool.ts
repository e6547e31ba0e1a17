/**
 * The engine's runs, on a pool of warm worker threads (run-worker.ts): at most `size` run at
 * once, the others wait first in first out. A worker serves one run after another; cancelling a
 * running run terminates its worker (the simulation cannot be interrupted otherwise), and a new
 * one is started for the next run. Outcomes are the REST runner's (`RunOutcome`), settled once a
 * cancelled worker has exited, so its memory is free before the next run starts.
 */
import type { Worker } from 'node:worker_threads';
import { spawnWorker } from '@lab/server-kit/system';
import type { FusionOptions } from '../../engine/fusion.js';
import type { JobRequest } from '../../jobs/job.js';
import {
  crashed,
  outcomeOf,
  type JobWorkerMessage,
  type RunHandle,
  type RunOutcome,
} from '../../jobs/runner.js';

export interface EngineWorkerInput {
  /** Threads of a run that does not ask for a number. */
  readonly threads: number;
  /** Each worker's share of the simulator's memory budget. */
  readonly memoryLimit: number;
  readonly memoryBandwidth: number;
}

/** The library's run options a REST job does not have. */
export interface RunExtras {
  readonly fusion?: FusionOptions;
  readonly threads?: number;
}

export interface EngineRun {
  readonly request: JobRequest;
  readonly options: RunExtras;
}

interface Task {
  readonly run: EngineRun;
  readonly onProgress: (fraction: number) => void;
  readonly settle: (outcome: RunOutcome) => void;
  slot: Slot | undefined;
  cancelled: boolean;
}

interface Slot {
  worker: Worker;
  task: Task | undefined;
}

export interface RunPool {
  submit(run: EngineRun, onProgress: (fraction: number) => void): RunHandle;
  /** Terminates every worker; runs still queued or running end `cancelled`. */
  close(): Promise<void>;
}

export function createRunPool(size: number, input: EngineWorkerInput): RunPool {
  const slots: Slot[] = [];
  const queue: Task[] = [];

  function spawn(): Slot {
    const worker = spawnWorker('./run-worker', import.meta.url, { workerData: input });
    const slot: Slot = { worker, task: undefined };
    worker.on('message', (message: JobWorkerMessage) => {
      const task = slot.task;
      if (task === undefined || task.cancelled) return;
      if (message.type === 'progress') {
        task.onProgress(message.fraction);
        return;
      }
      slot.task = undefined;
      task.settle(outcomeOf(message));
      dispatch();
    });
    worker.once('exit', (code) => {
      slots.splice(slots.indexOf(slot), 1);
      const task = slot.task;
      slot.task = undefined;
      if (task !== undefined) {
        task.settle(
          task.cancelled
            ? { status: 'cancelled' }
            : crashed(`the engine's run worker exited with code ${code}`),
        );
      }
      dispatch();
    });
    // A crash is reported by 'exit' too; without a listener an 'error' would end the engine.
    worker.on('error', () => undefined);
    slots.push(slot);
    return slot;
  }

  function dispatch(): void {
    while (queue.length > 0) {
      const idle =
        slots.find((slot) => slot.task === undefined) ?? (slots.length < size ? spawn() : undefined);
      if (idle === undefined) return;
      const task = queue.shift()!;
      idle.task = task;
      task.slot = idle;
      idle.worker.postMessage(task.run);
    }
  }

  return {
    submit(run, onProgress) {
      let settle!: (outcome: RunOutcome) => void;
      const outcome = new Promise<RunOutcome>((resolve) => (settle = resolve));
      const task: Task = { run, onProgress, settle, slot: undefined, cancelled: false };
      queue.push(task);
      dispatch();
      return {
        outcome,
        cancel() {
          if (task.cancelled) return;
          task.cancelled = true;
          const waiting = queue.indexOf(task);
          if (waiting >= 0) {
            queue.splice(waiting, 1);
            settle({ status: 'cancelled' });
          } else if (task.slot?.task === task) {
            void task.slot.worker.terminate();
          }
        },
      };
    },
    async close() {
      for (const task of queue.splice(0)) task.settle({ status: 'cancelled' });
      await Promise.all(
        slots.map((slot) => {
          if (slot.task !== undefined) slot.task.cancelled = true;
          return slot.worker.terminate();
        }),
      );
    },
  };
}
