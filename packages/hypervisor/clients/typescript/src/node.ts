/**
 * `@lab/hypervisor-client/node`: what only Node can do, as a `fetch` the client calls through.
 *
 * - **The Unix socket** (`socketPath`, the service's `{run_dir}/api.sock`): no token is needed
 *   there; whoever can open the file has every scope.
 * - **TLS pinning** (`tlsFingerprint`, the SHA-256 of the server certificate's DER, as
 *   `/system/info` and the service's start log give it): a self-signed certificate is trusted by
 *   its fingerprint alone. The handshake finishes and the leaf certificate is compared before a
 *   byte of the request (its token) is written; a mismatch is a `TransportError` with the code
 *   `TLS_FINGERPRINT_MISMATCH`, and the request never reaches the server.
 *
 * Connections are kept alive and reused (an `http.Agent` per client); `close()` ends them.
 * Without either option the client uses the global `fetch`.
 */
import { createHash } from 'node:crypto';
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { Duplex } from 'node:stream';
import { Readable } from 'node:stream';
import { connect, type ConnectionOptions } from 'node:tls';
import { HypervisorClient, type ClientOptions } from './client.js';
import { TransportError } from './errors.js';

export * from './index.js';

export interface NodeTransportOptions {
  /** The service's Unix socket (`{run_dir}/api.sock`); the URL's host is then ignored. */
  socketPath?: string | undefined;
  /** The SHA-256 fingerprint the server's leaf certificate must have (64 hex digits, colons allowed). */
  tlsFingerprint?: string | undefined;
}

export interface NodeTransport {
  fetch: (request: Request) => Promise<Response>;
  /** Ends the kept-alive connections. */
  close: () => void;
}

/** `AB:CD:...` or `abcd...` as 64 lowercase hex digits; throws when it is not a SHA-256 fingerprint. */
export function normalizeFingerprint(text: string): string {
  const hex = text.replace(/:/g, '').toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(hex)) {
    throw new TypeError('tlsFingerprint: a SHA-256 fingerprint is 64 hex digits (colons allowed)');
  }
  return hex;
}

/** An https agent whose connections are handed to requests only once the leaf certificate matched. */
class PinnedAgent extends HttpsAgent {
  readonly #fingerprint: string;

  constructor(fingerprint: string) {
    // No TLS session reuse: each connection shows its certificate, which is checked.
    super({ keepAlive: true, maxCachedSessions: 0 });
    this.#fingerprint = fingerprint;
  }

  // Node's Agent takes the socket from the callback when this returns nothing: the request's
  // bytes wait in the ClientRequest until then, so a wrong certificate is refused before any is sent.
  override createConnection(
    options: ConnectionOptions,
    callback: (error: Error | null, socket?: Duplex) => void,
  ): Duplex | undefined {
    const socket = connect({ ...options, rejectUnauthorized: false, ALPNProtocols: ['http/1.1'] });
    const onError = (error: Error): void => callback(error);
    socket.once('error', onError);
    socket.once('secureConnect', () => {
      socket.removeListener('error', onError);
      const actual = createHash('sha256').update(socket.getPeerCertificate().raw).digest('hex');
      if (actual !== this.#fingerprint) {
        socket.destroy();
        const origin = `https://${options.host ?? 'localhost'}:${options.port ?? 443}`;
        callback(
          new TransportError({
            code: 'TLS_FINGERPRINT_MISMATCH',
            message: `the certificate of ${origin} is not the pinned one (expected ${this.#fingerprint}, got ${actual})`,
            details: { url: origin, expected: this.#fingerprint, actual },
          }),
        );
        return;
      }
      callback(null, socket);
    });
    return undefined;
  }
}

/** The `fetch` of a client over the Unix socket or with a pinned certificate, by `node:http(s)`. */
export function nodeTransport(options: NodeTransportOptions): NodeTransport {
  const { socketPath } = options;
  const fingerprint =
    options.tlsFingerprint === undefined ? undefined : normalizeFingerprint(options.tlsFingerprint);
  const agent = fingerprint === undefined ? new HttpAgent({ keepAlive: true }) : new PinnedAgent(fingerprint);
  async function nodeFetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (fingerprint !== undefined && url.protocol !== 'https:') {
      throw new TransportError({
        code: 'TLS_REQUIRED',
        message: `a pinned certificate needs an https:// URL, not ${url.origin}`,
        details: { url: url.origin },
      });
    }
    const body = request.body === null ? undefined : Buffer.from(await request.arrayBuffer());
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    if (body !== undefined) headers['content-length'] = String(body.length);
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      const outgoing = send(url, {
        method: request.method,
        headers,
        agent,
        signal: request.signal,
        ...(socketPath === undefined ? {} : { socketPath }),
      });
      outgoing.once('response', resolve);
      outgoing.once('error', reject);
      outgoing.end(body);
    });
    const answer = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      for (const one of [value ?? []].flat()) answer.append(name, one);
    }
    const status = response.statusCode ?? 502;
    const empty = status === 204 || status === 304 || request.method === 'HEAD';
    if (empty) response.resume();
    return new Response(empty ? null : (Readable.toWeb(response) as ReadableStream<Uint8Array>), {
      status,
      statusText: response.statusMessage ?? '',
      headers: answer,
    });
  }
  return { fetch: nodeFetch, close: () => agent.destroy() };
}

export interface NodeClientOptions extends Omit<ClientOptions, 'baseUrl' | 'fetch'>, NodeTransportOptions {
  /** The service's address; over the Unix socket it may be left out. */
  baseUrl?: string | undefined;
}

/** A client whose `close()` ends its connections. */
export class NodeHypervisorClient extends HypervisorClient {
  readonly #transport: NodeTransport | undefined;

  constructor(options: NodeClientOptions) {
    const transport =
      options.socketPath === undefined && options.tlsFingerprint === undefined
        ? undefined
        : nodeTransport(options);
    super({
      ...options,
      baseUrl: options.baseUrl ?? 'http://localhost',
      ...(transport === undefined ? {} : { fetch: transport.fetch }),
    });
    this.#transport = transport;
  }

  close(): void {
    this.#transport?.close();
  }
}

/**
 * A client for Node: `{baseUrl, token}` over TCP, `{socketPath}` over the Unix socket,
 * `{baseUrl: 'https://...', token, tlsFingerprint}` for a self-signed certificate.
 */
export function createNodeClient(options: NodeClientOptions): NodeHypervisorClient {
  return new NodeHypervisorClient(options);
}
