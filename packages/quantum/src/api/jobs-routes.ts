/**
 * The job routes: submit, list, read, fetch the result, cancel, and estimate a job's request
 * without creating the job. Each handler parses its request
 * and calls one function of the job service; every error is the service's catalogue error,
 * mapped to its status by the kit.
 */
import { defineRoute, documentedError, NoContent, type RouteSpec } from '@lab/server-kit';
import { API_PREFIX } from '../config.js';
import type { JobService } from '../jobs/service.js';
import { estimatesToJSON } from '../backends/result.js';
import {
  DEFAULT_PAGE_SIZE,
  MAX_JOBS_LIMIT,
  MAX_LOOP_ITERATIONS,
  MAX_MEMORY_BITS,
  MAX_OPERATIONS,
  MAX_QASM_LENGTH,
  MAX_REQUEST_BYTES,
  MAX_SHOTS,
} from '../jobs/limits.js';
import { toJobRequest } from './job-request.js';
import {
  EstimateResponseSchema,
  JobIdParamsSchema,
  JobPageSchema,
  JobRef,
  ListJobsQuerySchema,
  ResultSchema,
  SubmitJobBodySchema,
} from './schemas.js';

const notFound = documentedError('JOB_NOT_FOUND: no job has this id');

/** The errors of a job request, which `POST /jobs` and `POST /estimates` both validate. */
const requestErrors = {
  400: documentedError(
    'VALIDATION_ERROR (a field fails the schema, or neither or both of `qasm` and `circuit`: ' +
      '`details.field` names it), INVALID_JSON, INVALID_QASM or UNSUPPORTED_QASM_FEATURE (with ' +
      '`details.line` and `details.column`), MISSING_INPUT, INVALID_CIRCUIT, INVALID_OPERATION, ' +
      'UNBOUND_PARAMETER, INVALID_RUN_OPTIONS (`details.field`)',
  ),
  404: documentedError('BACKEND_NOT_FOUND: no backend has this name (see `GET /backends`)'),
  413: documentedError('PAYLOAD_TOO_LARGE: the body exceeds the limit'),
  422: documentedError(
    "CIRCUIT_TOO_LARGE: the run would not fit in the simulator's memory budget even alone " +
      '(`details`: `qubits`, `states`, `bytes_needed`, `bytes_allowed`, `max_qubits`, `budget_source`)',
  ),
};

