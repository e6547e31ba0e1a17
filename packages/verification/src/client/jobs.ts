/** `client.jobs`: submission, state, logs, results, artifacts, reports; the stream and waiting in stream.ts. */
import type { components, paths } from './gen/openapi.js';
import { download, type CallOptions, type JsonBody, type Query, type Transport } from './http.js';
import { streamJob, waitForJob, type StreamOptions, type WaitOptions } from './stream.js';

export type Job = components['schemas']['Job'];
export type JobSubmitted = components['schemas']['JobSubmitted'];
export type Results = components['schemas']['Results'];
export type Coverage = components['schemas']['Coverage'];
export type LogEntry = components['schemas']['LogEntry'];
export type JobSubmission = JsonBody<'/api/v1/projects/{id}/jobs', 'post'>;
export type JobListQuery = Query<'/api/v1/projects/{id}/jobs', 'get'>;
/** The JSON form of the logs; the followed (NDJSON) form is the stream's business. */
export type LogQuery = Omit<Query<'/api/v1/jobs/{id}/logs', 'get'>, 'follow'>;
export type ReportRequest = JsonBody<'/api/v1/jobs/{id}/reports', 'post'>;
export type StageName = paths['/api/v1/jobs/{id}/results/{stage}']['get']['parameters']['path']['stage'];

export function jobsApi(transport: Transport) {
  const { api, call, exchange } = transport;
  const jobPath = (id: string) => ({ path: { id } });
  const jobs = {
    submit: (projectId: string, body: JobSubmission = {}, options?: CallOptions) =>
      call(options, (signal) =>
        api.POST('/api/v1/projects/{id}/jobs', { params: { path: { id: projectId } }, body, signal }),
      ),

    /** The jobs of a project, newest first, a page at a time. */
    list: (projectId: string, query: JobListQuery = {}, options?: CallOptions) =>
      call(options, (signal) =>
        api.GET('/api/v1/projects/{id}/jobs', { params: { path: { id: projectId }, query }, signal }),
      ),

    get: (id: string, options?: CallOptions) =>
      call(options, (signal) => api.GET('/api/v1/jobs/{id}', { params: jobPath(id), signal })),

    cancel: (id: string, options?: CallOptions) =>
      call(options, (signal) => api.POST('/api/v1/jobs/{id}/cancel', { params: jobPath(id), signal })),

    logs: (id: string, query: LogQuery = {}, options?: CallOptions) =>
      call(options, (signal) =>
        api.GET('/api/v1/jobs/{id}/logs', { params: { path: { id }, query }, signal }),
      ),

    results: (id: string, options?: CallOptions) =>
      call(options, (signal) => api.GET('/api/v1/jobs/{id}/results', { params: jobPath(id), signal })),

    stageResults: (id: string, stage: StageName, options?: CallOptions) =>
      call(options, (signal) =>
        api.GET('/api/v1/jobs/{id}/results/{stage}', { params: { path: { id, stage } }, signal }),
      ),

    coverage: (id: string, options?: CallOptions) =>
      call(options, (signal) =>
        api.GET('/api/v1/jobs/{id}/results/coverage', { params: jobPath(id), signal }),
      ),

    artifacts: (id: string, options?: CallOptions) =>
      call(options, (signal) => api.GET('/api/v1/jobs/{id}/artifacts', { params: jobPath(id), signal })),

    /** One artifact's bytes, with the content type and the file name the platform gives it. */
    artifact: async (id: string, name: string, options?: CallOptions) =>
      download(
        await exchange(options, (signal) =>
          api.GET('/api/v1/jobs/{id}/artifacts/{name}', {
            params: { path: { id, name } },
            parseAs: 'arrayBuffer',
            signal,
          }),
        ),
      ),

    /** Generates a report (`html`, `json`, `junit`, `markdown`) and answers its bytes, type and file name. */
    report: async (id: string, body: ReportRequest, options?: CallOptions) =>
      download(
        await exchange(options, (signal) =>
          api.POST('/api/v1/jobs/{id}/reports', {
            params: jobPath(id),
            body,
            parseAs: 'arrayBuffer',
            signal,
          }),
        ),
      ),

    /** Follows the job's WebSocket stream until the job ends (see stream.ts for what is guaranteed). */
    stream: (id: string, options: StreamOptions) => streamJob(transport, id, options),

    /** Follows the job to its end and answers the ended job (at once for a job already ended). */
    wait: (id: string, options: WaitOptions = {}): Promise<Job> =>
      waitForJob(transport, jobs.get, id, options),
  };
  return jobs;
}
