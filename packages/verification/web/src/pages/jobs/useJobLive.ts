/**
 * A job as it runs: the job view, its log and its stages' times, kept current by the WebSocket
 * stream (no polling). On open the job and its log so far are read over REST (one answer, however
 * long the log); a job still queued or running then opens the stream, whose history repeats those
 * lines and is counted off (lib/job-stream.ts). Stream messages are applied together in an
 * animation frame, at most every 50 ms, so a burst of thousands of lines costs one render.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, call, type Schemas } from '../../api/client.js';
import { openJobStream, type JobStream, type StreamMessage, type StreamState } from '../../lib/job-stream.js';
import { createLogBuffer, frameBatcher, type LogBuffer, type LogEntry } from '../../lib/log-buffer.js';
import { noteStageLine, type StageTimes } from './timeline.js';

export type Job = Schemas['Job'];

export interface JobLive {
  job: Job | undefined;
  error: unknown;
  /** null while the log loads, or for an ended job (no stream) */
  stream: StreamState | null;
  log: LogBuffer;
  times: StageTimes;
  /** changes whenever the log or the times do, for renders that read them */
  version: number;
  /** replaces the job view (the cancel answer), unless the job has ended meanwhile */
  setJob: (job: Job) => void;
  reconnect: () => void;
}

/**
 * Stream messages are applied at most this often (ms): a tool that floods the log then costs
 * 20 renders a second, which leaves the browser time to read the socket and keeps the lag of the
 * newest line low; a quiet log's line still shows in the next frame.
 */
const FLUSH_INTERVAL_MS = 50;

const ended = (status: Job['status']) => status !== 'queued' && status !== 'running';

/** The job view after the stream's non-log messages (the log lines only start stages). */
function applyMessages(job: Job, messages: readonly StreamMessage[]): Job {
  let next = job;
  const stage = (name: string, change: Partial<Job['progress'][string]>) => {
    const before = next.progress[name] ?? { status: 'queued' as const };
    next = { ...next, progress: { ...next.progress, [name]: { ...before, ...change } } };
  };
  for (const message of messages) {
    switch (message.type) {
      case 'log':
        if (next.status === 'queued') next = { ...next, status: 'running', started_at: message.timestamp };
        if (message.message === `stage ${message.stage} started` && message.stage in next.progress) {
          stage(message.stage, { status: 'running' });
        }
        break;
      case 'progress':
        stage(message.stage, {
          status: 'running',
          progress: `${message.tests_complete}/${message.tests_total}`,
        });
        break;
      case 'stage_complete':
        stage(message.stage, {
          status: message.status,
          ...(message.duration === null ? {} : { duration: message.duration }),
          ...(message.reason === null ? {} : { reason: message.reason }),
        });
        break;
      case 'job_complete':
        next = {
          ...next,
          status: message.status,
          ...(message.error === null ? {} : { error: message.error }),
        };
        break;
    }
  }
  return next;
}

export function useJobLive(jobId: string): JobLive {
  const [job, setJob] = useState<Job | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const [stream, setStream] = useState<StreamState | null>(null);
  const [version, setVersion] = useState(0);
  const log = useRef<LogBuffer>(createLogBuffer());
  const times = useRef<StageTimes>(new Map());
  const streamRef = useRef<JobStream | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    const buffer = createLogBuffer();
    const stageTimes: StageTimes = new Map();
    log.current = buffer;
    times.current = stageTimes;
    setJob(undefined);
    setError(undefined);
    setStream(null);
    const path = { path: { id: jobId } };
    const { signal } = controller;

    const addLines = (lines: readonly LogEntry[]) => {
      buffer.append(lines);
      for (const line of lines) noteStageLine(stageTimes, line);
    };
    // The ended job's times (finished_at, duration) come from the job view, read once at the end.
    const refresh = () =>
      call(api.GET('/api/v1/jobs/{id}', { params: path, signal })).then(setJob, (failure: unknown) => {
        if (!signal.aborted) setError(failure);
      });
    const batcher = frameBatcher<StreamMessage>(
      (messages) => {
        if (signal.aborted) return;
        addLines(messages.flatMap((message) => (message.type === 'log' ? [message] : [])));
        setJob((current) => (current === undefined ? current : applyMessages(current, messages)));
        setVersion((n) => n + 1);
        if (messages.some((message) => message.type === 'job_complete')) void refresh();
      },
      { minIntervalMs: FLUSH_INTERVAL_MS },
    );

    Promise.all([
      call(api.GET('/api/v1/jobs/{id}', { params: path, signal })),
      call(api.GET('/api/v1/jobs/{id}/logs', { params: { ...path, query: { follow: false } }, signal })),
    ]).then(
      ([view, { logs }]) => {
        if (signal.aborted) return;
        addLines(logs);
        setJob(view);
        setVersion((n) => n + 1);
        if (ended(view.status)) return;
        streamRef.current = openJobStream(jobId, {
          heldLines: logs.length,
          onMessage: (message) => batcher.push(message),
          onState: setStream,
        });
      },
      (failure: unknown) => {
        if (!signal.aborted) setError(failure);
      },
    );
    return () => {
      controller.abort();
      streamRef.current?.close();
      streamRef.current = null;
    };
  }, [jobId]);

  return {
    job,
    error,
    stream,
    log: log.current,
    times: times.current,
    version,
    // The stream may have ended the job before a cancel's answer (still `running`) comes back.
    setJob: (next) => setJob((current) => (current !== undefined && ended(current.status) ? current : next)),
    reconnect: () => streamRef.current?.reconnect(),
  };
}
