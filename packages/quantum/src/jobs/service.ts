/**
 * The job service: the core the REST API translates to. It knows jobs, their queue and their
 * workers, and nothing of HTTP.
 *
 * - `submit` validates a request completely before queueing it (backend, program, limits, run
 *   options and the memory the state needs, through the backend's own estimate), so a job that
 *   is queued can only fail for reasons found while running.
 * - Queued jobs start in submission order as soon as fewer than `maxRunning` run and the job's
 *   memory (`memory_bytes`, the backend's estimate of what its run holds) fits beside what the
 *   running jobs hold, within `memoryBudget`; each runs on its own worker thread (runner.ts). A
 *   job that fits only later waits, and the jobs behind it wait too, so a large job is not
 *   overtaken forever. A job that cannot fit even alone is refused at submission (422
 *   CIRCUIT_TOO_LARGE). At most `maxJobs` are queued or running at once.
 * - Every state change is written to the store first, then logged; `progress` of a running job
 *   lives only in memory.
 * - `start` recovers after a restart: jobs that were running are failed with JOB_INTERRUPTED,
 *   queued ones start again. `close` fails the running ones the same way and ends their workers.
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from '@lab/server-kit';
import { KitErrors } from '@lab/server-kit/errors';
import type { Backend } from '../backends/backend.js';
import type { ResourceEstimates } from '../engine/estimates.js';
import { getBackend } from '../backends/registry.js';
import { QuantumErrors } from '../errors.js';
import type { JobRepository, StoredJob } from '../store/jobs.js';
import { jobErrorOf } from './job-error.js';
import type { Job, JobRequest, JobStatus } from './job.js';
import { threadsPerJob } from './limits.js';
import { checkRequest } from './program.js';
import type { JobRunner, RunHandle, RunOutcome } from './runner.js';

/** Where a transition is logged: the service's logger, or a request's (which adds its id). */
export type JobLog = Pick<Logger, 'info' | 'warn' | 'error'>;

export interface JobServiceOptions {
  readonly repository: JobRepository;
  readonly runner: JobRunner;
  readonly logger: JobLog;
  /** Jobs running at once. */
  readonly maxRunning: number;
  /** Jobs queued or running at once. */
  readonly maxJobs: number;
  /** Bytes the running jobs may hold together: the simulator's memory budget. */
  readonly memoryBudget: number;
  /** Backends by name (the registry by default). */
  readonly backend?: (name: string) => Backend;
}

export interface ListOptions {
  readonly status?: JobStatus;
  readonly limit: number;
  /** The `next_cursor` of the previous page. */
  readonly cursor?: string;
}

export interface JobPage {
  readonly jobs: Job[];
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  readonly next_cursor: string | null;
}

interface Running {
  readonly handle: RunHandle;
  /** Reserved against the budget until the run's thread has exited. */
  readonly memoryBytes: number;
  progress: number;
}

export type JobService = ReturnType<typeof createJobService>;

const now = (): string => new Date().toISOString();

