/**
 * The simulated network driver with its calls recorded and its outside world settable by a test:
 * the specs it was given, leases as dnsmasq would have them (and their changes, as the lease
 * watcher reports them), counters, and whether it is available.
 */
import type {
  Lease,
  LeaseListener,
  NetworkAvailability,
  NetworkSpec,
  RuleCounter,
} from '../../src/drivers/network/network-driver.js';
import {
  createSimulatedNetworkDriver,
  type SimulatedNetworkDriver,
} from '../../src/drivers/network/simulated-network-driver.js';

export interface RecordingNetworkDriver extends SimulatedNetworkDriver {
  /** Every spec `apply` was given, in order. */
  applied: NetworkSpec[];
  /** Every `reconcile` call's specs. */
  reconciled: NetworkSpec[][];
  calls: string[];
  /** The leases of each network, as `leases` answers. */
  leaseTable: Map<string, Lease[]>;
  counterTable: Map<string, Map<string, RuleCounter>>;
  availabilityNow: NetworkAvailability;
  /** Reports a lease change to the core, as the kernel driver's lease watcher does. */
  fireLease(network: string, change: 'added' | 'expired', lease: Lease): void;
  /** Makes the next apply throw this. */
  failNextApply: Error | null;
}

export function createRecordingNetworkDriver(): RecordingNetworkDriver {
  const inner = createSimulatedNetworkDriver();
  const listeners: LeaseListener[] = [];
  const driver: RecordingNetworkDriver = {
    ...inner,
    applied: [],
    reconciled: [],
    calls: [],
    leaseTable: new Map(),
    counterTable: new Map(),
    availabilityNow: { available: true },
    failNextApply: null,
    availability: () => driver.availabilityNow,
    apply: async (spec) => {
      driver.calls.push(`apply ${spec.name}`);
      if (driver.failNextApply !== null) {
        const error = driver.failNextApply;
        driver.failNextApply = null;
        throw error;
      }
      driver.applied.push(structuredClone(spec));
      return inner.apply(spec);
    },
    remove: async (name) => {
      driver.calls.push(`remove ${name}`);
      return inner.remove(name);
    },
    reconcile: async (specs) => {
      driver.reconciled.push(structuredClone([...specs]));
      return inner.reconcile(specs);
    },
    createTap: async (tap) => {
      driver.calls.push(`createTap ${tap.name}`);
      return inner.createTap(tap);
    },
    removeTap: async (name) => {
      driver.calls.push(`removeTap ${name}`);
      return inner.removeTap(name);
    },
    leases: async (name) => driver.leaseTable.get(name) ?? [],
    counters: async (name) => driver.counterTable.get(name) ?? inner.counters(name),
    onLease: (listener) => {
      listeners.push(listener);
    },
    fireLease: (network, change, lease) => {
      for (const listener of listeners) listener(network, change, lease);
    },
  };
  return driver;
}
