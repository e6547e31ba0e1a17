/**
 * Disk image operations on real images made by qemu-img: resize, convert, compact, check, rekey,
 * encrypted and thin-clone images, through the API on the service's socket (simulated VMs).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { randomFillSync } from 'node:crypto';
import { closeSync, existsSync, openSync, readdirSync, readSync, writeSync } from 'node:fs';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requireTools } from '@lab/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../support/in-process.js';
import { createToken, socketApi } from '../support/socket-client.js';
import { collectEvents } from '../support/sse.js';
import { until } from '../support/until.js';

const ready = requireTools(['qemu-img', 'qemu-io']);
const MIB = 1024 ** 2;
let service: TestService;
let images: string;
let secrets: string;

const api = (method: string, path: string, body?: unknown) => socketApi(service.runDir, method, path, body);

const file = (name: string): string => join(images, name);

/** Waits for an operation to end and answers it. */
async function settled(id: string): Promise<any> {
  return until(`operation ${id} to end`, async () => {
    const { body } = await api('GET', `/operations/${id}`);
    return ['succeeded', 'failed', 'cancelled'].includes(body.status) ? body : undefined;
  });
}

/** Starts an operation, checks its 202 answer, and waits for it to end. */
async function operation(path: string, body?: unknown): Promise<any> {
  const started = await api('POST', path, body);
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  expect(started.headers.location).toBe(`/api/v1/operations/${started.body.id}`);
  expect(started.body.status).toBe('running');
  return settled(started.body.id);
}

const qemuIo = (image: string, ...commands: string[]): string =>
  execFileSync('qemu-io', ['-f', 'qcow2', ...commands.flatMap((c) => ['-c', c]), image], {
    encoding: 'utf8',
  });

/** qemu-io on a LUKS image, its passphrase in a file: the exit status and what it said. */
function qemuIoEncrypted(image: string, passphrase: string, command: string) {
  const secretFile = join(secrets, `p-${Math.random().toString(36).slice(2)}`);
  writeFileSync(secretFile, passphrase, { mode: 0o600 });
  return spawnSync(
    'qemu-io',
    [
      '--object',
      `secret,id=k,file=${secretFile}`,
      '--image-opts',
      `driver=qcow2,file.filename=${image},encrypt.key-secret=k`,
      '-c',
      command,
    ],
    { encoding: 'utf8' },
  );
}

const create = async (body: Record<string, unknown>) => {
  const made = await api('POST', '/storage', body);
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body;
};

const fieldOf = (answer: { status: number; body: any }): string => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  return answer.body.error.details.field as string;
};

beforeAll(async () => {
  service = await startTestService();
  images = join(service.dataDir, 'images');
  secrets = mkdtempSync(join(tmpdir(), 'hv-test-secrets-'));
});
afterAll(async () => service?.close());

