/** Collects the events of an SSE response in the background, for tests that wait for one. */
import { createSseParser } from '../../src/cli/sse.js';

export interface StreamedEvent {
  id: number;
  event: string;
  data: any;
}

export interface EventCollector {
  events: StreamedEvent[];
  /** Resolves with the first event (already received or future) that matches. */
  waitFor(match: (event: StreamedEvent) => boolean, timeoutMs?: number): Promise<StreamedEvent>;
  close(): Promise<void>;
}

export function collectEvents(response: Response): EventCollector {
  const events: StreamedEvent[] = [];
  const waiters = new Set<() => void>();
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const parser = createSseParser();
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
      if (done) return;
      for (const { id, event, data } of parser.push(value)) {
        events.push({ id: Number(id), event, data: JSON.parse(data) });
        for (const wake of [...waiters]) wake();
      }
    }
  })();
  return {
    events,
    waitFor: (match, timeoutMs = 30_000) =>
      new Promise((resolve, reject) => {
        const check = (): boolean => {
          const found = events.find(match);
          if (found === undefined) return false;
          waiters.delete(wake);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const wake = (): void => void check();
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(
            new Error(
              `no matching event within ${timeoutMs} ms; got ${JSON.stringify(events.map((e) => e.data))}`,
            ),
          );
        }, timeoutMs);
        waiters.add(wake);
        check();
      }),
    close: () => reader.cancel(),
  };
}
