/**
 * One attempt at a delivery: POST the body to the webhook's URL and note what came back (status,
 * latency, the first KiB of the answer) or what went wrong. node:http rather than fetch, as only
 * it lets the address check run on the connection itself (`lookup`), where rebinding cannot
 * slip past it.
 */
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { guardedLookup, refusedAddressReason } from './target-policy.js';

export const RESPONSE_EXCERPT_BYTES = 1024;

export interface DeliveryRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  allowPrivate: boolean;
  /** Aborts the attempt when the service stops. */
  signal: AbortSignal;
}

export interface DeliveryResponse {
  status_code: number | null;
  latency_ms: number;
  response_excerpt: string | null;
  error: string | null;
}

function refusedLiteral(url: URL, allowPrivate: boolean): string | undefined {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (allowPrivate || isIP(host) === 0) return undefined;
  const reason = refusedAddressReason(host);
  return reason === undefined ? undefined : `refused: ${reason}`;
}

export function sendDelivery(request: DeliveryRequest): Promise<DeliveryResponse> {
  const started = performance.now();
  const latency = () => Math.round(performance.now() - started);
  const url = new URL(request.url);
  const refused = refusedLiteral(url, request.allowPrivate);
  if (refused !== undefined) {
    return Promise.resolve({ status_code: null, latency_ms: 0, response_excerpt: null, error: refused });
  }
  return new Promise((resolve) => {
    let status: number | null = null;
    const excerpt: Buffer[] = [];
    let excerptBytes = 0;
    let settled = false;
    const settle = (error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const text = Buffer.concat(excerpt).subarray(0, RESPONSE_EXCERPT_BYTES).toString('utf8');
      resolve({
        status_code: status,
        latency_ms: latency(),
        response_excerpt: status === null ? null : text,
        error,
      });
      outgoing.destroy();
    };
    const transport = url.protocol === 'https:' ? https : http;
    const outgoing = transport.request(
      url,
      {
        method: 'POST',
        headers: { ...request.headers, 'content-length': Buffer.byteLength(request.body) },
        signal: request.signal,
        ...(request.allowPrivate ? {} : { lookup: guardedLookup }),
      },
      (response) => {
        status = response.statusCode ?? null;
        response.on('data', (chunk: Buffer) => {
          excerpt.push(chunk);
          excerptBytes += chunk.length;
          // The rest of a long answer is of no use: stop reading it.
          if (excerptBytes >= RESPONSE_EXCERPT_BYTES) settle(null);
        });
        response.on('end', () => settle(null));
        response.on('error', () => settle(null));
      },
    );
    const timer = setTimeout(
      () => settle(status === null ? `no answer within ${request.timeoutMs} ms` : null),
      request.timeoutMs,
    );
    outgoing.on('error', (error) => settle(error.message));
    outgoing.end(request.body);
  });
}
