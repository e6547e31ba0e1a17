/**
 * VmService over gRPC against the in-process service (simulated driver): the same core as REST,
 * so the same answers, and the catalogue's errors as gRPC statuses with their ErrorInfo.
 */
import { Code } from '@connectrpc/connect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { VmService } from '../../../src/api/grpc/gen/hypervisor/v1/vm_pb.js';
import { simulated, startTestService, type TestService } from '../../support/in-process.js';
import { until } from '../../support/until.js';
import { createToken, socketRequest } from '../../support/socket-client.js';
import { grpcClient, grpcFailure } from '../../support/grpc.js';

let service: TestService;
let writer: string;
let reader: string;

beforeAll(async () => {
  service = await startTestService();
  mkdirSync(join(service.dataDir, 'boot'), { recursive: true });
  writeFileSync(join(service.dataDir, 'boot', 'vmlinuz'), 'kernel');
  const socket = join(service.runDir, 'api.sock');
  writer = await createToken(socket, ['vm:write', 'vm:read', 'audit:read']);
  reader = await createToken(socket, ['vm:read']);
});
afterAll(() => service.close());

const vms = (token?: string) =>
  grpcClient(VmService, { url: service.app.grpcUrl ?? '', ...(token === undefined ? {} : { token }) });
const spec = { cpu: { count: 1 }, memory: { size: '64M' }, boot: { kernel: 'vmlinuz' } };

describe('VmService', () => {
  it('creates, reads and lists a VM as REST shows it', async () => {
    const made = await vms(writer).createVm({ name: 'g1', ...spec });
    expect(made).toMatchObject({ name: 'g1', state: 'CREATED', cpu: { count: 1 }, memory: { size: '64M' } });
    const rest = await service.app.inject({
      method: 'GET',
      url: '/api/v1/vms/g1',
      headers: { authorization: `Bearer ${reader}` },
    });
    const view = rest.json<{ uuid: string; created_at: string }>();
    const read = await vms(reader).getVm({ name: 'g1' });
    expect(read.uuid).toBe(view.uuid);
    expect(read.createdAt?.seconds).toBe(BigInt(Math.floor(Date.parse(view.created_at) / 1000)));
    const { vms: listed } = await vms(reader).listVms({});
    expect(listed.map((vm) => vm.name)).toContain('g1');
  });

  it('walks the lifecycle and refuses a second start with FAILED_PRECONDITION VM_ALREADY_RUNNING', async () => {
    await vms(writer).createVm({ name: 'g2', ...spec });
    expect((await vms(writer).startVm({ name: 'g2' })).state).toBe('RUNNING');
    const again = await grpcFailure(vms(writer).startVm({ name: 'g2' }));
    expect(again).toMatchObject({
      code: Code.FailedPrecondition,
      reason: 'VM_ALREADY_RUNNING',
      domain: 'hypervisor',
    });
    expect((await vms(writer).pauseVm({ name: 'g2' })).state).toBe('PAUSED');
    expect((await vms(writer).resumeVm({ name: 'g2' })).state).toBe('RUNNING');
    expect((await vms(writer).stopVm({ name: 'g2', force: true })).state).toBe('STOPPED');
  });

  it('answers a graceful StopVm with the VM once it stopped', async () => {
    await vms(writer).createVm({ name: 'g3', ...spec });
    await vms(writer).startVm({ name: 'g3' });
    expect((await vms(writer).stopVm({ name: 'g3' })).state).toBe('STOPPED');
  });

  it('fails a graceful StopVm whose operation is cancelled meanwhile: the VM runs on', async () => {
    await vms(writer).createVm({ name: 'g7', ...spec });
    await vms(writer).startVm({ name: 'g7' });
    simulated(service).ignorePowerButton('g7');
    const stopping = grpcFailure(vms(writer).stopVm({ name: 'g7' }));
    const socket = join(service.runDir, 'api.sock');
    const op = await until('the vm.stop operation', async () => {
      const listed = await socketRequest(socket, 'GET', '/api/v1/operations');
      return (
        listed.body as { operations: { id: string; kind: string; resource: string; status: string }[] }
      ).operations.find((o) => o.kind === 'vm.stop' && o.resource === 'vm/g7' && o.status === 'running');
    });
    const cancel = await socketRequest(socket, 'POST', `/api/v1/operations/${op.id}/cancel`);
    expect(cancel.status).toBe(200);
    const failure = await stopping;
    expect(failure).toMatchObject({ code: Code.FailedPrecondition, reason: 'OPERATION_CANCELLED' });
    expect(failure.metadata).toMatchObject({ vm: 'g7', operation: op.id });
    expect((await vms(reader).getVm({ name: 'g7' })).state).toBe('RUNNING');
  });

  it('maps a duplicate name to ALREADY_EXISTS, a missing VM to NOT_FOUND, a bad field to INVALID_ARGUMENT', async () => {
    await vms(writer).createVm({ name: 'g4', ...spec });
    expect(await grpcFailure(vms(writer).createVm({ name: 'g4', ...spec }))).toMatchObject({
      code: Code.AlreadyExists,
      reason: 'VM_ALREADY_EXISTS',
    });
    expect(await grpcFailure(vms(reader).getVm({ name: 'nope' }))).toMatchObject({
      code: Code.NotFound,
      reason: 'VM_NOT_FOUND',
    });
    const invalid = await grpcFailure(vms(writer).createVm({ name: 'bad name', ...spec }));
    expect(invalid).toMatchObject({ code: Code.InvalidArgument, reason: 'VALIDATION_ERROR' });
    expect(invalid.metadata.field).toBe('name');
    const cpu = await grpcFailure(vms(writer).createVm({ ...spec, name: 'g5', cpu: { count: 0 } }));
    expect(cpu.metadata.field).toBe('cpu.count');
  });

  it('asks for a token and its scope, and audits every call with transport grpc', async () => {
    expect(await grpcFailure(vms().listVms({}))).toMatchObject({
      code: Code.Unauthenticated,
      reason: 'UNAUTHORIZED',
    });
    expect(await grpcFailure(vms('hvt_wrong').listVms({}))).toMatchObject({ code: Code.Unauthenticated });
    const denied = await grpcFailure(vms(reader).createVm({ name: 'g6', ...spec }));
    expect(denied).toMatchObject({ code: Code.PermissionDenied, reason: 'FORBIDDEN' });
    expect(denied.metadata.required_scope).toBe('vm:write');
    const audit = await socketRequest(
      join(service.runDir, 'api.sock'),
      'GET',
      '/api/v1/audit/events?limit=50',
    );
    const rows = (
      audit.body as { events: { transport: string; path: string; outcome: string; resource: string }[] }
    ).events;
    expect(rows).toContainEqual(
      expect.objectContaining({
        transport: 'grpc',
        path: '/hypervisor.v1.VmService/CreateVm',
        outcome: 'denied',
        resource: 'vm/g6',
      }),
    );
    expect(rows).toContainEqual(
      expect.objectContaining({
        transport: 'grpc',
        path: '/hypervisor.v1.VmService/StartVm',
        outcome: 'success',
        resource: 'vm/g2',
      }),
    );
  });
});
