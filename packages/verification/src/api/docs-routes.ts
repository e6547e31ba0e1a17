/**
 * The reference documentation: Redoc at `{prefix}/redoc`, from the copy of its bundle installed
 * with the service (nothing from a CDN, so the docs work offline), beside the Swagger UI and
 * OpenAPI document the kit serves at `{prefix}/docs` and `{prefix}/openapi.json`. The spec lists
 * the three without the prefix, so the root paths lead to them too.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
// The kit registers @fastify/swagger; this brings its types: `app.swagger()` and the `hide` keyword.
import type {} from '@fastify/swagger';
import type { App } from '@lab/server-kit';
import { API_PREFIX } from '../config.js';

const REDOC_BUNDLE_URL = `${API_PREFIX}/redoc/redoc.standalone.js`;

const REDOC_PAGE = `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Verification Platform API reference</title>
    <style>
      body { margin: 0; padding: 0; }
    </style>
  </head>
  <body>
    <redoc spec-url="${API_PREFIX}/openapi.json"></redoc>
    <script src="${REDOC_BUNDLE_URL}"></script>
  </body>
</html>
`;

/**
 * Keeps the page to this server: Redoc's sidebar shows a logo from its CDN, which this blocks
 * (Redoc then hides it). Styles are injected inline and the search index runs in a blob: worker.
 */
const REDOC_PAGE_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "worker-src 'self' blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'self'",
].join('; ');

export function registerDocsRoutes(app: App): void {
  // Read once: a megabyte that never changes while the service runs.
  const redocBundle = readFileSync(
    createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js'),
  );
  // Like every API route, the documentation's pages take no query parameter they would ignore.
  const hidden = { schema: { hide: true, querystring: { type: 'object', additionalProperties: false } } };

  app.get(`${API_PREFIX}/redoc`, hidden, async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', REDOC_PAGE_POLICY)
      .send(REDOC_PAGE),
  );
  app.get(REDOC_BUNDLE_URL, hidden, async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .send(redocBundle),
  );

  app.get('/openapi.json', hidden, async () => app.swagger());
  // The UIs load their assets by paths relative to their own, so they are reached by redirect.
  app.get('/docs', hidden, async (_request, reply) => reply.redirect(`${API_PREFIX}/docs`));
  app.get('/redoc', hidden, async (_request, reply) => reply.redirect(`${API_PREFIX}/redoc`));
}
