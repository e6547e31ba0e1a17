/**
 * A page of the audit log, as REST's `GET /audit/events` and gRPC's `ListAuditEvents` ask for it:
 * the filters, the page size and the cursor (the id of the previous page's last entry; entries
 * come newest first, so the next page is the entries below it).
 */
import { Type, type Static } from 'typebox';
import type { AuditEntry, AuditLog } from '../store/audit.js';

export const MAX_AUDIT_PAGE = 500;
export const DEFAULT_AUDIT_PAGE = 100;

export const AuditQuerySchema = Type.Object({
  since: Type.Optional(Type.String({ format: 'date-time', description: 'entries at or after this time' })),
  until: Type.Optional(Type.String({ format: 'date-time', description: 'entries before this time' })),
  actor: Type.Optional(Type.String({ maxLength: 64, description: 'token name, `socket` or `anonymous`' })),
  resource: Type.Optional(Type.String({ maxLength: 200, description: 'e.g. `vm/web1`' })),
  outcome: Type.Optional(Type.Enum(['success', 'failure', 'denied'])),
  limit: Type.Integer({ minimum: 1, maximum: MAX_AUDIT_PAGE, default: DEFAULT_AUDIT_PAGE }),
  cursor: Type.Optional(
    Type.String({ pattern: '^[1-9][0-9]{0,15}$', description: '`next_cursor` of the previous page' }),
  ),
});
export type AuditPageQuery = Static<typeof AuditQuerySchema>;

export interface AuditPage {
  events: AuditEntry[];
  /** The cursor of the next page; null on the last one. */
  next_cursor: string | null;
}

/**
 * Times are stored as UTC with milliseconds (`toISOString`) and compared as text, so a bound is
 * written the same way first: `…T10:00:00+02:00` or `…T08:00:00Z` would otherwise sort wrongly.
 * A leap second (`…T23:59:60Z`) is a valid date-time that `Date` cannot hold: it bounds as the
 * second before it.
 */
function storedTime(time: string | undefined): string | undefined {
  if (time === undefined) return undefined;
  const parsed = new Date(time.replace(/(T\d\d:\d\d):60/i, '$1:59'));
  return Number.isNaN(parsed.getTime()) ? time : parsed.toISOString();
}

export function auditPage(log: AuditLog, query: AuditPageQuery): AuditPage {
  const { cursor, limit, since, until, ...filters } = query;
  const bounds = { since: storedTime(since), until: storedTime(until) };
  const events = log.query({
    ...Object.fromEntries(Object.entries({ ...filters, ...bounds }).filter(([, v]) => v !== undefined)),
    limit,
    ...(cursor === undefined ? {} : { before: Number(cursor) }),
  });
  const last = events.at(-1);
  // A full page may have more below it; a short one is the last.
  return { events, next_cursor: events.length === limit && last !== undefined ? String(last.id) : null };
}
