/**
 * Networks, firewall rules, port forwards and DHCP leases as clients write and read them: the
 * JSON Schemas are the one source of REST validation, the OpenAPI document and these types, and
 * the limits here are the documented ones (README "Networks"). Checks a schema cannot state
 * (subnet arithmetic, overlaps, VMs on the network) are in network-service.ts.
 */
import { Nullable } from '@lab/server-kit';
import { Type, type Static } from 'typebox';
import { BRIDGE_PREFIX, IFNAME_MAX } from '../drivers/network/network-driver.js';
import { TunnelInputSchema } from './tunnel/tunnel-definition.js';
import { VM_NAME_PATTERN } from './vm-definition.js';

export const NETWORK_NAME_PATTERN = '^[a-z0-9][a-z0-9-]*$';
/** `hv-<name>` is the bridge, and an interface name has at most 15 characters. */
export const NETWORK_NAME_MAX = IFNAME_MAX - BRIDGE_PREFIX.length;
export const MAX_NETWORKS = 64;
export const MAX_RULES_PER_NETWORK = 4_096;
export const MAX_FORWARDS_PER_NETWORK = 256;
export const SUBNET_PREFIX_MIN = 16;
export const SUBNET_PREFIX_MAX = 29;
export const MTU_MIN = 576;
export const MTU_MAX = 9_000;
export const DEFAULT_MTU = 1_500;
export const LEASE_SECONDS_MIN = 120;
export const LEASE_SECONDS_MAX = 604_800;
export const DEFAULT_LEASE_SECONDS = 3_600;
export const COMMENT_MAX = 256;

const Ipv4 = (description: string) => Type.String({ format: 'ipv4', description });
const Mode = Type.Enum(['nat', 'isolated'], {
  description:
    '`nat`: guests reach outside through masquerade on the host; `isolated`: guests reach each other ' +
    'and the host only',
});
const Action = Type.Enum(['accept', 'drop', 'reject']);
const DefaultInbound = Type.Enum(['accept', 'drop', 'reject'], {
  description:
    'what happens to new connections to the guests from outside the network that no rule decides ' +
    '(default `drop`, as a libvirt NAT network: only port forwards and replies come in); traffic ' +
    'between guests of the network and from the host is not subject to it',
});
const Subnet = Type.String({
  maxLength: 18,
  description:
    `an IPv4 subnet, CIDR with the network address exact (\`10.20.30.0/24\`), prefix /${SUBNET_PREFIX_MIN} ` +
    `to /${SUBNET_PREFIX_MAX}; overlapping neither a route of the host nor another network. Default: the ` +
    'first free /24 of 10.0.0.0/8 from 10.100.0.0/24 on',
});
const Mtu = Type.Integer({ minimum: MTU_MIN, maximum: MTU_MAX, description: `default ${DEFAULT_MTU}` });
const LeaseTime = Type.Integer({
  minimum: LEASE_SECONDS_MIN,
  maximum: LEASE_SECONDS_MAX,
  description: `seconds, default ${DEFAULT_LEASE_SECONDS}`,
});
const DnsDomain = Type.String({
  minLength: 1,
  maxLength: 253,
  pattern: '^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$',
  description: 'dnsmasq answers `<vm>.<domain>` for the guests; default `<network name>.internal`',
});

const DhcpInput = Type.Object(
  {
    enabled: Type.Optional(Type.Boolean({ description: 'default true' })),
    range_start: Type.Optional(
      Ipv4('first address handed out; default: the second half of the hosts (`.128` of a /24)'),
    ),
    range_end: Type.Optional(Ipv4('last address handed out; default: the last host (`.254` of a /24)')),
    lease_time: Type.Optional(LeaseTime),
  },
  { additionalProperties: false },
);
const DnsInput = Type.Object({ domain: Type.Optional(DnsDomain) }, { additionalProperties: false });

