/**
 * The rate limits on a minimal app with small quotas: headers on every response, 429 with
 * Retry-After in the error envelope, quotas per user, and job submissions counted per project; and
 * the concurrent-stream limit's slots (the real server's WebSocket handshake: test/e2e/api-policies).
 */
import {
  createApp,
  createLogger,
  defineRoute,
  openDatabase,
  registerRoutes,
  type App,
  type Database,
} from '@lab/server-kit';
import { EventEmitter } from 'node:events';
import type { FastifyReply, LightMyRequestResponse } from 'fastify';
import { Type } from 'typebox';
import { afterEach, describe, expect, it } from 'vitest';
import { createAuth, createRoleToken, type Auth } from '../../src/api/auth.js';
import {
  createStreamLimit,
  registerRateLimits,
  STREAM_RETRY_AFTER_SECONDS,
} from '../../src/api/rate-limits.js';
import { READ, WRITE } from '../../src/api/scopes.js';
import { API_PREFIX } from '../../src/config.js';

const REQUESTS_PER_MINUTE = 5;
const SUBMISSIONS_PER_HOUR = 2;

const ROUTES = [
  defineRoute({
    method: 'GET',
    url: '/results',
    summary: 'results',
    tags: ['test'],
    access: READ,
    schema: { response: { 200: Type.Object({ ok: Type.Boolean() }) } },
    handler: async () => ({ ok: true }),
  }),
  defineRoute({
    method: 'GET',
    url: '/projects/:id/jobs',
    summary: 'list',
    tags: ['test'],
    access: READ,
    schema: { response: { 200: Type.Object({ ok: Type.Boolean() }) } },
    handler: async () => ({ ok: true }),
  }),
  defineRoute({
    method: 'POST',
    url: '/projects/:id/jobs',
    summary: 'submit',
    tags: ['test'],
    access: WRITE,
    schema: {
      params: Type.Object({ id: Type.String() }),
      response: { 202: Type.Object({ project_id: Type.String() }) },
    },
    handler: async (request, reply) => {
      void reply.code(202);
      return { project_id: request.params.id };
    },
  }),
];

let open: { app: App; db: Database } | undefined;

async function buildApp(enabled: boolean): Promise<{ app: App; auth: Auth }> {
  const db = openDatabase(':memory:', { namespace: 'test', migrations: [] });
  const auth = createAuth(db, { enabled });
  const app = await createApp({
    title: 'test',
    version: '0.0.0',
    prefix: API_PREFIX,
    logger: createLogger({ service: 'test', level: 'silent' }),
  });
  await registerRateLimits(
    app,
    {
      requestsPerMinute: REQUESTS_PER_MINUTE,
      jobSubmissionsPerHour: SUBMISSIONS_PER_HOUR,
      signInsPerMinute: 20,
    },
    auth.userKey,
  );
  registerRoutes(app, ROUTES, { prefix: API_PREFIX, authenticate: auth.authenticate });
  open = { app, db };
  return { app, auth };
}

afterEach(async () => {
  await open?.app.close();
  open?.db.close();
  open = undefined;
});

function limitHeaders(response: LightMyRequestResponse) {
  return {
    limit: response.headers['x-ratelimit-limit'],
    remaining: response.headers['x-ratelimit-remaining'],
    reset: response.headers['x-ratelimit-reset'],
  };
}

const submit = (app: App, project: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: `${API_PREFIX}/projects/${project}/jobs`, headers });

describe('the per-user limit', () => {
  it('sets the rate-limit headers on every response: routes, unknown paths, docs, refusals', async () => {
    const { app } = await buildApp(true);
    const responses = [
      await app.inject({ url: `${API_PREFIX}/results` }), // 401
      await app.inject({ url: '/no/such/route' }),
      await app.inject({ url: `${API_PREFIX}/openapi.json` }),
      await app.inject({ url: `${API_PREFIX}/docs` }),
    ];
    expect(responses.map((r) => r.statusCode)).toEqual([401, 404, 200, 200]);
    responses.forEach((response, i) => {
      expect(limitHeaders(response)).toEqual({
        limit: String(REQUESTS_PER_MINUTE),
        remaining: String(REQUESTS_PER_MINUTE - 1 - i),
        reset: expect.stringMatching(/^\d+$/),
      });
    });
  });

  it('answers 429 RATE_LIMITED with Retry-After once the quota is spent', async () => {
    const { app } = await buildApp(false);
    for (let i = 0; i < REQUESTS_PER_MINUTE; i++) {
      expect((await app.inject({ url: `${API_PREFIX}/results` })).statusCode).toBe(200);
    }
    const refused = await app.inject({ url: `${API_PREFIX}/results` });
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limitHeaders(refused)).toMatchObject({ limit: String(REQUESTS_PER_MINUTE), remaining: '0' });
    expect(refused.json()).toEqual({
      error: {
        code: 'RATE_LIMITED',
        message: `too many requests; retry in ${retryAfter} s`,
        details: { limit: REQUESTS_PER_MINUTE, window: '1 minute', retry_after_seconds: retryAfter },
      },
    });
    // Unknown paths count too, so they cannot be used to probe past the limit.
    expect((await app.inject({ url: '/elsewhere' })).statusCode).toBe(429);
  });

  it('counts each token separately when authentication is on', async () => {
    const { app, auth } = await buildApp(true);
    const first = createRoleToken(auth.tokens, { name: 'first', role: 'viewer' }).token;
    const second = createRoleToken(auth.tokens, { name: 'second', role: 'viewer' }).token;
    const read = (token: string) =>
      app.inject({ url: `${API_PREFIX}/results`, headers: { authorization: `Bearer ${token}` } });
    for (let i = 0; i < REQUESTS_PER_MINUTE; i++) await read(first);
    expect((await read(first)).statusCode).toBe(429);
    const other = await read(second);
    expect(other.statusCode).toBe(200);
    expect(other.headers['x-ratelimit-remaining']).toBe(String(REQUESTS_PER_MINUTE - 1));
  });
});

