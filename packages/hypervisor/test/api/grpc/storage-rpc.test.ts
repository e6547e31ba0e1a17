/**
 * StorageService and StoragePoolService over gRPC against the in-process service, on real images
 * made by qemu-img (as the REST storage tests): the same core as REST, so the same images, and
 * the catalogue's errors as gRPC statuses with their ErrorInfo. The work REST answers 202 answers
 * an Operation, followed to its end with OperationService.
 */
import { randomFillSync } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { equals, fromJson, type JsonValue } from '@bufbuild/protobuf';
import { Code } from '@connectrpc/connect';
import { requireTools } from '@lab/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OperationSchema,
  OperationService,
  type Operation,
} from '../../../src/api/grpc/gen/hypervisor/v1/operation_pb.js';
import {
  DiskImageSchema,
  StoragePoolSchema,
  StoragePoolService,
  StorageService,
} from '../../../src/api/grpc/gen/hypervisor/v1/storage_pb.js';
import { startTestService, type TestService } from '../../support/in-process.js';
import { createToken, socketApi, socketRequest } from '../../support/socket-client.js';
import { grpcClient, grpcFailure } from '../../support/grpc.js';
import { until } from '../../support/until.js';

const ready = requireTools(['qemu-img']);
let service: TestService;
let writer: string;
let reader: string;
let poolRoot: string;

beforeAll(async () => {
  service = await startTestService();
  const socket = join(service.runDir, 'api.sock');
  writer = await createToken(socket, ['storage:write', 'vm:write']);
  reader = await createToken(socket, ['storage:read']);
  poolRoot = mkdtempSync(join(tmpdir(), 'hv-grpc-pool-'));
});
afterAll(async () => {
  await service?.close();
  rmSync(poolRoot, { recursive: true, force: true });
});

const target = (token: string) => ({ url: service.app.grpcUrl ?? '', token });
const storage = (token = writer) => grpcClient(StorageService, target(token));
const poolsOf = (token = writer) => grpcClient(StoragePoolService, target(token));
const operations = (token = writer) => grpcClient(OperationService, target(token));
const rest = (method: string, path: string, body?: unknown) => socketApi(service.runDir, method, path, body);

/** Follows an operation with GetOperation until it ends. */
function settled(id: string): Promise<Operation> {
  return until(`operation ${id} to end`, async () => {
    const op = await operations().getOperation({ id });
    return ['succeeded', 'failed', 'cancelled'].includes(op.status) ? op : undefined;
  });
}

