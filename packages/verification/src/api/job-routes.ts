/**
 * The job routes: submit, read, list, cancel, and what a job produced (logs, results, coverage,
 * artifacts). Each handler calls the job service; the two streaming answers (a followed log and
 * an artifact download with ranges) are shaped here, as they are transport.
 */
import { basename } from 'node:path';
import { PassThrough } from 'node:stream';
import send from '@fastify/send';
import { defineRoute, documentedError, Nullable, type RouteSpec } from '@lab/server-kit';
import { Type } from 'typebox';
import { VpErrors } from '../errors.js';
import type { StreamMessage } from '../domain/job-events.js';
import { coverageResults, jobResults, stageResults } from '../domain/job-results.js';
import type { JobService } from '../domain/job-service.js';
import { STAGES } from '../domain/verify-config.js';
import type { LogRow } from '../store/jobs.js';
import {
  ArtifactListSchema,
  ArtifactParams,
  JobIdParams,
  JobListQuery,
  JobListSchema,
  LogsQuery,
  SubmitJobBody,
} from './job-schemas.js';
import { READ, WRITE } from './scopes.js';

const jobNotFound = documentedError('NOT_FOUND: no job has this id');
const ProjectParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
const StageResultParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64 }),
  stage: Type.Enum(STAGES, { description: 'a stage of the job' }),
});

function logEntry(row: LogRow) {
  return { timestamp: row.timestamp, stage: row.stage, level: row.level, message: row.message };
}

