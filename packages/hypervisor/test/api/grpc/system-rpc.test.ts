/**
 * SystemService over gRPC against the in-process service: each RPC answers what its /system
 * route answers, read into the same message (a field the message lacks fails the call).
 */
import { fromJson, toJson, type DescMessage, type JsonValue, type MessageShape } from '@bufbuild/protobuf';
import { StructSchema } from '@bufbuild/protobuf/wkt';
import { Code } from '@connectrpc/connect';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CcCapabilitiesSchema,
  ListIommuGroupsResponseSchema,
  SystemInfoSchema,
  SystemService,
  SystemStatsSchema,
} from '../../../src/api/grpc/gen/hypervisor/v1/system_pb.js';
import { startTestService, type TestService } from '../../support/in-process.js';
import { createToken } from '../../support/socket-client.js';
import { grpcClient, grpcFailure } from '../../support/grpc.js';

let service: TestService;
let reader: string;
let other: string;

beforeAll(async () => {
  service = await startTestService();
  const socket = join(service.runDir, 'api.sock');
  reader = await createToken(socket, ['system:read']);
  other = await createToken(socket, ['vm:read']);
});
afterAll(() => service.close());

const system = (token = reader) => grpcClient(SystemService, { url: service.app.grpcUrl ?? '', token });

async function rest(url: string): Promise<JsonValue> {
  const response = await service.app.inject({
    method: 'GET',
    url: `/api/v1${url}`,
    headers: { authorization: `Bearer ${reader}` },
  });
  expect(response.statusCode).toBe(200);
  return response.json<JsonValue>();
}

function expectSame<D extends DescMessage>(schema: D, answer: MessageShape<D>, restJson: JsonValue): void {
  expect(toJson(schema, answer)).toEqual(toJson(schema, fromJson(schema, restJson)));
}

describe('SystemService', () => {
  it('answers GetSystemInfo as GET /system/info, its tls object included', async () => {
    const info = await system().getSystemInfo({});
    expect(info.driver).toBe('simulated');
    expect(info.tls).toMatchObject({ enabled: false, selfSigned: false });
    expect(info.tls?.fingerprint).toBeUndefined();
    expectSame(SystemInfoSchema, info, await rest('/system/info'));
  });

  it('answers GetConfidentialComputing, ListIommuGroups and GetSystemConfig as REST', async () => {
    expectSame(CcCapabilitiesSchema, await system().getConfidentialComputing({}), await rest('/system/cc'));
    expectSame(
      ListIommuGroupsResponseSchema,
      await system().listIommuGroups({}),
      await rest('/system/iommu'),
    );
    const config = await system().getSystemConfig({});
    expect(toJson(StructSchema, config)).toEqual(await rest('/system/config'));
    expect(toJson(StructSchema, config)).toMatchObject({ driver: 'simulated', grpc_port: 0 });
  });

  it('answers GetSystemStats with the same host figures as GET /system/stats', async () => {
    const stats = await system().getSystemStats({});
    const restStats = fromJson(SystemStatsSchema, await rest('/system/stats'));
    // CPU use and load move between two samples; the host's sizes and the pools do not.
    expect(stats.memory?.totalBytes).toBe(restStats.memory?.totalBytes);
    expect(stats.storagePools.map((p) => [p.name, p.path, p.totalBytes])).toEqual(
      restStats.storagePools.map((p) => [p.name, p.path, p.totalBytes]),
    );
    expect(stats.runningVms).toBe(restStats.runningVms);
    expect(stats.cpu?.intervalMs).toBeGreaterThan(0);
    expect(stats.sampledAt).toBeDefined();
  });

  it('needs system:read', async () => {
    const denied = await grpcFailure(system(other).getSystemInfo({}));
    expect(denied).toMatchObject({ code: Code.PermissionDenied, reason: 'FORBIDDEN' });
    expect(denied.metadata.required_scope).toBe('system:read');
  });
});
