/**
 * A catalogue error as a job's `error`. Apart from `job.ts` (whose schemas load TypeBox), so a
 * job's worker thread starts without it.
 */
import { AppError, KitErrors } from '@lab/server-kit/errors';
import type { JobError } from './job.js';

export function jobErrorOf(error: AppError): JobError {
  return { code: error.code, message: error.message, details: error.details };
}

/**
 * What a run's worker reports for `error`: a catalogue error is the request's outcome; anything
 * else is a bug, reported as INTERNAL with its stack for the log.
 */
export function runFailure(error: unknown): { error: JobError; stack?: string } {
  if (error instanceof AppError && error.kind !== 'internal') return { error: jobErrorOf(error) };
  return {
    error: jobErrorOf(KitErrors.internal()),
    stack: error instanceof Error ? (error.stack ?? error.message) : String(error),
  };
}
