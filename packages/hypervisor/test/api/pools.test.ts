import { existsSync, mkdirSync, readdirSync, rmSync, statfsSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { requireTools } from '@lab/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../support/in-process.js';
import { socketApi } from '../support/socket-client.js';

const ready = requireTools(['qemu-img']);
let service: TestService;
const api = (method: string, path: string, body?: unknown) => socketApi(service.runDir, method, path, body);

beforeAll(async () => {
  service = await startTestService();
});
afterAll(async () => service?.close());

describe.skipIf(ready.skip)('storage pools', () => {
  it('has the default pool at {data_dir}/images, with its filesystem use', async () => {
    const list = await api('GET', '/storage/pools');
    expect(list.status).toBe(200);
    expect(list.body.pools).toHaveLength(1);
    expect(list.body.pools[0]).toMatchObject({
      name: 'default',
      path: join(service.dataDir, 'images'),
      capacity: null,
      images: 0,
      allocated_bytes: 0,
    });
    expect(list.body.pools[0].filesystem.total_bytes).toBeGreaterThan(0);
  });

  it('adds a pool, makes images in it, and accounts for their virtual sizes', async () => {
    const path = join(service.dir, 'fast');
    const created = await api('POST', '/storage/pools', { name: 'fast', path, capacity: '100M' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'fast',
      path,
      capacity: '100M',
      capacity_bytes: 100 * 1024 ** 2,
    });
    expect(existsSync(path)).toBe(true);

    const image = await api('POST', '/storage', { name: 'in-fast', size: '60M', pool: 'fast' });
    expect(image.status).toBe(201);
    expect(image.body.pool).toBe('fast');
    expect(existsSync(join(path, 'in-fast'))).toBe(true);
    expect(existsSync(join(service.dataDir, 'images', 'in-fast'))).toBe(false);

    const full = await api('POST', '/storage', { name: 'too-big', size: '50M', pool: 'fast' });
    expect(full.status).toBe(409);
    expect(full.body.error).toMatchObject({ code: 'POOL_FULL', details: {} });
    expect(existsSync(join(path, 'too-big'))).toBe(false);

    const fast = (await api('GET', '/storage/pools')).body.pools.find(
      (p: { name: string }) => p.name === 'fast',
    );
    expect(fast).toMatchObject({ images: 1, allocated_bytes: 60 * 1024 ** 2 });
    expect((await api('POST', '/storage', { name: 'x', size: '1M', pool: 'nope' })).body.error.code).toBe(
      'POOL_NOT_FOUND',
    );
    expect(
      (await api('POST', '/storage/pools', { name: 'fast', path: join(service.dir, 'other') })).status,
    ).toBe(409);
  });

  it('refuses a preallocated image larger than the free space of its filesystem, writing nothing', async () => {
    const { bavail, bsize } = statfsSync(service.dataDir);
    const past = `${Math.ceil((bavail * bsize) / 1024 ** 3) + 1}G`;
    for (const preallocation of ['falloc', 'full']) {
      const refused = await api('POST', '/storage', { name: 'huge', size: past, preallocation });
      expect(refused.status).toBe(409);
      expect(refused.body.error.code).toBe('POOL_FULL');
      expect(refused.body.error.message).toMatch(/has \S+ left: not enough for size$/);
    }
    expect(readdirSync(join(service.dataDir, 'images'))).not.toContain('huge');
    // Not written up front, the same size is only a promise, as a thin image always is.
    expect((await api('POST', '/storage', { name: 'huge', size: past })).status).toBe(201);
  });

  it('refuses pool paths that are relative, not normalised, linked, or overlap a pool', async () => {
    const field = async (body: unknown) => {
      const answer = await api('POST', '/storage/pools', body);
      expect(answer.status).toBe(400);
      return answer.body.error.details.field as string;
    };
    expect(await field({ name: 'rel', path: 'relative/dir' })).toBe('path');
    expect(await field({ name: 'dots', path: `${service.dir}/a/../b` })).toBe('path');
    expect(await field({ name: 'nul', path: `${service.dir}/a\u0000b` })).toBe('path');
    const real = join(service.dir, 'real');
    mkdirSync(real);
    symlinkSync(real, join(service.dir, 'link'));
    expect(await field({ name: 'linked', path: join(service.dir, 'link') })).toBe('path');
    expect(await field({ name: 'inner', path: join(service.dir, 'fast', 'inner') })).toBe('path');
    expect(await field({ name: 'outer', path: service.dataDir })).toBe('path');
    expect(await field({ name: 'bad-size', path: join(service.dir, 'p2'), capacity: '0M' })).toBe('capacity');
    expect(await field({ name: 'bad-size', path: join(service.dir, 'p2'), capacity: '1 T' })).toBe(
      'capacity',
    );
    // What the schema's pattern states: absolute, no `.` or `..` segment, no empty one, not `/`.
    for (const path of ['/', '//', '/a//b', '/a/./b', '/a/..', 'a/b', '/a/.']) {
      expect(await field({ name: 'p3', path }), path).toBe('path');
    }
    const document = (await api('GET', '/openapi.json')).body;
    const pattern = new RegExp(
      document.paths['/api/v1/storage/pools'].post.requestBody.content['application/json'].schema.properties
        .path.pattern,
      'u',
    );
    for (const path of [
      join(service.dir, 'p4'),
      `${join(service.dir, 'p5')}/`,
      `${service.dir}/.p6/..p7/...`,
    ]) {
      expect(pattern.test(path), path).toBe(true);
      expect(
        (await api('POST', '/storage/pools', { name: path.replace(/[^a-z0-9]/g, ''), path })).status,
      ).toBe(201);
    }
  });

  it('keeps image names inside their pool: no separators, no dot-dot, no NUL, no links followed', async () => {
    for (const name of ['../escape', 'a/b', '..', '.hidden', 'a\u0000b']) {
      const answer = await api('POST', '/storage', { name, size: '1M' });
      expect(answer.status, name).toBe(400);
      expect(answer.body.error.code).toBe('VALIDATION_ERROR');
    }
    expect((await api('POST', '/storage', { name: 'pools', size: '1M' })).body.error.details.field).toBe(
      'name',
    );
    // An image file replaced by a link to somewhere else is refused, not followed.
    await api('POST', '/storage', { name: 'victim', size: '1M' });
    const file = join(service.dataDir, 'images', 'victim');
    rmSync(file);
    symlinkSync('/etc/hostname', file);
    const read = await api('GET', '/storage/victim');
    expect(read.status).toBe(400);
    expect(read.body.error.message).toContain('symbolic link');
  });
});
