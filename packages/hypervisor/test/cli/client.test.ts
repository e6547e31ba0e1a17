/**
 * The socket client against a bare node:http server on a Unix socket, for what the real service
 * does not do on demand: drop a stream mid-way, fall silent, answer garbage. The commands are
 * tested against the real service in hvctl.test.ts (and over TLS in remote.test.ts). The remote
 * transport against node:https and node:tls servers with a certificate the test makes.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createServer as createTlsServer, type Server as TlsServer } from 'node:tls';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppError } from '@lab/server-kit';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClient, presentedCertificate, type ServiceEvent } from '../../src/cli/client.js';
import { makeTestCertificates, type TestCertificates } from '../support/test-certificates.js';

let dir: string;
let socketPath: string;
let server: Server | undefined;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'hvctl-client-'));
  socketPath = join(dir, 'api.sock');
});
afterEach(async () => {
  if (server !== undefined) {
    server.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    server = undefined;
  }
  rmSync(dir, { recursive: true, force: true });
});

async function serve(handler: (request: IncomingMessage, response: ServerResponse) => void): Promise<void> {
  server = createServer(handler);
  await new Promise<void>((resolve) => server?.listen(socketPath, resolve));
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('createClient().request', () => {
  it('sends JSON under the API prefix and resolves with the parsed answer', async () => {
    const seen: {
      method: string | undefined;
      url: string | undefined;
      type?: string | undefined;
      body: string;
    }[] = [];
    await serve((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        seen.push({ method: request.method, url: request.url, type: request.headers['content-type'], body });
        response
          .writeHead(201, { 'content-type': 'application/json' })
          .end('{"name":"web1","state":"CREATED"}');
      });
    });
    const client = createClient({ socketPath });
    expect(await client.request('POST', '/vms', { name: 'web1' })).toEqual({
      name: 'web1',
      state: 'CREATED',
    });
    await client.request('DELETE', '/vms/web1', undefined, { query: { force: 'true', skip: undefined } });
    expect(seen).toEqual([
      { method: 'POST', url: '/api/v1/vms', type: 'application/json', body: '{"name":"web1"}' },
      { method: 'DELETE', url: '/api/v1/vms/web1?force=true', body: '' },
    ]);
  });

  it("turns the error envelope into an AppError with the service's code, message, details and kind", async () => {
    await serve((_request, response) => {
      response
        .writeHead(404, { 'content-type': 'application/json' })
        .end('{"error":{"code":"VM_NOT_FOUND","message":"VM \'x\' does not exist","details":{"name":"x"}}}');
    });
    const error = await rejection(createClient({ socketPath }).request('GET', '/vms/x'));
    expect(error).toMatchObject({
      code: 'VM_NOT_FOUND',
      kind: 'not_found',
      message: "VM 'x' does not exist",
      details: { name: 'x' },
    });
  });

  it('reads an unknown 5xx status as an internal failure', async () => {
    await serve((_request, response) => {
      response.writeHead(502).end('{"error":{"code":"UPSTREAM","message":"bad gateway","details":{}}}');
    });
    expect(await rejection(createClient({ socketPath }).request('GET', '/health'))).toMatchObject({
      code: 'UPSTREAM',
      kind: 'internal',
    });
  });

  it("reports an answer that is not the API's JSON as BAD_RESPONSE", async () => {
    await serve((request, response) => {
      if (request.url?.endsWith('/ok') === true) response.writeHead(200).end('<html>');
      else response.writeHead(500).end('oops');
    });
    const client = createClient({ socketPath });
    expect((await rejection(client.request('GET', '/ok'))).message).toBe(
      'unexpected answer to GET /api/v1/ok: the body is not JSON',
    );
    expect((await rejection(client.request('GET', '/fail'))).message).toBe(
      'unexpected answer to GET /api/v1/fail: status 500 without an error body',
    );
  });

  it('requestText resolves with a body that is not JSON, and still throws the error envelope', async () => {
    const accepted: (string | undefined)[] = [];
    await serve((request, response) => {
      accepted.push(request.headers.accept);
      if (request.url?.startsWith('/api/v1/pqc/keys/k/public') === true) {
        response
          .writeHead(200, { 'content-type': 'application/x-pem-file' })
          .end('-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n');
      } else {
        response
          .writeHead(404, { 'content-type': 'application/json' })
          .end('{"error":{"code":"KEY_NOT_FOUND","message":"no key \'x\'","details":{"name":"x"}}}');
      }
    });
    const client = createClient({ socketPath });
    expect(
      await client.requestText('GET', '/pqc/keys/k/public', {
        query: { format: 'pem' },
        accept: 'application/x-pem-file',
      }),
    ).toBe('-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n');
    expect(await rejection(client.requestText('GET', '/pqc/keys/x/public'))).toMatchObject({
      code: 'KEY_NOT_FOUND',
      kind: 'not_found',
      details: { name: 'x' },
    });
    expect(accepted).toEqual(['application/x-pem-file', '*/*']);
  });

  it('names the socket and how to start the service when nothing is there', async () => {
    const error = await rejection(createClient({ socketPath }).request('GET', '/vms'));
    expect(error.code).toBe('SERVICE_UNREACHABLE');
    expect(error.kind).toBe('unavailable');
    expect(error.message).toBe(
      `cannot reach the hypervisor service at ${socketPath}: no such socket; start it with 'hvctl serve', ` +
        'or point --socket (or HV_SOCKET) at its api.sock',
    );
  });

  it('says the connection is refused on a socket file left by a killed service', async () => {
    // A process killed with SIGKILL leaves its socket file behind, with nobody listening on it.
    const script = `require('node:net').createServer().listen(${JSON.stringify(socketPath)}, () => process.kill(process.pid, 'SIGKILL'))`;
    spawnSync(process.execPath, ['-e', script]);
    const error = await rejection(createClient({ socketPath }).request('GET', '/vms'));
    expect(error.code).toBe('SERVICE_UNREACHABLE');
    expect(error.message).toContain('connection refused (is the service running?)');
  });

  it('gives up after the time-out with SERVICE_TIMEOUT', async () => {
    await serve(() => undefined);
    const started = Date.now();
    const error = await rejection(
      createClient({ socketPath, timeoutMs: 200 }).request('POST', '/vms/a/stop'),
    );
    expect(Date.now() - started).toBeLessThan(2000);
    expect(error.code).toBe('SERVICE_TIMEOUT');
    expect(error.message).toBe(
      `the hypervisor service at ${socketPath} did not answer POST /api/v1/vms/a/stop within 0.2 s`,
    );
  });
});

