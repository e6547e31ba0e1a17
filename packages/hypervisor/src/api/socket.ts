/**
 * The same API over HTTP on a Unix socket, `{run_dir}/api.sock`. Its requests go through the
 * app's own router; its connections are marked so that the access check knows them. Access is
 * granted by the file's permissions (0660: the service's user and group), so no token is asked.
 */
import { chmodSync, lstatSync, mkdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { dirname } from 'node:path';
import type { App } from '@lab/server-kit';
import { markSocketConnection } from './request-context.js';

export const SOCKET_MODE = 0o660;

/** A socket file left by a service that did not shut down cleanly blocks listen; anything else is not ours. */
export function removeStaleSocket(path: string): void {
  try {
    if (lstatSync(path).isSocket()) rmSync(path);
  } catch {
    // No file: nothing to clear.
  }
}

export async function listenOnSocket(app: App, path: string): Promise<Server> {
  mkdirSync(dirname(path), { recursive: true, mode: 0o750 });
  removeStaleSocket(path);
  const server = createServer((request, response) => app.routing(request, response));
  server.on('connection', markSocketConnection);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => {
      server.off('error', reject);
      resolve();
    });
  });
  chmodSync(path, SOCKET_MODE);
  return server;
}

export async function closeSocket(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}
