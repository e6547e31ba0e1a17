/**
 * The scope matrix over every RPC the service serves (read from `rpcServices`, so a service added
 * later is covered as it lands): without a token and with a bad one UNAUTHENTICATED; with a token
 * holding every scope except those that satisfy the RPC's rule PERMISSION_DENIED (FORBIDDEN,
 * naming the scope); with the needed scope neither (the empty request then fails validation, or
 * finds nothing, or a stream runs into its short deadline: anything but a refusal).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { create, type DescMethod, type DescService } from '@bufbuild/protobuf';
import { Code, ConnectError, createClient, type Transport } from '@connectrpc/connect';
import { createGrpcTransport } from '@connectrpc/connect-node';
import { createLogger, hasScope, type Access } from '@lab/server-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorInfoSchema } from '../../../src/api/grpc/gen/google/rpc/error_details_pb.js';
import { rpcServices } from '../../../src/api/grpc/services.js';
import { SCOPES } from '../../../src/api/scopes.js';
import { createCore, type Core } from '../../../src/core.js';
import { createSimulatedDriver } from '../../../src/drivers/simulated/simulated-driver.js';
import { openStore } from '../../../src/store/database.js';
import { startTestService, testServeConfig, type TestService } from '../../support/in-process.js';
import { createToken } from '../../support/socket-client.js';

interface Rpc {
  name: string;
  service: DescService;
  method: DescMethod;
  access: Exclude<Access, 'public'>;
}

let service: TestService;
let core: Core;
let dir: string;
const rpcs: Rpc[] = [];
const publicRpcs: string[] = [];

beforeAll(async () => {
  service = await startTestService();
  dir = mkdtempSync(join(tmpdir(), 'hv-scope-matrix-'));
  const config = testServeConfig(dir);
  // A core of its own, never started: only to read the RPC definitions, as the parity test does.
  core = await createCore(
    { db: openStore(config.dataDir), logger: createLogger({ service: 'matrix', level: 'silent' }), config },
    { driver: createSimulatedDriver() },
  );
  for (const { service: descriptor, rpcs: definitions } of rpcServices(core)) {
    for (const [localName, definition] of Object.entries(definitions)) {
      const method = descriptor.methods.find((m) => m.localName === localName);
      if (method === undefined) throw new Error(`${descriptor.typeName} has no method ${localName}`);
      const name = `${descriptor.typeName}/${method.name}`;
      if (definition.access === 'public') publicRpcs.push(name);
      else rpcs.push({ name, service: descriptor, method, access: definition.access });
    }
  }
});

afterAll(async () => {
  await core.close();
  await service.close();
  rmSync(dir, { recursive: true, force: true });
});

const accepted = (access: Rpc['access']): readonly string[] =>
  'scope' in access ? [access.scope] : access.anyOf;

/** Every scope of the catalogue that satisfies none of the accepted ones (so never `admin`). */
const allBut = (scopes: readonly string[]): string[] =>
  SCOPES.filter((granted) => !scopes.some((scope) => hasScope([granted], scope)));

const tokens = new Map<string, Promise<string>>();
function tokenWith(scopes: readonly string[]): Promise<string> {
  const key = [...scopes].sort().join(' ');
  let token = tokens.get(key);
  if (token === undefined) {
    token = createToken(join(service.runDir, 'api.sock'), scopes);
    tokens.set(key, token);
  }
  return token;
}

interface Outcome {
  code: Code | 'ok';
  reason: string | undefined;
  metadata: Record<string, string>;
}

let transport: Transport | undefined;

/** One call of the RPC with an empty request message; streams read until their first message. */
async function call(rpc: Rpc, token?: string): Promise<Outcome> {
  transport ??= createGrpcTransport({ baseUrl: (service.app.grpcUrl ?? '').replace(/^grpc:/, 'http:') });
  const client = createClient(rpc.service, transport) as unknown as Record<
    string,
    (request: unknown, options: object) => Promise<unknown> | AsyncIterable<unknown>
  >;
  const options = {
    timeoutMs: 1_500,
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  };
  try {
    const answer = client[rpc.method.localName]?.(create(rpc.method.input), options);
    if (rpc.method.methodKind === 'server_streaming') {
      for await (const message of answer as AsyncIterable<unknown>) {
        if (message !== undefined) break;
      }
    } else {
      await answer;
    }
    return { code: 'ok', reason: undefined, metadata: {} };
  } catch (error) {
    const failure = ConnectError.from(error);
    const [info] = failure.findDetails(ErrorInfoSchema);
    return { code: failure.code, reason: info?.reason, metadata: info?.metadata ?? {} };
  }
}

describe('the scope matrix over every RPC', { timeout: 120_000 }, () => {
  it('covers the RPCs of every registered service', () => {
    expect(rpcs.map((rpc) => rpc.name)).toContain('hypervisor.v1.VmService/GetVm');
    expect(rpcs.length).toBeGreaterThanOrEqual(9);
  });

  it('refuses every RPC without a token and with a bad one: UNAUTHENTICATED', async () => {
    const bad = `hvt_${'A'.repeat(43)}`;
    for (const rpc of rpcs) {
      for (const token of [undefined, bad, 'not-a-token']) {
        const outcome = await call(rpc, token);
        expect({ rpc: rpc.name, code: outcome.code, reason: outcome.reason }).toEqual({
          rpc: rpc.name,
          code: Code.Unauthenticated,
          reason: 'UNAUTHORIZED',
        });
      }
    }
  });

  it('refuses every RPC to a token with every scope but the needed ones: PERMISSION_DENIED, FORBIDDEN', async () => {
    for (const rpc of rpcs) {
      const scopes = accepted(rpc.access);
      const outcome = await call(rpc, await tokenWith(allBut(scopes)));
      expect({ rpc: rpc.name, code: outcome.code, reason: outcome.reason }).toEqual({
        rpc: rpc.name,
        code: Code.PermissionDenied,
        reason: 'FORBIDDEN',
      });
      expect(scopes).toContain(outcome.metadata.required_scope);
    }
  });

  it('lets every RPC through to a token with (only) the needed scope, for each scope it accepts', async () => {
    for (const rpc of rpcs) {
      for (const scope of accepted(rpc.access)) {
        const outcome = await call(rpc, await tokenWith([scope]));
        const refusals: (Code | 'ok')[] = [Code.Unauthenticated, Code.PermissionDenied];
        expect(refusals, `${rpc.name} with ${scope}: ${String(outcome.reason)}`).not.toContain(outcome.code);
      }
    }
  });
});
