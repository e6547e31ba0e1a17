/**
 * PqcService and PqcKeyService over gRPC against the in-process service: each RPC answers what its
 * REST route answers, the key errors come out with their gRPC codes and ErrorInfo, an SLH-DSA key
 * is waited for within the call (and cancelled with it), and a report signed over one transport
 * verifies over the other.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fromJson, toJson, type DescMessage, type JsonValue, type MessageShape } from '@bufbuild/protobuf';
import { Code } from '@connectrpc/connect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OperationSchema } from '../../../src/api/grpc/gen/hypervisor/v1/operation_pb.js';
import {
  AttestReportSchema,
  ExportPublicKeyResponseSchema,
  KeyInfoSchema,
  ListKeysResponseSchema,
  PqcKeyService,
  PqcService,
  PqcStatusSchema,
  VerifyAttestationResponseSchema,
} from '../../../src/api/grpc/gen/hypervisor/v1/pqc_pb.js';
import { startTestService, type TestService } from '../../support/in-process.js';
import { createToken } from '../../support/socket-client.js';
import { grpcClient, grpcFailure } from '../../support/grpc.js';
import { until } from '../../support/until.js';
import { corruptedVectors } from '../../support/vectors.js';

let service: TestService;
let writer: string;
let reader: string;

const NONCE = Buffer.from('challenge-0123456789').toString('base64');
const VM = { name: 'web1', cpu: { count: 1 }, memory: { size: '64M' }, boot: { kernel: 'vmlinuz' } };

function writeBootFiles(dataDir: string): void {
  mkdirSync(join(dataDir, 'boot'), { recursive: true });
  writeFileSync(join(dataDir, 'boot', 'vmlinuz'), 'kernel bytes');
}

async function rest(target: TestService, method: 'GET' | 'POST', url: string, token: string, body?: unknown) {
  const response = await target.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { payload: body as object }),
  });
  return { status: response.statusCode, text: response.body, json: () => response.json<JsonValue>() };
}

/** The gRPC answer equals REST's, read into the same message (a field the message lacks fails). */
function expectSame<D extends DescMessage>(schema: D, answer: MessageShape<D>, restJson: JsonValue): void {
  expect(toJson(schema, answer)).toEqual(toJson(schema, fromJson(schema, restJson)));
}

const target = (token: string) => ({ url: service.app.grpcUrl ?? '', token });
const pqcOf = (token = writer) => grpcClient(PqcService, target(token));
const keysOf = (token = writer) => grpcClient(PqcKeyService, target(token));

beforeAll(async () => {
  service = await startTestService();
  writeBootFiles(service.dataDir);
  const socket = join(service.runDir, 'api.sock');
  writer = await createToken(socket, ['pqc:write', 'vm:write', 'operations:read']);
  reader = await createToken(socket, ['pqc:read']);
  expect((await rest(service, 'POST', '/vms', writer, VM)).status).toBe(201);
  expect((await rest(service, 'POST', '/vms/web1/start', writer)).status).toBe(200);
});
afterAll(() => service.close());