describe.skipIf(ready.skip)('resize', () => {
  it('grows at once, shrinks only with shrink: true, and records the change', async () => {
    await create({ name: 'r1', size: '16M' });
    const grown = await api('PATCH', '/storage/r1', { size: '32M' });
    expect(grown.status).toBe(200);
    expect(grown.body).toMatchObject({ name: 'r1', size: '32M', size_bytes: 32 * MIB });

    expect(fieldOf(await api('PATCH', '/storage/r1', { size: '8M' }))).toBe('shrink');
    const shrunk = await api('PATCH', '/storage/r1', { size: '8M', shrink: true });
    expect(shrunk.status).toBe(200);
    expect(shrunk.body.size_bytes).toBe(8 * MIB);

    await create({ name: 'r-raw', size: '16M', format: 'raw' });
    expect((await api('PATCH', '/storage/r-raw', { size: '4M', shrink: true })).body.size).toBe('4M');

    expect(fieldOf(await api('PATCH', '/storage/r1', { size: '100P' }))).toBe('size');
    // The size's syntax is the schema's, so it is refused before the image is looked up.
    for (const size of ['big', '2 G', ' 1G', '1iB'])
      expect(fieldOf(await api('PATCH', '/storage/ghost', { size }))).toBe('size');
    expect(fieldOf(await api('PATCH', '/storage/r1', { size: '1G', secret: 'x' }))).toBe('secret');
    expect((await api('PATCH', '/storage/ghost', { size: '1G' })).body.error.code).toBe('DISK_NOT_FOUND');
    const audit = await api('GET', '/audit/events?resource=storage/r1&outcome=success');
    expect(audit.body.events.map((e: any) => `${e.method} ${e.status}`)).toEqual([
      'PATCH 200',
      'PATCH 200',
      'POST 201',
    ]);
  });

  it("passes on qemu-img's refusal as RESIZE_REFUSED, with its words", async () => {
    await create({ name: 'v2', size: '16M' });
    // A v2 (compat 0.10) qcow2 image with an internal snapshot cannot change size.
    execFileSync('qemu-img', ['snapshot', '-c', 's1', file('v2')]);
    execFileSync('qemu-img', ['amend', '-f', 'qcow2', '-o', 'compat=0.10', file('v2')]);
    const refused = await api('PATCH', '/storage/v2', { size: '8M', shrink: true });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('RESIZE_REFUSED');
    expect(refused.body.error.message).toContain("Can't resize a v2 image which has snapshots");
  });

  it("keeps to the pool's capacity", async () => {
    await api('POST', '/storage/pools', { name: 'small', path: join(service.dir, 'small'), capacity: '40M' });
    await create({ name: 'in-small', size: '32M', pool: 'small' });
    const full = await api('PATCH', '/storage/in-small', { size: '48M' });
    expect(full.status).toBe(409);
    expect(full.body.error.code).toBe('POOL_FULL');
    expect((await api('PATCH', '/storage/in-small', { size: '40M' })).status).toBe(200);
  });

  it('refuses every operation on an image a running VM has attached, and works again once it stops', async () => {
    await create({ name: 'busy', size: '16M' });
    const vm = {
      name: 'vm-busy',
      cpu: { count: 1 },
      memory: { size: '64M' },
      devices: { storage: [{ type: 'virtio-blk', path: 'busy', format: 'qcow2' }] },
    };
    expect((await api('POST', '/vms', vm)).status).toBe(201);
    expect((await api('POST', '/vms/vm-busy/start')).status).toBe(200);
    for (const [method, path, body] of [
      ['PATCH', '/storage/busy', { size: '32M' }],
      ['POST', '/storage/busy/convert', { format: 'raw', target: 'busy-raw' }],
      ['POST', '/storage/busy/compact', {}],
      ['POST', '/storage/busy/check', {}],
    ] as const) {
      const refused = await api(method, path, body);
      expect(refused.status, path).toBe(409);
      expect(refused.body.error).toMatchObject({ code: 'DISK_IN_USE' });
    }
    await api('POST', '/vms/vm-busy/pause');
    expect((await api('PATCH', '/storage/busy', { size: '32M' })).body.error.code).toBe('DISK_IN_USE');
    await api('POST', '/vms/vm-busy/stop', { force: true });
    expect((await api('PATCH', '/storage/busy', { size: '32M' })).status).toBe(200);
  });
});

