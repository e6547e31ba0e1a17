/**
 * The kernel network driver: a Linux bridge, the network's chains in the service's nftables table
 * and one dnsmasq per network, made from a NetworkSpec (network-driver.ts).
 *
 * Every operation runs alone (one queue), so two nft transactions never interleave. `apply`
 * makes the bridge match, writes the network's chains in one transaction (skipped when the hash of
 * what it would write equals what this process wrote last), then makes dnsmasq match. `reconcile`
 * trusts nothing it has not read: it lists the table and the links once, compares each network's
 * hash, rule counts, counters and map elements with the compiled spec, and writes one transaction
 * for the networks that differ and the owned ones nobody wants any more; a network that matches
 * is not touched, so the table (handles included) stays byte-identical.
 */
import { readdir, writeFile } from 'node:fs/promises';
import type { Logger } from '@lab/server-kit';
import { HvErrors } from '../../../errors.js';
import { TUNNEL_PREFIX, tunnelName } from '../tunnel-driver.js';
import {
  bridgeName,
  NFT_FAMILY,
  NFT_TABLE,
  type Lease,
  type LeaseListener,
  type NetworkDriver,
  type NetworkSpec,
  type NetworkStatus,
  type ReconcileReport,
  type RuleCounter,
} from '../network-driver.js';
import { networkAvailability } from './capabilities.js';
import { createCommandRunner } from './command.js';
import { dnsmasqFiles, ensureDnsmasq, networksDir, removeDnsmasq, runningPid } from './dnsmasq.js';
import {
  bridgeCommands,
  createTap as addTap,
  deleteLink,
  findLink,
  isOwnedBridge,
  isOwnedTap,
  listLinks,
  runIp,
  type Link,
} from './ip-link.js';
import { createLeaseWatcher, readLeases } from './leases.js';
import { createWireguardTunnels, isOwnedTunnel } from './wireguard.js';
import { applyBatch, readCounters, readTable, type NetworkInTable } from './nft.js';
import {
  baseBatch,
  chainName,
  compileNetwork,
  editBatch,
  networkBatch,
  NETWORK_CHAIN_KINDS,
  parseCounterName,
  removeNetworkBatch,
  type CompiledNetwork,
  type PortKey,
  type WrittenChains,
} from './nft-ruleset.js';

export interface KernelNetworkDriverOptions {
  /** dnsmasq's files go under `<runDir>/networks/<name>/`. */
  runDir: string;
  logger: Logger;
  /**
   * Run every command inside this named network namespace (`ip netns exec`); the tests and
   * benchmarks use it so the host's own network is never changed. Unset: the service's namespace.
   */
  netns?: string;
}

/** What this process last wrote into the table for a network. */
interface Written {
  hash: string;
  counters: readonly string[];
  forwardPorts: readonly PortKey[];
  /** The rules of its chains (a reconcile that found the network matching knows them from the hash). */
  chains: WrittenChains;
}

/** The network needs the host to route: NAT, forwards, or a tunnel to the peer's subnets. */
const routes = (spec: NetworkSpec): boolean =>
  spec.mode === 'nat' || spec.forwards.length > 0 || (spec.tunnel ?? null) !== null;

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** The table holds exactly what `compiled` would write. */
function matches(present: NetworkInTable | undefined, compiled: CompiledNetwork): boolean {
  if (present?.hash !== compiled.hash) return false;
  const sameSet = (a: readonly string[], b: readonly string[]): boolean =>
    a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');
  return (
    NETWORK_CHAIN_KINDS.every(
      (kind) =>
        present.chains.includes(kind) && (present.ruleCounts[kind] ?? 0) === compiled.chains[kind].length,
    ) &&
    sameSet(present.maps, ['out_nets', 'in_nets', 'host_nets', 'snat_nets']) &&
    sameSet(present.counters, compiled.counters) &&
    sameSet(
      present.forwardPorts.map((k) => `${k.protocol}/${k.port}`),
      compiled.forwardPorts.map((k) => `${k.protocol}/${k.port}`),
    )
  );
}