export function createJobService(options: JobServiceOptions) {
  const { repository, runner, logger, maxRunning, maxJobs, memoryBudget } = options;
  const backendNamed = options.backend ?? getBackend;
  const threads = threadsPerJob(maxRunning);
  const running = new Map<string, Running>();
  let closed = false;

  const reservedBytes = (): number => {
    let bytes = 0;
    for (const entry of running.values()) bytes += entry.memoryBytes;
    return bytes;
  };

  const withProgress = (job: StoredJob): Job => ({
    ...job,
    progress:
      job.status === 'running'
        ? (running.get(job.id)?.progress ?? 0)
        : job.status === 'queued'
          ? 0
          : job.status === 'completed'
            ? 1
            : null,
  });

  const find = (id: string): Job => {
    const job = repository.get(id);
    if (job === undefined) throw QuantumErrors.jobNotFound({ id }, { details: { id } });
    return withProgress(job);
  };

  function dispatch(): void {
    while (!closed && running.size < maxRunning) {
      const next = repository.nextQueued();
      if (next === undefined) return;
      const memoryBytes = next.memoryBytes ?? memoryBudget;
      if (memoryBytes > memoryBudget) {
        // Queued under a larger budget (the service restarted with less memory): it can never run.
        failTooLarge(next.id, next.backend, next.qubits, memoryBytes);
        continue;
      }
      // First in first out: the oldest job waits for memory, and the ones behind it with it.
      if (reservedBytes() + memoryBytes > memoryBudget) return;
      const request = repository.claim(next.id, now());
      if (request !== undefined) launch(next.id, request, memoryBytes);
    }
  }

  function failTooLarge(id: string, backend: string, qubits: number, bytesNeeded: number): void {
    let maxQubits = 0;
    try {
      maxQubits = backendNamed(backend).target.maxQubits;
    } catch {
      // A backend that no longer exists fits nothing.
    }
    const error = QuantumErrors.circuitTooLarge(
      { qubits, bytesNeeded, bytesAllowed: memoryBudget, maxQubits },
      {
        details: { qubits, bytes_needed: bytesNeeded, bytes_allowed: memoryBudget, max_qubits: maxQubits },
      },
    );
    if (repository.fail(id, jobErrorOf(error), now())) {
      logger.warn({ job_id: id, from: 'queued', to: 'failed', code: error.code }, 'job failed');
    }
  }

  function launch(id: string, request: JobRequest, memoryBytes: number): void {
    let handle: RunHandle;
    try {
      handle = runner.start(request, {
        threads,
        memoryBytes,
        onProgress: (fraction) => {
          const entry = running.get(id);
          if (entry !== undefined) entry.progress = fraction;
        },
      });
    } catch (error) {
      // No worker could start (threads exhausted, say): the job fails instead of staying running.
      repository.fail(id, jobErrorOf(KitErrors.internal()), now());
      logger.error({ job_id: id, from: 'running', to: 'failed', err: error }, 'job failed to start');
      return;
    }
    running.set(id, { handle, memoryBytes, progress: 0 });
    logger.info({ job_id: id, from: 'queued', to: 'running', memory_bytes: memoryBytes }, 'job running');
    handle.outcome
      .then((outcome) => settle(id, outcome))
      .catch((error: unknown) =>
        logger.error({ job_id: id, err: error }, 'recording the job outcome failed'),
      );
  }

  function settle(id: string, outcome: RunOutcome): void {
    running.delete(id);
    if (outcome.status === 'completed') {
      if (repository.complete(id, outcome.result, now())) {
        logger.info({ job_id: id, from: 'running', to: 'completed' }, 'job completed');
      }
    } else if (outcome.status === 'failed') {
      if (repository.fail(id, outcome.error, now())) {
        const fields = { job_id: id, from: 'running', to: 'failed', code: outcome.error.code };
        if (outcome.stack === undefined) logger.info(fields, 'job failed');
        else logger.error({ ...fields, stack: outcome.stack }, 'job failed unexpectedly');
      }
    }
    // A cancelled run was recorded when it was cancelled.
    dispatch();
  }

  return {
    /** Fails the jobs an earlier process left running, then starts the queued ones. */
    start(): void {
      const interrupted = repository.failRunning(jobErrorOf(QuantumErrors.jobInterrupted()), now());
      for (const id of interrupted) {
        logger.warn(
          { job_id: id, from: 'running', to: 'failed', code: 'JOB_INTERRUPTED' },
          'job interrupted',
        );
      }
      dispatch();
    },

    /** Validates `request`, queues it and returns the queued job (it may already be running). */
    submit(request: JobRequest, log: JobLog = logger): Job {
      const backend = backendNamed(request.backend);
      const status = backend.status();
      if (!status.available) {
        const reason = status.reason ?? 'it is offline';
        throw QuantumErrors.backendUnavailable(
          { name: backend.name, reason },
          { details: { backend: backend.name, reason } },
        );
      }
      const { circuit, estimate } = checkRequest(request, backend, threads);
      const id = randomUUID();
      const queued = repository.insertIfRoom(
        {
          id,
          request,
          qubits: circuit.numQubits,
          clbits: circuit.numClbits,
          estimatedSeconds: estimate.estimatedSeconds,
          memoryBytes: estimate.memoryBytes,
          createdAt: now(),
        },
        maxJobs,
      );
      if (!queued) throw QuantumErrors.tooManyJobs({ limit: maxJobs }, { details: { limit: maxJobs } });
      log.info(
        { job_id: id, to: 'queued', backend: request.backend, qubits: circuit.numQubits },
        'job queued',
      );
      dispatch();
      return find(id);
    },

    /**
     * The resource estimates of `request` without creating a job: validated as `submit` validates,
     * except that the backend need not be available (hardware is estimated while offline).
     */
    estimate(request: JobRequest): ResourceEstimates {
      return checkRequest(request, backendNamed(request.backend), threads).estimate;
    },

    get: find,

    /** Bytes the running jobs hold, out of `memoryBudget`. */
    reservedBytes,

    /** Newest first, optionally of one status. */
    list({ status, limit, cursor }: ListOptions): JobPage {
      const page = repository.list({
        limit,
        ...(status === undefined ? {} : { status }),
        ...(cursor === undefined ? {} : { before: Number(cursor) }),
      });
      return {
        jobs: page.jobs.map(withProgress),
        next_cursor: page.next === null ? null : String(page.next),
      };
    },

    /** The result of a completed job; JOB_NOT_FINISHED (with the job's status and error) otherwise. */
    result(id: string): unknown {
      const job = find(id);
      if (job.status !== 'completed') {
        throw QuantumErrors.jobNotFinished(
          { id, status: job.status },
          { details: { status: job.status, ...(job.error === null ? {} : { error: job.error }) } },
        );
      }
      return repository.result(id);
    },

    /** Cancels a queued or running job (a running one's worker is terminated) and returns it. */
    cancel(id: string, log: JobLog = logger): Job {
      const job = find(id);
      if (!repository.cancel(id, now())) {
        const ended = find(id);
        throw QuantumErrors.jobNotCancellable(
          { id, status: ended.status },
          { details: { status: ended.status } },
        );
      }
      running.get(id)?.handle.cancel();
      log.info({ job_id: id, from: job.status, to: 'cancelled' }, 'job cancelled');
      return find(id);
    },

    /**
     * Deletes a job and its result; a queued or running one is cancelled first (a running one's
     * worker is terminated). A run that ends after this finds no row to record into.
     */
    remove(id: string, log: JobLog = logger): void {
      const job = find(id);
      if (repository.cancel(id, now())) running.get(id)?.handle.cancel();
      if (!repository.remove(id)) throw QuantumErrors.jobNotFound({ id }, { details: { id } });
      log.info({ job_id: id, status: job.status }, 'job deleted');
    },

    /** At shutdown: fails the running jobs with JOB_INTERRUPTED and waits for their workers to end. */
    async close(): Promise<void> {
      closed = true;
      const error = jobErrorOf(QuantumErrors.jobInterrupted());
      const ending = [...running].map(([id, entry]) => {
        if (repository.fail(id, error, now())) {
          logger.warn({ job_id: id, from: 'running', to: 'failed', code: error.code }, 'job interrupted');
        }
        entry.handle.cancel();
        return entry.handle.outcome;
      });
      await Promise.all(ending);
    },
  };
}
