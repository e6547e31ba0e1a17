/** The liveness route every service answers; a service with more to report extends the schema. */
import { Type } from 'typebox';
import { defineRoute, type RouteSpec } from './routes.js';

export const HealthSchema = Type.Object({
  status: Type.Enum(['ok']),
  service: Type.String(),
  version: Type.String(),
  uptime_seconds: Type.Number({ description: 'seconds since the process started serving' }),
});

export interface HealthOptions {
  service: string;
  version: string;
  /** Throws when a dependency (the database, say) is unusable; the route then answers 500. */
  check: () => void;
}

export function healthRoute(options: HealthOptions): RouteSpec {
  const started = Date.now();
  return defineRoute({
    method: 'GET',
    url: '/health',
    summary: 'Liveness of the service and its database',
    tags: ['system'],
    access: 'public',
    schema: { response: { 200: HealthSchema } },
    handler: async () => {
      options.check();
      return {
        status: 'ok' as const,
        service: options.service,
        version: options.version,
        uptime_seconds: (Date.now() - started) / 1000,
      };
    },
  });
}
