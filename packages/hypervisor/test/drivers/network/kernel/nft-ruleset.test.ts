import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NetworkSpec, RuleSpec } from '../../../../src/drivers/network/network-driver.js';
import {
  baseBatch,
  chainName,
  compileNetwork,
  compileRule,
  compileRuleset,
  counterName,
  decodeName,
  editBatch,
  encodeName,
  networkBatch,
  parseChainName,
  parseCounterName,
  removeNetworkBatch,
} from '../../../../src/drivers/network/kernel/nft-ruleset.js';
import { createNetns, netnsGate, type Netns } from '../../../support/netns.js';

const spec = (overrides: Partial<NetworkSpec> = {}): NetworkSpec => ({
  name: 'web',
  bridge: 'hv-web',
  mode: 'nat',
  subnet: '10.20.30.0/24',
  gateway: '10.20.30.1',
  mtu: 1500,
  dhcp: { enabled: true, rangeStart: '10.20.30.100', rangeEnd: '10.20.30.200', leaseSeconds: 3600 },
  dnsDomain: 'web.test',
  defaultInbound: 'drop',
  rules: [],
  forwards: [],
  reservations: [],
  ...overrides,
});

const rule = (overrides: Partial<RuleSpec> = {}): RuleSpec => ({
  id: 'r1',
  direction: 'in',
  action: 'accept',
  protocol: 'tcp',
  ports: { from: 80, to: 80 },
  source: null,
  destination: null,
  vmAddresses: null,
  comment: null,
  ...overrides,
});

describe('rules', () => {
  it('a port, a range, icmp and any', () => {
    expect(compileRule('web', rule())).toBe('tcp dport 80 counter name r.web.r1 accept');
    expect(compileRule('web', rule({ protocol: 'udp', ports: { from: 8000, to: 8100 } }))).toBe(
      'udp dport 8000-8100 counter name r.web.r1 accept',
    );
    expect(compileRule('web', rule({ protocol: 'tcp', ports: null }))).toBe(
      'meta l4proto tcp counter name r.web.r1 accept',
    );
    expect(compileRule('web', rule({ protocol: 'icmp', ports: null, action: 'drop' }))).toBe(
      'meta l4proto icmp counter name r.web.r1 drop',
    );
    expect(compileRule('web', rule({ protocol: 'any', ports: null }))).toBe('counter name r.web.r1 accept');
  });

  it('source and destination CIDRs', () => {
    expect(compileRule('web', rule({ source: '10.0.0.0/8', destination: '10.20.30.5/32' }))).toBe(
      'ip saddr 10.0.0.0/8 ip daddr 10.20.30.5/32 tcp dport 80 counter name r.web.r1 accept',
    );
  });

  it('reject: a TCP reset for tcp, ICMP admin-prohibited otherwise', () => {
    expect(compileRule('web', rule({ action: 'reject' }))).toBe(
      'tcp dport 80 counter name r.web.r1 reject with tcp reset',
    );
    expect(compileRule('web', rule({ action: 'reject', protocol: 'udp' }))).toBe(
      'udp dport 80 counter name r.web.r1 reject with icmpx admin-prohibited',
    );
  });

  it("a VM's addresses: the guest side of the direction; none matches nothing", () => {
    expect(compileRule('web', rule({ vmAddresses: ['10.20.30.7'] }))).toBe(
      'ip daddr 10.20.30.7 tcp dport 80 counter name r.web.r1 accept',
    );
    expect(compileRule('web', rule({ direction: 'out', vmAddresses: ['10.20.30.9', '10.20.30.7'] }))).toBe(
      'ip saddr { 10.20.30.7, 10.20.30.9 } tcp dport 80 counter name r.web.r1 accept',
    );
    expect(compileRule('web', rule({ vmAddresses: [] }))).toBeNull();
  });

  it('names nft takes unquoted, and back', () => {
    const id = '0b6f8a3e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
    expect(counterName('web', id)).toBe(`r.web.${id}`);
    expect(encodeName('a.b c')).toBe('a_2eb_20c');
    expect(decodeName(encodeName('a.b c_d'))).toBe('a.b c_d');
    expect(parseCounterName(counterName('w_x', 'r.1'))).toEqual({ network: 'w_x', ruleId: 'r.1' });
    expect(parseCounterName('packets')).toBeNull();
    expect(parseChainName(chainName('fin', 'web-1'))).toEqual({ kind: 'fin', network: 'web-1' });
    expect(parseChainName('forward')).toBeNull();
  });
});

