import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestService, type TestService } from '../support/in-process.js';
import { simulated } from '../support/in-process.js';
import { createToken } from '../support/socket-client.js';
import { collectEvents } from '../support/sse.js';
import { until } from '../support/until.js';
import { requestJson } from '../support/http.js';

let service: TestService;
let admin: string;

async function call(method: string, url: string, body?: unknown, token: string | null = admin) {
  const response = await service.app.inject({
    method: method as 'GET',
    url: `/api/v1${url}`,
    headers: token === null ? {} : { authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { payload: body as object }),
  });
  return {
    status: response.statusCode,
    body: response.body === '' ? undefined : response.json<Record<string, any>>(),
  };
}

const VM = { name: 'web1', cpu: { count: 1 }, memory: { size: '64M' }, boot: { kernel: 'vmlinuz' } };

beforeAll(async () => {
  service = await startTestService();
  mkdirSync(join(service.dataDir, 'boot'), { recursive: true });
  writeFileSync(join(service.dataDir, 'boot', 'vmlinuz'), 'kernel');
  admin = await createToken(join(service.runDir, 'api.sock'), ['admin']);
});
afterAll(async () => service?.close());

describe('VM routes', () => {
  it('creates a VM: 201 with name, state CREATED and uuid, and a Location', async () => {
    const created = await call('POST', '/vms', VM);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'web1', state: 'CREATED', uuid: expect.any(String) });
    expect((await call('GET', '/vms/web1')).body).toMatchObject({
      name: 'web1',
      cpu: { count: 1 },
      runtime: null,
    });
    expect((await call('GET', '/vms')).body?.vms).toHaveLength(1);
  });

  it('accepts actions without a body, as curl -X POST sends them', async () => {
    const started = await service.app.inject({
      method: 'POST',
      url: '/api/v1/vms/web1/start',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({
      name: 'web1',
      state: 'RUNNING',
      runtime: { driver: 'simulated' },
    });
    const again = await call('POST', '/vms/web1/start');
    expect(again).toMatchObject({ status: 409, body: { error: { code: 'VM_ALREADY_RUNNING' } } });
    const stats = await call('GET', '/vms/web1/stats');
    expect(stats.status).toBe(200);
    expect(stats.body).toMatchObject({ vm: 'web1', cpu_percent: 0, memory_used: '0', disk_read_iops: 0 });
    // Without a body a stop is graceful: an operation that waits for the guest.
    const stopping = await service.app.inject({
      method: 'POST',
      url: '/api/v1/vms/web1/stop',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(stopping.statusCode).toBe(202);
    expect(stopping.json()).toMatchObject({ kind: 'vm.stop', resource: 'vm/web1' });
    const stopped = await until('the stop', async () => {
      const op = (await call('GET', `/operations/${stopping.json<{ id: string }>().id}`)).body!;
      return op.status === 'succeeded' ? op : undefined;
    });
    expect(stopped.result).toMatchObject({ name: 'web1', state: 'STOPPED' });
    expect((await call('POST', '/vms/web1/stop', { force: true })).body?.error.code).toBe('VM_NOT_RUNNING');
    expect((await call('POST', '/vms/web1/stop')).body?.error.code).toBe('VM_NOT_RUNNING');
  });

  it.each([
    ['a name against the pattern', { ...VM, name: '-bad' }, 'name'],
    ['a name with a slash', { ...VM, name: 'a/b' }, 'name'],
    ['zero vCPUs', { ...VM, cpu: { count: 0 } }, 'cpu.count'],
    ['more vCPUs than the host has', { ...VM, cpu: { count: 4096 } }, 'cpu.count'],
    ['a fractional vCPU count', { ...VM, cpu: { count: 1.5 } }, 'cpu.count'],
    ['a memory size without digits', { ...VM, memory: { size: 'lots' } }, 'memory.size'],
    ['a memory size with a space', { ...VM, memory: { size: '64 M' } }, 'memory.size'],
    ['a memory size in another script', { ...VM, memory: { size: '٦٤M' } }, 'memory.size'],
    ['too little memory', { ...VM, memory: { size: '1M' } }, 'memory.size'],
    ['more memory than the host has', { ...VM, memory: { size: '64T' } }, 'memory.size'],
    [
      'an unknown device type',
      { ...VM, devices: { storage: [{ type: 'ide', path: 'd' }] } },
      'devices.storage.0.type',
    ],
    [
      'a missing disk image',
      { ...VM, devices: { storage: [{ type: 'virtio-blk', path: 'nope' }] } },
      'devices.storage.0.path',
    ],
    [
      'a missing network',
      { ...VM, devices: { network: [{ type: 'virtio-net', network: 'lan' }] } },
      'devices.network.0.network',
    ],
    ['an unknown field', { ...VM, colour: 'red' }, 'colour'],
    ['no cpu', { name: 'x', memory: { size: '64M' } }, 'cpu'],
    [
      'a kernel outside the boot directory',
      { ...VM, boot: { kernel: '../../../etc/passwd' } },
      'boot.kernel',
    ],
    ['an absolute kernel path', { ...VM, boot: { kernel: '/etc/passwd' } }, 'boot.kernel'],
    ['a kernel that does not exist', { ...VM, boot: { kernel: 'missing' } }, 'boot.kernel'],
    ['nothing to boot from', { name: 'x', cpu: { count: 1 }, memory: { size: '64M' } }, 'boot'],
  ])('refuses %s with 400 VALIDATION_ERROR naming the field', async (_, body, field) => {
    const refused = await call('POST', '/vms', {
      ...body,
      name: (body as { name: string }).name === 'web1' ? 'fresh' : (body as { name: string }).name,
    });
    expect(refused.status).toBe(400);
    expect(refused.body?.error).toMatchObject({ code: 'VALIDATION_ERROR', details: { field } });
    expect((await call('GET', '/vms')).body?.vms).toHaveLength(1);
  });

  it('answers the documented codes for unknown and duplicate VMs and a running VM', async () => {
    expect((await call('GET', '/vms/ghost')).body?.error.code).toBe('VM_NOT_FOUND');
    expect((await call('POST', '/vms/ghost/start')).status).toBe(404);
    expect((await call('POST', '/vms', VM)).body?.error.code).toBe('VM_ALREADY_EXISTS');
    await call('POST', '/vms/web1/start');
    expect((await call('PATCH', '/vms/web1', { cpu: { count: 2 } })).body?.error.code).toBe(
      'VM_INVALID_STATE',
    );
    expect((await call('DELETE', '/vms/web1')).body?.error.code).toBe('VM_INVALID_STATE');
    expect((await call('DELETE', '/vms/web1?force=true')).body).toEqual({ name: 'web1', deleted: true });
    expect((await call('GET', '/vms/web1')).status).toBe(404);
  });

  it('patches cpu, memory and devices of a stopped VM', async () => {
    await call('POST', '/vms', { ...VM, name: 'edit' });
    const patched = await call('PATCH', '/vms/edit', { cpu: { count: 2 }, memory: { size: '128M' } });
    expect(patched.body).toMatchObject({
      cpu: { count: 2 },
      memory: { size: '128M' },
      boot: { kernel: 'vmlinuz' },
    });
    expect((await call('PATCH', '/vms/edit', {})).status).toBe(400);
  });
});

describe('concurrent requests on one VM', () => {
  it('lets one of two simultaneous starts win; the other is 409 VM_ALREADY_RUNNING', async () => {
    const { createSimulatedDriver } = await import('../../src/drivers/simulated/simulated-driver.js');
    const slow = await startTestService({ driver: createSimulatedDriver({ delayMs: 50 }) });
    try {
      mkdirSync(join(slow.dataDir, 'boot'), { recursive: true });
      writeFileSync(join(slow.dataDir, 'boot', 'vmlinuz'), 'kernel');
      const token = await createToken(join(slow.runDir, 'api.sock'), ['vm:write']);
      const headers = { authorization: `Bearer ${token}` };
      await slow.app.inject({ method: 'POST', url: '/api/v1/vms', headers, payload: VM });
      const [a, b] = await Promise.all([
        slow.app.inject({ method: 'POST', url: '/api/v1/vms/web1/start', headers }),
        slow.app.inject({ method: 'POST', url: '/api/v1/vms/web1/start', headers }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      expect([a, b].find((r) => r.statusCode === 409)?.json()).toMatchObject({
        error: { code: 'VM_ALREADY_RUNNING' },
      });
    } finally {
      await slow.close();
    }
  });
});

describe('a stop that waits for the guest, over TCP with real tokens', () => {
  let tcp: TestService;
  let base: string;
  let writer: string;
  let reader: string;

  const send = (method: string, path: string, bearer: string, body?: unknown) =>
    requestJson(`${base}${path}`, method, bearer, body);

  const ended = (id: string) =>
    until(`operation ${id}`, async () => {
      const op = (await send('GET', `/operations/${id}`, reader)).body;
      return ['succeeded', 'failed', 'cancelled'].includes(op.status) ? op : undefined;
    });

  beforeAll(async () => {
    tcp = await startTestService();
    mkdirSync(join(tcp.dataDir, 'boot'), { recursive: true });
    writeFileSync(join(tcp.dataDir, 'boot', 'vmlinuz'), 'kernel');
    base = (await tcp.app.listen({ host: '127.0.0.1', port: 0 })) + '/api/v1';
    const socket = join(tcp.runDir, 'api.sock');
    writer = await createToken(socket, ['vm:write']);
    reader = await createToken(socket, ['vm:read']);
    expect((await send('POST', '/vms', writer, VM)).status).toBe(201);
  });
  afterAll(async () => tcp?.close());

  it('answers 202 with a vm.stop operation a vm:read token follows to the VM, STOPPED', async () => {
    expect((await send('POST', '/vms/web1/start', writer)).status).toBe(200);
    const admin = await createToken(join(tcp.runDir, 'api.sock'), ['admin']);
    const stream = await fetch(
      `${base}/events?kinds=operation.started,operation.completed,vm.state_changed`,
      {
        headers: { authorization: `Bearer ${admin}` },
      },
    );
    const events = collectEvents(stream);
    const started = await send('POST', '/vms/web1/stop', writer, { force: false });
    expect(started.status).toBe(202);
    expect(started.headers.get('location')).toBe(`/api/v1/operations/${started.body.id}`);
    expect(started.body).toMatchObject({
      kind: 'vm.stop',
      resource: 'vm/web1',
      status: 'running',
      progress: 0,
    });
    const op = await ended(started.body.id);
    expect(op).toMatchObject({
      status: 'succeeded',
      progress: 100,
      result: { name: 'web1', state: 'STOPPED' },
    });
    await events.waitFor((e) => e.event === 'operation.completed' && e.data.id === started.body.id);
    await events.close();
    const since = events.events.findIndex((e) => e.event === 'operation.started');
    const seen = events.events.slice(since);
    expect(seen.map((e) => [e.event, e.data.kind ?? e.data.to])).toEqual([
      ['operation.started', 'vm.stop'],
      ['vm.state_changed', 'STOPPED'],
      ['operation.completed', 'vm.stop'],
    ]);
    expect(seen[1]?.data.reason).toBe('the guest powered off on the ACPI request');
    const audit = await send('GET', '/audit/events?resource=vm/web1&limit=1', admin);
    expect(audit.body.events[0]).toMatchObject({
      path: '/api/v1/vms/web1/stop',
      status: 202,
      outcome: 'success',
    });
  });

  it('holds the VM while it waits (409 VM_BUSY); a cancel leaves it RUNNING', async () => {
    expect((await send('POST', '/vms/web1/start', writer)).status).toBe(200);
    simulated(tcp).ignorePowerButton('web1');
    const started = await send('POST', '/vms/web1/stop', writer);
    expect(started.status).toBe(202);
    const busy = await send('POST', '/vms/web1/pause', writer);
    expect(busy.status).toBe(409);
    expect(busy.body.error).toMatchObject({
      code: 'VM_BUSY',
      details: { operation: started.body.id, kind: 'vm.stop' },
    });
    expect((await send('POST', `/operations/${started.body.id}/cancel`, reader)).status).toBe(403);
    const cancelling = await send('POST', `/operations/${started.body.id}/cancel`, writer);
    expect([cancelling.status, cancelling.body.status]).toEqual([200, 'cancelling']);
    expect(await ended(started.body.id)).toMatchObject({
      status: 'cancelled',
      result: null,
      error: { code: 'OPERATION_CANCELLED' },
    });
    expect((await send('GET', '/vms/web1', reader)).body.state).toBe('RUNNING');
  });

  it('gives way to a forced stop, which answers 200 with the VM at once', async () => {
    simulated(tcp).ignorePowerButton('web1');
    const graceful = await send('POST', '/vms/web1/stop', writer);
    expect(graceful.status).toBe(202);
    const forced = await send('POST', '/vms/web1/stop', writer, { force: true });
    expect(forced.status).toBe(200);
    expect(forced.body).toMatchObject({ name: 'web1', state: 'STOPPED' });
    expect((await ended(graceful.body.id)).status).toBe('cancelled');
  });
});