describe.skipIf(ready.skip)('convert', () => {
  it('converts qcow2 to raw and back as tracked operations, the data unchanged', async () => {
    await create({ name: 'src', size: '16M' });
    qemuIo(file('src'), 'write -P 0x5a 0 3M', 'write -P 0xa5 8M 1M');
    const toRaw = await operation('/storage/src/convert', { format: 'raw', target: 'src-raw' });
    expect(toRaw).toMatchObject({
      kind: 'disk.convert',
      resource: 'storage/src',
      status: 'succeeded',
      progress: 100,
      result: { image: 'src', target: 'src-raw', format: 'raw', pool: 'default', compressed: false },
    });
    const raw = await api('GET', '/storage/src-raw');
    expect(raw.body).toMatchObject({ format: 'raw', size_bytes: 16 * MIB, encrypted: false, backing: null });
    expect(
      execFileSync('qemu-img', [
        'compare',
        '-f',
        'qcow2',
        '-F',
        'raw',
        file('src'),
        file('src-raw'),
      ]).toString(),
    ).toContain('Images are identical');

    const back = await operation('/storage/src-raw/convert', { format: 'qcow2', target: 'src-back' });
    expect(back.result.format).toBe('qcow2');
    expect(
      execFileSync('qemu-img', [
        'compare',
        '-f',
        'raw',
        '-F',
        'qcow2',
        file('src-raw'),
        file('src-back'),
      ]).toString(),
    ).toContain('Images are identical');
    expect(readdirSync(images).filter((f) => f.endsWith('.partial'))).toEqual([]);
  });

  it('compresses a qcow2 target, and refuses compress for raw', async () => {
    await create({ name: 'text', size: '8M', format: 'raw' });
    const fd = openSync(file('text'), 'r+');
    writeSync(fd, Buffer.from('all work and no play makes a dull disk image. '.repeat(80_000)));
    closeSync(fd);
    const done = await operation('/storage/text/convert', {
      format: 'qcow2',
      target: 'text-z',
      compress: true,
    });
    expect(done.result.compressed).toBe(true);
    const check = JSON.parse(
      execFileSync('qemu-img', ['check', '-f', 'qcow2', '--output=json', file('text-z')]).toString(),
    ) as { 'compressed-clusters'?: number };
    expect(check['compressed-clusters']).toBeGreaterThan(0);
    expect(done.result.actual_size_bytes).toBeLessThan(MIB);

    const refused = await api('POST', '/storage/text/convert', {
      format: 'raw',
      target: 'x',
      compress: true,
    });
    expect(fieldOf(refused)).toBe('compress');
    // The schema states it, so the image is not even looked up.
    const stated = await api('POST', '/storage/ghost/convert', {
      format: 'raw',
      target: 'x',
      compress: true,
    });
    expect(stated.body.error.details).toMatchObject({ field: 'compress', location: 'body' });
  });

  it('keeps targets inside their pool: names without separators, unique, in a pool that exists', async () => {
    await create({ name: 'named', size: '1M' });
    for (const target of ['../escape', 'a/b', '..', '.hidden', 'pools']) {
      const refused = await api('POST', '/storage/named/convert', { format: 'raw', target });
      expect(fieldOf(refused), target).toBe('target');
    }
    expect(existsSync(join(service.dataDir, 'escape'))).toBe(false);
    const taken = await api('POST', '/storage/named/convert', { format: 'raw', target: 'src' });
    expect(taken.body.error.code).toBe('DISK_ALREADY_EXISTS');
    const nowhere = await api('POST', '/storage/named/convert', {
      format: 'raw',
      target: 'n2',
      pool: 'nope',
    });
    expect(nowhere.body.error.code).toBe('POOL_NOT_FOUND');
    await api('POST', '/storage/pools', { name: 'other', path: join(service.dir, 'other') });
    const elsewhere = await operation('/storage/named/convert', {
      format: 'raw',
      target: 'n3',
      pool: 'other',
    });
    expect(elsewhere.result.pool).toBe('other');
    expect(existsSync(join(service.dir, 'other', 'n3'))).toBe(true);
    expect(existsSync(join(images, 'n3'))).toBe(false);
  });

  it('reports progress that only grows, and the completion, as events', async () => {
    const listening = await service.app.listen({ host: '127.0.0.1', port: 0 });
    const token = await createToken(join(service.runDir, 'api.sock'), ['events:read']);
    await create({ name: 'noisy', size: '64M', format: 'raw' });
    const noise = Buffer.alloc(64 * MIB);
    randomFillSync(noise);
    writeFileSync(file('noisy'), noise);
    const stream = await fetch(
      `${listening}/api/v1/events?kinds=operation.progress,operation.completed,storage.converted`,
      {
        headers: { authorization: `Bearer ${token}` },
      },
    );
    const events = collectEvents(stream);
    const started = await api('POST', '/storage/noisy/convert', { format: 'qcow2', target: 'noisy-q' });
    const completed = await events.waitFor(
      (e) => e.event === 'operation.completed' && e.data.id === started.body.id,
    );
    await events.close();
    expect(completed.data).toMatchObject({
      status: 'succeeded',
      kind: 'disk.convert',
      resource: 'storage/noisy',
    });
    const progress = events.events
      .filter((e) => e.event === 'operation.progress' && e.data.id === started.body.id)
      .map((e) => e.data.progress as number);
    expect(progress.length).toBeGreaterThan(2);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
    expect(new Set(progress).size).toBe(progress.length);
    expect(
      events.events.find((e) => e.event === 'storage.converted' && e.data.image === 'noisy')?.data,
    ).toMatchObject({
      image: 'noisy',
      target: 'noisy-q',
      format: 'qcow2',
    });
  });

  it('cancels: qemu-img is killed, its partial file removed, no image recorded', async () => {
    await create({ name: 'slow', size: '128M', format: 'raw' });
    const noise = Buffer.alloc(128 * MIB);
    randomFillSync(noise);
    writeFileSync(file('slow'), noise);
    // Compressing random data is slow (seconds here), so there is time to cancel.
    const started = await api('POST', '/storage/slow/convert', {
      format: 'qcow2',
      target: 'slow-z',
      compress: true,
    });
    expect(started.status).toBe(202);
    await until('a partial file', () => readdirSync(images).some((f) => f.startsWith('.slow-z.')));
    // While it runs, nothing else may change the image or take the target's name.
    const busy = [
      await api('PATCH', '/storage/slow', { size: '256M' }),
      await api('DELETE', '/storage/slow'),
      await api('POST', '/storage/slow/convert', { format: 'raw', target: 'slow-2' }),
      await api('POST', '/storage', { name: 'slow-z', size: '1M' }),
      await api('POST', '/vms', {
        name: 'vm-slow',
        cpu: { count: 1 },
        memory: { size: '64M' },
        devices: { storage: [{ type: 'virtio-blk', path: 'slow' }] },
      }),
    ];
    expect(busy.map((a) => `${a.status} ${a.body.error?.code}`)).toEqual(Array(5).fill('409 DISK_BUSY'));
    const cancelling = await api('POST', `/operations/${started.body.id}/cancel`);
    expect(cancelling.body.status).toBe('cancelling');
    const ended = await settled(started.body.id);
    expect(ended).toMatchObject({
      status: 'cancelled',
      error: { code: 'OPERATION_CANCELLED' },
      result: null,
    });
    expect(readdirSync(images).filter((f) => f.includes('slow-z'))).toEqual([]);
    expect((await api('GET', '/storage/slow-z')).status).toBe(404);
    // Nothing holds the image any more.
    expect((await api('PATCH', '/storage/slow', { size: '129M' })).status).toBe(200);
  });
});

