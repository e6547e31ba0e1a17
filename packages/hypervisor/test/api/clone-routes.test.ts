/**
 * `POST /vms/{name}/clone` on real images (qemu-img makes and copies them, qemu-io writes and reads
 * their data) with the simulated driver running the VMs, wrapped to record the pause and resume a
 * clone of a running VM makes around its copy (and, for the cancel, to hold the pause until the
 * cancel is sent). A full clone is a `vm.clone` operation, followed here to its end.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { requireTools } from '@lab/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulatedDriver } from '../../src/drivers/simulated/simulated-driver.js';
import { startTestService, type TestService } from '../support/in-process.js';
import { createToken } from '../support/socket-client.js';
import { collectEvents } from '../support/sse.js';
import { until } from '../support/until.js';

const tools = requireTools(['qemu-img', 'qemu-io']);

let service: TestService;
let token: string;
const calls: string[] = [];
/** While set, the source's pause waits for it: a cancel can be sent before the copy starts. */
let pauseGate: Promise<void> | undefined;

async function call(method: string, url: string, body?: unknown, bearer = token) {
  const response = await service.app.inject({
    method: method as 'GET',
    url: `/api/v1${url}`,
    headers: { authorization: `Bearer ${bearer}` },
    ...(body === undefined ? {} : { payload: body as object }),
  });
  return {
    status: response.statusCode,
    headers: response.headers,
    body: response.body === '' ? undefined : response.json<any>(),
  };
}

/** Polls an operation until it ends. */
const settled = (id: string, bearer = token) =>
  until(`operation ${id}`, async () => {
    const op = (await call('GET', `/operations/${id}`, undefined, bearer)).body;
    return ['succeeded', 'failed', 'cancelled'].includes(op.status) ? op : undefined;
  });

/** A full clone: 202 with its operation, followed to its end; the new VM is its result. */
async function fullClone(source: string, name: string) {
  const started = await call('POST', `/vms/${source}/clone`, { name });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const op = await settled(started.body.id);
  expect(op.status, JSON.stringify(op.error)).toBe('succeeded');
  return op.result;
}

const images = (): string => join(service.dataDir, 'images');
/** qemu-io on an image file: writes or checks a byte pattern at an offset. */
function qemuIo(file: string, format: string, command: string): string {
  return execFileSync('qemu-io', ['-f', format, '-c', command, join(images(), file)], { encoding: 'utf8' });
}
const holds = (file: string, format: string, pattern: number, offset: string): boolean =>
  !qemuIo(file, format, `read -P ${pattern} ${offset} 64k`).includes('Pattern verification failed');
function info(file: string): { format: string; 'virtual-size': number; 'backing-filename'?: string } {
  return JSON.parse(
    execFileSync('qemu-img', ['info', '-U', '--output=json', join(images(), file)], { encoding: 'utf8' }),
  );
}

const VM = {
  name: 'src',
  cpu: { count: 1 },
  memory: { size: '64M' },
  devices: {
    storage: [
      { type: 'virtio-blk', path: 'root', format: 'qcow2' },
      { type: 'virtio-blk', path: 'data' },
    ],
  },
  boot: { kernel: 'vmlinuz' },
};

