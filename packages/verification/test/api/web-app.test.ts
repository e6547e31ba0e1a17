/**
 * The built web application as the platform serves it: index.html with its policy for `/` and for
 * deep links, hashed assets cached for good, the API's JSON 404 kept, nothing outside the build's
 * folder reachable (by `..` or by a link planted in it), and a page saying to build when there is
 * no build.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, createLogger, type App } from '@lab/server-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebApp } from '../../src/api/web-app.js';
import { API_PREFIX } from '../../src/config.js';

const INDEX =
  '<!DOCTYPE html><html><head><script type="module" src="/assets/index-abc123.js"></script></head></html>';
const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

let dir: string;
let app: App;
let unbuilt: App;

async function webApp(root: string): Promise<App> {
  const built = await createApp({
    title: 'test',
    version: '0.0.0',
    prefix: API_PREFIX,
    logger: createLogger({ service: 'test', level: 'silent' }),
  });
  registerWebApp(built, { root });
  await built.ready();
  return built;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'vp-web-'));
  const root = join(dir, 'web');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), INDEX);
  writeFileSync(join(root, 'assets', 'index-abc123.js'), 'console.log(1);\n');
  writeFileSync(join(dir, 'secret.txt'), 'outside the build');
  symlinkSync(join(dir, 'secret.txt'), join(root, 'assets', 'planted.js'));
  app = await webApp(root);
  unbuilt = await webApp(join(dir, 'absent'));
});

afterAll(async () => {
  await app.close();
  await unbuilt.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, accept = HTML, on = app) => on.inject({ method: 'GET', url, headers: { accept } });

describe('the web application', () => {
  it('answers index.html for / and for a deep link a browser reloads, with the strict policy', async () => {
    for (const url of ['/', '/projects/p-1/files/rtl/top.sv', '/jobs/j-9/log?x=1']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toBe(INDEX);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('same-origin');
      const policy = String(response.headers['content-security-policy']);
      for (const directive of [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data: blob:",
        "connect-src 'self' ws://localhost:80",
        "frame-ancestors 'none'",
        "object-src 'none'",
        "base-uri 'none'",
      ])
        expect(policy).toContain(directive);
      expect(policy).not.toContain('unsafe');
    }
  });

  it('serves hashed assets cached for a year, and keeps JSON 404s where no page is asked for', async () => {
    const asset = await get('/assets/index-abc123.js', '*/*');
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(1);\n');
    expect(asset.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    for (const [url, accept] of [
      [`${API_PREFIX}/nope`, HTML],
      ['/api/other', HTML],
      ['/assets/missing-000.js', HTML],
      ['/favicon.ico', 'image/*'],
    ] as const) {
      const response = await get(url, accept);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.code, url).toBe('NOT_FOUND');
    }
    const post = await app.inject({ method: 'POST', url: '/projects', headers: { accept: HTML } });
    expect(post.statusCode).toBe(404);
  });

  it('refuses a path out of the build and a link planted in it', async () => {
    for (const url of [
      '/assets/../index.html',
      '/assets/%2e%2e/%2e%2e/secret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/assets/planted.js',
      '/assets/.hidden',
    ]) {
      const response = await get(url, '*/*');
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('outside the build');
    }
  });

  it('says to build the application when the checkout has no build, without failing', async () => {
    const response = await get('/', HTML, unbuilt);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('npm run build');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  });
});
