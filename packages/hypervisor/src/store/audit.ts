/**
 * The audit log: who did what, through which transport, with what outcome. Successful changes
 * write their row in the transaction of the change (the core does it through the unit of work);
 * refused and failed requests are written by the transport once the response is known.
 */
import type { Database, Migration } from '@lab/server-kit';

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

export type AuditOutcome = 'success' | 'failure' | 'denied';

/** The request a change came from, as the transport describes it to the core. */
export interface AuditContext {
  actor: string;
  transport: 'tcp' | 'socket';
  method: string;
  path: string;
  resource: string;
  requestId: string;
  /** The status the request answers when the change succeeds. */
  status: number;
}

export interface AuditEntry {
  id: number;
  time: string;
  actor: string;
  transport: 'tcp' | 'socket';
  method: string;
  path: string;
  resource: string;
  outcome: AuditOutcome;
  status: number;
  request_id: string;
  code: string | null;
}

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
