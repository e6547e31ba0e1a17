/**
 * The in-process platform (authentication on) listening on a loopback port, with one token of
 * each role, and a client per role: what the SDK's tests call.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createRoleToken, openTokenStore } from '../../src/api/auth.js';
import type { Role } from '../../src/api/scopes.js';
import { expect } from 'vitest';
import { PlatformClient, PlatformError, type UploadFile } from '../../src/client/index.js';
import { EXAMPLES } from '../support/serve.js';
import { startPlatform, type Platform } from '../support/platform.js';

export interface ListeningPlatform {
  platform: Platform;
  url: string;
  tokens: Record<Role, string>;
  client(role: Role | null, options?: { timeoutMs?: number }): PlatformClient;
  close(): Promise<void>;
}

export async function listeningPlatform(): Promise<ListeningPlatform> {
  // Webhooks may target loopback, where nothing listens (their deliveries are only read).
  const platform = await startPlatform({ authEnabled: true, workers: 1, webhookAllowPrivate: true });
  const url = await platform.app.listen({ host: '127.0.0.1', port: 0 });
  const store = openTokenStore(platform.db);
  const token = (role: Role) => createRoleToken(store, { name: `test-${role}`, role }).token;
  const tokens = { viewer: token('viewer'), developer: token('developer'), admin: token('admin') };
  return {
    platform,
    url,
    tokens,
    client: (role, options = {}) =>
      new PlatformClient({ url, ...(role === null ? {} : { token: tokens[role] }), ...options }),
    close: () => platform.close(),
  };
}

/** The files of an example project, as `projects.upload` takes them. */
export function exampleFiles(example: string): UploadFile[] {
  const root = join(EXAMPLES, example);
  const files: UploadFile[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else files.push({ path: relative(root, path), content: readFileSync(path) });
    }
  };
  walk(root);
  return files;
}

/** The PlatformError a call rejects with (failing the test when it resolves or throws another error). */
export async function failure(call: Promise<unknown>): Promise<PlatformError> {
  const error = await call.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(error).toBeInstanceOf(PlatformError);
  return error as PlatformError;
}
