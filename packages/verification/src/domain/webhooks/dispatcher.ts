/**
 * Sends the outbox. Every poll (and at once when a listener queues a delivery) it takes each
 * active webhook's oldest pending delivery that is due and not already being sent, so a webhook
 * receives its events in order, one at a time, while webhooks proceed independently. Each attempt
 * is recorded; a non-2xx answer, a time-out or a connection error schedules a retry by
 * retry-schedule.ts, until the last attempt gives the delivery up. 410 Gone disables the webhook.
 * Everything is in the store, so a restarted service carries on where the last one stopped.
 */
import type { Logger } from '@lab/server-kit';
import type { AttemptResult, DeliveryRow, WebhookStore } from '../../store/webhooks.js';
import { sendDelivery, type DeliveryRequest, type DeliveryResponse } from './delivery-client.js';
import { retryDelayMs, WEBHOOK_MAX_ATTEMPTS } from './retry-schedule.js';
import { DELIVERY_HEADER, EVENT_HEADER, signBody, SIGNATURE_HEADER, TIMESTAMP_HEADER } from './signature.js';

export const POLL_INTERVAL_MS = 200;

export interface DispatcherSettings {
  timeoutMs: number;
  retryBaseMs: number;
  allowPrivate: boolean;
}

export interface DispatcherDeps {
  store: WebhookStore;
  logger: Logger;
  settings: DispatcherSettings;
  userAgent: string;
  send?: (request: DeliveryRequest) => Promise<DeliveryResponse>;
  now?: () => Date;
}

const isSuccess = (status: number | null) => status !== null && status >= 200 && status < 300;

export class WebhookDispatcher {
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly stopping = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private timerDueMs = Infinity;

  constructor(private readonly deps: DispatcherDeps) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /** Starts polling; deliveries left pending by an earlier run go first. */
  start(): void {
    this.wake();
  }

  /** Polls as soon as possible. */
  wake(): void {
    this.pollIn(0);
  }

  /** Stops polling and aborts attempts under way; they stay pending for the next start. */
  async close(): Promise<void> {
    this.stopping.abort();
    clearTimeout(this.timer);
    await Promise.all(this.inFlight.values());
  }

  private pollIn(delayMs: number): void {
    if (this.stopping.signal.aborted) return;
    const dueMs = Date.now() + delayMs;
    if (dueMs >= this.timerDueMs) return;
    clearTimeout(this.timer);
    this.timerDueMs = dueMs;
    this.timer = setTimeout(() => this.poll(), delayMs);
    this.timer.unref();
  }

  private poll(): void {
    this.timerDueMs = Infinity;
    try {
      for (const delivery of this.deps.store.due(this.now().getTime())) {
        if (this.inFlight.has(delivery.webhook_id)) continue;
        const attempt = this.attempt(delivery)
          .catch((error: unknown) =>
            this.deps.logger.error({ err: error, delivery_id: delivery.id }, 'webhook delivery failed'),
          )
          .finally(() => {
            this.inFlight.delete(delivery.webhook_id);
            this.wake();
          });
        this.inFlight.set(delivery.webhook_id, attempt);
      }
    } catch (error) {
      this.deps.logger.error({ err: error }, 'webhook outbox poll failed');
    }
    this.pollIn(POLL_INTERVAL_MS);
  }

  private async attempt(delivery: DeliveryRow): Promise<void> {
    const { store, settings } = this.deps;
    const webhook = store.get(delivery.webhook_id);
    if (webhook === undefined) return;
    const attemptedAt = this.now().toISOString();
    const payload = JSON.parse(delivery.body) as { timestamp: string };
    const response = await (this.deps.send ?? sendDelivery)({
      url: webhook.url,
      body: delivery.body,
      headers: {
        'content-type': 'application/json',
        'user-agent': this.deps.userAgent,
        [SIGNATURE_HEADER]: signBody(webhook.secret, delivery.body),
        [EVENT_HEADER]: delivery.event,
        [DELIVERY_HEADER]: delivery.id,
        [TIMESTAMP_HEADER]: payload.timestamp,
      },
      timeoutMs: settings.timeoutMs,
      allowPrivate: settings.allowPrivate,
      signal: this.stopping.signal,
    });
    if (this.stopping.signal.aborted) return;
    const result = this.outcome(delivery, response, attemptedAt);
    store.recordAttempt(delivery, result);
    if (result.state === 'pending') this.pollIn(result.next_attempt_ms - this.now().getTime());
    if (result.disable_reason !== null) {
      this.deps.logger.warn({ webhook_id: webhook.id }, 'webhook disabled: the receiver answered 410 Gone');
    }
  }

  private outcome(delivery: DeliveryRow, response: DeliveryResponse, attemptedAt: string): AttemptResult {
    const attempt = { delivery_id: delivery.id, attempted_at: attemptedAt, ...response };
    const attempts = delivery.attempts + 1;
    const settledMs = this.now().getTime();
    if (isSuccess(response.status_code)) {
      return { attempt, state: 'succeeded', next_attempt_ms: settledMs, disable_reason: null };
    }
    if (response.status_code === 410) {
      const reason = `the receiver answered 410 Gone to delivery ${delivery.id} at ${attemptedAt}`;
      return { attempt, state: 'failed', next_attempt_ms: settledMs, disable_reason: reason };
    }
    if (attempts >= WEBHOOK_MAX_ATTEMPTS) {
      return { attempt, state: 'failed', next_attempt_ms: settledMs, disable_reason: null };
    }
    const delay = retryDelayMs(attempts, this.deps.settings.retryBaseMs);
    return { attempt, state: 'pending', next_attempt_ms: settledMs + delay, disable_reason: null };
  }
}
