/**
 * A job's WebSocket stream (`GET /jobs/{id}/stream`), followed to the job's end, and waiting on a
 * job over it.
 *
 * The route cannot resume from a position: each connection replays the job's history (its log
 * lines in order, its ended stages, its current progress) before the live messages. A connection
 * that drops before `job_complete` is made again, and the replay is matched against what was
 * delivered: the first n log lines of the replay are the n already handed over and are skipped, a
 * stage's `stage_complete` is handed over once, a stage's `progress` when its count changes. So
 * every log line arrives exactly once and in order across reconnections.
 */
import WebSocket from 'ws';
import type { StreamMessageOut } from '../api/stream-route.js';
import { CLIENT_ERROR_CODES, errorFromAnswer, PlatformError, timedOut, unreachable } from './errors.js';
import type { components, paths } from './gen/openapi.js';
import type { Transport } from './http.js';

export type StreamMessage = StreamMessageOut;
export type LogMessage = Extract<StreamMessage, { type: 'log' }>;
export type ProgressMessage = Extract<StreamMessage, { type: 'progress' }>;
export type StageCompleteMessage = Extract<StreamMessage, { type: 'stage_complete' }>;
export type JobCompleteMessage = Extract<StreamMessage, { type: 'job_complete' }>;

export interface StreamOptions {
  /** Called with each message, once, in order; throwing ends the stream with that error. */
  onMessage: (message: StreamMessage) => void;
  /** Stops following: the stream then resolves with `undefined`. */
  signal?: AbortSignal;
}

export interface WaitOptions {
  onLog?: (message: LogMessage) => void;
  onProgress?: (message: ProgressMessage) => void;
  onStage?: (message: StageCompleteMessage) => void;
  signal?: AbortSignal;
}

const STREAM_PATH = '/api/v1/jobs/{id}/stream' satisfies keyof paths;
/** Connections made again in a row, without one opening, before the stream gives up (UNREACHABLE). */
export const STREAM_RECONNECT_ATTEMPTS = 5;
/** The first wait before connecting again; each next one doubles, up to 4 s. */
const RECONNECT_BASE_MS = 250;
const RECONNECT_MAX_MS = 4_000;
/**
 * The server pings every 30 s; a connection with neither a ping nor a message for this long is
 * taken as dropped (a half-open TCP connection sends no close) and made again.
 */
const SILENCE_LIMIT_MS = 75_000;

/** How one connection ended. */
type Outcome =
  | { kind: 'complete'; message: JobCompleteMessage }
  | { kind: 'aborted' }
  | { kind: 'dropped'; opened: boolean; progressed: boolean; error: PlatformError };

/** What the connections of one stream share: what was delivered, so a replay is not delivered twice. */
interface Delivered {
  logs: number;
  stages: Set<string>;
  /** Per stage, the last progress delivered (`complete/total`). */
  progress: Map<string, string>;
}

function parse(data: WebSocket.RawData): StreamMessage {
  let message: unknown;
  try {
    const bytes = Array.isArray(data)
      ? Buffer.concat(data)
      : Buffer.isBuffer(data)
        ? data
        : Buffer.from(data);
    message = JSON.parse(bytes.toString());
  } catch (error) {
    throw new PlatformError({
      status: 0,
      code: CLIENT_ERROR_CODES.UNEXPECTED_RESPONSE,
      message: 'a stream message is not JSON',
      cause: error,
    });
  }
  if (
    typeof message !== 'object' ||
    message === null ||
    typeof (message as { type?: unknown }).type !== 'string'
  ) {
    throw new PlatformError({
      status: 0,
      code: CLIENT_ERROR_CODES.UNEXPECTED_RESPONSE,
      message: 'a stream message has no type',
      details: { message },
    });
  }
  return message as StreamMessage;
}

