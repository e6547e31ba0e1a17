/**
 * clients/testing/live-services.mjs, the harness the client libraries' suites run under: a command
 * run under it finds the three hosts it describes in its environment (each answering, the tokens
 * with their scopes, the TLS host with the pinned certificate), and every service and temporary
 * directory is gone after, whether the command passes, fails, cannot start, or the harness is
 * stopped by a signal.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { until } from '../support/until.js';

const HARNESS = fileURLToPath(new URL('../../clients/testing/live-services.mjs', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'hv-harness-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function harness(command: readonly string[], onSpawn?: (pid: number) => void): Promise<Run> {
  const child = spawn(process.execPath, [HARNESS, '--', ...command], { stdio: ['ignore', 'pipe', 'pipe'] });
  if (child.pid !== undefined) onSpawn?.(child.pid);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}

/** `node -e SCRIPT` under the harness; the script writes the environment it saw to `envFile` first. */
function nodeCommand(script: string, envFile: string): string[] {
  const prelude = `require('node:fs').writeFileSync(${JSON.stringify(envFile)}, JSON.stringify(process.env));`;
  return [process.execPath, '-e', prelude + script];
}

/** The processes whose command line names `dir` (every service the harness started does). */
function processesUsing(dir: string): string[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((pid) => {
      try {
        const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
        return cmdline.includes(dir) ? [`${pid}: ${cmdline}`] : [];
      } catch {
        return []; // Gone while being read.
      }
    });
}

/** Every host's temporary root, from the environment the command saw, is gone, with its processes. */
function expectCleanedUp(envFile: string): void {
  const env = JSON.parse(readFileSync(envFile, 'utf8')) as Record<string, string>;
  // HV_SOCKET is <root>/a/run/api.sock.
  const root = dirname(dirname(dirname(env.HV_SOCKET ?? '')));
  expect(root).toMatch(/hv-live-/);
  expect(existsSync(root)).toBe(false);
  expect(processesUsing(root)).toEqual([]);
}

