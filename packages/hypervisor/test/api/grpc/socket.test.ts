/**
 * gRPC on the Unix socket `{run_dir}/grpc.sock`, called by a real grpcurl (`-unix`): as REST's
 * api.sock, the file is mode 0660 and a call there is the principal `socket` with every scope and
 * no token, while the TCP port still asks for one; a stale socket file is replaced at start, and
 * the file is gone after shutdown.
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { requireTools } from '@lab/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../support/in-process.js';
import { socketRequest } from '../../support/socket-client.js';

const run = promisify(execFile);
const gate = requireTools(['grpcurl', 'python3']);

async function grpcurl(args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run('grpcurl', ['-max-time', '10', ...args]);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

// grpcurl 1.9.3 dials a Unix socket only with both `-unix` and a `unix://` address.
const VM = JSON.stringify({
  name: 'sock1',
  cpu: { count: 1 },
  memory: { size: '64M' },
  boot: { kernel: 'vmlinuz' },
});

describe.skipIf(gate.skip)('gRPC on the Unix socket', { timeout: 30_000 }, () => {
  let dir: string;
  let service: TestService;
  let grpcSocket: string;
  let closed = false;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hv-grpc-sock-'));
    grpcSocket = join(dir, 'run', 'grpc.sock');
    // A socket file left behind by a process that died without unlinking it.
    mkdirSync(join(dir, 'run'), { recursive: true });
    mkdirSync(join(dir, 'data', 'boot'), { recursive: true });
    writeFileSync(join(dir, 'data', 'boot', 'vmlinuz'), 'kernel');
    execFileSync('python3', [
      '-c',
      'import socket, sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])',
      grpcSocket,
    ]);
    expect(statSync(grpcSocket).isSocket()).toBe(true);
    service = await startTestService({ dir });
  });
  afterAll(async () => {
    if (!closed) await service?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('replaces the stale socket file and serves on it, mode 0660', async () => {
    const stat = statSync(grpcSocket);
    expect(stat.isSocket()).toBe(true);
    expect(stat.mode & 0o777).toBe(0o660);
    const listed = await grpcurl(['-plaintext', '-unix', `unix://${grpcSocket}`, 'list']);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain('hypervisor.v1.VmService');
  });

  it('takes every call without a token as the principal socket, which the audit names', async () => {
    const created = await grpcurl([
      '-plaintext',
      '-unix',
      '-d',
      VM,
      `unix://${grpcSocket}`,
      'hypervisor.v1.VmService/CreateVm',
    ]);
    expect(created.stderr).toBe('');
    expect(JSON.parse(created.stdout)).toMatchObject({ name: 'sock1', state: 'CREATED' });
    // Token management needs `admin`: the socket has it.
    const tokens = await grpcurl([
      '-plaintext',
      '-unix',
      `unix://${grpcSocket}`,
      'hypervisor.v1.TokenService/ListTokens',
    ]);
    expect(tokens.code).toBe(0);
    const audit = await socketRequest(join(dir, 'run', 'api.sock'), 'GET', '/api/v1/audit/events');
    expect(audit.body.events).toContainEqual(
      expect.objectContaining({
        actor: 'socket',
        transport: 'grpc',
        path: '/hypervisor.v1.VmService/CreateVm',
        resource: 'vm/sock1',
      }),
    );
  });

  it('still asks for a token on the TCP port', async () => {
    const address = (service.app.grpcUrl ?? '').replace(/^grpc:\/\//, '');
    const refused = await grpcurl(['-plaintext', address, 'hypervisor.v1.VmService/ListVms']);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('Code: Unauthenticated');
  });

  it('removes the socket file on shutdown', async () => {
    await service.close();
    closed = true;
    expect(existsSync(grpcSocket)).toBe(false);
    expect(existsSync(join(dir, 'run', 'api.sock'))).toBe(false);
  });
});