function connect(
  transport: Transport,
  jobId: string,
  delivered: Delivered,
  onMessage: (message: StreamMessage) => void,
  signal: AbortSignal,
): Promise<Outcome> {
  const url = `${transport.url.replace(/^http/, 'ws')}${STREAM_PATH.replace('{id}', encodeURIComponent(jobId))}`;
  const timeoutMs = transport.timeoutMs;
  return new Promise<Outcome>((resolve, reject) => {
    const socket = new WebSocket(url, {
      handshakeTimeout: timeoutMs,
      ...(transport.token === undefined ? {} : { headers: { authorization: `Bearer ${transport.token}` } }),
    });
    let opened = false;
    let progressed = false;
    let logsHere = 0;
    let silence: NodeJS.Timeout | undefined;
    const settle = (end: () => void) => {
      clearTimeout(silence);
      signal.removeEventListener('abort', onAbort);
      socket.removeAllListeners();
      // A socket ended on our side may still emit an error: kept from being unhandled.
      socket.on('error', () => undefined);
      if (socket.readyState === WebSocket.CONNECTING || socket.readyState === WebSocket.OPEN) {
        if (opened) socket.close(1000);
        else socket.terminate();
      }
      end();
    };
    const listen = () => {
      clearTimeout(silence);
      silence = setTimeout(() => socket.terminate(), SILENCE_LIMIT_MS);
    };
    const onAbort = () => settle(() => resolve({ kind: 'aborted' }));
    signal.addEventListener('abort', onAbort, { once: true });

    socket.on('open', () => {
      opened = true;
      listen();
    });
    socket.on('ping', listen);
    socket.on('message', (data) => {
      listen();
      try {
        const message = parse(data);
        if (message.type === 'log') {
          logsHere += 1;
          if (logsHere <= delivered.logs) return;
          delivered.logs = logsHere;
        } else if (message.type === 'stage_complete') {
          if (delivered.stages.has(message.stage)) return;
          delivered.stages.add(message.stage);
        } else if (message.type === 'progress') {
          const count = `${message.tests_complete}/${message.tests_total}`;
          if (delivered.progress.get(message.stage) === count) return;
          delivered.progress.set(message.stage, count);
        }
        progressed = true;
        onMessage(message);
        if (message.type === 'job_complete') settle(() => resolve({ kind: 'complete', message }));
      } catch (error) {
        settle(() => reject(error instanceof Error ? error : new Error(String(error))));
      }
    });
    // The handshake refused (401, 403, 404, 429 ...): the platform's envelope, not a dropped connection.
    socket.on('unexpected-response', (_request, response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // Not JSON: errorFromAnswer reports the text.
        }
        settle(() => reject(errorFromAnswer(response.statusCode ?? 0, body)));
      });
    });
    socket.on('error', (error) => {
      // ws names its handshake time-out only in the message.
      const failure = /handshake has timed out/.test(error.message)
        ? timedOut(url, timeoutMs, error)
        : unreachable(url, error);
      settle(() => resolve({ kind: 'dropped', opened, progressed, error: failure }));
    });
    socket.on('close', (code, reason) => {
      const failure = new PlatformError({
        status: 0,
        code: CLIENT_ERROR_CODES.UNREACHABLE,
        message: `the stream of ${jobId} closed before the job ended (${code} ${reason.toString()})`.trim(),
        details: { url, close_code: code },
      });
      settle(() => resolve({ kind: 'dropped', opened, progressed, error: failure }));
    });
  });
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * Follows the job's stream to its end: resolves with the `job_complete` message, or `undefined`
 * when `signal` (or the client's) aborted first. A refused handshake rejects with the platform's
 * error; a platform that cannot be reached at the first connection rejects at once (UNREACHABLE,
 * or TIMEOUT past the client's time-out); a connection lost later is made again, up to
 * STREAM_RECONNECT_ATTEMPTS times in a row.
 */
export async function streamJob(
  transport: Transport,
  jobId: string,
  { onMessage, signal }: StreamOptions,
): Promise<JobCompleteMessage | undefined> {
  const stop = AbortSignal.any([transport.signal, signal].filter((s): s is AbortSignal => s !== undefined));
  const delivered: Delivered = { logs: 0, stages: new Set(), progress: new Map() };
  let everOpened = false;
  let failures = 0;
  for (;;) {
    if (stop.aborted) return undefined;
    const outcome = await connect(transport, jobId, delivered, onMessage, stop);
    if (outcome.kind === 'complete') return outcome.message;
    if (outcome.kind === 'aborted') return undefined;
    if (!everOpened && !outcome.opened) throw outcome.error;
    everOpened = true;
    // Only a connection that delivered something new resets the count: one that opens and drops
    // again and again (a platform restarting, a proxy cutting) still ends.
    failures = outcome.progressed ? 1 : failures + 1;
    if (failures > STREAM_RECONNECT_ATTEMPTS) throw outcome.error;
    await pause(Math.min(RECONNECT_BASE_MS * 2 ** (failures - 1), RECONNECT_MAX_MS), stop);
  }
}

/**
 * Follows the job over its stream (for a job already ended, the stream replays its history and
 * ends at once), then answers the job as `GET /jobs/{id}` gives it. Aborting rejects with ABORTED.
 */
export async function waitForJob(
  transport: Transport,
  getJob: (id: string, options: { signal?: AbortSignal }) => Promise<components['schemas']['Job']>,
  jobId: string,
  { onLog, onProgress, onStage, signal }: WaitOptions,
): Promise<components['schemas']['Job']> {
  const end = await streamJob(transport, jobId, {
    ...(signal === undefined ? {} : { signal }),
    onMessage: (message) => {
      if (message.type === 'log') onLog?.(message);
      else if (message.type === 'progress') onProgress?.(message);
      else if (message.type === 'stage_complete') onStage?.(message);
    },
  });
  if (end === undefined) {
    throw new PlatformError({
      status: 0,
      code: CLIENT_ERROR_CODES.ABORTED,
      message: `stopped waiting for ${jobId}`,
      details: { job_id: jobId },
    });
  }
  return getJob(jobId, signal === undefined ? {} : { signal });
}
