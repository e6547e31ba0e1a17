/**
 * The lifecycle listener that fills the webhook outbox: one pending delivery per active webhook
 * that wants the event, written inside the job's own transaction, so an event is either recorded
 * with its deliveries or not at all, and a crash right after the commit loses none.
 */
import { randomBytes } from 'node:crypto';
import type { LifecycleEvent, LifecycleListener } from '../job-events.js';
import type { NewDelivery, WebhookStore } from '../../store/webhooks.js';
import { jobEventBody, jobSummary, newEventId } from './payload.js';

export const newDeliveryId = (): string => `dlv_${randomBytes(8).toString('hex')}`;

export interface WebhookOutboxDeps {
  store: WebhookStore;
  /** The summaries of the job's stages as the transaction sees them. */
  stageSummaries: (jobId: string) => (Record<string, unknown> | null)[];
  /** Told after deliveries are queued, so they go out without waiting for the next poll. */
  queued: () => void;
  now?: () => Date;
}

/** A new pending delivery of `body`, due at once. */
export function pendingDelivery(
  fields: Pick<NewDelivery, 'webhook_id' | 'event' | 'event_id' | 'body'> & { redelivery_of?: string },
  now: Date,
): NewDelivery {
  return {
    ...fields,
    id: newDeliveryId(),
    next_attempt_ms: now.getTime(),
    created_at: now.toISOString(),
    redelivery_of: fields.redelivery_of ?? null,
  };
}

export function createWebhookOutbox(deps: WebhookOutboxDeps): LifecycleListener {
  const now = deps.now ?? (() => new Date());
  return (event: LifecycleEvent) => {
    const webhooks = deps.store.subscribers(event.event, event.project_id);
    if (webhooks.length === 0) return;
    const eventId = newEventId();
    const body = jobEventBody(event, eventId, jobSummary(deps.stageSummaries(event.job_id)));
    const at = now();
    for (const webhook of webhooks) {
      deps.store.insertDelivery(
        pendingDelivery({ webhook_id: webhook.id, event: event.event, event_id: eventId, body }, at),
      );
    }
    deps.queued();
  };
}