export function createKernelNetworkDriver(options: KernelNetworkDriverOptions): NetworkDriver {
  const { runDir, logger } = options;
  const run = createCommandRunner(options.netns);
  const tunnels = createWireguardTunnels(run, runDir);
  const written = new Map<string, Written>();
  /** Networks whose dnsmasq this process started or adopted. */
  const knownDnsmasq = new Set<string>();
  const listeners: LeaseListener[] = [];
  const watcher = createLeaseWatcher((network, change, lease) => {
    for (const listener of listeners) listener(network, change, lease);
  });
  let baseReady = false;
  let forwarding = false;
  let queue: Promise<unknown> = Promise.resolve();

  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const result = queue.then(work);
    queue = result.catch(() => undefined);
    return result;
  };

  /** Routing between the bridge and the outside (NAT, forwards); what libvirt turns on too. */
  const enableForwarding = async (): Promise<void> => {
    if (forwarding) return;
    // In another namespace the setting is that namespace's, reached through sysctl under `ip netns exec`.
    if (options.netns === undefined) await writeFile('/proc/sys/net/ipv4/ip_forward', '1\n');
    else await run('sysctl', ['-q', '-w', 'net.ipv4.ip_forward=1']);
    forwarding = true;
  };

  const bridgeWanted = (spec: NetworkSpec) => ({
    network: spec.name,
    bridge: spec.bridge,
    address: `${spec.gateway}/${spec.subnet.split('/')[1]}`,
    mtu: spec.mtu,
  });

  const remember = (compiled: CompiledNetwork): void => {
    written.set(compiled.name, {
      hash: compiled.hash,
      counters: compiled.counters,
      forwardPorts: compiled.forwardPorts,
      chains: compiled.chains,
    });
  };

  /**
   * The network's chains: changed in place from what this process wrote last (editBatch), written
   * whole otherwise; the table is read first when this process has not written the network yet or
   * a write failed (the table was changed from outside).
   */
  const writeChains = async (spec: NetworkSpec): Promise<void> => {
    const compiled = compileNetwork(spec);
    const previous = written.get(spec.name);
    if (baseReady && previous?.hash === compiled.hash) return;
    if (baseReady && previous !== undefined) {
      try {
        await applyBatch(run, editBatch(compiled, previous, previous.chains));
        remember(compiled);
        return;
      } catch (error) {
        written.delete(spec.name);
        logger.warn(
          { err: error, network: spec.name },
          'network chains differ from what was written; reading the table',
        );
      }
    }
    const table = await readTable(run);
    const present = table?.state.networks.get(spec.name);
    if (table?.state.baseIntact === true && matches(present, compiled)) {
      // Already there (written by an earlier run of the service): left as it is, handles and all.
      baseReady = true;
      remember(compiled);
      return;
    }
    baseReady = false;
    const base = table?.state.baseIntact === true ? [] : baseBatch();
    await applyBatch(run, [...base, ...networkBatch(compiled, present ?? null)]);
    baseReady = true;
    remember(compiled);
  };

  const startDnsmasq = async (spec: NetworkSpec, bridgeMade: boolean): Promise<string> => {
    const outcome = await ensureDnsmasq(run, runDir, spec, {
      known: knownDnsmasq.has(spec.name),
      bridgeMade,
    });
    knownDnsmasq.add(spec.name);
    await watcher.watch(spec.name, dnsmasqFiles(runDir, spec.name).leases);
    return outcome;
  };

  /**
   * The bridge and then dnsmasq (which binds to it), side by side with the firewall (nft names
   * interfaces, so its rules need no bridge to exist): a change costs the slower of the two.
   */
  const applyOne = async (spec: NetworkSpec): Promise<NetworkStatus> => {
    const linkAndDns = (async (): Promise<NetworkStatus> => {
      let bridgeMade: boolean;
      try {
        const current = await findLink(run, spec.bridge);
        await runIp(run, bridgeCommands(bridgeWanted(spec), current));
        bridgeMade = current === undefined;
      } catch (error) {
        logger.error({ err: error, network: spec.name }, 'network bridge could not be made');
        return { state: 'down', reason: `bridge ${spec.bridge}: ${errorText(error)}` };
      }
      try {
        await startDnsmasq(spec, bridgeMade);
      } catch (error) {
        logger.error({ err: error, network: spec.name }, 'network dnsmasq could not be started');
        return { state: 'degraded', reason: `dnsmasq: ${errorText(error)}` };
      }
      return { state: 'active', reason: null };
    })();
    const firewall = (async (): Promise<NetworkStatus> => {
      try {
        if (routes(spec)) await enableForwarding();
        await writeChains(spec);
      } catch (error) {
        logger.error({ err: error, network: spec.name }, 'network firewall could not be applied');
        return { state: 'degraded', reason: `nftables: ${errorText(error)}` };
      }
      return { state: 'active', reason: null };
    })();
    const [link, rules] = await Promise.all([linkAndDns, firewall]);
    return link.state === 'down' ? link : rules.state !== 'active' ? rules : link;
  };

  const removeOne = async (name: string): Promise<string[]> => {
    const removed: string[] = [];
    const table = await readTable(run);
    const present = table?.state.networks.get(name);
    if (present !== undefined) {
      await applyBatch(run, removeNetworkBatch(name, bridgeName(name), present));
      removed.push(...present.chains.map((kind) => chainName(kind, name)));
    }
    written.delete(name);
    watcher.unwatch(name);
    knownDnsmasq.delete(name);
    if ((await runningPid(dnsmasqFiles(runDir, name))) !== null) removed.push(`dnsmasq:${name}`);
    await removeDnsmasq(runDir, name);
    const bridge = await findLink(run, bridgeName(name));
    if (bridge !== undefined && isOwnedBridge(bridge)) {
      await deleteLink(run, bridge.name);
      removed.push(bridge.name);
    }
    if ((await tunnels.present()).includes(name)) {
      await tunnels.remove(name);
      removed.push(tunnelName(name));
    }
    return removed;
  };

  const reconcileAll = async (specs: readonly NetworkSpec[]): Promise<ReconcileReport> => {
    const report: ReconcileReport = { unchanged: [], repaired: [], adopted: [], removed: [] };
    const wanted = new Set(specs.map((spec) => spec.name));
    const changed = new Set<string>();

    // Bridges first (dnsmasq binds to them): every command in one `ip -batch`.
    const links = new Map<string, Link>((await listLinks(run)).map((link) => [link.name, link]));
    const ipCommands: string[][] = [];
    for (const spec of specs) {
      const commands = bridgeCommands(bridgeWanted(spec), links.get(spec.bridge));
      if (commands.length > 0) changed.add(spec.name);
      ipCommands.push(...commands);
    }
    const strayBridges = [...links.values()].filter(
      (link) => isOwnedBridge(link) && !specs.some((spec) => spec.bridge === link.name),
    );
    for (const link of strayBridges) ipCommands.push(['link', 'del', 'dev', link.name]);
    await runIp(run, ipCommands);
    report.removed.push(...strayBridges.map((link) => link.name));
    // A tunnel's interface is made by the core's tunnels.apply (it holds the keys); here only the
    // interfaces of networks without a tunnel go.
    const withTunnel = new Set(
      specs.filter((spec) => (spec.tunnel ?? null) !== null).map((spec) => spec.name),
    );
    for (const link of links.values()) {
      if (!isOwnedTunnel(link) || withTunnel.has(link.name.slice(TUNNEL_PREFIX.length))) continue;
      await tunnels.remove(link.name.slice(TUNNEL_PREFIX.length));
      report.removed.push(link.name);
    }

    // The table: one transaction for every network that differs and every stray one.
    if (specs.some(routes)) await enableForwarding();
    const table = await readTable(run);
    // With no network and no table there is nothing to own yet: a host without networks keeps no table.
    const lines =
      table?.state.baseIntact === true || (table === null && specs.length === 0) ? [] : baseBatch();
    const compiledAll = specs.map(compileNetwork);
    for (const compiled of compiledAll) {
      const present = table?.state.networks.get(compiled.name);
      if (matches(present, compiled)) continue;
      changed.add(compiled.name);
      lines.push(...networkBatch(compiled, present ?? null));
    }
    for (const [name, present] of table?.state.networks ?? []) {
      if (wanted.has(name)) continue;
      lines.unshift(...removeNetworkBatch(name, bridgeName(name), present));
      report.removed.push(...present.chains.map((kind) => chainName(kind, name)));
      written.delete(name);
    }
    await applyBatch(run, lines);
    baseReady = lines.length > 0 || table?.state.baseIntact === true;
    written.clear();
    for (const compiled of compiledAll) remember(compiled);

    // dnsmasq: one per network, adopted when it runs with the same config; strays stopped.
    const outcomes = await Promise.all(
      specs.map(async (spec) => [spec.name, await startDnsmasq(spec, !links.has(spec.bridge))] as const),
    );
    for (const [name, outcome] of outcomes) {
      if (outcome === 'adopted') report.adopted.push(name);
      else if (outcome !== 'unchanged') changed.add(name);
    }
    const dirs = await readdir(networksDir(runDir)).catch(() => [] as string[]);
    for (const name of dirs.filter((dir) => !wanted.has(dir))) {
      if ((await runningPid(dnsmasqFiles(runDir, name))) !== null) report.removed.push(`dnsmasq:${name}`);
      await removeDnsmasq(runDir, name);
      watcher.unwatch(name);
      knownDnsmasq.delete(name);
    }
    for (const spec of specs) (changed.has(spec.name) ? report.repaired : report.unchanged).push(spec.name);
    return report;
  };

  const statusOf = async (name: string): Promise<NetworkStatus> => {
    const bridge = await findLink(run, bridgeName(name));
    if (bridge === undefined || !isOwnedBridge(bridge)) {
      return { state: 'down', reason: `bridge ${bridgeName(name)} is missing` };
    }
    if (!bridge.up) return { state: 'down', reason: `bridge ${bridge.name} is down` };
    const listing = await run('nft', ['-j', 'list', 'chains', NFT_FAMILY]).catch(() => '{"nftables":[]}');
    const present = new Set(
      (JSON.parse(listing) as { nftables: { chain?: { table: string; name: string } }[] }).nftables
        .filter((object) => object.chain?.table === NFT_TABLE)
        .map((object) => object.chain!.name),
    );
    const missing = NETWORK_CHAIN_KINDS.map((kind) => chainName(kind, name)).filter(
      (chain) => !present.has(chain),
    );
    if (missing.length > 0)
      return { state: 'degraded', reason: `nftables chains missing: ${missing.join(', ')}` };
    if ((await runningPid(dnsmasqFiles(runDir, name))) === null) {
      return { state: 'degraded', reason: 'dnsmasq is not running' };
    }
    return { state: 'active', reason: null };
  };

  return {
    name: 'kernel',
    // One queue with the networks, so a reconcile never meets a tunnel half made.
    tunnels: {
      availability: () => tunnels.availability(),
      generateKeyPair: () => tunnels.generateKeyPair(),
      apply: (spec) =>
        exclusive(async () => {
          await enableForwarding();
          await tunnels.apply(spec);
        }),
      setPeer: (network, peer) => exclusive(() => tunnels.setPeer(network, peer)),
      presharedKey: (network) => exclusive(() => tunnels.presharedKey(network)),
      counters: (network) => exclusive(() => tunnels.counters(network)),
      remove: (network) => exclusive(() => tunnels.remove(network)),
      present: () => exclusive(() => tunnels.present()),
    },
    availability: () => networkAvailability(),
    apply: (spec) => exclusive(() => applyOne(spec)),
    remove: (name) => exclusive(async () => void (await removeOne(name))),
    reconcile: (specs) => exclusive(() => reconcileAll(specs)),
    status: (name) => exclusive(() => statusOf(name)),
    counters: (name) =>
      exclusive(async () => {
        const result = new Map<string, RuleCounter>();
        for (const [counter, value] of await readCounters(run)) {
          const parsed = parseCounterName(counter);
          if (parsed?.network === name) result.set(parsed.ruleId, value);
        }
        return result;
      }),
    leases: async (name): Promise<Lease[]> => readLeases(dnsmasqFiles(runDir, name).leases),
    onLease: (listener) => {
      listeners.push(listener);
    },
    createTap: (tap) =>
      exclusive(async () => {
        const links = await listLinks(run);
        const bridge = links.find((link) => link.name === bridgeName(tap.network));
        if (bridge === undefined || !isOwnedBridge(bridge)) {
          throw HvErrors.toolFailed({
            tool: 'ip',
            reason: `bridge ${bridgeName(tap.network)} of network ${tap.network} does not exist`,
          });
        }
        const existing = links.find((link) => link.name === tap.name);
        if (existing !== undefined) {
          if (!isOwnedTap(existing)) {
            throw HvErrors.toolFailed({
              tool: 'ip',
              reason: `interface ${tap.name} exists and is not the service's`,
            });
          }
          await deleteLink(run, tap.name);
        }
        await addTap(run, { name: tap.name, bridge: bridge.name, vm: tap.vm, mtu: bridge.mtu });
      }),
    removeTap: (name) =>
      exclusive(async () => {
        const existing = await findLink(run, name);
        if (existing !== undefined && isOwnedTap(existing)) await deleteLink(run, name);
      }),
    taps: () => exclusive(async () => (await listLinks(run)).filter(isOwnedTap).map((link) => link.name)),
    close: async () => {
      watcher.close();
      await queue;
    },
  };
}
