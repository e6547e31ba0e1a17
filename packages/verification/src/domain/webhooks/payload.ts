/**
 * The JSON bodies webhooks receive. Job events carry the job's counts summed over the stage
 * summaries recorded so far; `stage.completed` adds the stage; `ping` only names the webhook.
 * `event_id` is the same for every webhook told of one event and across retries and redeliveries,
 * so receivers can drop duplicates.
 */
import { randomBytes } from 'node:crypto';
import type { LifecycleEvent } from '../job-events.js';

export const PING_EVENT = 'ping';

const SUMMARY_COUNTS = ['tests_passed', 'properties_proven', 'crypto_checks_passed'] as const;
export type JobSummary = Record<(typeof SUMMARY_COUNTS)[number], number>;

export const newEventId = (): string => `evt_${randomBytes(8).toString('hex')}`;

/** The counts of the payload: each summed over the stages that report it, 0 when none does. */
export function jobSummary(stageSummaries: readonly (Record<string, unknown> | null)[]): JobSummary {
  const total = (count: string) =>
    stageSummaries.reduce((sum, summary) => {
      const value = summary?.[count];
      return sum + (Number.isInteger(value) ? (value as number) : 0);
    }, 0);
  return Object.fromEntries(SUMMARY_COUNTS.map((count) => [count, total(count)])) as JobSummary;
}

export function jobEventBody(event: LifecycleEvent, eventId: string, summary: JobSummary): string {
  return JSON.stringify({
    event: event.event,
    event_id: eventId,
    timestamp: event.timestamp,
    job_id: event.job_id,
    project_id: event.project_id,
    status: event.status,
    summary,
    ...(event.stage === undefined ? {} : { stage: event.stage }),
  });
}

export function pingBody(webhookId: string, eventId: string, timestamp: string): string {
  return JSON.stringify({ event: PING_EVENT, event_id: eventId, timestamp, webhook_id: webhookId });
}
