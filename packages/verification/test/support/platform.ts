/** The whole service in-process (`buildServer`) over a temporary data directory, as route tests drive it. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger, parseConfig, type App, type Database } from '@lab/server-kit';
import { buildServer } from '../../src/api/server.js';
import { API_PREFIX, ServeConfigSchema } from '../../src/config.js';
import { openStore } from '../../src/store/database.js';

export interface Answer {
  status: number;
  headers: Record<string, unknown>;
  body: any;
}

export interface Platform {
  app: App;
  db: Database;
  dataDir: string;
  /** One request below the API prefix; a JSON body when `body` is given. */
  call(method: string, url: string, body?: unknown, headers?: Record<string, string>): Promise<Answer>;
  /** A multipart upload of `files` (path → content) to the project, one `files[]` part each. */
  upload(projectId: string, files: [path: string, content: string][]): Promise<Answer>;
  close(): Promise<void>;
}

/** The service with `settings` (ServeConfig keys) over a fresh data directory; authentication off. */
export async function startPlatform(settings: Record<string, unknown> = {}): Promise<Platform> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vp-platform-'));
  const db = openStore(dataDir);
  const app = await buildServer({
    db,
    logger: createLogger({ service: 'test', level: 'silent' }),
    config: parseConfig(ServeConfigSchema, { dataDir, ...settings }),
  });
  await app.ready();
  const answer = (response: { statusCode: number; headers: Record<string, unknown>; body: string }) => ({
    status: response.statusCode,
    headers: response.headers,
    body: response.body === '' ? undefined : (JSON.parse(response.body) as unknown),
  });
  return {
    app,
    db,
    dataDir,
    async call(method, url, body, headers = {}) {
      const response = await app.inject({
        method: method as 'GET',
        url: API_PREFIX + url,
        headers,
        ...(body === undefined ? {} : { payload: body as object }),
      });
      return answer(response);
    },
    async upload(projectId, files) {
      const form = new FormData();
      for (const [path, content] of files) form.append('files[]', new Blob([content]), path);
      const encoded = new Response(form);
      const response = await app.inject({
        method: 'POST',
        url: `${API_PREFIX}/projects/${projectId}/upload`,
        headers: { 'content-type': encoded.headers.get('content-type')! },
        payload: Buffer.from(await encoded.arrayBuffer()),
      });
      return answer(response);
    },
    async close() {
      await app.close();
      db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
