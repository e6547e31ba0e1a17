/**
 * IPv4 arithmetic for networks: addresses as unsigned 32-bit numbers, CIDRs as a network address
 * and a prefix length. Parsing is strict (four decimal octets, no leading zeros, the network
 * address exact), since these strings end up in nftables rules and dnsmasq options.
 */

export interface Cidr {
  /** The network address, as an unsigned 32-bit number. */
  address: number;
  prefix: number;
}

/** A route of the host's routing tables, as the overlap check needs it. */
export interface HostRoute {
  /** `10.0.0.0/24`, a single address, or `default`. */
  dst: string;
  dev: string | null;
  /** `unicast`, or `local` for the host's own addresses (table local), `broadcast`, ... */
  type: string;
}

const OCTET = /^(0|[1-9][0-9]{0,2})$/;

/** The number of an IPv4 address in dotted-quad form; undefined when it is not one. */
export function parseIpv4(text: string): number | undefined {
  const parts = text.split('.');
  if (parts.length !== 4) return undefined;
  let value = 0;
  for (const part of parts) {
    if (!OCTET.test(part)) return undefined;
    const octet = Number(part);
    if (octet > 255) return undefined;
    value = value * 256 + octet;
  }
  return value;
}

export function formatIpv4(value: number): string {
  return [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join('.');
}

const size = (prefix: number): number => 2 ** (32 - prefix);

/** The network address of `address` in a subnet of `prefix` bits. */
const networkOf = (address: number, prefix: number): number => address - (address % size(prefix));

export type CidrParse = { ok: true; cidr: Cidr } | { ok: false; reason: string };

/**
 * `10.20.30.0/24`; a bare address is a /32 when `bareIsHost`. The address must be the network's
 * own: `10.0.0.1/24` is refused with the address it should have been.
 */
export function parseCidr(text: string, bareIsHost = false): CidrParse {
  const [addressText, prefixText, extra] = text.split('/');
  if (extra !== undefined || addressText === undefined) return { ok: false, reason: 'is not a CIDR' };
  const address = parseIpv4(addressText);
  if (address === undefined) return { ok: false, reason: `'${addressText}' is not an IPv4 address` };
  if (prefixText === undefined) {
    return bareIsHost
      ? { ok: true, cidr: { address, prefix: 32 } }
      : { ok: false, reason: 'has no prefix length (like 10.20.30.0/24)' };
  }
  if (!/^(0|[1-9][0-9]?)$/.test(prefixText) || Number(prefixText) > 32) {
    return { ok: false, reason: `'/${prefixText}' is not a prefix length from 0 to 32` };
  }
  const prefix = Number(prefixText);
  const network = networkOf(address, prefix);
  if (network !== address) {
    return {
      ok: false,
      reason: `has host bits set: the network of ${addressText}/${prefix} is ${formatIpv4(network)}/${prefix}`,
    };
  }
  return { ok: true, cidr: { address, prefix } };
}

export const formatCidr = (cidr: Cidr): string => `${formatIpv4(cidr.address)}/${cidr.prefix}`;

export function overlaps(a: Cidr, b: Cidr): boolean {
  const prefix = Math.min(a.prefix, b.prefix);
  return networkOf(a.address, prefix) === networkOf(b.address, prefix);
}

export function contains(cidr: Cidr, address: number): boolean {
  return networkOf(address, cidr.prefix) === cidr.address;
}

export const broadcastOf = (cidr: Cidr): number => cidr.address + size(cidr.prefix) - 1;

/**
 * The addresses a subnet gives by default: the gateway is its first host address, and DHCP hands
 * out the second half of its hosts (`.128` to `.254` of a /24), leaving the first half for fixed
 * addresses.
 */
export function defaultAddresses(cidr: Cidr): { gateway: number; rangeStart: number; rangeEnd: number } {
  const hosts = size(cidr.prefix) - 2;
  return {
    gateway: cidr.address + 1,
    rangeStart: cidr.address + 1 + Math.floor(hosts / 2),
    rangeEnd: broadcastOf(cidr) - 1,
  };
}

/** A host address of the subnet: neither its network nor its broadcast address. */
export function isHostOf(cidr: Cidr, address: number): boolean {
  return contains(cidr, address) && address !== cidr.address && address !== broadcastOf(cidr);
}

/**
 * The host's routes as CIDRs, without default routes (which every subnet overlaps) and without
 * routes through `ownDevice` (a network's own bridge, when its subnet changes).
 */
export function routeCidrs(routes: readonly HostRoute[], ownDevice: string | null = null): Cidr[] {
  const cidrs: Cidr[] = [];
  for (const route of routes) {
    if (route.dst === 'default' || (ownDevice !== null && route.dev === ownDevice)) continue;
    const parsed = parseCidr(route.dst, true);
    // Routes with host bits set do not come from the kernel; anything else unreadable is skipped.
    if (parsed.ok && parsed.cidr.prefix > 0) cidrs.push(parsed.cidr);
  }
  return cidrs;
}

/** Whether the address is one of the host's own: a `local` route (table local) covers it. */
export function isLocalAddress(routes: readonly HostRoute[], address: number): boolean {
  return routes.some((route) => {
    if (route.type !== 'local') return false;
    const parsed = parseCidr(route.dst, true);
    return parsed.ok && contains(parsed.cidr, address);
  });
}

/** The first /24 of 10.0.0.0/8 that overlaps none of `taken`, from 10.100.0.0 on; null if none. */
export function pickFreeSubnet(taken: readonly Cidr[]): Cidr | null {
  const first = 100 * 256;
  for (let i = 0; i < 65_536; i += 1) {
    const candidate = { address: 10 * 2 ** 24 + ((first + i) % 65_536) * 256, prefix: 24 };
    if (!taken.some((cidr) => overlaps(cidr, candidate))) return candidate;
  }
  return null;
}
