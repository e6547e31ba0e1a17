import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearerToken,
  createTokenStore,
  defineRoute,
  openDatabase,
  registerRoutes,
  scopeCatalogue,
  type App,
  type RouteSpec,
} from '../../src/index.js';
import { testApp } from '../helpers.js';

const SCOPES = scopeCatalogue(['vm', 'storage']);

function route(method: 'GET' | 'POST', url: string, scope: string | null): RouteSpec {
  return defineRoute({
    method,
    url,
    summary: url,
    tags: ['t'],
    access: scope === null ? 'public' : { scope },
    schema: {},
    handler: async (request) => ({ principal: request.principal?.name ?? null }),
  });
}

const ROUTES = [
  route('GET', '/open', null),
  defineRoute({
    method: 'POST',
    url: '/strict',
    summary: 'a route whose body has a schema',
    tags: ['t'],
    access: { scope: 'vm:write' },
    schema: { body: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } },
    handler: async () => ({ ok: true }),
  }),
  route('GET', '/vms', 'vm:read'),
  route('POST', '/vms', 'vm:write'),
  route('GET', '/storage', 'storage:read'),
  defineRoute({
    method: 'GET',
    url: '/either',
    summary: 'enough with either scope; the handler checks the rest',
    tags: ['t'],
    access: { anyOf: ['vm:read', 'storage:read'] },
    schema: {},
    handler: async (request) => ({ principal: request.principal?.name ?? null }),
  }),
];

describe('access rules', () => {
  let app: App;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    const db = openDatabase(':memory:', { namespace: 'test', migrations: [] });
    const store = createTokenStore(db, { prefix: 'tst_', scopes: SCOPES });
    for (const [name, scopes] of Object.entries({
      none: [],
      vmRead: ['vm:read'],
      vmWrite: ['vm:write'],
      storageRead: ['storage:read'],
      admin: ['admin'],
    })) {
      tokens[name] = store.create({ name, scopes }).token;
    }
    app = await testApp({
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'API token' } },
    });
    registerRoutes(app, ROUTES, {
      prefix: '',
      scopes: SCOPES,
      securitySchemes: ['bearer'],
      authenticate: (request) => {
        const token = bearerToken(request);
        const record = token === undefined ? null : store.authenticate(token);
        return record === null ? null : { name: record.name, scopes: record.scopes };
      },
    });
  });
  afterAll(() => app.close());

  // Expected status of each (token, route) pair: the whole matrix.
  const MATRIX: Record<string, [number, number, number, number, number]> = {
    //            GET /open  GET /vms  POST /vms  GET /storage  GET /either
    anonymous: [200, 401, 401, 401, 401],
    invalid: [200, 401, 401, 401, 401],
    none: [200, 403, 403, 403, 403],
    vmRead: [200, 200, 403, 403, 200],
    vmWrite: [200, 200, 200, 403, 200],
    storageRead: [200, 403, 403, 200, 200],
    admin: [200, 200, 200, 200, 200],
  };

  for (const [who, expected] of Object.entries(MATRIX)) {
    it(`gives ${who} ${expected.join(', ')}`, async () => {
      const authorization =
        who === 'anonymous' ? undefined : who === 'invalid' ? 'Bearer tst_forged' : `Bearer ${tokens[who]}`;
      const statuses = [];
      for (const r of ROUTES.filter((route) => route.url !== '/strict')) {
        const response = await app.inject({
          method: r.method,
          url: r.url,
          headers: authorization === undefined ? {} : { authorization },
        });
        statuses.push(response.statusCode);
        if (response.statusCode === 401) expect(response.json().error.code).toBe('UNAUTHORIZED');
        if (response.statusCode === 403) {
          expect(response.json().error).toMatchObject({
            code: 'FORBIDDEN',
            details: {
              required_scope:
                r.access === 'public' ? '' : 'scope' in r.access ? r.access.scope : r.access.anyOf[0],
              ...(r.url === '/either' ? { accepted_scopes: ['vm:read', 'storage:read'] } : {}),
            },
          });
        }
        if (response.statusCode === 200 && r.access !== 'public') expect(response.json().principal).toBe(who);
      }
      expect(statuses).toEqual(expected);
    });
  }

  it('checks the credential before the body: a bad body without a token is 401, not 400', async () => {
    const anonymous = await app.inject({ method: 'POST', url: '/strict', payload: { wrong: 1 } });
    expect(anonymous.statusCode).toBe(401);
    const weak = await app.inject({
      method: 'POST',
      url: '/strict',
      payload: 'not json',
      headers: { authorization: `Bearer ${tokens.vmRead}`, 'content-type': 'application/json' },
    });
    expect(weak.statusCode).toBe(403);
    const allowed = await app.inject({
      method: 'POST',
      url: '/strict',
      payload: { wrong: 1 },
      headers: { authorization: `Bearer ${tokens.vmWrite}` },
    });
    expect(allowed.json().error.code).toBe('VALIDATION_ERROR');
  });

  it('documents the scope of each route in OpenAPI', async () => {
    const doc = (await app.inject({ url: '/api/v1/openapi.json' })).json();
    expect(doc.paths['/vms'].post.security).toEqual([{ bearer: ['vm:write'] }]);
    expect(doc.paths['/vms'].post.description).toContain('Requires scope `vm:write`');
    expect(doc.paths['/open'].get.security).toBeUndefined();
    expect(doc.paths['/either'].get.security).toEqual([
      { bearer: ['vm:read'] },
      { bearer: ['storage:read'] },
    ]);
    expect(doc.paths['/either'].get.description).toContain(
      'Requires one of the scopes `vm:read`, `storage:read`',
    );
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
  });
});

describe('registration', () => {
  it('fails at registration when a route needs a scope and no authenticator is given', async () => {
    const app = await testApp();
    expect(() => registerRoutes(app, [route('GET', '/vms', 'vm:read')], { prefix: '' })).toThrow(
      /no authenticator/,
    );
    await app.close();
  });

  it('fails at registration when a route names a scope outside the catalogue', async () => {
    const app = await testApp();
    expect(() =>
      registerRoutes(app, [route('GET', '/vms', 'vm:raed')], {
        prefix: '',
        scopes: SCOPES,
        authenticate: () => null,
      }),
    ).toThrow(/unknown scope 'vm:raed'/);
    await app.close();
  });
});

describe('bearerToken', () => {
  it('reads the token of a Bearer header only', async () => {
    const app = await testApp();
    const seen: (string | undefined)[] = [];
    app.get('/t', async (request) => {
      seen.push(bearerToken(request));
      return {};
    });
    for (const authorization of ['Bearer abc', 'bearer  abc ', 'Basic abc', 'Bearer', 'Bearer a b']) {
      await app.inject({ url: '/t', headers: { authorization } });
    }
    await app.inject({ url: '/t' });
    expect(seen).toEqual(['abc', 'abc', undefined, undefined, undefined, undefined]);
    await app.close();
  });
});
