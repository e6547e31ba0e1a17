/**
 * The checks of a tunnel's configuration that a JSON Schema cannot state: the peer's URL, the
 * WireGuard endpoint, and remote subnets that overlap nothing this host routes elsewhere. Each
 * refusal names its field (`tunnel.<field>`), as the network's own checks do.
 */
import { HvErrors, invalidField } from '../../errors.js';
import type { NetworkRecord } from '../../store/networks.js';
import type { TunnelRecord } from '../../store/tunnels.js';
import { checkPeerTransport } from '../peer-transport.js';
import { formatCidr, overlaps, parseCidr, parseIpv4, type Cidr } from '../subnets.js';

/** The tunnel's static ML-KEM-768 key in the key store. */
export const kemKeyName = (network: string): string => `tunnel-${network}`;
/** What each sealed secret is bound to (the AES-GCM additional data). */
export const tokenContext = (network: string): string => `tunnel/${network}/peer-token`;
export const wgContext = (network: string): string => `tunnel/${network}/wireguard-private-key`;

/** `host:port`: an IPv4 address or a host name, a port 1-65535. */
export function parseEndpoint(text: string): string {
  const match = /^([A-Za-z0-9.-]{1,253}):(\d{1,5})$/.exec(text);
  const port = Number(match?.[2]);
  if (match === null || !(port >= 1 && port <= 65_535)) {
    throw invalidField(
      'tunnel.endpoint',
      `'${text}' is not host:port (an IPv4 address or host name, port 1-65535)`,
    );
  }
  const host = match[1]!;
  if (/^[0-9.]+$/.test(host) && parseIpv4(host) === undefined) {
    throw invalidField('tunnel.endpoint', `'${host}' is not an IPv4 address`);
  }
  return text;
}

/**
 * The URL of the peer's network resource, without a trailing slash. The peer's token goes there:
 * `http://` only to loopback unless `insecureTcp`, and a `fingerprint` only with `https://`.
 */
export function parsePeerUrl(
  text: string,
  transport: { insecureTcp: boolean; fingerprint: string | undefined } = {
    insecureTcp: false,
    fingerprint: undefined,
  },
): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw invalidField('tunnel.peer_url', `'${text}' is not a URL`);
  }
  if (
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    !/\/networks\/[a-z0-9][a-z0-9-]*\/?$/.test(url.pathname)
  ) {
    throw invalidField(
      'tunnel.peer_url',
      `'${text}' is not the URL of a network of the peer (http(s)://host:port/api/v1/networks/<name>)`,
    );
  }
  checkPeerTransport(url, 'tunnel.peer_url', { ...transport, fingerprintField: 'tunnel.peer_fingerprint' });
  return text.replace(/\/$/, '');
}

/**
 * The remote subnets in canonical form; 409 NETWORK_OVERLAP when one overlaps a network of this
 * host (the tunnel's own on `subnet`), another tunnel's remote subnets, or another of the list.
 */
export function checkRemoteSubnets(
  network: string,
  subnet: string,
  texts: readonly string[],
  networks: readonly NetworkRecord[],
  tunnels: readonly TunnelRecord[],
): string[] {
  const remote = texts.map((text, i) => {
    const parsed = parseCidr(text);
    if (!parsed.ok) throw invalidField(`tunnel.remote_subnets[${i}]`, `'${text}' ${parsed.reason}`);
    return parsed.cidr;
  });
  const taken: { cidr: string; what: string }[] = [
    { cidr: subnet, what: `network '${network}' (${subnet})` },
    ...networks
      .filter((n) => n.name !== network)
      .map((n) => ({ cidr: n.subnet, what: `network '${n.name}' (${n.subnet})` })),
    ...tunnels
      .filter((t) => t.network !== network)
      .flatMap((t) =>
        t.remoteSubnets.map((s) => ({
          cidr: s,
          what: `a remote subnet of network '${t.network}''s tunnel (${s})`,
        })),
      ),
  ];
  const refuse = (cidr: Cidr, i: number, other: string): never => {
    throw HvErrors.networkOverlap(
      { subnet: formatCidr(cidr), other },
      { details: { field: `tunnel.remote_subnets[${i}]` } },
    );
  };
  remote.forEach((cidr, i) => {
    for (const other of taken) {
      const parsed = parseCidr(other.cidr);
      if (parsed.ok && overlaps(parsed.cidr, cidr)) refuse(cidr, i, other.what);
    }
    remote.slice(0, i).forEach((earlier, j) => {
      if (overlaps(earlier, cidr)) refuse(cidr, i, `remote subnet ${j} (${formatCidr(earlier)})`);
    });
  });
  return remote.map(formatCidr);
}
