/**
 * The snapshot routes over the service built in-process with the simulated driver (disk images
 * are real, made by qemu-img; the snapshots in them are the simulated driver's): answers,
 * statuses, bodies refused by the schema, the audit rows and the OpenAPI document; a snapshot with
 * memory taken and restored as an operation, over TCP with real tokens.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { requireTools } from '@lab/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulatedDriver } from '../../src/drivers/simulated/simulated-driver.js';
import { openStore } from '../../src/store/database.js';
import { startTestService, type TestService } from '../support/in-process.js';
import { createToken, socketApi } from '../support/socket-client.js';
import { collectEvents } from '../support/sse.js';
import { until } from '../support/until.js';
import { requestJson } from '../support/http.js';

const ready = requireTools(['qemu-img']);
let service: TestService;
const api = (method: string, path: string, body?: unknown) => socketApi(service.runDir, method, path, body);

/** A request that answers 202 with an operation, followed to its end over the socket. */
async function operation(path: string, body?: unknown) {
  const started = await api('POST', path, body);
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  return until(`operation ${started.body.id}`, async () => {
    const op = (await api('GET', `/operations/${started.body.id}`)).body;
    return op.status === 'running' ? undefined : op;
  });
}

/** A snapshot with memory: 202 with its operation, followed to its end. */
const withMemory = (vm: string, name: string) =>
  operation(`/vms/${vm}/snapshots`, { name, include_memory: true });

/** A restore of a snapshot with memory: 202 with its operation, followed to its end. */
const restoreMemory = (vm: string, name: string) => operation(`/vms/${vm}/snapshots/${name}/restore`);

const VM = {
  name: 'web1',
  cpu: { count: 1 },
  memory: { size: '64M' },
  boot: { kernel: 'vmlinuz' },
  devices: { storage: [{ type: 'virtio-blk', path: 'root' }] },
};

beforeAll(async () => {
  service = await startTestService();
  mkdirSync(join(service.dataDir, 'boot'), { recursive: true });
  writeFileSync(join(service.dataDir, 'boot', 'vmlinuz'), 'kernel');
  if (ready.skip) return;
  await api('POST', '/storage', { name: 'root', size: '16M' });
  await api('POST', '/storage', { name: 'flat', size: '16M', format: 'raw' });
  await api('POST', '/vms', VM);
});
afterAll(async () => service?.close());