describe('PqcService', () => {
  it('answers GetStatus as GET /pqc/status', async () => {
    const status = await pqcOf(reader).getStatus({});
    expect(status.available).toBe(true);
    expectSame(PqcStatusSchema, status, (await rest(service, 'GET', '/pqc/status', reader)).json());
  });

  it('generates an ML-DSA key at once and reads it as REST does', async () => {
    const key = await pqcOf().generateKey({ name: 'k1', algorithm: 'ML-DSA-65', purpose: 'signing' });
    expect(key).toMatchObject({ name: 'k1', algorithm: 'ML-DSA-65', version: 1 });
    expectSame(KeyInfoSchema, key, (await rest(service, 'GET', '/pqc/keys/k1', reader)).json());
    expectSame(
      KeyInfoSchema,
      await keysOf(reader).getKey({ name: 'k1' }),
      (await rest(service, 'GET', '/pqc/keys/k1', reader)).json(),
    );
    expectSame(
      ListKeysResponseSchema,
      await keysOf(reader).listKeys({}),
      (await rest(service, 'GET', '/pqc/keys', reader)).json(),
    );
  });

  it('maps KEY_ALREADY_EXISTS, KEY_NOT_FOUND and a bad field to their codes', async () => {
    await pqcOf().generateKey({ name: 'dup', algorithm: 'ML-KEM-768', purpose: 'kem' });
    expect(
      await grpcFailure(pqcOf().generateKey({ name: 'dup', algorithm: 'ML-KEM-768', purpose: 'kem' })),
    ).toMatchObject({ code: Code.AlreadyExists, reason: 'KEY_ALREADY_EXISTS', domain: 'hypervisor' });
    expect(await grpcFailure(keysOf(reader).getKey({ name: 'nope' }))).toMatchObject({
      code: Code.NotFound,
      reason: 'KEY_NOT_FOUND',
    });
    expect(await grpcFailure(keysOf().rotateKey({ name: 'nope' }))).toMatchObject({
      code: Code.NotFound,
      reason: 'KEY_NOT_FOUND',
    });
    // A purpose that does not take the algorithm: REST's 400 names `algorithm`.
    const mismatch = await grpcFailure(
      pqcOf().generateKey({ name: 'k2', algorithm: 'ML-KEM-768', purpose: 'signing' }),
    );
    expect(mismatch).toMatchObject({ code: Code.InvalidArgument, reason: 'VALIDATION_ERROR' });
    expect(mismatch.metadata.field).toBe('algorithm');
    const restMismatch = await rest(service, 'POST', '/pqc/keys', writer, {
      name: 'k2',
      algorithm: 'ML-KEM-768',
      purpose: 'signing',
    });
    expect(restMismatch.json()).toMatchObject({ error: { details: { field: 'algorithm' } } });
    expect(
      (
        await grpcFailure(
          pqcOf(reader).generateKey({ name: 'k3', algorithm: 'ML-DSA-44', purpose: 'signing' }),
        )
      ).metadata.required_scope,
    ).toBe('pqc:write');
  });

  it(
    'waits for an SLH-DSA key generation, which REST answers 202 with an operation',
    { timeout: 60_000 },
    async () => {
      const key = await pqcOf().generateKey({
        name: 'slh',
        algorithm: 'SLH-DSA-SHA2-128f',
        purpose: 'signing',
      });
      expect(key).toMatchObject({ name: 'slh', algorithm: 'SLH-DSA-SHA2-128f', version: 1 });
      expectSame(KeyInfoSchema, key, (await rest(service, 'GET', '/pqc/keys/slh', reader)).json());
      const rotated = await keysOf().rotateKey({ name: 'slh', revokePrevious: true });
      expect(rotated.version).toBe(2);
      expect(rotated.versions[0]?.revokedAt).toBeDefined();
      expectSame(KeyInfoSchema, rotated, (await rest(service, 'GET', '/pqc/keys/slh', reader)).json());
    },
  );

  it(
    'cancels the generation when the deadline passes first: nothing is stored',
    { timeout: 60_000 },
    async () => {
      // SLH-DSA-SHA2-128s's pairwise test signs for seconds.
      const late = await grpcFailure(
        pqcOf().generateKey(
          { name: 'late', algorithm: 'SLH-DSA-SHA2-128s', purpose: 'signing' },
          { timeoutMs: 300 },
        ),
      );
      expect(late.code).toBe(Code.DeadlineExceeded);
      const op = await until('the cancelled generation', async () => {
        const { operations } = (await rest(service, 'GET', '/operations', writer)).json() as {
          operations: { resource: string; status: string }[];
        };
        const found = operations.find((o) => o.resource === 'pqc-key/late');
        return found !== undefined && found.status !== 'running' && found.status !== 'cancelling' && found;
      });
      expect(op.status).toBe('cancelled');
      expect((await rest(service, 'GET', '/pqc/keys/late', reader)).status).toBe(404);
    },
  );

  it('signs a report over gRPC that REST verifies, and the reverse', async () => {
    const report = await pqcOf().attest({ name: 'web1', nonce: NONCE });
    expect(report).toMatchObject({ format: 'hv-attestation/1', vm: { name: 'web1' }, nonce: NONCE });
    const asJson = toJson(AttestReportSchema, report, { alwaysEmitImplicit: true, useProtoFieldName: true });
    const checked = await rest(service, 'POST', '/pqc/verify', reader, { report: asJson, nonce: NONCE });
    expect(checked.json()).toMatchObject({ valid: true, reasons: [] });

    const signed = (await rest(service, 'POST', '/vms/web1/attest', writer, { nonce: NONCE })).json() as {
      [key: string]: JsonValue;
    };
    // REST's report reads into the message unchanged.
    expect(
      toJson(AttestReportSchema, fromJson(AttestReportSchema, signed), {
        alwaysEmitImplicit: true,
        useProtoFieldName: true,
      }),
    ).toEqual(signed);
    const verified = await keysOf(reader).verifyAttestation({
      report: signed,
      nonce: NONCE,
      expectedMeasurement: report.measurement?.value ?? '',
    });
    expect(verified).toMatchObject({ valid: true, reasons: [] });

    // A changed field fails the signature over both transports, with the same checks.
    const forged = { ...signed, counter: Number(signed.counter) + 1 };
    const overGrpc = await keysOf(reader).verifyAttestation({ report: forged });
    const overRest = await rest(service, 'POST', '/pqc/verify', reader, { report: forged });
    expect(overGrpc.valid).toBe(false);
    expect(overGrpc.reasons.length).toBeGreaterThan(0);
    expectSame(VerifyAttestationResponseSchema, overGrpc, overRest.json());
  });

  it('refuses to attest a missing VM or with a short nonce', async () => {
    expect(await grpcFailure(pqcOf().attest({ name: 'ghost', nonce: NONCE }))).toMatchObject({
      code: Code.NotFound,
      reason: 'VM_NOT_FOUND',
    });
    const short = await grpcFailure(pqcOf().attest({ name: 'web1', nonce: 'AAAA' }));
    expect(short).toMatchObject({ code: Code.InvalidArgument, reason: 'VALIDATION_ERROR' });
    expect(short.metadata.field).toBe('nonce');
  });
});

