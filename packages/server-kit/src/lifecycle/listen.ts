/** Starting an app on its address and tying its end to the process signals. */
import type { Logger } from 'pino';
import type { App } from '../http/app.js';
import { closeOnSignals, type Closeable } from './shutdown.js';

export interface ServeOptions {
  host: string;
  port: number;
  logger: Logger;
  /** Closed after the HTTP server, in order (stores, drivers, ...). */
  closeables?: readonly Closeable[];
  graceMs?: number;
}

/**
 * Listens, installs the signal handlers, and returns the base URL (port 0 gets a free port):
 * `https://` when the app serves TLS.
 */
export async function serve(app: App, options: ServeOptions): Promise<string> {
  await app.listen({ host: options.host, port: options.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : options.port;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  closeOnSignals([{ name: 'http server', close: () => app.close() }, ...(options.closeables ?? [])], {
    logger: options.logger,
    ...(options.graceMs === undefined ? {} : { graceMs: options.graceMs }),
  });
  return `${app.tlsFingerprint === null ? 'http' : 'https'}://${host}:${port}`;
}