describe.skipIf(ready.skip)('compact', () => {
  it('leaves out what the guest freed and reports the bytes saved', async () => {
    await create({ name: 'sparse', size: '32M' });
    qemuIo(file('sparse'), 'write -P 1 0 4M', 'discard 0 4M');
    const discarded = await operation('/storage/sparse/compact');
    expect(discarded).toMatchObject({ kind: 'disk.compact', status: 'succeeded' });
    const { bytes_before: before, bytes_after: after, bytes_saved: saved } = discarded.result;
    expect(saved).toBe(before - after);
    expect(saved).toBeGreaterThan(0);

    // A guest that zeroed its free space: the zeros take 4 MiB before, nothing after.
    await create({ name: 'zeroed', size: '32M' });
    qemuIo(file('zeroed'), 'write -P 1 0 4M', 'write -P 0 0 4M');
    const zeroed = (await operation('/storage/zeroed/compact', {})).result;
    expect(zeroed.bytes_before).toBeGreaterThan(4 * MIB);
    expect(zeroed.bytes_saved).toBeGreaterThan(4 * MIB - 64 * 1024);
    expect((await api('GET', '/storage/zeroed')).body.actual_size_bytes).toBe(zeroed.bytes_after);
    expect(execFileSync('qemu-img', ['check', '-f', 'qcow2', file('zeroed')]).toString()).toContain(
      'No errors',
    );
    expect(readdirSync(images).filter((f) => f.endsWith('.partial'))).toEqual([]);
  });

  it('refuses a raw image', async () => {
    await create({ name: 'flat', size: '1M', format: 'raw' });
    const refused = await api('POST', '/storage/flat/compact', {});
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('DISK_OPERATION_UNSUPPORTED');
  });
});

