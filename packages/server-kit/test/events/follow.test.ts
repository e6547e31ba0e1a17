import { describe, expect, it } from 'vitest';
import {
  BacklogOverflow,
  createEventBus,
  followEvents,
  type BusEvent,
  type EventSource,
} from '../../src/index.js';

/** The bus, its replay answered in batches of `batch` as a database-backed log answers it. */
function batched(batch: number) {
  const bus = createEventBus({ historySize: 10_000 });
  const source: EventSource = {
    since: (after) => bus.since(after).slice(0, batch),
    subscribe: (listener) => bus.subscribe(listener),
  };
  return { bus, source };
}

async function take(events: AsyncIterator<BusEvent>, count: number): Promise<number[]> {
  const ids: number[] = [];
  while (ids.length < count) {
    const next = await events.next();
    if (next.done === true) break;
    ids.push(next.value.id);
  }
  return ids;
}

describe('followEvents', () => {
  it('replays every event after `after` across replay batches, then live ones, each once', async () => {
    const { bus, source } = batched(3);
    for (let i = 1; i <= 10; i++) bus.publish('tick', i);
    const stop = new AbortController();
    const events = followEvents(source, { after: 2, signal: stop.signal })[Symbol.asyncIterator]();
    const replayed = await take(events, 4);
    // Published while the consumer is in the middle of the replay: in the log and in the queue.
    bus.publish('tick', 11);
    const rest = await take(events, 5);
    bus.publish('tick', 12);
    expect([...replayed, ...rest, ...(await take(events, 1))]).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    stop.abort();
    expect((await events.next()).done).toBe(true);
  });

  it('filters, follows live events only without `after`, and ends when the signal aborts', async () => {
    const { bus, source } = batched(1_000);
    bus.publish('old', 0);
    const stop = new AbortController();
    const events = followEvents(source, { signal: stop.signal, filter: (e) => e.kind === 'keep' });
    const iterator = events[Symbol.asyncIterator]();
    const first = iterator.next();
    bus.publish('drop', 1);
    bus.publish('keep', 2);
    expect((await first).value).toMatchObject({ id: 3, kind: 'keep' });
    const pending = iterator.next();
    stop.abort();
    expect((await pending).done).toBe(true);
    // Unsubscribed: publishing reaches no one and nothing throws.
    bus.publish('keep', 3);
  });

  it('ends a consumer that falls more than maxBacklog behind with BacklogOverflow', async () => {
    const { bus, source } = batched(1_000);
    const stop = new AbortController();
    const iterator = followEvents(source, { signal: stop.signal, maxBacklog: 2 })[Symbol.asyncIterator]();
    const first = iterator.next();
    for (let i = 0; i < 5; i++) bus.publish('tick', i);
    expect((await first).value?.id).toBe(1);
    await expect(take(iterator, 5)).rejects.toBeInstanceOf(BacklogOverflow);
  });
});
