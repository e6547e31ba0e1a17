/**
 * `hvctl remote` against a service bound beyond loopback, in a network namespace of the test's own
 * (a veth pair inside it, one end with a 10.x address; the host's network is never touched): the
 * certificate is the one the service made itself at its first start (a host CA and the server
 * certificate it signs, served as a chain), and `hvctl` runs inside the namespace as a client on
 * another host would.
 */
import { randomInt } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServiceProcess } from '@lab/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runHvctl } from '../support/cli.js';
import { createNetns, netnsGate, type Netns } from '../support/netns.js';
import { HVCTL, serveHypervisor } from '../support/serve.js';
import { until } from '../support/until.js';

const gate = netnsGate();

describe.skipIf(gate.skip)('hvctl remote to a service beyond loopback', { timeout: 120_000 }, () => {
  let netns: Netns;
  let dir: string;
  let service: ServiceProcess;
  let origin: string;
  let fingerprint: string;
  let token: string;

  /** `hvctl ARGS` inside the namespace, with the test's configuration directory. */
  const hvctl = (args: readonly string[]) =>
    netns.tryExec('env', [`XDG_CONFIG_HOME=${join(dir, 'config')}`, process.execPath, HVCTL, ...args], {
      timeoutMs: 60_000,
    });

  beforeAll(async () => {
    netns = await createNetns();
    const address = `10.${randomInt(1, 250)}.${randomInt(1, 250)}.1`;
    // A veth pair with both ends inside (this kernel has no dummy device): an address that is not loopback.
    await netns.exec('ip', ['link', 'add', 'hvrm0', 'type', 'veth', 'peer', 'name', 'hvrm1']);
    await netns.exec('ip', ['addr', 'add', `${address}/24`, 'dev', 'hvrm0']);
    await netns.exec('ip', ['link', 'set', 'hvrm0', 'up']);
    await netns.exec('ip', ['link', 'set', 'hvrm1', 'up']);
    dir = mkdtempSync(join(tmpdir(), 'hvctl-remote-netns-'));
    mkdirSync(join(dir, 'data', 'boot'), { recursive: true });
    writeFileSync(join(dir, 'data', 'boot', 'vmlinuz'), 'not a kernel');
    service = await serveHypervisor(dir, ['--host', address, '--grpc-port', '0', '--driver', 'simulated'], {
      prefix: ['ip', 'netns', 'exec', netns.name],
      timeoutMs: 60_000,
    });
    const listening = await until('the REST listener', () =>
      service.logs.find((entry) => entry.msg === 'hypervisor API listening'),
    );
    origin = new URL(String(listening.url)).origin;
    fingerprint = String(listening.tls_fingerprint);
    const made = runHvctl(join(dir, 'run', 'api.sock'), [
      'token',
      'create',
      '--name',
      'far',
      '--scopes',
      'admin',
    ]);
    expect(made.status).toBe(0);
    token = made.stdout.trim();
  }, 120_000);

  afterAll(async () => {
    await service?.stop();
    await netns?.destroy();
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });

  it('shows the fingerprint the service logged, pins it, and manages the host through it', async () => {
    expect(origin).toMatch(/^https:\/\/10\.\d+\.\d+\.1:\d+$/);
    expect(fingerprint).toMatch(/^[0-9a-f]{64}$/);
    const untrusted = await hvctl(['remote', 'add', 'far', origin, '--token', token]);
    expect(untrusted.code).toBe(2);
    expect(untrusted.stderr).toContain(`fingerprint:  ${fingerprint} (SHA-256)`);
    expect(untrusted.stderr).toContain('CERTIFICATE_NOT_TRUSTED');

    const added = await hvctl([
      'remote',
      'add',
      'far',
      origin,
      '--token',
      token,
      '--fingerprint',
      fingerprint,
    ]);
    expect(added.stderr).toBe('');
    expect(added.stdout).toBe(`remote 'far' added: ${origin}, certificate ${fingerprint} pinned\n`);

    const info = JSON.parse((await hvctl(['system', 'info', '--remote', 'far', '--json'])).stdout) as {
      tls: { enabled: boolean; fingerprint: string; self_signed: boolean };
    };
    expect(info.tls).toEqual({ enabled: true, fingerprint, self_signed: true });
    const created = await hvctl([
      'vm',
      'create',
      'far1',
      '--cpus',
      '1',
      '--memory',
      '64M',
      '--kernel',
      'vmlinuz',
      '--remote',
      'far',
    ]);
    expect(created.code).toBe(0);
    const list = JSON.parse((await hvctl(['vm', 'list', '--remote', 'far', '--json'])).stdout) as {
      vms: { name: string }[];
    };
    expect(list.vms.map((vm) => vm.name)).toEqual(['far1']);
  });
});
