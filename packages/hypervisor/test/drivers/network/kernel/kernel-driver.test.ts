// The kernel network driver on real kernel objects, all inside network namespaces this test makes:
// `host` holds the bridges, the table and dnsmasq (the driver runs its commands there), `outside`
// is a machine on the host's uplink, and each `guestN` namespace is a guest plugged into a bridge
// by a veth pair (busybox udhcpc asks the network's dnsmasq for a lease).
import { chmod, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '@lab/server-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKernelNetworkDriver } from '../../../../src/drivers/network/kernel/kernel-driver.js';
import type {
  Lease,
  NetworkDriver,
  NetworkSpec,
  RuleSpec,
} from '../../../../src/drivers/network/network-driver.js';
import { connectVeth, createNetns, netnsGate, type Netns } from '../../../support/netns.js';
import { until } from '../../../support/until.js';

const gate = netnsGate(['nft', 'dnsmasq', 'busybox', 'curl']);

function networkSpec(name: string, octet: number, overrides: Partial<NetworkSpec> = {}): NetworkSpec {
  return {
    name,
    bridge: `hv-${name}`,
    mode: 'nat',
    subnet: `10.77.${octet}.0/24`,
    gateway: `10.77.${octet}.1`,
    mtu: 1500,
    dhcp: {
      enabled: true,
      rangeStart: `10.77.${octet}.100`,
      rangeEnd: `10.77.${octet}.150`,
      leaseSeconds: 3600,
    },
    dnsDomain: `${name}.test`,
    defaultInbound: 'accept',
    rules: [],
    forwards: [],
    reservations: [],
    ...overrides,
  };
}

function rule(id: string, overrides: Partial<RuleSpec> = {}): RuleSpec {
  return {
    id,
    direction: 'in',
    action: 'drop',
    protocol: 'icmp',
    ports: null,
    source: null,
    destination: null,
    vmAddresses: null,
    comment: null,
    ...overrides,
  };
}

describe.skipIf(gate.skip)('kernel network driver (in network namespaces)', () => {
  let host: Netns;
  let outside: Netns;
  const guests: Netns[] = [];
  let runDir: string;
  let script: string;
  let driver: NetworkDriver;
  const seen: { network: string; change: string; lease: Lease }[] = [];

  const newDriver = (): NetworkDriver =>
    createKernelNetworkDriver({
      runDir,
      logger: createLogger({ service: 'test', level: 'silent' }),
      netns: host.name,
    });

  /** A guest namespace on the bridge: its eth0 (with `mac`) is a veth whose peer is a bridge port. */
  async function plugGuest(bridge: string, port: string, mac: string): Promise<Netns> {
    const guest = await createNetns();
    guests.push(guest);
    await connectVeth(host, port, guest, 'eth0');
    await host.exec('ip', ['link', 'set', port, 'master', bridge]);
    await guest.exec('ip', ['link', 'set', 'eth0', 'address', mac]);
    return guest;
  }

  /** busybox udhcpc in the guest; its script puts the address and default route on eth0. */
  async function dhcp(guest: Netns): Promise<string> {
    await guest.exec('busybox', [
      'udhcpc',
      '-i',
      'eth0',
      '-f',
      '-q',
      '-n',
      '-t',
      '8',
      '-T',
      '1',
      '-s',
      script,
    ]);
    const { stdout } = await guest.exec('ip', ['-j', 'addr', 'show', 'dev', 'eth0']);
    const info = (JSON.parse(stdout) as { addr_info: { family: string; local: string }[] }[])[0]!.addr_info;
    return info.find((a) => a.family === 'inet')!.local;
  }

  const ping = async (from: Netns, to: string): Promise<boolean> =>
    (await from.tryExec('busybox', ['ping', '-c', '1', '-W', '1', to])).code === 0;

  const tableJson = async (): Promise<string> =>
    (await host.exec('nft', ['-j', 'list', 'table', 'inet', 'hypervisor'])).stdout;

  beforeAll(async () => {
    host = await createNetns();
    outside = await createNetns();
    // The host's uplink: 192.0.2.1 here, the outside machine 192.0.2.2 (no route back to guests,
    // so a reply reaches a guest only through masquerade).
    await connectVeth(host, 'uplink', outside, 'eth0', { a: '192.0.2.1/24', b: '192.0.2.2/24' });
    runDir = await mkdtemp(join(tmpdir(), 'hv-net-'));
    await chmod(runDir, 0o750);
    script = join(runDir, 'udhcpc.sh');
    await writeFile(
      script,
      [
        '#!/bin/sh',
        'case "$1" in bound|renew)',
        '  ip addr flush dev "$interface"',
        '  ip addr add "$ip/$mask" dev "$interface"',
        '  [ -n "$router" ] && ip route replace default via "${router%% *}" dev "$interface"',
        'esac',
        '',
      ].join('\n'),
      { mode: 0o755 },
    );
    driver = newDriver();
    driver.onLease((network, change, lease) => seen.push({ network, change, lease }));
  });

  afterAll(async () => {
    await driver?.close();
    for (const ns of [...guests, outside, host]) await ns?.destroy();
    if (runDir !== undefined) await rm(runDir, { recursive: true, force: true });
  });

  it('is available as root with ip, nft and dnsmasq', () => {
    expect(driver.availability()).toEqual({ available: true });
  });

  it('reconcile with no network makes nothing, not even the table', async () => {
    expect(await driver.reconcile([])).toEqual({ unchanged: [], repaired: [], adopted: [], removed: [] });
    expect((await host.exec('nft', ['list', 'tables'])).stdout).toBe('');
  });

  it('apply makes the bridge (address, MTU, alias), the chains and dnsmasq', async () => {
    const status = await driver.apply(networkSpec('net1', 1, { mtu: 1400 }));
    expect(status).toEqual({ state: 'active', reason: null });
    const { stdout } = await host.exec('ip', ['-j', '-d', 'addr', 'show', 'dev', 'hv-net1']);
    const [link] = JSON.parse(stdout) as {
      mtu: number;
      ifalias: string;
      linkinfo: { info_kind: string };
      addr_info: { family: string; local: string; prefixlen: number }[];
    }[];
    expect(link!.mtu).toBe(1400);
    expect(link!.ifalias).toBe('hypervisor:network:net1');
    expect(link!.linkinfo.info_kind).toBe('bridge');
    expect(link!.addr_info.filter((a) => a.family === 'inet')).toMatchObject([
      { local: '10.77.1.1', prefixlen: 24 },
    ]);
    const table = await tableJson();
    for (const chain of ['in_net1', 'fin_net1', 'out_net1', 'dnat_net1', 'snat_net1']) {
      expect(table).toContain(`"name": "${chain}"`);
    }
    const pid = Number((await readFile(join(runDir, 'networks/net1/dnsmasq.pid'), 'utf8')).trim());
    expect((await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0')[0]).toMatch(/dnsmasq$/);
    expect(await driver.status('net1')).toEqual({ state: 'active', reason: null });
  });

  it('changes the MTU and the subnet live', async () => {
    await driver.apply(networkSpec('net1', 3, { mtu: 1450 }));
    const { stdout } = await host.exec('ip', ['-j', 'addr', 'show', 'dev', 'hv-net1']);
    const [link] = JSON.parse(stdout) as { mtu: number; addr_info: { family: string; local: string }[] }[];
    expect(link!.mtu).toBe(1450);
    expect(link!.addr_info.filter((a) => a.family === 'inet').map((a) => a.local)).toEqual(['10.77.3.1']);
    await driver.apply(networkSpec('net1', 1));
  });

  let guest1: Netns;
  let guest1Ip: string;

  it('a guest on the bridge gets a lease in the range, seen by leases() and the listener', async () => {
    guest1 = await plugGuest('hv-net1', 'g1', '52:54:00:00:00:01');
    guest1Ip = await dhcp(guest1);
    const last = Number(guest1Ip.split('.')[3]);
    expect(guest1Ip.startsWith('10.77.1.')).toBe(true);
    expect(last).toBeGreaterThanOrEqual(100);
    expect(last).toBeLessThanOrEqual(150);
    const leases = await driver.leases('net1');
    expect(leases).toContainEqual(expect.objectContaining({ mac: '52:54:00:00:00:01', ip: guest1Ip }));
    await until(
      'the lease event',
      () => seen.some((s) => s.network === 'net1' && s.change === 'added' && s.lease.ip === guest1Ip),
      {
        timeoutMs: 5_000,
      },
    );
    expect(await ping(guest1, '10.77.1.1')).toBe(true);
  });

  it('a reservation gives its MAC the fixed address (dnsmasq reloaded, not restarted)', async () => {
    const pidBefore = await readFile(join(runDir, 'networks/net1/dnsmasq.pid'), 'utf8');
    await driver.apply(
      networkSpec('net1', 1, {
        reservations: [{ mac: '52:54:00:00:00:02', ip: '10.77.1.20', hostname: 'fixed' }],
      }),
    );
    expect(await readFile(join(runDir, 'networks/net1/dnsmasq.pid'), 'utf8')).toBe(pidBefore);
    const guest = await plugGuest('hv-net1', 'g2', '52:54:00:00:00:02');
    expect(await dhcp(guest)).toBe('10.77.1.20');
    // dnsmasq answers the reserved name in the network's domain.
    const { stdout } = await guest.exec('busybox', ['nslookup', 'fixed.net1.test', '10.77.1.1']);
    expect(stdout).toContain('10.77.1.20');
  });

  it('masquerades nat guests to the outside', async () => {
    expect(await ping(guest1, '192.0.2.2')).toBe(true);
    const { stdout } = await host.exec('nft', ['list', 'chain', 'inet', 'hypervisor', 'snat_net1']);
    expect(stdout).toContain('ip saddr 10.77.1.0/24 ip daddr != 10.77.1.0/24 masquerade');
  });

  it('a drop rule stops traffic from outside to the guest, its counter moves, and deleting it lets traffic through', async () => {
    // The outside machine routes the guests' subnet through the host.
    await outside.exec('ip', ['route', 'replace', '10.77.1.0/24', 'via', '192.0.2.1']);
    expect(await ping(outside, guest1Ip)).toBe(true);
    const drop = rule('r1', { comment: 'no ping' });
    await driver.apply(networkSpec('net1', 1, { rules: [drop] }));
    expect(await ping(outside, guest1Ip)).toBe(false);
    const counters = await driver.counters('net1');
    expect(counters.get('r1')!.packets).toBeGreaterThanOrEqual(1);
    // Another rule added (appended), then the two swapped (the chain refilled): the count is kept.
    const web = rule('r2', { protocol: 'tcp', ports: { from: 80, to: 80 } });
    await driver.apply(networkSpec('net1', 1, { rules: [drop, web] }));
    expect((await driver.counters('net1')).get('r1')!.packets).toBe(counters.get('r1')!.packets);
    await driver.apply(networkSpec('net1', 1, { rules: [web, drop] }));
    expect((await driver.counters('net1')).get('r1')!.packets).toBe(counters.get('r1')!.packets);
    expect(await ping(outside, guest1Ip)).toBe(false);
    expect((await driver.counters('net1')).get('r1')!.packets).toBeGreaterThan(counters.get('r1')!.packets);
    await driver.apply(networkSpec('net1', 1));
    expect(await ping(outside, guest1Ip)).toBe(true);
    expect((await driver.counters('net1')).size).toBe(0);
  });

  it("a forward from the host reaches a guest's server, from outside and from the host itself", async () => {
    const www = join(runDir, 'www');
    await mkdir(www);
    await writeFile(join(www, 'index.html'), 'marker-from-guest1\n');
    const server = guest1.spawn('busybox', ['httpd', '-f', '-p', '80', '-h', www], { stdio: 'ignore' });
    try {
      const forward = {
        id: 'f1',
        protocol: 'tcp' as const,
        listenPort: 8080,
        guestAddress: guest1Ip,
        guestPort: 80,
      };
      await driver.apply(networkSpec('net1', 1, { forwards: [{ ...forward, listenAddress: null }] }));
      const fetch = (from: Netns, url: string) => from.tryExec('curl', ['-sS', '--max-time', '2', url]);
      await until(
        'the guest server',
        async () => (await fetch(outside, 'http://192.0.2.1:8080/')).code === 0,
      );
      expect((await fetch(outside, 'http://192.0.2.1:8080/')).stdout).toBe('marker-from-guest1\n');
      expect((await fetch(host, 'http://192.0.2.1:8080/')).stdout).toBe('marker-from-guest1\n');
      // On one address only: the forward answers there, not on the bridge's address.
      await driver.apply(networkSpec('net1', 1, { forwards: [{ ...forward, listenAddress: '192.0.2.1' }] }));
      expect((await fetch(outside, 'http://192.0.2.1:8080/')).stdout).toBe('marker-from-guest1\n');
      expect((await fetch(host, 'http://10.77.1.1:8080/')).code).not.toBe(0);
      // A drop rule on the guest's port stops the forward.
      await driver.apply(
        networkSpec('net1', 1, {
          forwards: [{ ...forward, listenAddress: null }],
          rules: [rule('web', { protocol: 'tcp', ports: { from: 80, to: 80 } })],
        }),
      );
      expect((await fetch(outside, 'http://192.0.2.1:8080/')).code).not.toBe(0);
      expect((await driver.counters('net1')).get('web')!.packets).toBeGreaterThanOrEqual(1);
      await driver.apply(networkSpec('net1', 1));
      expect((await fetch(outside, 'http://192.0.2.1:8080/')).code).not.toBe(0);
      expect(await tableJson()).not.toContain('8080');
    } finally {
      server.kill('SIGKILL');
    }
  });

  it('a rule for a VM matches only its addresses; with none it matches nothing', async () => {
    await driver.apply(networkSpec('net1', 1, { rules: [rule('vm', { vmAddresses: [] })] }));
    expect(await ping(outside, guest1Ip)).toBe(true);
    await driver.apply(networkSpec('net1', 1, { rules: [rule('vm', { vmAddresses: [guest1Ip] })] }));
    expect(await ping(outside, guest1Ip)).toBe(false);
    await driver.apply(networkSpec('net1', 1, { defaultInbound: 'drop' }));
    expect(await ping(outside, guest1Ip)).toBe(false);
    await driver.apply(networkSpec('net1', 1));
  });

  let guest3: Netns;

  it('two networks never reach each other; an isolated one has no masquerade and no way out', async () => {
    await driver.apply(networkSpec('net2', 2, { mode: 'isolated' }));
    guest3 = await plugGuest('hv-net2', 'g3', '52:54:00:00:00:03');
    const guest3Ip = await dhcp(guest3);
    // dnsmasq offers an isolated network no router; a route by hand shows the firewall is what stops it.
    expect((await guest3.exec('ip', ['route', 'show', 'default'])).stdout).toBe('');
    await guest3.exec('ip', ['route', 'add', 'default', 'via', '10.77.2.1']);
    // And the outside knows the way back, so only the firewall can stop a ping out.
    await outside.exec('ip', ['route', 'replace', '10.77.2.0/24', 'via', '192.0.2.1']);
    expect(await ping(guest3, '10.77.2.1')).toBe(true);
    expect(await ping(guest1, guest3Ip)).toBe(false);
    expect(await ping(guest3, guest1Ip)).toBe(false);
    expect(await ping(guest3, '192.0.2.2')).toBe(false);
    const { stdout } = await host.exec('nft', ['list', 'chain', 'inet', 'hypervisor', 'snat_net2']);
    expect(stdout).not.toContain('masquerade');
  });

  it('a change edits the chains in place: untouched rules keep their handles, the result is what a full write makes', async () => {
    const rules = [
      rule('a', { ports: null, protocol: 'udp' }),
      rule('b', { direction: 'out', protocol: 'tcp', ports: { from: 22, to: 22 } }),
    ];
    await driver.apply(networkSpec('net1', 1, { rules }));
    const handles = async (): Promise<string[]> =>
      (await host.exec('nft', ['-a', 'list', 'chain', 'inet', 'hypervisor', 'in_net1'])).stdout
        .split('\n')
        .filter((line) => line.includes('# handle'))
        .map((line) => line.trim());
    const before = await handles();
    const more = [...rules, rule('c', { protocol: 'tcp', ports: { from: 8000, to: 8100 } })];
    await driver.apply(networkSpec('net1', 1, { rules: more }));
    const after = await handles();
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)).toContain('tcp dport 8000-8100 counter name "r.net1.c" drop');
    // A driver that never wrote it finds the table exactly as compiled: nothing to repair.
    const fresh = newDriver();
    const report = await fresh.reconcile([
      networkSpec('net1', 1, { rules: more }),
      networkSpec('net2', 2, { mode: 'isolated' }),
    ]);
    await fresh.close();
    expect(report.unchanged).toEqual(['net1', 'net2']);
    await driver.apply(networkSpec('net1', 1));
  });

  it('taps: made on the bridge with its MTU and the owner alias, listed, removed', async () => {
    await driver.createTap({ name: 'hvt-0a0b0c0d-0', network: 'net1', vm: 'vm1' });
    await driver.createTap({ name: 'hvt-0a0b0c0d-0', network: 'net1', vm: 'vm1' });
    const { stdout } = await host.exec('ip', ['-j', '-d', 'link', 'show', 'dev', 'hvt-0a0b0c0d-0']);
    expect(JSON.parse(stdout)).toMatchObject([
      { master: 'hv-net1', ifalias: 'hypervisor:tap:vm1', mtu: 1500 },
    ]);
    expect(await driver.taps()).toEqual(['hvt-0a0b0c0d-0']);
    await driver.removeTap('hvt-0a0b0c0d-0');
    await driver.removeTap('hvt-0a0b0c0d-0');
    expect(await driver.taps()).toEqual([]);
  });

  it('reconcile: a no-op changes nothing, byte for byte; dnsmasq is adopted by a new driver', async () => {
    const specs = [
      networkSpec('net1', 1, { rules: [rule('r1')] }),
      networkSpec('net2', 2, { mode: 'isolated' }),
    ];
    await driver.apply(specs[0]!);
    const before = await tableJson();
    await driver.close();
    driver = newDriver();
    const report = await driver.reconcile(specs);
    expect(report).toEqual({
      unchanged: ['net1', 'net2'],
      repaired: [],
      adopted: ['net1', 'net2'],
      removed: [],
    });
    expect(await tableJson()).toBe(before);
    const again = await driver.reconcile(specs);
    expect(again).toEqual({ unchanged: ['net1', 'net2'], repaired: [], adopted: [], removed: [] });
    expect(await tableJson()).toBe(before);
  });

  it('reconcile recreates a deleted bridge, a killed dnsmasq and a deleted chain', async () => {
    const specs = [
      networkSpec('net1', 1, { rules: [rule('r1')] }),
      networkSpec('net2', 2, { mode: 'isolated' }),
    ];
    const net2Pid = await readFile(join(runDir, 'networks/net2/dnsmasq.pid'), 'utf8');
    await host.exec('ip', ['link', 'del', 'hv-net2']);
    process.kill(
      Number((await readFile(join(runDir, 'networks/net1/dnsmasq.pid'), 'utf8')).trim()),
      'SIGKILL',
    );
    await host.exec('nft', ['flush', 'chain', 'inet', 'hypervisor', 'out_net1']);
    await until('net1 degraded', async () => (await driver.status('net1')).state === 'degraded', {
      timeoutMs: 5_000,
    });
    expect((await driver.status('net2')).state).toBe('down');
    const report = await driver.reconcile(specs);
    expect(report.repaired.sort()).toEqual(['net1', 'net2']);
    expect(await driver.status('net1')).toEqual({ state: 'active', reason: null });
    expect(await driver.status('net2')).toEqual({ state: 'active', reason: null });
    expect(await ping(guest1, '10.77.1.1')).toBe(true);
    // A bridge made anew is a new interface: its dnsmasq was restarted and serves the guest again.
    expect(await readFile(join(runDir, 'networks/net2/dnsmasq.pid'), 'utf8')).not.toBe(net2Pid);
    await host.exec('ip', ['link', 'set', 'g3', 'master', 'hv-net2']);
    expect(await dhcp(guest3)).toMatch(/^10\.77\.2\./);
  });

  it('reconcile removes an owned network it is not given, and never touches foreign objects', async () => {
    await host.exec('ip', ['link', 'add', 'hv-foreign', 'type', 'bridge']);
    await host.exec('nft', ['add', 'table', 'inet', 'other']);
    await host.exec('nft', ['add', 'chain', 'inet', 'other', 'in_net2']);
    const report = await driver.reconcile([networkSpec('net1', 1, { rules: [rule('r1')] })]);
    expect(report.unchanged).toEqual(['net1']);
    expect(report.removed).toEqual(expect.arrayContaining(['hv-net2', 'in_net2', 'dnsmasq:net2']));
    expect((await host.tryExec('ip', ['link', 'show', 'dev', 'hv-net2'])).code).not.toBe(0);
    expect(await tableJson()).not.toContain('net2');
    await expect(stat(join(runDir, 'networks/net2'))).rejects.toThrow();
    expect((await host.exec('ip', ['link', 'show', 'dev', 'hv-foreign'])).stdout).toContain('hv-foreign');
    expect((await host.exec('nft', ['list', 'table', 'inet', 'other'])).stdout).toContain('in_net2');
  });

  it('remove() leaves nothing of the network', async () => {
    const pid = Number((await readFile(join(runDir, 'networks/net1/dnsmasq.pid'), 'utf8')).trim());
    await driver.remove('net1');
    expect((await host.tryExec('ip', ['link', 'show', 'dev', 'hv-net1'])).code).not.toBe(0);
    const table = await tableJson();
    expect(table).not.toContain('net1');
    await until(
      'dnsmasq gone',
      async () => (await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')) === '',
      { timeoutMs: 5_000 },
    );
    await expect(stat(join(runDir, 'networks/net1'))).rejects.toThrow();
    expect(await driver.status('net1')).toMatchObject({ state: 'down' });
  });
});
