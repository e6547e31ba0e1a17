/**
 * The service's REST API for `hvctl`: HTTP/1.1 with JSON bodies through node:http, over one of two
 * transports. The Unix socket (the default) carries no token: the socket's file permissions are the
 * access check. A remote (`hvctl remote add`) is TCP with `Authorization: Bearer <token>`, over TLS:
 * the connection is made and its certificate checked (against the pinned SHA-256 fingerprint, or by
 * the system's certificate authorities when none is pinned) before the request is handed to it, so
 * no byte of it, the token least of all, reaches a server that is not the one trusted. Plain HTTP is
 * only ever to loopback (`remote-config.ts` and `remote.ts` refuse the rest).
 *
 * `request` resolves with the parsed JSON of a 2xx answer, `requestText` with the body of one that
 * is not JSON (a PEM file). An error envelope becomes an `AppError`
 * with the service's code, message and details, its kind read back from the status, so `runCli`
 * prints it as the service said it and exits 2 for the caller's mistakes, 1 for failures inside.
 * `events` follows `GET /events` and, when the connection drops after it was up, reconnects with
 * `Last-Event-ID` so no event is lost or repeated.
 */
import { X509Certificate } from 'node:crypto';
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { connect as netConnect, isIP, type Socket } from 'node:net';
import { resolve as resolvePath } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { connect as tlsConnect, type TLSSocket } from 'node:tls';
import { AppError, certificateFingerprint, errorKindOfStatus } from '@lab/server-kit/cli';
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

/** A remote as the client needs it: `url` is `https://host:port` (or `http://` to loopback). */
export interface RemoteEndpoint {
  name: string;
  url: string;
  token: string;
  /** The certificate's SHA-256 (lowercase hex); absent: the system's authorities must vouch for it. */
  fingerprint?: string | undefined;
}