describe('the job submission limit', () => {
  it("counts submissions per project and reports that quota's numbers", async () => {
    const { app } = await buildApp(false);
    const accepted = await submit(app, 'alpha');
    expect(accepted.statusCode).toBe(202);
    expect(limitHeaders(accepted)).toMatchObject({
      limit: String(SUBMISSIONS_PER_HOUR),
      remaining: String(SUBMISSIONS_PER_HOUR - 1),
    });
    expect((await submit(app, 'alpha')).statusCode).toBe(202);

    const refused = await submit(app, 'alpha');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);
    expect(refused.json().error.details).toMatchObject({ limit: SUBMISSIONS_PER_HOUR, window: '1 hour' });

    expect((await submit(app, 'beta')).statusCode).toBe(202);
    const read = await app.inject({ url: `${API_PREFIX}/results` });
    expect(read.statusCode).toBe(200);
    expect(read.headers['x-ratelimit-limit']).toBe(String(REQUESTS_PER_MINUTE));
  });

  it('leaves the other method of the same path to the per-user limit', async () => {
    const { app } = await buildApp(false);
    const listed = await app.inject({ url: `${API_PREFIX}/projects/alpha/jobs` });
    expect(listed.statusCode).toBe(200);
    expect(listed.headers['x-ratelimit-limit']).toBe(String(REQUESTS_PER_MINUTE));
  });
});

describe('the concurrent-stream limit', () => {
  /** The headers `admit` sets, as a reply would carry them. */
  function replyHeaders() {
    const set: Record<string, unknown> = {};
    const reply = { headers: (headers: Record<string, unknown>) => Object.assign(set, headers) };
    return { set, reply: reply as unknown as FastifyReply };
  }

  it('admits a user up to the limit, then refuses with RATE_LIMITED and the headers of this limit', () => {
    const streams = createStreamLimit(2);
    const { set, reply } = replyHeaders();
    streams.admit('ada', new EventEmitter(), reply);
    streams.admit('ada', new EventEmitter(), reply);
    expect(set).toEqual({});
    let refusal: unknown;
    try {
      streams.admit('ada', new EventEmitter(), reply);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toMatchObject({
      code: 'RATE_LIMITED',
      kind: 'rate_limited',
      message: 'limit of 2 concurrent streams per user reached: close one first',
      details: { limit: 2, window: 'concurrent', open: 2, retry_after_seconds: STREAM_RETRY_AFTER_SECONDS },
    });
    expect(set).toEqual({
      'x-ratelimit-limit': 2,
      'x-ratelimit-remaining': 0,
      'x-ratelimit-reset': STREAM_RETRY_AFTER_SECONDS,
      'retry-after': STREAM_RETRY_AFTER_SECONDS,
    });
    // Another user has slots of their own.
    expect(() => streams.admit('grace', new EventEmitter(), replyHeaders().reply)).not.toThrow();
  });

  it('gives a slot back when its connection closes, and only that one', () => {
    const streams = createStreamLimit(2);
    const first = new EventEmitter();
    streams.admit('ada', first, replyHeaders().reply);
    streams.admit('ada', new EventEmitter(), replyHeaders().reply);
    expect(() => streams.admit('ada', new EventEmitter(), replyHeaders().reply)).toThrow();
    first.emit('close');
    first.emit('close');
    streams.admit('ada', new EventEmitter(), replyHeaders().reply);
    expect(() => streams.admit('ada', new EventEmitter(), replyHeaders().reply)).toThrow();
  });
});
