import { maxHeaderSize } from 'node:http';
import { connect } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { Type } from 'typebox';
import { defineError, defineRoute, registerRoutes, type App } from '../../src/index.js';
import { testApp } from '../helpers.js';
import { MAX_JSON_DEPTH, MAX_PARAM_LENGTH } from '../../src/http/app.js';

const Conflict = defineError<{ name: string }>(
  'VM_ALREADY_RUNNING',
  'conflict',
  (p) => `VM '${p.name}' is running`,
);
const Unavailable = defineError('QUEUE_FULL', 'unavailable', () => 'the queue is full');
const Missing = defineError<{ name: string }>('VM_NOT_FOUND', 'not_found', (p) => `no VM '${p.name}'`);

const CreateVm = Type.Object(
  {
    name: Type.String({ pattern: '^[a-z][a-z0-9-]*$' }),
    cpu: Type.Object({ count: Type.Integer({ minimum: 1, maximum: 64 }) }),
    format: Type.Optional(Type.Enum(['qcow2', 'raw'])),
  },
  { additionalProperties: false },
);

let app: App;

beforeEach(async () => {
  app = await testApp({ bodyLimit: 1024 });
  registerRoutes(
    app,
    [
      defineRoute({
        method: 'POST',
        url: '/vms',
        summary: 'create',
        tags: ['vms'],
        access: 'public',
        schema: { body: CreateVm },
        handler: async (request, reply) =>
          reply.status(201).send({ name: request.body.name, cpus: request.body.cpu.count }),
      }),
      defineRoute({
        method: 'GET',
        url: '/vms',
        summary: 'list',
        tags: ['vms'],
        access: 'public',
        schema: {
          querystring: Type.Object({ page: Type.Integer({ minimum: 1, maximum: 1000, default: 1 }) }),
        },
        handler: async (request) => ({ page: request.query.page }),
      }),
      defineRoute({
        method: 'POST',
        url: '/vms/:name/start',
        summary: 'start',
        tags: ['vms'],
        access: 'public',
        schema: { params: Type.Object({ name: Type.String() }) },
        handler: async (request) => {
          const { name } = request.params;
          if (name === 'running') throw Conflict({ name }, { details: { state: 'RUNNING' } });
          if (name === 'ghost') throw Missing({ name });
          if (name === 'busy') throw Unavailable();
          if (name === 'bug') throw new Error('secret internal detail');
          return { name, state: 'RUNNING' };
        },
      }),
    ],
    { prefix: '/api/v1' },
  );
});

afterEach(() => app.close());

function post(url: string, payload: string, contentType = 'application/json') {
  return app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType } });
}

