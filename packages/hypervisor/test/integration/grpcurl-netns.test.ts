/**
 * A real grpcurl against the gRPC listener of a service bound beyond loopback, in a network
 * namespace of the test's own (a veth pair inside it, one end with a 10.x address): TLS with the
 * self-signed certificate the service made at its first start, which grpcurl trusts when given the
 * host CA from the data directory, and refuses otherwise.
 */
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServiceProcess } from '@lab/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CERT_FILE, TLS_DIR } from '../../src/drivers/tls-certificate.js';
import { createNetns, netnsGate, type Netns } from '../support/netns.js';
import { serveHypervisor } from '../support/serve.js';
import { until } from '../support/until.js';

const gate = netnsGate(['grpcurl']);

describe.skipIf(gate.skip)('grpcurl through a gRPC listener beyond loopback', { timeout: 60_000 }, () => {
  let netns: Netns;
  let dir: string;
  let service: ServiceProcess;
  let target: string;

  beforeAll(async () => {
    netns = await createNetns();
    const address = `10.${randomInt(1, 250)}.${randomInt(1, 250)}.1`;
    await netns.exec('ip', ['link', 'add', 'hvgrpc0', 'type', 'veth', 'peer', 'name', 'hvgrpc1']);
    await netns.exec('ip', ['addr', 'add', `${address}/24`, 'dev', 'hvgrpc0']);
    await netns.exec('ip', ['link', 'set', 'hvgrpc0', 'up']);
    await netns.exec('ip', ['link', 'set', 'hvgrpc1', 'up']);
    dir = mkdtempSync(join(tmpdir(), 'hv-grpcurl-netns-'));
    service = await serveHypervisor(
      dir,
      ['--host', address, '--grpc-port', '0', '--driver', 'simulated', '--accel', 'tcg'],
      { prefix: ['ip', 'netns', 'exec', netns.name], timeoutMs: 30_000 },
    );
    const listening = await until('the gRPC listener', () =>
      service.logs.find((entry) => entry.msg === 'gRPC listening'),
    );
    const url = String(listening.url);
    expect(url).toMatch(new RegExp(`^grpcs://${address.replace(/\./g, '\\.')}:\\d+$`));
    target = url.replace(/^grpcs:\/\//, '');
  });

  afterAll(async () => {
    await service?.stop();
    await netns?.destroy();
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });

  const grpcurl = (args: string[]) =>
    netns.tryExec('grpcurl', ['-max-time', '10', '-connect-timeout', '3', ...args]);

  it('lists the services and checks health over TLS, trusting the self-signed host CA', async () => {
    const ca = join(dir, 'data', TLS_DIR, CERT_FILE);
    const listed = await grpcurl(['-cacert', ca, target, 'list']);
    expect(listed.code).toBe(0);
    expect(listed.stdout.split('\n')).toContain('hypervisor.v1.VmService');
    const check = await grpcurl(['-cacert', ca, target, 'grpc.health.v1.Health/Check']);
    expect(JSON.parse(check.stdout)).toEqual({ status: 'SERVING' });
  });

  it('is refused by grpcurl without the CA, and in cleartext', async () => {
    const untrusted = await grpcurl([target, 'list']);
    expect(untrusted.code).not.toBe(0);
    expect(untrusted.stderr).toMatch(/x509|certificate/);
    const plain = await grpcurl(['-plaintext', target, 'list']);
    expect(plain.code).not.toBe(0);
  });
});