describe('createClient().events', () => {
  function sse(response: ServerResponse): ServerResponse {
    return response.writeHead(200, { 'content-type': 'text/event-stream' });
  }

  async function take(stream: AsyncGenerator<ServiceEvent>, count: number): Promise<ServiceEvent[]> {
    const out: ServiceEvent[] = [];
    for await (const event of stream) {
      out.push(event);
      if (out.length === count) break;
    }
    return out;
  }

  it('parses events and resumes after a dropped connection with Last-Event-ID', async () => {
    const asked: (string | undefined)[] = [];
    await serve((request, response) => {
      asked.push(request.headers['last-event-id'] as string | undefined);
      if (asked.length === 1) {
        sse(response).write('retry: 20\n\nid: 1\nevent: vm.created\ndata: {"vm":"a"}\n\n');
        response.write('id: 2\nevent: vm.deleted\ndata: {"vm":"a"}\n\n', () => request.socket.destroy());
      } else {
        sse(response).write(': heartbeat\n\nid: 3\nevent: vm.created\ndata: {"vm":"b"}\n\n');
      }
    });
    const events = await take(
      createClient({ socketPath }).events({ query: { kinds: 'vm.created,vm.deleted' } }),
      3,
    );
    expect(events).toEqual([
      { id: '1', kind: 'vm.created', data: { vm: 'a' } },
      { id: '2', kind: 'vm.deleted', data: { vm: 'a' } },
      { id: '3', kind: 'vm.created', data: { vm: 'b' } },
    ]);
    expect(asked).toEqual([undefined, '2']);
  });

  it('reconnects when the stream falls silent for longer than the idle time-out', async () => {
    let connections = 0;
    await serve((_request, response) => {
      connections += 1;
      sse(response).write(`retry: 10\nid: ${connections}\nevent: tick\ndata: {}\n\n`);
    });
    const events = await take(createClient({ socketPath }).events({ idleTimeoutMs: 100 }), 2);
    expect(events.map((e) => e.id)).toEqual(['1', '2']);
  });

  it('throws a refusal of the stream at once instead of retrying', async () => {
    await serve((_request, response) => {
      response
        .writeHead(400, { 'content-type': 'application/json' })
        .end('{"error":{"code":"VALIDATION_ERROR","message":"invalid querystring","details":{}}}');
    });
    const error = await rejection(take(createClient({ socketPath }).events(), 1));
    expect(error.code).toBe('VALIDATION_ERROR');
  });

  it('reports a missing service on the first connection, and ends quietly when aborted', async () => {
    expect((await rejection(take(createClient({ socketPath }).events(), 1))).code).toBe(
      'SERVICE_UNREACHABLE',
    );

    await serve((_request, response) => void sse(response).write('retry: 10\n\n'));
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 100);
    expect(await take(createClient({ socketPath }).events({ signal: stop.signal }), 1)).toEqual([]);
  });

  it('gives up when the service stays away longer than the reconnect window', async () => {
    await serve((request, response) => {
      sse(response).write('retry: 10\nid: 1\nevent: tick\ndata: {}\n\n', () => {
        request.socket.destroy();
        server?.close();
      });
    });
    const stream = createClient({ socketPath }).events({ reconnectWindowMs: 100 });
    expect((await stream.next()).value).toEqual({ id: '1', kind: 'tick', data: {} });
    expect((await rejection(stream.next())).code).toBe('SERVICE_UNREACHABLE');
  });
});