/** Zeroes the first L2 entries of a qcow2 image: the clusters stay counted but unused, leaked. */
function leakClusters(image: string): void {
  const fd = openSync(image, 'r+');
  try {
    const header = Buffer.alloc(48);
    readSync(fd, header, 0, 48, 0);
    const l1Offset = Number(header.readBigUInt64BE(40));
    const l1 = Buffer.alloc(8);
    readSync(fd, l1, 0, 8, l1Offset);
    const l2Offset = Number(l1.readBigUInt64BE(0) & 0x00fffffffffffe00n);
    writeSync(fd, Buffer.alloc(8 * 4), 0, 8 * 4, l2Offset);
  } finally {
    closeSync(fd);
  }
}

describe.skipIf(ready.skip)('check', () => {
  it('finds leaked clusters, repairs them with repair: leaks, and then finds the image clean', async () => {
    await create({ name: 'leaky', size: '16M' });
    qemuIo(file('leaky'), 'write -P 1 0 1M');
    const first = await operation('/storage/leaky/check');
    expect(first.result).toMatchObject({
      image: 'leaky',
      clean: true,
      leaks: 0,
      corruptions: 0,
      repaired: null,
    });

    leakClusters(file('leaky'));
    const found = await operation('/storage/leaky/check', {});
    // Finding problems is the result, not a failure of the operation.
    expect(found.status).toBe('succeeded');
    expect(found.result).toMatchObject({
      clean: false,
      leaks: 4,
      corruptions: 0,
      check_errors: 0,
      repair: null,
    });
    expect(found.result.image_end_offset).toBeGreaterThan(0);
    expect(found.result.total_clusters).toBe(256);

    const repaired = await operation('/storage/leaky/check', { repair: 'leaks' });
    expect(repaired.result).toMatchObject({
      clean: true,
      leaks: 0,
      repair: 'leaks',
      repaired: { leaks: 4, corruptions: 0 },
    });
    expect((await operation('/storage/leaky/check')).result.clean).toBe(true);
  });

  it('refuses a raw image and an unknown repair mode', async () => {
    expect((await api('POST', '/storage/flat/check', {})).body.error.code).toBe('DISK_OPERATION_UNSUPPORTED');
    expect(fieldOf(await api('POST', '/storage/leaky/check', { repair: 'everything' }))).toBe('repair');
  });
});

