/** An app served over TLS: https answers, and plain HTTP to its port gets a clean 400 TLS_REQUIRED. */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pinnedFetch, type App } from '../../src/index.js';
import { makeSelfSigned, type SelfSigned } from '../fixtures/self-signed.js';
import { requireTools } from '../../src/testing/index.js';
import { testApp } from '../helpers.js';

const gate = requireTools(['openssl']);

/** Writes `bytes` on a plain TCP connection and reads until the server closes it. */
function rawExchange(port: number, bytes: string): Promise<{ text: string; closedMs: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve({ text, closedMs: Date.now() - started }));
  });
}

describe.skipIf(gate.skip)('an app over TLS', () => {
  let identity: SelfSigned;
  let app: App;
  let port: number;

  beforeAll(async () => {
    identity = makeSelfSigned();
    app = await testApp({ https: identity });
    app.get('/api/v1/ping', async () => ({ pong: true }));
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as { port: number }).port;
  });
  afterAll(async () => app?.close());

  it('answers https, and knows its fingerprint', async () => {
    expect(app.tlsFingerprint).toBe(identity.fingerprint);
    const response = await pinnedFetch(`https://127.0.0.1:${port}/api/v1/ping`, {
      fingerprint: identity.fingerprint,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ pong: true });
  });

  it('answers plain HTTP with 400 TLS_REQUIRED naming the https URL, and closes', async () => {
    const { text, closedMs } = await rawExchange(port, 'GET /api/v1/ping HTTP/1.1\r\nHost: x\r\n\r\n');
    const [head = '', body = ''] = text.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(head).toMatch(/\r\nconnection: close/i);
    expect(JSON.parse(body)).toEqual({
      error: {
        code: 'TLS_REQUIRED',
        message: `this port speaks TLS only: use https://127.0.0.1:${port}`,
        details: { url: `https://127.0.0.1:${port}` },
      },
    });
    expect(closedMs).toBeLessThan(2_000);
  });

  it('gives an HTTP client that answer, not an error of its own', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/v1/ping`, {
      method: 'POST',
      headers: { authorization: 'Bearer secret', 'content-type': 'application/json' },
      body: JSON.stringify({ large: 'x'.repeat(100_000) }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('TLS_REQUIRED');
  });

  it('refuses bytes that are no protocol at all the same way, and keeps serving TLS', async () => {
    const { text } = await rawExchange(port, '\x00\x01garbage');
    expect(text).toMatch(/^HTTP\/1\.1 400 /);
    const response = await pinnedFetch(`https://127.0.0.1:${port}/api/v1/ping`, {
      fingerprint: identity.fingerprint,
    });
    expect(response.status).toBe(200);
  });
});