describe('error envelope', () => {
  it('answers an unknown route with 404 NOT_FOUND', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/nowhere?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'no route GET /api/v1/nowhere', details: {} },
    });
  });

  it('answers broken JSON with 400 INVALID_JSON saying where it broke', async () => {
    const response = await post('/api/v1/vms', '{"name": "web",');
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('INVALID_JSON');
    expect(error.message).toMatch(/not valid JSON: .+/);
  });

  it(`refuses a body nested more than ${MAX_JSON_DEPTH} levels deep with 400, not a stack overflow`, async () => {
    const nested = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
    const roomy = await testApp({ bodyLimit: 1024 * 1024 });
    // Bodies are read only for a route that exists.
    registerRoutes(
      roomy,
      [
        defineRoute({
          method: 'POST',
          url: '/anything',
          summary: 'anything',
          tags: ['t'],
          access: 'public',
          schema: {},
          handler: async () => ({}),
        }),
      ],
      { prefix: '/api/v1' },
    );
    const deep = await roomy.inject({
      method: 'POST',
      url: '/api/v1/anything',
      payload: nested(100_000),
      headers: { 'content-type': 'application/json' },
    });
    await roomy.close();
    expect(deep.statusCode).toBe(400);
    expect(deep.json().error.code).toBe('INVALID_JSON');
    expect(deep.json().error.message).toMatch(/nests more than 128 levels deep \(at (\/a){128}\)/);
    const allowed = await post('/api/v1/vms', nested(MAX_JSON_DEPTH));
    expect(allowed.json().error?.code).not.toBe('INVALID_JSON');
  });

  it('refuses prototype poisoning in a body', async () => {
    const response = await post('/api/v1/vms', '{"__proto__": {"admin": true}}');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('INVALID_JSON');
  });

  it('names the missing field', async () => {
    const response = await post('/api/v1/vms', '{"name": "web"}');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: "invalid body field 'cpu': is required",
      details: { field: 'cpu', location: 'body', expected: 'is required', suggestion: "add 'cpu'" },
    });
  });

  it('names a nested field out of range and does not coerce body types', async () => {
    const tooMany = await post('/api/v1/vms', '{"name": "web", "cpu": {"count": 65}}');
    expect(tooMany.json().error.details).toMatchObject({
      field: 'cpu.count',
      expected: 'must be <= 64',
      suggestion: "change 'cpu.count': it must be <= 64",
    });
    const asText = await post('/api/v1/vms', '{"name": "web", "cpu": {"count": "2"}}');
    expect(asText.statusCode).toBe(400);
    expect(asText.json().error.details).toMatchObject({
      field: 'cpu.count',
      expected: 'must be integer',
      suggestion: "send 'cpu.count' as integer",
    });
  });

  it('refuses unknown fields instead of dropping them', async () => {
    const response = await post('/api/v1/vms', '{"name": "web", "cpu": {"count": 1}, "colour": "red"}');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toMatchObject({
      field: 'colour',
      expected: 'is not a known field',
      suggestion: "remove 'colour', or check its spelling against the documented fields",
    });
  });

  it('lists the allowed values of an enum', async () => {
    const response = await post('/api/v1/vms', '{"name": "web", "cpu": {"count": 1}, "format": "vmdk"}');
    expect(response.json().error.details).toMatchObject({
      field: 'format',
      expected: 'must be one of "qcow2", "raw"',
    });
  });

  it('coerces query strings and names a bad query parameter', async () => {
    expect((await app.inject({ url: '/api/v1/vms?page=3' })).json()).toEqual({ page: 3 });
    expect((await app.inject({ url: '/api/v1/vms' })).json()).toEqual({ page: 1 });
    const bad = await app.inject({ url: '/api/v1/vms?page=zero' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details).toMatchObject({ field: 'page', location: 'querystring' });
  });

  it('answers an oversized body with 413 PAYLOAD_TOO_LARGE naming the limit', async () => {
    const response = await post('/api/v1/vms', JSON.stringify({ name: 'x'.repeat(2000) }));
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: expect.stringContaining('1024 bytes'),
    });
  });

  it('answers an unknown content type with 415', async () => {
    const response = await post('/api/v1/vms', 'name=web', 'application/x-www-form-urlencoded');
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('maps core error kinds to their statuses and keeps their details', async () => {
    const conflict = await app.inject({ method: 'POST', url: '/api/v1/vms/running/start' });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toEqual({
      error: {
        code: 'VM_ALREADY_RUNNING',
        message: "VM 'running' is running",
        details: { state: 'RUNNING' },
      },
    });
    expect((await app.inject({ method: 'POST', url: '/api/v1/vms/ghost/start' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: '/api/v1/vms/busy/start' })).statusCode).toBe(503);
  });

  it('turns an unexpected error into 500 with the request id and no internals', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/v1/vms/bug/start' });
    expect(response.statusCode).toBe(500);
    const requestId = response.headers['x-request-id'];
    expect(response.json()).toEqual({
      error: { code: 'INTERNAL_ERROR', message: 'internal server error', details: { request_id: requestId } },
    });
    expect(response.body).not.toContain('secret internal detail');
    expect(response.body).not.toContain('at ');
  });

  it('accepts an action POST with no body, or an empty JSON body', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/v1/vms/web/start' })).statusCode).toBe(200);
    expect((await post('/api/v1/vms/web/start', '')).statusCode).toBe(200);
  });

  it('takes an empty body as no body whatever its declared type (curl -d "", urllib)', async () => {
    for (const type of ['application/x-www-form-urlencoded', 'text/plain', 'application/octet-stream']) {
      const response = await post('/api/v1/vms/web/start', '', type);
      expect(response.statusCode, type).toBe(200);
    }
    // Still a body for a route that needs one, so the missing fields are named, not the type.
    const create = await post('/api/v1/vms', '', 'application/x-www-form-urlencoded');
    expect(create.statusCode).toBe(400);
    expect(create.json().error.code).toBe('VALIDATION_ERROR');
    // A non-empty body of a type no route reads is still refused.
    expect((await post('/api/v1/vms/web/start', 'a=1', 'application/x-www-form-urlencoded')).statusCode).toBe(
      415,
    );
  });

  it('takes an empty chunked body of any type as no body', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/vms/web/start',
      headers: { 'content-type': 'text/plain', 'transfer-encoding': 'chunked' },
      payload: '',
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('invalid UTF-8', () => {
  it('refuses a body with bytes that are not UTF-8, naming the field, instead of replacing them', async () => {
    const payload = Buffer.concat([
      Buffer.from('{"name":"p'),
      Buffer.from([0xff]),
      Buffer.from('","cpu":{"count":1}}'),
    ]);
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/vms',
      payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'INVALID_UTF8',
      message: "body field 'name' is not valid UTF-8",
      details: { location: 'body', field: 'name', byte_offset: 10 },
    });
  });

  it('names a nested field, and the body when the bytes are outside any string', async () => {
    const nested = Buffer.concat([
      Buffer.from('{"cpu":{"tags":["ok","a'),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('"]}}'),
    ]);
    const inner = await post('/api/v1/vms', nested as unknown as string);
    expect(inner.json().error.details.field).toBe('cpu/tags/1');
    const outside = Buffer.concat([Buffer.from('{"a":1'), Buffer.from([0xfe]), Buffer.from('}')]);
    const whole = await post('/api/v1/vms', outside as unknown as string);
    expect(whole.json().error).toMatchObject({ code: 'INVALID_UTF8', details: { field: '' } });
  });

  it('keeps well-formed text, U+FFFD and astral characters included', async () => {
    const response = await post('/api/v1/vms', JSON.stringify({ name: 'a\uFFFD😀', cpu: { count: 1 } }));
    // Refused by the name pattern, which proves the text reached validation intact.
    expect(response.json().error.code).toBe('VALIDATION_ERROR');
  });

  it('refuses a string or key holding a lone surrogate escape, naming it; a pair is text', async () => {
    const lone = await post('/api/v1/vms', '{"name":"web","cpu":{"count":1},"tags":{"a\\udc00":"\\ud83d"}}');
    expect(lone.statusCode).toBe(400);
    expect(lone.json().error).toMatchObject({ code: 'INVALID_UTF8', details: { field: 'tags/a\uFFFD' } });
    const value = await post('/api/v1/vms', '{"name":"\\ud83d","cpu":{"count":1}}');
    expect(value.json().error).toMatchObject({ code: 'INVALID_UTF8', details: { field: 'name' } });
    const pair = await post('/api/v1/vms', '{"name":"\\ud83d\\ude00","cpu":{"count":1}}');
    expect(pair.json().error.code).toBe('VALIDATION_ERROR');
  });

  it('refuses a query parameter whose percent-encoding is not UTF-8, naming it', async () => {
    const response = await app.inject({ url: '/api/v1/vms?page=%FF' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'INVALID_UTF8',
      details: { location: 'querystring', field: 'page' },
    });
    expect((await app.inject({ url: '/api/v1/vms?page=%32' })).json()).toEqual({ page: 2 });
  });
});

