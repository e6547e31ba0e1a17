/**
 * The PQC routes: backend status, self-test, benchmark, keys, attestation of a VM and
 * verification of a report. Each handler calls one function of the PQC, key or attestation
 * service; while the self-test has failed, those that use a key or an algorithm answer 503
 * PQC_UNAVAILABLE.
 */
import { defineRoute, documentedError, schemaRef, type RouteSpec } from '@lab/server-kit';
import { Type } from 'typebox';
import { API_PREFIX } from '../config.js';
import {
  AttestationReportSchema,
  AttestRequestSchema,
  VerificationSchema,
  VerifyRequestSchema,
  type AttestationReport,
  type AttestationService,
  type Verification,
} from '../domain/attestation.js';
import {
  KeyCreateSchema,
  KeyRotateSchema,
  KeySchema,
  PublicKeyFormat,
  PublicKeySchema,
  type KeyService,
  type KeyView,
} from '../domain/key-service.js';
import {
  BenchmarkRequestSchema,
  BenchmarkResultSchema,
  PqcStatusSchema,
  SelfTestReportSchema,
  SelfTestRequestSchema,
  type PqcService,
} from '../domain/pqc-service.js';
import { OperationSchema, type OperationView } from '../domain/operations.js';
import { PQC_TIME_LIMITS } from '../domain/pqc-service.js';
import { POOL_QUEUE_LIMIT } from '../pqc/crypto-pool.js';
import { accepted } from './replies.js';
import { auditContext } from './request-context.js';
import { Deleted, ResourceNameParams, VmNameParams } from './schemas.js';

const Key = schemaRef<KeyView>(KeySchema);
const Operation = schemaRef<OperationView>(OperationSchema);
const queueFull = documentedError(
  `PQC_UNAVAILABLE: the self-test failed; PQC_QUEUE_FULL: the worker pool has ${POOL_QUEUE_LIMIT} tasks waiting`,
);
const slowKeys =
  'SLH-DSA pairs take seconds to a minute (the pairwise test signs once): for them the answer is ' +
  '202 with an operation (`Location: /api/v1/operations/{id}`) whose work runs in the PQC worker ' +
  `pool, at most ${PQC_TIME_LIMITS.keygenMs / 1000} s, and whose result is the key; cancelling it ` +
  'ends the worker thread and stores nothing. ML-KEM and ML-DSA pairs take milliseconds and are ' +
  'answered at once. While such an operation runs, the key name takes no other create or rotation ' +
  '(409 KEY_BUSY).';
/** How a route that starts an operation says so. */
const operationAnswer = (kind: string, resource: string): string =>
  `Answers 202 with a \`${kind}\` operation on \`${resource}\` (\`Location: /api/v1/operations/{id}\`; ` +
  'whoever holds `pqc:read` may follow it, `pqc:write` cancel it)';
const Report = schemaRef<AttestationReport>(AttestationReportSchema);
const Result = schemaRef<Verification>(VerificationSchema);
const keyNotFound = documentedError('KEY_NOT_FOUND: no PQC key has this name');
const unavailable = documentedError('PQC_UNAVAILABLE: the self-test failed; see GET /pqc/status');
const READ = { scope: 'pqc:read' } as const;
const WRITE = { scope: 'pqc:write' } as const;

/** The query of a public key's export. */
export const PublicKeyQuery = Type.Object(
  {
    format: Type.Optional(PublicKeyFormat),
    version: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'default: the current version' }),
    ),
  },
  { additionalProperties: false },
);

/** Named in the document: the self-test's and the benchmark's are their operations' results. */
export const PQC_SCHEMAS = [
  KeySchema,
  AttestationReportSchema,
  VerificationSchema,
  SelfTestReportSchema,
  BenchmarkResultSchema,
];

