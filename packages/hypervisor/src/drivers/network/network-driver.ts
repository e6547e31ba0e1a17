/**
 * The one interface between the network core (domain/network-service.ts) and whatever makes
 * networks real. The kernel driver builds Linux bridges, one nftables table and one dnsmasq per
 * network; the simulated driver keeps the same contract in memory, with nothing kernel-side.
 *
 * The core owns the desired state (the database) and hands the driver a whole, resolved
 * `NetworkSpec` on every change: `apply` makes the kernel match it, and applying the same spec
 * twice changes nothing. The driver never touches an object it does not own: interfaces carry
 * the service's name prefixes and an alias starting with `OWNER_ALIAS`, and the nftables table is
 * the service's own (`NFT_FAMILY NFT_TABLE`).
 */
import type { TunnelDriver, TunnelRouting } from './tunnel-driver.js';

/** The most characters of a Linux interface name (IFNAMSIZ - 1). */
export const IFNAME_MAX = 15;
/** A network's bridge is `hv-<network name>`, so a network name has at most 12 characters. */
export const BRIDGE_PREFIX = 'hv-';
/** A NIC's tap is `hvt-<first 8 hex digits of the VM's uuid>-<index of the NIC>`. */
export const TAP_PREFIX = 'hvt-';
/** Every interface the service makes has an alias (ifalias) starting with this. */
export const OWNER_ALIAS = 'hypervisor:';
/** The service's one nftables table: a chain set per network inside it (nft-ruleset.ts). */
export const NFT_FAMILY = 'inet';
export const NFT_TABLE = 'hypervisor';

export const bridgeName = (network: string): string => `${BRIDGE_PREFIX}${network}`;
export const tapName = (vmUuid: string, index: number): string =>
  `${TAP_PREFIX}${vmUuid.replaceAll('-', '').slice(0, 8)}-${index}`;

export type NetworkMode = 'nat' | 'isolated';
export type RuleAction = 'accept' | 'drop' | 'reject';
export type RuleProtocol = 'tcp' | 'udp' | 'icmp' | 'any';

/** One firewall rule, resolved: a VM it applies to has become that VM's addresses. */
export interface RuleSpec {
  /** The rule's id (stable across changes); names its nftables counter. */
  id: string;
  direction: 'in' | 'out';
  action: RuleAction;
  protocol: RuleProtocol;
  /** A port or an inclusive range; null for any port (and always for icmp and any). */
  ports: { from: number; to: number } | null;
  /** CIDRs, e.g. `10.0.0.0/8` or a single address `10.0.0.5/32`; null for any. */
  source: string | null;
  destination: string | null;
  /**
   * When the rule applies to one VM: that VM's IPv4 addresses on this network (reserved or leased),
   * matched as the guest side (`ip daddr` for `in`, `ip saddr` for `out`). An empty list means the
   * VM has no known address yet: the rule matches nothing until it has.
   */
  vmAddresses: string[] | null;
  comment: string | null;
}

/** A DNAT from the host's address and port to a guest's. */
export interface ForwardSpec {
  id: string;
  protocol: 'tcp' | 'udp';
  /** One host address; null for every local address of the host (`fib daddr type local`). */
  listenAddress: string | null;
  listenPort: number;
  guestAddress: string;
  guestPort: number;
}

/** A fixed address for a MAC (dnsmasq `dhcp-host`), with the name DNS answers for it. */
export interface ReservationSpec {
  mac: string;
  ip: string;
  hostname: string;
}

/** Everything the kernel needs for one network, resolved by the core. */
export interface NetworkSpec {
  name: string;
  /** `bridgeName(name)`. */
  bridge: string;
  mode: NetworkMode;
  /** The IPv4 subnet, CIDR (`10.20.30.0/24`); the gateway is the bridge's address in it. */
  subnet: string;
  gateway: string;
  mtu: number;
  dhcp: {
    enabled: boolean;
    /** Inclusive range dnsmasq hands out dynamically. */
    rangeStart: string;
    rangeEnd: string;
    leaseSeconds: number;
  };
  /** dnsmasq answers `<hostname>.<domain>` (and the bare hostname) for the guests of this network. */
  dnsDomain: string;
  /** What happens to inbound traffic (to guests) that no rule decides. */
  defaultInbound: RuleAction;
  /** In evaluation order (position ascending). */
  rules: RuleSpec[];
  forwards: ForwardSpec[];
  reservations: ReservationSpec[];
  /**
   * The network's post-quantum tunnel, when it has one: its chains let the tunnel's traffic through
   * and leave it unmasqueraded, and a reconcile keeps its interface (tunnel-driver.ts).
   */
  tunnel?: TunnelRouting | null;
}

export interface Lease {
  mac: string;
  ip: string;
  /** The name the guest sent, or null. */
  hostname: string | null;
  /** ISO 8601 UTC; null for an infinite lease. */
  expiresAt: string | null;
}

export interface RuleCounter {
  packets: number;
  bytes: number;
}

/** How a network stands in the kernel. */
export type NetworkStatus =
  { state: 'active'; reason: null } | { state: 'degraded' | 'down'; reason: string };

export interface ReconcileReport {
  /** Networks whose kernel objects were all there and matched (nothing was changed). */
  unchanged: string[];
  /** Networks for which something was (re)made: the bridge, the chains or dnsmasq. */
  repaired: string[];
  /** dnsmasq processes taken back by pid file. */
  adopted: string[];
  /** Owned objects of networks the core no longer knows, removed: interface names, chain names. */
  removed: string[];
}

/** The driver cannot make networks here: not root and no CAP_NET_ADMIN, or a tool is missing. */
export type NetworkAvailability = { available: true } | { available: false; reason: string };

export type LeaseListener = (network: string, change: 'added' | 'expired', lease: Lease) => void;

export interface NetworkDriver {
  readonly name: 'kernel' | 'simulated';
  /** The networks' WireGuard interfaces (the network core's tunnel part drives them). */
  readonly tunnels: TunnelDriver;
  availability(): NetworkAvailability;
  /** Makes the kernel match `spec` (create or update); restarts dnsmasq only when its config changed. */
  apply(spec: NetworkSpec): Promise<NetworkStatus>;
  /** Removes every kernel object of the network: chains, dnsmasq, bridge, its files. */
  remove(name: string): Promise<void>;
  /**
   * At start: applies every spec, adopting what is there and recreating what is missing, and
   * removes the owned objects of networks not among them (taps of VMs are the VM core's).
   */
  reconcile(specs: readonly NetworkSpec[]): Promise<ReconcileReport>;
  status(name: string): Promise<NetworkStatus>;
  /** Packet and byte counters of the network's rules, by rule id. */
  counters(name: string): Promise<Map<string, RuleCounter>>;
  leases(name: string): Promise<Lease[]>;
  /** Lease changes seen in dnsmasq's lease files (the core turns them into events). */
  onLease(listener: LeaseListener): void;
  /** A tap for one NIC, on the network's bridge; replaced if it is there already. */
  createTap(tap: { name: string; network: string; vm: string }): Promise<void>;
  /** Removes the tap; nothing when it is not there. */
  removeTap(name: string): Promise<void>;
  /** The owned taps present now (the VM core removes those no running VM uses, at start). */
  taps(): Promise<string[]>;
  /** Stops watching lease files; leaves every kernel object and dnsmasq running. */
  close(): Promise<void>;
}