describe('a network', () => {
  it('in: established first with the hash, DHCP answers, the rules in order', () => {
    const compiled = compileNetwork(
      spec({
        rules: [
          rule({ id: 'a' }),
          rule({ id: 'b', direction: 'out', action: 'drop' }),
          rule({ id: 'c', ports: null, protocol: 'icmp' }),
        ],
      }),
    );
    expect(compiled.chains.in).toEqual([
      'ct state established,related accept',
      'udp sport 67 udp dport 68 accept',
      'iifname "hw-*" drop',
      'tcp dport 80 counter name r.web.a accept',
      'meta l4proto icmp counter name r.web.c accept',
    ]);
    expect(compiled.chains.out).toEqual([
      'oifname != "hv-web" oifname "hv-*" drop',
      'oifname "hw-*" drop',
      'ct state established,related accept',
      'tcp dport 80 counter name r.web.b drop',
    ]);
    expect(compiled.counters).toEqual(['r.web.a', 'r.web.b', 'r.web.c']);
  });

  it('fin: the rules (the jump carries the hash), forwards allowed, then the default inbound policy', () => {
    const compiled = compileNetwork(spec());
    expect(compiled.chains.fin).toEqual([
      `jump in_web comment "hv:${compiled.hash}"`,
      'ct status dnat accept',
      'drop',
    ]);
    expect(compileNetwork(spec({ defaultInbound: 'accept' })).chains.fin.slice(1)).toEqual([
      'ct status dnat accept',
      'accept',
    ]);
    expect(compileNetwork(spec({ defaultInbound: 'reject' })).chains.fin.slice(2)).toEqual([
      'meta l4proto tcp reject with tcp reset',
      'reject with icmpx admin-prohibited',
    ]);
  });

  it('nat masquerades what leaves the subnet; isolated has no masquerade and drops what leaves', () => {
    expect(compileNetwork(spec()).chains.snat).toEqual([
      'ip saddr 10.20.30.0/24 ip daddr != 10.20.30.0/24 masquerade',
    ]);
    const isolated = compileNetwork(spec({ mode: 'isolated' }));
    expect(isolated.chains.snat).toEqual([]);
    expect(isolated.chains.out.at(-1)).toBe('drop');
  });

  it('a tunnel: its traffic passes both ways (isolated too), past the default policy, unmasqueraded', () => {
    const tunnel = { interface: 'hw-web', remoteSubnets: ['10.20.40.0/24', '10.20.41.0/24'] };
    const compiled = compileNetwork(spec({ tunnel, rules: [rule({ id: 'a' })] }));
    expect(compiled.chains.in.slice(0, 4)).toEqual([
      'ct state established,related accept',
      'udp sport 67 udp dport 68 accept',
      'iifname != "hw-web" iifname "hw-*" drop',
      'tcp dport 80 counter name r.web.a accept',
    ]);
    expect(compiled.chains.fin).toEqual([
      `jump in_web comment "hv:${compiled.hash}"`,
      'iifname "hw-web" accept',
      'ct status dnat accept',
      'drop',
    ]);
    expect(compiled.chains.out.slice(0, 3)).toEqual([
      'oifname != "hv-web" oifname "hv-*" drop',
      'oifname "hw-web" accept',
      'oifname "hw-*" drop',
    ]);
    expect(compiled.chains.snat).toEqual([
      'oifname "hw-web" return',
      'ip daddr { 10.20.40.0/24, 10.20.41.0/24 } return',
      'ip saddr 10.20.30.0/24 ip daddr != 10.20.30.0/24 masquerade',
    ]);
    const isolated = compileNetwork(spec({ tunnel, mode: 'isolated' }));
    expect(isolated.chains.out.indexOf('oifname "hw-web" accept')).toBeLessThan(
      isolated.chains.out.indexOf('drop'),
    );
    expect(isolated.chains.snat).toEqual([]);
    // The tunnel is part of the hash: adding, changing or removing it rewrites the chains.
    expect(compiled.hash).not.toBe(compileNetwork(spec({ rules: [rule({ id: 'a' })] })).hash);
    expect(compiled.hash).not.toBe(
      compileNetwork(
        spec({ tunnel: { ...tunnel, remoteSubnets: ['10.20.40.0/24'] }, rules: [rule({ id: 'a' })] }),
      ).hash,
    );
    expect(compileNetwork(spec({ tunnel: null })).hash).toBe(compileNetwork(spec()).hash);
  });

  it('forwards: DNAT on one address or every local one, keyed by protocol and port', () => {
    const compiled = compileNetwork(
      spec({
        forwards: [
          {
            id: 'f1',
            protocol: 'tcp',
            listenAddress: null,
            listenPort: 8080,
            guestAddress: '10.20.30.5',
            guestPort: 80,
          },
          {
            id: 'f2',
            protocol: 'udp',
            listenAddress: '192.0.2.1',
            listenPort: 5353,
            guestAddress: '10.20.30.6',
            guestPort: 53,
          },
        ],
      }),
    );
    expect(compiled.chains.dnat).toEqual([
      'fib daddr type local tcp dport 8080 dnat ip to 10.20.30.5:80',
      'ip daddr 192.0.2.1 udp dport 5353 dnat ip to 10.20.30.6:53',
    ]);
    expect(compiled.forwardPorts).toEqual([
      { protocol: 'tcp', port: 8080 },
      { protocol: 'udp', port: 5353 },
    ]);
  });

  it('the hash changes with what is compiled, not with what is not (a comment, the MTU)', () => {
    const base = compileNetwork(spec({ rules: [rule()] })).hash;
    expect(compileNetwork(spec({ rules: [rule({ comment: 'web' })], mtu: 9000 })).hash).toBe(base);
    expect(compileNetwork(spec({ rules: [rule({ ports: { from: 81, to: 81 } })] })).hash).not.toBe(base);
    expect(compileNetwork(spec({ rules: [rule()], defaultInbound: 'accept' })).hash).not.toBe(base);
  });

  it('a change flushes and refills only its chains, drops counters and ports that went', () => {
    const compiled = compileNetwork(spec({ rules: [rule({ id: 'keep' })] }));
    const lines = networkBatch(compiled, {
      counters: ['r.web.keep', 'r.web.gone'],
      forwardPorts: [{ protocol: 'tcp', port: 9000 }],
    });
    expect(lines).toContain('add counter inet hypervisor r.web.keep');
    expect(lines).toContain('delete counter inet hypervisor r.web.gone');
    expect(lines).toContain('delete element inet hypervisor forward_ports { tcp . 9000 }');
    expect(lines.filter((l) => l.startsWith('flush chain')).sort()).toEqual(
      ['dnat_web', 'fin_web', 'in_web', 'out_web', 'snat_web'].map((c) => `flush chain inet hypervisor ${c}`),
    );
    expect(
      lines.some((l) =>
        / (forward|output|prerouting|nat_output|postrouting) /.test(l.replace(/^add element.*/, '')),
      ),
    ).toBe(false);
    // The flush of each chain comes before its rules, the counters before the rules that use them.
    expect(lines.indexOf('flush chain inet hypervisor in_web')).toBeLessThan(
      lines.findIndex((l) => l.startsWith('add rule inet hypervisor in_web')),
    );
    expect(lines.indexOf('add counter inet hypervisor r.web.keep')).toBeLessThan(
      lines.findIndex((l) => l.includes('counter name r.web.keep')),
    );
  });

  it('an edit appends a rule added at the end, with its counter first, and refills only fin for the hash', () => {
    const before = compileNetwork(spec({ rules: [rule({ id: 'a' })] }));
    const after = compileNetwork(
      spec({ rules: [rule({ id: 'a' }), rule({ id: 'b', ports: { from: 81, to: 81 } })] }),
    );
    const lines = editBatch(after, { counters: before.counters, forwardPorts: [] }, before.chains);
    expect(lines).toEqual([
      'add counter inet hypervisor r.web.b',
      'add rule inet hypervisor in_web tcp dport 81 counter name r.web.b accept',
      'flush chain inet hypervisor fin_web',
      ...after.chains.fin.map((text) => `add rule inet hypervisor fin_web ${text}`),
    ]);
  });

  it('an edit refills a chain whose rules were removed or reordered, and takes the counter away', () => {
    const before = compileNetwork(
      spec({ rules: [rule({ id: 'a' }), rule({ id: 'b', ports: { from: 81, to: 81 } })] }),
    );
    const after = compileNetwork(spec({ rules: [rule({ id: 'b', ports: { from: 81, to: 81 } })] }));
    const lines = editBatch(after, { counters: before.counters, forwardPorts: [] }, before.chains);
    expect(lines.filter((l) => l.startsWith('flush chain'))).toEqual([
      'flush chain inet hypervisor in_web',
      'flush chain inet hypervisor fin_web',
    ]);
    expect(lines.filter((l) => l.includes('hypervisor in_web'))).toEqual([
      'flush chain inet hypervisor in_web',
      ...after.chains.in.map((text) => `add rule inet hypervisor in_web ${text}`),
    ]);
    expect(lines.at(-1)).toBe('delete counter inet hypervisor r.web.a');
    // Nothing changed: nothing to write.
    expect(editBatch(before, { counters: before.counters, forwardPorts: [] }, before.chains)).toEqual([]);
  });

  it('removal takes the map elements out before the chains', () => {
    const lines = removeNetworkBatch('web', 'hv-web', {
      chains: ['in', 'fin'],
      counters: ['r.web.a'],
      forwardPorts: [{ protocol: 'tcp', port: 8080 }],
      maps: ['in_nets'],
    });
    expect(lines).toEqual([
      'delete element inet hypervisor in_nets { "hv-web" }',
      'delete element inet hypervisor forward_ports { tcp . 8080 }',
      'flush chain inet hypervisor in_web',
      'flush chain inet hypervisor fin_web',
      'delete chain inet hypervisor in_web',
      'delete chain inet hypervisor fin_web',
      'delete counter inet hypervisor r.web.a',
    ]);
  });
});