// Runs inside the harness: plain Node, no dependencies, so it checks the wire itself.
const CHECKS = String.raw`
const http2 = require('node:http2');
const https = require('node:https');
const assert = require('node:assert/strict');
const env = process.env;
const get = async (url, token, init = {}) =>
  (await fetch(url + '/api/v1' + init.path, { method: init.method ?? 'GET',
    headers: { ...(token ? { authorization: 'Bearer ' + token } : {}), 'content-type': 'application/json' },
    body: init.body })).status;
// A gRPC health check (an empty request: one 5-byte frame header) over HTTP/2; the grpc-status it ends with.
const health = (authority, options = {}) => new Promise((resolve, reject) => {
  const session = http2.connect(authority, options);
  session.on('error', reject);
  const call = session.request({ ':method': 'POST', ':path': '/grpc.health.v1.Health/Check',
    'content-type': 'application/grpc', te: 'trailers' });
  let fingerprint;
  call.on('response', () => (fingerprint = session.socket.getPeerCertificate?.().fingerprint256));
  call.on('trailers', (trailers) => { session.close(); resolve({ status: trailers['grpc-status'], fingerprint }); });
  call.on('error', reject);
  call.on('data', () => {});
  call.end(Buffer.alloc(5));
});
const pin = (fingerprint) => fingerprint.replaceAll(':', '').toLowerCase();
(async () => {
  const vms = { path: '/vms' };
  assert.equal(await get(env.HV_REST_URL, env.HV_TOKEN, vms), 200);
  assert.equal(await get(env.HV_REST_URL, env.HV_TOKEN_VM_READ, vms), 200);
  assert.equal(await get(env.HV_REST_URL, env.HV_TOKEN_VM_READ, { path: '/vms', method: 'POST', body: '{}' }), 403);
  assert.equal(await get(env.HV_REST_URL, env.HV_TOKEN_BAD, vms), 401);
  assert.equal(await get(env.HV_REST_URL, env.HV_TOKEN, { path: '/tokens' }), 200);
  assert.equal(await get(env.HV_PEER_REST_URL, env.HV_PEER_TOKEN, vms), 200);
  assert.equal(await get(env.HV_PEER_REST_URL, env.HV_TOKEN, vms), 401, 'A token is not B token');
  const pools = async (url, token) => {
    const response = await fetch(url + '/api/v1/storage/pools', { headers: { authorization: 'Bearer ' + token } });
    return (await response.json()).pools.find((pool) => pool.name === env.HV_SHARED_POOL)?.path;
  };
  const sharedPath = await pools(env.HV_REST_URL, env.HV_TOKEN);
  assert.ok(sharedPath);
  assert.equal(await pools(env.HV_PEER_REST_URL, env.HV_PEER_TOKEN), sharedPath);
  assert.equal((await health('http://' + env.HV_GRPC_ADDR)).status, '0');
  assert.equal((await health('http://' + env.HV_PEER_GRPC_ADDR)).status, '0');
  const grpcTls = await health('https://' + env.HV_TLS_GRPC_ADDR, { rejectUnauthorized: false });
  assert.equal(grpcTls.status, '0');
  assert.equal(pin(grpcTls.fingerprint), env.HV_TLS_FINGERPRINT);
  assert.match(env.HV_TLS_FINGERPRINT, /^[0-9a-f]{64}$/);
  assert.match(env.HV_TLS_WRONG_FINGERPRINT, /^[0-9a-f]{64}$/);
  assert.notEqual(env.HV_TLS_WRONG_FINGERPRINT, env.HV_TLS_FINGERPRINT);
  assert.match(env.HV_TLS_REST_URL, /^https:\/\/127\.0\.0\.1:\d+$/);
  const rest = await new Promise((resolve, reject) => {
    const req = https.get(env.HV_TLS_REST_URL + '/api/v1/system/info',
      { rejectUnauthorized: false, headers: { authorization: 'Bearer ' + env.HV_TLS_TOKEN } }, (res) => {
        const fingerprint = res.socket.getPeerCertificate().fingerprint256;
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode, body: JSON.parse(body), fingerprint }));
      });
    req.on('error', reject);
  });
  assert.equal(rest.status, 200);
  assert.equal(pin(rest.fingerprint), env.HV_TLS_FINGERPRINT);
  assert.equal(rest.body.tls.fingerprint, env.HV_TLS_FINGERPRINT);
  const overSocket = await new Promise((resolve, reject) => {
    require('node:http').get({ socketPath: env.HV_SOCKET, path: '/api/v1/vms' }, (res) => resolve(res.statusCode)).on('error', reject);
  });
  assert.equal(overSocket, 200);
  assert.ok(require('node:fs').statSync(env.HV_GRPC_SOCKET).isSocket());
  assert.equal(env.HV_BOOT_DIR, undefined);
  assert.equal(env.HV_CONFORMANCE_OUT, undefined);
  console.log('checks passed');
})().catch((error) => { console.error(error); process.exit(1); });
`;

describe('live-services harness', () => {
  it('gives the command three live hosts, with tokens of the scopes it says and the TLS fingerprint', async () => {
    const envFile = join(scratch, 'ok.json');
    const result = await harness(nodeCommand(CHECKS, envFile));
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('checks passed\n');
    expect(result.code).toBe(0);
    expectCleanedUp(envFile);
  }, 240_000);

  it("exits with a failing command's code, after cleaning up", async () => {
    const envFile = join(scratch, 'fail.json');
    const result = await harness(nodeCommand('process.exit(3)', envFile));
    expect(result.code).toBe(3);
    expectCleanedUp(envFile);
  }, 240_000);

  it('cleans up when stopped by SIGTERM while the command runs, and exits 143', async () => {
    const envFile = join(scratch, 'signal.json');
    let pid = 0;
    const run = harness(nodeCommand('setInterval(() => {}, 1000)', envFile), (p) => (pid = p));
    await until('the command to start', () => existsSync(envFile), { timeoutMs: 200_000 });
    process.kill(pid, 'SIGTERM');
    expect((await run).code).toBe(143);
    expectCleanedUp(envFile);
  }, 240_000);

  it('exits 127 when the command cannot be run, before starting any service, and 2 without a command', async () => {
    const before = readdirSync(tmpdir()).filter((name) => name.startsWith('hv-live-'));
    const missing = await harness([join(scratch, 'no-such-command')]);
    expect(missing.code).toBe(127);
    expect(missing.stderr).toMatch(/cannot run .*no-such-command/);
    const after = readdirSync(tmpdir()).filter((name) => name.startsWith('hv-live-'));
    expect(after.filter((name) => !before.includes(name))).toEqual([]);
    expect((await harness([])).code).toBe(2);
  }, 240_000);
});
