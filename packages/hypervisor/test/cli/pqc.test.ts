/**
 * `hvctl key ...`, `hvctl pqc ...` and `hvctl vm attest` (the compiled binary) against a real
 * `hvctl serve --driver simulated` process, through its Unix socket.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requireTools } from '@lab/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HVCTL,
  hvctlJson,
  runHvctl,
  SLOW,
  startCliService,
  tableRow,
  type CliService,
} from '../support/cli.js';
import { socketApi } from '../support/socket-client.js';
import { until } from '../support/until.js';
import { corruptedVectors } from '../support/vectors.js';

const openssl = requireTools(['openssl']);
const ML_DSA_65_OID = '2.16.840.1.101.3.4.3.18';

let cli: CliService;
let dir: string;
let socket: string;

beforeAll(async () => {
  cli = await startCliService({ prefix: 'hvctl-pqc-' });
  ({ dir, socket } = cli);
});

afterAll(async () => cli?.stop());

/** Runs `hvctl ARGS --socket <socket>`, with `input` on its standard input. */
const hvctl = (args: readonly string[], options: { input?: string; socket?: string } = {}) =>
  runHvctl(options.socket ?? socket, args, options.input === undefined ? {} : { input: options.input });
const json = <T = Record<string, any>>(args: readonly string[]): T => hvctlJson<T>(socket, args);
const row = tableRow;

const FINGERPRINT = /sha256:[0-9a-f]{64}/;

