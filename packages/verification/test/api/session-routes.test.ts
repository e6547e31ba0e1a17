/**
 * Browser sessions on the whole service in-process: sign-in with good and bad tokens and the
 * cookie it sets, GET and DELETE of the session, the CSRF token on changes made with the cookie
 * (and not on those made with a header), the end of a session at its expiry, at its token's
 * revocation, and not at a restart; the sign-in quota; the WebSocket stream opened with the cookie.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger, parseConfig, type App, type Database } from '@lab/server-kit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createRoleToken, openTokenStore } from '../../src/api/auth.js';
import { buildServer } from '../../src/api/server.js';
import { API_PREFIX, ServeConfigSchema } from '../../src/config.js';
import { openStore } from '../../src/store/database.js';
import { COUNTER } from '../support/projects.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

interface Running {
  app: App;
  db: Database;
  dataDir: string;
  close(): Promise<void>;
}
const running: Running[] = [];
afterEach(async () => {
  for (const r of running.splice(0)) await r.close();
});

/** The service with authentication on over `dataDir` (a new one by default). */
async function start(settings: Record<string, unknown> = {}, dataDir?: string): Promise<Running> {
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'vp-session-'));
  if (dataDir === undefined) dirs.push(dir);
  const db = openStore(dir);
  const app = await buildServer({
    db,
    logger: createLogger({ service: 'test', level: 'silent' }),
    config: parseConfig(ServeConfigSchema, { dataDir: dir, authEnabled: true, ...settings }),
  });
  await app.ready();
  const r: Running = {
    app,
    db,
    dataDir: dir,
    async close() {
      await app.close();
      db.close();
    },
  };
  running.push(r);
  return r;
}

function token(db: Database, name: string, role: 'viewer' | 'developer' | 'admin', expiresInDays?: number) {
  return createRoleToken(openTokenStore(db), { name, role, expiresInDays }).token;
}