describe('answers the framework gives', () => {
  it('answers a known path with an unknown method 405 with an Allow header', async () => {
    const response = await app.inject({ method: 'DELETE', url: '/api/v1/vms?x=1' });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD, POST');
    expect(response.json().error).toMatchObject({
      code: 'METHOD_NOT_ALLOWED',
      details: { method: 'DELETE', allowed: ['GET', 'HEAD', 'POST'] },
    });
    const action = await app.inject({ method: 'GET', url: '/api/v1/vms/web/start' });
    expect(action.statusCode).toBe(405);
    expect(action.headers.allow).toBe('POST');
    expect((await app.inject({ method: 'GET', url: '/api/v1/vms/web/nothing' })).statusCode).toBe(404);
  });

  it('answers a method with a body but no route (QUERY) 405 before asking for its content type', async () => {
    const response = await app.inject({ method: 'QUERY' as 'GET', url: '/api/v1/vms' });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD, POST');
  });

  it('names in Allow the methods of the most specific route a path matches', async () => {
    const scoped = await testApp();
    const route = (method: 'GET' | 'POST' | 'DELETE', url: string) =>
      defineRoute({
        method,
        url,
        summary: url,
        tags: ['t'],
        access: 'public',
        schema: {},
        handler: async () => ({}),
      });
    registerRoutes(
      scoped,
      [route('GET', '/disks/pools'), route('POST', '/disks/pools'), route('DELETE', '/disks/:name')],
      {
        prefix: '',
      },
    );
    const response = await scoped.inject({ method: 'PUT', url: '/disks/pools' });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD, POST');
    expect((await scoped.inject({ method: 'PUT', url: '/disks/web' })).headers.allow).toBe('DELETE');
    await scoped.close();
  });

  it('answers a path parameter over the router limit 414 in the envelope, with a request id', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `/api/v1/vms/${'a'.repeat(MAX_PARAM_LENGTH + 1)}/start`,
    });
    expect(response.statusCode).toBe(414);
    expect(response.json().error).toMatchObject({
      code: 'URI_TOO_LONG',
      details: { limit: MAX_PARAM_LENGTH },
    });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers a path that is not UTF-8 400 BAD_URL in the envelope', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/v1/vms/%FF/start' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('BAD_URL');
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('request ids', () => {
  it('puts a fresh id on every response, errors included', async () => {
    const ok = await app.inject({ url: '/api/v1/vms' });
    const missing = await app.inject({ url: '/nowhere' });
    expect(ok.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(missing.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(ok.headers['x-request-id']).not.toBe(missing.headers['x-request-id']);
  });

  it("keeps a caller's well-formed id and replaces a malformed one", async () => {
    const kept = await app.inject({ url: '/api/v1/vms', headers: { 'x-request-id': 'trace-42.a:b' } });
    expect(kept.headers['x-request-id']).toBe('trace-42.a:b');
    const replaced = await app.inject({
      url: '/api/v1/vms',
      headers: { 'x-request-id': 'bad id\nwith newline' },
    });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('error codes for hooks', () => {
  it('tells onResponse hooks the catalogue code a request was answered with', async () => {
    const coded = await testApp();
    const seen: (string | null)[] = [];
    coded.addHook('onResponse', async (request) => {
      seen.push(request.errorCode);
    });
    coded.get('/api/v1/busy', async () => {
      throw Conflict({ name: 'web' });
    });
    coded.get('/api/v1/ok', async () => ({ ok: true }));
    await coded.inject({ url: '/api/v1/ok' });
    await coded.inject({ url: '/api/v1/busy' });
    await coded.inject({ url: '/api/v1/nowhere' });
    expect(seen).toEqual([null, 'VM_ALREADY_RUNNING', 'NOT_FOUND']);
    await coded.close();
  });
});

describe('access log', () => {
  /** An app whose log lines (at `level`) are collected as parsed JSON. */
  async function loggedApp(level: 'info' | 'debug') {
    const lines: Record<string, unknown>[] = [];
    const logger = pino({ level }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const logged = await testApp({ logger });
    logged.get('/api/v1/ok', async () => ({ ok: true }));
    logged.post('/api/v1/ok', async () => ({ ok: true }));
    return { logged, lines };
  }

  it('writes one line per request at debug level, with the request id, status and time', async () => {
    const { logged, lines } = await loggedApp('debug');
    const response = await logged.inject({ url: '/api/v1/ok?x=1' });
    expect(lines).toEqual([
      expect.objectContaining({
        level: 20,
        msg: 'request',
        request_id: response.headers['x-request-id'],
        method: 'GET',
        url: '/api/v1/ok?x=1',
        status: 200,
        response_ms: expect.any(Number),
      }),
    ]);
    await logged.close();
  });

  it('writes nothing for a success at info level, and the refusal of a bad request', async () => {
    const { logged, lines } = await loggedApp('info');
    await logged.inject({ url: '/api/v1/ok' });
    expect(lines).toEqual([]);
    await logged.inject({
      method: 'POST',
      url: '/api/v1/ok',
      payload: '{',
      headers: { 'content-type': 'application/json' },
    });
    expect(lines).toEqual([
      expect.objectContaining({ level: 30, msg: 'request refused', status: expect.any(Number) }),
    ]);
    await logged.close();
  });
});

describe('OpenAPI', () => {
  it('serves a 3.1 document of the routes under the prefix, with the error envelope', async () => {
    const response = await app.inject({ url: '/api/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v1/vms', '/api/v1/vms/{name}/start']),
    );
    expect(doc.paths['/api/v1/openapi.json']).toBeUndefined();
    expect(doc.components.schemas.ErrorEnvelope).toBeDefined();
    const create = doc.paths['/api/v1/vms'].post;
    expect(create.requestBody.content['application/json'].schema.required).toEqual(['name', 'cpu']);
    expect(create.responses['4XX'].content['application/json'].schema.$ref).toBe(
      '#/components/schemas/ErrorEnvelope',
    );
  });

  it('serves Swagger UI from local files', async () => {
    const response = await app.inject({ url: '/api/v1/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).not.toMatch(/https?:\/\/(unpkg|cdn)/);
  });
});

describe('requests the HTTP parser refuses', () => {
  /** Sends `raw` on a fresh connection to the listening app; resolves with all it answered. */
  async function exchange(raw: string): Promise<string> {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.write(raw));
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
      socket.on('close', () => resolve(answer));
      socket.on('error', reject);
    });
  }

  function parse(answer: string): { status: number; headers: string; body: any } {
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    return { status: Number(head.split(' ')[1]), headers: head.toLowerCase(), body: JSON.parse(body) };
  }

  it('answers headers over the limit 431 in the envelope, with a request id', async () => {
    const answer = parse(
      await exchange(`GET /api/v1/vms HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(maxHeaderSize)}\r\n\r\n`),
    );
    expect(answer.status).toBe(431);
    expect(answer.body.error).toMatchObject({
      code: 'HEADERS_TOO_LARGE',
      details: { limit_bytes: maxHeaderSize },
    });
    expect(answer.headers).toMatch(/x-request-id: [0-9a-f-]{36}/);
  });

  it('answers bytes that are not HTTP 400 BAD_REQUEST in the envelope', async () => {
    const answer = parse(await exchange('HELLO\r\n\r\n'));
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('BAD_REQUEST');
    expect(answer.headers).toMatch(/x-request-id: [0-9a-f-]{36}/);
  });
});
