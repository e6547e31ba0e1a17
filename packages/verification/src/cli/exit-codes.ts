/**
 * The exit codes of `verifyctl job submit --wait` and `job logs -f`, which CI scripts branch on
 * (issue 27's fixed interface): 0 the job passed, 1 verification found a problem in the design,
 * 2 anything that leaves no verdict.
 *
 * The split between 1 and 2 is the job's own record: the runner sets `error` to the job's first
 * failure, `VERIFICATION_FAILED` when a stage answered `failed` (a failed test, property, lint
 * error or crypto check, a design that does not build, a stage past its own `timeout_seconds`),
 * and another code when the stage could not give an answer (`TOOL_ERROR`, `TIMEOUT` of the
 * runner's guard, `INTERRUPTED`, `VALIDATION_ERROR`). The first failure decides: a later stage's
 * verdict after a tool error is not trusted to stand for the job.
 */
import type { Job } from '../client/index.js';
import { EXIT } from './output.js';

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

type EndedJob = Pick<Job, 'status' | 'error'>;

/** The exit code of an ended job; a job still queued or running has none yet (an error). */
export function jobExitCode(job: EndedJob): ExitCode {
  switch (job.status) {
    case 'passed':
      return EXIT.passed;
    case 'failed':
      return job.error?.code === 'VERIFICATION_FAILED' ? EXIT.failed : EXIT.error;
    case 'cancelled':
    case 'queued':
    case 'running':
      return EXIT.error;
  }
}
