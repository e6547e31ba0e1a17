/** The event stream (SSE) and the audit log query. */
import { defineRoute, Nullable, schemaRef, streamEvents, type RouteSpec } from '@lab/server-kit';
import { Type } from 'typebox';
import { auditPage, AuditQuerySchema } from '../domain/audit-query.js';
import { AuditEntrySchema, type AuditEntry, type AuditLog } from '../store/audit.js';
import { eventFilter } from '../domain/event-filter.js';
import type { EventLog } from '../store/events.js';

export const EVENT_KINDS = [
  'vm.state_changed',
  'vm.created',
  'vm.updated',
  'vm.deleted',
  'vm.reset',
  'vm.attested',
  'vm.snapshot_created',
  'vm.snapshot_restored',
  'vm.snapshot_deleted',
  'migration.progress',
  'vm.migrated',
  'vm.incoming',
  'storage.created',
  'storage.deleted',
  'storage.forgotten',
  'storage.resized',
  'storage.converted',
  'storage.compacted',
  'storage.checked',
  'storage.rekeyed',
  'storage.pool_created',
  'network.created',
  'network.updated',
  'network.deleted',
  'network.rule_added',
  'network.rule_updated',
  'network.rule_deleted',
  'network.forward_added',
  'network.forward_deleted',
  'network.lease_added',
  'network.lease_expired',
  'network.tunnel_state_changed',
  'network.tunnel_exchange_failed',
  'pqc.key_created',
  'pqc.key_rotated',
  'pqc.key_deleted',
  'pqc.self_test',
  'pqc.tunnel_rekeyed',
  'operation.started',
  'operation.progress',
  'operation.completed',
] as const;

const EventsQuery = Type.Object({
  kinds: Type.Optional(
    Type.String({
      pattern: '^[a-z_.]+(,[a-z_.]+)*$',
      description: `comma-separated event kinds (${EVENT_KINDS.join(', ')}); all by default`,
    }),
  ),
  vm: Type.Optional(Type.String({ maxLength: 63, description: 'only the events of this VM' })),
  last_event_id: Type.Optional(
    Type.String({ description: 'as the `Last-Event-ID` header, for clients that cannot set it' }),
  ),
});

export function eventRoutes(events: EventLog, audit: AuditLog): RouteSpec[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/events',
      summary: 'Follow the event stream (Server-Sent Events)',
      tags: ['events'],
      access: { scope: 'events:read' },
      schema: {
        description: [
          'A `text/event-stream`: each event is `id: <n>`, `event: <kind>` and `data: <JSON>` lines;',
          '`: heartbeat` comments every 15 s. Reconnect with `Last-Event-ID` to get what was missed',
          '(the last 10,000 events are kept, across restarts). `vm.state_changed` carries `vm`, `from`,',
          '`to`, `timestamp` and `reason` for every transition, those the guest causes included.',
          `Kinds: ${EVENT_KINDS.join(', ')}.`,
        ].join('\n'),
        querystring: EventsQuery,
        response: {
          200: {
            description: 'the event stream',
            content: { 'text/event-stream': { schema: { type: 'string' } } },
          },
        },
      },
      handler: async (request, reply) => {
        const { kinds, vm } = request.query;
        streamEvents(request, reply, { source: events, filter: eventFilter(kinds?.split(','), vm) });
        return reply;
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/audit/events',
      summary: 'Query the audit log',
      tags: ['audit'],
      access: { scope: 'audit:read' },
      schema: {
        description:
          'Every mutating request and every refused credential, newest first. Filters combine; page with ' +
          '`cursor` = the previous answer `next_cursor` (null on the last page).',
        querystring: AuditQuerySchema,
        response: {
          200: Type.Object({
            events: Type.Array(schemaRef<AuditEntry>(AuditEntrySchema)),
            next_cursor: Nullable(Type.String()),
          }),
        },
      },
      handler: async (request) => auditPage(audit, request.query),
    }),
  ];
}