describe('createClient() with a remote over TLS', () => {
  let certs: TestCertificates;
  let https: Server | TlsServer | undefined;

  beforeAll(async () => {
    certs = await makeTestCertificates();
  });
  afterEach(async () => {
    const listening = https;
    https = undefined;
    if (listening === undefined) return;
    if ('closeAllConnections' in listening) listening.closeAllConnections();
    await new Promise((resolve) => listening.close(resolve));
  });

  async function listen(target: Server | TlsServer): Promise<string> {
    https = target;
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    return `https://127.0.0.1:${(target.address() as AddressInfo).port}`;
  }

  const remote = (url: string, fingerprint: string | undefined) => ({
    name: 'b',
    url,
    token: 'hvt_secret',
    fingerprint,
  });

  it('sends the token over a connection whose certificate has the pinned fingerprint', async () => {
    const seen: (string | undefined)[] = [];
    const url = await listen(
      createHttpsServer({ cert: certs.certPem, key: certs.keyPem }, (request, response) => {
        seen.push(request.headers.authorization);
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"vms":[]}');
      }),
    );
    const client = createClient({ remote: remote(url, certs.fingerprint) });
    expect(client.target).toBe(url);
    expect(await client.request('GET', '/vms')).toEqual({ vms: [] });
    expect(seen).toEqual(['Bearer hvt_secret']);
  });

  it('refuses a certificate other than the pinned one before a byte of the request is sent', async () => {
    let connections = 0;
    const received: Buffer[] = [];
    // A bare TLS server: it records every byte a client sends after the handshake.
    const url = await listen(
      createTlsServer({ cert: certs.certPem, key: certs.keyPem }, (socket) => {
        socket.on('data', (chunk: Buffer) => {
          received.push(chunk);
          socket.end('HTTP/1.1 204 No Content\r\n\r\n');
        });
        socket.on('error', () => undefined);
      }).on('connection', () => (connections += 1)),
    );
    const other = 'ab'.repeat(32);
    const error = await rejection(createClient({ remote: remote(url, other) }).request('GET', '/vms'));
    expect(error.code).toBe('CERTIFICATE_MISMATCH');
    expect(error.message).toBe(
      `the server at ${url} presents the certificate with SHA-256 fingerprint ${certs.fingerprint}, ` +
        `not the pinned ${other}; nothing was sent to it (if its certificate was replaced on purpose, ` +
        'remove the remote and add it again)',
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(connections).toBe(1);
    expect(Buffer.concat(received).toString()).toBe('');
    // The same server sees the request, token and all, from a client pinning its certificate.
    await createClient({ remote: remote(url, certs.fingerprint) })
      .requestWithStatus('GET', '/vms')
      .catch(() => undefined);
    expect(Buffer.concat(received).toString()).toContain('authorization: Bearer hvt_secret');
  });

  it('without a pin, refuses a certificate no trusted authority signed', async () => {
    const url = await listen(createTlsServer({ cert: certs.certPem, key: certs.keyPem }, () => undefined));
    const error = await rejection(createClient({ remote: remote(url, undefined) }).request('GET', '/vms'));
    expect(error.code).toBe('SERVICE_UNREACHABLE');
    expect(error.message).toContain(
      `cannot reach the hypervisor service at ${url} (remote 'b'): its certificate is signed by an ` +
        'authority this system does not trust',
    );
  });

  it('says a plain-HTTP server at the address is no TLS server', async () => {
    server = createServer((_request, response) => response.end());
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const error = await rejection(
      createClient({ remote: remote(url, certs.fingerprint) }).request('GET', '/vms'),
    );
    expect(error.code).toBe('SERVICE_UNREACHABLE');
    expect(error.message).toContain(
      'the TLS handshake failed (is it serving plain HTTP?) (ERR_SSL_WRONG_VERSION_NUMBER)',
    );
  });

  it('sends the token in plain HTTP to a loopback remote', async () => {
    const seen: (string | undefined)[] = [];
    server = createServer((request, response) => {
      seen.push(request.headers.authorization);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    expect(await createClient({ remote: remote(url, undefined) }).request('GET', '/system/info')).toEqual({});
    expect(seen).toEqual(['Bearer hvt_secret']);
  });

  it('follows the event stream over TLS and resumes it after a drop', async () => {
    const asked: (string | undefined)[] = [];
    const url = await listen(
      createHttpsServer({ cert: certs.certPem, key: certs.keyPem }, (request, response) => {
        asked.push(request.headers['last-event-id'] as string | undefined);
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        if (asked.length === 1) {
          response.write('retry: 20\n\nid: 7\nevent: vm.created\ndata: {"vm":"a"}\n\n', () =>
            request.socket.destroy(),
          );
        } else {
          response.write('id: 8\nevent: vm.deleted\ndata: {"vm":"a"}\n\n');
        }
      }),
    );
    const stream = createClient({ remote: remote(url, certs.fingerprint) }).events();
    const events: ServiceEvent[] = [];
    for await (const event of stream) {
      events.push(event);
      if (events.length === 2) break;
    }
    expect(events.map((e) => [e.id, e.kind])).toEqual([
      ['7', 'vm.created'],
      ['8', 'vm.deleted'],
    ]);
    expect(asked).toEqual([undefined, '7']);
  });

  it('presentedCertificate reads the certificate without trusting or sending anything', async () => {
    const url = await listen(createTlsServer({ cert: certs.certPem, key: certs.keyPem }, () => undefined));
    expect(await presentedCertificate(url)).toMatchObject({
      fingerprint: certs.fingerprint,
      subject: 'CN=hv-test',
      issuer: 'CN=hv-test test CA',
      trusted: false,
      untrustedReason: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
    });
  });
});
