/**
 * TokenService over gRPC against the in-process service: the same tokens as REST's /tokens, the
 * token shown once in CreateToken's answer, TOKEN_EXISTS as ALREADY_EXISTS, scope admin.
 */
import { join } from 'node:path';
import { fromJson, toJson, type JsonValue } from '@bufbuild/protobuf';
import { Code } from '@connectrpc/connect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListTokensResponseSchema, TokenService } from '../../../src/api/grpc/gen/hypervisor/v1/token_pb.js';
import { startTestService, type TestService } from '../../support/in-process.js';
import { createToken, socketRequest } from '../../support/socket-client.js';
import { grpcClient, grpcFailure } from '../../support/grpc.js';

let service: TestService;
let admin: string;
let reader: string;

beforeAll(async () => {
  service = await startTestService();
  const socket = join(service.runDir, 'api.sock');
  admin = await createToken(socket, ['admin']);
  reader = await createToken(socket, ['system:read']);
});
afterAll(() => service.close());

const tokens = (token = admin) => grpcClient(TokenService, { url: service.app.grpcUrl ?? '', token });

async function rest(method: 'GET' | 'POST', url: string, token: string, body?: object) {
  const response = await service.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { payload: body }),
  });
  return { status: response.statusCode, json: () => response.json<JsonValue>() };
}

describe('TokenService', () => {
  it('creates a token that works over REST, lists it as REST does, and revokes it', async () => {
    const made = await tokens().createToken({ name: 'ci', scopes: ['system:read'], expiresInDays: 7 });
    expect(made.token).toMatch(/^hvt_/);
    expect(made).toMatchObject({ name: 'ci', scopes: ['system:read'] });
    expect(made.lastUsedAt).toBeUndefined();
    const days = (Number(made.expiresAt?.seconds) - Number(made.createdAt?.seconds)) / 86_400;
    expect(Math.round(days)).toBe(7);
    expect((await rest('GET', '/system/info', made.token)).status).toBe(200);

    const listed = await tokens().listTokens({});
    const restList = await rest('GET', '/tokens', admin);
    expect(toJson(ListTokensResponseSchema, listed)).toEqual(
      toJson(ListTokensResponseSchema, fromJson(ListTokensResponseSchema, restList.json())),
    );
    expect(listed.tokens.map((t) => t.name)).toContain('ci');

    expect(await tokens().deleteToken({ name: 'ci' })).toMatchObject({ name: 'ci', revoked: true });
    expect((await rest('GET', '/system/info', made.token)).status).toBe(401);
    expect(await grpcFailure(tokens().deleteToken({ name: 'ci' }))).toMatchObject({
      code: Code.NotFound,
      reason: 'TOKEN_NOT_FOUND',
    });
  });

  it('maps TOKEN_EXISTS to ALREADY_EXISTS and names a bad field as REST does', async () => {
    await tokens().createToken({ name: 'twice', scopes: ['vm:read'] });
    expect(await grpcFailure(tokens().createToken({ name: 'twice', scopes: ['vm:read'] }))).toMatchObject({
      code: Code.AlreadyExists,
      reason: 'TOKEN_EXISTS',
      domain: 'hypervisor',
    });
    const bad = await grpcFailure(tokens().createToken({ name: 'odd', scopes: ['vm:fly'] }));
    expect(bad).toMatchObject({ code: Code.InvalidArgument, reason: 'VALIDATION_ERROR' });
    const restBad = (await rest('POST', '/tokens', admin, { name: 'odd', scopes: ['vm:fly'] })).json() as {
      error: { details: { field: string } };
    };
    expect(bad.metadata.field).toBe(restBad.error.details.field);
    expect(bad.metadata.field).toMatch(/^scopes/);
    const lifetime = await grpcFailure(
      tokens().createToken({ name: 'old', scopes: ['vm:read'], expiresInDays: 0 }),
    );
    expect(lifetime.metadata.field).toBe('expires_in_days');
  });

  it('needs admin, and audits each call with transport grpc', async () => {
    const denied = await grpcFailure(tokens(reader).listTokens({}));
    expect(denied).toMatchObject({ code: Code.PermissionDenied, reason: 'FORBIDDEN' });
    expect(denied.metadata.required_scope).toBe('admin');
    await tokens().createToken({ name: 'audited', scopes: ['vm:read'] });
    const audit = await socketRequest(
      join(service.runDir, 'api.sock'),
      'GET',
      '/api/v1/audit/events?limit=50',
    );
    const rows = (audit.body as { events: Record<string, unknown>[] }).events;
    expect(rows).toContainEqual(
      expect.objectContaining({
        transport: 'grpc',
        path: '/hypervisor.v1.TokenService/CreateToken',
        outcome: 'success',
        status: 201,
      }),
    );
    expect(rows).toContainEqual(
      expect.objectContaining({
        transport: 'grpc',
        path: '/hypervisor.v1.TokenService/ListTokens',
        outcome: 'denied',
      }),
    );
  });
});
