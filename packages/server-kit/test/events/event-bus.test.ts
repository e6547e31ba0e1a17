import { describe, expect, it, vi } from 'vitest';
import { createEventBus } from '../../src/index.js';

describe('event bus', () => {
  it('numbers events consecutively from startAfter and delivers them to subscribers', () => {
    const bus = createEventBus<'a' | 'b', number>({
      startAfter: 41,
      now: () => new Date('2026-01-02T03:04:05Z'),
    });
    const seen: number[] = [];
    const unsubscribe = bus.subscribe((e) => seen.push(e.id));
    expect(bus.publish('a', 1)).toEqual({ id: 42, kind: 'a', data: 1, time: '2026-01-02T03:04:05.000Z' });
    bus.publish('b', 2);
    unsubscribe();
    bus.publish('a', 3);
    expect(seen).toEqual([42, 43]);
    expect(bus.lastId).toBe(44);
  });

  it('replays the events after an id, within the history bound', () => {
    const bus = createEventBus({ historySize: 3 });
    for (let i = 1; i <= 5; i++) bus.publish('tick', i);
    expect(bus.since(0).map((e) => e.id)).toEqual([3, 4, 5]);
    expect(bus.since(3).map((e) => e.id)).toEqual([4, 5]);
    expect(bus.since(5)).toEqual([]);
  });

  it('still delivers to the other listeners when one throws, and reports the error', () => {
    const onListenerError = vi.fn();
    const bus = createEventBus({ onListenerError });
    const after = vi.fn();
    bus.subscribe(() => {
      throw new Error('listener broke');
    });
    bus.subscribe(after);
    bus.publish('x', null);
    expect(after).toHaveBeenCalledOnce();
    expect(onListenerError).toHaveBeenCalledWith(expect.objectContaining({ message: 'listener broke' }));
  });
});
