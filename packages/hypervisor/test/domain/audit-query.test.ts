/** auditPage: the cursor arithmetic both transports page with, and time bounds however written. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditPage, type AuditPageQuery } from '../../src/domain/audit-query.js';
import { createAuditLog, type AuditContext, type AuditLog } from '../../src/store/audit.js';
import { openStore } from '../../src/store/database.js';

const dir = mkdtempSync(join(tmpdir(), 'hv-audit-'));
let db: ReturnType<typeof openStore>;
let log: AuditLog;

const context: AuditContext = {
  actor: 'ci',
  transport: 'tcp',
  method: 'POST',
  path: '/api/v1/vms',
  resource: 'vm/web1',
  requestId: 'r',
  status: 201,
};
// Five rows a second apart, from 10:00:00.500Z on.
const times = [0, 1, 2, 3, 4].map((s) => new Date(Date.UTC(2026, 0, 1, 10, 0, s, 500)).toISOString());

beforeAll(() => {
  db = openStore(dir);
  log = createAuditLog(db);
  for (const time of times) log.record(context, 'success', 201, null, time);
});
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const page = (query: Partial<AuditPageQuery>) => auditPage(log, { limit: 100, ...query });

describe('auditPage', () => {
  it('pages newest first; a full page has a cursor, the last page none', () => {
    const first = page({ limit: 2 });
    expect(first.events.map((e) => e.time)).toEqual([times[4], times[3]]);
    expect(first.next_cursor).toBe(String(first.events[1]?.id));
    const second = page({ limit: 2, cursor: first.next_cursor ?? '' });
    expect(second.events.map((e) => e.time)).toEqual([times[2], times[1]]);
    const last = page({ limit: 2, cursor: second.next_cursor ?? '' });
    expect(last.events.map((e) => e.time)).toEqual([times[0]]);
    expect(last.next_cursor).toBeNull();
  });

  it('compares time bounds as instants: without milliseconds or with an offset', () => {
    // 10:00:02Z is before the row at 10:00:02.500Z; as text it would sort after it.
    expect(page({ since: '2026-01-01T10:00:02Z' }).events.map((e) => e.time)).toEqual([
      times[4],
      times[3],
      times[2],
    ]);
    expect(page({ until: '2026-01-01T12:00:02+02:00' }).events.map((e) => e.time)).toEqual([
      times[1],
      times[0],
    ]);
  });

  it('takes a leap second, a valid date-time Date cannot hold, as the second before it', () => {
    expect(page({ until: '2025-12-31T23:59:60Z' }).events).toEqual([]);
    expect(page({ since: '2025-12-31T23:59:60Z' }).events).toHaveLength(5);
  });
});