export function pqcRoutes(pqc: PqcService, keys: KeyService, attestation: AttestationService): RouteSpec[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/pqc/status',
      summary: 'PQC backend status',
      tags: ['pqc'],
      access: READ,
      schema: {
        description:
          'The backend (software, @noble/post-quantum), the algorithms offered, the latest self-test.',
        response: { 200: PqcStatusSchema },
      },
      handler: async () => pqc.status(),
    }),
    defineRoute({
      method: 'POST',
      url: '/pqc/self-test',
      summary: 'Run the PQC self-test',
      tags: ['pqc'],
      access: WRITE,
      schema: {
        description:
          'Known-answer tests on the shipped NIST ACVP vectors (ML-KEM keyGen and encapDecap, ML-DSA ' +
          'keyGen, sigGen and sigVer) and pairwise-consistency tests on fresh keys, in a thread of the ' +
          'PQC worker pool. Its result gates every PQC operation: a failure makes them answer 503 ' +
          `until a run passes. ${operationAnswer('pqc.self_test', 'pqc/self-test')} whose \`result\` is ` +
          'the report (`PqcSelfTest`); progress counts the known-answer tests as one step, then each ' +
          `pairwise test. One at a time; at most ${PQC_TIME_LIMITS.selfTestMs / 1000} s (each SLH-DSA set ` +
          'named adds seconds to a minute), else the operation fails with PQC_TIME_LIMIT and nothing is ' +
          'recorded. Cancelling it ends the worker thread; nothing is recorded.',
        body: SelfTestRequestSchema,
        response: {
          202: Operation,
          409: documentedError('PQC_BUSY: another self-test is running'),
          503: documentedError(`PQC_QUEUE_FULL: the worker pool has ${POOL_QUEUE_LIMIT} tasks waiting`),
        },
      },
      handler: async (request, reply) =>
        accepted(reply, pqc.selfTest(request.body?.algorithms, auditContext(request, 202))),
    }),
    defineRoute({
      method: 'POST',
      url: '/pqc/benchmark',
      summary: 'Benchmark PQC operations',
      tags: ['pqc'],
      access: WRITE,
      schema: {
        description:
          'Operations per second and mean latency of keygen, encapsulate/decapsulate or sign/verify, ' +
          'measured in the PQC worker pool (one task per algorithm, one after the other) so the API ' +
          `stays responsive. ${operationAnswer('pqc.benchmark', 'pqc/benchmark')} whose \`result\` is ` +
          'the measurements (`PqcBenchmark`); progress counts the operations measured of all. One ' +
          'benchmark runs at a time. Wall-clock caps, whatever was asked: ' +
          `${PQC_TIME_LIMITS.benchmarkOperationMs / 1000} s of iterations per operation (\`capped\`), ` +
          `${PQC_TIME_LIMITS.benchmarkAlgorithmMs / 1000} s per algorithm (its thread is ended) and ` +
          `${PQC_TIME_LIMITS.benchmarkRequestMs / 1000} s per request; what a cap stopped is listed in ` +
          '`unmeasured`, and `complete` is false. Cancelling it ends the worker thread.',
        body: BenchmarkRequestSchema,
        response: {
          202: Operation,
          400: documentedError('VALIDATION_ERROR: bounds of iterations or seconds; `details.field`'),
          409: documentedError('PQC_BUSY: another benchmark is running'),
          503: queueFull,
        },
      },
      handler: async (request, reply) =>
        accepted(reply, pqc.benchmark(request.body, auditContext(request, 202))),
    }),
    defineRoute({
      method: 'GET',
      url: '/pqc/keys',
      summary: 'List PQC keys',
      tags: ['pqc'],
      access: READ,
      schema: { response: { 200: Type.Object({ keys: Type.Array(Key) }) } },
      handler: async () => ({ keys: keys.list() }),
    }),
    defineRoute({
      method: 'POST',
      url: '/pqc/keys',
      summary: 'Generate a key pair',
      tags: ['pqc'],
      access: WRITE,
      schema: {
        description:
          'Generates a key pair, checks it with a pairwise-consistency test, and stores the secret key ' +
          'sealed (AES-256-GCM) under the host key. Answers 201 with the metadata; the secret never ' +
          `leaves. ${slowKeys}`,
        body: KeyCreateSchema,
        response: {
          201: Key,
          202: Operation,
          400: documentedError(
            'VALIDATION_ERROR: name, algorithm, or an algorithm the purpose does not take',
          ),
          409: documentedError('KEY_ALREADY_EXISTS, KEY_BUSY (its generation is under way)'),
          503: queueFull,
        },
      },
      handler: async (request, reply) => {
        const answer = keys.create(request.body, auditContext(request, 201));
        if ('operation' in answer) return accepted(reply, answer.operation);
        const { key } = answer;
        void reply.code(201).header('location', `${API_PREFIX}/pqc/keys/${encodeURIComponent(key.name)}`);
        return key;
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/pqc/keys/:name',
      summary: 'Read a PQC key',
      tags: ['pqc'],
      access: READ,
      schema: { params: ResourceNameParams, response: { 200: Key, 404: keyNotFound } },
      handler: async (request) => keys.get(request.params.name),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/pqc/keys/:name',
      summary: 'Delete a PQC key',
      tags: ['pqc'],
      access: WRITE,
      schema: {
        description: 'Deletes every version; reports signed with it no longer verify (check `key`).',
        params: ResourceNameParams,
        response: { 200: Deleted, 404: keyNotFound },
      },
      handler: async (request) => {
        keys.delete(request.params.name, auditContext(request));
        return { name: request.params.name, deleted: true as const };
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/pqc/keys/:name/rotate',
      summary: 'Rotate a PQC key',
      tags: ['pqc'],
      access: WRITE,
      schema: {
        description:
          'Generates a new version that becomes current; event `pqc.key_rotated`. Earlier versions stay ' +
          `for verification unless \`revoke_previous\` is true. Answers 200 with the key. ${slowKeys}`,
        params: ResourceNameParams,
        body: KeyRotateSchema,
        response: {
          200: Key,
          202: Operation,
          404: keyNotFound,
          409: documentedError('KEY_ROTATION_CONFLICT, KEY_BUSY (a rotation is under way)'),
          503: queueFull,
        },
      },
      handler: async (request, reply) => {
        const answer = keys.rotate(
          request.params.name,
          request.body?.revoke_previous ?? false,
          auditContext(request),
        );
        return 'operation' in answer ? accepted(reply, answer.operation) : answer.key;
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/pqc/keys/:name/public',
      summary: 'Export a public key',
      tags: ['pqc'],
      access: READ,
      schema: {
        description:
          '`format=raw` (default): JSON with the raw key in base64. `format=pem`: an ' +
          '`application/x-pem-file` SubjectPublicKeyInfo with the NIST algorithm OID.',
        params: ResourceNameParams,
        querystring: PublicKeyQuery,
        response: {
          200: {
            content: {
              'application/json': { schema: PublicKeySchema },
              'application/x-pem-file': { schema: Type.String({ description: 'PEM, label PUBLIC KEY' }) },
            },
          },
          404: documentedError('KEY_NOT_FOUND, KEY_VERSION_NOT_FOUND'),
        },
      },
      handler: async (request, reply) => {
        const { format = 'raw', version } = request.query;
        const answer = keys.publicKey(request.params.name, format, version);
        if (typeof answer === 'string') void reply.type('application/x-pem-file');
        return answer;
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/vms/:name/attest',
      summary: 'Attest a VM',
      tags: ['pqc', 'vms'],
      access: WRITE,
      schema: {
        description:
          'A signed report on a running or paused VM: SHA-384 measurement of its definition, boot ' +
          'payload (kernel, initrd, firmware) and disk identities, the nonce, timestamp, a monotonic ' +
          'counter, host facts, and an ML-DSA signature over the RFC 8785 canonical JSON of the rest.',
        params: VmNameParams,
        body: AttestRequestSchema,
        response: {
          200: Report,
          400: documentedError('VALIDATION_ERROR: nonce size, or a key that is not an attestation key'),
          404: documentedError('VM_NOT_FOUND, KEY_NOT_FOUND'),
          409: documentedError('VM_NOT_RUNNING'),
          503: unavailable,
        },
      },
      handler: async (request) =>
        attestation.attest(request.params.name, request.body, auditContext(request)),
    }),
    defineRoute({
      method: 'POST',
      url: '/pqc/verify',
      summary: 'Verify an attestation report',
      tags: ['pqc'],
      access: READ,
      schema: {
        description:
          'Checks `format`, `key` (known version, fingerprint, algorithm), `key_not_revoked`, `signature`, ' +
          '`nonce` and `measurement` (when given) and `freshness`. A failed check is named in `checks` and ' +
          'in `reasons`; the answer is 200 either way.',
        body: VerifyRequestSchema,
        response: { 200: Result, 503: unavailable },
      },
      handler: async (request) => attestation.verify(request.body),
    }),
  ];
}
