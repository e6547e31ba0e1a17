/**
 * The service bound beyond loopback, in a network namespace of the test's own (a veth pair
 * inside it, one end with a 10.x address; the host's network is never touched): TLS with a self-signed certificate
 * made at the first start and reused at the next, plain HTTP to its port refused cleanly, and
 * `--insecure-tcp` serving plain TCP with a warning.
 */
import { X509Certificate, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { certificateFingerprint } from '@lab/server-kit';
import type { ServiceProcess } from '@lab/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNetns, netnsGate, type Netns } from '../support/netns.js';
import { serveHypervisor } from '../support/serve.js';
import { socketRequest } from '../support/socket-client.js';
import { until } from '../support/until.js';

const gate = netnsGate(['curl']);

describe.skipIf(gate.skip)('TCP listeners beyond loopback', { timeout: 120_000 }, () => {
  let netns: Netns;
  let address: string;
  const dirs: string[] = [];
  const services: ServiceProcess[] = [];

  const tempDir = (): string => {
    const dir = mkdtempSync(join(tmpdir(), 'hv-tls-netns-'));
    dirs.push(dir);
    return dir;
  };
  /** The service, and the REST listener's URL and log line (the gRPC listener logs its own). */
  const serve = async (
    dir: string,
    args: string[] = [],
  ): Promise<ServiceProcess & { rest: string; listening: Record<string, unknown> }> => {
    const service = await serveHypervisor(
      dir,
      [
        '--host',
        address,
        '--grpc-port',
        '0',
        '--driver',
        'simulated',
        '--accel',
        'tcg',
        '--log-level',
        'debug',
        ...args,
      ],
      { prefix: ['ip', 'netns', 'exec', netns.name], timeoutMs: 30_000 },
    );
    services.push(service);
    const listening = await until('the REST listener', () =>
      service.logs.find((entry) => entry.msg === 'hypervisor API listening'),
    );
    return Object.assign(service, { rest: String(listening.url), listening });
  };
  const curl = (args: string[]) => netns.tryExec('curl', ['-s', '--max-time', '10', ...args]);
  const info = async (dir: string) =>
    (await socketRequest(join(dir, 'run', 'api.sock'), 'GET', '/api/v1/system/info')).body as {
      tls: { enabled: boolean; fingerprint: string | null; self_signed: boolean };
    };

  beforeAll(async () => {
    netns = await createNetns();
    address = `10.${randomInt(1, 250)}.${randomInt(1, 250)}.1`;
    // A veth pair with both ends inside (this kernel has no dummy device): an address that is not loopback.
    await netns.exec('ip', ['link', 'add', 'hvtls0', 'type', 'veth', 'peer', 'name', 'hvtls1']);
    await netns.exec('ip', ['addr', 'add', `${address}/24`, 'dev', 'hvtls0']);
    await netns.exec('ip', ['link', 'set', 'hvtls0', 'up']);
    await netns.exec('ip', ['link', 'set', 'hvtls1', 'up']);
  });

  afterAll(async () => {
    for (const service of services) await service.stop();
    await netns?.destroy();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('serves https with a self-signed certificate made at the first start and reused at the next', async () => {
    const dir = tempDir();
    const first = await serve(dir);
    expect(first.rest).toMatch(new RegExp(`^https://${address.replace(/\./g, '\\.')}:\\d+/api/v1$`));
    const fingerprint = String(first.listening.tls_fingerprint);
    expect(fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(first.logs.map((entry) => entry.msg)).toContain('TLS with a self-signed certificate made now');
    expect((await info(dir)).tls).toEqual({ enabled: true, fingerprint, self_signed: true });

    // The host CA served in the chain vouches for the listen address (a SAN), as a client that trusts it checks.
    const chain = await curl(['-k', '-w', '%{certs}', '-o', '/dev/null', `${first.rest}/health`]);
    const pems = chain.stdout.match(/-----BEGIN CERTIFICATE-----[^-]+-----END CERTIFICATE-----/g) ?? [];
    expect(pems).toHaveLength(2);
    expect(certificateFingerprint(new X509Certificate(pems[0]!).raw)).toBe(fingerprint);
    const caFile = join(dir, 'ca.pem');
    writeFileSync(caFile, pems[1]!);
    const verified = await curl([
      '--cacert',
      caFile,
      '-o',
      '/dev/null',
      '-w',
      '%{http_code}',
      `${first.rest}/health`,
    ]);
    expect(verified.stdout).toBe('200');

    await first.stop();
    const second = await serve(dir);
    expect(second.logs.map((entry) => entry.msg)).toContain(
      'TLS with the self-signed certificate made earlier',
    );
    expect(second.listening.tls_fingerprint).toBe(fingerprint);
    expect((await info(dir)).tls.fingerprint).toBe(fingerprint);
  });

  it('answers plain HTTP to the TLS port with 400 TLS_REQUIRED and closes, and keeps serving', async () => {
    const service = await serve(tempDir());
    const plain = service.rest.replace(/^https:/, 'http:');
    const answer = await curl(['-i', `${plain}/health`]);
    expect(answer.code).toBe(0);
    expect(answer.stdout).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer.stdout).toContain('"code":"TLS_REQUIRED"');
    expect(answer.stdout).toContain(`use https://${address}:`);
    const again = await curl(['-k', '-o', '/dev/null', '-w', '%{http_code}', `${service.rest}/health`]);
    expect(again.stdout).toBe('200');
    expect(service.logs.some((entry) => entry.msg === 'plain HTTP on the TLS port refused')).toBe(true);
  });

  it('serves plain TCP with --insecure-tcp, and warns that tokens cross the network in clear', async () => {
    const dir = tempDir();
    const service = await serve(dir, ['--insecure-tcp']);
    expect(service.rest).toMatch(/^http:\/\//);
    const warning = service.logs.find((entry) => /tokens cross the network in clear/.test(String(entry.msg)));
    expect(warning).toMatchObject({ level: 40, hosts: [address, address] });
    const answer = await curl(['-o', '/dev/null', '-w', '%{http_code}', `${service.rest}/health`]);
    expect(answer.stdout).toBe('200');
    expect((await info(dir)).tls).toEqual({ enabled: false, fingerprint: null, self_signed: false });
  });
});