const gate = netnsGate(['nft']);

describe.skipIf(gate.skip)('nft accepts what the compiler writes (check mode, in a namespace)', () => {
  let ns: Netns;
  beforeAll(async () => {
    ns = await createNetns();
  });
  afterAll(async () => {
    await ns?.destroy();
  });

  it('a whole table of every kind of rule, forward and network', async () => {
    const rules: RuleSpec[] = [
      rule({ id: 'a' }),
      rule({
        id: 'b',
        direction: 'out',
        action: 'reject',
        protocol: 'udp',
        ports: { from: 53, to: 60 },
        source: '10.20.30.0/25',
      }),
      rule({ id: 'c', action: 'drop', protocol: 'icmp', ports: null, destination: '10.20.30.9/32' }),
      rule({
        id: 'd',
        action: 'reject',
        protocol: 'any',
        ports: null,
        vmAddresses: ['10.20.30.5', '10.20.30.6'],
      }),
      rule({ id: 'e', vmAddresses: [] }),
    ];
    const text = compileRuleset([
      spec({
        rules,
        defaultInbound: 'reject',
        forwards: [
          {
            id: 'f',
            protocol: 'tcp',
            listenAddress: null,
            listenPort: 8080,
            guestAddress: '10.20.30.5',
            guestPort: 80,
          },
          {
            id: 'g',
            protocol: 'udp',
            listenAddress: '192.0.2.1',
            listenPort: 53,
            guestAddress: '10.20.30.5',
            guestPort: 53,
          },
        ],
      }),
      spec({
        name: 'lab-2',
        bridge: 'hv-lab-2',
        mode: 'isolated',
        subnet: '10.20.31.0/24',
        gateway: '10.20.31.1',
        tunnel: { interface: 'hw-lab-2', remoteSubnets: ['10.20.50.0/24'] },
      }),
      spec({
        name: 'lab-3',
        bridge: 'hv-lab-3',
        subnet: '10.20.32.0/24',
        gateway: '10.20.32.1',
        tunnel: { interface: 'hw-lab-3', remoteSubnets: ['10.20.51.0/24', '10.20.52.5/32'] },
      }),
    ]);
    await ns.exec('nft', ['-c', '-f', '-'], { input: text });
    // And for real: applied twice (an update of the same networks) it still goes through.
    await ns.exec('nft', ['-f', '-'], { input: text });
    await ns.exec('nft', ['-f', '-'], { input: text });
    const { stdout } = await ns.exec('nft', ['list', 'table', 'inet', 'hypervisor']);
    expect(stdout.match(/counter name "r\.web\.a"/g)).toHaveLength(1);
    expect(stdout.match(/iifname vmap @out_nets/g)).toHaveLength(1);
  });

  it('check mode refuses a broken batch (the check is real)', async () => {
    const broken = `${baseBatch().join('\n')}\nadd rule inet hypervisor forward tcp dport 99999 accept\n`;
    await expect(ns.exec('nft', ['-c', '-f', '-'], { input: broken })).rejects.toThrow(/99999|range|Error/);
  });
});
