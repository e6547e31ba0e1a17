/**
 * `PqcService` (the spec's status, key generation and attestation) and `PqcKeyService` (the rest
 * of the PQC routes), each RPC calling the PQC, key or attestation core as its REST route does.
 * A key REST answers 202 with an operation for (an SLH-DSA pair) is waited for within the call;
 * the self-test and the benchmark answer their operations, as REST does.
 */
import type { Core } from '../../core.js';
import { AttestRequestSchema, VerifyRequestSchema } from '../../domain/attestation.js';
import {
  KeyCreateSchema,
  KeyRotateSchema,
  type KeyAnswer,
  type PublicKeyView,
} from '../../domain/key-service.js';
import { BenchmarkRequestSchema, SelfTestRequestSchema } from '../../domain/pqc-service.js';
import { PublicKeyQuery } from '../pqc-routes.js';
import { ResourceNameParams, VmNameParams } from '../schemas.js';
import { PqcKeyService, PqcService } from './gen/hypervisor/v1/pqc_pb.js';
import { defineRpcService, unary, type RpcCall } from './rpc.js';
import { settledResult } from './settle.js';

const READ = { scope: 'pqc:read' } as const;
const WRITE = { scope: 'pqc:write' } as const;

/** The key made at once, or the one its operation makes. */
async function keyOf(core: Core, answer: KeyAnswer, call: RpcCall): Promise<unknown> {
  return 'operation' in answer ? settledResult(core.operations, answer.operation, call) : answer.key;
}

export function pqcRpcs(core: Core) {
  const { pqc, keys, attestation } = core;
  return defineRpcService(PqcService, {
    getStatus: unary({ route: 'GET /pqc/status', access: READ }, () => pqc.status()),
    generateKey: unary({ route: 'POST /pqc/keys', access: WRITE, body: KeyCreateSchema }, ({ body }, call) =>
      keyOf(core, keys.create(body, { ...call.audit, status: 201 }), call),
    ),
    attest: unary(
      { route: 'POST /vms/{name}/attest', access: WRITE, params: VmNameParams, body: AttestRequestSchema },
      ({ params, body }, call) => attestation.attest(params.name, body, call.audit),
    ),
  });
}

export function pqcKeyRpcs(core: Core) {
  const { pqc, keys, attestation } = core;
  return defineRpcService(PqcKeyService, {
    listKeys: unary({ route: 'GET /pqc/keys', access: READ }, () => ({ keys: keys.list() })),
    getKey: unary({ route: 'GET /pqc/keys/{name}', access: READ, params: ResourceNameParams }, ({ params }) =>
      keys.get(params.name),
    ),
    deleteKey: unary(
      { route: 'DELETE /pqc/keys/{name}', access: WRITE, params: ResourceNameParams },
      ({ params }, call) => {
        keys.delete(params.name, call.audit);
        return { name: params.name, deleted: true };
      },
    ),
    rotateKey: unary(
      {
        route: 'POST /pqc/keys/{name}/rotate',
        access: WRITE,
        params: ResourceNameParams,
        body: KeyRotateSchema,
      },
      ({ params, body }, call) =>
        keyOf(core, keys.rotate(params.name, body?.revoke_previous ?? false, call.audit), call),
    ),
    exportPublicKey: unary(
      {
        route: 'GET /pqc/keys/{name}/public',
        access: READ,
        params: ResourceNameParams,
        query: PublicKeyQuery,
      },
      ({ params, query }) => {
        // REST answers `pem` as the file alone; the message carries the key's facts beside it.
        const { format = 'raw', version } = query;
        const raw = keys.publicKey(params.name, 'raw', version) as PublicKeyView;
        if (format === 'raw') return raw;
        const { name, algorithm, oid } = raw;
        const pem = keys.publicKey(params.name, 'pem', version);
        return { name, version: raw.version, algorithm, oid, format, pem };
      },
    ),
    runSelfTest: unary(
      { route: 'POST /pqc/self-test', access: WRITE, body: SelfTestRequestSchema },
      ({ body }, call) => pqc.selfTest(body?.algorithms, { ...call.audit, status: 202 }),
    ),
    runBenchmark: unary(
      { route: 'POST /pqc/benchmark', access: WRITE, body: BenchmarkRequestSchema },
      ({ body }, call) => pqc.benchmark(body, { ...call.audit, status: 202 }),
    ),
    verifyAttestation: unary(
      { route: 'POST /pqc/verify', access: READ, body: VerifyRequestSchema },
      ({ body }) => attestation.verify(body),
    ),
  });
}
