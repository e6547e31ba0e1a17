/**
 * The audit log: who did what, through which transport, with what outcome. Successful changes
 * write their row in the transaction of the change (the core does it through the unit of work);
 * refused and failed requests are written by the transport once the response is known.
 */
import { Nullable, type Database, type Migration } from '@lab/server-kit';
import { Type, type Static } from 'typebox';

export const AUDIT_MIGRATION: Migration = {
  version: 4,
  name: 'audit log',
  sql: `CREATE TABLE audit_events (
          id         INTEGER PRIMARY KEY AUTOINCREMENT,
          time       TEXT NOT NULL,
          actor      TEXT NOT NULL,
          transport  TEXT NOT NULL CHECK (transport IN ('tcp', 'socket')),
          method     TEXT NOT NULL,
          path       TEXT NOT NULL,
          resource   TEXT NOT NULL,
          outcome    TEXT NOT NULL CHECK (outcome IN ('success', 'failure', 'denied')),
          status     INTEGER NOT NULL,
          request_id TEXT NOT NULL,
          code       TEXT
        ) STRICT;
        CREATE INDEX audit_by_time ON audit_events (time);
        CREATE INDEX audit_by_actor ON audit_events (actor, id);
        CREATE INDEX audit_by_resource ON audit_events (resource, id);`,
};

/** gRPC calls are audited too: the transport's CHECK gains `grpc` (SQLite rebuilds the table for it). */
export const AUDIT_GRPC_MIGRATION: Migration = {
  version: 15,
  name: 'audit log: the grpc transport',
  sql: `CREATE TABLE audit_events_new (
          id         INTEGER PRIMARY KEY AUTOINCREMENT,
          time       TEXT NOT NULL,
          actor      TEXT NOT NULL,
          transport  TEXT NOT NULL CHECK (transport IN ('tcp', 'socket', 'grpc')),
          method     TEXT NOT NULL,
          path       TEXT NOT NULL,
          resource   TEXT NOT NULL,
          outcome    TEXT NOT NULL CHECK (outcome IN ('success', 'failure', 'denied')),
          status     INTEGER NOT NULL,
          request_id TEXT NOT NULL,
          code       TEXT
        ) STRICT;
        INSERT INTO audit_events_new SELECT * FROM audit_events;
        DROP TABLE audit_events;
        ALTER TABLE audit_events_new RENAME TO audit_events;
        CREATE INDEX audit_by_time ON audit_events (time);
        CREATE INDEX audit_by_actor ON audit_events (actor, id);
        CREATE INDEX audit_by_resource ON audit_events (resource, id);`,
};

export type AuditOutcome = AuditEntry['outcome'];

/** The request a change came from, as the transport describes it to the core. */
export interface AuditContext {
  actor: string;
  transport: AuditEntry['transport'];
  method: string;
  path: string;
  resource: string;
  requestId: string;
  /** The status the request answers when the change succeeds. */
  status: number;
}

/** One row of the audit log as the API shows it: the one source of its type and OpenAPI schema. */
export const AuditEntrySchema = Type.Object(
  {
    id: Type.Integer(),
    time: Type.String({ format: 'date-time', description: 'when the request was answered' }),
    actor: Type.String({
      description: "the token's name, `socket` for the Unix socket, `anonymous` without a credential",
    }),
    transport: Type.Enum(['tcp', 'socket', 'grpc'], {
      description:
        'REST over TCP, REST over the Unix socket, or gRPC (`method` is then `GRPC`, `path` the RPC)',
    }),
    method: Type.String(),
    path: Type.String(),
    resource: Type.String({ description: 'what the request addressed, e.g. `vm/web1`' }),
    outcome: Type.Enum(['success', 'failure', 'denied']),
    status: Type.Integer({ description: 'HTTP status of the answer' }),
    request_id: Type.String(),
    code: Nullable(Type.String({ description: 'the error code of a failure' })),
  },
  { $id: 'AuditEntry' },
);
export type AuditEntry = Static<typeof AuditEntrySchema>;

export interface AuditQuery {
  since?: string;
  until?: string;
  actor?: string;
  resource?: string;
  outcome?: AuditOutcome;
  /** Entries with an id below this one (the cursor of the previous page); newest first. */
  before?: number;
  limit: number;
}

export interface AuditLog {
  record(
    context: AuditContext,
    outcome: AuditOutcome,
    status: number,
    code: string | null,
    time: string,
  ): void;
  query(query: AuditQuery): AuditEntry[];
}

export function createAuditLog(db: Database): AuditLog {
  const insert = db.prepare(
    `INSERT INTO audit_events (time, actor, transport, method, path, resource, outcome, status, request_id, code)
     VALUES (@time, @actor, @transport, @method, @path, @resource, @outcome, @status, @request_id, @code)`,
  );
  return {
    record(context, outcome, status, code, time) {
      insert.run({
        time,
        actor: context.actor,
        transport: context.transport,
        method: context.method,
        path: context.path,
        resource: context.resource,
        outcome,
        status,
        request_id: context.requestId,
        code,
      });
    },
    query(q) {
      // Filters are fixed clauses with bound values; nothing from the request enters the SQL text.
      const clauses: string[] = [];
      const values: Record<string, unknown> = { limit: q.limit };
      const filter = (clause: string, key: string, value: unknown): void => {
        if (value === undefined) return;
        clauses.push(clause);
        values[key] = value;
      };
      filter('time >= @since', 'since', q.since);
      filter('time < @until', 'until', q.until);
      filter('actor = @actor', 'actor', q.actor);
      filter('resource = @resource', 'resource', q.resource);
      filter('outcome = @outcome', 'outcome', q.outcome);
      filter('id < @before', 'before', q.before);
      const where = clauses.length === 0 ? '' : `WHERE ${clauses.join(' AND ')}`;
      return db
        .prepare<Record<string, unknown>, AuditEntry>(
          `SELECT * FROM audit_events ${where} ORDER BY id DESC LIMIT @limit`,
        )
        .all(values);
    },
  };
}
