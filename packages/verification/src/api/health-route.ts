/**
 * `GET /health`: liveness, the job queue's load and which verification tools were found. A
 * missing tool makes the service `degraded`, not down: jobs needing other tools still run.
 */
import { defineRoute, Nullable, type Database, type RouteSpec } from '@lab/server-kit';
import { Type } from 'typebox';
import { TOOL_NAMES, type ToolInfo } from '../engine/tools.js';

export interface QueueLoad {
  depth: number;
  capacity: number;
  workers_busy: number;
  workers_total: number;
}

export interface HealthDeps {
  version: string;
  /** The tools found at start-up (`detectTools()`). */
  tools: readonly ToolInfo[];
  queue: () => QueueLoad;
  db: Database;
}

const ToolStatusSchema = Type.Object({
  available: Type.Boolean(),
  version: Nullable(Type.String({ description: 'as the tool reports it' })),
  path: Nullable(Type.String({ description: 'the executable found on PATH' })),
});

const PlatformHealthSchema = Type.Object({
  status: Type.Enum(['ok', 'degraded'], { description: 'degraded: a tool is missing' }),
  service: Type.Literal('verification'),
  version: Type.String(),
  uptime_seconds: Type.Number({ description: 'seconds since the process started serving' }),
  queue: Type.Object({
    depth: Type.Integer({ description: 'jobs waiting' }),
    capacity: Type.Integer({ description: 'jobs that may wait; a submission beyond it answers 503' }),
  }),
  workers: Type.Object({
    busy: Type.Integer({ description: 'jobs running' }),
    total: Type.Integer({ description: 'jobs that may run at once' }),
  }),
  tools: Type.Object(Object.fromEntries(TOOL_NAMES.map((name) => [name, ToolStatusSchema]))),
});

export function healthRoute(deps: HealthDeps): RouteSpec {
  const started = Date.now();
  const checkDatabase = deps.db.prepare('SELECT 1');
  const degraded = deps.tools.some((tool) => !tool.available);
  const tools = Object.fromEntries(
    deps.tools.map((tool) => [
      tool.name,
      { available: tool.available, version: tool.version, path: tool.path },
    ]),
  );
  return defineRoute({
    method: 'GET',
    url: '/health',
    summary: 'Health of the service, its job queue and its verification tools',
    tags: ['system'],
    access: 'public',
    schema: { response: { 200: PlatformHealthSchema } },
    handler: async () => {
      // An unusable database fails the request (500): the service cannot do anything.
      checkDatabase.get();
      const load = deps.queue();
      return {
        status: degraded ? ('degraded' as const) : ('ok' as const),
        service: 'verification' as const,
        version: deps.version,
        uptime_seconds: (Date.now() - started) / 1000,
        queue: { depth: load.depth, capacity: load.capacity },
        workers: { busy: load.workers_busy, total: load.workers_total },
        tools,
      };
    },
  });
}
