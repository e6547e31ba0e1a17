/** Host facts: `/system/info` (the rest of `/system` arrives with its issue). */
import { defineRoute, type RouteSpec } from '@lab/server-kit';
import { SystemInfoSchema, type SystemInfo } from '../domain/system-info.js';

export function systemRoutes(info: () => SystemInfo): RouteSpec[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/system/info',
      summary: 'Host and service facts',
      tags: ['system'],
      access: { scope: 'system:read' },
      schema: { response: { 200: SystemInfoSchema } },
      handler: async () => info(),
    }),
  ];
}
