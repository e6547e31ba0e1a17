/**
 * Health and server reflection answered to a real grpcurl (a client built elsewhere, from the Go
 * module proxy: scripts/system-tools.mjs), against the in-process service: it lists and describes
 * the services without the proto files, calls an RPC with a token and prints the ErrorInfo of its
 * failure, checks health; over TLS it trusts the certificate's CA and refuses another.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { requireTools } from '@lab/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSelfSigned } from '../../../src/drivers/tls-certificate.js';
import { startTestService, type TestService } from '../../support/in-process.js';
import { createToken } from '../../support/socket-client.js';

const run = promisify(execFile);
const gate = requireTools(['grpcurl']);

/** grpcurl's exit code and output; a failed call is an answer here, not an exception. */
async function grpcurl(args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run('grpcurl', ['-max-time', '10', ...args]);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

const SERVICES = [
  'grpc.health.v1.Health',
  'grpc.reflection.v1.ServerReflection',
  'grpc.reflection.v1alpha.ServerReflection',
  'hypervisor.v1.VmService',
];

describe.skipIf(gate.skip)('grpcurl against the gRPC listener', { timeout: 30_000 }, () => {
  describe('in cleartext on loopback', () => {
    let service: TestService;
    let address: string;
    let reader: string;
    beforeAll(async () => {
      service = await startTestService();
      address = (service.app.grpcUrl ?? '').replace(/^grpc:\/\//, '');
      reader = await createToken(join(service.runDir, 'api.sock'), ['vm:read']);
    });
    afterAll(() => service.close());

    it('lists every served service through reflection', async () => {
      const listed = await grpcurl(['-plaintext', address, 'list']);
      expect(listed.code).toBe(0);
      const names = listed.stdout.trim().split('\n');
      for (const name of SERVICES) expect(names).toContain(name);
    });

    it('describes VmService and a message without the proto files', async () => {
      const described = await grpcurl(['-plaintext', address, 'describe', 'hypervisor.v1.VmService']);
      expect(described.code).toBe(0);
      expect(described.stdout).toContain('service VmService {');
      expect(described.stdout).toMatch(
        /rpc GetVm \( \.hypervisor\.v1\.GetVmRequest \) returns \( \.hypervisor\.v1\.VmInfo \)/,
      );
      expect(described.stdout).toMatch(
        /rpc WatchVmEvents \( \.hypervisor\.v1\.\w+ \) returns \( stream \.hypervisor\.v1\.VmEvent \)/,
      );
      const message = await grpcurl(['-plaintext', address, 'describe', 'hypervisor.v1.VmInfo']);
      expect(message.code).toBe(0);
      expect(message.stdout).toContain('.google.protobuf.Timestamp created_at');
    });

    it('calls GetVm with a token and prints the NOT_FOUND status with its ErrorInfo', async () => {
      const call = await grpcurl([
        '-plaintext',
        '-H',
        `authorization: Bearer ${reader}`,
        '-d',
        '{"name":"x"}',
        address,
        'hypervisor.v1.VmService/GetVm',
      ]);
      expect(call.code).not.toBe(0);
      expect(call.stderr).toContain('Code: NotFound');
      expect(call.stderr).toContain('"@type": "type.googleapis.com/google.rpc.ErrorInfo"');
      expect(call.stderr).toContain('"reason": "VM_NOT_FOUND"');
      expect(call.stderr).toContain('"domain": "hypervisor"');
    });

    it('refuses the same call without a token: UNAUTHENTICATED', async () => {
      const call = await grpcurl([
        '-plaintext',
        '-d',
        '{"name":"x"}',
        address,
        'hypervisor.v1.VmService/GetVm',
      ]);
      expect(call.stderr).toContain('Code: Unauthenticated');
      expect(call.stderr).toContain('"reason": "UNAUTHORIZED"');
    });

    it('answers health checks without a token: the server and each service SERVING, an unknown one NOT_FOUND', async () => {
      for (const name of ['', 'hypervisor.v1.VmService']) {
        const check = await grpcurl([
          '-plaintext',
          '-d',
          JSON.stringify({ service: name }),
          address,
          'grpc.health.v1.Health/Check',
        ]);
        expect(check.code).toBe(0);
        expect(JSON.parse(check.stdout)).toEqual({ status: 'SERVING' });
      }
      const unknown = await grpcurl([
        '-plaintext',
        '-d',
        '{"service":"nope.v1.Nope"}',
        address,
        'grpc.health.v1.Health/Check',
      ]);
      expect(unknown.stderr).toContain('Code: NotFound');
    });
  });

  describe('over TLS with a certificate given', () => {
    let service: TestService;
    let address: string;
    let dir: string;
    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'hv-grpcurl-tls-'));
      const names = { commonName: 'localhost', dnsNames: ['localhost'], ipAddresses: ['127.0.0.1'] };
      const [identity, other] = await Promise.all([makeSelfSigned(names), makeSelfSigned(names)]);
      writeFileSync(join(dir, 'cert.pem'), identity.certPem);
      writeFileSync(join(dir, 'key.pem'), identity.keyPem, { mode: 0o600 });
      writeFileSync(join(dir, 'other.pem'), other.certPem);
      service = await startTestService({
        config: { tlsCert: join(dir, 'cert.pem'), tlsKey: join(dir, 'key.pem') },
      });
      address = (service.app.grpcUrl ?? '').replace(/^grpcs:\/\//, '');
    });
    afterAll(async () => {
      await service.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it('is served as grpcs:// and answers grpcurl trusting the certificate (-cacert)', async () => {
      expect(service.app.grpcUrl).toMatch(/^grpcs:\/\/127\.0\.0\.1:\d+$/);
      const listed = await grpcurl(['-cacert', join(dir, 'cert.pem'), address, 'list']);
      expect(listed.code).toBe(0);
      expect(listed.stdout).toContain('hypervisor.v1.VmService');
      const check = await grpcurl(['-cacert', join(dir, 'cert.pem'), address, 'grpc.health.v1.Health/Check']);
      expect(JSON.parse(check.stdout)).toEqual({ status: 'SERVING' });
    });

    it('is refused by grpcurl trusting another CA, or the system CAs, and by a plaintext grpcurl', async () => {
      const other = await grpcurl(['-cacert', join(dir, 'other.pem'), address, 'list']);
      expect(other.code).not.toBe(0);
      expect(other.stderr).toMatch(/certificate signed by unknown authority|x509/);
      const system = await grpcurl([address, 'list']);
      expect(system.code).not.toBe(0);
      expect(system.stderr).toMatch(/x509|certificate/);
      // grpc-go redials a connection the server closed until its timeout: 3 s.
      const plain = await grpcurl(['-plaintext', '-connect-timeout', '3', address, 'list']);
      expect(plain.stderr).toContain('Failed to dial target host');
      expect(plain.code).not.toBe(0);
      // The server survives all three.
      const again = await grpcurl(['-cacert', join(dir, 'cert.pem'), address, 'list']);
      expect(again.code).toBe(0);
    });
  });
});