// Each LUKS key slot written calibrates its PBKDF for about a second of CPU, whatever its iteration time.
describe.skipIf(ready.skip)('encrypted images', { timeout: 60_000 }, () => {
  it('creates a LUKS image, rekeys it as an operation, and only the new passphrase opens it then', async () => {
    const made = await create({ name: 'vault', size: '16M', encrypted: true, secret: 'old passphrase' });
    expect(made).toMatchObject({ encrypted: true, format: 'qcow2', backing: null });
    expect(JSON.stringify(made)).not.toContain('passphrase');
    expect(qemuIoEncrypted(file('vault'), 'old passphrase', 'write -P 7 0 64k').status).toBe(0);

    const wrong = await operation('/storage/vault/rekey', {
      old_secret: 'guess',
      new_secret: 'new passphrase',
    });
    expect(wrong).toMatchObject({
      kind: 'disk.rekey',
      status: 'failed',
      error: { code: 'VALIDATION_ERROR' },
    });
    expect(wrong.error.message).toBe("old_secret: does not unlock disk image 'vault'");
    const same = await api('POST', '/storage/vault/rekey', { old_secret: 'a', new_secret: 'a' });
    expect(fieldOf(same)).toBe('new_secret');
    const unreadable = await api('POST', '/storage/vault/rekey', { old_secret: 'a', new_secret: 'b\u0000' });
    expect(fieldOf(unreadable)).toBe('new_secret');

    const rekeyed = await operation('/storage/vault/rekey', {
      old_secret: 'old passphrase',
      new_secret: 'new passphrase',
    });
    expect(rekeyed).toMatchObject({
      kind: 'disk.rekey',
      resource: 'storage/vault',
      status: 'succeeded',
      progress: 100,
      result: { name: 'vault', encrypted: true },
    });

    const withNew = qemuIoEncrypted(file('vault'), 'new passphrase', 'read -P 7 0 64k');
    expect(withNew.status, withNew.stderr).toBe(0);
    const withOld = qemuIoEncrypted(file('vault'), 'old passphrase', 'read 0 512');
    expect(withOld.status).not.toBe(0);
    expect(withOld.stderr).toContain('Invalid password');
    // The old one opens no slot: rekeying with it again is the caller's mistake.
    const again = await operation('/storage/vault/rekey', { old_secret: 'old passphrase', new_secret: 'x' });
    expect(again.error.message).toContain('old_secret');
  });

  it('takes the passphrase for check, resize, compact and convert, and keeps the result encrypted', async () => {
    await create({ name: 'safe', size: '16M', encrypted: true, secret: 's3cret' });
    expect(fieldOf(await api('POST', '/storage/safe/check', {}))).toBe('secret');
    const wrong = await operation('/storage/safe/check', { secret: 'nope' });
    expect(wrong).toMatchObject({ status: 'failed', error: { code: 'VALIDATION_ERROR' } });
    expect(wrong.error.message).toContain('secret');
    expect((await operation('/storage/safe/check', { secret: 's3cret' })).result.clean).toBe(true);

    expect((await api('PATCH', '/storage/safe', { size: '32M', secret: 's3cret' })).body.size).toBe('32M');
    expect(fieldOf(await api('PATCH', '/storage/safe', { size: '48M', secret: 'nope' }))).toBe('secret');

    expect((await operation('/storage/safe/compact', { secret: 's3cret' })).status).toBe('succeeded');
    expect(qemuIoEncrypted(file('safe'), 's3cret', 'read 0 512').status).toBe(0);

    expect(
      fieldOf(
        await api('POST', '/storage/safe/convert', { format: 'raw', target: 'bare', secret: 's3cret' }),
      ),
    ).toBe('format');
    const copy = await operation('/storage/safe/convert', {
      format: 'qcow2',
      target: 'safe2',
      secret: 's3cret',
    });
    expect(copy.status).toBe('succeeded');
    expect((await api('GET', '/storage/safe2')).body.encrypted).toBe(true);
    expect(qemuIoEncrypted(file('safe2'), 's3cret', 'read 0 512').status).toBe(0);
  });

  it('never stores, returns or records a passphrase', async () => {
    const everything = JSON.stringify([
      (await api('GET', '/storage')).body,
      (await api('GET', '/audit/events?limit=500')).body,
      (await api('GET', '/operations')).body,
    ]);
    for (const secret of ['old passphrase', 'new passphrase', 's3cret'])
      expect(everything).not.toContain(secret);
    const db = execFileSync('strings', [join(service.dataDir, 'hypervisor.db')]).toString();
    expect(db).not.toContain('s3cret');
  });

  it('refuses what does not fit: raw, no secret, a secret without encryption, a rekey of a clear image, a VM', async () => {
    expect(
      fieldOf(
        await api('POST', '/storage', {
          name: 'e1',
          size: '1M',
          format: 'raw',
          encrypted: true,
          secret: 'x',
        }),
      ),
    ).toBe('encrypted');
    expect(fieldOf(await api('POST', '/storage', { name: 'e2', size: '1M', encrypted: true }))).toBe(
      'secret',
    );
    expect(fieldOf(await api('POST', '/storage', { name: 'e3', size: '1M', secret: 'x' }))).toBe('encrypted');
    const clear = await api('POST', '/storage/src/rekey', { old_secret: 'a', new_secret: 'b' });
    expect(clear.body.error.code).toBe('DISK_OPERATION_UNSUPPORTED');
    const vm = await api('POST', '/vms', {
      name: 'vm-vault',
      cpu: { count: 1 },
      memory: { size: '64M' },
      devices: { storage: [{ type: 'virtio-blk', path: 'vault' }] },
    });
    expect(fieldOf(vm)).toBe('devices.storage.0.path');
  });
});

