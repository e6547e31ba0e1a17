/**
 * The webhook routes, all for admins: register, list, read, change and delete webhooks, queue a
 * ping, list a webhook's deliveries with their attempts, and redeliver one. Each handler calls one
 * function of the webhook service.
 */
import {
  defineRoute,
  documentedError,
  NoContent,
  Nullable,
  schemaRef,
  type RouteSpec,
} from '@lab/server-kit';
import { Type } from 'typebox';
import { LIFECYCLE_EVENTS } from '../domain/job-events.js';
import { WEBHOOK_MAX_ATTEMPTS } from '../domain/webhooks/retry-schedule.js';
import type { DeliveryView, WebhookService, WebhookView } from '../domain/webhooks/webhook-service.js';
import { pageParameters } from './paging.js';
import { ADMIN } from './scopes.js';

const Timestamp = (description: string) => Type.String({ format: 'date-time', description });

export const WebhookSchema = Type.Object(
  {
    webhook_id: Type.String({ description: 'assigned by the service: `whk_` and 16 hexadecimal digits' }),
    url: Type.String({ description: 'where deliveries are POSTed' }),
    events: Type.Array(Type.Enum(LIFECYCLE_EVENTS), { description: 'events delivered' }),
    project_id: Nullable(
      Type.String({ description: 'only events of this project’s jobs; null: every project' }),
    ),
    active: Type.Boolean({ description: 'false: nothing is sent; pending deliveries wait' }),
    disabled_reason: Nullable(
      Type.String({ description: 'why the service turned the webhook off (a 410 answer)' }),
    ),
    created_at: Timestamp('when the webhook was registered'),
    updated_at: Timestamp('last change'),
  },
  { $id: 'Webhook', description: 'A registered event callback; its secret is write-only and never shown' },
);

const AttemptSchema = Type.Object({
  number: Type.Integer({ description: 'from 1' }),
  attempted_at: Timestamp('when the attempt began'),
  status_code: Nullable(Type.Integer({ description: 'HTTP status of the answer; null when none came' })),
  latency_ms: Type.Integer({ description: 'milliseconds until the answer, or the failure' }),
  response_excerpt: Nullable(Type.String({ description: 'the first KiB of the answer' })),
  error: Nullable(Type.String({ description: 'time-out, connection error or refused address' })),
});

export const WebhookDeliverySchema = Type.Object(
  {
    delivery_id: Type.String({
      description: '`dlv_` and 16 hexadecimal digits; the `X-Platform-Delivery` header',
    }),
    event: Type.String(),
    event_id: Type.String({ description: 'the payload’s `event_id`, kept by redeliveries' }),
    state: Type.Enum(['pending', 'succeeded', 'failed'], {
      description: `\`failed\`: given up after ${WEBHOOK_MAX_ATTEMPTS} attempts, or answered 410`,
    }),
    created_at: Timestamp('when it was queued'),
    finished_at: Nullable(Timestamp('when it succeeded or was given up')),
    next_attempt_at: Nullable(Timestamp('when a pending delivery is tried next')),
    redelivery_of: Nullable(Type.String({ description: 'the delivery this one repeats' })),
    attempts: Type.Array(AttemptSchema),
  },
  { $id: 'WebhookDelivery', description: 'One event sent to one webhook, with every attempt' },
);

const WebhookRef = schemaRef<WebhookView>(WebhookSchema);
const DeliveryRef = schemaRef<DeliveryView>(WebhookDeliverySchema);

const Url = Type.String({
  minLength: 1,
  maxLength: 2048,
  format: 'uri',
  // http or https, a host, and no user name or password before it.
  pattern: '^[Hh][Tt][Tt][Pp][Ss]?://[^/?#@]+(?:[/?#]|$)',
  description:
    'an http or https URL with a host and no credentials. Unless the service allows private targets, ' +
    'a host that is or resolves to a non-public address, or does not resolve, is refused with 400',
});
const Events = Type.Array(Type.Enum(LIFECYCLE_EVENTS), {
  minItems: 1,
  maxItems: 32,
  description: 'event names; one given twice counts once',
});
const Secret = Type.String({
  minLength: 16,
  maxLength: 256,
  description: 'key of the HMAC-SHA256 signature; write-only',
});
const WebhookParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64, description: 'webhook id, like `whk_0123456789abcdef`' }),
});
const DeliveryParams = Type.Object({
  ...WebhookParams.properties,
  delivery_id: Type.String({ minLength: 1, maxLength: 64 }),
});

const notFound = documentedError('NOT_FOUND: no webhook has this id');
const invalidWebhook = documentedError(
  'VALIDATION_ERROR: a field is missing or wrong (`details.field` names it); or a refused target ' +
    '(`details.field` `url`, `details.reason`: a non-public address, a host that does not resolve), or a ' +
    '`project_id` of no project',
);

