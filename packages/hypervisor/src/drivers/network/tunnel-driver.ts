/**
 * The WireGuard side of a network's post-quantum tunnel, as the network core (domain/tunnel/*)
 * sees it. WireGuard carries the traffic (X25519 handshake, ChaCha20-Poly1305); the core agrees a
 * fresh 32-byte preshared key with the peer service through ML-KEM-768 and installs it here, as
 * Rosenpass does. The driver owns one interface per tunnel (`tunnelName(network)`), its routes to
 * the remote subnets and the nftables rules that let the network's guests and the remote subnets
 * reach each other; the kernel module is used where `ip link add ... type wireguard` works, else
 * `wireguard-go` (userspace, /dev/net/tun). Kernel objects outlive the service, like a network's.
 */
import type { NetworkAvailability } from './network-driver.js';

/** A tunnel's interface is `hw-<network name>` (15 characters at most, like the bridge's). */
export const TUNNEL_PREFIX = 'hw-';
export const tunnelName = (network: string): string => `${TUNNEL_PREFIX}${network}`;

/** What the network's chains and routes need to know of its tunnel (part of NetworkSpec). */
export interface TunnelRouting {
  /** `tunnelName(network)`. */
  interface: string;
  /** The peer network's subnets, routed through the tunnel and never masqueraded. */
  remoteSubnets: string[];
}

/** The tunnel's interface, resolved by the core: applied with the network. */
export interface TunnelSpec extends TunnelRouting {
  network: string;
  /** This side's WireGuard private key, base64 (the core keeps it sealed at rest). */
  privateKey: string;
  listenPort: number;
}

/** The one peer of a tunnel. Without a current preshared key there is no peer: fail closed. */
export interface TunnelPeer {
  publicKey: string;
  /** `host:port` of the peer's WireGuard listener. */
  endpoint: string;
  /** The remote subnets (WireGuard's allowed IPs). */
  allowedIps: string[];
  /** 32 bytes, base64: the key agreed through ML-KEM for the current epoch. */
  presharedKey: string;
  persistentKeepaliveSeconds: number;
}

export interface TunnelCounters {
  implementation: 'kernel' | 'wireguard-go';
  /** The interface is there and up. */
  present: boolean;
  /** The public key of the installed peer, or null when there is none (no current key). */
  peer: string | null;
  /** ISO 8601 UTC of the last completed WireGuard handshake, or null. */
  lastHandshakeAt: string | null;
  rxBytes: number;
  txBytes: number;
}

export interface TunnelDriver {
  /** The kernel module or wireguard-go, and `wg`; else what is missing. */
  availability(): NetworkAvailability;
  /** A new X25519 key pair, base64 (what `wg genkey` / `wg pubkey` give). */
  generateKeyPair(): Promise<{ privateKey: string; publicKey: string }>;
  /**
   * Makes the interface match `spec` (create, or update in place: key, port, routes), leaving the
   * peer and its preshared key as they are. The chains come with the network's own apply.
   */
  apply(spec: TunnelSpec): Promise<void>;
  /** Installs the peer with a new preshared key, or removes it (`null`): traffic stops at once. */
  setPeer(network: string, peer: TunnelPeer | null): Promise<void>;
  /** The preshared key installed now, base64, or null (for tests and the status). */
  presharedKey(network: string): Promise<string | null>;
  counters(network: string): Promise<TunnelCounters | null>;
  /** Removes the interface (and the wireguard-go process with it) and its routes. */
  remove(network: string): Promise<void>;
  /** Owned tunnel interfaces present now, by network name (reconcile removes unknown ones). */
  present(): Promise<string[]>;
}
