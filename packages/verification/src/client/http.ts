/**
 * The typed core every namespace calls through: `openapi-fetch` over the generated `paths`, so a
 * path, its parameters and its body are checked against the OpenAPI document at compile time.
 * Each call gets the credential, a time-out and the caller's signals, and ends in the answer's
 * data or a PlatformError.
 */
import createClient, { type Client } from 'openapi-fetch';
import { errorFromAnswer, errorFromFailure } from './errors.js';
import type { paths } from './gen/openapi.js';

/** A request's time-out when neither the client nor the call sets one. */
export const DEFAULT_TIMEOUT_MS = 30_000;

export interface PlatformClientOptions {
  /** The platform's base URL, such as `http://127.0.0.1:8080` (the client adds `/api/v1`). */
  url: string;
  /** Sent as `Authorization: Bearer <token>`; left out, requests go without a credential. */
  token?: string;
  /** Milliseconds one request may take, answer body included (default DEFAULT_TIMEOUT_MS). */
  timeoutMs?: number;
  /** Aborts every request of the client, and its streams. */
  signal?: AbortSignal;
}

/** What each method takes last: a signal and a time-out of its own. */
export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** The answer openapi-fetch gives: the data on success, the parsed body as `error` otherwise. */
interface Answer<D> {
  data?: D;
  error?: unknown;
  response: Response;
}

export interface Transport {
  readonly api: Client<paths>;
  /** The base URL, without a trailing slash. */
  readonly url: string;
  readonly token: string | undefined;
  readonly signal: AbortSignal | undefined;
  /** The client's time-out of a request (and of a stream's handshake). */
  readonly timeoutMs: number;
  /**
   * Runs one request with the combined signal and answers its data; a refused request throws
   * the envelope's PlatformError, one without an answer UNREACHABLE, TIMEOUT or ABORTED.
   */
  call: <D>(options: CallOptions | undefined, run: (signal: AbortSignal) => Promise<Answer<D>>) => Promise<D>;
  /** The same, answering the response too (for its headers). */
  exchange: <D>(
    options: CallOptions | undefined,
    run: (signal: AbortSignal) => Promise<Answer<D>>,
  ) => Promise<{ data: D; response: Response }>;
}

export function createTransport(options: PlatformClientOptions): Transport {
  const url = options.url.replace(/\/+$/, '');
  const defaultTimeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const api = createClient<paths>({
    baseUrl: url,
    ...(options.token === undefined ? {} : { headers: { authorization: `Bearer ${options.token}` } }),
  });
  async function exchange<D>(
    call: CallOptions | undefined,
    run: (signal: AbortSignal) => Promise<Answer<D>>,
  ): Promise<{ data: D; response: Response }> {
    const timeoutMs = call?.timeoutMs ?? defaultTimeoutMs;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = AbortSignal.any(
      [timeout, options.signal, call?.signal].filter((s): s is AbortSignal => s !== undefined),
    );
    let answer: Answer<D>;
    try {
      answer = await run(signal);
    } catch (error) {
      throw errorFromFailure(error, { url, signal, timeout, timeoutMs });
    }
    if (!answer.response.ok) throw errorFromAnswer(answer.response.status, answer.error);
    return { data: answer.data as D, response: answer.response };
  }
  return {
    api,
    url,
    token: options.token,
    signal: options.signal,
    timeoutMs: defaultTimeoutMs,
    exchange,
    call: async (call, run) => (await exchange(call, run)).data,
  };
}

/** The file name of a `Content-Disposition: attachment; filename="..."` header, if it has one. */
export function attachmentName(header: string | null): string | undefined {
  const match = /filename="((?:[^"\\]|\\.)*)"/.exec(header ?? '') ?? /filename=([^;\s]+)/.exec(header ?? '');
  return match?.[1]?.replace(/\\(.)/g, '$1');
}

/** A downloaded file: its bytes, and the type and name the platform gave it. */
export interface Download {
  data: Uint8Array;
  contentType: string;
  fileName: string | undefined;
}

/** Reads a download's bytes and headers (`parseAs: 'arrayBuffer'` answers). */
export function download(answer: { data: ArrayBuffer; response: Response }): Download {
  return {
    data: new Uint8Array(answer.data),
    contentType: answer.response.headers.get('content-type') ?? 'application/octet-stream',
    fileName: attachmentName(answer.response.headers.get('content-disposition')),
  };
}

type Method = 'get' | 'put' | 'post' | 'delete' | 'patch';

/** The JSON body an operation takes, from the generated document. */
export type JsonBody<P extends keyof paths, M extends Method> = paths[P][M] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? B
  : never;

/** The query parameters an operation takes, from the generated document. */
export type Query<P extends keyof paths, M extends Method> = paths[P][M] extends {
  parameters: { query?: infer Q };
}
  ? NonNullable<Q>
  : never;