describe('hvctl key', SLOW, () => {
  it('creates keys, and refuses a taken name or an algorithm the purpose does not take', () => {
    const created = hvctl(['key', 'create', 'att1', '--algorithm', 'ML-DSA-65', '--purpose', 'attestation']);
    expect(created).toMatchObject({ status: 0, stderr: '' });
    expect(created.stdout).toMatch(/^key 'att1' created \(ML-DSA-65, attestation, sha256:[0-9a-f]{64}\)\n$/);
    expect(json(['key', 'create', 'kem1', '--algorithm', 'ML-KEM-768', '--purpose', 'kem'])).toMatchObject({
      name: 'kem1',
      algorithm: 'ML-KEM-768',
      purpose: 'kem',
      version: 1,
      public_key_bytes: 1184,
    });

    const taken = hvctl(['key', 'create', 'att1', '--algorithm', 'ML-DSA-44', '--purpose', 'signing']);
    expect(taken.status).toBe(2);
    expect(taken.stderr).toMatch(/^hvctl: KEY_ALREADY_EXISTS: /);
    const mismatch = hvctl(['key', 'create', 'x', '--algorithm', 'ML-KEM-768', '--purpose', 'attestation']);
    expect(mismatch.status).toBe(2);
    expect(mismatch.stderr).toMatch(/^hvctl: VALIDATION_ERROR: .*ML-DSA/);
  });

  it('follows an SLH-DSA generation and rotation (operations on the service) to the same output', () => {
    const created = hvctl([
      'key',
      'create',
      'slh1',
      '--algorithm',
      'SLH-DSA-SHA2-128f',
      '--purpose',
      'signing',
    ]);
    expect(created).toMatchObject({ status: 0, stderr: '' });
    expect(created.stdout).toMatch(
      /^key 'slh1' created \(SLH-DSA-SHA2-128f, signing, sha256:[0-9a-f]{64}\)\n$/,
    );
    const rotated = json(['key', 'rotate', 'slh1', '--revoke-previous']);
    expect(rotated).toMatchObject({ name: 'slh1', algorithm: 'SLH-DSA-SHA2-128f', version: 2 });
    expect(json(['key', 'delete', 'slh1'])).toMatchObject({ name: 'slh1' });
  });

  it('lists keys as a table and as JSON', () => {
    const { status, stdout } = hvctl(['key', 'list']);
    expect(status).toBe(0);
    expect(stdout.split('\n')[0]).toMatch(/^NAME +ALGORITHM +PURPOSE +VERSION +FINGERPRINT +CREATED$/);
    expect(row(stdout, 'att1')?.slice(0, 4)).toEqual(['att1', 'ML-DSA-65', 'attestation', '1']);
    expect(row(stdout, 'att1')?.[4]).toMatch(FINGERPRINT);
    expect(json<{ keys: { name: string }[] }>(['key', 'list']).keys.map((k) => k.name)).toEqual([
      'att1',
      'kem1',
    ]);
  });

  it('rotates a key, keeping earlier versions for verification unless told to revoke them', () => {
    const rotated = hvctl(['key', 'rotate', 'att1']);
    expect(rotated.status).toBe(0);
    expect(rotated.stdout).toMatch(
      /^key 'att1' rotated to version 2 \(sha256:[0-9a-f]{64}\); earlier versions still verify\n$/,
    );
    const details = hvctl(['key', 'get', 'att1']).stdout;
    expect(details).toMatch(/^algorithm: +ML-DSA-65 \(OID 2\.16\.840\.1\.101\.3\.4\.3\.18\)$/m);
    expect(details).toMatch(
      /^versions: +1 {2}sha256:\S+ {2}\S+ \S+ {2}verifies only\n +2 {2}sha256:\S+ {2}\S+ \S+ {2}current$/m,
    );

    const revoked = json(['key', 'rotate', 'kem1', '--revoke-previous']);
    expect(revoked.version).toBe(2);
    expect(revoked.versions[0].revoked_at).toEqual(expect.any(String));
    expect(revoked.versions[1]).toMatchObject({ revoked_at: null, current: true });
  });

  it('exports the public key raw (base64 alone, or JSON) and of a given version', () => {
    const raw = hvctl(['key', 'public', 'att1']);
    expect(raw.status).toBe(0);
    expect(raw.stdout).toMatch(/^[A-Za-z0-9+/]+={0,2}\n$/);
    expect(Buffer.from(raw.stdout.trim(), 'base64')).toHaveLength(1952);
    const current = json(['key', 'public', 'att1']);
    expect(current).toMatchObject({
      name: 'att1',
      version: 2,
      algorithm: 'ML-DSA-65',
      oid: ML_DSA_65_OID,
      format: 'raw',
      public_key: raw.stdout.trim(),
    });
    const first = json(['key', 'public', 'att1', '--version', '1']);
    expect(first.version).toBe(1);
    expect(first.public_key).not.toBe(current.public_key);

    const missing = hvctl(['key', 'public', 'att1', '--version', '9']);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/^hvctl: KEY_VERSION_NOT_FOUND: /);
    const both = hvctl(['key', 'public', 'att1', '--format', 'pem', '--json']);
    expect(both.status).not.toBe(0);
    expect(both.stdout).toBe('');
    expect(both.stderr).toContain('--format pem');
  });

  it('writes the PEM as-is, a SubjectPublicKeyInfo with the ML-DSA-65 OID', (context) => {
    const pem = hvctl(['key', 'public', 'att1', '--format', 'pem']);
    expect(pem.status).toBe(0);
    expect(pem.stdout).toMatch(/^-----BEGIN PUBLIC KEY-----\n[A-Za-z0-9+/=\n]+-----END PUBLIC KEY-----\n$/);
    if (openssl.skip) return context.skip(openssl.reason);
    const file = join(dir, 'att1.pem');
    writeFileSync(file, pem.stdout);
    const parsed = execFileSync('openssl', ['asn1parse', '-in', file], { encoding: 'utf8' });
    expect(parsed).toContain(`OBJECT            :${ML_DSA_65_OID}`);
    // The raw key (1952 bytes) behind the BIT STRING's unused-bits byte.
    expect(parsed).toMatch(/l= *1953 prim: BIT STRING/);
  });

  it('deletes a key', () => {
    expect(hvctl(['key', 'delete', 'kem1'])).toMatchObject({ status: 0, stdout: "key 'kem1' deleted\n" });
    const gone = hvctl(['key', 'get', 'kem1']);
    expect(gone.status).toBe(2);
    expect(gone.stderr).toMatch(/^hvctl: KEY_NOT_FOUND: /);
  });
});

