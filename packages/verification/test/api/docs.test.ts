/**
 * The documentation: Redoc and Swagger UI load only this server's assets, the root paths the spec
 * names lead to them, and the OpenAPI document carries both security schemes.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createApp, createLogger, type App } from '@lab/server-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECURITY_SCHEMES } from '../../src/api/auth.js';
import { registerDocsRoutes } from '../../src/api/docs-routes.js';
import { API_PREFIX } from '../../src/config.js';

let app: App;

beforeAll(async () => {
  app = await createApp({
    title: 'test',
    version: '0.0.0',
    prefix: API_PREFIX,
    logger: createLogger({ service: 'test', level: 'silent' }),
    securitySchemes: SECURITY_SCHEMES,
  });
  registerDocsRoutes(app);
});

afterAll(async () => app.close());

/** Every `src` and `href` of an HTML page. */
const assetUrls = (html: string) => [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] as string);

describe('Redoc', () => {
  it('is a page loading the local bundle and the local OpenAPI document', async () => {
    const page = await app.inject({ url: `${API_PREFIX}/redoc` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain(`spec-url="${API_PREFIX}/openapi.json"`);
    expect(assetUrls(page.body)).toEqual([`${API_PREFIX}/redoc/redoc.standalone.js`]);
    // The bundle's sidebar shows a logo from Redoc's CDN: the page's policy keeps it out.
    expect(page.headers['content-security-policy']).toContain("img-src 'self' data:");
    expect(page.headers['content-security-policy']).toContain("connect-src 'self'");
  });

  it('serves the bundle installed with the service', async () => {
    const bundle = await app.inject({ url: `${API_PREFIX}/redoc/redoc.standalone.js` });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['content-type']).toBe('text/javascript; charset=utf-8');
    const installed = createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js');
    expect(bundle.rawPayload.equals(readFileSync(installed))).toBe(true);
  });
});

describe('Swagger UI', () => {
  it('loads only assets served here', async () => {
    const page = await app.inject({ url: `${API_PREFIX}/docs` });
    expect(page.statusCode).toBe(200);
    const urls = assetUrls(page.body);
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) {
      expect(url.startsWith(`${API_PREFIX}/docs/`)).toBe(true);
      expect((await app.inject({ url })).statusCode).toBe(200);
    }
    const initializer = await app.inject({ url: `${API_PREFIX}/docs/static/swagger-initializer.js` });
    expect(initializer.body).toContain('validatorUrl: null');
  });
});

describe('root paths', () => {
  it('redirect /docs and /redoc to the prefixed pages', async () => {
    for (const name of ['docs', 'redoc']) {
      const response = await app.inject({ url: `/${name}` });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(`${API_PREFIX}/${name}`);
    }
  });

  it('serve the OpenAPI document at /openapi.json too', async () => {
    const root = await app.inject({ url: '/openapi.json' });
    const prefixed = await app.inject({ url: `${API_PREFIX}/openapi.json` });
    expect(root.statusCode).toBe(200);
    expect(root.json()).toEqual(prefixed.json());
  });
});

describe('the OpenAPI document', () => {
  it('declares the bearer and API key schemes and hides the documentation routes', async () => {
    const doc = (await app.inject({ url: `${API_PREFIX}/openapi.json` })).json();
    expect(doc.components.securitySchemes).toEqual({
      bearerAuth: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
      apiKey: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-API-Key' }),
    });
    expect(Object.keys(doc.paths ?? {})).toEqual([]);
  });
});
