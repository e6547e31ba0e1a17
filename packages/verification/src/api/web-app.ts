/**
 * The web application Vite builds into `dist/web/`: `index.html` for `/` and for every page's
 * path a browser asks for (the client-side router reads the path, so a reload of a deep link
 * works), and the content-hashed files under `/assets/`, cached for a year.
 *
 * The fallback is answered from the not-found path rather than by a catch-all route, so that
 * `/api/...` keeps its JSON 404 and other methods on unknown paths their 404 (a `GET /*` route
 * would turn them into 405s). Assets are served only from regular files reached without a
 * symbolic link, below the build's own folder.
 */
import send from '@fastify/send';
import { realpath, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { KitErrors, type App } from '@lab/server-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX } from '../config.js';

/** The build's folder, from this module's place in the package (src/api or dist/api), not the cwd. */
export const WEB_ROOT = fileURLToPath(new URL('../../dist/web/', import.meta.url));

const ASSETS = '/assets/';
/** One segment of an asset's path: what Vite writes (name-hash.ext), never `.` or `..`. */
const ASSET_SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;
/** A Host header fit to be written into the policy (a name or address and a port). */
const HOST = /^[A-Za-z0-9.-]+(?::\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](?::\d{1,5})?$/;

/**
 * No inline script or style, nothing from another origin, no framing. `'self'` covers same-host
 * WebSockets in current browsers; the ws: origin is named as well for those that read CSP 2.
 */
export function contentSecurityPolicy(request: FastifyRequest): string {
  const host = request.headers.host;
  const socket =
    host !== undefined && HOST.test(host) ? ` ${request.protocol === 'https' ? 'wss' : 'ws'}://${host}` : '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${socket}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const NOT_BUILT = `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Verification Platform: web application not built</title>
  </head>
  <body>
    <h1>The web application is not built</h1>
    <p>This checkout has no <code>packages/verification/dist/web/</code>. Run <code>npm run build</code>
    and reload. The API is at <a href="${API_PREFIX}/docs">${API_PREFIX}/docs</a>.</p>
  </body>
</html>
`;

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** Whether a request that found no route is a browser asking for one of the application's pages. */
function wantsPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '/';
  if (path === API_PREFIX || path.startsWith(`${API_PREFIX}/`) || path.startsWith('/api/')) return false;
  if (path.startsWith(ASSETS)) return false;
  return (request.headers.accept ?? '').includes('text/html');
}

export function registerWebApp(app: App, options: { root?: string } = {}): void {
  const root = options.root ?? WEB_ROOT;

  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    let html: Buffer | string;
    try {
      html = await readFile(join(root, 'index.html'));
    } catch (error) {
      if (!isMissing(error)) throw error;
      html = NOT_BUILT;
    }
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', contentSecurityPolicy(request))
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'same-origin')
      .send(html);
  };

  const hidden = { schema: { hide: true } };
  app.get('/', hidden, page);
  app.addHook('onRequest', async (request, reply) => {
    if (request.is404 && wantsPage(request)) return page(request, reply);
    return undefined;
  });

  app.get(`${ASSETS}*`, hidden, async (request, reply) => {
    // A 404 like any unknown path's (the kit's not-found handler would call it a 405: GET exists).
    const missing = () =>
      KitErrors.routeNotFound({ method: request.method, url: request.url.split('?')[0] ?? '' });
    const relative = (request.params as { '*': string })['*'];
    const segments = relative.split('/');
    if (!segments.every((segment) => ASSET_SEGMENT.test(segment))) throw missing();
    let realRoot: string;
    try {
      realRoot = await realpath(join(root, 'assets'));
      // The file's real path must be the one its name gives: no link anywhere on the way.
      if ((await realpath(join(realRoot, ...segments))) !== join(realRoot, ...segments)) throw missing();
    } catch (error) {
      if (isMissing(error)) throw missing();
      throw error;
    }
    const result = await send(request.raw, segments.join('/'), {
      root: realRoot,
      dotfiles: 'deny',
      cacheControl: false,
      index: false,
    });
    if (result.type !== 'file') throw missing();
    reply.status(result.statusCode);
    for (const [name, value] of Object.entries(result.headers)) reply.header(name, value);
    return reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(result.stream);
  });
}
