/** `client.webhooks`: registrations, their deliveries, pings and redeliveries. */
import type { components } from './gen/openapi.js';
import type { CallOptions, JsonBody, Query, Transport } from './http.js';

export type Webhook = components['schemas']['Webhook'];
export type WebhookDelivery = components['schemas']['WebhookDelivery'];
export type WebhookCreate = JsonBody<'/api/v1/webhooks', 'post'>;
export type WebhookUpdate = JsonBody<'/api/v1/webhooks/{id}', 'patch'>;
export type DeliveryListQuery = Query<'/api/v1/webhooks/{id}/deliveries', 'get'>;

export function webhooksApi({ api, call }: Transport) {
  const hookPath = (id: string) => ({ path: { id } });
  return {
    create: (body: WebhookCreate, options?: CallOptions) =>
      call(options, (signal) => api.POST('/api/v1/webhooks', { body, signal })),

    list: (options?: CallOptions) => call(options, (signal) => api.GET('/api/v1/webhooks', { signal })),

    get: (id: string, options?: CallOptions) =>
      call(options, (signal) => api.GET('/api/v1/webhooks/{id}', { params: hookPath(id), signal })),

    update: (id: string, body: WebhookUpdate, options?: CallOptions) =>
      call(options, (signal) => api.PATCH('/api/v1/webhooks/{id}', { params: hookPath(id), body, signal })),

    delete: async (id: string, options?: CallOptions): Promise<void> => {
      await call(options, (signal) => api.DELETE('/api/v1/webhooks/{id}', { params: hookPath(id), signal }));
    },

    /** Queues a `ping` delivery to the webhook's URL. */
    ping: (id: string, options?: CallOptions) =>
      call(options, (signal) => api.POST('/api/v1/webhooks/{id}/ping', { params: hookPath(id), signal })),

    deliveries: (id: string, query: DeliveryListQuery = {}, options?: CallOptions) =>
      call(options, (signal) =>
        api.GET('/api/v1/webhooks/{id}/deliveries', { params: { path: { id }, query }, signal }),
      ),

    redeliver: (id: string, deliveryId: string, options?: CallOptions) =>
      call(options, (signal) =>
        api.POST('/api/v1/webhooks/{id}/deliveries/{delivery_id}/redeliver', {
          params: { path: { id, delivery_id: deliveryId } },
          signal,
        }),
      ),
  };
}