export const NetworkCreateSchema = Type.Object(
  {
    name: Type.String({
      pattern: NETWORK_NAME_PATTERN,
      description:
        `lower-case letters, digits and \`-\`, at most ${NETWORK_NAME_MAX} characters: the bridge is ` +
        '`hv-<name>`, and the kernel allows 15 for an interface name',
    }),
    mode: Mode,
    subnet: Type.Optional(Subnet),
    gateway: Type.Optional(Ipv4("the bridge's address; default the subnet's first host")),
    mtu: Type.Optional(Mtu),
    dhcp: Type.Optional(DhcpInput),
    dns: Type.Optional(DnsInput),
    default_inbound: Type.Optional(DefaultInbound),
    tunnel: Type.Optional(Nullable(TunnelInputSchema)),
  },
  { additionalProperties: false },
);
export type NetworkCreate = Static<typeof NetworkCreateSchema>;

export const NetworkPatchSchema = Type.Object(
  {
    mode: Type.Optional(Mode),
    subnet: Type.Optional(Subnet),
    gateway: Type.Optional(Ipv4("the bridge's address")),
    mtu: Type.Optional(Mtu),
    dhcp: Type.Optional(DhcpInput),
    dns: Type.Optional(DnsInput),
    default_inbound: Type.Optional(DefaultInbound),
    tunnel: Type.Optional(Nullable(TunnelInputSchema)),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type NetworkPatch = Static<typeof NetworkPatchSchema>;

export const NetworkSchema = Type.Object(
  {
    name: Type.String(),
    uuid: Type.String({ format: 'uuid' }),
    mode: Type.Enum(['nat', 'isolated']),
    subnet: Type.String(),
    gateway: Type.String(),
    bridge: Type.String({ description: 'the Linux bridge, `hv-<name>`' }),
    mtu: Type.Integer(),
    dhcp: Type.Object({
      enabled: Type.Boolean(),
      range_start: Type.String(),
      range_end: Type.String(),
      lease_time: Type.Integer({ description: 'seconds' }),
    }),
    dns: Type.Object({ domain: Type.String() }),
    default_inbound: Type.Enum(['accept', 'drop', 'reject']),
    state: Type.Enum(['active', 'degraded', 'down']),
    reason: Nullable(Type.String({ description: 'why it is not active' })),
    vms: Type.Array(Type.String(), { description: 'VMs with a NIC on it' }),
    rules: Type.Integer({ description: 'how many firewall rules it has' }),
    forwards: Type.Integer({ description: 'how many port forwards it has' }),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'Network', description: 'A virtual network: a bridge, its firewall and its DHCP and DNS server' },
);
export type NetworkView = Static<typeof NetworkSchema>;

const Ports = Type.String({
  pattern: '^[0-9]{1,5}(-[0-9]{1,5})?$',
  description: 'a port (`80`) or an inclusive range (`8000-8100`), 1 to 65535; tcp and udp only',
});
const RuleCidr = (side: string) =>
  Type.String({
    maxLength: 18,
    description: `${side}: an IPv4 CIDR (network address exact) or a single address`,
  });
const RuleVm = Type.String({
  pattern: VM_NAME_PATTERN,
  description:
    "a VM with a NIC on this network: the rule applies to that VM's addresses on it (reserved or leased)",
});
const Comment = Type.String({ maxLength: COMMENT_MAX });

export const RuleCreateSchema = Type.Object(
  {
    direction: Type.Enum(['in', 'out'], { description: '`in`: to the guests; `out`: from the guests' }),
    action: Action,
    protocol: Type.Enum(['tcp', 'udp', 'icmp', 'any']),
    ports: Type.Optional(Ports),
    source: Type.Optional(RuleCidr('where the traffic comes from')),
    destination: Type.Optional(RuleCidr('where the traffic goes')),
    vm: Type.Optional(RuleVm),
    position: Type.Optional(
      Type.Integer({
        minimum: 0,
        description:
          'where it goes in the evaluation order, 0 first; default last. The rules from there on move down one',
      }),
    ),
    comment: Type.Optional(Comment),
  },
  { additionalProperties: false },
);
export type RuleCreate = Static<typeof RuleCreateSchema>;

export const RulePatchSchema = Type.Object(
  {
    direction: Type.Optional(Type.Enum(['in', 'out'])),
    action: Type.Optional(Action),
    protocol: Type.Optional(Type.Enum(['tcp', 'udp', 'icmp', 'any'])),
    ports: Type.Optional(Nullable(Ports)),
    source: Type.Optional(Nullable(RuleCidr('where the traffic comes from'))),
    destination: Type.Optional(Nullable(RuleCidr('where the traffic goes'))),
    vm: Type.Optional(Nullable(RuleVm)),
    position: Type.Optional(
      Type.Integer({ minimum: 0, description: 'moves the rule there; the others close up around it' }),
    ),
    comment: Type.Optional(Nullable(Comment)),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type RulePatch = Static<typeof RulePatchSchema>;

export const RuleSchema = Type.Object(
  {
    id: Type.String(),
    network: Type.String(),
    position: Type.Integer(),
    direction: Type.Enum(['in', 'out']),
    action: Type.Enum(['accept', 'drop', 'reject']),
    protocol: Type.Enum(['tcp', 'udp', 'icmp', 'any']),
    ports: Nullable(Type.String()),
    source: Nullable(Type.String()),
    destination: Nullable(Type.String()),
    vm: Nullable(Type.String()),
    comment: Nullable(Type.String()),
    packets: Type.Integer({ description: 'packets the rule matched (its nftables counter)' }),
    bytes: Type.Integer({ description: 'bytes the rule matched' }),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'NetworkRule', description: 'A firewall rule of a network' },
);
export type RuleView = Static<typeof RuleSchema>;

const Port = (description: string) => Type.Integer({ minimum: 1, maximum: 65_535, description });

export const ForwardCreateSchema = Type.Object(
  {
    protocol: Type.Enum(['tcp', 'udp']),
    listen_address: Type.Optional(
      Ipv4("one of the host's addresses; default every local address of the host"),
    ),
    listen_port: Port('the port on the host; not forwarded already (same protocol, overlapping address)'),
    vm: Type.String({
      pattern: VM_NAME_PATTERN,
      description: 'a VM with a NIC on this network and a reserved or leased address on it',
    }),
    guest_port: Port('the port in the guest'),
  },
  { additionalProperties: false },
);
export type ForwardCreate = Static<typeof ForwardCreateSchema>;

export const ForwardSchema = Type.Object(
  {
    id: Type.String(),
    network: Type.String(),
    protocol: Type.Enum(['tcp', 'udp']),
    listen_address: Nullable(Type.String()),
    listen_port: Type.Integer(),
    vm: Type.String(),
    guest_port: Type.Integer(),
    guest_address: Nullable(
      Type.String({ description: "the VM's address the forward leads to now; null while it has none" }),
    ),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'PortForward', description: "A DNAT from a port of the host's to a guest's" },
);
export type ForwardView = Static<typeof ForwardSchema>;

export const LeaseSchema = Type.Object(
  {
    mac: Type.String(),
    ip: Type.String(),
    hostname: Nullable(Type.String({ description: 'the name the guest sent' })),
    expires_at: Nullable(Type.String({ format: 'date-time', description: 'null: an infinite lease' })),
    vm: Nullable(Type.String({ description: 'the VM whose NIC has this MAC' })),
    nic: Nullable(Type.Integer({ description: "the NIC's index in the VM's `devices.network`" })),
  },
  { $id: 'DhcpLease', description: "A lease of the network's dnsmasq" },
);
export type LeaseView = Static<typeof LeaseSchema>;

export const NETWORK_SCHEMAS = [NetworkSchema, RuleSchema, ForwardSchema, LeaseSchema];
