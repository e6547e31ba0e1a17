/**
 * The service's REST API over its Unix socket, for `hvctl`: HTTP/1.1 with JSON bodies through
 * node:http, no token (the socket's file permissions are the access check).
 *
 * `request` resolves with the parsed JSON of a 2xx answer, `requestText` with the body of one that
 * is not JSON (a PEM file). An error envelope becomes an `AppError`
 * with the service's code, message and details, its kind read back from the status, so `runCli`
 * prints it as the service said it and exits 2 for the caller's mistakes, 1 for failures inside.
 * `events` follows `GET /events` and, when the connection drops after it was up, reconnects with
 * `Last-Event-ID` so no event is lost or repeated.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { resolve as resolvePath } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppError, errorKindOfStatus } from '@lab/server-kit';
import { API_PREFIX } from '../config.js';
import { CliErrors } from './errors.js';
import { createSseParser } from './sse.js';

/** How long a request may go unanswered unless the caller says otherwise. */
export const DEFAULT_TIMEOUT_MS = 30_000;
/** The stream's heartbeats come every 15 s; this much silence means the connection is dead. */
const EVENT_IDLE_TIMEOUT_MS = 45_000;
/** Delay before reconnecting when the service advised none with `retry:`. */
const DEFAULT_RETRY_MS = 2_000;
/** How long reconnection is tried before `events` gives up (a service restart takes seconds). */
const DEFAULT_RECONNECT_WINDOW_MS = 60_000;

export type Query = Record<string, string | undefined>;

export interface RequestOptions {
  query?: Query;
  timeoutMs?: number;
}

export interface ServiceEvent {
  id: string;
  kind: string;
  data: unknown;
}

export interface FollowOptions {
  query?: Query;
  /** Ends the stream (the iteration returns) when aborted. */
  signal?: AbortSignal;
  idleTimeoutMs?: number;
  reconnectWindowMs?: number;
}

export interface ApiClient {
  readonly socketPath: string;
  /** `path` is relative to the API prefix: `request('GET', '/vms')`. */
  request<T = unknown>(method: string, path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  /** As `request`, with the status of the answer (a 201 made it, a 202 started an operation). */
  requestWithStatus<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    options?: RequestOptions,
  ): Promise<{ status: number; body: T }>;
  /** As `request`, for an answer that is not JSON: its body as text. Error answers are JSON still. */
  requestText(method: string, path: string, options?: RequestOptions & { accept?: string }): Promise<string>;
  /** Follows the event stream until `signal` aborts or the service stays away too long. */
  events(options?: FollowOptions): AsyncGenerator<ServiceEvent, void, undefined>;
}

function withQuery(path: string, query: Query | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) params.set(key, value);
  const text = params.toString();
  return `${API_PREFIX}${path}${text === '' ? '' : `?${text}`}`;
}

/** The socket's errors that mean "nobody is serving there", as a person reads them. */
const UNREACHABLE: Record<string, string> = {
  ENOENT: 'no such socket',
  ECONNREFUSED: 'connection refused (is the service running?)',
  EACCES: 'permission denied (the socket is mode 0660: use its owner or group)',
  ENOTSOCK: 'not a socket',
  ENOTDIR: 'no such socket',
};

function errorEnvelope(
  body: unknown,
): { code: string; message: string; details: Record<string, unknown> } | undefined {
  const error = (body as { error?: unknown } | null)?.error as Record<string, unknown> | undefined;
  if (typeof error?.code !== 'string' || typeof error.message !== 'string') return undefined;
  const details = error.details;
  return {
    code: error.code,
    message: error.message,
    details: typeof details === 'object' && details !== null ? (details as Record<string, unknown>) : {},
  };
}

async function readText(response: IncomingMessage): Promise<string> {
  response.setEncoding('utf8');
  let text = '';
  for await (const chunk of response) text += chunk as string;
  return text;
}

