/**
 * The nftables layout of the service's one table, `inet hypervisor`, compiled from NetworkSpecs.
 * Pure: text in `nft -f` batch syntax, no kernel access (nft.ts applies it).
 *
 * Base chains (made once, their rules never change, so they keep their handles):
 * - `forward` (filter): `iifname vmap @out_nets` (traffic from a network's guests to `out_<n>`),
 *   then `oifname vmap @in_nets` (traffic towards them to `fin_<n>`).
 * - `output` (filter): `oifname vmap @host_nets`: what the host itself sends to guests meets the
 *   network's `in` rules (`in_<n>`) but not its default policy.
 * - `prerouting` and `nat_output` (nat): `meta l4proto . th dport vmap @forward_ports` to the
 *   network's `dnat_<n>` chain, so forwards work from outside and from the host itself.
 * - `postrouting` (nat): `iifname vmap @snat_nets` to `snat_<n>` (masquerade, nat mode only).
 * Per network n (regular chains, flushed and refilled in one transaction on every change):
 * - `in_<n>`: established/related accept, DHCP replies accept, then the `in` rules in order.
 * - `fin_<n>`: `jump in_<n>` (its comment holds the hash of everything compiled for the network),
 *   `ct status dnat accept` (forwards pass unless a rule dropped them), then the default inbound
 *   policy.
 * - `out_<n>`: drop towards any other network's bridge (two networks never reach each other),
 *   established/related accept, the `out` rules in order, and for `isolated` a final drop.
 * - `dnat_<n>`, `snat_<n>`: the forwards' DNATs and the masquerade.
 * With a tunnel (`hw-<n>`, tunnel-driver.ts) the peer's guests are part of the network: `out_<n>`
 * accepts what goes into the tunnel (isolated too), `fin_<n>` accepts what comes out of it after
 * the `in` rules but without the default policy, and `snat_<n>` leaves traffic towards the tunnel
 * and the remote subnets unmasqueraded. Every network drops traffic to and from any other
 * network's tunnel, as it does towards other bridges.
 * A rule's counter is a named counter object `r.<network>.<rule id>`, so refilling a chain keeps
 * the counts. Bridged traffic between two guests of one network never reaches these hooks.
 */
import { createHash } from 'node:crypto';
import type { ForwardSpec, NetworkSpec, RuleSpec } from '../network-driver.js';
import { NFT_FAMILY, NFT_TABLE } from '../network-driver.js';
import { TUNNEL_PREFIX } from '../tunnel-driver.js';

export const TABLE = `${NFT_FAMILY} ${NFT_TABLE}`;

export const BASE_CHAINS = ['forward', 'output', 'prerouting', 'nat_output', 'postrouting'] as const;
export const MAPS = ['out_nets', 'in_nets', 'host_nets', 'forward_ports', 'snat_nets'] as const;
export const NETWORK_CHAIN_KINDS = ['in', 'fin', 'out', 'dnat', 'snat'] as const;
export type NetworkChainKind = (typeof NETWORK_CHAIN_KINDS)[number];

/** The comment on the first rule of `fin_<n>` that carries the network's hash. */
export const HASH_PREFIX = 'hv:';
const COUNTER_PREFIX = 'r.';

const BASE_DEFINITIONS: Record<(typeof BASE_CHAINS)[number], { hook: string; rules: string[] }> = {
  forward: {
    hook: 'type filter hook forward priority filter; policy accept;',
    rules: ['iifname vmap @out_nets', 'oifname vmap @in_nets'],
  },
  output: {
    hook: 'type filter hook output priority filter; policy accept;',
    rules: ['oifname vmap @host_nets'],
  },
  prerouting: {
    hook: 'type nat hook prerouting priority dstnat; policy accept;',
    rules: ['meta l4proto . th dport vmap @forward_ports'],
  },
  nat_output: {
    hook: 'type nat hook output priority -100; policy accept;',
    rules: ['meta l4proto . th dport vmap @forward_ports'],
  },
  postrouting: {
    hook: 'type nat hook postrouting priority srcnat; policy accept;',
    rules: ['iifname vmap @snat_nets'],
  },
};

const MAP_TYPES: Record<(typeof MAPS)[number], string> = {
  out_nets: 'ifname : verdict',
  in_nets: 'ifname : verdict',
  host_nets: 'ifname : verdict',
  forward_ports: 'inet_proto . inet_service : verdict',
  snat_nets: 'ifname : verdict',
};

/** How many rules each base chain has once made (reconcile checks the base by these). */
export const BASE_RULE_COUNTS: Readonly<Record<string, number>> = Object.fromEntries(
  BASE_CHAINS.map((chain) => [chain, BASE_DEFINITIONS[chain].rules.length]),
);