export function webhookRoutes(webhooks: WebhookService): RouteSpec[] {
  return [
    defineRoute({
      method: 'POST',
      url: '/webhooks',
      summary: 'Register a webhook',
      tags: ['webhooks'],
      access: ADMIN,
      schema: {
        description:
          'Events of the listed kinds (of every project, or of `project_id`) are POSTed to `url`, signed ' +
          'with `secret` in `X-Platform-Signature`. Unless the service allows private targets, the URL must ' +
          'not be or resolve to a loopback, private, link-local or unique-local address.',
        body: Type.Object({
          url: Url,
          events: Events,
          secret: Secret,
          project_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
          active: Type.Optional(Type.Boolean({ description: 'default true' })),
        }),
        response: { 201: WebhookRef, 400: invalidWebhook },
      },
      handler: async (request, reply) => reply.code(201).send(await webhooks.create(request.body)),
    }),
    defineRoute({
      method: 'GET',
      url: '/webhooks',
      summary: 'List webhooks',
      tags: ['webhooks'],
      access: ADMIN,
      schema: { response: { 200: Type.Object({ webhooks: Type.Array(WebhookRef) }) } },
      handler: async () => ({ webhooks: webhooks.list() }),
    }),
    defineRoute({
      method: 'GET',
      url: '/webhooks/:id',
      summary: 'Read a webhook',
      tags: ['webhooks'],
      access: ADMIN,
      schema: { params: WebhookParams, response: { 200: WebhookRef, 404: notFound } },
      handler: async (request) => webhooks.get(request.params.id),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/webhooks/:id',
      summary: 'Change a webhook',
      tags: ['webhooks'],
      access: ADMIN,
      schema: {
        description:
          'Changes the fields given. A new `secret` signs every attempt from now on, retries included. ' +
          '`active: true` turns a disabled webhook back on; its pending deliveries then go out.',
        params: WebhookParams,
        body: Type.Object({
          url: Type.Optional(Url),
          events: Type.Optional(Events),
          secret: Type.Optional(Secret),
          active: Type.Optional(Type.Boolean()),
        }),
        response: { 200: WebhookRef, 400: invalidWebhook, 404: notFound },
      },
      handler: async (request) => webhooks.update(request.params.id, request.body),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/webhooks/:id',
      summary: 'Delete a webhook',
      tags: ['webhooks'],
      access: ADMIN,
      schema: {
        description: 'Deletes the webhook with its deliveries; pending ones are not sent.',
        params: WebhookParams,
        response: { 204: NoContent('deleted'), 404: notFound },
      },
      handler: async (request, reply) => {
        webhooks.remove(request.params.id);
        return reply.code(204).send(null);
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/webhooks/:id/ping',
      summary: 'Queue a ping delivery',
      tags: ['webhooks'],
      access: ADMIN,
      schema: {
        description:
          'Queues a `ping` event (`{event, event_id, timestamp, webhook_id}`) to test the receiver.',
        params: WebhookParams,
        response: {
          202: DeliveryRef,
          404: notFound,
          409: documentedError('CONFLICT: the webhook is inactive'),
        },
      },
      handler: async (request, reply) => reply.code(202).send(webhooks.ping(request.params.id)),
    }),
    defineRoute({
      method: 'GET',
      url: '/webhooks/:id/deliveries',
      summary: "List a webhook's deliveries, newest first",
      tags: ['webhooks'],
      access: ADMIN,
      schema: {
        params: WebhookParams,
        querystring: Type.Object({
          ...pageParameters('deliveries'),
        }),
        response: {
          200: Type.Object({
            deliveries: Type.Array(DeliveryRef),
            total: Type.Integer({ description: 'deliveries of the webhook, on all pages' }),
            page: Type.Integer(),
            per_page: Type.Integer(),
          }),
          404: notFound,
        },
      },
      handler: async (request) => webhooks.deliveries(request.params.id, request.query),
    }),
    defineRoute({
      method: 'POST',
      url: '/webhooks/:id/deliveries/:delivery_id/redeliver',
      summary: 'Send a delivery again',
      tags: ['webhooks'],
      access: ADMIN,
      schema: {
        description:
          'Queues a new delivery (new `delivery_id`) of the same body, with the same `event_id` and ' +
          'timestamp, behind the webhook’s other pending deliveries.',
        params: DeliveryParams,
        response: {
          202: DeliveryRef,
          404: documentedError('NOT_FOUND: no such webhook, or no such delivery of it'),
        },
      },
      handler: async (request, reply) =>
        reply.code(202).send(webhooks.redeliver(request.params.id, request.params.delivery_id)),
    }),
  ];
}
