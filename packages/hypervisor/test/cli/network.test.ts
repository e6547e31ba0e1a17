/**
 * `hvctl network` (the compiled binary) against `hvctl serve --driver simulated`, whose networks
 * are the simulated network driver's: create, read, change and delete networks, their rules,
 * forwards and leases, in one line each or as the API's JSON.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hvctlJson, runHvctl, SLOW, startCliService, tableRow, type CliService } from '../support/cli.js';
import { socketRequest } from '../support/socket-client.js';

let cli: CliService;
const hvctl = (args: readonly string[]) => runHvctl(cli.socket, args);
const json = <T = Record<string, any>>(args: readonly string[]): T => hvctlJson<T>(cli.socket, args);

beforeAll(async () => {
  cli = await startCliService({ prefix: 'hvctl-net-' });
}, 60_000);
afterAll(async () => cli?.stop());

describe('hvctl network', SLOW, () => {
  it('creates, lists, shows, updates and deletes networks', () => {
    const created = hvctl(['network', 'create', 'lan', '--mode', 'nat', '--subnet', '10.242.1.0/24']);
    expect(created).toMatchObject({ status: 0, stderr: '' });
    expect(created.stdout).toBe("network 'lan' created: nat, 10.242.1.0/24, bridge hv-lan, active\n");

    const list = hvctl(['network', 'list']);
    expect(list.stdout.split('\n')[0]).toMatch(/^NAME +MODE +SUBNET +GATEWAY +STATE +VMS +RULES +FORWARDS$/);
    expect(tableRow(list.stdout, 'lan')).toEqual([
      'lan',
      'nat',
      '10.242.1.0/24',
      '10.242.1.1',
      'active',
      '0',
      '0',
      '0',
    ]);

    const updated = json([
      'network',
      'update',
      'lan',
      '--mtu',
      '9000',
      '--no-dhcp',
      '--dhcp-range',
      '10.242.1.50-10.242.1.60',
      '--lease-time',
      '600',
      '--dns-domain',
      'lab.example',
      '--default-inbound',
      'reject',
    ]);
    expect(updated).toMatchObject({
      mtu: 9000,
      dhcp: { enabled: false, range_start: '10.242.1.50', range_end: '10.242.1.60', lease_time: 600 },
      dns: { domain: 'lab.example' },
      default_inbound: 'reject',
    });
    const shown = hvctl(['network', 'get', 'lan']).stdout;
    expect(shown).toMatch(/^dhcp: +off$/m);
    expect(shown).toMatch(/^subnet: +10\.242\.1\.0\/24 \(gateway 10\.242\.1\.1\)$/m);

    expect(hvctl(['network', 'create', 'tmp', '--mode', 'isolated']).status).toBe(0);
    expect(hvctl(['network', 'delete', 'tmp']).stdout).toBe("network 'tmp' deleted\n");
  });

  it('refuses what the service refuses, with its code and the field', () => {
    const overlap = hvctl(['network', 'create', 'dup', '--mode', 'nat', '--subnet', '10.242.0.0/16']);
    expect(overlap.status).not.toBe(0);
    expect(overlap.stderr).toMatch(
      /^hvctl: NETWORK_OVERLAP: subnet 10\.242\.0\.0\/16 overlaps network 'lan'/,
    );
    const long = hvctl(['network', 'create', 'much-too-long', '--mode', 'nat']);
    expect(long.stderr).toMatch(/^hvctl: VALIDATION_ERROR: name: 'much-too-long' has 13 characters/);
    expect(hvctl(['network', 'create', 'nomode']).stderr).toMatch(/--mode <mode>' not specified/);
  });

  it('adds, lists and deletes rules', () => {
    const added = json<{ id: string }>([
      'network',
      'rule',
      'add',
      'lan',
      '--direction',
      'in',
      '--action',
      'accept',
      '--protocol',
      'tcp',
      '--ports',
      '80',
      '--comment',
      'web',
    ]);
    const first = hvctl([
      'network',
      'rule',
      'add',
      'lan',
      '--direction',
      'out',
      '--action',
      'drop',
      '--position',
      '0',
    ]);
    expect(first.stdout).toMatch(/^rule [0-9a-f-]{36} added to network 'lan' at position 0\n$/);
    const list = hvctl(['network', 'rule', 'list', 'lan']).stdout;
    expect(list.split('\n')[0]).toMatch(
      /^ID +POS +DIR +ACTION +PROTO +PORTS +SOURCE +DESTINATION +VM +PACKETS +BYTES +COMMENT$/,
    );
    expect(tableRow(list, added.id)).toEqual([
      added.id,
      '1',
      'in',
      'accept',
      'tcp',
      '80',
      '-',
      '-',
      '-',
      '0',
      '0',
      'web',
    ]);
    expect(hvctl(['network', 'rule', 'delete', 'lan', added.id]).stdout).toBe(
      `rule ${added.id} deleted from network 'lan'\n`,
    );
    expect(json<{ rules: unknown[] }>(['network', 'rule', 'list', 'lan']).rules).toHaveLength(1);
  });

  it('forwards a port to a VM with a reserved address, and lists the leases', async () => {
    const vm = await socketRequest(cli.socket, 'POST', '/api/v1/vms', {
      name: 'web1',
      cpu: { count: 1 },
      memory: { size: '64M' },
      boot: { kernel: 'vmlinuz' },
      devices: { network: [{ type: 'virtio-net', network: 'lan', ip: '10.242.1.10' }] },
    });
    expect(vm.status).toBe(201);
    const added = hvctl([
      'network',
      'forward',
      'add',
      'lan',
      '--listen-port',
      '8080',
      '--vm',
      'web1',
      '--guest-port',
      '80',
    ]);
    expect(added).toMatchObject({ status: 0, stderr: '' });
    expect(added.stdout).toMatch(/^forward ([0-9a-f-]{36}): tcp \*:8080 -> web1 \(10\.242\.1\.10\):80\n$/);
    const id = /^forward (\S+):/.exec(added.stdout)![1]!;
    const list = hvctl(['network', 'forward', 'list', 'lan']).stdout;
    expect(tableRow(list, id)).toEqual([id, 'tcp', '*:8080', 'web1', '10.242.1.10:80']);
    const taken = hvctl([
      'network',
      'forward',
      'add',
      'lan',
      '--listen-port',
      '8080',
      '--vm',
      'web1',
      '--guest-port',
      '81',
    ]);
    expect(taken.stderr).toMatch(/^hvctl: FORWARD_PORT_TAKEN: /);
    expect(hvctl(['network', 'forward', 'delete', 'lan', id]).stdout).toBe(
      `forward ${id} deleted from network 'lan'\n`,
    );
    // The simulated driver hands out no leases: an empty table, and an empty list as JSON.
    expect(hvctl(['network', 'leases', 'lan']).stdout).toMatch(/^IP +MAC +HOSTNAME +VM +EXPIRES\n$/);
    expect(json(['network', 'leases', 'lan'])).toEqual({ leases: [] });
  });
});
