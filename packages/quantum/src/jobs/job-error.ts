/**
 * A catalogue error as a job's `error`. Apart from `job.ts` (whose schemas load TypeBox), so a
 * job's worker thread starts without it.
 */
import type { AppError } from '@lab/server-kit/errors';
import type { JobError } from './job.js';

export function jobErrorOf(error: AppError): JobError {
  return { code: error.code, message: error.message, details: error.details };
}
