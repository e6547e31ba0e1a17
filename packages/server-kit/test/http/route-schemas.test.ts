import { describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import { defineRoute, registerRoutes } from '../../src/index.js';
import { normaliseRequestSchemas } from '../../src/http/route-schemas.js';
import { testApp } from '../helpers.js';

describe('normaliseRequestSchemas', () => {
  it('gives a route without a query schema one that accepts no parameter', () => {
    expect(normaliseRequestSchemas('GET /x', {}, 100).querystring).toEqual({
      type: 'object',
      properties: {},
      additionalProperties: false,
    });
  });

  it('closes a query schema and leaves the original untouched', () => {
    const query = Type.Object({ page: Type.Integer({ maximum: 9, default: 1 }) });
    const result = normaliseRequestSchemas('GET /x', { querystring: query }, 100).querystring as Record<
      string,
      unknown
    >;
    expect(result.additionalProperties).toBe(false);
    expect(result.required).toEqual([]);
    expect(query.required).toEqual(['page']);
    expect((query as unknown as Record<string, unknown>).additionalProperties).toBeUndefined();
  });

  it('refuses a query schema that lets unknown parameters in', () => {
    const query = Type.Object({}, { additionalProperties: true });
    expect(() => normaliseRequestSchemas('GET /x', { querystring: query }, 100)).toThrow(
      'GET /x: the query schema must refuse unknown parameters',
    );
  });

  it('refuses a numeric query or path parameter without a maximum, naming it', () => {
    expect(() =>
      normaliseRequestSchemas(
        'GET /x',
        { querystring: Type.Object({ page: Type.Integer({ minimum: 1 }) }) },
        100,
      ),
    ).toThrow("GET /x: the query parameter 'page' needs a maximum");
    expect(() =>
      normaliseRequestSchemas(
        'GET /x/:n',
        {
          params: Type.Object({ n: Type.Union([Type.Number(), Type.Null()]) }),
        },
        100,
      ),
    ).toThrow("GET /x/:n: the path parameter 'n' needs a maximum");
    expect(() =>
      normaliseRequestSchemas(
        'GET /x',
        {
          querystring: Type.Object({ ratio: Type.Number({ exclusiveMaximum: 1 }) }),
        },
        100,
      ),
    ).not.toThrow();
  });

  it('bounds a path parameter by the router limit, unless it is a wildcard, and refuses a longer bound', () => {
    const params = Type.Object({
      name: Type.String(),
      id: Type.String({ maxLength: 36 }),
      '*': Type.String(),
    });
    const result = normaliseRequestSchemas('GET /x/:name/:id/*', { params }, 100).params as any;
    expect(result.properties.name.maxLength).toBe(100);
    expect(result.properties.id.maxLength).toBe(36);
    expect(result.properties['*'].maxLength).toBeUndefined();
    expect(() =>
      normaliseRequestSchemas(
        'GET /x/:n',
        { params: Type.Object({ n: Type.String({ maxLength: 101 }) }) },
        100,
      ),
    ).toThrow("GET /x/:n: the path parameter 'n' may be longer than the router's 100");
  });

  it('drops fields with a default from `required` at any depth of a body', () => {
    const body = Type.Object({
      name: Type.String(),
      options: Type.Object({ force: Type.Boolean({ default: false }), level: Type.Integer() }),
    });
    const result = normaliseRequestSchemas('POST /x', { body }, 100).body as any;
    expect(result.required).toEqual(['name', 'options']);
    expect(result.properties.options.required).toEqual(['level']);
  });
});

describe('registered routes', () => {
  it('refuse unknown query parameters, naming them, and document defaults and nullable bodies as optional', async () => {
    const app = await testApp();
    registerRoutes(
      app,
      [
        defineRoute({
          method: 'GET',
          url: '/plain',
          summary: 'no query',
          tags: ['t'],
          access: 'public',
          schema: {},
          handler: async () => ({ ok: true }),
        }),
        defineRoute({
          method: 'GET',
          url: '/paged',
          summary: 'paged',
          tags: ['t'],
          access: 'public',
          schema: {
            querystring: Type.Object({ page: Type.Integer({ minimum: 1, maximum: 10, default: 1 }) }),
          },
          handler: async (request) => ({ page: request.query.page }),
        }),
        defineRoute({
          method: 'POST',
          url: '/action',
          summary: 'options may be left out',
          tags: ['t'],
          access: 'public',
          schema: { body: Type.Union([Type.Object({ force: Type.Boolean() }), Type.Null()]) },
          handler: async () => ({ ok: true }),
        }),
      ],
      { prefix: '/api/v1' },
    );
    const unknown = await app.inject({ url: '/api/v1/plain?debug=1' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.details).toMatchObject({ field: 'debug', location: 'querystring' });
    expect((await app.inject({ url: '/api/v1/paged?page=10000000000000000000' })).statusCode).toBe(400);
    expect((await app.inject({ url: '/api/v1/paged' })).json()).toEqual({ page: 1 });
    const document = (await app.inject({ url: '/api/v1/openapi.json' })).json();
    const [page] = document.paths['/api/v1/paged'].get.parameters;
    expect(page).toMatchObject({ name: 'page', in: 'query', required: false });
    expect(page.schema.maximum).toBe(10);
    expect(document.paths['/api/v1/action'].post.requestBody.required).toBe(false);
    expect((await app.inject({ method: 'POST', url: '/api/v1/action' })).statusCode).toBe(200);
    await app.close();
  });
});
