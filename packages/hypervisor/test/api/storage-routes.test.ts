import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { requireTools } from '@lab/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIZE_PATTERN } from '../../src/domain/units.js';
import { startTestService, type TestService } from '../support/in-process.js';
import { socketApi } from '../support/socket-client.js';

const ready = requireTools(['qemu-img']);
let service: TestService;
const api = (method: string, path: string, body?: unknown) => socketApi(service.runDir, method, path, body);

beforeAll(async () => {
  service = await startTestService();
});
afterAll(async () => service?.close());

describe.skipIf(ready.skip)('disk images (qemu-img)', () => {
  it('creates qcow2 and raw images with qemu-img and reads them back with qemu-img info', async () => {
    const qcow2 = await api('POST', '/storage', { name: 'disk1', size: '20G' });
    expect(qcow2.status).toBe(201);
    expect(qcow2.body).toMatchObject({
      name: 'disk1',
      format: 'qcow2',
      size: '20G',
      size_bytes: 20 * 1024 ** 3,
      used_by: [],
    });
    expect(qcow2.body.actual_size_bytes).toBeLessThan(1024 * 1024);
    const raw = await api('POST', '/storage', { name: 'raw.img', size: '8M', format: 'raw' });
    expect(raw.body).toMatchObject({ format: 'raw', size: '8M' });
    expect((await api('GET', '/storage/disk1')).body).toMatchObject({ name: 'disk1', format: 'qcow2' });
    expect((await api('GET', '/storage')).body.images.map((i: { name: string }) => i.name)).toEqual([
      'disk1',
      'raw.img',
    ]);
    // Only the finished files are in the images directory: no partial file is left behind.
    expect(readdirSync(join(service.dataDir, 'images')).sort()).toEqual(['disk1', 'raw.img']);
  });

  it.each([
    [{ name: '../escape', size: '1G' }, 'name'],
    [{ name: '.hidden', size: '1G' }, 'name'],
    [{ name: 'a/b', size: '1G' }, 'name'],
    [{ name: 'ok', size: 'big' }, 'size'],
    [{ name: 'ok', size: '10K' }, 'size'],
    [{ name: 'ok', size: '100P' }, 'size'],
    [{ name: 'ok', size: '1G', format: 'vmdk' }, 'format'],
  ])('refuses %j naming %s', async (body, field) => {
    const refused = await api('POST', '/storage', body);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: { field } });
    expect(existsSync(join(service.dataDir, 'images', 'ok'))).toBe(false);
  });

  it('refuses a duplicate name, an unknown image, and deleting an image a running VM uses', async () => {
    expect((await api('POST', '/storage', { name: 'disk1', size: '1G' })).body.error.code).toBe(
      'DISK_ALREADY_EXISTS',
    );
    expect((await api('GET', '/storage/ghost')).status).toBe(404);
    expect((await api('DELETE', '/storage/ghost')).body.error.code).toBe('DISK_NOT_FOUND');
    const vm = {
      name: 'vm1',
      cpu: { count: 1 },
      memory: { size: '64M' },
      devices: { storage: [{ type: 'virtio-blk', path: 'disk1', format: 'qcow2' }] },
    };
    expect((await api('POST', '/vms', vm)).status).toBe(201);
    expect(
      (
        await api('POST', '/vms', {
          ...vm,
          name: 'vm2',
          devices: { storage: [{ type: 'virtio-blk', path: 'disk1', format: 'raw' }] },
        })
      ).body.error.details.field,
    ).toBe('devices.storage.0.format');
    await api('POST', '/vms/vm1/start');
    expect((await api('GET', '/storage/disk1')).body.used_by).toEqual(['vm1']);
    const refused = await api('DELETE', '/storage/disk1');
    expect(refused).toMatchObject({ status: 409, body: { error: { code: 'DISK_IN_USE', details: {} } } });
    await api('POST', '/vms/vm1/stop', { force: true });
    expect((await api('DELETE', '/storage/disk1')).body).toEqual({ name: 'disk1', deleted: true });
    expect(existsSync(join(service.dataDir, 'images', 'disk1'))).toBe(false);
  });
});

describe('the create body, as its schema states it', () => {
  it.each([
    ['no size and no base', { name: 'n1' }, 'size', 'is required'],
    ['a size with a space', { name: 'n1', size: '2 G' }, 'size', undefined],
    ['a size past 32 characters', { name: 'n1', size: `${'0'.repeat(32)}1G` }, 'size', undefined],
    ['the reserved name pools', { name: 'pools', size: '1G' }, 'name', undefined],
    ['encryption without a secret', { name: 'n1', size: '1G', encrypted: true }, 'secret', 'is required'],
    ['a secret without encryption', { name: 'n1', size: '1G', secret: 'x' }, 'encrypted', undefined],
    [
      'a secret with a NUL, which QEMU cannot read',
      { name: 'n1', size: '1G', encrypted: true, secret: 'ab\u0000cd' },
      'secret',
      undefined,
    ],
    [
      'encryption of a raw image',
      { name: 'n1', size: '1G', format: 'raw', encrypted: true, secret: 'x' },
      'encrypted',
      undefined,
    ],
    [
      'metadata preallocation of a raw image',
      { name: 'n1', size: '1G', format: 'raw', preallocation: 'metadata' },
      'preallocation',
      undefined,
    ],
    ['a raw thin clone', { name: 'n1', backing: 'base', format: 'raw' }, 'format', 'must be one of "qcow2"'],
    [
      'an encrypted thin clone',
      { name: 'n1', backing: 'base', encrypted: true, secret: 'x' },
      'encrypted',
      undefined,
    ],
    [
      'a preallocated thin clone',
      { name: 'n1', backing: 'base', preallocation: 'full' },
      'preallocation',
      undefined,
    ],
  ])('refuses %s before anything is made, naming the field', async (_, body, field, expected) => {
    const refused = await api('POST', '/storage', body);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field, location: 'body', ...(expected === undefined ? {} : { expected }) },
    });
  });

  it('states those rules in the OpenAPI document', async () => {
    const document = (await api('GET', '/openapi.json')).body;
    const body = document.paths['/api/v1/storage'].post.requestBody.content['application/json'].schema;
    expect(body.anyOf).toEqual([{ required: ['size'] }, { required: ['backing'] }]);
    expect(body.allOf).toHaveLength(4);
    expect(body.properties.size.pattern).toBe(SIZE_PATTERN);
    expect(body.properties.size.description).toMatch(/^the virtual size, 1M to 16T;/);
    expect(body.properties.name.not).toEqual({ enum: ['pools'] });
  });
});
