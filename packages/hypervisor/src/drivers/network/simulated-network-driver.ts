/**
 * The network driver of the simulated VM driver: the NetworkDriver contract kept in memory, with
 * nothing kernel-side (no bridge, no nftables, no dnsmasq), so the API can be explored without
 * root. Networks are always `active`, hand out no leases and count no packets; a tap needs its
 * network applied first, as the kernel's bridge must exist.
 */
import type {
  NetworkDriver,
  NetworkSpec,
  NetworkStatus,
  ReconcileReport,
  RuleCounter,
} from './network-driver.js';
import { tunnelName } from './tunnel-driver.js';
import { createSimulatedTunnelDriver, type SimulatedTunnelDriver } from './simulated-tunnel-driver.js';

export interface SimulatedNetworkDriver extends NetworkDriver {
  readonly name: 'simulated';
  /** The spec last applied for each network (what the kernel would hold). */
  readonly specs: ReadonlyMap<string, NetworkSpec>;
  readonly tunnels: SimulatedTunnelDriver;
}

const ACTIVE: NetworkStatus = { state: 'active', reason: null };

export function createSimulatedNetworkDriver(): SimulatedNetworkDriver {
  const specs = new Map<string, NetworkSpec>();
  /** Tap name → network. */
  const taps = new Map<string, string>();
  const tunnels = createSimulatedTunnelDriver();

  return {
    name: 'simulated',
    specs,
    tunnels,
    availability: () => ({ available: true }),
    apply: async (spec) => {
      specs.set(spec.name, structuredClone(spec));
      return ACTIVE;
    },
    remove: async (name) => {
      specs.delete(name);
      await tunnels.remove(name);
      for (const [tap, network] of taps) if (network === name) taps.delete(tap);
    },
    reconcile: async (wanted) => {
      const report: ReconcileReport = { unchanged: [], repaired: [], adopted: [], removed: [] };
      const names = new Set(wanted.map((spec) => spec.name));
      for (const name of specs.keys()) {
        if (!names.has(name)) {
          specs.delete(name);
          report.removed.push(name);
        }
      }
      // As the kernel driver does: the tunnel of a network without one (or unknown) goes.
      for (const network of await tunnels.present()) {
        if (!wanted.some((spec) => spec.name === network && (spec.tunnel ?? null) !== null)) {
          await tunnels.remove(network);
          report.removed.push(tunnelName(network));
        }
      }
      for (const spec of wanted) {
        const before = specs.get(spec.name);
        specs.set(spec.name, structuredClone(spec));
        const same = before !== undefined && JSON.stringify(before) === JSON.stringify(spec);
        (same ? report.unchanged : report.repaired).push(spec.name);
      }
      return report;
    },
    status: async (name) =>
      specs.has(name) ? ACTIVE : { state: 'down', reason: `network '${name}' is not applied` },
    counters: async (name) => {
      const counters = new Map<string, RuleCounter>();
      for (const rule of specs.get(name)?.rules ?? []) counters.set(rule.id, { packets: 0, bytes: 0 });
      return counters;
    },
    leases: async () => [],
    // Nothing hands out leases here, so a listener is never called.
    onLease: () => undefined,
    createTap: async ({ name, network }) => {
      if (!specs.has(network)) throw new Error(`bridge of network '${network}' does not exist`);
      taps.set(name, network);
    },
    removeTap: async (name) => {
      taps.delete(name);
    },
    taps: async () => [...taps.keys()],
    close: async () => undefined,
  };
}
