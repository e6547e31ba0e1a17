/**
 * An in-process event bus with a bounded history, so that a subscriber that reconnects can ask
 * for what it missed (`since(lastId)`) and SSE can honour `Last-Event-ID`.
 *
 * Ids are consecutive integers. A service whose events are persisted starts the bus after the
 * last stored id (`startAfter`), so ids keep increasing across restarts.
 */

export interface BusEvent<K extends string = string, D = unknown> {
  id: number;
  kind: K;
  data: D;
  /** ISO 8601 UTC time of publication. */
  time: string;
}

/** What an event stream reads from: replay after an id, then live events. */
export interface EventSource<E extends BusEvent = BusEvent> {
  /** Retained events with an id greater than `lastId`, oldest first. */
  since(lastId: number): E[];
  subscribe(listener: (event: E) => void): () => void;
}

export interface EventBus<K extends string = string, D = unknown> extends EventSource<BusEvent<K, D>> {
  publish(kind: K, data: D): BusEvent<K, D>;
  /** Id of the newest event published, or `startAfter` when none was. */
  readonly lastId: number;
}

export interface EventBusOptions {
  /** How many past events are kept for replay (default 1000). */
  historySize?: number;
  startAfter?: number;
  now?: () => Date;
  /** Told when a listener throws; the other listeners still get the event. */
  onListenerError?: (error: unknown) => void;
}

export function createEventBus<K extends string = string, D = unknown>(
  options: EventBusOptions = {},
): EventBus<K, D> {
  const historySize = options.historySize ?? 1000;
  const now = options.now ?? (() => new Date());
  const onListenerError =
    options.onListenerError ??
    ((error: unknown) => process.emitWarning(`event listener failed: ${String(error)}`));
  const history: BusEvent<K, D>[] = [];
  const listeners = new Set<(event: BusEvent<K, D>) => void>();
  let lastId = options.startAfter ?? 0;

  return {
    get lastId() {
      return lastId;
    },

    publish(kind, data) {
      lastId += 1;
      const event = { id: lastId, kind, data, time: now().toISOString() };
      history.push(event);
      if (history.length > historySize) history.shift();
      for (const listener of [...listeners]) {
        try {
          listener(event);
        } catch (error) {
          onListenerError(error);
        }
      }
      return event;
    },

    since(after) {
      const first = history.findIndex((e) => e.id > after);
      return first === -1 ? [] : history.slice(first);
    },

    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
