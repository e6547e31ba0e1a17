/** A request over the service's Unix socket, as `curl --unix-socket` makes it. */
import { request } from 'node:http';
import { join } from 'node:path';
import { API_PREFIX } from '../../src/config.js';

export interface SocketResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: any;
}

export function socketRequest(
  socketPath: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<SocketResponse> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        socketPath,
        path,
        method,
        // A connection per request, as curl makes it: a kept-alive one that the server closes after
        // its idle time-out, while a test waits seconds between requests, can be reset under reuse.
        agent: false,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: text === '' ? undefined : JSON.parse(text),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

let tokenCount = 0;

/** A fresh token with `scopes`, made through the socket as `hvctl token create` does. */
export async function createToken(socketPath: string, scopes: readonly string[]): Promise<string> {
  tokenCount += 1;
  const made = await socketRequest(socketPath, 'POST', '/api/v1/tokens', {
    name: `test-${tokenCount}`,
    scopes,
  });
  if (made.status !== 201)
    throw new Error(`token create answered ${made.status}: ${JSON.stringify(made.body)}`);
  return (made.body as { token: string }).token;
}

/** A request to the API (`/api/v1` + `path`) over the socket of a service whose run directory is `runDir`. */
export function socketApi(
  runDir: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<SocketResponse> {
  return socketRequest(join(runDir, 'api.sock'), method, `${API_PREFIX}${path}`, body);
}