describe.skipIf(ready.skip)('the snapshot routes', () => {
  it('creates (201 with a location), lists, restores and deletes a snapshot', async () => {
    const created = await api('POST', '/vms/web1/snapshots', { name: 'base', description: 'fresh' });
    expect(created.status).toBe(201);
    expect(created.headers.location).toBe('/api/v1/vms/web1/snapshots/base');
    expect(created.body).toEqual({
      vm: 'web1',
      name: 'base',
      description: 'fresh',
      include_memory: false,
      vm_state: 'CREATED',
      cpu: { count: 1 },
      memory: { size: '64M' },
      devices: { storage: [{ type: 'virtio-blk', path: 'root' }], network: [] },
      boot: { kernel: 'vmlinuz' },
      created_at: expect.any(String),
    });
    const list = await api('GET', '/vms/web1/snapshots');
    expect(list.body.snapshots.map((s: { name: string }) => s.name)).toEqual(['base']);

    const restored = await api('POST', '/vms/web1/snapshots/base/restore');
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({
      snapshot: { name: 'base' },
      vm: { name: 'web1', state: 'CREATED' },
    });

    const deleted = await api('DELETE', '/vms/web1/snapshots/base');
    expect(deleted.body).toEqual({ name: 'base', deleted: true });
    expect((await api('GET', '/vms/web1/snapshots')).body).toEqual({ snapshots: [] });

    const audit = await api('GET', '/audit/events?resource=vm/web1&limit=10');
    expect(
      audit.body.events.slice(0, 3).map((e: { method: string; path: string }) => `${e.method} ${e.path}`),
    ).toEqual([
      'DELETE /api/v1/vms/web1/snapshots/base',
      'POST /api/v1/vms/web1/snapshots/base/restore',
      'POST /api/v1/vms/web1/snapshots',
    ]);
  });

  it('takes memory from a running VM and returns it to the recorded state', async () => {
    await api('POST', '/vms/web1/start');
    const mem = await withMemory('web1', 'live');
    expect(mem).toMatchObject({ status: 'succeeded', result: { include_memory: true, vm_state: 'RUNNING' } });
    const disk = await api('POST', '/vms/web1/snapshots', { name: 'disk' });
    expect(disk.body).toMatchObject({ include_memory: false, vm_state: 'RUNNING' });
    await api('POST', '/vms/web1/pause');
    const restored = await restoreMemory('web1', 'live');
    expect(restored).toMatchObject({
      kind: 'vm.snapshot_restore',
      status: 'succeeded',
      result: { snapshot: { name: 'live', include_memory: true }, vm: { name: 'web1', state: 'RUNNING' } },
    });
    // A disk-only snapshot is refused at once, as before.
    const refused = await api('POST', '/vms/web1/snapshots/disk/restore');
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'VM_INVALID_STATE' });
    expect(refused.body.error.message).toContain('stop it first');
    await api('POST', '/vms/web1/stop', { force: true });
    const cold = await restoreMemory('web1', 'live');
    expect(cold.result.vm).toMatchObject({ state: 'RUNNING', runtime: { driver: 'simulated' } });
    await api('POST', '/vms/web1/stop', { force: true });
  });

  it.each([
    [{ name: '1st' }, 'name'],
    [{ name: 'a/b' }, 'name'],
    [{ name: 'ok', include_memory: 'yes' }, 'include_memory'],
    [{ name: 'ok', extra: 1 }, 'extra'],
    [{ name: 'ok', description: 'x'.repeat(1025) }, 'description'],
  ])('refuses the body %j (400)', async (body, field) => {
    const refused = await api('POST', '/vms/web1/snapshots', body);
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('VALIDATION_ERROR');
    expect(JSON.stringify(refused.body.error)).toContain(field);
  });

  it('answers 400 naming include_memory for a stopped VM, 404 and 409 with their codes', async () => {
    const memory = await api('POST', '/vms/web1/snapshots', { name: 'm', include_memory: true });
    expect(memory.status).toBe(400);
    expect(memory.body.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'include_memory' },
    });
    expect((await api('GET', '/vms/ghost/snapshots')).body.error.code).toBe('VM_NOT_FOUND');
    expect((await api('POST', '/vms/ghost/snapshots', { name: 's' })).status).toBe(404);
    const missing = await api('POST', '/vms/web1/snapshots/nope/restore');
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('SNAPSHOT_NOT_FOUND');
    expect((await api('DELETE', '/vms/web1/snapshots/nope')).body.error.code).toBe('SNAPSHOT_NOT_FOUND');
    const duplicate = await api('POST', '/vms/web1/snapshots', { name: 'live' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error.code).toBe('SNAPSHOT_ALREADY_EXISTS');

    await api('POST', '/vms', {
      ...VM,
      name: 'rawvm',
      devices: { storage: [{ type: 'virtio-blk', path: 'flat' }] },
    });
    const raw = await api('POST', '/vms/rawvm/snapshots', { name: 's' });
    expect(raw.status).toBe(409);
    expect(raw.body.error).toMatchObject({
      code: 'SNAPSHOT_UNSUPPORTED',
      details: { image: 'flat', format: 'raw' },
    });
    await api('POST', '/vms', { ...VM, name: 'nodisk', devices: { storage: [] } });
    expect((await api('POST', '/vms/nodisk/snapshots', { name: 's' })).body.error.code).toBe(
      'SNAPSHOT_UNSUPPORTED',
    );
  });

  it('emits its events on the stream and drops the rows with the VM', async () => {
    await api('POST', '/vms', { ...VM, name: 'gone' });
    await api('POST', '/vms/gone/snapshots', { name: 'one' });
    await api('DELETE', '/vms/gone');
    await api('POST', '/vms', { ...VM, name: 'gone' });
    expect((await api('GET', '/vms/gone/snapshots')).body).toEqual({ snapshots: [] });
    const db = openStore(service.dataDir);
    try {
      const rows = db
        .prepare<[], { kind: string; data: string }>(
          "SELECT kind, data FROM events WHERE vm = 'web1' ORDER BY id",
        )
        .all()
        .filter((row) => row.kind.startsWith('vm.snapshot_'));
      expect(rows.map((row) => [row.kind, JSON.parse(row.data).snapshot])).toEqual([
        ['vm.snapshot_created', 'base'],
        ['vm.snapshot_restored', 'base'],
        ['vm.snapshot_deleted', 'base'],
        ['vm.snapshot_created', 'live'],
        ['vm.snapshot_created', 'disk'],
        ['vm.snapshot_restored', 'live'],
        ['vm.snapshot_restored', 'live'],
      ]);
    } finally {
      db.close();
    }
  });

  it('documents the Snapshot schema and the four routes in the OpenAPI document', async () => {
    const doc = (await service.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>;
      components: { schemas: Record<string, unknown> };
    }>();
    expect(doc.components.schemas).toHaveProperty('Snapshot');
    expect(Object.keys(doc.paths['/api/v1/vms/{name}/snapshots'] ?? {}).sort()).toEqual(['get', 'post']);
    const restore = doc.paths['/api/v1/vms/{name}/snapshots/{snap}/restore']?.post as {
      responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
    };
    // 200 for a disk-only snapshot, 202 with the operation for one with memory.
    expect(Object.keys(restore.responses)).toEqual(expect.arrayContaining(['200', '202', '404', '409']));
    expect(restore.responses['202']?.content?.['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/Operation',
    });
    expect(doc.paths['/api/v1/vms/{name}/snapshots/{snap}']).toHaveProperty('delete');
  });
});