describe('PqcKeyService', () => {
  it('exports a public key raw and as PEM, as REST answers it', async () => {
    await pqcOf().generateKey({ name: 'pub', algorithm: 'ML-DSA-44', purpose: 'signing' });
    expectSame(
      ExportPublicKeyResponseSchema,
      await keysOf(reader).exportPublicKey({ name: 'pub' }),
      (await rest(service, 'GET', '/pqc/keys/pub/public', reader)).json(),
    );
    const pem = await keysOf(reader).exportPublicKey({ name: 'pub', format: 'pem', version: 1 });
    const restPem = await rest(service, 'GET', '/pqc/keys/pub/public?format=pem&version=1', reader);
    expect(pem).toMatchObject({ name: 'pub', version: 1, algorithm: 'ML-DSA-44', format: 'pem' });
    expect(pem.publicKey).toBeUndefined();
    expect(pem.pem).toBe(restPem.text);
    expect(await grpcFailure(keysOf(reader).exportPublicKey({ name: 'pub', version: 7 }))).toMatchObject({
      code: Code.NotFound,
      reason: 'KEY_VERSION_NOT_FOUND',
    });
    const format = await grpcFailure(keysOf(reader).exportPublicKey({ name: 'pub', format: 'der' }));
    expect(format).toMatchObject({ code: Code.InvalidArgument, reason: 'VALIDATION_ERROR' });
    expect(format.metadata.field).toBe('format');
  });

  it('deletes a key as REST does', async () => {
    await pqcOf().generateKey({ name: 'gone', algorithm: 'ML-DSA-44', purpose: 'signing' });
    expect(await keysOf().deleteKey({ name: 'gone' })).toMatchObject({ name: 'gone', deleted: true });
    expect((await rest(service, 'GET', '/pqc/keys/gone', reader)).status).toBe(404);
    expect(await grpcFailure(keysOf().deleteKey({ name: 'gone' }))).toMatchObject({
      code: Code.NotFound,
      reason: 'KEY_NOT_FOUND',
    });
  });

  it(
    'starts the self-test and a benchmark as operations, as REST answers them',
    { timeout: 60_000 },
    async () => {
      const test = await keysOf().runSelfTest({ algorithms: ['ML-KEM-512'] });
      expect(test).toMatchObject({ kind: 'pqc.self_test', resource: 'pqc/self-test' });
      const done = await until('the self-test', async () => {
        const op = (await rest(service, 'GET', `/operations/${test.id}`, reader)).json() as {
          status: string;
        };
        return op.status !== 'running' && op;
      });
      expect(done).toMatchObject({ status: 'succeeded', result: { passed: true } });
      const benchmark = await keysOf().runBenchmark({ algorithms: ['ML-KEM-512'], iterations: 2 });
      expect(benchmark).toMatchObject({ kind: 'pqc.benchmark', resource: 'pqc/benchmark' });
      const measured = await until('the benchmark', async () => {
        const op = (await rest(service, 'GET', `/operations/${benchmark.id}`, reader)).json() as JsonValue & {
          status: string;
        };
        return op.status !== 'running' && op;
      });
      // The operation as OperationService's message reads it, from REST's view.
      expect(fromJson(OperationSchema, measured).result?.complete).toBe(true);
      const bounds = await grpcFailure(keysOf().runBenchmark({ iterations: 0 }));
      expect(bounds).toMatchObject({ code: Code.InvalidArgument, reason: 'VALIDATION_ERROR' });
      expect(bounds.metadata.field).toBe('iterations');
    },
  );
});

describe('a failed self-test', () => {
  it('makes PQC calls fail UNAVAILABLE PQC_UNAVAILABLE, as REST answers 503', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hv-pqc-rpc-'));
    const broken = await startTestService({ dir, config: { pqcVectorsDir: corruptedVectors(dir) } });
    try {
      const admin = await createToken(join(broken.runDir, 'api.sock'), ['admin']);
      const at = { url: broken.app.grpcUrl ?? '', token: admin };
      const refusals = [
        await grpcFailure(
          grpcClient(PqcService, at).generateKey({ name: 'k', algorithm: 'ML-DSA-65', purpose: 'signing' }),
        ),
        await grpcFailure(grpcClient(PqcKeyService, at).verifyAttestation({ report: {} })),
      ];
      for (const refusal of refusals) {
        expect(refusal, refusal.message).toMatchObject({ code: Code.Unavailable, reason: 'PQC_UNAVAILABLE' });
        expect(refusal.message).toContain('ML-DSA-65 sigGen tcId');
      }
      const restRefusal = await rest(broken, 'POST', '/pqc/verify', admin, { report: {} });
      expect(restRefusal.status).toBe(503);
      expect((await grpcClient(PqcService, at).getStatus({})).available).toBe(false);
    } finally {
      await broken.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
