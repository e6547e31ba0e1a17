/**
 * Webhooks, their outbox of deliveries and every attempt at one, in SQLite. A delivery row holds
 * the exact body it sends, so retries and redeliveries send the same bytes; an attempt is recorded
 * with the delivery's new state in one transaction.
 */
import { inTransaction, type Database } from '@lab/server-kit';

export type DeliveryState = 'pending' | 'succeeded' | 'failed';

export interface WebhookRow {
  id: string;
  url: string;
  events: string[];
  secret: string;
  project_id: string | null;
  active: boolean;
  disabled_reason: string | null;
  created_at: string;
  updated_at: string;
}

export interface DeliveryRow {
  id: string;
  webhook_id: string;
  event: string;
  event_id: string;
  body: string;
  state: DeliveryState;
  attempts: number;
  next_attempt_ms: number;
  created_at: string;
  finished_at: string | null;
  redelivery_of: string | null;
}

export interface AttemptRow {
  delivery_id: string;
  number: number;
  attempted_at: string;
  status_code: number | null;
  latency_ms: number;
  response_excerpt: string | null;
  error: string | null;
}

export type NewDelivery = Omit<DeliveryRow, 'state' | 'attempts' | 'finished_at'>;

/** What an attempt changes: the delivery's state, when to try next, and whether to disable the webhook. */
export interface AttemptResult {
  attempt: Omit<AttemptRow, 'number'>;
  state: DeliveryState;
  next_attempt_ms: number;
  disable_reason: string | null;
}

type RawWebhook = Omit<WebhookRow, 'events' | 'active'> & { events: string; active: number };

const toWebhook = (raw: RawWebhook): WebhookRow => ({
  ...raw,
  events: JSON.parse(raw.events) as string[],
  active: raw.active === 1,
});

export type WebhookStore = ReturnType<typeof createWebhookStore>;

export function createWebhookStore(db: Database) {
  const insertWebhook = db.prepare(
    `INSERT INTO webhooks (id, url, events, secret, project_id, active, created_at, updated_at)
     VALUES (@id, @url, @events, @secret, @project_id, @active, @created_at, @updated_at)`,
  );
  const webhookById = db.prepare<[string], RawWebhook>('SELECT * FROM webhooks WHERE id = ?');
  const allWebhooks = db.prepare<[], RawWebhook>('SELECT * FROM webhooks ORDER BY seq');
  const subscribers = db.prepare<[string, string], RawWebhook>(
    `SELECT * FROM webhooks WHERE active = 1 AND (project_id IS NULL OR project_id = ?)
       AND EXISTS (SELECT 1 FROM json_each(events) WHERE value = ?) ORDER BY seq`,
  );
  const updateWebhook = db.prepare(
    `UPDATE webhooks SET url = @url, events = @events, secret = @secret, active = @active,
       disabled_reason = @disabled_reason, updated_at = @updated_at WHERE id = @id`,
  );
  const disableWebhook = db.prepare(
    'UPDATE webhooks SET active = 0, disabled_reason = ?, updated_at = ? WHERE id = ?',
  );
  const deleteWebhook = db.prepare('DELETE FROM webhooks WHERE id = ?');
  const insertDelivery = db.prepare(
    `INSERT INTO webhook_deliveries (id, webhook_id, event, event_id, body, state, next_attempt_ms, created_at, redelivery_of)
     VALUES (@id, @webhook_id, @event, @event_id, @body, 'pending', @next_attempt_ms, @created_at, @redelivery_of)`,
  );
  const deliveryById = db.prepare<[string, string], DeliveryRow>(
    'SELECT * FROM webhook_deliveries WHERE webhook_id = ? AND id = ?',
  );
  const deliveryPage = db.prepare<[string, number, number], DeliveryRow>(
    'SELECT * FROM webhook_deliveries WHERE webhook_id = ? ORDER BY seq DESC LIMIT ? OFFSET ?',
  );
  const deliveryCount = db.prepare<[string], { n: number }>(
    'SELECT count(*) AS n FROM webhook_deliveries WHERE webhook_id = ?',
  );
  // Each active webhook's oldest pending delivery, when it is due: later ones wait behind it.
  const due = db.prepare<[number], DeliveryRow>(
    `SELECT d.* FROM webhooks w
       JOIN webhook_deliveries d ON d.seq = (SELECT min(p.seq) FROM webhook_deliveries p
                                             WHERE p.webhook_id = w.id AND p.state = 'pending')
     WHERE w.active = 1 AND d.next_attempt_ms <= ?`,
  );
  const attemptsOf = db.prepare<[string], AttemptRow>(
    'SELECT * FROM webhook_attempts WHERE delivery_id = ? ORDER BY number',
  );
  const finishAttempt = db.prepare(
    `UPDATE webhook_deliveries SET state = @state, attempts = attempts + 1, next_attempt_ms = @next_attempt_ms,
       finished_at = CASE WHEN @state = 'pending' THEN NULL ELSE @attempted_at END
     WHERE id = @id AND state = 'pending'`,
  );
  const insertAttempt = db.prepare(
    `INSERT INTO webhook_attempts (delivery_id, number, attempted_at, status_code, latency_ms, response_excerpt, error)
     VALUES (@delivery_id, (SELECT attempts FROM webhook_deliveries WHERE id = @delivery_id), @attempted_at,
       @status_code, @latency_ms, @response_excerpt, @error)`,
  );

  return {
    insert(webhook: WebhookRow): void {
      insertWebhook.run({
        ...webhook,
        events: JSON.stringify(webhook.events),
        active: webhook.active ? 1 : 0,
      });
    },
    get(id: string): WebhookRow | undefined {
      const raw = webhookById.get(id);
      return raw === undefined ? undefined : toWebhook(raw);
    },
    list: (): WebhookRow[] => allWebhooks.all().map(toWebhook),
    /** The active webhooks that want `event` of a job of `projectId`. */
    subscribers: (event: string, projectId: string): WebhookRow[] =>
      subscribers.all(projectId, event).map(toWebhook),
    update(webhook: WebhookRow): void {
      updateWebhook.run({
        ...webhook,
        events: JSON.stringify(webhook.events),
        active: webhook.active ? 1 : 0,
      });
    },
    /** False when there was no such webhook. */
    remove: (id: string): boolean => deleteWebhook.run(id).changes === 1,
    insertDelivery: (delivery: NewDelivery): void => void insertDelivery.run(delivery),
    delivery: (webhookId: string, id: string): DeliveryRow | undefined => deliveryById.get(webhookId, id),
    deliveries(webhookId: string, limit: number, offset: number) {
      return {
        deliveries: deliveryPage.all(webhookId, limit, offset),
        total: deliveryCount.get(webhookId)?.n ?? 0,
      };
    },
    attempts: (deliveryId: string): AttemptRow[] => attemptsOf.all(deliveryId),
    due: (nowMs: number): DeliveryRow[] => due.all(nowMs),
    /** Records an attempt; false when the delivery is gone (its webhook deleted) or already settled. */
    recordAttempt(delivery: DeliveryRow, result: AttemptResult): boolean {
      return inTransaction(db, () => {
        const changed =
          finishAttempt.run({
            id: delivery.id,
            state: result.state,
            next_attempt_ms: result.next_attempt_ms,
            attempted_at: result.attempt.attempted_at,
          }).changes === 1;
        if (!changed) return false;
        insertAttempt.run(result.attempt);
        if (result.disable_reason !== null) {
          disableWebhook.run(result.disable_reason, result.attempt.attempted_at, delivery.webhook_id);
        }
        return true;
      });
    },
  };
}