describe.skipIf(ready.skip)('thin clones and preallocation', () => {
  it('makes a thin clone that reads through to its base, which may then be neither deleted nor shrunk', async () => {
    await create({ name: 'golden', size: '16M' });
    qemuIo(file('golden'), 'write -P 0x33 0 2M');
    const thin = await create({ name: 'thin', backing: 'golden' });
    expect(thin).toMatchObject({ backing: 'golden', size_bytes: 16 * MIB, format: 'qcow2' });
    expect(thin.actual_size_bytes).toBeLessThan(MIB);
    expect(qemuIo(file('thin'), 'read -P 0x33 0 2M')).toContain('read 2097152/2097152');
    qemuIo(file('thin'), 'write -P 0x44 1M 64k');

    expect((await api('DELETE', '/storage/golden')).body.error.code).toBe('DISK_IS_BACKING');
    expect((await api('PATCH', '/storage/golden', { size: '8M', shrink: true })).body.error.code).toBe(
      'DISK_IS_BACKING',
    );

    // Compacted, the clone stays thin and on its base; converted, the copy stands alone.
    expect((await operation('/storage/thin/compact')).status).toBe('succeeded');
    const info = JSON.parse(execFileSync('qemu-img', ['info', '--output=json', file('thin')]).toString());
    expect(info['backing-filename']).toBe('golden');
    expect(qemuIo(file('thin'), 'read -P 0x44 1M 64k', 'read -P 0x33 0 1M')).not.toContain(
      'Pattern verification failed',
    );
    await operation('/storage/thin/convert', { format: 'qcow2', target: 'thick' });
    expect((await api('GET', '/storage/thick')).body.backing).toBe(null);
    expect(
      execFileSync('qemu-img', [
        'compare',
        '-f',
        'qcow2',
        '-F',
        'qcow2',
        file('thin'),
        file('thick'),
      ]).toString(),
    ).toContain('Images are identical');

    expect((await api('DELETE', '/storage/thin')).status).toBe(200);
    expect((await api('DELETE', '/storage/golden')).status).toBe(200);
  });

  it('refuses clones of what is missing, elsewhere, raw, encrypted, smaller or preallocated', async () => {
    await create({ name: 'base2', size: '16M' });
    expect(fieldOf(await api('POST', '/storage', { name: 'c1', backing: 'ghost' }))).toBe('backing');
    expect(fieldOf(await api('POST', '/storage', { name: 'c2', backing: 'base2', pool: 'small' }))).toBe(
      'backing',
    );
    expect(fieldOf(await api('POST', '/storage', { name: 'c3', backing: 'base2', format: 'raw' }))).toBe(
      'format',
    );
    expect(fieldOf(await api('POST', '/storage', { name: 'c4', backing: 'vault' }))).toBe('backing');
    expect(fieldOf(await api('POST', '/storage', { name: 'c5', backing: 'base2', size: '8M' }))).toBe('size');
    expect(
      fieldOf(await api('POST', '/storage', { name: 'c6', backing: 'base2', preallocation: 'metadata' })),
    ).toBe('preallocation');
    expect(fieldOf(await api('POST', '/storage', { name: 'c7' }))).toBe('size');
  });

  it('preallocates as asked', async () => {
    const full = await create({ name: 'full', size: '8M', format: 'raw', preallocation: 'full' });
    expect(full.actual_size_bytes).toBeGreaterThanOrEqual(8 * MIB);
    const meta = await create({ name: 'meta', size: '64M', preallocation: 'metadata' });
    expect(meta.actual_size_bytes).toBeGreaterThan(0);
    expect(
      fieldOf(
        await api('POST', '/storage', { name: 'p1', size: '8M', format: 'raw', preallocation: 'metadata' }),
      ),
    ).toBe('preallocation');
  });
});