export function jobRoutes(jobs: JobService): RouteSpec[] {
  return [
    defineRoute({
      method: 'POST',
      url: '/jobs',
      summary: 'Submit a circuit to run',
      tags: ['jobs'],
      access: 'public',
      schema: {
        description: [
          'Validates the request, builds the circuit and queues the job; answers at once with `201 Created`,',
          '`Location: /jobs/{id}` and the job. The run is asynchronous: poll `GET /jobs/{id}` until its',
          '`status` is final, then fetch `GET /jobs/{id}/result`.',
          '',
          `Limits: body ${MAX_REQUEST_BYTES} bytes (413), \`qasm\` ${MAX_QASM_LENGTH} characters, shots 1 to`,
          `${MAX_SHOTS}, ${MAX_OPERATIONS} operations after QASM loops are unrolled`,
          `(${MAX_LOOP_ITERATIONS} loop iterations while importing), shots × classical bits at most`,
          `${MAX_MEMORY_BITS} when \`memory\` is asked for, qubits by the`,
          "simulator's memory budget (422: the run could never fit; see `GET /backends`), and the service's",
          `\`max-jobs\` setting for jobs queued or running (429, default 100, at most ${MAX_JOBS_LIMIT}).`,
          "A job whose `memory_bytes` does not fit beside the running jobs' now is accepted and waits queued.",
        ].join('\n'),
        body: SubmitJobBodySchema,
        response: {
          201: JobRef,
          ...requestErrors,
          429: documentedError('TOO_MANY_JOBS: the queue is full; retry when jobs have finished'),
          503: documentedError('BACKEND_UNAVAILABLE: the backend exists but cannot run jobs now'),
        },
      },
      handler: async (request, reply) => {
        const job = jobs.submit(toJobRequest(request.body), request.log);
        reply.code(201).header('location', `${API_PREFIX}/jobs/${job.id}`);
        return job;
      },
    }),

    defineRoute({
      method: 'POST',
      url: '/estimates',
      summary: "Estimate a job's resources without running it",
      tags: ['jobs'],
      access: 'public',
      schema: {
        description: [
          'Takes the body of `POST /jobs` and answers `200` at once with what the run would need (qubits,',
          'depth, gate counts, memory, expected erasures, estimated seconds), as the result of the job',
          'would report them. No job is created. The request is validated as `POST /jobs` validates it,',
          'with the same limits and errors, except that the backend need not be available: a hardware',
          'backend is estimated while offline.',
        ].join('\n'),
        body: SubmitJobBodySchema,
        response: { 200: EstimateResponseSchema, ...requestErrors },
      },
      handler: async (request) => {
        const job = toJobRequest(request.body);
        const estimates = jobs.estimate(job);
        return { backend: job.backend, shots: job.shots, estimates: estimatesToJSON(estimates) };
      },
    }),

    defineRoute({
      method: 'GET',
      url: '/jobs',
      summary: 'List jobs, newest first',
      tags: ['jobs'],
      access: 'public',
      schema: {
        description:
          `Pages of \`limit\` jobs (default ${DEFAULT_PAGE_SIZE}), newest first. When more exist, ` +
          '`next_cursor` is set: pass it as `cursor` to get the next page. Filter with `status`.',
        querystring: ListJobsQuerySchema,
        response: {
          200: JobPageSchema,
          400: documentedError(
            'VALIDATION_ERROR: a bad `status`, `limit` or `cursor`, named in `details.field`',
          ),
        },
      },
      handler: async (request) => {
        const { status, limit, cursor } = request.query;
        return jobs.list({
          limit: limit ?? DEFAULT_PAGE_SIZE,
          ...(status === undefined ? {} : { status }),
          ...(cursor === undefined ? {} : { cursor }),
        });
      },
    }),

    defineRoute({
      method: 'GET',
      url: '/jobs/:id',
      summary: 'Read a job',
      tags: ['jobs'],
      access: 'public',
      schema: {
        description:
          'The job with its `status`, timestamps, `progress` while running and `error` when failed.',
        params: JobIdParamsSchema,
        response: { 200: JobRef, 404: notFound },
      },
      handler: async (request) => jobs.get(request.params.id),
    }),

    defineRoute({
      method: 'GET',
      url: '/jobs/:id/result',
      summary: 'Fetch the result of a completed job',
      tags: ['jobs'],
      access: 'public',
      schema: {
        description:
          'Counts, post-selected counts, erasures, estimates, timing and the seed. Results are kept with ' +
          'their jobs and survive a restart.',
        params: JobIdParamsSchema,
        response: {
          200: ResultSchema,
          404: notFound,
          409: documentedError(
            'JOB_NOT_FINISHED: the job is not completed; `details.status` says where it is and, for a ' +
              'failed job, `details.error` why',
          ),
        },
      },
      handler: async (request) => jobs.result(request.params.id),
    }),

    defineRoute({
      method: 'POST',
      url: '/jobs/:id/cancel',
      summary: 'Cancel a queued or running job',
      tags: ['jobs'],
      access: 'public',
      schema: {
        description:
          'A queued job is cancelled before it starts; a running one has its worker thread terminated. ' +
          'Answers `200` with the job, already `cancelled`. The job and its record are kept.',
        params: JobIdParamsSchema,
        response: {
          200: JobRef,
          404: notFound,
          409: documentedError(
            'JOB_NOT_CANCELLABLE: the job has already completed, failed or been cancelled',
          ),
        },
      },
      handler: async (request) => jobs.cancel(request.params.id, request.log),
    }),

    defineRoute({
      method: 'DELETE',
      url: '/jobs/:id',
      summary: 'Delete a job and its result',
      tags: ['jobs'],
      access: 'public',
      schema: {
        description:
          'Removes the job and its result; a queued or running job is cancelled first. Answers `204`; ' +
          'the job is then `404` everywhere.',
        params: JobIdParamsSchema,
        response: { 204: NoContent('deleted'), 404: notFound },
      },
      handler: async (request, reply) => {
        jobs.remove(request.params.id, request.log);
        return reply.status(204).send(null);
      },
    }),
  ];
}
