/**
 * What a job tells the world while it runs.
 *
 * Live messages (`log`, `progress`, `stage_complete`, `job_complete`) go to the job's WebSocket
 * and log followers through an in-process hub; they are also in the store, so a late subscriber
 * replays them first. Lifecycle events (`job.queued` ... `job.cancelled`) are handed to listeners
 * inside the transaction that changes the job, so a listener that persists them (the webhook
 * outbox) commits with the change or not at all.
 */
import type { JobStatus, LogLevel, StageRunStatus } from '../store/jobs.js';
import type { StageName } from './verify-config.js';

export type StreamMessage =
  | { type: 'log'; id: number; timestamp: string; stage: string; level: LogLevel; message: string }
  | { type: 'progress'; stage: StageName; tests_complete: number; tests_total: number }
  | {
      type: 'stage_complete';
      stage: StageName;
      status: StageRunStatus;
      duration: string | null;
      reason: string | null;
    }
  | {
      type: 'job_complete';
      status: JobStatus;
      error: { stage: string; code: string; message: string } | null;
    };

export const LIFECYCLE_EVENTS = [
  'job.queued',
  'job.started',
  'stage.completed',
  'job.completed',
  'job.failed',
  'job.cancelled',
] as const;
export type LifecycleEventName = (typeof LIFECYCLE_EVENTS)[number];

export interface LifecycleEvent {
  event: LifecycleEventName;
  timestamp: string;
  job_id: string;
  project_id: string;
  status: string;
  /** For `stage.completed`: the stage and its counts. */
  stage?: { name: StageName; status: StageRunStatus; summary: Record<string, unknown> | null };
}

/** Called inside the job's transaction; throwing rolls the change back. */
export type LifecycleListener = (event: LifecycleEvent) => void;

export interface JobHub {
  publish(jobId: string, message: StreamMessage): void;
  subscribe(jobId: string, listener: (message: StreamMessage) => void): () => void;
}

export function createJobHub(): JobHub {
  const listeners = new Map<string, Set<(message: StreamMessage) => void>>();
  return {
    publish(jobId, message) {
      for (const listener of [...(listeners.get(jobId) ?? [])]) listener(message);
    },
    subscribe(jobId, listener) {
      let set = listeners.get(jobId);
      if (set === undefined) listeners.set(jobId, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(jobId);
      };
    },
  };
}