describe.skipIf(ready.skip)('StorageService (qemu-img)', () => {
  it('creates, reads, lists, resizes and deletes a qcow2 image, answering as REST does', async () => {
    const made = await storage().createDisk({ name: 'g1', size: '20M' });
    expect(made).toMatchObject({
      name: 'g1',
      format: 'qcow2',
      pool: 'default',
      size: '20M',
      encrypted: false,
    });
    expect(made.sizeBytes).toBe(20n * 1024n ** 2n);
    expect(made.backing).toBeUndefined();
    const read = await storage(reader).getDisk({ name: 'g1' });
    const viewed = await rest('GET', '/storage/g1');
    expect(equals(DiskImageSchema, read, fromJson(DiskImageSchema, viewed.body as JsonValue))).toBe(true);
    const { images } = await storage(reader).listDisks({});
    const listed = (await rest('GET', '/storage')).body as { images: JsonValue[] };
    expect(images.map((image) => image.name)).toEqual(['g1']);
    expect(images.length).toBe(listed.images.length);
    listed.images.forEach((image, i) =>
      expect(equals(DiskImageSchema, images[i]!, fromJson(DiskImageSchema, image))).toBe(true),
    );

    const grown = await storage().resizeDisk({ name: 'g1', size: '32M' });
    expect(grown).toMatchObject({ name: 'g1', size: '32M', sizeBytes: 32n * 1024n ** 2n });
    const shrink = await grpcFailure(storage().resizeDisk({ name: 'g1', size: '16M' }));
    expect(shrink).toMatchObject({ code: Code.InvalidArgument, reason: 'VALIDATION_ERROR' });
    expect(shrink.metadata.field).toBe('shrink');
    expect((await storage().resizeDisk({ name: 'g1', size: '16M', shrink: true })).size).toBe('16M');

    expect(await storage().deleteDisk({ name: 'g1' })).toMatchObject({ name: 'g1', deleted: true });
    expect(await grpcFailure(storage(reader).getDisk({ name: 'g1' }))).toMatchObject({
      code: Code.NotFound,
      reason: 'DISK_NOT_FOUND',
    });
  });

  it('creates every kind REST creates: raw preallocated, encrypted, and a thin clone', async () => {
    const raw = await storage().createDisk({ name: 'r1', size: '4M', format: 'raw', preallocation: 'full' });
    expect(raw).toMatchObject({ format: 'raw', size: '4M' });
    expect(raw.actualSizeBytes).toBeGreaterThanOrEqual(4n * 1024n ** 2n);
    const luks = await storage().createDisk({
      name: 'e1',
      size: '8M',
      encrypted: true,
      secret: 'first pass',
    });
    expect(luks).toMatchObject({ format: 'qcow2', encrypted: true });
    const base = await storage().createDisk({ name: 'base1', size: '8M' });
    const clone = await storage().createDisk({ name: 'clone1', backing: 'base1' });
    expect(clone).toMatchObject({ backing: 'base1', size: base.size, format: 'qcow2' });
    // A base with a clone may not go, as over REST.
    expect(await grpcFailure(storage().deleteDisk({ name: 'base1' }))).toMatchObject({
      code: Code.FailedPrecondition,
      reason: 'DISK_IS_BACKING',
    });
    const secretless = await grpcFailure(storage().createDisk({ name: 'e2', size: '8M', encrypted: true }));
    expect(secretless).toMatchObject({ code: Code.InvalidArgument, reason: 'VALIDATION_ERROR' });
    expect(secretless.metadata.field).toBe('secret');
  });

  it.each([
    [{ name: '../escape', size: '1M' }, 'name'],
    [{ name: 'pools', size: '1M' }, 'name'],
    [{ name: 'ok', size: '10K' }, 'size'],
    [{ name: 'ok', size: '1M', format: 'vmdk' }, 'format'],
    [{ name: 'ok', size: '1M', preallocation: 'lots' }, 'preallocation'],
  ])('refuses %j with INVALID_ARGUMENT naming %s', async (request, field) => {
    const refused = await grpcFailure(storage().createDisk(request));
    expect(refused).toMatchObject({ code: Code.InvalidArgument, reason: 'VALIDATION_ERROR' });
    expect(refused.metadata.field).toBe(field);
  });

  it('maps a taken name to ALREADY_EXISTS, an attached image to FAILED_PRECONDITION, a missing one to NOT_FOUND', async () => {
    await storage().createDisk({ name: 'd1', size: '8M' });
    expect(await grpcFailure(storage().createDisk({ name: 'd1', size: '8M' }))).toMatchObject({
      code: Code.AlreadyExists,
      reason: 'DISK_ALREADY_EXISTS',
      domain: 'hypervisor',
    });
    const vm = {
      name: 'vm1',
      cpu: { count: 1 },
      memory: { size: '64M' },
      devices: { storage: [{ type: 'virtio-blk', path: 'd1', format: 'qcow2' }] },
    };
    expect((await rest('POST', '/vms', vm)).status).toBe(201);
    expect((await rest('POST', '/vms/vm1/start')).status).toBe(200);
    expect((await storage(reader).getDisk({ name: 'd1' })).usedBy).toEqual(['vm1']);
    const inUse = await grpcFailure(storage().deleteDisk({ name: 'd1' }));
    expect(inUse).toMatchObject({ code: Code.FailedPrecondition, reason: 'DISK_IN_USE' });
    expect(await grpcFailure(storage().checkDisk({ name: 'd1' }))).toMatchObject({
      code: Code.FailedPrecondition,
      reason: 'DISK_IN_USE',
    });
    expect((await rest('POST', '/vms/vm1/stop', { force: true })).status).toBe(200);
    for (const call of [
      storage().deleteDisk({ name: 'ghost' }),
      storage().resizeDisk({ name: 'ghost', size: '8M' }),
      storage().convertDisk({ name: 'ghost', format: 'raw', target: 'ghost2' }),
    ]) {
      expect(await grpcFailure(call)).toMatchObject({ code: Code.NotFound, reason: 'DISK_NOT_FOUND' });
    }
  });

  it('asks for storage:write to change an image, and audits the call with transport grpc', async () => {
    const denied = await grpcFailure(storage(reader).createDisk({ name: 'nope', size: '1M' }));
    expect(denied).toMatchObject({ code: Code.PermissionDenied, reason: 'FORBIDDEN' });
    expect(denied.metadata.required_scope).toBe('storage:write');
    await storage().createDisk({ name: 'audited', size: '1M' });
    const audit = await socketRequest(
      join(service.runDir, 'api.sock'),
      'GET',
      '/api/v1/audit/events?limit=50',
    );
    const rows = (audit.body as { events: Record<string, unknown>[] }).events;
    expect(rows).toContainEqual(
      expect.objectContaining({
        transport: 'grpc',
        path: '/hypervisor.v1.StorageService/CreateDisk',
        outcome: 'success',
        resource: 'storage/audited',
        status: 201,
      }),
    );
  });
});

