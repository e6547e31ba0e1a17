/**
 * Registering webhooks and looking after their deliveries: create, read, change, delete, queue a
 * ping, list deliveries with their attempts, and redeliver. The secret is kept in clear (the HMAC
 * needs it) and never leaves this module: views leave it out.
 */
import { randomBytes } from 'node:crypto';
import { VpErrors } from '../../errors.js';
import type {
  AttemptRow,
  DeliveryRow,
  DeliveryState,
  WebhookRow,
  WebhookStore,
} from '../../store/webhooks.js';
import { LIFECYCLE_EVENTS } from '../job-events.js';
import { suggestAmong } from '../suggest.js';
import { pendingDelivery } from './outbox.js';
import { newEventId, PING_EVENT, pingBody } from './payload.js';
import { refusedTargetReason } from './target-policy.js';

export const newWebhookId = (): string => `whk_${randomBytes(8).toString('hex')}`;

export interface WebhookView {
  webhook_id: string;
  url: string;
  events: string[];
  project_id: string | null;
  active: boolean;
  disabled_reason: string | null;
  created_at: string;
  updated_at: string;
}

export interface DeliveryView {
  delivery_id: string;
  event: string;
  event_id: string;
  state: DeliveryState;
  created_at: string;
  finished_at: string | null;
  next_attempt_at: string | null;
  redelivery_of: string | null;
  attempts: Omit<AttemptRow, 'delivery_id'>[];
}

export interface WebhookCreate {
  url: string;
  events: string[];
  secret: string;
  project_id?: string | undefined;
  active?: boolean | undefined;
}

export type WebhookUpdate = Partial<Pick<WebhookCreate, 'url' | 'events' | 'secret' | 'active'>>;

export interface WebhookServiceDeps {
  store: WebhookStore;
  projectExists: (id: string) => boolean;
  allowPrivate: boolean;
  /** Told when a delivery is queued, so it goes out at once. */
  queued: () => void;
  now?: () => Date;
}

const view = ({ secret: _secret, id, ...webhook }: WebhookRow): WebhookView => ({
  webhook_id: id,
  ...webhook,
});

/** The events, each checked against LIFECYCLE_EVENTS, without repeats. */
function validEvents(events: readonly string[]): string[] {
  events.forEach((event, index) => {
    if (!(LIFECYCLE_EVENTS as readonly string[]).includes(event)) {
      throw VpErrors.validation(
        { message: `events[${index}]: unknown event '${event}'` },
        { details: { field: `events[${index}]`, suggestion: suggestAmong(event, LIFECYCLE_EVENTS) } },
      );
    }
  });
  return [...new Set(events)];
}

export function createWebhookService(deps: WebhookServiceDeps) {
  const { store } = deps;
  const now = deps.now ?? (() => new Date());

  const require = (id: string): WebhookRow => {
    const webhook = store.get(id);
    if (webhook === undefined) throw VpErrors.notFound({ resource: 'webhook', id });
    return webhook;
  };
  const assertTarget = async (url: string) => {
    const reason = await refusedTargetReason(url, deps.allowPrivate);
    if (reason !== undefined) {
      throw VpErrors.ruleViolation({ message: `url: ${reason}` }, { details: { field: 'url', reason } });
    }
  };
  const deliveryView = (delivery: DeliveryRow): DeliveryView => ({
    delivery_id: delivery.id,
    event: delivery.event,
    event_id: delivery.event_id,
    state: delivery.state,
    created_at: delivery.created_at,
    finished_at: delivery.finished_at,
    next_attempt_at: delivery.state === 'pending' ? new Date(delivery.next_attempt_ms).toISOString() : null,
    redelivery_of: delivery.redelivery_of,
    attempts: store.attempts(delivery.id).map(({ delivery_id: _delivery, ...attempt }) => attempt),
  });
  const queue = (fields: Parameters<typeof pendingDelivery>[0]): DeliveryView => {
    const delivery = pendingDelivery(fields, now());
    store.insertDelivery(delivery);
    deps.queued();
    return deliveryView(store.delivery(delivery.webhook_id, delivery.id)!);
  };

  return {
    async create(input: WebhookCreate): Promise<WebhookView> {
      const events = validEvents(input.events);
      if (input.project_id !== undefined && !deps.projectExists(input.project_id)) {
        throw VpErrors.ruleViolation(
          { message: `project_id: no project has the id '${input.project_id}'` },
          { details: { field: 'project_id' } },
        );
      }
      await assertTarget(input.url);
      const at = now().toISOString();
      const webhook: WebhookRow = {
        id: newWebhookId(),
        url: input.url,
        events,
        secret: input.secret,
        project_id: input.project_id ?? null,
        active: input.active ?? true,
        disabled_reason: null,
        created_at: at,
        updated_at: at,
      };
      store.insert(webhook);
      return view(webhook);
    },
    list: (): WebhookView[] => store.list().map(view),
    get: (id: string): WebhookView => view(require(id)),
    async update(id: string, changes: WebhookUpdate): Promise<WebhookView> {
      const events = changes.events === undefined ? undefined : validEvents(changes.events);
      if (changes.url !== undefined) await assertTarget(changes.url);
      const current = require(id);
      const active = changes.active ?? current.active;
      const updated: WebhookRow = {
        ...current,
        url: changes.url ?? current.url,
        events: events ?? current.events,
        secret: changes.secret ?? current.secret,
        active,
        // Turning a webhook back on clears why it was turned off.
        disabled_reason: active ? null : current.disabled_reason,
        updated_at: now().toISOString(),
      };
      store.update(updated);
      if (active) deps.queued();
      return view(updated);
    },
    remove(id: string): void {
      if (!store.remove(id)) throw VpErrors.notFound({ resource: 'webhook', id });
    },
    ping(id: string): DeliveryView {
      const webhook = require(id);
      if (!webhook.active) {
        throw VpErrors.conflict({ message: `webhook '${id}' is inactive: set active to true first` });
      }
      const eventId = newEventId();
      const body = pingBody(id, eventId, now().toISOString());
      return queue({ webhook_id: id, event: PING_EVENT, event_id: eventId, body });
    },
    deliveries(id: string, page: { page: number; per_page: number }) {
      require(id);
      const found = store.deliveries(id, page.per_page, (page.page - 1) * page.per_page);
      return { deliveries: found.deliveries.map(deliveryView), total: found.total, ...page };
    },
    /** A new delivery of the same body (same event id), queued behind the webhook's others. */
    redeliver(id: string, deliveryId: string): DeliveryView {
      require(id);
      const original = store.delivery(id, deliveryId);
      if (original === undefined) throw VpErrors.notFound({ resource: 'delivery', id: deliveryId });
      const { webhook_id, event, event_id, body } = original;
      return queue({ webhook_id, event, event_id, body, redelivery_of: original.id });
    },
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