/**
 * A name nft takes unquoted: letters, digits and `-` kept, anything else as `_` and two hex digits
 * (reversible, see `decodeName`).
 */
export function encodeName(value: string): string {
  return [...value]
    .map((c) => (/[A-Za-z0-9-]/.test(c) ? c : `_${c.charCodeAt(0).toString(16).padStart(2, '0')}`))
    .join('');
}

export function decodeName(value: string): string {
  return value.replace(/_([0-9a-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export const chainName = (kind: NetworkChainKind, network: string): string =>
  `${kind}_${encodeName(network)}`;
export const counterName = (network: string, ruleId: string): string =>
  `${COUNTER_PREFIX}${encodeName(network)}.${encodeName(ruleId)}`;

/** The network and rule id a counter name stands for; null for a name the service did not make. */
export function parseCounterName(name: string): { network: string; ruleId: string } | null {
  const match = /^r\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/.exec(name);
  return match === null ? null : { network: decodeName(match[1]!), ruleId: decodeName(match[2]!) };
}

/** The network a per-network chain belongs to; null for a base chain or a foreign name. */
export function parseChainName(name: string): { kind: NetworkChainKind; network: string } | null {
  const match = /^(in|fin|out|dnat|snat)_([A-Za-z0-9_-]+)$/.exec(name);
  return match === null ? null : { kind: match[1] as NetworkChainKind, network: decodeName(match[2]!) };
}

/** A forward's key in `forward_ports`. */
export interface PortKey {
  protocol: 'tcp' | 'udp';
  port: number;
}

/** Everything the table holds for one network. */
export interface CompiledNetwork {
  name: string;
  bridge: string;
  /** sha256 (16 hex digits) of all of the below: equal hashes, equal kernel objects. */
  hash: string;
  chains: Record<NetworkChainKind, string[]>;
  counters: string[];
  forwardPorts: PortKey[];
}

const quote = (value: string): string => JSON.stringify(value);

function portMatch(rule: RuleSpec): string[] {
  if (rule.protocol === 'icmp') return ['meta l4proto icmp'];
  if (rule.protocol === 'any') return [];
  if (rule.ports === null) return [`meta l4proto ${rule.protocol}`];
  const ports =
    rule.ports.from === rule.ports.to ? `${rule.ports.from}` : `${rule.ports.from}-${rule.ports.to}`;
  return [`${rule.protocol} dport ${ports}`];
}

function verdict(action: RuleSpec['action'], protocol: RuleSpec['protocol']): string {
  if (action !== 'reject') return action;
  return protocol === 'tcp' ? 'reject with tcp reset' : 'reject with icmpx admin-prohibited';
}

/** One rule's text, or null when it matches nothing (a VM with no address yet). */
export function compileRule(network: string, rule: RuleSpec): string | null {
  if (rule.vmAddresses !== null && rule.vmAddresses.length === 0) return null;
  const parts: string[] = [];
  if (rule.source !== null) parts.push(`ip saddr ${rule.source}`);
  if (rule.destination !== null) parts.push(`ip daddr ${rule.destination}`);
  if (rule.vmAddresses !== null) {
    const field = rule.direction === 'in' ? 'daddr' : 'saddr';
    const addresses = [...rule.vmAddresses].sort();
    parts.push(`ip ${field} ${addresses.length === 1 ? addresses[0] : `{ ${addresses.join(', ')} }`}`);
  }
  parts.push(...portMatch(rule));
  parts.push(`counter name ${counterName(network, rule.id)}`);
  parts.push(verdict(rule.action, rule.protocol));
  return parts.join(' ');
}

function compileForward(forward: ForwardSpec): string {
  const listen =
    forward.listenAddress === null ? 'fib daddr type local' : `ip daddr ${forward.listenAddress}`;
  return `${listen} ${forward.protocol} dport ${forward.listenPort} dnat ip to ${forward.guestAddress}:${forward.guestPort}`;
}

function defaultPolicy(action: NetworkSpec['defaultInbound']): string[] {
  if (action === 'accept') return ['accept'];
  if (action === 'drop') return ['drop'];
  return ['meta l4proto tcp reject with tcp reset', 'reject with icmpx admin-prohibited'];
}

/** The network's chains, counters and forward keys, with their hash. */
export function compileNetwork(spec: NetworkSpec): CompiledNetwork {
  const rulesOf = (direction: RuleSpec['direction']): string[] =>
    spec.rules
      .filter((rule) => rule.direction === direction)
      .map((rule) => compileRule(spec.name, rule))
      .filter((text): text is string => text !== null);
  const bridge = quote(spec.bridge);
  const tunnel = spec.tunnel ?? null;
  const tunnelName = tunnel === null ? null : quote(tunnel.interface);
  const anyTunnel = quote(`${TUNNEL_PREFIX}*`);
  const remotes = tunnel === null || tunnel.remoteSubnets.length === 0 ? null : tunnel.remoteSubnets;
  const chains: Record<NetworkChainKind, string[]> = {
    in: [
      'ct state established,related accept',
      // DHCP answers go to addresses the guest does not have yet, which conntrack does not pair up.
      'udp sport 67 udp dport 68 accept',
      tunnelName === null
        ? `iifname ${anyTunnel} drop`
        : `iifname != ${tunnelName} iifname ${anyTunnel} drop`,
      ...rulesOf('in'),
    ],
    fin: [
      // Replaced by the same jump carrying the hash, below.
      '',
      // The peer's guests are of this network: the `in` rules apply to them, the default policy not.
      ...(tunnelName === null ? [] : [`iifname ${tunnelName} accept`]),
      'ct status dnat accept',
      ...defaultPolicy(spec.defaultInbound),
    ],
    out: [
      `oifname != ${bridge} oifname "hv-*" drop`,
      ...(tunnelName === null ? [] : [`oifname ${tunnelName} accept`]),
      `oifname ${anyTunnel} drop`,
      'ct state established,related accept',
      ...rulesOf('out'),
      ...(spec.mode === 'isolated' ? ['drop'] : []),
    ],
    dnat: spec.forwards.map(compileForward),
    snat:
      spec.mode === 'nat'
        ? [
            // The remote side sees the guest's own address: the tunnel is routed, never NATed.
            ...(tunnelName === null ? [] : [`oifname ${tunnelName} return`]),
            ...(remotes === null ? [] : [`ip daddr { ${remotes.join(', ')} } return`]),
            `ip saddr ${spec.subnet} ip daddr != ${spec.subnet} masquerade`,
          ]
        : [],
  };
  const counters = spec.rules.map((rule) => counterName(spec.name, rule.id));
  const forwardPorts = spec.forwards.map((f) => ({ protocol: f.protocol, port: f.listenPort }));
  const hash = createHash('sha256')
    .update(JSON.stringify({ bridge: spec.bridge, chains, counters, forwardPorts }))
    .digest('hex')
    .slice(0, 16);
  // The first rule of the small `fin` chain carries the hash, so a reconcile reads it without
  // compiling, and an incremental change (chainEdits) rewrites one short rule for it.
  chains.fin[0] = `jump ${chainName('in', spec.name)} comment ${quote(`${HASH_PREFIX}${hash}`)}`;
  return { name: spec.name, bridge: spec.bridge, hash, chains, counters, forwardPorts };
}

const portElement = (key: PortKey, network: string): string =>
  `${key.protocol} . ${key.port} : jump ${chainName('dnat', network)}`;

/** The table, its maps and base chains with their fixed rules (re-made whole when damaged). */
export function baseBatch(): string[] {
  const lines = [`add table ${TABLE}`];
  for (const map of MAPS) lines.push(`add map ${TABLE} ${map} { type ${MAP_TYPES[map]}; }`);
  for (const chain of BASE_CHAINS) {
    lines.push(`add chain ${TABLE} ${chain} { ${BASE_DEFINITIONS[chain].hook} }`);
    lines.push(`flush chain ${TABLE} ${chain}`);
    for (const rule of BASE_DEFINITIONS[chain].rules) lines.push(`add rule ${TABLE} ${chain} ${rule}`);
  }
  return lines;
}

/** What the table held for the network before, so the batch can take away what is gone. */
export interface PreviousNetwork {
  counters: readonly string[];
  forwardPorts: readonly PortKey[];
}

/**
 * One transaction's lines for a network: its chains made if missing, flushed and refilled, its
 * counters added (an existing counter keeps its count) and those of removed rules deleted, its map
 * elements set.
 */
export function networkBatch(compiled: CompiledNetwork, previous: PreviousNetwork | null): string[] {
  const lines: string[] = [];
  for (const counter of compiled.counters) lines.push(`add counter ${TABLE} ${counter}`);
  for (const kind of NETWORK_CHAIN_KINDS) lines.push(`add chain ${TABLE} ${chainName(kind, compiled.name)}`);
  for (const kind of NETWORK_CHAIN_KINDS) {
    const chain = chainName(kind, compiled.name);
    lines.push(`flush chain ${TABLE} ${chain}`);
    for (const rule of compiled.chains[kind]) lines.push(`add rule ${TABLE} ${chain} ${rule}`);
  }
  const bridge = quote(compiled.bridge);
  lines.push(`add element ${TABLE} out_nets { ${bridge} : jump ${chainName('out', compiled.name)} }`);
  lines.push(`add element ${TABLE} in_nets { ${bridge} : jump ${chainName('fin', compiled.name)} }`);
  lines.push(`add element ${TABLE} host_nets { ${bridge} : jump ${chainName('in', compiled.name)} }`);
  lines.push(`add element ${TABLE} snat_nets { ${bridge} : jump ${chainName('snat', compiled.name)} }`);
  lines.push(...portLines(compiled, previous?.forwardPorts ?? []));
  lines.push(...counterDeletes(compiled, previous?.counters ?? []));
  return lines;
}

/** The `forward_ports` elements that went deleted, the new ones added. */
export function portLines(compiled: CompiledNetwork, previous: readonly PortKey[]): string[] {
  const lines: string[] = [];
  const key = (port: PortKey): string => `${port.protocol}/${port.port}`;
  const wanted = new Set(compiled.forwardPorts.map(key));
  const had = new Set(previous.map(key));
  for (const port of previous) {
    if (!wanted.has(key(port)))
      lines.push(`delete element ${TABLE} forward_ports { ${port.protocol} . ${port.port} }`);
  }
  for (const port of compiled.forwardPorts) {
    if (!had.has(key(port)))
      lines.push(`add element ${TABLE} forward_ports { ${portElement(port, compiled.name)} }`);
  }
  return lines;
}

/** The counters of rules that went (after the rules that used them are gone). */
export function counterDeletes(compiled: CompiledNetwork, previous: readonly string[]): string[] {
  const keep = new Set(compiled.counters);
  return previous
    .filter((counter) => !keep.has(counter))
    .map((counter) => `delete counter ${TABLE} ${counter}`);
}

/** What the table holds for a network now (read by nft.ts). */
export interface PresentNetwork {
  chains: readonly NetworkChainKind[];
  counters: readonly string[];
  forwardPorts: readonly PortKey[];
  /** The interface maps with an element for the network's bridge. */
  maps: readonly string[];
}

/** The lines that take a network out of the table: map elements first, then chains and counters. */
export function removeNetworkBatch(name: string, bridge: string, present: PresentNetwork): string[] {
  const lines: string[] = [];
  for (const map of present.maps) lines.push(`delete element ${TABLE} ${map} { ${quote(bridge)} }`);
  for (const key of present.forwardPorts) {
    lines.push(`delete element ${TABLE} forward_ports { ${key.protocol} . ${key.port} }`);
  }
  for (const kind of present.chains) lines.push(`flush chain ${TABLE} ${chainName(kind, name)}`);
  for (const kind of present.chains) lines.push(`delete chain ${TABLE} ${chainName(kind, name)}`);
  for (const counter of present.counters) lines.push(`delete counter ${TABLE} ${counter}`);
  return lines;
}

/** What a network's chains hold, rule texts in order, as this service wrote them. */
export type WrittenChains = Readonly<Record<NetworkChainKind, readonly string[]>>;

/**
 * The lines that change a network written as `previous` into `compiled` in place, in one
 * transaction: new counters added; a chain whose new rules only add to the end of what it holds
 * gets them appended (an `add rule` needs no listing of the chain, so adding a rule to a network of
 * a thousand costs about what one `nft add rule` does); any other changed chain is flushed and
 * refilled; forwards and counters that went are taken away. The small `fin` chain carries the hash,
 * so it is refilled on every change.
 */
export function editBatch(
  compiled: CompiledNetwork,
  previous: PreviousNetwork,
  chains: WrittenChains,
): string[] {
  const had = new Set(previous.counters);
  const lines = compiled.counters
    .filter((counter) => !had.has(counter))
    .map((counter) => `add counter ${TABLE} ${counter}`);
  for (const kind of NETWORK_CHAIN_KINDS) {
    const chain = chainName(kind, compiled.name);
    const old = chains[kind];
    const next = compiled.chains[kind];
    const appendsOnly = old.length <= next.length && old.every((rule, i) => rule === next[i]);
    if (appendsOnly) {
      for (const rule of next.slice(old.length)) lines.push(`add rule ${TABLE} ${chain} ${rule}`);
    } else {
      lines.push(`flush chain ${TABLE} ${chain}`);
      for (const rule of next) lines.push(`add rule ${TABLE} ${chain} ${rule}`);
    }
  }
  lines.push(...portLines(compiled, previous.forwardPorts));
  lines.push(...counterDeletes(compiled, previous.counters));
  return lines;
}

/** The whole table from nothing for these networks: one batch (`nft -f -`). */
export function compileRuleset(specs: readonly NetworkSpec[]): string {
  const lines = baseBatch();
  for (const spec of specs) lines.push(...networkBatch(compileNetwork(spec), null));
  return `${lines.join('\n')}\n`;
}