export function jobRoutes(jobs: JobService, apiPrefix: string): RouteSpec[] {
  return [
    defineRoute({
      method: 'POST',
      url: '/projects/:id/jobs',
      summary: 'Submit a verification job',
      tags: ['jobs'],
      access: WRITE,
      schema: {
        description:
          "Queues a job that runs the given stages over a copy of the project's files as they are now. " +
          'Events: `job.queued`. Limited to 60 submissions per project per hour by default.',
        params: ProjectParams,
        body: Nullable(SubmitJobBody),
        response: {
          202: Type.Unsafe({ $ref: 'JobSubmitted#' }),
          400: documentedError(
            'VALIDATION_ERROR: an unknown stage or configuration key, or a value of the wrong type or range ' +
              "(`details.field` names it); or the project's files do not make a job: a broken verify.json " +
              '(`details.file`, `details.field`), no design sources, a file list matching no file, or an ' +
              'override of a crypto section verify.json does not declare',
          ),
          404: documentedError('NOT_FOUND: no project has this id'),
          409: documentedError('CONFLICT: the project is archived'),
          429: documentedError('RATE_LIMITED: too many submissions for this project this hour'),
          503: documentedError('SERVICE_UNAVAILABLE: the queue is full, or a tool a stage needs is missing'),
        },
      },
      handler: async (request, reply) => {
        const submitted = await jobs.submit(request.params.id, request.body ?? {});
        return reply.status(202).header('location', submitted.url).send(submitted);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/projects/:id/jobs',
      summary: "List a project's jobs, newest first",
      tags: ['jobs'],
      access: READ,
      schema: {
        params: ProjectParams,
        querystring: JobListQuery,
        response: { 200: JobListSchema, 404: documentedError('NOT_FOUND: no project has this id') },
      },
      handler: async (request) => jobs.list(request.params.id, request.query),
    }),
    defineRoute({
      method: 'GET',
      url: '/jobs/:id',
      summary: 'Read a job and the progress of each stage',
      tags: ['jobs'],
      access: READ,
      schema: { params: JobIdParams, response: { 200: Type.Unsafe({ $ref: 'Job#' }), 404: jobNotFound } },
      handler: async (request) => jobs.get(request.params.id),
    }),
    defineRoute({
      method: 'POST',
      url: '/jobs/:id/cancel',
      summary: 'Cancel a queued or running job',
      tags: ['jobs'],
      access: WRITE,
      schema: {
        description:
          "A queued job ends at once; a running one has its stage's whole process group killed (SIGTERM, then SIGKILL after 2 s). " +
          'The job ends `cancelled`, as do its open stages. Event: `job.cancelled`.',
        params: JobIdParams,
        response: {
          200: Type.Unsafe({ $ref: 'Job#' }),
          404: jobNotFound,
          409: documentedError('CONFLICT: the job has already ended'),
        },
      },
      handler: async (request) => jobs.cancel(request.params.id),
    }),
    defineRoute({
      method: 'GET',
      url: '/jobs/:id/logs',
      summary: "Read a job's log lines",
      tags: ['jobs'],
      access: READ,
      schema: {
        description:
          'Every line the tools wrote, with its stage and level. With `follow=true` the answer is NDJSON ' +
          '(`application/x-ndjson`, one log entry per line): the lines so far, then new ones as they come, ' +
          'until the job ends.',
        params: JobIdParams,
        querystring: LogsQuery,
        response: {
          200: Type.Object({ logs: Type.Array(Type.Unsafe({ $ref: 'LogEntry#' })) }),
          404: jobNotFound,
        },
      },
      handler: async (request, reply) => {
        const { id } = request.params;
        const { stage, tail, follow } = request.query;
        if (!follow) return { logs: jobs.logs(id, { stage, tail }).map(logEntry) };
        const out = new PassThrough();
        let lastId = 0;
        const write = (row: LogRow) => {
          if (row.id <= lastId || (stage !== undefined && row.stage !== stage)) return;
          lastId = row.id;
          out.write(`${JSON.stringify(logEntry(row))}\n`);
        };
        // Subscribe before reading the past, so no line falls between the two.
        const pending: StreamMessage[] = [];
        let live = false;
        let unsubscribe = () => {};
        const end = () => {
          unsubscribe();
          request.server.shutdownSignal.removeEventListener('abort', end);
          out.end();
        };
        const onMessage = (message: StreamMessage) => {
          if (!live) pending.push(message);
          else if (message.type === 'log') write(message);
          else if (message.type === 'job_complete') end();
        };
        unsubscribe = jobs.subscribe(id, onMessage);
        const past = jobs.logs(id, { stage, tail });
        past.forEach(write);
        live = true;
        pending.forEach(onMessage);
        const { status } = jobs.require(id);
        if (status !== 'queued' && status !== 'running') end();
        request.raw.once('close', end);
        request.server.shutdownSignal.addEventListener('abort', end, { once: true });
        // The schema's 200 is the JSON form; the followed form is a stream Fastify sends as it comes.
        return reply.type('application/x-ndjson; charset=utf-8').send(out as never);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/jobs/:id/results',
      summary: "A job's results per stage",
      tags: ['results'],
      access: READ,
      schema: {
        description:
          'Counts per stage (lint warnings/errors, tests, coverage, formal properties) and the overall status. ' +
          'Stages that have not run yet show their status only.',
        params: JobIdParams,
        response: { 200: Type.Unsafe({ $ref: 'Results#' }), 404: jobNotFound },
      },
      handler: async (request) => {
        const job = jobs.require(request.params.id);
        return jobResults(job, jobs.stageRows(job.id));
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/jobs/:id/results/coverage',
      summary: "A job's coverage, per file and per point",
      tags: ['results'],
      access: READ,
      schema: {
        params: JobIdParams,
        response: {
          200: Type.Unsafe({ $ref: 'Coverage#' }),
          404: documentedError('NOT_FOUND: no such job, or it has no finished simulation stage'),
        },
      },
      handler: async (request) => {
        const job = jobs.require(request.params.id);
        return coverageResults(job, jobs.stageRows(job.id));
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/jobs/:id/results/:stage',
      summary: "One stage's results in full",
      tags: ['results'],
      access: READ,
      schema: {
        description:
          "The stage's counts as in `/results`, and `details`: for lint every message (severity, code, file, " +
          'line, column, text); for simulation every test (name, status, reason) and the coverage; for formal ' +
          'every property (name, source, status, failing step, counterexample artifact) and each task by name ' +
          '(verdict, expect, its properties, and its covers with reached, step and trace); for crypto ' +
          '(`/results/crypto`) the five checks, each with its status, reason and measures, and in `details` ' +
          'the seed and what is behind each verdict (latency histogram, t per sample point of both TVLA ' +
          'runs, first mismatching coefficients, failing test cases, estimator results).',
        params: StageResultParams,
        response: {
          200: Type.Object(
            { job_id: Type.String(), stage: Type.String(), status: Type.String(), details: Type.Unknown() },
            { additionalProperties: true },
          ),
          404: documentedError('NOT_FOUND: no such job, or the job has no such stage'),
        },
      },
      handler: async (request) => {
        const job = jobs.require(request.params.id);
        return stageResults(job, jobs.stageRows(job.id), request.params.stage);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/jobs/:id/artifacts',
      summary: "List a job's artifacts",
      tags: ['results'],
      access: READ,
      schema: { params: JobIdParams, response: { 200: ArtifactListSchema, 404: jobNotFound } },
      handler: async (request) => ({
        artifacts: jobs.artifacts(request.params.id).map((artifact) => ({
          ...artifact,
          url: `${apiPrefix}/jobs/${request.params.id}/artifacts/${encodeURIComponent(artifact.name)}`,
        })),
      }),
    }),
    defineRoute({
      method: 'GET',
      url: '/jobs/:id/artifacts/:name',
      summary: 'Download an artifact',
      tags: ['results'],
      access: READ,
      schema: {
        description:
          'The file with its content type and `Content-Disposition: attachment`. Range requests ' +
          '(`Range: bytes=...`) are answered 206, so large traces can be fetched in parts; ETag and ' +
          'Last-Modified allow conditional requests.',
        params: ArtifactParams,
        response: {
          200: Type.String({ description: 'the file', contentMediaType: 'application/octet-stream' }),
          206: Type.String({ description: 'the requested byte range' }),
          404: documentedError('NOT_FOUND: no such job or artifact'),
          416: documentedError('RANGE_NOT_SATISFIABLE'),
        },
      },
      handler: async (request, reply) => {
        const { artifact, path } = jobs.artifactFile(request.params.id, request.params.name);
        const result = await send(request.raw, basename(path), {
          root: path.slice(0, -basename(path).length),
          contentType: false,
          dotfiles: 'allow',
          cacheControl: false,
        });
        if (result.statusCode === 416) {
          return reply
            .status(416)
            .header('content-range', `bytes */${artifact.size}`)
            .send({
              error: {
                code: 'RANGE_NOT_SATISFIABLE',
                message: `the range asked for is outside the artifact's ${artifact.size} bytes`,
                details: { field: 'range', size: artifact.size },
              },
            });
        }
        if (result.type !== 'file') throw VpErrors.notFound({ resource: 'artifact file', id: artifact.name });
        reply.status(result.statusCode as 200 | 206);
        for (const [name, value] of Object.entries(result.headers)) reply.header(name, value);
        reply.header('content-type', artifact.content_type);
        reply.header('content-disposition', `attachment; filename="${artifact.name.replace(/["\\]/g, '_')}"`);
        return reply.send(result.stream as never);
      },
    }),
  ];
}
