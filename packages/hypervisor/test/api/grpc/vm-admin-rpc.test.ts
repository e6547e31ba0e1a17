/**
 * VmManagementService, MigrationService and SnapshotService over gRPC against two in-process
 * services (simulated driver; real qemu-img makes the images): the same answers as REST, the
 * oneof of a result or an operation where REST answers 201/200 or 202, fields named in
 * validation errors, and the area's not-found and conflict codes with their ErrorInfo.
 */
import { Code } from '@connectrpc/connect';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requireTools } from '@lab/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VmService } from '../../../src/api/grpc/gen/hypervisor/v1/vm_pb.js';
import {
  MigrationService,
  SnapshotService,
  VmManagementService,
} from '../../../src/api/grpc/gen/hypervisor/v1/vm_admin_pb.js';
import { startTestService, type TestService } from '../../support/in-process.js';
import { createToken } from '../../support/socket-client.js';
import { grpcClient, grpcFailure } from '../../support/grpc.js';
import { until } from '../../support/until.js';

const tools = requireTools(['qemu-img']);

interface Host {
  service: TestService;
  url: string;
  token: string;
  rest(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }>;
}

let a: Host;
let b: Host;
let reader: string;
let shared: string;

async function host(): Promise<Host> {
  const service = await startTestService();
  mkdirSync(join(service.dataDir, 'boot'), { recursive: true });
  writeFileSync(join(service.dataDir, 'boot', 'vmlinuz'), 'kernel');
  const url = await service.app.listen({ host: '127.0.0.1', port: 0 });
  const token = await createToken(join(service.runDir, 'api.sock'), ['admin']);
  const rest = async (method: string, path: string, body?: unknown) => {
    const response = await service.app.inject({
      method: method as 'GET',
      url: `/api/v1${path}`,
      headers: { authorization: `Bearer ${token}` },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    return { status: response.statusCode, body: response.body === '' ? undefined : response.json() };
  };
  return { service, url, token, rest };
}

const target = (h: Host, token = h.token) => ({ url: h.service.app.grpcUrl ?? '', token });
const manage = (h: Host = a, token?: string) => grpcClient(VmManagementService, target(h, token));
const migration = (h: Host = a) => grpcClient(MigrationService, target(h));
const snaps = (h: Host = a, token?: string) => grpcClient(SnapshotService, target(h, token));
const vmsOf = (h: Host = a) => grpcClient(VmService, target(h));

/** A VM on a new qcow2 image of `pool`, made over REST. */
async function vm(name: string, pool = 'default', h: Host = a) {
  expect((await h.rest('POST', '/storage', { name: `${name}-disk`, size: '16M', pool })).status).toBe(201);
  const made = await h.rest('POST', '/vms', {
    name,
    cpu: { count: 1 },
    memory: { size: '64M' },
    devices: { storage: [{ type: 'virtio-blk', path: `${name}-disk`, format: 'qcow2' }] },
    boot: { kernel: 'vmlinuz' },
  });
  expect(made.status).toBe(201);
}

async function settled(h: Host, id: string): Promise<any> {
  return until(`operation ${id} to end`, async () => {
    const op = (await h.rest('GET', `/operations/${id}`)).body;
    return op.status === 'running' || op.status === 'cancelling' ? undefined : op;
  });
}

/** proto3 JSON's names and REST's are the same: the message read back as REST's JSON shape. */
const timestamps = (x: { seconds: bigint } | undefined) => (x === undefined ? undefined : Number(x.seconds));

describe.skipIf(tools.skip)('the VM RPCs beyond VmService', () => {
  beforeAll(async () => {
    shared = mkdtempSync(join(tmpdir(), 'hv-grpc-shared-'));
    a = await host();
    b = await host();
    for (const h of [a, b]) {
      expect((await h.rest('POST', '/storage/pools', { name: 'shared', path: shared })).status).toBe(201);
    }
    reader = await createToken(join(a.service.runDir, 'api.sock'), ['vm:read']);
  });
  afterAll(async () => {
    await a?.service.close();
    await b?.service.close();
    rmSync(shared, { recursive: true, force: true });
  });

  it('UpdateVm changes the definition as PATCH does, clear_boot is `boot: null`', async () => {
    await vm('u1');
    const updated = await manage().updateVm({ name: 'u1', memory: { size: '128M' } });
    expect(updated.memory?.size).toBe('128M');
    expect((await a.rest('GET', '/vms/u1')).body.memory).toEqual({ size: '128M' });
    const cleared = await manage().updateVm({ name: 'u1', clearBoot: true });
    expect(cleared.boot).toBeUndefined();
    expect((await a.rest('GET', '/vms/u1')).body.boot).toBeNull();

    const both = await grpcFailure(
      manage().updateVm({ name: 'u1', clearBoot: true, boot: { kernel: 'vmlinuz' } }),
    );
    expect(both).toMatchObject({ code: Code.InvalidArgument, reason: 'VALIDATION_ERROR' });
    expect(both.metadata.field).toBe('clear_boot');
    const count = await grpcFailure(manage().updateVm({ name: 'u1', cpu: { count: 0 } }));
    expect(count.metadata.field).toBe('cpu.count');
    expect(await grpcFailure(manage().updateVm({ name: 'u1' }))).toMatchObject({
      code: Code.InvalidArgument,
    });
    expect(await grpcFailure(manage().updateVm({ name: 'nope', memory: { size: '64M' } }))).toMatchObject({
      code: Code.NotFound,
      reason: 'VM_NOT_FOUND',
    });
    await vmsOf().startVm({ name: 'u1' });
    expect(await grpcFailure(manage().updateVm({ name: 'u1', memory: { size: '64M' } }))).toMatchObject({
      code: Code.FailedPrecondition,
      reason: 'VM_INVALID_STATE',
    });
    expect(
      await grpcFailure(manage(a, reader).updateVm({ name: 'u1', memory: { size: '64M' } })),
    ).toMatchObject({ code: Code.PermissionDenied, reason: 'FORBIDDEN' });
  });

  it('ResetVm, GetVmStats and DeleteVm answer as REST, with VM_NOT_RUNNING and force', async () => {
    await vm('r1');
    expect(await grpcFailure(manage().resetVm({ name: 'r1' }))).toMatchObject({
      code: Code.FailedPrecondition,
      reason: 'VM_NOT_RUNNING',
    });
    expect(await grpcFailure(manage(a, reader).getVmStats({ name: 'r1' }))).toMatchObject({
      code: Code.FailedPrecondition,
      reason: 'VM_NOT_RUNNING',
    });
    await vmsOf().startVm({ name: 'r1' });
    const reset = await manage().resetVm({ name: 'r1' });
    expect(reset).toMatchObject({ name: 'r1', state: 'RUNNING' });

    const stats = await manage(a, reader).getVmStats({ name: 'r1' });
    const restStats = (await a.rest('GET', '/vms/r1/stats')).body;
    expect(Object.keys(restStats).sort()).toEqual(
      expect.arrayContaining(['vm', 'cpu_percent', 'memory_used', 'memory_used_bytes', 'interval_ms']),
    );
    expect(stats.vm).toBe(restStats.vm);
    expect(stats.memoryUsedBytes).toBeTypeOf('bigint');
    expect(stats.intervalMs).toBeGreaterThanOrEqual(250n);
    expect(timestamps(stats.sampledAt)).toBeGreaterThan(0);

    const refused = await grpcFailure(manage().deleteVm({ name: 'r1' }));
    expect(refused).toMatchObject({ code: Code.FailedPrecondition, reason: 'VM_INVALID_STATE' });
    expect(await manage().deleteVm({ name: 'r1', force: true })).toMatchObject({ name: 'r1', deleted: true });
    expect((await a.rest('GET', '/vms/r1')).status).toBe(404);
    expect(await grpcFailure(manage().deleteVm({ name: 'r1' }))).toMatchObject({
      code: Code.NotFound,
      reason: 'VM_NOT_FOUND',
    });
    const bad = await grpcFailure(manage().deleteVm({ name: 'bad name' }));
    expect(bad).toMatchObject({ code: Code.InvalidArgument, reason: 'VALIDATION_ERROR' });
    expect(bad.metadata.field).toBe('name');
  });

  it('CloneVm answers the new VM for a linked clone and the operation for a full copy', async () => {
    await vm('c1');
    const linked = await manage().cloneVm({ name: 'c1', clone: { name: 'c1-linked', linked: true } });
    expect(linked.result.case).toBe('vm');
    const made = linked.result.case === 'vm' ? linked.result.value : undefined;
    expect(made).toMatchObject({ name: 'c1-linked', state: 'CREATED' });
    expect(made?.uuid).toBe((await a.rest('GET', '/vms/c1-linked')).body.uuid);

    const full = await manage().cloneVm({ name: 'c1', clone: { name: 'c1-full' } });
    expect(full.result.case).toBe('operation');
    const op = full.result.case === 'operation' ? full.result.value : undefined;
    expect(op).toMatchObject({ kind: 'vm.clone', resource: 'vm/c1' });
    expect(await settled(a, op?.id ?? '')).toMatchObject({
      status: 'succeeded',
      result: { name: 'c1-full' },
    });

    expect(await grpcFailure(manage().cloneVm({ name: 'c1', clone: { name: 'c1-full' } }))).toMatchObject({
      code: Code.AlreadyExists,
      reason: 'VM_ALREADY_EXISTS',
    });
    const bad = await grpcFailure(manage().cloneVm({ name: 'c1', clone: { name: '-x' } }));
    expect(bad).toMatchObject({ code: Code.InvalidArgument });
    expect(bad.metadata.field).toBe('name');
    expect(await grpcFailure(manage().cloneVm({ name: 'ghost', clone: { name: 'g' } }))).toMatchObject({
      code: Code.NotFound,
      reason: 'VM_NOT_FOUND',
    });
  });

  it('SnapshotService: disk-only snapshots at once, with memory as operations, as REST lists them', async () => {
    await vm('s1');
    const created = await snaps().createSnapshot({
      name: 's1',
      snapshot: { name: 'base', description: 'fresh' },
    });
    expect(created.result.case).toBe('snapshot');
    const { snapshots } = await snaps(a, reader).listSnapshots({ name: 's1' });
    const [rest] = (await a.rest('GET', '/vms/s1/snapshots')).body.snapshots;
    expect(snapshots).toHaveLength(1);
    expect(snapshots[0]).toMatchObject({
      vm: rest.vm,
      name: rest.name,
      description: rest.description,
      includeMemory: false,
      vmState: rest.vm_state,
      cpu: { count: rest.cpu.count },
      memory: { size: rest.memory.size },
      boot: { kernel: 'vmlinuz' },
    });
    expect(timestamps(snapshots[0]?.createdAt)).toBe(Math.floor(Date.parse(rest.created_at) / 1000));

    expect(
      await grpcFailure(snaps().createSnapshot({ name: 's1', snapshot: { name: 'base' } })),
    ).toMatchObject({ code: Code.AlreadyExists, reason: 'SNAPSHOT_ALREADY_EXISTS' });
    const bad = await grpcFailure(snaps().createSnapshot({ name: 's1', snapshot: { name: '1x' } }));
    expect(bad.metadata.field).toBe('name');

    const restored = await snaps().restoreSnapshot({ name: 's1', snap: 'base' });
    expect(restored.result.case).toBe('restored');
    expect(restored.result.value).toMatchObject({
      snapshot: { name: 'base' },
      vm: { name: 's1', state: 'CREATED' },
    });
    expect(await grpcFailure(snaps().restoreSnapshot({ name: 's1', snap: 'nope' }))).toMatchObject({
      code: Code.NotFound,
      reason: 'SNAPSHOT_NOT_FOUND',
    });
    const badSnap = await grpcFailure(snaps().deleteSnapshot({ name: 's1', snap: '-' }));
    expect(badSnap).toMatchObject({ code: Code.InvalidArgument });
    expect(badSnap.metadata.field).toBe('snap');

    await vmsOf().startVm({ name: 's1' });
    const memory = await snaps().createSnapshot({
      name: 's1',
      snapshot: { name: 'live', includeMemory: true },
    });
    expect(memory.result.case).toBe('operation');
    const op = memory.result.case === 'operation' ? memory.result.value : undefined;
    expect(op).toMatchObject({ kind: 'vm.snapshot_create', resource: 'vm/s1' });
    expect(await settled(a, op?.id ?? '')).toMatchObject({ status: 'succeeded' });
    const load = await snaps().restoreSnapshot({ name: 's1', snap: 'live' });
    expect(load.result.case).toBe('operation');
    const loading = load.result.case === 'operation' ? load.result.value : undefined;
    expect(await settled(a, loading?.id ?? '')).toMatchObject({ status: 'succeeded' });

    expect(await snaps().deleteSnapshot({ name: 's1', snap: 'base' })).toMatchObject({
      name: 'base',
      deleted: true,
    });
    expect((await a.rest('GET', '/vms/s1/snapshots')).body.snapshots.map((s: any) => s.name)).toEqual([
      'live',
    ]);
  });

  it('MigrationService: the destination prepared and aborted, a migration cancelled', async () => {
    // The destination's side as a source host calls it: a probe file in the shared pool.
    writeFileSync(join(shared, 'in1-disk'), '');
    const probe = { id: '00000000-0000-4000-a000-000000000021', secret: 'b'.repeat(64) };
    writeFileSync(join(shared, `.hv-migration-${probe.id}.probe`), probe.secret);
    const prepared = await migration(b).prepareIncomingMigration({
      name: 'in1',
      uuid: '00000000-0000-4000-8000-000000000021',
      definition: {
        cpu: { count: 1 },
        memory: { size: '64M' },
        devices: { storage: [{ type: 'virtio-blk', path: 'in1-disk' }] },
      },
      images: [{ name: 'in1-disk', format: 'qcow2', poolPath: shared }],
      probe,
    });
    expect(prepared.vm).toMatchObject({ name: 'in1', state: 'INCOMING' });
    expect(prepared.uri).toMatch(new RegExp(`^tcp:.+:${prepared.port}$`));
    expect((await b.rest('GET', '/vms/in1')).body.state).toBe('INCOMING');
    expect(await grpcFailure(migration(b).prepareIncomingMigration({ name: 'in1' }))).toMatchObject({
      code: Code.InvalidArgument,
    });
    expect(await migration(b).abortIncomingMigration({ name: 'in1' })).toMatchObject({
      name: 'in1',
      deleted: true,
    });
    expect((await b.rest('GET', '/vms/in1')).status).toBe(404);
    expect(await grpcFailure(migration(b).abortIncomingMigration({ name: 'in1' }))).toMatchObject({
      code: Code.NotFound,
      reason: 'VM_NOT_FOUND',
    });

    await vm('m1', 'shared');
    await vmsOf().startVm({ name: 'm1' });
    expect(await grpcFailure(migration().cancelMigration({ name: 'm1' }))).toMatchObject({
      code: Code.FailedPrecondition,
      reason: 'MIGRATION_NOT_RUNNING',
    });
    // 64 MiB at 1 MiB/s: a minute, unless cancelled.
    const stream = vmsOf().migrateVm({ name: 'm1', destination: b.url, token: b.token, bandwidth: '1M' });
    const iterator = stream[Symbol.asyncIterator]();
    const first = await iterator.next();
    expect(first.value).toMatchObject({ status: 'running' });
    const cancelling = await migration().cancelMigration({ name: 'm1' });
    expect(cancelling).toMatchObject({
      id: first.value?.operationId,
      kind: 'vm.migrate',
      status: 'cancelling',
    });
    const seen = [];
    for (let step = await iterator.next(); step.done !== true; step = await iterator.next())
      seen.push(step.value);
    expect(seen.at(-1)).toMatchObject({ status: 'cancelled', error: { code: 'OPERATION_CANCELLED' } });
    expect((await a.rest('GET', '/vms/m1')).body.state).toBe('RUNNING');
    expect(await grpcFailure(migration().cancelMigration({ name: 'ghost' }))).toMatchObject({
      code: Code.NotFound,
      reason: 'VM_NOT_FOUND',
    });
  });
});
