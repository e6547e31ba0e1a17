/**
 * An event source as an async iterable: the retained events after `after`, then live ones, with
 * no gap and no duplicate (the subscription starts before the replay, and ids already yielded are
 * skipped), until `signal` aborts. For pull-based streams (gRPC) what SSE does by pushing.
 *
 * A consumer that falls more than `maxBacklog` events behind is ended with `BacklogOverflow`
 * rather than let its queue grow without bound; it can resume from the last id it got.
 */
import type { BusEvent, EventSource } from './event-bus.js';

export const DEFAULT_MAX_BACKLOG = 10_000;

export class BacklogOverflow extends Error {
  override readonly name = 'BacklogOverflow';
  constructor(
    readonly lastId: number,
    readonly limit: number,
  ) {
    super(`more than ${limit} events waited for this consumer; resume after id ${lastId}`);
  }
}

export interface FollowOptions<E extends BusEvent> {
  /** The id the consumer last saw; 0 for everything retained; undefined for live events only. */
  after?: number;
  signal: AbortSignal;
  filter?: (event: E) => boolean;
  maxBacklog?: number;
}

export async function* followEvents<E extends BusEvent>(
  source: EventSource<E>,
  options: FollowOptions<E>,
): AsyncGenerator<E, void, undefined> {
  const { signal } = options;
  const filter = options.filter ?? (() => true);
  const limit = options.maxBacklog ?? DEFAULT_MAX_BACKLOG;
  const queue: E[] = [];
  let wake: (() => void) | undefined;
  let overflow = false;
  const unsubscribe = source.subscribe((event) => {
    if (queue.length >= limit) overflow = true;
    else queue.push(event);
    wake?.();
  });
  const onAbort = (): void => wake?.();
  signal.addEventListener('abort', onAbort);
  try {
    // Live only: whatever arrives after the subscription is new.
    let yieldedUpTo = options.after ?? 0;
    // A source may answer `since` in batches (a replay of 1,000 at most): asked again until it
    // has nothing more, so no event between a batch's end and the subscription is skipped.
    for (let more = options.after !== undefined; more;) {
      more = false;
      for (const event of source.since(yieldedUpTo)) {
        if (signal.aborted) return;
        more = true;
        yieldedUpTo = event.id;
        if (filter(event)) yield event;
      }
    }
    while (!signal.aborted) {
      const event = queue.shift();
      if (event === undefined) {
        if (overflow) throw new BacklogOverflow(yieldedUpTo, limit);
        await new Promise<void>((resolve) => (wake = resolve));
        wake = undefined;
        continue;
      }
      if (event.id <= yieldedUpTo) continue;
      yieldedUpTo = event.id;
      if (filter(event)) yield event;
    }
  } finally {
    unsubscribe();
    signal.removeEventListener('abort', onAbort);
  }
}