describe.skipIf(ready.skip)('StorageService operations (qemu-img)', { timeout: 60_000 }, () => {
  it('converts as an Operation, followed with GetOperation to its end, and the new image is there', async () => {
    await storage().createDisk({ name: 'c1', size: '8M' });
    const started = await storage().convertDisk({ name: 'c1', format: 'raw', target: 'c1-raw' });
    expect(started).toMatchObject({ kind: 'disk.convert', resource: 'storage/c1', status: 'running' });
    const ended = await settled(started.id);
    expect(ended).toMatchObject({ status: 'succeeded', progress: 100 });
    expect(ended.result).toMatchObject({ image: 'c1', target: 'c1-raw', format: 'raw' });
    expect(ended.finishedAt).toBeDefined();
    expect(await storage(reader).getDisk({ name: 'c1-raw' })).toMatchObject({ format: 'raw', size: '8M' });
    // The same operation over REST.
    const viewed = (await rest('GET', `/operations/${started.id}`)).body as JsonValue;
    expect(equals(OperationSchema, ended, fromJson(OperationSchema, viewed))).toBe(true);
  });

  it('compacts, checks and rekeys as Operations', async () => {
    await storage().createDisk({ name: 'k1', size: '8M' });
    const compact = await settled((await storage().compactDisk({ name: 'k1' })).id);
    expect(compact).toMatchObject({ kind: 'disk.compact', status: 'succeeded' });
    const check = await settled((await storage().checkDisk({ name: 'k1', repair: 'leaks' })).id);
    expect(check).toMatchObject({ kind: 'disk.check', status: 'succeeded' });
    expect(check.result?.clean).toBe(true);
    const badRepair = await grpcFailure(storage().checkDisk({ name: 'k1', repair: 'everything' }));
    expect(badRepair.metadata.field).toBe('repair');
    await storage().createDisk({ name: 'k2', size: '8M', encrypted: true, secret: 'old pass' });
    const rekey = await settled(
      (await storage().rekeyDisk({ name: 'k2', oldSecret: 'old pass', newSecret: 'new pass' })).id,
    );
    expect(rekey).toMatchObject({ kind: 'disk.rekey', status: 'succeeded' });
    // Only the new passphrase opens it now.
    const opened = await settled((await storage().checkDisk({ name: 'k2', secret: 'new pass' })).id);
    expect(opened.status).toBe('succeeded');
  });

  it('cancels a conversion with CancelOperation: it ends cancelled and leaves no image', async () => {
    await storage().createDisk({ name: 'noise', size: '128M', format: 'raw' });
    const noise = Buffer.alloc(128 * 1024 ** 2);
    randomFillSync(noise);
    writeFileSync(join(service.dataDir, 'images', 'noise'), noise);
    // Compressing random data takes seconds: the operation still runs when cancelled.
    const started = await storage().convertDisk({
      name: 'noise',
      format: 'qcow2',
      target: 'noise-z',
      compress: true,
    });
    const cancelling = await operations().cancelOperation({ id: started.id });
    expect(cancelling).toMatchObject({ id: started.id, status: 'cancelling' });
    const ended = await settled(started.id);
    expect(ended).toMatchObject({ status: 'cancelled', error: { code: 'OPERATION_CANCELLED' } });
    expect(ended.result).toBeUndefined();
    expect(readdirSync(join(service.dataDir, 'images')).filter((f) => f.includes('noise-z'))).toEqual([]);
    expect(await grpcFailure(storage(reader).getDisk({ name: 'noise-z' }))).toMatchObject({
      code: Code.NotFound,
    });
    expect(await grpcFailure(operations().cancelOperation({ id: started.id }))).toMatchObject({
      code: Code.FailedPrecondition,
      reason: 'OPERATION_NOT_RUNNING',
    });
  });
});

describe.skipIf(ready.skip)('StoragePoolService', () => {
  it('adds a pool and lists it as REST does; a taken name is ALREADY_EXISTS, a relative path names path', async () => {
    const path = join(poolRoot, 'fast');
    const made = await poolsOf().createPool({ name: 'fast', path, capacity: '64M' });
    expect(made).toMatchObject({ name: 'fast', path, capacity: '64M', capacityBytes: 64n * 1024n ** 2n });
    await storage().createDisk({ name: 'in-fast', size: '8M', pool: 'fast' });
    const { pools } = await poolsOf(reader).listPools({});
    const listed = (await rest('GET', '/storage/pools')).body as { pools: { name: string }[] };
    const fast = pools.find((pool) => pool.name === 'fast')!;
    const fastRest = listed.pools.find((pool) => pool.name === 'fast')!;
    const expected = fromJson(StoragePoolSchema, fastRest as unknown as JsonValue);
    // The filesystem's free bytes move between two reads; the pool's own figures may not.
    expected.filesystem = fast.filesystem;
    expect(equals(StoragePoolSchema, fast, expected)).toBe(true);
    expect(fast).toMatchObject({ images: 1n, allocatedBytes: 8n * 1024n ** 2n });
    expect(pools.find((pool) => pool.name === 'default')?.capacity).toBeUndefined();

    expect(
      await grpcFailure(poolsOf().createPool({ name: 'fast', path: join(poolRoot, 'other') })),
    ).toMatchObject({
      code: Code.AlreadyExists,
      reason: 'POOL_ALREADY_EXISTS',
    });
    const relative = await grpcFailure(poolsOf().createPool({ name: 'rel', path: 'some/dir' }));
    expect(relative).toMatchObject({ code: Code.InvalidArgument, reason: 'VALIDATION_ERROR' });
    expect(relative.metadata.field).toBe('path');
    expect(
      await grpcFailure(poolsOf(reader).createPool({ name: 'ro', path: join(poolRoot, 'ro') })),
    ).toMatchObject({
      code: Code.PermissionDenied,
    });
  });
});