export function createClient(options: { socketPath: string; timeoutMs?: number }): ApiClient {
  const { socketPath } = options;
  // Messages name the socket absolutely: a relative default means little without the directory.
  const shownPath = resolvePath(socketPath);
  const defaultTimeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  /** Sends one request and resolves with the response head; the body is the caller's to read. */
  const send = (
    method: string,
    path: string,
    body: string | undefined,
    headers: Record<string, string>,
    timeoutMs: number,
  ): Promise<IncomingMessage> =>
    new Promise((resolve, reject) => {
      const label = `${method} ${path}`;
      // No keep-alive agent: one connection per request, so nothing holds the process open after it.
      const req = httpRequest({
        socketPath,
        agent: false,
        method,
        path,
        headers: {
          ...headers,
          ...(body === undefined
            ? { 'content-length': '0' }
            : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }),
        },
      });
      const timer = setTimeout(
        () =>
          req.destroy(
            CliErrors.serviceTimeout({ socket: shownPath, request: label, seconds: timeoutMs / 1000 }),
          ),
        timeoutMs,
      );
      req.once('response', (response) => {
        clearTimeout(timer);
        resolve(response);
      });
      req.once('error', (error: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        if (error instanceof AppError) return reject(error);
        const reason = (error.code === undefined ? undefined : UNREACHABLE[error.code]) ?? error.message;
        reject(CliErrors.serviceUnreachable({ socket: shownPath, reason }, { cause: error }));
      });
      req.end(body);
    });

  /** An error answer as the `AppError` the service threw. */
  const failure = (label: string, status: number, text: string): AppError => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    const envelope = errorEnvelope(parsed);
    if (envelope === undefined) {
      return CliErrors.badResponse({ request: label, reason: `status ${status} without an error body` });
    }
    return new AppError(envelope.code, errorKindOfStatus(status), envelope.message, {
      details: envelope.details,
    });
  };

  /** Sends a request and resolves with the body of a 2xx answer; any other answer is thrown. */
  const exchange = async (
    method: string,
    path: string,
    body: unknown,
    opts: RequestOptions,
    accept: string,
  ): Promise<{ label: string; text: string; status: number }> => {
    const fullPath = withQuery(path, opts.query);
    const label = `${method} ${fullPath}`;
    const timeoutMs = opts.timeoutMs ?? defaultTimeoutMs;
    const response = await send(
      method,
      fullPath,
      body === undefined ? undefined : JSON.stringify(body),
      { accept },
      timeoutMs,
    );
    let text: string;
    try {
      text = await readText(response);
    } catch (error) {
      throw CliErrors.badResponse({ request: label, reason: 'the connection broke off' }, { cause: error });
    }
    const status = response.statusCode ?? 0;
    if (status < 200 || status >= 300) throw failure(label, status, text);
    return { label, text, status };
  };

  const requestWithStatus = async <T>(
    method: string,
    path: string,
    body?: unknown,
    opts: RequestOptions = {},
  ): Promise<{ status: number; body: T }> => {
    const { label, text, status } = await exchange(method, path, body, opts, 'application/json');
    try {
      return { status, body: JSON.parse(text) as T };
    } catch (error) {
      throw CliErrors.badResponse({ request: label, reason: 'the body is not JSON' }, { cause: error });
    }
  };

  const request = async <T>(method: string, path: string, body?: unknown, opts: RequestOptions = {}) =>
    (await requestWithStatus<T>(method, path, body, opts)).body;

  const requestText = async (
    method: string,
    path: string,
    opts: RequestOptions & { accept?: string } = {},
  ): Promise<string> => (await exchange(method, path, undefined, opts, opts.accept ?? '*/*')).text;

  /** Opens the stream; a refusal in the envelope is thrown, never retried. */
  const openStream = async (path: string, lastEventId: string): Promise<IncomingMessage> => {
    const response = await send(
      'GET',
      path,
      undefined,
      { accept: 'text/event-stream', ...(lastEventId === '' ? {} : { 'last-event-id': lastEventId }) },
      defaultTimeoutMs,
    );
    const status = response.statusCode ?? 0;
    if (status !== 200) throw failure(`GET ${path}`, status, await readText(response));
    const type = response.headers['content-type'] ?? '';
    if (!type.startsWith('text/event-stream')) {
      response.destroy();
      throw CliErrors.badResponse({ request: `GET ${path}`, reason: `content type '${type}'` });
    }
    return response;
  };

  async function* events(follow: FollowOptions = {}): AsyncGenerator<ServiceEvent, void, undefined> {
    const path = withQuery('/events', follow.query);
    const { signal } = follow;
    const idleTimeoutMs = follow.idleTimeoutMs ?? EVENT_IDLE_TIMEOUT_MS;
    const windowMs = follow.reconnectWindowMs ?? DEFAULT_RECONNECT_WINDOW_MS;
    let lastEventId = '';
    let retryMs = DEFAULT_RETRY_MS;
    let failingSince: number | undefined;
    let connected = false;

    while (signal?.aborted !== true) {
      let response: IncomingMessage;
      try {
        response = await openStream(path, lastEventId);
      } catch (error) {
        const lost = CliErrors.serviceUnreachable.is(error) || CliErrors.serviceTimeout.is(error);
        // Only a stream that was up is followed across an outage; a first failure is reported.
        if (!connected || !lost) throw error;
        failingSince ??= Date.now();
        if (Date.now() - failingSince > windowMs) throw error;
        if (!(await pause(retryMs, signal))) return;
        continue;
      }
      connected = true;
      failingSince = undefined;
      const parser = createSseParser(lastEventId);
      const onAbort = (): void => void response.destroy();
      signal?.addEventListener('abort', onAbort);
      response.setEncoding('utf8');
      response.socket.setTimeout(idleTimeoutMs, onAbort);
      try {
        for await (const chunk of response) {
          for (const event of parser.push(chunk as string)) {
            let data: unknown;
            try {
              data = JSON.parse(event.data);
            } catch (error) {
              throw CliErrors.badResponse(
                { request: `GET ${path}`, reason: `event ${event.id} carries data that is not JSON` },
                { cause: error },
              );
            }
            yield { id: event.id, kind: event.event, data };
          }
        }
      } catch (error) {
        // The connection dropped (reset, idle, aborted): reconnect below, or stop when aborted.
        if (error instanceof AppError) throw error;
      } finally {
        signal?.removeEventListener('abort', onAbort);
        response.destroy();
      }
      lastEventId = parser.lastEventId;
      retryMs = parser.retryMs ?? retryMs;
      if (!(await pause(retryMs, signal))) return;
    }
  }

  return { socketPath, request, requestWithStatus, requestText, events };
}

/** Waits `ms`; false when `signal` aborted first. */
async function pause(ms: number, signal: AbortSignal | undefined): Promise<boolean> {
  try {
    await sleep(ms, undefined, signal === undefined ? {} : { signal });
    return true;
  } catch {
    return false;
  }
}
