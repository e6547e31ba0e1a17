/**
 * Which kind of network an IP address belongs to, so webhook targets inside the service's own
 * network (loopback, private ranges, cloud metadata on link-local) can be refused: a webhook URL
 * must not turn the service into a proxy for requests an outside caller could not make.
 */
import { BlockList, isIP } from 'node:net';

export type AddressClass =
  | 'public'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'unique-local'
  | 'multicast'
  | 'reserved';

type Range = readonly [network: string, prefix: number, kind: Exclude<AddressClass, 'public'>];

const IPV4_RANGES: readonly Range[] = [
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'private'], // carrier-grade NAT
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'reserved'], // benchmarking
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'], // includes the broadcast address
];

const IPV6_RANGES: readonly Range[] = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['fc00::', 7, 'unique-local'],
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'private'], // deprecated site-local
  ['ff00::', 8, 'multicast'],
  // IPv4-mapped addresses reach the IPv4 host they embed, so they take its class.
  ...IPV4_RANGES.map(([network, prefix, kind]): Range => [`::ffff:${network}`, 96 + prefix, kind]),
];

function rangeLists(ranges: readonly Range[], family: 'ipv4' | 'ipv6') {
  const lists = new Map<Range[2], BlockList>();
  for (const [network, prefix, kind] of ranges) {
    let list = lists.get(kind);
    if (list === undefined) lists.set(kind, (list = new BlockList()));
    list.addSubnet(network, prefix, family);
  }
  return [...lists];
}

const IPV4_LISTS = rangeLists(IPV4_RANGES, 'ipv4');
const IPV6_LISTS = rangeLists(IPV6_RANGES, 'ipv6');

/** The class of an IPv4 or IPv6 address (brackets allowed); throws on anything else. */
export function classifyAddress(address: string): AddressClass {
  const bare = address.replace(/^\[(.*)\]$/, '$1');
  const version = isIP(bare);
  if (version === 0) throw new TypeError(`not an IP address: '${address}'`);
  const family = version === 4 ? 'ipv4' : 'ipv6';
  for (const [kind, list] of version === 4 ? IPV4_LISTS : IPV6_LISTS) {
    if (list.check(bare, family)) return kind;
  }
  return 'public';
}