describe.skipIf(tools.skip)('POST /vms/{name}/clone', () => {
  beforeAll(async () => {
    const simulated = createSimulatedDriver();
    const driver = {
      ...simulated,
      pause: async (vm: string) => {
        calls.push(`pause ${vm}`);
        await pauseGate;
        await simulated.pause(vm);
      },
      resume: async (vm: string) => {
        calls.push(`resume ${vm}`);
        await simulated.resume(vm);
      },
    };
    service = await startTestService({ driver });
    mkdirSync(join(service.dataDir, 'boot'), { recursive: true });
    writeFileSync(join(service.dataDir, 'boot', 'vmlinuz'), 'kernel');
    token = await createToken(join(service.runDir, 'api.sock'), ['admin']);
    expect((await call('POST', '/storage', { name: 'root', size: '8M', format: 'qcow2' })).status).toBe(201);
    expect((await call('POST', '/storage', { name: 'data', size: '4M', format: 'raw' })).status).toBe(201);
    qemuIo('root', 'qcow2', 'write -P 0xab 1M 64k');
    qemuIo('data', 'raw', 'write -P 0xcd 0 64k');
    expect((await call('POST', '/vms', VM)).status).toBe(201);
  });
  afterAll(async () => service?.close());

  it('makes a full copy of each image, named <new>-<index>, in a new VM with a new uuid', async () => {
    const source = (await call('GET', '/vms/src')).body;
    const reader = await createToken(join(service.runDir, 'api.sock'), ['vm:read']);
    const started = await call('POST', '/vms/src/clone', { name: 'full' });
    expect(started.status).toBe(202);
    expect(started.headers.location).toBe(`/api/v1/operations/${started.body.id}`);
    expect(started.body).toMatchObject({ kind: 'vm.clone', resource: 'vm/src', status: 'running' });
    const op = await settled(started.body.id, reader);
    expect(op).toMatchObject({ status: 'succeeded', progress: 100 });
    const clone = { body: op.result };
    expect(clone.body).toEqual((await call('GET', '/vms/full')).body);
    expect(clone.body).toMatchObject({
      name: 'full',
      state: 'CREATED',
      cpu: source.cpu,
      memory: source.memory,
      boot: source.boot,
      devices: {
        storage: [
          { type: 'virtio-blk', path: 'full-0', format: 'qcow2' },
          { type: 'virtio-blk', path: 'full-1' },
        ],
        network: [],
      },
    });
    expect(clone.body.uuid).not.toBe(source.uuid);
    expect(info('full-0')).toMatchObject({ format: 'qcow2', 'virtual-size': 8 << 20 });
    expect(info('full-0')['backing-filename']).toBeUndefined();
    expect(info('full-1')).toMatchObject({ format: 'raw', 'virtual-size': 4 << 20 });
    expect(holds('full-0', 'qcow2', 0xab, '1M')).toBe(true);
    expect(holds('full-1', 'raw', 0xcd, '0')).toBe(true);
    // Independent: a write to the clone leaves the source as it was.
    qemuIo('full-1', 'raw', 'write -P 0x11 0 64k');
    expect(holds('data', 'raw', 0xcd, '0')).toBe(true);
    expect((await call('GET', '/storage/full-0')).body).toMatchObject({ pool: 'default', backing: null });
    expect(readdirSync(images()).filter((f) => f.startsWith('.'))).toEqual([]);
    expect(calls).toEqual([]);

    const audit = await call('GET', '/audit/events?resource=vm/src');
    expect(audit.body.events[0]).toMatchObject({
      path: '/api/v1/vms/src/clone',
      status: 202,
      outcome: 'success',
    });
  });

  it('clones a running VM from one instant: paused for the copy, running again after', async () => {
    expect((await call('POST', '/vms/src/start')).body.state).toBe('RUNNING');
    await fullClone('src', 'live');
    expect(calls).toEqual(['pause src', 'resume src']);
    expect((await call('GET', '/vms/src')).body.state).toBe('RUNNING');
    expect(holds('live-0', 'qcow2', 0xab, '1M')).toBe(true);

    calls.length = 0;
    await call('POST', '/vms/src/pause');
    await fullClone('src', 'paused');
    expect(calls).toEqual(['pause src']);
    expect((await call('GET', '/vms/src')).body.state).toBe('PAUSED');
    calls.length = 0;
  });

  it('cancels a clone of a running VM: the guest runs on; no image, no VM, no partial file', async () => {
    await call('POST', '/vms/src/resume');
    calls.length = 0;
    let open = (): void => undefined;
    pauseGate = new Promise((resolve) => (open = resolve));
    const started = await call('POST', '/vms/src/clone', { name: 'gone' });
    expect(started.status).toBe(202);
    // The source takes no other action while the clone holds it.
    const busy = await call('POST', '/vms/src/pause');
    expect(busy).toMatchObject({ status: 409, body: { error: { code: 'VM_BUSY' } } });
    expect(busy.body.error.details).toEqual({ operation: started.body.id, kind: 'vm.clone' });
    const cancelling = await call('POST', `/operations/${started.body.id}/cancel`);
    expect([cancelling.status, cancelling.body.status]).toEqual([200, 'cancelling']);
    open();
    pauseGate = undefined;
    expect(await settled(started.body.id)).toMatchObject({
      status: 'cancelled',
      result: null,
      error: { code: 'OPERATION_CANCELLED' },
    });
    expect(calls).toEqual(['pause src', 'resume src']);
    calls.length = 0;
    expect((await call('GET', '/vms/src')).body.state).toBe('RUNNING');
    expect((await call('GET', '/vms/gone')).status).toBe(404);
    expect((await call('GET', '/storage/gone-0')).status).toBe(404);
    expect(readdirSync(images()).filter((f) => f.startsWith('gone') || f.startsWith('.'))).toEqual([]);
  });

  it('refuses a linked clone of a running VM, and taken names', async () => {
    const linked = await call('POST', '/vms/src/clone', { name: 'nope', linked: true });
    expect(linked).toMatchObject({ status: 409, body: { error: { code: 'VM_INVALID_STATE' } } });
    expect(linked.body.error.message).toContain("a linked clone's base must not change");
    await call('POST', '/vms/src/stop', { force: true });

    expect((await call('POST', '/vms/src/clone', { name: 'full' })).body.error.code).toBe(
      'VM_ALREADY_EXISTS',
    );
    expect((await call('POST', '/vms/src/clone', { name: 'full', linked: true })).body.error.code).toBe(
      'VM_ALREADY_EXISTS',
    );
    expect((await call('POST', '/storage', { name: 'taken-1', size: '1M' })).status).toBe(201);
    const taken = await call('POST', '/vms/src/clone', { name: 'taken' });
    expect(taken).toMatchObject({ status: 409, body: { error: { code: 'DISK_ALREADY_EXISTS' } } });
    expect((await call('GET', '/vms/taken')).status).toBe(404);
    expect(existsSync(join(images(), 'taken-0'))).toBe(false);
    expect((await call('POST', '/vms/ghost/clone', { name: 'x' })).status).toBe(404);
    expect((await call('POST', '/vms/src/clone', { name: '-bad' })).status).toBe(400);
  });

  it('makes a linked clone at once: 201 with qcow2 overlays on the source images, which then back it', async () => {
    const clone = await call('POST', '/vms/src/clone', { name: 'thin', linked: true });
    expect(clone.status).toBe(201);
    expect(clone.headers.location).toBe('/api/v1/vms/thin');
    expect(clone.body.devices.storage).toEqual([
      { type: 'virtio-blk', path: 'thin-0', format: 'qcow2' },
      { type: 'virtio-blk', path: 'thin-1' },
    ]);
    expect(info('thin-0')).toMatchObject({
      format: 'qcow2',
      'virtual-size': 8 << 20,
      'backing-filename': 'root',
    });
    expect(info('thin-1')).toMatchObject({
      format: 'qcow2',
      'virtual-size': 4 << 20,
      'backing-filename': 'data',
    });
    expect(holds('thin-0', 'qcow2', 0xab, '1M')).toBe(true);
    expect(holds('thin-1', 'qcow2', 0xcd, '0')).toBe(true);
    expect((await call('GET', '/storage/thin-1')).body).toMatchObject({ format: 'qcow2', backing: 'data' });

    // The bases: neither deleted nor written while the clone backs onto them.
    const removed = await call('DELETE', '/storage/root');
    expect(removed).toMatchObject({ status: 409, body: { error: { code: 'DISK_IS_BACKING' } } });
    expect(removed.body.error.message).toContain("'thin-0'");
    const started = await call('POST', '/vms/src/start');
    expect(started).toMatchObject({ status: 409, body: { error: { code: 'DISK_IS_BACKING' } } });
    expect((await call('POST', '/vms/thin/start')).body.state).toBe('RUNNING');
    await call('POST', '/vms/thin/stop', { force: true });

    // A second linked clone of the same template is fine.
    expect((await call('POST', '/vms/src/clone', { name: 'thin2', linked: true })).status).toBe(201);
    for (const vm of ['thin', 'thin2']) {
      await call('DELETE', `/vms/${vm}`);
      for (const i of [0, 1]) expect((await call('DELETE', `/storage/${vm}-${i}`)).status).toBe(200);
    }
    expect((await call('POST', '/vms/src/start')).body.state).toBe('RUNNING');
    await call('POST', '/vms/src/stop', { force: true });
  });

  it('emits vm.created with cloned_from, storage.created for each image, and the progress of the copy', async () => {
    const url = await service.app.listen({ host: '127.0.0.1', port: 0 });
    const response = await fetch(
      `${url}/api/v1/events?kinds=vm.created,storage.created,operation.progress,operation.completed`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    const events = collectEvents(response);
    const started = await call('POST', '/vms/src/clone', { name: 'evented' });
    expect(started.status).toBe(202);
    const mine = (e: { data: { id?: string } }) => e.data.id === started.body.id;
    await events.waitFor((e) => e.event === 'operation.completed' && mine(e));
    await events.close();
    const progress = events.events.filter((e) => e.event === 'operation.progress' && mine(e));
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.map((e) => e.data.progress)).toEqual(
      [...progress.map((e) => e.data.progress)].sort((a, b) => a - b),
    );
    expect(new Set(progress.map((e) => e.data.image))).toEqual(new Set(['evented-0', 'evented-1']));
    expect(progress.every((e) => e.data.kind === 'vm.clone' && e.data.resource === 'vm/src')).toBe(true);
    const created = events.events
      .filter((e) => e.event === 'storage.created' && e.data.image.startsWith('evented'))
      .map((e) => e.data.image);
    expect(created).toEqual(['evented-0', 'evented-1']);
    expect(
      events.events.find((e) => e.event === 'vm.created' && e.data.vm === 'evented')?.data,
    ).toMatchObject({
      vm: 'evented',
      cloned_from: 'src',
      linked: false,
    });
  });
});