describe('hvctl vm attest and hvctl pqc verify', SLOW, () => {
  let reportFile: string;
  let report: Record<string, any>;
  let nonce: string;

  beforeAll(() => {
    json(['vm', 'create', 'att-vm', '--cpus', '1', '--memory', '64M', '--kernel', 'vmlinuz']);
    json(['vm', 'start', 'att-vm']);
    reportFile = join(dir, 'report.json');
  });

  it('makes up a nonce, shows it on stderr and prints the report as JSON on stdout', () => {
    const attested = hvctl(['vm', 'attest', 'att-vm']);
    expect(attested.status).toBe(0);
    const shown = /^nonce: ([A-Za-z0-9+/]+=*)\n$/.exec(attested.stderr);
    expect(shown).not.toBeNull();
    nonce = shown?.[1] ?? '';
    expect(Buffer.from(nonce, 'base64')).toHaveLength(32);
    report = JSON.parse(attested.stdout) as Record<string, any>;
    expect(attested.stdout).toBe(`${JSON.stringify(report, null, 2)}\n`);
    expect(report).toMatchObject({
      format: 'hv-attestation/1',
      vm: { name: 'att-vm' },
      nonce,
      key: { name: 'host-attestation', version: 1 },
      algorithm: 'ML-DSA-65',
    });
    writeFileSync(reportFile, attested.stdout);
  });

  it('verifies the saved report: each check marked, exit 0', () => {
    const verified = hvctl(['pqc', 'verify', reportFile, '--nonce', nonce, '--max-age', '600']);
    expect(verified).toMatchObject({ status: 0, stderr: '' });
    expect(verified.stdout).toMatch(/^✓ format +hv-attestation\/1$/m);
    expect(verified.stdout).toMatch(/^✓ signature +ML-DSA-65 signature over the canonical report$/m);
    expect(verified.stdout).toMatch(/^✓ nonce +matches$/m);
    expect(verified.stdout).toMatch(/^✓ freshness +made \d+ s ago, within 600 s$/m);
    expect(verified.stdout.endsWith('\nreport valid\n')).toBe(true);

    const expected = hvctl([
      'pqc',
      'verify',
      reportFile,
      '--expected-measurement',
      report.measurement.value as string,
    ]);
    expect(expected.status).toBe(0);
    expect(expected.stdout).toMatch(/^✓ measurement +matches the expected value$/m);
    expect(expected.stdout).toMatch(/^– nonce +no nonce given to compare$/m);
  });

  it('signs with a named attestation key and the nonce given', () => {
    const given = Buffer.from('a verifier challenge').toString('base64');
    const attested = hvctl(['vm', 'attest', 'att-vm', '--nonce', given, '--key', 'att1']);
    expect(attested).toMatchObject({ status: 0, stderr: '' });
    expect(JSON.parse(attested.stdout)).toMatchObject({ nonce: given, key: { name: 'att1', version: 2 } });
    expect(hvctl(['pqc', 'verify', '-', '--nonce', given], { input: attested.stdout }).status).toBe(0);
  });

  it('fails a tampered report with exit 1, naming the failed check', () => {
    const tampered = structuredClone(report);
    tampered.counter = (tampered.counter as number) + 1000;
    const tamperedFile = join(dir, 'tampered.json');
    writeFileSync(tamperedFile, JSON.stringify(tampered, null, 2));
    const failed = hvctl(['pqc', 'verify', tamperedFile, '--nonce', nonce]);
    expect(failed.status).toBe(1);
    expect(failed.stdout).toMatch(/^✗ signature +the signature does not match the report/m);
    expect(failed.stdout).toMatch(/^✓ nonce +matches$/m);
    expect(failed.stdout.endsWith('\nreport INVALID: signature failed\n')).toBe(true);

    const asJson = hvctl(['pqc', 'verify', '-', '--json'], { input: JSON.stringify(tampered) });
    expect(asJson.status).toBe(1);
    expect(JSON.parse(asJson.stdout)).toMatchObject({
      valid: false,
      reasons: [expect.stringMatching(/^signature: /)],
    });

    const wrongNonce = hvctl([
      'pqc',
      'verify',
      reportFile,
      '--nonce',
      Buffer.from('another one').toString('base64'),
    ]);
    expect(wrongNonce.status).toBe(1);
    expect(wrongNonce.stdout).toMatch(/^✗ nonce +the report's nonce is not the one given$/m);
  });

  it('refuses input that is not JSON, and a VM that does not run', () => {
    const notJson = hvctl(['pqc', 'verify', '-'], { input: '{ "format": ' });
    expect(notJson.status).toBe(2);
    expect(notJson.stderr).toMatch(/^hvctl: BAD_INPUT: cannot use standard input: not JSON/);
    const noFile = hvctl(['pqc', 'verify', join(dir, 'nosuch.json')]);
    expect(noFile.status).toBe(2);
    expect(noFile.stderr).toMatch(/^hvctl: BAD_INPUT: cannot use '.*nosuch\.json': /);

    json(['vm', 'stop', 'att-vm', '--force']);
    const stopped = hvctl(['vm', 'attest', 'att-vm', '--nonce', nonce]);
    expect(stopped.status).toBe(2);
    expect(stopped.stderr).toMatch(/^hvctl: VM_NOT_RUNNING: /);
  });
});

describe('hvctl pqc', SLOW, () => {
  it('status: the backend, the latest self-test and the algorithms', () => {
    const { status, stdout } = hvctl(['pqc', 'status']);
    expect(status).toBe(0);
    expect(stdout).toMatch(/^backend: +software, @noble\/post-quantum \S+$/m);
    expect(stdout).toMatch(/^available: +yes$/m);
    expect(stdout).toMatch(/^self-test: +passed: \d+ tests in \d+ ms at \d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ$/m);
    expect(stdout).toMatch(/^ALGORITHM +KIND +STANDARD +CATEGORY +KAT +OID$/m);
    expect(row(stdout, 'ML-DSA-65')).toEqual([
      'ML-DSA-65',
      'signature',
      'FIPS 204',
      '3',
      'yes',
      ML_DSA_65_OID,
    ]);
    expect(row(stdout, 'SLH-DSA-SHA2-128s')?.[4]).toBe('no');
    expect(json(['pqc', 'status'])).toMatchObject({ available: true, self_test: { passed: true } });
  });

  it('self-test: one summary line, exit 0 when it passes', () => {
    const passed = hvctl(['pqc', 'self-test']);
    expect(passed).toMatchObject({ status: 0, stderr: '' });
    expect(passed.stdout).toMatch(/^self-test passed: \d+ tests in \d+ ms\n$/);
    const some = json(['pqc', 'self-test', '--algorithms', 'ML-KEM-512']);
    expect(some).toMatchObject({ passed: true, failed: 0 });
    expect(some.tests.filter((t: { kind: string }) => t.kind === 'pairwise')).toHaveLength(1);
    const unknown = hvctl(['pqc', 'self-test', '--algorithms', 'ML-KEM-9']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/^hvctl: VALIDATION_ERROR: .*algorithms/);
  });

  it('benchmark: a row per algorithm and operation', () => {
    const bench = hvctl(['pqc', 'benchmark', '--iterations', '2']);
    expect(bench).toMatchObject({ status: 0, stderr: '' });
    const lines = bench.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ALGORITHM +OPERATION +ITERATIONS +OPS\/S +MEAN LATENCY$/);
    const rows = lines.slice(1, 7).map((line) => line.split(/ +/));
    expect(rows.map((cells) => `${cells[0]} ${cells[1]}`)).toEqual([
      'ML-KEM-768 keygen',
      'ML-KEM-768 encapsulate',
      'ML-KEM-768 decapsulate',
      'ML-DSA-65 keygen',
      'ML-DSA-65 sign',
      'ML-DSA-65 verify',
    ]);
    for (const cells of rows) {
      expect(cells[2]).toBe('2');
      expect(cells[3]).toMatch(/^\d+\.\d$/);
      expect(cells.slice(4)).toEqual([expect.stringMatching(/^\d+\.\d{3}$/), 'ms']);
    }
    expect(lines.at(-1)).toMatch(/^2 iterations; @noble\/post-quantum@\S+, node v\S+, .+$/);

    const one = json(['pqc', 'benchmark', '--algorithms', 'ML-DSA-44', '--iterations', '1']);
    expect(one.results.map((r: { operation: string }) => r.operation)).toEqual(['keygen', 'sign', 'verify']);
    const bad = hvctl(['pqc', 'benchmark', '--seconds', 'soon']);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain("option '--seconds <s>' argument 'soon' is invalid");
  });
});