export interface ApiClient {
  /** The socket's absolute path or the remote's URL, as messages name it. */
  readonly target: string;
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

/** TCP and TLS failures as a person reads them. */
const UNREACHABLE_TCP: Record<string, string> = {
  ECONNREFUSED: 'connection refused (is the service running and listening on that address?)',
  ENOTFOUND: 'no such host',
  EAI_AGAIN: 'the host name could not be resolved now',
  EHOSTUNREACH: 'no route to the host',
  ENETUNREACH: 'the network is unreachable',
  ECONNRESET: 'the connection was reset (a TLS client at a plain-HTTP port?)',
  EPROTO: 'the TLS handshake failed (is it serving plain HTTP?)',
  ERR_SSL_WRONG_VERSION_NUMBER: 'the TLS handshake failed (is it serving plain HTTP?)',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'its certificate is self-signed and no fingerprint is pinned for it',
  SELF_SIGNED_CERT_IN_CHAIN: 'its certificate chain ends in an authority this system does not trust',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its certificate is signed by an authority this system does not trust',
  CERT_HAS_EXPIRED: 'its certificate has expired',
  ERR_TLS_CERT_ALTNAME_INVALID: 'its certificate does not name this host',
};

/** What stands behind an error's code, for a person; the error's own message when nothing does. */
export function connectionFailure(error: NodeJS.ErrnoException): string {
  const known = error.code === undefined ? undefined : UNREACHABLE_TCP[error.code];
  return known === undefined ? error.message : `${known} (${error.code})`;
}

/** `https://host:9400` as what net and tls connect to; IPv6 literals lose their brackets. */
export function endpointAddress(url: string): { host: string; port: number; tls: boolean } {
  const parsed = new URL(url);
  return {
    host: parsed.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: Number(parsed.port || (parsed.protocol === 'https:' ? 443 : 80)),
    tls: parsed.protocol === 'https:',
  };
}

/** How a request reaches the service: a connected (and, over TLS, verified) stream, and its headers. */
interface Transport {
  readonly at: string;
  readonly headers: Record<string, string>;
  /** Resolves once the stream may carry the request; rejects with the error a person reads. */
  connect(signal: AbortSignal): Promise<Socket>;
  /** A connection that failed (or broke off before the answer), as the error a person reads. */
  unreachable(error: NodeJS.ErrnoException): AppError;
}

/** Resolves with `socket` on `ready`; its first error, or `signal`, rejects and destroys it. */
function settle<S extends Socket>(
  socket: S,
  ready: string,
  signal: AbortSignal,
  check: (socket: S) => AppError | undefined,
  failed: (error: NodeJS.ErrnoException) => AppError,
): Promise<S> {
  return new Promise((resolve, reject) => {
    const onAbort = (): void => void socket.destroy();
    const onError = (error: NodeJS.ErrnoException): void => {
      signal.removeEventListener('abort', onAbort);
      reject(error instanceof AppError ? error : failed(error));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    socket.once('error', onError);
    socket.once(ready, () => {
      signal.removeEventListener('abort', onAbort);
      socket.off('error', onError);
      const refusal = check(socket);
      if (refusal === undefined) return resolve(socket);
      socket.destroy();
      reject(refusal);
    });
  });
}

function socketTransport(socketPath: string): Transport {
  // Messages name the socket absolutely: a relative default means little without the directory.
  const at = resolvePath(socketPath);
  const unreachable = (error: NodeJS.ErrnoException): AppError => {
    const reason = (error.code === undefined ? undefined : UNREACHABLE[error.code]) ?? error.message;
    return CliErrors.serviceUnreachable({ socket: at, reason }, { cause: error });
  };
  return {
    at,
    headers: {},
    connect: (signal) => settle(netConnect(socketPath), 'connect', signal, () => undefined, unreachable),
    unreachable,
  };
}

function remoteTransport(remote: RemoteEndpoint): Transport {
  const { host, port, tls } = endpointAddress(remote.url);
  const pin = remote.fingerprint;
  const unreachable = (error: NodeJS.ErrnoException): AppError =>
    CliErrors.remoteUnreachable(
      { url: remote.url, remote: remote.name, reason: connectionFailure(error) },
      { cause: error },
    );
  return {
    at: remote.url,
    headers: { authorization: `Bearer ${remote.token}` },
    connect: (signal) => {
      if (!tls) return settle(netConnect({ host, port }), 'connect', signal, () => undefined, unreachable);
      const socket = tlsConnect({
        host,
        port,
        // SNI takes a host name only; an IP address is checked against the certificate all the same.
        ...(isIP(host) === 0 ? { servername: host } : {}),
        ALPNProtocols: ['http/1.1'],
        // A pinned certificate is checked by its fingerprint alone, below; otherwise by the authorities.
        rejectUnauthorized: pin === undefined,
      });
      return settle(
        socket,
        'secureConnect',
        signal,
        (s: TLSSocket) => {
          if (pin === undefined) return undefined;
          const actual = certificateFingerprint(s.getPeerCertificate().raw);
          return actual === pin
            ? undefined
            : CliErrors.certificateMismatch({ url: remote.url, expected: pin, actual });
        },
        unreachable,
      );
    },
    unreachable,
  };
}

/** The certificate a TLS server presents, as `hvctl remote add` shows it before trusting it. */
export interface PresentedCertificate {
  fingerprint: string;
  subject: string;
  issuer: string;
  validFrom: string;
  validTo: string;
  /** True when the system's authorities vouch for it and it names the host; else why not. */
  trusted: boolean;
  untrustedReason?: string;
}

/**
 * Connects to `url` (https) and reads its certificate, trusting nothing and sending nothing: the
 * connection is closed right after the handshake.
 */
export function presentedCertificate(
  url: string,
  timeoutMs = DEFAULT_TIMEOUT_MS,
): Promise<PresentedCertificate> {
  const { host, port } = endpointAddress(url);
  const signal = AbortSignal.timeout(timeoutMs);
  const socket = tlsConnect({
    host,
    port,
    ...(isIP(host) === 0 ? { servername: host } : {}),
    ALPNProtocols: ['http/1.1'],
    rejectUnauthorized: false,
  });
  const unreachable = (error: NodeJS.ErrnoException): AppError =>
    CliErrors.remoteUnreachable({ url, reason: connectionFailure(error) }, { cause: error });
  return settle(socket, 'secureConnect', signal, () => undefined, unreachable).then(
    (s) => {
      const raw = s.getPeerCertificate().raw;
      const authorized = s.authorized;
      const reason = s.authorizationError;
      s.end();
      const certificate = new X509Certificate(raw);
      return {
        fingerprint: certificateFingerprint(raw),
        subject: certificate.subject.replaceAll('\n', ', '),
        issuer: certificate.issuer.replaceAll('\n', ', '),
        validFrom: new Date(certificate.validFrom).toISOString(),
        validTo: new Date(certificate.validTo).toISOString(),
        trusted: authorized,
        ...(authorized ? {} : { untrustedReason: String(reason ?? 'not verified') }),
      };
    },
    (error: unknown) => {
      if (signal.aborted) {
        throw CliErrors.remoteUnreachable({
          url,
          reason: `no TLS handshake within ${timeoutMs / 1000} s`,
        });
      }
      throw error;
    },
  );
}

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

export function createClient(
  options: ({ socketPath: string } | { remote: RemoteEndpoint }) & { timeoutMs?: number },
): ApiClient {
  const transport =
    'remote' in options ? remoteTransport(options.remote) : socketTransport(options.socketPath);
  const defaultTimeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const host = 'remote' in options ? new URL(options.remote.url).host : 'localhost';

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
      const connecting = new AbortController();
      let req: ClientRequest | undefined;
      const timer = setTimeout(() => {
        const error = CliErrors.serviceTimeout({
          at: transport.at,
          request: label,
          seconds: timeoutMs / 1000,
        });
        connecting.abort();
        req?.destroy(error);
        reject(error);
      }, timeoutMs);
      transport.connect(connecting.signal).then(
        (socket) => {
          if (connecting.signal.aborted) return void socket.destroy();
          // The stream is connected (and verified) already: no agent, one connection per request, so
          // nothing holds the process open after it.
          req = httpRequest({
            createConnection: () => socket,
            method,
            path,
            headers: {
              host,
              ...transport.headers,
              ...headers,
              ...(body === undefined
                ? { 'content-length': '0' }
                : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }),
            },
          });
          req.once('response', (response) => {
            clearTimeout(timer);
            resolve(response);
          });
          req.once('error', (error: NodeJS.ErrnoException) => {
            clearTimeout(timer);
            if (error instanceof AppError) return reject(error);
            reject(transport.unreachable(error));
          });
          req.end(body);
        },
        (error: Error) => {
          clearTimeout(timer);
          reject(error);
        },
      );
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

  return { target: transport.at, request, requestWithStatus, requestText, events };
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
