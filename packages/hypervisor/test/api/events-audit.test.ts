import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, simulated, type TestService } from '../support/in-process.js';
import { createToken } from '../support/socket-client.js';
import { collectEvents } from '../support/sse.js';

let service: TestService;
let base: string;
let token: string;

beforeAll(async () => {
  service = await startTestService();
  mkdirSync(join(service.dataDir, 'boot'), { recursive: true });
  writeFileSync(join(service.dataDir, 'boot', 'vmlinuz'), 'kernel');
  base = (await service.app.listen({ host: '127.0.0.1', port: 0 })) + '/api/v1';
  token = await createToken(join(service.runDir, 'api.sock'), ['vm:write', 'events:read', 'audit:read']);
});
afterAll(async () => service?.close());

const api = (method: string, path: string, body?: unknown, bearer = token) =>
  fetch(base + path, {
    method,
    headers: {
      authorization: `Bearer ${bearer}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

describe('events', () => {
  it('streams state changes filtered by kind and VM, the guest-caused ones too, and resumes after an id', async () => {
    const stream = await api('GET', '/events?kinds=vm.state_changed&vm=web1');
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    await api('POST', '/vms', {
      name: 'other',
      cpu: { count: 1 },
      memory: { size: '64M' },
      boot: { kernel: 'vmlinuz' },
    });
    await api('POST', '/vms', {
      name: 'web1',
      cpu: { count: 1 },
      memory: { size: '64M' },
      boot: { kernel: 'vmlinuz' },
    });
    await api('POST', '/vms/other/start');
    await api('POST', '/vms/web1/start');
    simulated(service).guest('web1', { kind: 'powered_off' });
    const collector = collectEvents(stream);
    await collector.waitFor((e) => e.data.to === 'STOPPED');
    await collector.close();
    const events = collector.events;
    expect(events.map((e) => [e.event, e.data.vm, e.data.from, e.data.to])).toEqual([
      ['vm.state_changed', 'web1', 'CREATED', 'RUNNING'],
      ['vm.state_changed', 'web1', 'RUNNING', 'STOPPED'],
    ]);
    expect(events[1]!.data).toMatchObject({ timestamp: expect.any(String), reason: 'the guest powered off' });

    const resumed = await fetch(base + '/events?vm=web1', {
      headers: { authorization: `Bearer ${token}`, 'last-event-id': String(events[0]!.id) },
    });
    const replay = collectEvents(resumed);
    await replay.waitFor(() => true);
    await replay.close();
    expect(replay.events[0]).toMatchObject({ id: events[1]!.id, event: 'vm.state_changed' });
  });

  it('needs events:read', async () => {
    const weak = await createToken(join(service.runDir, 'api.sock'), ['vm:read']);
    const refused = await api('GET', '/events', undefined, weak);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      error: { code: 'FORBIDDEN', details: { required_scope: 'events:read' } },
    });
  });
});

describe('audit', () => {
  it('records changes, refusals and failures with actor, transport, resource and request id', async () => {
    await api('POST', '/vms/web1/pause');
    await api('GET', '/vms', undefined, 'hvt_forged');
    const page = (await (await api('GET', '/audit/events?limit=3')).json()) as {
      events: any[];
      next_cursor: string | null;
    };
    const [denied, failed] = page.events;
    expect(denied).toMatchObject({
      actor: 'anonymous',
      transport: 'tcp',
      method: 'GET',
      outcome: 'denied',
      status: 401,
      code: 'UNAUTHORIZED',
    });
    expect(failed).toMatchObject({
      actor: 'test-1',
      resource: 'vm/web1',
      outcome: 'failure',
      status: 409,
      code: 'VM_NOT_RUNNING',
    });
    expect(failed.request_id).toEqual(expect.any(String));
    expect(page.next_cursor).not.toBeNull();

    const successes = (await (await api('GET', '/audit/events?outcome=success&resource=vm/web1')).json()) as {
      events: any[];
    };
    expect(successes.events.map((e) => `${e.method} ${e.path} ${e.status}`)).toEqual([
      'POST /api/v1/vms/web1/start 200',
      'POST /api/v1/vms 201',
    ]);

    const next = (await (await api('GET', `/audit/events?limit=3&cursor=${page.next_cursor}`)).json()) as {
      events: any[];
    };
    expect(next.events[0].id).toBeLessThan(page.events[2].id);
    expect((await api('GET', '/audit/events?limit=0')).status).toBe(400);
    expect((await api('GET', '/audit/events?since=yesterday')).status).toBe(400);
  });
});