describe('hvctl pqc benchmark interrupted', SLOW, () => {
  it('asks the service to cancel its operation on Ctrl-C, and exits with OPERATION_CANCELLED', async () => {
    // Left alone: 3 operations × 10 s.
    const child = spawn(
      process.execPath,
      [HVCTL, 'pqc', 'benchmark', '--algorithms', 'ML-DSA-65', '--seconds', '10', '--socket', socket],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const running = () => json(['pqc', 'status']).workers.running as number;
    await until('the benchmark thread', () => running() === 1, { timeoutMs: 20_000 });
    child.kill('SIGINT');
    expect(await exited).toBe(1);
    expect(stderr).toMatch(/^cancelling operation [0-9a-f-]{36}\.\.\.$/m);
    expect(stderr).toMatch(/^hvctl: OPERATION_CANCELLED: cancelled on request$/m);
    await until('the thread to exit', () => running() === 0, { timeoutMs: 5_000 });
    const listed = await socketApi(cli.runDir, 'GET', '/operations');
    const ended = (listed.body.operations as { kind: string; status: string }[]).find(
      (op) => op.kind === 'pqc.benchmark',
    );
    expect(ended?.status).toBe('cancelled');
  });
});

describe('hvctl pqc with a failed self-test', SLOW, () => {
  let broken: CliService;
  let brokenSocket: string;

  beforeAll(async () => {
    // One expected ML-DSA-65 signature changed: its known-answer test fails.
    const brokenDir = mkdtempSync(join(tmpdir(), 'hvctl-pqc-broken-'));
    broken = await startCliService({
      dir: brokenDir,
      args: ['--pqc-vectors-dir', corruptedVectors(brokenDir)],
    });
    brokenSocket = broken.socket;
  });

  afterAll(async () => broken?.stop());

  it('self-test exits 1 and names the failed test; status says PQC is unavailable', () => {
    const failed = hvctl(['pqc', 'self-test'], { socket: brokenSocket });
    expect(failed.status).toBe(1);
    expect(failed.stdout).toMatch(
      /^self-test FAILED: 1 of \d+ tests failed in \d+ ms\n✗ ML-DSA-65 sigGen tcId \d+: signature differs from the expected value\n$/,
    );
    const status = hvctl(['pqc', 'status'], { socket: brokenSocket });
    expect(status.status).toBe(0);
    expect(status.stdout).toMatch(/^available: +no: the latest self-test failed$/m);
    expect(status.stdout).toMatch(/^self-test: +FAILED: 1 of \d+ tests failed in \d+ ms at /m);
    const refused = hvctl(['pqc', 'benchmark', '--iterations', '1'], { socket: brokenSocket });
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/^hvctl: PQC_UNAVAILABLE: /);
  });
});