/** The command lines of this process's qemu-img children (the in-process service runs them). */
const qemuImgChildren = (): string[] =>
  spawnSync('ps', ['-o', 'args=', '--ppid', String(process.pid)], { encoding: 'utf8' })
    .stdout.split('\n')
    .filter((line) => line.startsWith('qemu-img '));

// Key slots with a PBKDF time of 1 s: each step of a rekey runs long enough to be caught in the act.
describe.skipIf(ready.skip)('a rekey cancelled', { timeout: 120_000 }, () => {
  let slow: TestService;
  const slowApi = (method: string, path: string, body?: unknown) =>
    socketApi(slow.runDir, method, path, body);
  const ended = (id: string) =>
    until(
      `operation ${id} to end`,
      async () => {
        const { body } = await slowApi('GET', `/operations/${id}`);
        return ['succeeded', 'failed', 'cancelled'].includes(body.status) ? body : undefined;
      },
      { timeoutMs: 90_000 },
    );
  const image = (name: string) => join(slow.dataDir, 'images', name);

  beforeAll(async () => {
    slow = await startTestService({ luksIterTimeMs: 1_000 });
  });
  afterAll(async () => slow?.close());

  it('while the new slot is added: qemu-img is killed, and the old passphrase alone opens the image', async () => {
    const made = await slowApi('POST', '/storage', {
      name: 'v1',
      size: '16M',
      encrypted: true,
      secret: 'old one',
    });
    expect(made.status).toBe(201);
    expect(qemuIoEncrypted(image('v1'), 'old one', 'write -P 9 0 64k').status).toBe(0);
    const started = await slowApi('POST', '/storage/v1/rekey', {
      old_secret: 'old one',
      new_secret: 'new one',
    });
    expect(started.status).toBe(202);
    await until('qemu-img adding the slot', () =>
      qemuImgChildren().some((args) => args.includes('encrypt.state=active')),
    );
    const cancelling = await slowApi('POST', `/operations/${started.body.id}/cancel`);
    expect(cancelling.body.status).toBe('cancelling');
    expect(await ended(started.body.id)).toMatchObject({
      status: 'cancelled',
      error: { code: 'OPERATION_CANCELLED' },
    });
    expect(qemuImgChildren()).toEqual([]);
    const withOld = qemuIoEncrypted(image('v1'), 'old one', 'read -P 9 0 64k');
    expect(withOld.status, withOld.stderr).toBe(0);
    const withNew = qemuIoEncrypted(image('v1'), 'new one', 'read 0 512');
    expect(withNew.status).not.toBe(0);
    expect(withNew.stderr).toContain('Invalid password');
    // The image is free again, and still rekeys.
    const redone = await slowApi('POST', '/storage/v1/rekey', {
      old_secret: 'old one',
      new_secret: 'new one',
    });
    expect((await ended(redone.body.id)).status).toBe('succeeded');
    expect(qemuIoEncrypted(image('v1'), 'new one', 'read -P 9 0 64k').status).toBe(0);
  });

  it('refuses a cancel once the old slots are being erased, and ends with the new passphrase only', async () => {
    await slowApi('POST', '/storage', { name: 'v2', size: '16M', encrypted: true, secret: 'old two' });
    const started = await slowApi('POST', '/storage/v2/rekey', {
      old_secret: 'old two',
      new_secret: 'new two',
    });
    await until('qemu-img erasing the old slot', () =>
      qemuImgChildren().some((args) => args.includes('encrypt.state=inactive')),
    );
    const refused = await slowApi('POST', `/operations/${started.body.id}/cancel`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('OPERATION_NOT_CANCELLABLE');
    expect(refused.body.error.message).toContain('the old key slots are being erased');
    expect(await ended(started.body.id)).toMatchObject({ status: 'succeeded', progress: 100 });
    expect(qemuIoEncrypted(image('v2'), 'new two', 'read 0 512').status).toBe(0);
    expect(qemuIoEncrypted(image('v2'), 'old two', 'read 0 512').status).not.toBe(0);
  });
});
