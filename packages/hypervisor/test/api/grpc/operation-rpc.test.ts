/**
 * OperationService over gRPC against the in-process service: operations:read lists them, and an
 * operation is read (cancelled) with operations:read (write) or its resource's own read (write)
 * scope, the rest refused as REST refuses them, checked side by side with the REST answer. The
 * storage operation is a real `qemu-img check`; the VM one a graceful stop (simulated driver).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { equals, fromJson, type JsonValue } from '@bufbuild/protobuf';
import { Code } from '@connectrpc/connect';
import { requireTools } from '@lab/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OperationSchema, OperationService } from '../../../src/api/grpc/gen/hypervisor/v1/operation_pb.js';
import { startTestService, type TestService } from '../../support/in-process.js';
import { createToken, socketApi } from '../../support/socket-client.js';
import { grpcClient, grpcFailure } from '../../support/grpc.js';
import { until } from '../../support/until.js';

const ready = requireTools(['qemu-img']);
let service: TestService;
const tokens = new Map<string, string>();
let diskCheck: string;
let vmStop: string;

const operations = (scope: string) =>
  grpcClient(OperationService, { url: service.app.grpcUrl ?? '', token: tokens.get(scope)! });
const rest = (method: string, path: string, body?: unknown) => socketApi(service.runDir, method, path, body);

/** The same call over REST with a scope's token: its status and body. */
async function restAs(scope: string, method: string, path: string) {
  const answer = await service.app.inject({
    method: method as 'GET' | 'POST',
    url: `/api/v1${path}`,
    headers: { authorization: `Bearer ${tokens.get(scope)}` },
  });
  return { status: answer.statusCode, body: answer.json<Record<string, any>>() };
}

async function ended(id: string): Promise<void> {
  await until(`operation ${id} to end`, async () => {
    const { body } = await rest('GET', `/operations/${id}`);
    return ['succeeded', 'failed', 'cancelled'].includes(body.status);
  });
}

beforeAll(async () => {
  service = await startTestService();
  const socket = join(service.runDir, 'api.sock');
  for (const scope of [
    'operations:read',
    'operations:write',
    'storage:read',
    'storage:write',
    'vm:read',
    'vm:write',
    'system:read',
  ]) {
    tokens.set(scope, await createToken(socket, [scope]));
  }
  if (!ready.skip) {
    expect((await rest('POST', '/storage', { name: 'd1', size: '8M' })).status).toBe(201);
    diskCheck = (await rest('POST', '/storage/d1/check')).body.id;
    await ended(diskCheck);
  }
  mkdirSync(join(service.dataDir, 'boot'), { recursive: true });
  writeFileSync(join(service.dataDir, 'boot', 'vmlinuz'), 'kernel');
  const vm = { name: 'vm1', cpu: { count: 1 }, memory: { size: '64M' }, boot: { kernel: 'vmlinuz' } };
  expect((await rest('POST', '/vms', vm)).status).toBe(201);
  expect((await rest('POST', '/vms/vm1/start')).status).toBe(200);
  vmStop = (await rest('POST', '/vms/vm1/stop')).body.id;
  await ended(vmStop);
});
afterAll(() => service?.close());

describe('OperationService', () => {
  it('lists operations with operations:read, as REST lists them', async () => {
    const { operations: listed } = await operations('operations:read').listOperations({});
    const { body } = await restAs('operations:read', 'GET', '/operations');
    expect(listed.map((op) => op.id)).toEqual((body.operations as { id: string }[]).map((op) => op.id));
    expect(listed.map((op) => op.id)).toContain(vmStop);
    (body.operations as JsonValue[]).forEach((op, i) =>
      expect(equals(OperationSchema, listed[i]!, fromJson(OperationSchema, op))).toBe(true),
    );
    const denied = await grpcFailure(operations('storage:read').listOperations({}));
    expect(denied).toMatchObject({ code: Code.PermissionDenied, reason: 'FORBIDDEN' });
    expect(denied.metadata.required_scope).toBe('operations:read');
  });

  it.skipIf(ready.skip)(
    'reads a storage operation with storage:read or operations:read; vm:read is refused as REST refuses it',
    async () => {
      for (const scope of ['storage:read', 'storage:write', 'operations:read']) {
        const op = await operations(scope).getOperation({ id: diskCheck });
        expect(op, scope).toMatchObject({ id: diskCheck, kind: 'disk.check', resource: 'storage/d1' });
        const viewed = await restAs(scope, 'GET', `/operations/${diskCheck}`);
        expect(equals(OperationSchema, op, fromJson(OperationSchema, viewed.body as JsonValue))).toBe(true);
      }
      const viewed = await restAs('vm:read', 'GET', `/operations/${diskCheck}`);
      expect(viewed.status).toBe(403);
      const refused = await grpcFailure(operations('vm:read').getOperation({ id: diskCheck }));
      expect(refused).toMatchObject({ code: Code.PermissionDenied, reason: viewed.body.error.code });
      expect(refused.metadata.required_scope).toBe('storage:read');
      expect(refused.metadata.required_scope).toBe(viewed.body.error.details.required_scope);
      expect(JSON.parse(refused.metadata.accepted_scopes ?? '')).toEqual(
        viewed.body.error.details.accepted_scopes,
      );
    },
  );

  it('reads a VM operation with vm:read, and refuses storage:read', async () => {
    expect(await operations('vm:read').getOperation({ id: vmStop })).toMatchObject({
      kind: 'vm.stop',
      resource: 'vm/vm1',
      status: 'succeeded',
    });
    const refused = await grpcFailure(operations('storage:read').getOperation({ id: vmStop }));
    expect(refused).toMatchObject({ code: Code.PermissionDenied });
    expect(refused.metadata.required_scope).toBe('vm:read');
  });

  it('tells an unknown id apart only to a caller who may read some operation; a bad id names the field', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(await grpcFailure(operations('storage:read').getOperation({ id: unknown }))).toMatchObject({
      code: Code.NotFound,
      reason: 'OPERATION_NOT_FOUND',
    });
    const refused = await grpcFailure(operations('system:read').getOperation({ id: unknown }));
    expect(refused).toMatchObject({ code: Code.PermissionDenied, reason: 'FORBIDDEN' });
    expect((await restAs('system:read', 'GET', `/operations/${unknown}`)).status).toBe(403);
    const invalid = await grpcFailure(operations('operations:read').getOperation({ id: 'not-a-uuid' }));
    expect(invalid).toMatchObject({ code: Code.InvalidArgument, reason: 'VALIDATION_ERROR' });
    expect(invalid.metadata.field).toBe('id');
  });

  it('cancels with the write scope only: an ended operation is FAILED_PRECONDITION, a read scope PERMISSION_DENIED', async () => {
    for (const scope of ['vm:write', 'operations:write']) {
      expect(await grpcFailure(operations(scope).cancelOperation({ id: vmStop })), scope).toMatchObject({
        code: Code.FailedPrecondition,
        reason: 'OPERATION_NOT_RUNNING',
      });
    }
    for (const scope of ['vm:read', 'storage:write']) {
      const refused = await grpcFailure(operations(scope).cancelOperation({ id: vmStop }));
      expect(refused, scope).toMatchObject({ code: Code.PermissionDenied, reason: 'FORBIDDEN' });
      expect((await restAs(scope, 'POST', `/operations/${vmStop}/cancel`)).status, scope).toBe(403);
    }
  });
});
