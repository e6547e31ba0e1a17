/**
 * The browser entry in a real browser: an HTTP server on loopback that serves a page, the entry
 * bundled by esbuild for `platform: 'browser'`, and relays `/api/` to the service, so the page
 * and the API share an origin (the service answers no CORS). The page's script calls the service
 * through the client and leaves what it saw in `globalThis.result`.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export interface BrowserPage {
  url: string;
  close: () => Promise<void>;
}

export async function serveBrowserPage(service: string, script: string): Promise<BrowserPage> {
  const bundle = await build({
    entryPoints: [fileURLToPath(new URL('../../src/index.ts', import.meta.url))],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    write: false,
    logLevel: 'silent',
  });
  const client = bundle.outputFiles[0]!.text;
  const target = new URL(service);
  const server: Server = createServer((incoming, answer) => {
    const path = incoming.url ?? '/';
    if (path.startsWith('/api/')) {
      const relayed = request(
        {
          host: target.hostname,
          port: target.port,
          path,
          method: incoming.method,
          headers: incoming.headers,
        },
        (upstream) => {
          answer.writeHead(upstream.statusCode ?? 502, upstream.headers);
          upstream.pipe(answer);
        },
      );
      relayed.on('error', () => answer.destroy());
      answer.on('close', () => relayed.destroy());
      incoming.pipe(relayed);
      return;
    }
    const [type, body] =
      path === '/client.js'
        ? ['text/javascript', client]
        : path === '/page.js'
          ? ['text/javascript', script]
          : [
              'text/html',
              '<!doctype html><title>client</title><script type="module" src="/page.js"></script>',
            ];
    answer.writeHead(200, { 'content-type': type });
    answer.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
