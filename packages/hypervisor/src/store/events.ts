/**
 * The event log: every event the service publishes is a row, so ids keep increasing across
 * restarts and a client that resumes with `Last-Event-ID` after a restart still gets what it
 * missed. The in-process bus carries live events; rows are written in the transaction of the
 * change they describe and published once it commits (see unit-of-work.ts).
 */
import {
  createEventBus,
  type BusEvent,
  type Database,
  type EventBus,
  type EventSource,
  type Migration,
} from '@lab/server-kit';

export const EVENTS_MIGRATION: Migration = {
  version: 3,
  name: 'events',
  sql: `CREATE TABLE events (
          id   INTEGER PRIMARY KEY,
          kind TEXT NOT NULL,
          vm   TEXT,
          data TEXT NOT NULL,
          time TEXT NOT NULL
        ) STRICT;`,
};

/** Rows kept for replay; older ones are pruned as new ones arrive. */
export const EVENT_RETENTION = 10_000;
/** Most events one replay returns; a client further behind resumes from the last it got. */
const REPLAY_BATCH = 1_000;

interface EventRow {
  id: number;
  kind: string;
  data: string;
  time: string;
}

export interface EventLog extends EventSource {
  /** Writes the row of an event about to be published; call inside the change's transaction. */
  append(kind: string, data: Record<string, unknown>): BusEvent;
  /** Publishes events whose rows committed, in order. */
  publish(events: readonly BusEvent[]): void;
  /** Forgets rows appended in a transaction that rolled back. */
  discard(): void;
  readonly bus: EventBus;
}

export function createEventLog(db: Database, now: () => Date = () => new Date()): EventLog {
  const last = db.prepare<[], { id: number | null }>('SELECT max(id) AS id FROM events').get();
  const bus = createEventBus({ startAfter: last?.id ?? 0, now });
  const insert = db.prepare<[number, string, string | null, string, string]>(
    'INSERT INTO events (id, kind, vm, data, time) VALUES (?, ?, ?, ?, ?)',
  );
  const prune = db.prepare<[number]>('DELETE FROM events WHERE id <= ?');
  const after = db.prepare<[number, number], EventRow>(
    'SELECT * FROM events WHERE id > ? ORDER BY id LIMIT ?',
  );
  // Rows written in a transaction that has not been published yet: their ids are taken.
  let reserved = 0;

  return {
    bus,
    append(kind, data) {
      reserved += 1;
      const id = bus.lastId + reserved;
      const time = now().toISOString();
      insert.run(id, kind, typeof data.vm === 'string' ? data.vm : null, JSON.stringify(data), time);
      if (id % 1000 === 0) prune.run(id - EVENT_RETENTION);
      return { id, kind, data, time };
    },
    publish(events) {
      reserved = 0;
      for (const event of events) {
        const published = bus.publish(event.kind, event.data);
        if (published.id !== event.id) {
          throw new Error(`event log out of step: row ${event.id} published as ${published.id}`);
        }
      }
    },
    discard() {
      reserved = 0;
    },
    since(lastId) {
      return after.all(lastId, REPLAY_BATCH).map((row) => ({
        id: row.id,
        kind: row.kind,
        data: JSON.parse(row.data) as unknown,
        time: row.time,
      }));
    },
    subscribe: (listener) => bus.subscribe(listener),
  };
}
