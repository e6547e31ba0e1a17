import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PQC_TIME_LIMITS } from '../../src/domain/pqc-service.js';
import { DEFAULT_VECTORS_DIR } from '../../src/pqc/acvp.js';
import { POOL_QUEUE_LIMIT, POOL_SIZE } from '../../src/pqc/crypto-pool.js';
import { createSealer, HOST_KEY_FILE } from '../../src/pqc/host-key.js';
import { startTestService, type TestService } from '../support/in-process.js';
import { createToken } from '../support/socket-client.js';
import { collectEvents } from '../support/sse.js';
import { until } from '../support/until.js';
import { corruptedVectors } from '../support/vectors.js';

let service: TestService;
let base: string;
let token: string;

const NONCE = Buffer.from('challenge-0123456789').toString('base64');
const VM = { name: 'web1', cpu: { count: 1 }, memory: { size: '64M' }, boot: { kernel: 'vmlinuz' } };

function writeBootFiles(dataDir: string): void {
  mkdirSync(join(dataDir, 'boot'), { recursive: true });
  writeFileSync(join(dataDir, 'boot', 'vmlinuz'), 'kernel bytes');
}

async function call(method: string, path: string, body?: unknown, bearer = token, root = base) {
  const response = await fetch(root + path, {
    method,
    headers: {
      authorization: `Bearer ${bearer}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  const json = response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : undefined;
  return { status: response.status, headers: response.headers, text, body: json };
}

/** Polls the operation until it ends; `bearer` is whoever follows it. */
const settled = (id: string, bearer = token, root = base) =>
  until(
    `operation ${id}`,
    async () => {
      const op = (await call('GET', `/operations/${id}`, undefined, bearer, root)).body;
      return ['succeeded', 'failed', 'cancelled'].includes(op.status) ? op : undefined;
    },
    { timeoutMs: 120_000, intervalMs: 100 },
  );

/** Starts the operation a route answers 202 with, and follows it to its end. */
async function completed(path: string, body: unknown, bearer = token, root = base) {
  const started = await call('POST', path, body, bearer, root);
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  return settled(started.body.id, bearer, root);
}

beforeAll(async () => {
  service = await startTestService();
  writeBootFiles(service.dataDir);
  base = (await service.app.listen({ host: '127.0.0.1', port: 0 })) + '/api/v1';
  token = await createToken(join(service.runDir, 'api.sock'), ['admin']);
  await call('POST', '/vms', VM);
  await call('POST', '/vms/web1/start');
});
afterAll(async () => service?.close());

describe('PQC status and self-test', () => {
  it('reports the software backend, every algorithm with its OID, and the start-up self-test', async () => {
    const status = await call('GET', '/pqc/status');
    expect(status.status).toBe(200);
    expect(status.body.available).toBe(true);
    expect(status.body.backend).toEqual({
      type: 'software',
      library: '@noble/post-quantum',
      version: '0.7.1',
      hardware_accelerator: null,
    });
    const names = status.body.algorithms.map((a: { name: string }) => a.name);
    expect(names).toEqual(expect.arrayContaining(['ML-KEM-512', 'ML-KEM-768', 'ML-KEM-1024', 'ML-DSA-44']));
    expect(names.filter((n: string) => n.startsWith('SLH-DSA'))).toHaveLength(12);
    expect(status.body.algorithms.find((a: { name: string }) => a.name === 'ML-DSA-65').oid).toBe(
      '2.16.840.1.101.3.4.3.18',
    );
    expect(status.body.self_test).toMatchObject({ passed: true, failed: 0, total: expect.any(Number) });
  });

  it('runs the known-answer and pairwise tests as an operation a pqc:read token follows', async () => {
    const socket = join(service.runDir, 'api.sock');
    const writer = await createToken(socket, ['pqc:write']);
    const reader = await createToken(socket, ['pqc:read']);
    const stream = await fetch(`${base}/events?kinds=operation.progress,operation.completed,pqc.self_test`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const events = collectEvents(stream);
    const started = await call(
      'POST',
      '/pqc/self-test',
      { algorithms: ['ML-KEM-768', 'SLH-DSA-SHA2-128f'] },
      writer,
    );
    expect(started.status).toBe(202);
    expect(started.headers.get('location')).toBe(`/api/v1/operations/${started.body.id}`);
    expect(started.body).toMatchObject({
      kind: 'pqc.self_test',
      resource: 'pqc/self-test',
      status: 'running',
      progress: 0,
    });
    const busy = await call('POST', '/pqc/self-test', null, writer);
    expect([busy.status, busy.body.error.code]).toEqual([409, 'PQC_BUSY']);
    const run = await settled(started.body.id, reader);
    expect(run).toMatchObject({ status: 'succeeded', progress: 100, error: null });
    expect(run.result.passed).toBe(true);
    const kinds = new Set(run.result.tests.map((t: { kind: string }) => t.kind));
    expect(kinds).toEqual(new Set(['kat', 'pairwise']));
    const names = run.result.tests.map((t: { name: string }) => t.name);
    expect(names).toContain('ML-DSA-65 sigGen tcId 71');
    expect(names).toContain('ML-KEM-512 encapDecap tcId 77');
    expect(names).toContain('SLH-DSA-SHA2-128f pairwise consistency');
    expect(run.result.tests.every((t: { duration_ms: number }) => t.duration_ms >= 0)).toBe(true);

    const mine = (e: { data: { id?: string } }) => e.data.id === started.body.id;
    await events.waitFor((e) => e.event === 'operation.completed' && mine(e));
    await events.close();
    const steps = events.events.filter((e) => e.event === 'operation.progress' && mine(e));
    // The known-answer tests, then the two pairwise tests: a third each.
    expect(steps.map((e) => [e.data.progress, e.data.done, e.data.total])).toEqual([
      [33, 1, 3],
      [66, 2, 3],
      [100, 3, 3],
    ]);
    expect(events.events.find((e) => e.event === 'pqc.self_test')?.data).toMatchObject({ passed: true });
    expect(events.events.find((e) => e.event === 'operation.completed' && mine(e))?.data).toMatchObject({
      kind: 'pqc.self_test',
      status: 'succeeded',
    });
    expect((await call('GET', '/pqc/status', undefined, reader)).body.self_test.total).toBe(run.result.total);
    const audit = await call('GET', '/audit/events?resource=pqc/self-test');
    // Newest first: the refused second run, then the 202 that started this one.
    expect(audit.body.events.map((e: { status: number; outcome: string }) => [e.status, e.outcome])).toEqual([
      [409, 'failure'],
      [202, 'success'],
    ]);
  });

  it('ends a cancelled self-test cancelled, its thread gone, and records nothing', async () => {
    const before = (await call('GET', '/pqc/status')).body.self_test;
    // SLH-DSA-SHAKE-256s's pairwise test signs for most of a minute.
    const started = await call('POST', '/pqc/self-test', { algorithms: ['SLH-DSA-SHAKE-256s'] });
    expect(started.status).toBe(202);
    await until('its thread', async () => (await call('GET', '/pqc/status')).body.workers.running === 1);
    const cancelling = await call('POST', `/operations/${started.body.id}/cancel`);
    expect([cancelling.status, cancelling.body.status]).toEqual([200, 'cancelling']);
    expect(await settled(started.body.id)).toMatchObject({
      status: 'cancelled',
      result: null,
      error: { code: 'OPERATION_CANCELLED' },
    });
    await until(
      'the thread to exit',
      async () => (await call('GET', '/pqc/status')).body.workers.running === 0,
      { timeoutMs: 5_000 },
    );
    expect((await call('GET', '/pqc/status')).body.self_test).toEqual(before);
  });
});

describe('PQC benchmark', () => {
  it('measures each operation in a worker thread as an operation, with progress per operation', async () => {
    const reader = await createToken(join(service.runDir, 'api.sock'), ['pqc:read']);
    const started = await call('POST', '/pqc/benchmark', {
      algorithms: ['ML-KEM-768', 'ML-DSA-65'],
      seconds: 0.5,
    });
    expect(started.status).toBe(202);
    expect(started.headers.get('location')).toBe(`/api/v1/operations/${started.body.id}`);
    expect(started.body).toMatchObject({
      kind: 'pqc.benchmark',
      resource: 'pqc/benchmark',
      status: 'running',
    });
    const during = await call('GET', '/pqc/status');
    expect(during.status).toBe(200);
    const busy = await call('POST', '/pqc/benchmark', { iterations: 1 });
    expect(busy.status).toBe(409);
    expect(busy.body.error.code).toBe('PQC_BUSY');
    const halfway = await until(
      'ML-KEM-768 measured',
      async () => {
        const op = (await call('GET', `/operations/${started.body.id}`, undefined, reader)).body;
        return op.progress >= 50 ? op : undefined;
      },
      { timeoutMs: 20_000 },
    );
    expect(halfway.progress).toBeLessThan(100);
    const ended = await settled(started.body.id, reader);
    expect(ended).toMatchObject({ status: 'succeeded', progress: 100 });
    expect(
      ended.result.results.map(
        (r: { algorithm: string; operation: string }) => `${r.algorithm} ${r.operation}`,
      ),
    ).toEqual([
      'ML-KEM-768 keygen',
      'ML-KEM-768 encapsulate',
      'ML-KEM-768 decapsulate',
      'ML-DSA-65 keygen',
      'ML-DSA-65 sign',
      'ML-DSA-65 verify',
    ]);
    for (const r of ended.result.results) {
      expect(r.ops_per_second).toBeGreaterThan(0);
      expect(r.mean_latency_ms).toBeCloseTo(r.total_ms / r.iterations, 2);
    }
  });

  it('states the caps it ran under; refuses more iterations than the documented maximum', async () => {
    const result = (await completed('/pqc/benchmark', { algorithms: ['ML-KEM-512'], iterations: 2 })).result;
    expect(result).toMatchObject({
      complete: true,
      unmeasured: [],
      limits: {
        operation_seconds: PQC_TIME_LIMITS.benchmarkOperationMs / 1000,
        algorithm_seconds: PQC_TIME_LIMITS.benchmarkAlgorithmMs / 1000,
        request_seconds: PQC_TIME_LIMITS.benchmarkRequestMs / 1000,
      },
    });
    expect(result.results.every((r: { capped: boolean }) => !r.capped)).toBe(true);
    const over = await call('POST', '/pqc/benchmark', { algorithms: ['ML-KEM-512'], iterations: 10_001 });
    expect(over.status).toBe(400);
    expect(over.body.error.details.field).toBe('iterations');
  });

  it('frees its worker when cancelled, so the next benchmark runs at once', async () => {
    const writer = await createToken(join(service.runDir, 'api.sock'), ['pqc:write']);
    // Left alone: 3 operations × 10 s.
    const started = await call('POST', '/pqc/benchmark', { algorithms: ['ML-DSA-65'], seconds: 10 }, writer);
    expect(started.status).toBe(202);
    await until(
      'the benchmark thread',
      async () => (await call('GET', '/pqc/status')).body.workers.running === 1,
    );
    expect((await call('POST', `/operations/${started.body.id}/cancel`, undefined, writer)).status).toBe(200);
    const freed = performance.now();
    expect(await settled(started.body.id, writer)).toMatchObject({ status: 'cancelled', result: null });
    await until(
      'the thread to exit',
      async () => (await call('GET', '/pqc/status')).body.workers.running === 0,
      { timeoutMs: 5_000 },
    );
    expect(performance.now() - freed).toBeLessThan(3_000);
    const next = await completed('/pqc/benchmark', { algorithms: ['ML-KEM-512'], iterations: 1 });
    expect(next.status).toBe('succeeded');
  });

  it('refuses work beyond its bounds, naming the field', async () => {
    const long = await call('POST', '/pqc/benchmark', {
      algorithms: ['ML-KEM-512', 'ML-KEM-768', 'ML-KEM-1024'],
      seconds: 10,
    });
    expect(long.status).toBe(400);
    // The schema states these bounds (location body), seconds to the hundredth below 60 / (3 × 3).
    expect(long.body.error.details).toMatchObject({
      field: 'seconds',
      location: 'body',
      expected: 'must be <= 6.66',
    });
    const slow = await call('POST', '/pqc/benchmark', { algorithms: ['SLH-DSA-SHAKE-256s'], iterations: 50 });
    expect(slow.status).toBe(400);
    expect(slow.body.error.details).toMatchObject({ field: 'iterations', location: 'body' });
    const unknown = await call('POST', '/pqc/benchmark', { algorithms: ['RSA-2048'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.code).toBe('VALIDATION_ERROR');
  });
});

describe('PQC keys', () => {
  it('creates, reads, lists, rotates, exports and deletes a key, emitting pqc.key_rotated', async () => {
    const stream = await fetch(`${base}/events?kinds=pqc.key_rotated`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const events = collectEvents(stream);
    const created = await call('POST', '/pqc/keys', {
      name: 'signer',
      algorithm: 'ML-DSA-87',
      purpose: 'signing',
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe('/api/v1/pqc/keys/signer');
    expect(created.body).toMatchObject({
      name: 'signer',
      algorithm: 'ML-DSA-87',
      purpose: 'signing',
      oid: '2.16.840.1.101.3.4.3.19',
      version: 1,
      public_key_bytes: 2592,
      fingerprint: expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
    });
    expect(created.body).not.toHaveProperty('secret_key');
    expect((await call('GET', '/pqc/keys')).body.keys.map((k: { name: string }) => k.name)).toContain(
      'signer',
    );

    const rotated = await call('POST', '/pqc/keys/signer/rotate', null);
    expect(rotated.status).toBe(200);
    expect(rotated.body.version).toBe(2);
    expect(rotated.body.fingerprint).not.toBe(created.body.fingerprint);
    expect(
      rotated.body.versions.map((v: { version: number; current: boolean; revoked_at: unknown }) => [
        v.version,
        v.current,
        v.revoked_at,
      ]),
    ).toEqual([
      [1, false, null],
      [2, true, null],
    ]);
    const event = await events.waitFor((e) => e.event === 'pqc.key_rotated');
    await events.close();
    expect(event.data).toEqual({
      key: 'signer',
      algorithm: 'ML-DSA-87',
      version: 2,
      revoked_previous: false,
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });

    const raw = await call('GET', '/pqc/keys/signer/public?version=1');
    expect(raw.body).toMatchObject({
      name: 'signer',
      version: 1,
      format: 'raw',
      oid: '2.16.840.1.101.3.4.3.19',
    });
    expect(Buffer.from(raw.body.public_key, 'base64')).toHaveLength(2592);
    const pem = await call('GET', '/pqc/keys/signer/public?format=pem');
    expect(pem.headers.get('content-type')).toContain('application/x-pem-file');
    expect(pem.text).toMatch(/^-----BEGIN PUBLIC KEY-----\n/);
    const file = join(service.dir, 'signer.pem');
    writeFileSync(file, pem.text);
    const parsed = execFileSync('openssl', ['asn1parse', '-in', file], { encoding: 'utf8' });
    expect(parsed).toContain(':2.16.840.1.101.3.4.3.19');
    expect(parsed).toMatch(/BIT STRING/);

    expect((await call('GET', '/pqc/keys/signer/public?version=9')).body.error.code).toBe(
      'KEY_VERSION_NOT_FOUND',
    );
    expect((await call('DELETE', '/pqc/keys/signer')).body).toEqual({ name: 'signer', deleted: true });
    expect((await call('GET', '/pqc/keys/signer')).status).toBe(404);

    const audit = await call('GET', '/audit/events?resource=pqc-key/signer');
    expect(
      audit.body.events.map((e: { method: string; path: string }) => `${e.method} ${e.path}`).reverse(),
    ).toEqual([
      'POST /api/v1/pqc/keys',
      'POST /api/v1/pqc/keys/signer/rotate',
      'DELETE /api/v1/pqc/keys/signer',
    ]);
  });

  it('refuses duplicates, bad names and algorithms the purpose does not take', async () => {
    await call('POST', '/pqc/keys', { name: 'kem1', algorithm: 'ML-KEM-768', purpose: 'kem' });
    const again = await call('POST', '/pqc/keys', { name: 'kem1', algorithm: 'ML-KEM-768', purpose: 'kem' });
    expect([again.status, again.body.error.code]).toEqual([409, 'KEY_ALREADY_EXISTS']);
    const mismatch = await call('POST', '/pqc/keys', {
      name: 'k2',
      algorithm: 'ML-KEM-768',
      purpose: 'attestation',
    });
    expect([mismatch.status, mismatch.body.error.details.field]).toEqual([400, 'algorithm']);
    // The rule is the schema's, so the OpenAPI document states it: the 400 lists what the purpose takes.
    const kem = await call('POST', '/pqc/keys', {
      name: 'k2',
      algorithm: 'SLH-DSA-SHAKE-256f',
      purpose: 'kem',
    });
    expect([kem.status, kem.body.error.details]).toEqual([
      400,
      expect.objectContaining({
        field: 'algorithm',
        expected: 'must be one of "ML-KEM-512", "ML-KEM-768", "ML-KEM-1024"',
      }),
    ]);
    const noPurpose = await call('POST', '/pqc/keys', { name: 'k2', algorithm: 'ML-DSA-44' });
    expect(noPurpose.body.error.details).toMatchObject({ field: 'purpose', expected: 'is required' });
    const rules: { if: unknown; then: { properties: { algorithm: { enum: string[] } } } }[] = (
      await call('GET', '/openapi.json')
    ).body.paths['/api/v1/pqc/keys'].post.requestBody.content['application/json'].schema.allOf;
    const takes = (purpose: string) =>
      rules.find((rule) => JSON.stringify(rule.if).includes(`"${purpose}"`))?.then.properties.algorithm.enum;
    expect(takes('signing')).toEqual(expect.arrayContaining(['ML-DSA-65', 'SLH-DSA-SHA2-128f']));
    expect(takes('attestation')).toEqual(['ML-DSA-44', 'ML-DSA-65', 'ML-DSA-87']);
    const badName = await call('POST', '/pqc/keys', {
      name: '../x',
      algorithm: 'ML-DSA-44',
      purpose: 'signing',
    });
    expect(badName.status).toBe(400);
    expect((await call('GET', '/pqc/keys/nope')).body.error.code).toBe('KEY_NOT_FOUND');
  });

  it('keeps secret keys sealed: the database holds no secret key in clear', async () => {
    await call('POST', '/pqc/keys', { name: 'sealed', algorithm: 'ML-DSA-44', purpose: 'attestation' });
    const db = new Database(join(service.dataDir, 'hypervisor.db'), { readonly: true });
    const row = db
      .prepare('SELECT public_key, sealed_secret FROM pqc_key_versions WHERE key_name = ?')
      .get('sealed') as { public_key: Buffer; sealed_secret: Buffer };
    db.close();
    const secret = createSealer(join(service.dataDir, HOST_KEY_FILE)).open(
      row.sealed_secret,
      'pqc-key/sealed/1/ML-DSA-44',
    );
    expect(secret).toHaveLength(2560);
    const files = ['hypervisor.db', 'hypervisor.db-wal'].map((f) => readFileSync(join(service.dataDir, f)));
    const stored = Buffer.concat(files);
    // The search finds what is there in clear (the public key) and not the secret, nor any 32 bytes of it.
    expect(stored.includes(row.public_key)).toBe(true);
    // An ML-DSA secret key starts with rho, the public seed the public key holds too (FIPS 204
    // Algorithm 24); the secret part follows from byte 32 (K, tr, s1, s2, t0).
    expect(stored.includes(Buffer.from(secret.subarray(0, 32)))).toBe(true);
    for (let at = 32; at + 32 <= secret.length; at += 256) {
      expect(stored.includes(Buffer.from(secret.subarray(at, at + 32)))).toBe(false);
    }
  });
});

describe('SLH-DSA keys as operations', { timeout: 180_000 }, () => {
  it('generates and rotates an SLH-DSA key as operations a pqc:read token can follow', async () => {
    const reader = await createToken(join(service.runDir, 'api.sock'), ['pqc:read']);
    // SLH-DSA-SHA2-128s signs for seconds: the name stays busy while its pairwise test runs.
    const body = { name: 'slh1', algorithm: 'SLH-DSA-SHA2-128s', purpose: 'signing' };
    const started = await call('POST', '/pqc/keys', body);
    expect(started.status).toBe(202);
    expect(started.headers.get('location')).toBe(`/api/v1/operations/${started.body.id}`);
    expect(started.body).toMatchObject({
      kind: 'pqc.key_create',
      resource: 'pqc-key/slh1',
      status: 'running',
    });
    const again = await call('POST', '/pqc/keys', body);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'KEY_BUSY', details: {} });
    expect(again.body.error.message).toBe(
      `PQC key 'slh1' is busy: its generation is under way (operation ${started.body.id})`,
    );
    const made = await settled(started.body.id, reader);
    expect(made).toMatchObject({ status: 'succeeded', progress: 100 });
    const key = await call('GET', '/pqc/keys/slh1', undefined, reader);
    expect(made.result).toEqual(key.body);
    expect(key.body).toMatchObject({ algorithm: 'SLH-DSA-SHA2-128s', version: 1 });

    const rotation = await call('POST', '/pqc/keys/slh1/rotate', { revoke_previous: true });
    expect(rotation.status).toBe(202);
    expect(rotation.body).toMatchObject({ kind: 'pqc.key_rotate', resource: 'pqc-key/slh1' });
    const busy = await call('POST', '/pqc/keys/slh1/rotate', null);
    expect(busy.body.error.code).toBe('KEY_BUSY');
    const rotated = await settled(rotation.body.id, reader);
    expect(rotated.result).toMatchObject({
      version: 2,
      versions: [{ revoked_at: expect.any(String) }, { current: true }],
    });
    // ML-DSA stays immediate: 201 with the key.
    const fast = await call('POST', '/pqc/keys', {
      name: 'fast1',
      algorithm: 'ML-DSA-44',
      purpose: 'signing',
    });
    expect(fast.status).toBe(201);
  });

  it('ends a cancelled SLH-DSA generation cancelled, its thread gone and no key stored', async () => {
    const writer = await createToken(join(service.runDir, 'api.sock'), ['pqc:write']);
    // SLH-DSA-SHAKE-256s takes most of a minute: it is still running when cancelled.
    const started = await call(
      'POST',
      '/pqc/keys',
      { name: 'slh-gone', algorithm: 'SLH-DSA-SHAKE-256s', purpose: 'signing' },
      writer,
    );
    expect(started.status).toBe(202);
    await until('its thread', async () => (await call('GET', '/pqc/status')).body.workers.running === 1);
    // The thread loads in about a second here: by then it is making the key.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const cancelling = await call('POST', `/operations/${started.body.id}/cancel`, undefined, writer);
    expect(cancelling.status).toBe(200);
    expect(cancelling.body.status).toBe('cancelling');
    expect(await settled(started.body.id)).toMatchObject({
      status: 'cancelled',
      error: { code: 'OPERATION_CANCELLED' },
      result: null,
    });
    await until(
      'the thread to exit',
      async () => (await call('GET', '/pqc/status')).body.workers.running === 0,
      {
        timeoutMs: 5_000,
      },
    );
    expect((await call('GET', '/pqc/keys/slh-gone')).body.error.code).toBe('KEY_NOT_FOUND');
    const db = new Database(join(service.dataDir, 'hypervisor.db'), { readonly: true });
    try {
      expect(db.prepare("SELECT count(*) AS n FROM pqc_keys WHERE name = 'slh-gone'").get()).toEqual({
        n: 0,
      });
    } finally {
      db.close();
    }
    // The name is free again.
    expect(
      (await call('POST', '/pqc/keys', { name: 'slh-gone', algorithm: 'ML-DSA-44', purpose: 'signing' }))
        .status,
    ).toBe(201);
  });

  it(`answers 503 PQC_QUEUE_FULL beyond ${POOL_SIZE} running and ${POOL_QUEUE_LIMIT} waiting`, async () => {
    const ids: string[] = [];
    for (let i = 0; i < POOL_SIZE + POOL_QUEUE_LIMIT; i += 1) {
      const started = await call('POST', '/pqc/keys', {
        name: `q${i}`,
        algorithm: 'SLH-DSA-SHAKE-256s',
        purpose: 'signing',
      });
      expect(started.status, JSON.stringify(started.body)).toBe(202);
      ids.push(started.body.id);
    }
    expect((await call('GET', '/pqc/status')).body.workers).toMatchObject({
      size: POOL_SIZE,
      queue_limit: POOL_QUEUE_LIMIT,
      queued: POOL_QUEUE_LIMIT,
    });
    const refused = await call('POST', '/pqc/keys', {
      name: 'q-over',
      algorithm: 'SLH-DSA-SHA2-128f',
      purpose: 'signing',
    });
    expect(refused.status).toBe(503);
    expect(refused.body.error.code).toBe('PQC_QUEUE_FULL');
    const benchmark = await call('POST', '/pqc/benchmark', { algorithms: ['ML-KEM-512'], iterations: 1 });
    expect(benchmark.body.error.code).toBe('PQC_QUEUE_FULL');
    const selfTest = await call('POST', '/pqc/self-test', null);
    expect([selfTest.status, selfTest.body.error.code]).toEqual([503, 'PQC_QUEUE_FULL']);
    for (const id of ids) expect((await call('POST', `/operations/${id}/cancel`)).status).toBe(200);
    for (const id of ids) expect((await settled(id)).status).toBe('cancelled');
    await until(
      'every thread to exit',
      async () => (await call('GET', '/pqc/status')).body.workers.running === 0,
      {
        timeoutMs: 5_000,
      },
    );
    expect(
      (await call('GET', '/pqc/keys')).body.keys.some((k: { name: string }) => k.name.startsWith('q')),
    ).toBe(false);
  });
});

describe('attestation', () => {
  let report: any;

  it('signs a report on a running VM with the default attestation key, made on first use', async () => {
    const attested = await call('POST', '/vms/web1/attest', { nonce: NONCE });
    expect(attested.status).toBe(200);
    report = attested.body;
    expect(report).toMatchObject({
      format: 'hv-attestation/1',
      vm: { name: 'web1', uuid: expect.any(String) },
      platform: { type: 'software' },
      nonce: NONCE,
      counter: expect.any(Number),
      key: { name: 'host-attestation', version: 1 },
      algorithm: 'ML-DSA-65',
      host: { driver: 'simulated', service_version: expect.any(String) },
    });
    const sha384 = (text: string) =>
      execFileSync('sha384sum', [], { input: text, encoding: 'utf8' }).split(' ')[0];
    expect(report.measurement.components.kernel).toBe(sha384('kernel bytes'));
    expect(report.measurement.value).toMatch(/^[0-9a-f]{96}$/);
    const second = await call('POST', '/vms/web1/attest', { nonce: NONCE });
    expect(second.body.counter).toBe(report.counter + 1);
    expect(second.body.measurement.value).toBe(report.measurement.value);
  });

  it('verifies a genuine report: every check passes', async () => {
    const verified = await call('POST', '/pqc/verify', {
      report,
      nonce: NONCE,
      expected_measurement: report.measurement.value,
    });
    expect(verified.status).toBe(200);
    expect(verified.body.valid).toBe(true);
    expect(verified.body.reasons).toEqual([]);
    expect(verified.body.checks.map((c: { name: string; status: string }) => [c.name, c.status])).toEqual([
      ['format', 'passed'],
      ['key', 'passed'],
      ['key_not_revoked', 'passed'],
      ['signature', 'passed'],
      ['nonce', 'passed'],
      ['measurement', 'passed'],
      ['freshness', 'passed'],
    ]);
  });

  const failed = (body: { checks: Array<{ name: string; status: string }> }) =>
    body.checks.filter((c) => c.status === 'failed').map((c) => c.name);

  /** Every string and number leaf of the report, as a path. */
  function leaves(value: unknown, path: string[] = []): string[][] {
    if (value !== null && typeof value === 'object') {
      return Object.entries(value).flatMap(([k, v]) => leaves(v, [...path, k]));
    }
    return typeof value === 'string' || typeof value === 'number' ? [path] : [];
  }

  it('names the failed check when any field is changed by one byte', async () => {
    const paths = leaves(report);
    expect(paths.length).toBeGreaterThan(20);
    for (const path of paths) {
      const tampered = structuredClone(report);
      let holder = tampered;
      for (const key of path.slice(0, -1)) holder = holder[key];
      const last = path.at(-1)!;
      const value = holder[last];
      if (typeof value === 'number') holder[last] = value + 1;
      else if (value.length === 0) holder[last] = 'x';
      else {
        // Change one character to another of the same kind, so the field keeps its format.
        const c = value[0];
        holder[last] =
          (/[0-9]/.test(c) ? String((Number(c) + 1) % 10) : c === 'a' ? 'b' : 'a') + value.slice(1);
      }
      const verified = await call('POST', '/pqc/verify', { report: tampered });
      expect(verified.body.valid, path.join('.')).toBe(false);
      expect(failed(verified.body).length, path.join('.')).toBeGreaterThan(0);
    }
  });

  it('names the nonce, measurement and freshness checks', async () => {
    const other = await call('POST', '/pqc/verify', {
      report,
      nonce: Buffer.from('another-nonce!').toString('base64'),
    });
    expect(failed(other.body)).toEqual(['nonce']);
    const measurement = await call('POST', '/pqc/verify', { report, expected_measurement: 'a'.repeat(96) });
    expect(failed(measurement.body)).toEqual(['measurement']);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const stale = await call('POST', '/pqc/verify', { report, max_age_seconds: 1 });
    expect(failed(stale.body)).toEqual(['freshness']);
    expect(stale.body.reasons[0]).toMatch(/^freshness: made \d+ s ago/);
    const malformed = await call('POST', '/pqc/verify', { report: { ...report, algorithm: 'RSA' } });
    expect(failed(malformed.body)).toEqual(['format']);
  });

  it('keeps verifying after a rotation; revoking or deleting the key fails the key checks', async () => {
    await call('POST', '/pqc/keys/host-attestation/rotate', null);
    const afterRotation = await call('POST', '/pqc/verify', { report });
    expect(afterRotation.body.valid).toBe(true);
    const newer = (await call('POST', '/vms/web1/attest', { nonce: NONCE })).body;
    expect(newer.key.version).toBe(2);

    await call('POST', '/pqc/keys/host-attestation/rotate', { revoke_previous: true });
    const revoked = await call('POST', '/pqc/verify', { report });
    expect(failed(revoked.body)).toEqual(['key_not_revoked']);
    expect(revoked.body.reasons[0]).toMatch(/^key_not_revoked: version 1 was revoked at /);

    await call('DELETE', '/pqc/keys/host-attestation');
    const deleted = await call('POST', '/pqc/verify', { report: newer });
    expect(failed(deleted.body)).toEqual(['key']);
    expect(deleted.body.checks.find((c: { name: string }) => c.name === 'signature').status).toBe('skipped');
  });

  it('attests with a named key, and refuses keys of another purpose, stopped VMs and bad nonces', async () => {
    await call('POST', '/pqc/keys', { name: 'att44', algorithm: 'ML-DSA-44', purpose: 'attestation' });
    const named = await call('POST', '/vms/web1/attest', { nonce: NONCE, key: 'att44' });
    expect(named.body).toMatchObject({ algorithm: 'ML-DSA-44', key: { name: 'att44' } });
    expect((await call('POST', '/pqc/verify', { report: named.body })).body.valid).toBe(true);

    const wrongPurpose = await call('POST', '/vms/web1/attest', { nonce: NONCE, key: 'kem1' });
    expect([wrongPurpose.status, wrongPurpose.body.error.details.field]).toEqual([400, 'key']);
    // 16 to 510 bytes in canonical base64, as the schema states with its lengths and pattern.
    for (const nonce of [
      randomBytes(15).toString('base64'),
      randomBytes(511).toString('base64'),
      'MDEyMzQ1Njc4OWFiY2RlZh==',
      '0'.repeat(16_383),
    ]) {
      const refused = await call('POST', '/vms/web1/attest', { nonce });
      expect([refused.status, refused.body.error.details.field]).toEqual([400, 'nonce']);
    }
    for (const bytes of [16, 510]) {
      const nonce = randomBytes(bytes).toString('base64');
      expect((await call('POST', '/vms/web1/attest', { nonce })).body.nonce).toBe(nonce);
    }
    expect((await call('POST', '/vms/nope/attest', { nonce: NONCE })).body.error.code).toBe('VM_NOT_FOUND');
    await call('POST', '/vms', { ...VM, name: 'idle' });
    const idle = await call('POST', '/vms/idle/attest', { nonce: NONCE });
    expect([idle.status, idle.body.error.code]).toEqual([409, 'VM_NOT_RUNNING']);
  });
});

describe('a failed self-test', () => {
  it('disables PQC operations with 503 PQC_UNAVAILABLE until a self-test passes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hv-pqc-'));
    const vectors = corruptedVectors(dir);

    const broken = await startTestService({ dir, config: { pqcVectorsDir: vectors } });
    try {
      writeBootFiles(broken.dataDir);
      const root = (await broken.app.listen({ host: '127.0.0.1', port: 0 })) + '/api/v1';
      const admin = await createToken(join(broken.runDir, 'api.sock'), ['admin']);
      const status = await call('GET', '/pqc/status', undefined, admin, root);
      expect(status.body.available).toBe(false);
      expect(status.body.self_test).toMatchObject({ passed: false, failed: 1 });

      const refusals = [
        await call(
          'POST',
          '/pqc/keys',
          { name: 'k', algorithm: 'ML-DSA-65', purpose: 'signing' },
          admin,
          root,
        ),
        await call('POST', '/pqc/benchmark', { iterations: 1 }, admin, root),
        await call('POST', '/pqc/verify', { report: {} }, admin, root),
      ];
      await call('POST', '/vms', VM, admin, root);
      await call('POST', '/vms/web1/start', undefined, admin, root);
      refusals.push(await call('POST', '/vms/web1/attest', { nonce: NONCE }, admin, root));
      for (const refusal of refusals) {
        expect(refusal.status).toBe(503);
        expect(refusal.body.error.code).toBe('PQC_UNAVAILABLE');
        expect(refusal.body.error.message).toContain('ML-DSA-65 sigGen tcId');
      }

      // A self-test that finds a failure succeeds as an operation: its result is the report.
      const rerun = await completed('/pqc/self-test', null, admin, root);
      expect(rerun.status).toBe('succeeded');
      expect(rerun.result.passed).toBe(false);
      const failedTest = rerun.result.tests.find((t: { passed: boolean }) => !t.passed);
      expect(failedTest).toMatchObject({ kind: 'kat', error: 'signature differs from the expected value' });

      // Repaired vectors: the next self-test passes and PQC operations are back.
      cpSync(DEFAULT_VECTORS_DIR, vectors, { recursive: true });
      expect((await completed('/pqc/self-test', null, admin, root)).result.passed).toBe(true);
      const key = await call(
        'POST',
        '/pqc/keys',
        { name: 'k', algorithm: 'ML-DSA-65', purpose: 'signing' },
        admin,
        root,
      );
      expect(key.status).toBe(201);
    } finally {
      await broken.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('restart', () => {
  it('keeps keys and the attestation counter, and verifies earlier reports', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hv-pqc-restart-'));
    try {
      const first = await startTestService({ dir });
      writeBootFiles(first.dataDir);
      const root1 = (await first.app.listen({ host: '127.0.0.1', port: 0 })) + '/api/v1';
      const admin1 = await createToken(join(first.runDir, 'api.sock'), ['admin']);
      await call('POST', '/vms', VM, admin1, root1);
      await call('POST', '/vms/web1/start', undefined, admin1, root1);
      const before = (await call('POST', '/vms/web1/attest', { nonce: NONCE }, admin1, root1)).body;
      await first.close();

      const second = await startTestService({ dir });
      try {
        const root2 = (await second.app.listen({ host: '127.0.0.1', port: 0 })) + '/api/v1';
        const admin2 = await createToken(join(second.runDir, 'api.sock'), ['admin']);
        expect((await call('POST', '/pqc/verify', { report: before }, admin2, root2)).body.valid).toBe(true);
        await call('POST', '/vms/web1/start', undefined, admin2, root2);
        const after = (await call('POST', '/vms/web1/attest', { nonce: NONCE }, admin2, root2)).body;
        expect(after.counter).toBe(before.counter + 1);
        expect(after.key).toEqual(before.key);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
