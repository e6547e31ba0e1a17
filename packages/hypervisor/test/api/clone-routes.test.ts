/**
 * `POST /vms/{name}/clone` on real images (qemu-img makes and copies them, qemu-io writes and reads
 * their data) with the simulated driver running the VMs, wrapped to record the pause and resume a
 * clone of a running VM makes around its copy.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { requireTools } from '@lab/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulatedDriver } from '../../src/drivers/simulated/simulated-driver.js';
import { startTestService, type TestService } from '../support/in-process.js';
import { createToken } from '../support/socket-client.js';

const tools = requireTools(['qemu-img', 'qemu-io']);

let service: TestService;
let token: string;
const calls: string[] = [];

async function call(method: string, url: string, body?: unknown) {
  const response = await service.app.inject({
    method: method as 'GET',
    url: `/api/v1${url}`,
    headers: { authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { payload: body as object }),
  });
  return { status: response.statusCode, body: response.body === '' ? undefined : response.json<any>() };
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
    const clone = await call('POST', '/vms/src/clone', { name: 'full' });
    expect(clone.status).toBe(201);
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
      status: 201,
      outcome: 'success',
    });
  });

  it('clones a running VM from one instant: paused for the copy, running again after', async () => {
    expect((await call('POST', '/vms/src/start')).body.state).toBe('RUNNING');
    const clone = await call('POST', '/vms/src/clone', { name: 'live' });
    expect(clone.status).toBe(201);
    expect(calls).toEqual(['pause src', 'resume src']);
    expect((await call('GET', '/vms/src')).body.state).toBe('RUNNING');
    expect(holds('live-0', 'qcow2', 0xab, '1M')).toBe(true);

    calls.length = 0;
    await call('POST', '/vms/src/pause');
    expect((await call('POST', '/vms/src/clone', { name: 'paused' })).status).toBe(201);
    expect(calls).toEqual(['pause src']);
    expect((await call('GET', '/vms/src')).body.state).toBe('PAUSED');
    calls.length = 0;
  });

  it('refuses a linked clone of a running VM, and taken names', async () => {
    const linked = await call('POST', '/vms/src/clone', { name: 'nope', linked: true });
    expect(linked).toMatchObject({ status: 409, body: { error: { code: 'VM_INVALID_STATE' } } });
    expect(linked.body.error.message).toContain("a linked clone's base must not change");
    await call('POST', '/vms/src/stop', { force: true });

    expect((await call('POST', '/vms/src/clone', { name: 'full' })).body.error.code).toBe(
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

  it('makes a linked clone: qcow2 overlays on the source images, which then back it', async () => {
    const clone = await call('POST', '/vms/src/clone', { name: 'thin', linked: true });
    expect(clone.status).toBe(201);
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

  it('emits vm.created with cloned_from and storage.created for each image', async () => {
    const abort = new AbortController();
    const url = await service.app.listen({ host: '127.0.0.1', port: 0 });
    const response = await fetch(`${url}/api/v1/events?kinds=vm.created,storage.created`, {
      headers: { authorization: `Bearer ${token}` },
      signal: abort.signal,
    });
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    expect((await call('POST', '/vms/src/clone', { name: 'evented' })).status).toBe(201);
    let text = '';
    while (!text.includes('"vm":"evented"')) text += (await reader.read()).value ?? '';
    abort.abort();
    expect(text).toContain('"image":"evented-0"');
    expect(text).toMatch(/"vm":"evented".*"cloned_from":"src","linked":false/);
  });
});
