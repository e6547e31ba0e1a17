/**
 * The tunnel driver of the simulated network driver: the TunnelDriver contract kept in memory,
 * with no interface, no WireGuard and no traffic. It keeps each tunnel's spec, its peer and the
 * preshared key installed, so the core's tests can assert what would be in the kernel; key pairs
 * are real X25519 keys. Counters show no handshake and no bytes, as nothing is carried.
 */
import { wireguardKeyPair } from './kernel/wireguard.js';
import type { TunnelCounters, TunnelDriver, TunnelPeer, TunnelSpec } from './tunnel-driver.js';

export interface SimulatedTunnelDriver extends TunnelDriver {
  /** The spec last applied for each network's tunnel (what the interface would hold). */
  readonly specs: ReadonlyMap<string, TunnelSpec>;
  /** The peer installed on each tunnel, with its preshared key; absent when removed (fail closed). */
  readonly peers: ReadonlyMap<string, TunnelPeer>;
}

export function createSimulatedTunnelDriver(): SimulatedTunnelDriver {
  const specs = new Map<string, TunnelSpec>();
  const peers = new Map<string, TunnelPeer>();

  return {
    specs,
    peers,
    availability: () => ({ available: true }),
    generateKeyPair: async () => wireguardKeyPair(),
    apply: async (spec) => {
      specs.set(spec.network, structuredClone(spec));
    },
    setPeer: async (network, peer) => {
      if (peer === null) {
        peers.delete(network);
        return;
      }
      if (!specs.has(network)) throw new Error(`tunnel of network '${network}' is not applied`);
      peers.set(network, structuredClone(peer));
    },
    presharedKey: async (network) => peers.get(network)?.presharedKey ?? null,
    counters: async (network): Promise<TunnelCounters | null> =>
      specs.has(network)
        ? {
            implementation: 'wireguard-go',
            present: true,
            peer: peers.get(network)?.publicKey ?? null,
            lastHandshakeAt: null,
            rxBytes: 0,
            txBytes: 0,
          }
        : null,
    remove: async (network) => {
      specs.delete(network);
      peers.delete(network);
    },
    present: async () => [...specs.keys()],
  };
}
