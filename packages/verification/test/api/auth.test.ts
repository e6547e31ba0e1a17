/**
 * The role matrix through a minimal app: dummy routes needing each role, tokens of each role sent
 * both ways (bearer and API key), the token routes, and authentication switched off.
 */
import {
  createApp,
  createLogger,
  defineRoute,
  openDatabase,
  registerRoutes,
  type Access,
  type App,
  type Database,
} from '@lab/server-kit';
import { Type } from 'typebox';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createAuth,
  createRoleToken,
  SECURITY_SCHEME_NAMES,
  SECURITY_SCHEMES,
  type Auth,
  roleDetails,
} from '../../src/api/auth.js';
import { ADMIN, READ, WRITE, type Role } from '../../src/api/scopes.js';
import { tokenRoutes } from '../../src/api/token-routes.js';
import { API_PREFIX } from '../../src/config.js';

const dummy = (method: 'GET' | 'POST', url: string, access: Access) =>
  defineRoute({
    method,
    url,
    summary: url,
    tags: ['test'],
    access,
    schema: { response: { 200: Type.Object({ ok: Type.Boolean() }) } },
    handler: async () => ({ ok: true }),
  });

const ROUTES = [
  dummy('GET', '/read', READ),
  dummy('POST', '/write', WRITE),
  dummy('POST', '/admin', ADMIN),
  dummy('GET', '/public', 'public'),
];

interface TestApp {
  app: App;
  auth: Auth;
  db: Database;
}

let open: TestApp | undefined;

async function buildApp(enabled: boolean): Promise<TestApp> {
  const db = openDatabase(':memory:', { namespace: 'test', migrations: [] });
  const auth = createAuth(db, { enabled });
  const app = await createApp({
    title: 'test',
    version: '0.0.0',
    prefix: API_PREFIX,
    logger: createLogger({ service: 'test', level: 'silent' }),
    securitySchemes: SECURITY_SCHEMES,
  });
  registerRoutes(app, [...ROUTES, ...tokenRoutes(auth.tokens)], {
    prefix: API_PREFIX,
    authenticate: auth.authenticate,
    securitySchemes: SECURITY_SCHEME_NAMES,
    forbiddenDetails: roleDetails,
  });
  open = { app, auth, db };
  return open;
}