async function call(
  app: App,
  method: string,
  url: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
) {
  const response = await app.inject({
    method: method as 'GET',
    url: API_PREFIX + url,
    headers: options.headers ?? {},
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
  return {
    status: response.statusCode,
    headers: response.headers,
    body: response.body === '' ? undefined : response.json(),
  };
}

/** Signs in with `secret`; answers the cookie header to send back and the CSRF token. */
async function signIn(app: App, secret: string) {
  const answer = await call(app, 'POST', '/session', { body: { token: secret } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  const setCookie = String(answer.headers['set-cookie']);
  return {
    answer,
    setCookie,
    cookie: setCookie.split(';')[0]!,
    csrf: answer.body.csrf_token as string,
  };
}

const PROJECT = { ...COUNTER, name: 'p' };

let shared: Running;
beforeAll(async () => {
  shared = await start();
  // Not in `running`: it serves every test of the file.
  running.pop();
});
afterAll(async () => shared.close());

describe('sessions', () => {
  it('signs in with a live token: an HttpOnly, SameSite=Strict cookie and the session', async () => {
    const { app, db } = shared;
    const { answer, setCookie, cookie, csrf } = await signIn(app, token(db, 'dev', 'developer'));
    expect(setCookie).toMatch(
      /^vp_session=[A-Za-z0-9_-]{43}; Max-Age=(43199|43200); Path=\/; HttpOnly; SameSite=Strict$/,
    );
    expect(answer.body).toMatchObject({
      auth_enabled: true,
      name: 'dev',
      role: 'developer',
      limits: { upload_max_bytes: 100 * 1024 * 1024, upload_max_files: 10_000 },
    });
    expect(Date.parse(answer.body.expires_at) - Date.now()).toBeGreaterThan(11.9 * 3_600_000);
    expect(csrf).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const again = await call(app, 'GET', '/session', { headers: { cookie } });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(answer.body);
    const byHeader = await call(app, 'GET', '/session', {
      headers: { authorization: `Bearer ${token(db, 'view', 'viewer', 3)}` },
    });
    expect(byHeader.body).toMatchObject({ name: 'view', role: 'viewer', csrf_token: null });
    expect(byHeader.body.expires_at).not.toBeNull();
    expect((await call(app, 'GET', '/session')).status).toBe(401);
    expect((await call(app, 'GET', '/projects', { headers: { cookie } })).status).toBe(200);
  });

  it('refuses a bad, revoked or expired token, and ends the sessions of a revoked one', async () => {
    const { app, db } = shared;
    for (const bad of ['vpt_nope', 'nope', `vpt_${'A'.repeat(43)}`]) {
      const refused = await call(app, 'POST', '/session', { body: { token: bad } });
      expect(refused.status, bad).toBe(401);
      expect(refused.body.error.code).toBe('UNAUTHORIZED');
      expect(refused.headers['set-cookie']).toBeUndefined();
    }
    expect((await call(app, 'POST', '/session', { body: {} })).status).toBe(400);

    const admin = token(db, 'admin', 'admin');
    const secret = token(db, 'soon-gone', 'viewer');
    const { cookie } = await signIn(app, secret);
    const revoked = await call(app, 'DELETE', '/tokens/soon-gone', { headers: { 'x-api-key': admin } });
    expect(revoked.status).toBe(204);
    expect((await call(app, 'GET', '/session', { headers: { cookie } })).status).toBe(401);
    expect((await call(app, 'POST', '/session', { body: { token: secret } })).status).toBe(401);

    const expired = token(db, 'expired', 'viewer', 1);
    db.prepare("UPDATE api_tokens SET expires_at = '2020-01-01T00:00:00.000Z' WHERE name = 'expired'").run();
    expect((await call(app, 'POST', '/session', { body: { token: expired } })).status).toBe(401);
  });

  it('asks for the CSRF token on changes made with the cookie, not on those made with a header', async () => {
    const { app, db } = shared;
    const secret = token(db, 'dev2', 'developer');
    const { cookie, csrf } = await signIn(app, secret);
    for (const headers of [
      { cookie },
      { cookie, 'x-csrf-token': `${csrf.slice(0, -1)}x` },
      { cookie, 'x-csrf-token': '' },
    ]) {
      const refused = await call(app, 'POST', '/projects', { body: PROJECT, headers });
      expect(refused.status).toBe(403);
      expect(refused.body.error).toMatchObject({
        code: 'CSRF_TOKEN_INVALID',
        details: { header: 'X-CSRF-Token' },
      });
    }
    const made = await call(app, 'POST', '/projects', {
      body: PROJECT,
      headers: { cookie, 'x-csrf-token': csrf },
    });
    expect(made.status).toBe(201);
    const byBearer = await call(app, 'POST', '/projects', {
      body: { ...PROJECT, name: 'q' },
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(byBearer.status).toBe(201);
    // A header credential is the one used even beside a cookie: no CSRF token asked.
    const both = await call(app, 'POST', '/projects', {
      body: { ...PROJECT, name: 'r' },
      headers: { cookie, 'x-api-key': secret },
    });
    expect(both.status).toBe(201);
  });

  it('signs out: the session row goes, the cookie is cleared, and the CSRF token is needed for it', async () => {
    const { app, db } = shared;
    const { cookie, csrf } = await signIn(app, token(db, 'dev3', 'developer'));
    const before = db.prepare('SELECT count(*) FROM sessions').pluck().get() as number;
    expect((await call(app, 'DELETE', '/session', { headers: { cookie } })).status).toBe(403);
    const out = await call(app, 'DELETE', '/session', { headers: { cookie, 'x-csrf-token': csrf } });
    expect(out.status).toBe(204);
    expect(out.headers['set-cookie']).toBe('vp_session=; Max-Age=0; Path=/; HttpOnly; SameSite=Strict');
    expect(db.prepare('SELECT count(*) FROM sessions').pluck().get()).toBe(before - 1);
    expect((await call(app, 'GET', '/session', { headers: { cookie } })).status).toBe(401);
    expect((await call(app, 'DELETE', '/session', { headers: { cookie } })).status).toBe(204);
  });

  it('keeps a session across a restart, and ends it at its lifetime', async () => {
    const first = await start();
    const { cookie } = await signIn(first.app, token(first.db, 'dev', 'developer'));
    await first.close();
    running.splice(running.indexOf(first), 1);
    const second = await start({}, first.dataDir);
    expect((await call(second.app, 'GET', '/session', { headers: { cookie } })).body.name).toBe('dev');
    // Its end, come early: the lifetime itself is the store's unit test's, on a clock of its own.
    second.db.prepare("UPDATE sessions SET expires_at = '2020-01-01T00:00:00.000Z'").run();
    expect((await call(second.app, 'GET', '/session', { headers: { cookie } })).status).toBe(401);
  });

  it('limits sign-in attempts per address', async () => {
    const { app } = await start({ signInsPerMinute: 3 });
    const statuses = [];
    for (let i = 0; i < 4; i += 1)
      statuses.push((await call(app, 'POST', '/session', { body: { token: `vpt_guess${i}` } })).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('says with authentication off that there is no one to sign in as', async () => {
    const { app } = await start({ authEnabled: false });
    const session = await call(app, 'GET', '/session');
    expect(session.body).toEqual({
      auth_enabled: false,
      name: 'anonymous',
      role: 'admin',
      expires_at: null,
      csrf_token: null,
      limits: { upload_max_bytes: 100 * 1024 * 1024, upload_max_files: 10_000 },
    });
    expect((await call(app, 'POST', '/session', { body: { token: 'vpt_x' } })).status).toBe(409);
  });

  it('opens a job stream with the cookie from its own origin, and refuses it from another', async () => {
    const { app, db } = shared;
    const admin = token(db, 'admin2', 'admin');
    const project = await call(app, 'POST', '/projects', {
      body: { ...PROJECT, name: 'streamed' },
      headers: { 'x-api-key': admin },
    });
    const job = 'job_0123456789abcdef';
    db.prepare(
      `INSERT INTO jobs (id, project_id, status, stages, config_overrides, submitted_at, estimated_ms)
       VALUES (?, ?, 'passed', '["lint"]', '{}', '2025-01-01T00:00:00Z', 0)`,
    ).run(job, project.body.id);
    const { cookie } = await signIn(app, token(db, 'viewer', 'viewer'));
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const host = new URL(address).host;
    const open = (origin: string) =>
      new Promise<{ status: number; body: string; messages: string[] }>((resolve) => {
        const socket = new WebSocket(`ws://${host}${API_PREFIX}/jobs/${job}/stream`, {
          headers: { cookie },
          origin,
        });
        const messages: string[] = [];
        socket.on('message', (data: Buffer) => messages.push(data.toString('utf8')));
        socket.on('close', () => resolve({ status: 101, body: '', messages }));
        socket.on('error', () => undefined);
        socket.on('unexpected-response', (_request, response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body, messages }));
        });
      });
    const own = await open(`http://${host}`);
    expect(own.status).toBe(101);
    expect(JSON.parse(own.messages.at(-1)!)).toMatchObject({ type: 'job_complete', status: 'passed' });
    const foreign = await open('http://evil.example');
    expect(foreign.status).toBe(403);
    expect(JSON.parse(foreign.body).error.code).toBe('ORIGIN_NOT_ALLOWED');
  });
});
