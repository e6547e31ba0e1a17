/** `GET /health`: queue and worker load, each tool's state, and `degraded` when one is missing. */
import {
  createApp,
  createLogger,
  openDatabase,
  registerRoutes,
  type App,
  type Database,
} from '@lab/server-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { healthRoute, type QueueLoad } from '../../src/api/health-route.js';
import { API_PREFIX } from '../../src/config.js';
import { TOOL_NAMES, type ToolInfo } from '../../src/engine/tools.js';

const LOAD: QueueLoad = { depth: 3, capacity: 1000, workers_busy: 2, workers_total: 4 };

const tool = (name: ToolInfo['name'], available = true): ToolInfo => ({
  name,
  available,
  path: available ? `/usr/bin/${name}` : null,
  version: available ? '1.0' : null,
});

let open: { app: App; db: Database } | undefined;

async function buildApp(tools: ToolInfo[]): Promise<App> {
  const db = openDatabase(':memory:', { namespace: 'test', migrations: [] });
  const app = await createApp({
    title: 'test',
    version: '0.0.0',
    prefix: API_PREFIX,
    logger: createLogger({ service: 'test', level: 'silent' }),
  });
  registerRoutes(app, [healthRoute({ version: '9.9.9', tools, queue: () => LOAD, db })], {
    prefix: API_PREFIX,
  });
  open = { app, db };
  return app;
}

afterEach(async () => {
  await open?.app.close();
  open?.db.close();
  open = undefined;
});

describe('GET /health', () => {
  it('reports ok, the queue, the workers and every tool when all are found', async () => {
    const app = await buildApp(TOOL_NAMES.map((name) => tool(name)));
    const response = await app.inject({ url: `${API_PREFIX}/health` });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      status: 'ok',
      service: 'verification',
      version: '9.9.9',
      queue: { depth: 3, capacity: 1000 },
      workers: { busy: 2, total: 4 },
    });
    expect(body.uptime_seconds).toBeGreaterThanOrEqual(0);
    for (const name of ['verilator', 'iverilog', 'yosys', 'yosys-smtbmc', 'z3']) {
      expect(body.tools[name]).toEqual({ available: true, version: '1.0', path: `/usr/bin/${name}` });
    }
  });

  it('reports degraded, still with 200, when a tool is missing', async () => {
    const app = await buildApp(TOOL_NAMES.map((name) => tool(name, name !== 'z3')));
    const response = await app.inject({ url: `${API_PREFIX}/health` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'degraded',
      tools: { z3: { available: false, version: null, path: null }, yosys: { available: true } },
    });
  });

  it('fails with 500 when the database is unusable', async () => {
    const app = await buildApp(TOOL_NAMES.map((name) => tool(name)));
    open?.db.close();
    const response = await app.inject({ url: `${API_PREFIX}/health` });
    expect(response.statusCode).toBe(500);
    expect(response.json().error.code).toBe('INTERNAL_ERROR');
  });

  it('documents its answer in the OpenAPI document', async () => {
    const app = await buildApp(TOOL_NAMES.map((name) => tool(name)));
    const doc = (await app.inject({ url: `${API_PREFIX}/openapi.json` })).json();
    const schema = doc.paths[`${API_PREFIX}/health`].get.responses['200'].content['application/json'].schema;
    expect(Object.keys(schema.properties.tools.properties)).toEqual([...TOOL_NAMES]);
  });
});