describe.skipIf(ready.skip)('a snapshot with memory, over TCP with real tokens', () => {
  let tcp: TestService;
  let base: string;
  let writer: string;
  let reader: string;
  let admin: string;

  const send = (method: string, path: string, bearer: string, body?: unknown) =>
    requestJson(`${base}${path}`, method, bearer, body);

  beforeAll(async () => {
    // Each simulated action, a save with memory among them, takes 300 ms: the operation is seen running.
    tcp = await startTestService({ driver: createSimulatedDriver({ delayMs: 300 }) });
    mkdirSync(join(tcp.dataDir, 'boot'), { recursive: true });
    writeFileSync(join(tcp.dataDir, 'boot', 'vmlinuz'), 'kernel');
    base = (await tcp.app.listen({ host: '127.0.0.1', port: 0 })) + '/api/v1';
    const socket = join(tcp.runDir, 'api.sock');
    [writer, reader, admin] = await Promise.all([
      createToken(socket, ['vm:write', 'storage:write']),
      createToken(socket, ['vm:read']),
      createToken(socket, ['admin']),
    ]);
    expect((await send('POST', '/storage', writer, { name: 'root', size: '16M' })).status).toBe(201);
    expect((await send('POST', '/vms', writer, VM)).status).toBe(201);
    expect((await send('POST', '/vms/web1/start', writer)).status).toBe(200);
  });
  afterAll(async () => tcp?.close());

  it('answers 202 with a vm.snapshot_create operation: followed by vm:read, never cancellable', async () => {
    const stream = await fetch(
      `${base}/events?kinds=operation.started,operation.completed,vm.snapshot_created`,
      {
        headers: { authorization: `Bearer ${admin}` },
      },
    );
    const events = collectEvents(stream);
    const started = await send('POST', '/vms/web1/snapshots', writer, {
      name: 'mem',
      description: 'before the upgrade',
      include_memory: true,
    });
    expect(started.status).toBe(202);
    expect(started.headers.get('location')).toBe(`/api/v1/operations/${started.body.id}`);
    expect(started.body).toMatchObject({
      kind: 'vm.snapshot_create',
      resource: 'vm/web1',
      status: 'running',
    });
    const busy = await send('POST', '/vms/web1/snapshots', writer, { name: 'disk' });
    expect(busy.body.error).toMatchObject({ code: 'VM_BUSY', details: { operation: started.body.id } });
    expect((await send('POST', `/operations/${started.body.id}/cancel`, reader)).status).toBe(403);
    const refused = await send('POST', `/operations/${started.body.id}/cancel`, writer);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('OPERATION_NOT_CANCELLABLE');
    expect(refused.body.error.message).toContain('cannot be interrupted');
    const op = await until('the snapshot', async () => {
      const body = (await send('GET', `/operations/${started.body.id}`, reader)).body;
      return body.status === 'running' ? undefined : body;
    });
    expect(op).toMatchObject({
      status: 'succeeded',
      progress: 100,
      result: {
        vm: 'web1',
        name: 'mem',
        description: 'before the upgrade',
        include_memory: true,
        vm_state: 'RUNNING',
      },
    });
    const listed = await send('GET', '/vms/web1/snapshots', reader);
    expect(listed.body.snapshots).toEqual([op.result]);
    await events.waitFor((e) => e.event === 'operation.completed' && e.data.id === started.body.id);
    await events.close();
    expect(events.events.map((e) => e.event)).toEqual([
      'operation.started',
      'vm.snapshot_created',
      'operation.completed',
    ]);
    // Disk-only, it is answered at once.
    const disk = await send('POST', '/vms/web1/snapshots', writer, { name: 'disk' });
    expect(disk).toMatchObject({ status: 201, body: { name: 'disk', include_memory: false } });
    // Newest first: the disk-only one, the VM_BUSY refusal, the 202, the start, the create.
    const audit = await send('GET', '/audit/events?resource=vm/web1&limit=10', admin);
    expect(
      audit.body.events.map((e: { status: number; outcome: string }) => `${e.status} ${e.outcome}`),
    ).toEqual(['201 success', '409 failure', '202 success', '200 success', '201 success']);
  });

  it('restores a snapshot with memory by a vm.snapshot_restore operation: followed by vm:read, never cancellable', async () => {
    const stream = await fetch(
      `${base}/events?kinds=operation.started,operation.completed,vm.snapshot_restored,vm.state_changed`,
      { headers: { authorization: `Bearer ${admin}` } },
    );
    const events = collectEvents(stream);
    // Taken running above; restored into the paused VM, it resumes it after the load.
    expect((await send('POST', '/vms/web1/pause', writer)).status).toBe(200);
    const started = await send('POST', '/vms/web1/snapshots/mem/restore', writer);
    expect(started.status).toBe(202);
    expect(started.headers.get('location')).toBe(`/api/v1/operations/${started.body.id}`);
    expect(started.body).toMatchObject({
      kind: 'vm.snapshot_restore',
      resource: 'vm/web1',
      status: 'running',
      progress: 0,
    });
    const busy = await send('POST', '/vms/web1/resume', writer);
    expect(busy.status).toBe(409);
    expect(busy.body.error).toMatchObject({
      code: 'VM_BUSY',
      details: { operation: started.body.id, kind: 'vm.snapshot_restore' },
    });
    // Reads are not held up.
    expect((await send('GET', '/vms/web1', reader)).body.state).toBe('PAUSED');
    expect((await send('POST', `/operations/${started.body.id}/cancel`, reader)).status).toBe(403);
    const refused = await send('POST', `/operations/${started.body.id}/cancel`, writer);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('OPERATION_NOT_CANCELLABLE');
    expect(refused.body.error.message).toContain('cannot be interrupted');
    const op = await until('the restore', async () => {
      const body = (await send('GET', `/operations/${started.body.id}`, reader)).body;
      return body.status === 'running' ? undefined : body;
    });
    expect(op).toMatchObject({
      status: 'succeeded',
      progress: 100,
      result: {
        snapshot: { vm: 'web1', name: 'mem', include_memory: true, vm_state: 'RUNNING' },
        vm: { name: 'web1', state: 'RUNNING', runtime: { driver: 'simulated' } },
      },
    });
    expect((await send('GET', '/vms/web1', reader)).body).toEqual(op.result.vm);
    await events.waitFor((e) => e.event === 'operation.completed' && e.data.id === started.body.id);
    await events.close();
    // The stream replays what came before it too: the last five are the pause and the restore.
    const last = events.events.slice(-5);
    expect(last.map((e) => e.event)).toEqual([
      'vm.state_changed',
      'operation.started',
      'vm.state_changed',
      'vm.snapshot_restored',
      'operation.completed',
    ]);
    expect(last[2]?.data).toMatchObject({
      from: 'PAUSED',
      to: 'RUNNING',
      reason: "restored from snapshot 'mem'",
    });
    // A disk-only snapshot of the running VM is refused at once, with no operation.
    const disk = await send('POST', '/vms/web1/snapshots/disk/restore', writer);
    expect(disk).toMatchObject({ status: 409, body: { error: { code: 'VM_INVALID_STATE' } } });
    // Newest first: the disk-only refusal, the VM_BUSY refusal, the 202, the pause; the work adds none.
    const audit = await send('GET', '/audit/events?resource=vm/web1&limit=4', admin);
    expect(
      audit.body.events.map(
        (e: { path: string; status: number }) => `${e.status} ${e.path.replace('/api/v1/vms/web1', '')}`,
      ),
    ).toEqual(['409 /snapshots/disk/restore', '409 /resume', '202 /snapshots/mem/restore', '200 /pause']);
  });
});
