/**
 * AuditService over gRPC against the in-process service: the pages, filters and cursors of
 * REST's GET /audit/events, from the same function.
 */
import { join } from 'node:path';
import { fromJson, toJson, type JsonValue } from '@bufbuild/protobuf';
import { timestampFromMs } from '@bufbuild/protobuf/wkt';
import { Code } from '@connectrpc/connect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AuditService,
  ListAuditEventsResponseSchema,
  type ListAuditEventsResponse,
} from '../../../src/api/grpc/gen/hypervisor/v1/audit_pb.js';
import { startTestService, type TestService } from '../../support/in-process.js';
import { createToken } from '../../support/socket-client.js';
import { grpcClient, grpcFailure } from '../../support/grpc.js';

let service: TestService;
let auditor: string;
let admin: string;
let other: string;

beforeAll(async () => {
  service = await startTestService();
  const socket = join(service.runDir, 'api.sock');
  admin = await createToken(socket, ['admin']);
  auditor = await createToken(socket, ['audit:read']);
  other = await createToken(socket, ['vm:read']);
  // Audited rows: five tokens made by `admin` over REST, and a refusal.
  for (const name of ['a1', 'a2', 'a3', 'a4', 'a5']) {
    const made = await rest('/tokens', admin, 'POST', { name, scopes: ['vm:read'] });
    expect(made.statusCode).toBe(201);
  }
  expect((await rest('/tokens', auditor, 'POST', { name: 'x', scopes: ['vm:read'] })).statusCode).toBe(403);
});
afterAll(() => service.close());

const audit = (token = auditor) => grpcClient(AuditService, { url: service.app.grpcUrl ?? '', token });

function rest(url: string, token: string, method: 'GET' | 'POST' = 'GET', body?: object) {
  return service.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { payload: body }),
  });
}

async function restPage(query: string): Promise<ListAuditEventsResponse> {
  const response = await rest(`/audit/events?${query}`, auditor);
  expect(response.statusCode).toBe(200);
  return fromJson(ListAuditEventsResponseSchema, response.json<JsonValue>());
}

const json = (page: ListAuditEventsResponse) => toJson(ListAuditEventsResponseSchema, page);

describe('AuditService', () => {
  it('pages the log as REST does, cursor by cursor', async () => {
    const ids: bigint[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 10; pages += 1) {
      const page = await audit().listAuditEvents({ limit: 2, ...(cursor === undefined ? {} : { cursor }) });
      const restAnswer = await restPage(`limit=2${cursor === undefined ? '' : `&cursor=${cursor}`}`);
      expect(json(page)).toEqual(json(restAnswer));
      ids.push(...page.events.map((e) => e.id));
      cursor = page.nextCursor;
      if (cursor === undefined) break;
    }
    expect(cursor).toBeUndefined();
    // Every row once, newest first.
    expect(ids).toEqual([...ids].sort((a, b) => (a < b ? 1 : -1)));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThanOrEqual(6);
  });

  it('filters by outcome, actor and time as REST does', async () => {
    const denied = await audit().listAuditEvents({ outcome: 'denied' });
    expect(denied.events.map((e) => e.path)).toEqual(['/api/v1/tokens']);
    expect(json(denied)).toEqual(json(await restPage('outcome=denied')));

    const all = await audit().listAuditEvents({ limit: 500 });
    const first = all.events.at(-1);
    expect(first).toBeDefined();
    const actor = first?.actor ?? '';
    expect(json(await audit().listAuditEvents({ actor }))).toEqual(
      json(await restPage(`actor=${encodeURIComponent(actor)}`)),
    );
    // A bound without milliseconds, or with an offset, means the same instant as the stored time.
    const at = Number(first?.time?.seconds) * 1000;
    const since = await audit().listAuditEvents({ since: timestampFromMs(at), limit: 500 });
    expect(since.events.map((e) => e.id)).toContain(first?.id);
    const offset = new Date(at + 3_600_000).toISOString().replace(/\.\d{3}Z$/, '+01:00');
    expect(json(since)).toEqual(json(await restPage(`since=${encodeURIComponent(offset)}&limit=500`)));
    const until = await audit().listAuditEvents({ until: timestampFromMs(at), limit: 500 });
    expect(until.events.map((e) => e.id)).not.toContain(first?.id);
  });

  it('names a bad field and needs audit:read', async () => {
    const outcome = await grpcFailure(audit().listAuditEvents({ outcome: 'maybe' }));
    expect(outcome).toMatchObject({ code: Code.InvalidArgument, reason: 'VALIDATION_ERROR' });
    expect(outcome.metadata.field).toBe('outcome');
    const limit = await grpcFailure(audit().listAuditEvents({ limit: 501 }));
    expect(limit.metadata.field).toBe('limit');
    const cursor = await grpcFailure(audit().listAuditEvents({ cursor: '0' }));
    expect(cursor.metadata.field).toBe('cursor');
    const denied = await grpcFailure(audit(other).listAuditEvents({}));
    expect(denied).toMatchObject({ code: Code.PermissionDenied, reason: 'FORBIDDEN' });
    expect(denied.metadata.required_scope).toBe('audit:read');
  });
});