afterEach(async () => {
  await open?.app.close();
  open?.db.close();
  open = undefined;
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const apiKey = (token: string) => ({ 'x-api-key': token });

function call(app: App, method: 'GET' | 'POST', path: string, headers: Record<string, string> = {}) {
  return app.inject({ method, url: `${API_PREFIX}${path}`, headers });
}

describe('with authentication enabled', () => {
  it('refuses a request without a credential or with an unknown one with 401', async () => {
    const { app } = await buildApp(true);
    for (const headers of [
      {},
      bearer('vpt_not-a-real-token'),
      apiKey('vpt_nope'),
      bearer('not even prefixed'),
    ]) {
      const response = await call(app, 'GET', '/read', headers);
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('UNAUTHORIZED');
    }
  });

  it('lets a public route through without a credential', async () => {
    const { app } = await buildApp(true);
    expect((await call(app, 'GET', '/public')).statusCode).toBe(200);
  });

  const MATRIX: [Role, read: number, write: number, admin: number][] = [
    ['viewer', 200, 403, 403],
    ['developer', 200, 200, 403],
    ['admin', 200, 200, 200],
  ];
  for (const [role, read, write, admin] of MATRIX) {
    for (const [form, headersFor] of [
      ['bearer', bearer],
      ['X-API-Key', apiKey],
    ] as const) {
      it(`gives ${role} tokens sent as ${form} their role's permissions`, async () => {
        const { app, auth } = await buildApp(true);
        const { token } = createRoleToken(auth.tokens, { name: `${role}-token`, role });
        const headers = headersFor(token);
        expect((await call(app, 'GET', '/read', headers)).statusCode).toBe(read);
        expect((await call(app, 'POST', '/write', headers)).statusCode).toBe(write);
        expect((await call(app, 'POST', '/admin', headers)).statusCode).toBe(admin);
      });
    }
  }

  it("names the caller's role and the required role in a 403", async () => {
    const { app, auth } = await buildApp(true);
    const viewer = createRoleToken(auth.tokens, { name: 'v', role: 'viewer' }).token;
    const developer = createRoleToken(auth.tokens, { name: 'd', role: 'developer' }).token;

    const write = await call(app, 'POST', '/write', bearer(viewer));
    expect(write.statusCode).toBe(403);
    expect(write.json().error).toEqual({
      code: 'FORBIDDEN',
      message: "this credential lacks the scope 'platform:write'",
      details: { required_scope: 'platform:write', role: 'viewer', required_role: 'developer' },
    });
    const admin = await call(app, 'POST', '/admin', apiKey(developer));
    expect(admin.json().error.details).toMatchObject({ role: 'developer', required_role: 'admin' });
  });

  it('refuses a token once its row is gone, as after a revoke from another process', async () => {
    const { app, auth, db } = await buildApp(true);
    const { token } = createRoleToken(auth.tokens, { name: 'ci', role: 'viewer' });
    expect((await call(app, 'GET', '/read', bearer(token))).statusCode).toBe(200);
    db.prepare('DELETE FROM api_tokens WHERE name = ?').run('ci');
    expect((await call(app, 'GET', '/read', bearer(token))).statusCode).toBe(401);
  });

  it('keys a request by token name, or by address without a valid token', async () => {
    const { app, auth } = await buildApp(true);
    const { token } = createRoleToken(auth.tokens, { name: 'ci', role: 'viewer' });
    const keys: string[] = [];
    app.addHook('onRequest', async (request) => {
      keys.push(auth.userKey(request));
    });
    await call(app, 'GET', '/public', apiKey(token));
    await call(app, 'GET', '/public', bearer('vpt_wrong'));
    expect(keys).toEqual(['ci', 'addr:127.0.0.1']);
  });
});

describe('with authentication disabled', () => {
  it('lets every request through as an admin', async () => {
    const { app } = await buildApp(false);
    for (const [method, path] of [
      ['GET', '/read'],
      ['POST', '/write'],
      ['POST', '/admin'],
    ] as const) {
      expect((await call(app, method, path)).statusCode).toBe(200);
      expect((await call(app, method, path, bearer('vpt_ignored'))).statusCode).toBe(200);
    }
  });

  it('keys every request by address', async () => {
    const { app, auth } = await buildApp(false);
    const { token } = createRoleToken(auth.tokens, { name: 'ci', role: 'admin' });
    const keys: string[] = [];
    app.addHook('onRequest', async (request) => {
      keys.push(auth.userKey(request));
    });
    await call(app, 'GET', '/public', bearer(token));
    expect(keys).toEqual(['addr:127.0.0.1']);
  });
});

describe('token routes', () => {
  it('create a token shown once, list it by role without the secret, and revoke it', async () => {
    const { app, auth } = await buildApp(true);
    const root = bearer(createRoleToken(auth.tokens, { name: 'root', role: 'admin' }).token);

    const created = await app.inject({
      method: 'POST',
      url: `${API_PREFIX}/tokens`,
      headers: root,
      payload: { name: 'ci', role: 'developer', expires_in_days: 30 },
    });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({ name: 'ci', role: 'developer', last_used_at: null });
    expect(body.token).toMatch(/^vpt_[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(body.expires_at) - Date.now()).toBeGreaterThan(29 * 86_400_000);
    expect((await call(app, 'POST', '/write', bearer(body.token))).statusCode).toBe(200);

    const listed = await call(app, 'GET', '/tokens', root);
    expect(listed.statusCode).toBe(200);
    const names = listed.json().tokens.map((t: { name: string; role: string }) => `${t.name}:${t.role}`);
    expect(names).toEqual(['root:admin', 'ci:developer']);
    expect(listed.body).not.toContain(body.token);
    expect(listed.body).not.toContain('hash');

    const revoked = await app.inject({ method: 'DELETE', url: `${API_PREFIX}/tokens/ci`, headers: root });
    expect(revoked.statusCode).toBe(204);
    expect(revoked.body).toBe('');
    expect((await call(app, 'POST', '/write', bearer(body.token))).statusCode).toBe(401);
    const again = await app.inject({ method: 'DELETE', url: `${API_PREFIX}/tokens/ci`, headers: root });
    expect(again.json().error.code).toBe('TOKEN_NOT_FOUND');
  });

  it('refuse an unknown role, a taken name, and a developer caller', async () => {
    const { app, auth } = await buildApp(true);
    const root = bearer(createRoleToken(auth.tokens, { name: 'root', role: 'admin' }).token);
    const developer = bearer(createRoleToken(auth.tokens, { name: 'dev', role: 'developer' }).token);
    const create = (headers: Record<string, string>, payload: object) =>
      app.inject({ method: 'POST', url: `${API_PREFIX}/tokens`, headers, payload });

    expect((await create(root, { name: 'x', role: 'owner' })).json().error.code).toBe('VALIDATION_ERROR');
    expect((await create(root, { name: 'dev', role: 'viewer' })).statusCode).toBe(409);
    expect((await create(developer, { name: 'x', role: 'viewer' })).statusCode).toBe(403);
  });
});
