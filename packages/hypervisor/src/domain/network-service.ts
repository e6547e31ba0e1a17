/**
 * The network core: virtual networks, their firewall rules and port forwards, as desired state in
 * the store, made real by the network driver. Every change commits its rows, event and audit row
 * in one transaction, then resolves the network whole (rules, forwards, the VMs' NICs and
 * addresses) into a `NetworkSpec` and hands it to `driver.apply`; applies run one at a time and
 * each reads the latest state, so the kernel ends as the last change left the store.
 *
 * It is also the VM core's `VmNetworkPort`: NICs are checked and completed (a MAC derived from the
 * VM's uuid), taps are made and removed for QEMU, and a change of NICs re-applies the networks'
 * DHCP reservations. Lease changes the driver sees become `network.lease_*` events, and re-apply a
 * network whose rules or forwards follow a VM's leased address.
 */
import { randomUUID } from 'node:crypto';
import { createKeyedMutex, type Logger } from '@lab/server-kit';
import { HvErrors, invalidField } from '../errors.js';
import {
  bridgeName,
  tapName,
  type ForwardSpec,
  type Lease,
  type NetworkDriver,
  type NetworkSpec,
  type NetworkStatus,
  type RuleSpec,
} from '../drivers/network/network-driver.js';
import type { AuditContext } from '../store/audit.js';
import type { ForwardRecord, NetworkRecord, NetworkRepository, RuleRecord } from '../store/networks.js';
import type { UnitOfWork } from '../store/unit-of-work.js';
import type { VmRecord, VmRepository } from '../store/vms.js';
import { deriveMac, normalizeMac } from './mac-address.js';
import {
  DEFAULT_LEASE_SECONDS,
  DEFAULT_MTU,
  MAX_FORWARDS_PER_NETWORK,
  MAX_NETWORKS,
  MAX_RULES_PER_NETWORK,
  NETWORK_NAME_MAX,
  SUBNET_PREFIX_MAX,
  SUBNET_PREFIX_MIN,
  type ForwardCreate,
  type ForwardView,
  type LeaseView,
  type NetworkCreate,
  type NetworkPatch,
  type NetworkView,
  type RuleCreate,
  type RulePatch,
  type RuleView,
} from './network-definition.js';
import {
  defaultAddresses,
  formatCidr,
  formatIpv4,
  isHostOf,
  isLocalAddress,
  overlaps,
  parseCidr,
  parseIpv4,
  pickFreeSubnet,
  routeCidrs,
  type Cidr,
  type HostRoute,
} from './subnets.js';
import type { TunnelService } from './tunnel/tunnel-service.js';
import type { NetworkDevice } from './vm-definition.js';
import type { NicAttachment, VmIdentity, VmNetworkPort } from './vm-network-port.js';
import { hasProcess } from './vm-states.js';

export interface NetworkServiceOptions {
  networks: NetworkRepository;
  vms: VmRepository;
  driver: NetworkDriver;
  unitOfWork: UnitOfWork;
  /** The host's routes (drivers/network/host-routes.ts); tests give their own. */
  hostRoutes: () => Promise<HostRoute[]>;
  logger: Logger;
  /** The networks' post-quantum tunnels (domain/tunnel/*), when the service has them. */
  tunnels?: TunnelService;
}

/** One NIC of a VM on a network. */
interface NicOn {
  vm: VmRecord;
  index: number;
  nic: NetworkDevice;
}

export type NetworkService = ReturnType<typeof createNetworkService>;

/** A DNS label from a VM name (VM names may hold `.` and `_`, host names may not). */
export function hostnameOf(vm: string): string {
  const label = vm
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63);
  return label === '' ? 'vm' : label;
}

/** `80` or `8000-8100` as a range; a VALIDATION_ERROR on `field` when it is out of 1-65535 or reversed. */
function parsePorts(text: string, field: string): { from: number; to: number } {
  const [from, to = from] = text.split('-').map(Number) as [number, number?];
  if (!(from >= 1 && from <= 65_535 && to >= 1 && to <= 65_535)) {
    throw invalidField(field, `'${text}': ports are 1 to 65535`);
  }
  if (to < from) throw invalidField(field, `'${text}': the range ends before it starts`);
  return { from, to };
}

/** A rule's CIDR in canonical form (a bare address is a /32). */
function ruleCidr(text: string, field: string): string {
  const parsed = parseCidr(text, true);
  if (!parsed.ok) throw invalidField(field, `'${text}' ${parsed.reason}`);
  return formatCidr(parsed.cidr);
}

const nicsOf = (vm: VmRecord): NetworkDevice[] => vm.definition.devices.network;

export function createNetworkService(options: NetworkServiceOptions) {
  const { networks, vms, driver, unitOfWork, logger } = options;
  // One change of networks at a time: overlaps and taken ports are checked across all networks,
  // and each apply must see the store as the change before it left it.
  const withLock = createKeyedMutex();
  const serial = <T>(work: () => Promise<T>): Promise<T> => withLock('networks', work);

  function load(name: string): NetworkRecord {
    const network = networks.find(name);
    if (network === undefined) throw HvErrors.networkNotFound({ name });
    return network;
  }

  function requireAvailable(): void {
    const availability = driver.availability();
    if (!availability.available) throw HvErrors.networkUnavailable({ reason: availability.reason });
  }

  /** Every NIC of every VM on the network; a NIC stored without a MAC gets its derived one. */
  function nicsOn(network: string): NicOn[] {
    const found: NicOn[] = [];
    for (const vm of vms.list()) {
      nicsOf(vm).forEach((nic, index) => {
        if (nic.network === network) found.push({ vm, index, nic });
      });
    }
    return found;
  }

  const macOf = (on: NicOn): string =>
    on.nic.mac?.toLowerCase() ?? deriveMac(on.vm.uuid, on.index, new Set());

  const vmsOn = (network: string): string[] => [...new Set(nicsOn(network).map((on) => on.vm.name))];

  /** The VM's IPv4 addresses on the network: reserved ones, then leased ones. */
  function addressesOf(vm: string, nics: readonly NicOn[], leases: readonly Lease[]): string[] {
    const mine = nics.filter((on) => on.vm.name === vm);
    const macs = new Set(mine.map(macOf));
    const reserved = mine.flatMap((on) => (on.nic.ip === undefined ? [] : [on.nic.ip]));
    const leased = leases.filter((lease) => macs.has(lease.mac.toLowerCase())).map((lease) => lease.ip);
    return [...new Set([...reserved, ...leased])];
  }

  /** Leases are read only when a rule or forward follows a VM: the spec needs them then alone. */
  async function leasesFor(
    network: string,
    rules: readonly RuleRecord[],
    forwards: readonly ForwardRecord[],
  ): Promise<Lease[]> {
    if (forwards.length === 0 && rules.every((rule) => rule.vm === null)) return [];
    return driver.leases(network);
  }

  async function specOf(record: NetworkRecord): Promise<NetworkSpec> {
    const rules = networks.rules(record.name);
    const forwards = networks.forwards(record.name);
    const nics = nicsOn(record.name);
    const leases = await leasesFor(record.name, rules, forwards);
    return {
      name: record.name,
      bridge: bridgeName(record.name),
      mode: record.mode,
      subnet: record.subnet,
      gateway: record.gateway,
      mtu: record.mtu,
      dhcp: { ...record.dhcp },
      dnsDomain: record.dnsDomain,
      defaultInbound: record.defaultInbound,
      rules: rules.map((rule): RuleSpec => ({
        id: rule.id,
        direction: rule.direction,
        action: rule.action,
        protocol: rule.protocol,
        ports: rule.ports === null ? null : parsePorts(rule.ports, 'ports'),
        source: rule.source,
        destination: rule.destination,
        vmAddresses: rule.vm === null ? null : addressesOf(rule.vm, nics, leases),
        comment: rule.comment,
      })),
      // A forward to a VM with no address now (its lease expired, the VM deleted) waits for one.
      forwards: forwards.flatMap((forward): ForwardSpec[] => {
        const [guestAddress] = addressesOf(forward.vm, nics, leases);
        return guestAddress === undefined
          ? []
          : [
              {
                id: forward.id,
                protocol: forward.protocol,
                listenAddress: forward.listenAddress,
                listenPort: forward.listenPort,
                guestAddress,
                guestPort: forward.guestPort,
              },
            ];
      }),
      reservations: nics.flatMap((on) =>
        on.nic.ip === undefined ? [] : [{ mac: macOf(on), ip: on.nic.ip, hostname: hostnameOf(on.vm.name) }],
      ),
      ...(options.tunnels === undefined ? {} : { tunnel: options.tunnels.routing(record.name) }),
    };
  }

  function recordStatus(name: string, status: NetworkStatus): void {
    const current = networks.find(name);
    if (current !== undefined && (current.state !== status.state || current.reason !== status.reason)) {
      networks.setState(name, status.state, status.reason);
    }
  }

  /** Makes the kernel match the stored network; a failure leaves it `down` with the reason. */
  async function apply(name: string): Promise<void> {
    const record = networks.find(name);
    if (record === undefined) return;
    try {
      recordStatus(name, await driver.apply(await specOf(record)));
    } catch (error) {
      const reason = (error as Error).message;
      recordStatus(name, { state: 'down', reason });
      throw HvErrors.networkApplyFailed({ name, reason }, { cause: error });
    }
  }

  /** The host's routes and the other networks' subnets a subnet may not overlap. */
  async function assertFree(subnet: Cidr, except: string | null): Promise<void> {
    const text = formatCidr(subnet);
    for (const other of networks.list()) {
      if (other.name === except) continue;
      const parsed = parseCidr(other.subnet);
      if (parsed.ok && overlaps(parsed.cidr, subnet)) {
        throw HvErrors.networkOverlap(
          { subnet: text, other: `network '${other.name}' (${other.subnet})` },
          { details: { field: 'subnet', network: other.name } },
        );
      }
    }
    for (const remote of options.tunnels?.remoteSubnets() ?? []) {
      const parsed = parseCidr(remote.subnet);
      if (parsed.ok && overlaps(parsed.cidr, subnet)) {
        throw HvErrors.networkOverlap(
          {
            subnet: text,
            other: `a remote subnet of network '${remote.network}''s tunnel (${remote.subnet})`,
          },
          { details: { field: 'subnet', network: remote.network } },
        );
      }
    }
    const routes = await options.hostRoutes();
    const own = except === null ? null : bridgeName(except);
    for (const route of routeCidrs(routes, own)) {
      if (overlaps(route, subnet)) {
        const dev = routes.find((r) => r.dst === formatCidr(route) || r.dst === formatIpv4(route.address));
        throw HvErrors.networkOverlap(
          {
            subnet: text,
            other: `a route of the host (${formatCidr(route)}${dev?.dev ? ` dev ${dev.dev}` : ''})`,
          },
          { details: { field: 'subnet', route: formatCidr(route) } },
        );
      }
    }
  }

  function parseSubnet(text: string): Cidr {
    const parsed = parseCidr(text);
    if (!parsed.ok) throw invalidField('subnet', `'${text}' ${parsed.reason}`);
    const { prefix } = parsed.cidr;
    if (prefix < SUBNET_PREFIX_MIN || prefix > SUBNET_PREFIX_MAX) {
      throw invalidField(
        'subnet',
        `'${text}': the prefix must be /${SUBNET_PREFIX_MIN} to /${SUBNET_PREFIX_MAX}`,
      );
    }
    return parsed.cidr;
  }

  /** A free /24 (for a network given no subnet). */
  async function freeSubnet(): Promise<Cidr> {
    const taken = networks.list().flatMap((n) => {
      const parsed = parseCidr(n.subnet);
      return parsed.ok ? [parsed.cidr] : [];
    });
    const picked = pickFreeSubnet([...taken, ...routeCidrs(await options.hostRoutes())]);
    if (picked === null) {
      throw HvErrors.networkOverlap(
        { subnet: '10.0.0.0/8', other: 'every /24 of it (networks and host routes); give a subnet' },
        { details: { field: 'subnet' } },
      );
    }
    return picked;
  }

  /** A host address of the subnet; VALIDATION_ERROR on `field` otherwise. */
  function hostAddress(subnet: Cidr, text: string, field: string): number {
    const address = parseIpv4(text);
    if (address === undefined || !isHostOf(subnet, address)) {
      throw invalidField(field, `'${text}' is not a host address of ${formatCidr(subnet)}`);
    }
    return address;
  }

  /**
   * The addressing of a network on `subnet`: what the input gives, the subnet's defaults for the
   * rest (`keep` holds the values to keep when the subnet stays the same).
   */
  function addressing(
    subnet: Cidr,
    input: { gateway?: string; dhcp?: { range_start?: string; range_end?: string } },
    keep: { gateway: string; rangeStart: string; rangeEnd: string } | null,
  ): { gateway: string; rangeStart: string; rangeEnd: string } {
    const defaults = defaultAddresses(subnet);
    const gateway = hostAddress(
      subnet,
      input.gateway ?? keep?.gateway ?? formatIpv4(defaults.gateway),
      'gateway',
    );
    const start = hostAddress(
      subnet,
      input.dhcp?.range_start ?? keep?.rangeStart ?? formatIpv4(defaults.rangeStart),
      'dhcp.range_start',
    );
    const end = hostAddress(
      subnet,
      input.dhcp?.range_end ?? keep?.rangeEnd ?? formatIpv4(defaults.rangeEnd),
      'dhcp.range_end',
    );
    if (end < start)
      throw invalidField('dhcp.range_end', `${formatIpv4(end)} is before ${formatIpv4(start)}`);
    if (gateway >= start && gateway <= end) {
      throw invalidField(
        'gateway',
        `${formatIpv4(gateway)} lies in the DHCP range ${formatIpv4(start)}-${formatIpv4(end)}`,
      );
    }
    return { gateway: formatIpv4(gateway), rangeStart: formatIpv4(start), rangeEnd: formatIpv4(end) };
  }

  function assertName(name: string): void {
    if (name.length > NETWORK_NAME_MAX) {
      throw invalidField(
        'name',
        `'${name}' has ${name.length} characters: its bridge '${bridgeName(name)}' would have ` +
          `${bridgeName(name).length}, past the kernel's 15 for an interface name; at most ${NETWORK_NAME_MAX}`,
      );
    }
  }

  function networkView(record: NetworkRecord): NetworkView {
    return {
      name: record.name,
      uuid: record.uuid,
      mode: record.mode,
      subnet: record.subnet,
      gateway: record.gateway,
      bridge: bridgeName(record.name),
      mtu: record.mtu,
      dhcp: {
        enabled: record.dhcp.enabled,
        range_start: record.dhcp.rangeStart,
        range_end: record.dhcp.rangeEnd,
        lease_time: record.dhcp.leaseSeconds,
      },
      dns: { domain: record.dnsDomain },
      default_inbound: record.defaultInbound,
      state: record.state,
      reason: record.reason,
      vms: vmsOn(record.name),
      rules: networks.ruleCount(record.name),
      forwards: networks.forwards(record.name).length,
      created_at: record.createdAt,
      updated_at: record.updatedAt,
    };
  }

  /**
   * The network as it stands now: a fault the driver sees is recorded; only an apply (or the
   * reconcile at start) that succeeded makes it `active` again, since kernel objects do not mend
   * themselves and a change the kernel refused is not applied however whole the objects look.
   */
  async function describe(record: NetworkRecord): Promise<NetworkView> {
    const availability = driver.availability();
    if (!availability.available) {
      return { ...networkView(record), state: 'down', reason: availability.reason };
    }
    const live = await driver.status(record.name);
    if (live.state !== 'active') recordStatus(record.name, live);
    return networkView(load(record.name));
  }

  const ruleView = (rule: RuleRecord, counter = { packets: 0, bytes: 0 }): RuleView => ({
    id: rule.id,
    network: rule.network,
    position: rule.position,
    direction: rule.direction,
    action: rule.action,
    protocol: rule.protocol,
    ports: rule.ports,
    source: rule.source,
    destination: rule.destination,
    vm: rule.vm,
    comment: rule.comment,
    packets: counter.packets,
    bytes: counter.bytes,
    created_at: rule.createdAt,
  });

  const forwardView = (forward: ForwardRecord, guestAddress: string | null): ForwardView => ({
    id: forward.id,
    network: forward.network,
    protocol: forward.protocol,
    listen_address: forward.listenAddress,
    listen_port: forward.listenPort,
    vm: forward.vm,
    guest_port: forward.guestPort,
    guest_address: guestAddress,
    created_at: forward.createdAt,
  });

  /** A VM named by a rule or forward must have a NIC on the network. */
  function assertVmOn(network: string, vm: string): void {
    if (vms.find(vm) === undefined) throw invalidField('vm', `VM '${vm}' does not exist`);
    if (!nicsOn(network).some((on) => on.vm.name === vm)) {
      throw invalidField('vm', `VM '${vm}' has no NIC on network '${network}'`);
    }
  }

  /** A rule's fields checked together and put in canonical form. */
  function checkedRule(network: string, rule: Omit<RuleRecord, 'id' | 'network' | 'position' | 'createdAt'>) {
    if (rule.ports !== null) {
      if (rule.protocol !== 'tcp' && rule.protocol !== 'udp') {
        throw invalidField('ports', `ports apply to tcp and udp only, not ${rule.protocol}`);
      }
      parsePorts(rule.ports, 'ports');
    }
    if (rule.vm !== null) assertVmOn(network, rule.vm);
    return {
      ...rule,
      source: rule.source === null ? null : ruleCidr(rule.source, 'source'),
      destination: rule.destination === null ? null : ruleCidr(rule.destination, 'destination'),
    };
  }

  /** The tunnel's interface made, changed or removed after its network's apply; a failure is the apply's. */
  async function appliedTunnel(name: string): Promise<void> {
    try {
      await options.tunnels?.applied(name);
    } catch (error) {
      throw HvErrors.networkApplyFailed(
        { name, reason: `the tunnel: ${(error as Error).message}` },
        { cause: error },
      );
    }
  }

  /** Commits a change of a network, then applies it; the answer is read after the apply. */
  async function change<T>(name: string, commit: () => void, answer: () => T | Promise<T>): Promise<T> {
    commit();
    await apply(name);
    return answer();
  }

  function onLease(network: string, kind: 'added' | 'expired', lease: Lease): void {
    const on = nicsOn(network).find((n) => macOf(n) === lease.mac.toLowerCase());
    try {
      unitOfWork((tx) => {
        tx.emit(`network.lease_${kind}`, {
          network,
          mac: lease.mac,
          ip: lease.ip,
          hostname: lease.hostname,
          vm: on?.vm.name ?? null,
          nic: on?.index ?? null,
          timestamp: tx.at,
        });
        // The guest changed it, not a request: no audit row.
        tx.audit(null);
      });
    } catch (error) {
      logger.error({ err: error, network }, 'recording a lease change failed');
    }
    const follows =
      networks.forwards(network).length > 0 || networks.rules(network).some((rule) => rule.vm !== null);
    if (!follows) return;
    // A rule or forward that follows a VM's address follows it to its new lease.
    serial(() => apply(network)).catch((error: unknown) => {
      logger.error({ err: error, network }, 're-applying the network after a lease change failed');
    });
  }
  driver.onLease(onLease);

  const port: VmNetworkPort = {
    resolveNics(vm: VmIdentity, nics: readonly NetworkDevice[]): NetworkDevice[] {
      const resolved: NetworkDevice[] = [];
      nics.forEach((nic, index) => {
        const field = `devices.network.${index}`;
        const network = networks.find(nic.network);
        if (network === undefined) {
          // As a missing disk image is: a field of the body names nothing there (400, not 404).
          throw invalidField(`${field}.network`, `network '${nic.network}' does not exist`);
        }
        const others = nicsOn(nic.network).filter((on) => on.vm.name !== vm.name);
        const mine = resolved.filter((r) => r.network === nic.network);
        const macOwner = new Map<string, string>([
          ...others.map((on): [string, string] => [macOf(on), on.vm.name]),
          ...mine.map((r): [string, string] => [r.mac!, vm.name]),
        ]);
        let mac: string;
        if (nic.mac === undefined) {
          mac = deriveMac(vm.uuid, index, new Set(macOwner.keys()));
        } else {
          const given = normalizeMac(nic.mac);
          if (given === undefined) {
            throw invalidField(`${field}.mac`, `'${nic.mac}' is not a unicast MAC address`);
          }
          const owner = macOwner.get(given);
          if (owner !== undefined) {
            throw HvErrors.macInUse(
              { mac: given, network: nic.network, vm: owner },
              { details: { field: `${field}.mac` } },
            );
          }
          mac = given;
        }
        if (nic.ip !== undefined) {
          const subnet = parseSubnet(network.subnet);
          const address = parseIpv4(nic.ip);
          if (address === undefined || !isHostOf(subnet, address) || nic.ip === network.gateway) {
            throw invalidField(
              `${field}.ip`,
              `'${nic.ip}' is not a free host address of network '${network.name}' (${network.subnet}, gateway ${network.gateway})`,
            );
          }
          const owner =
            others.find((on) => on.nic.ip === nic.ip)?.vm.name ??
            (mine.some((r) => r.ip === nic.ip) ? vm.name : undefined);
          if (owner !== undefined) {
            throw HvErrors.ipInUse(
              { ip: nic.ip, network: nic.network, vm: owner },
              { details: { field: `${field}.ip` } },
            );
          }
        }
        resolved.push({ ...nic, mac });
      });
      return resolved;
    },

    async plug(vm: VmIdentity, nics: readonly NetworkDevice[]): Promise<NicAttachment[]> {
      requireAvailable();
      const attachments: NicAttachment[] = [];
      try {
        for (const [index, nic] of nics.entries()) {
          load(nic.network);
          const tap = tapName(vm.uuid, index);
          await driver.createTap({ name: tap, network: nic.network, vm: vm.name });
          attachments.push({
            network: nic.network,
            tap,
            mac: nic.mac?.toLowerCase() ?? deriveMac(vm.uuid, index, new Set()),
            ip: nic.ip ?? null,
          });
        }
      } catch (error) {
        for (const made of attachments) await driver.removeTap(made.tap);
        throw error;
      }
      return attachments;
    },

    async unplug(vm: VmIdentity, nics: readonly NetworkDevice[]): Promise<void> {
      for (const index of nics.keys()) await driver.removeTap(tapName(vm.uuid, index));
    },

    async nicsChanged(names: readonly string[]): Promise<void> {
      if (!driver.availability().available) return;
      await serial(async () => {
        for (const name of names) await apply(name);
      });
    },
  };

  return {
    ...port,

    list: async (): Promise<NetworkView[]> => Promise.all(networks.list().map(describe)),

    get: async (name: string): Promise<NetworkView> => describe(load(name)),

    create: (input: NetworkCreate, context: AuditContext | null): Promise<NetworkView> =>
      serial(async () => {
        requireAvailable();
        assertName(input.name);
        if (networks.find(input.name) !== undefined) {
          throw HvErrors.networkAlreadyExists({ name: input.name });
        }
        if (networks.count() >= MAX_NETWORKS) {
          throw HvErrors.networkLimit({ what: 'the number of networks', limit: MAX_NETWORKS });
        }
        const subnet = input.subnet === undefined ? await freeSubnet() : parseSubnet(input.subnet);
        if (input.subnet !== undefined) await assertFree(subnet, null);
        const addresses = addressing(subnet, input, null);
        const tunnel =
          input.tunnel === undefined || input.tunnel === null || options.tunnels === undefined
            ? null
            : await options.tunnels.prepare(input.name, input.tunnel, formatCidr(subnet));
        const now = new Date().toISOString();
        const record: NetworkRecord = {
          name: input.name,
          uuid: randomUUID(),
          mode: input.mode,
          subnet: formatCidr(subnet),
          gateway: addresses.gateway,
          mtu: input.mtu ?? DEFAULT_MTU,
          dhcp: {
            enabled: input.dhcp?.enabled ?? true,
            rangeStart: addresses.rangeStart,
            rangeEnd: addresses.rangeEnd,
            leaseSeconds: input.dhcp?.lease_time ?? DEFAULT_LEASE_SECONDS,
          },
          dnsDomain: input.dns?.domain ?? `${input.name}.internal`,
          defaultInbound: input.default_inbound ?? 'drop',
          state: 'active',
          reason: null,
          createdAt: now,
          updatedAt: now,
        };
        // Made in the kernel first: a network the kernel refused is not recorded at all.
        let status: NetworkStatus;
        try {
          status = await driver.apply(await specOf(record));
        } catch (error) {
          await driver.remove(record.name).catch(() => undefined);
          throw HvErrors.networkApplyFailed(
            { name: record.name, reason: (error as Error).message },
            { cause: error },
          );
        }
        unitOfWork((tx) => {
          const stamped = { ...record, ...status, createdAt: tx.at, updatedAt: tx.at };
          if (!networks.insert(stamped)) throw HvErrors.networkAlreadyExists({ name: input.name });
          if (tunnel !== null) options.tunnels?.save(input.name, tunnel, tx);
          tx.emit('network.created', {
            network: record.name,
            mode: record.mode,
            subnet: record.subnet,
            timestamp: tx.at,
          });
          tx.audit(context);
        });
        if (tunnel !== null) {
          // The chains let the tunnel through once it is recorded; then its interface is made.
          await apply(input.name);
          await appliedTunnel(input.name);
        }
        return networkView(load(input.name));
      }),

    update: (name: string, patch: NetworkPatch, context: AuditContext | null): Promise<NetworkView> =>
      serial(async () => {
        requireAvailable();
        const current = load(name);
        let subnet = parseSubnet(current.subnet);
        const subnetChanges = patch.subnet !== undefined && patch.subnet !== current.subnet;
        if (subnetChanges) {
          const attached = vmsOn(name);
          if (attached.length > 0) {
            throw HvErrors.networkInUse(
              { name, vms: attached, action: 'change the subnet of' },
              { details: { field: 'subnet' } },
            );
          }
          subnet = parseSubnet(patch.subnet!);
          await assertFree(subnet, name);
        }
        const addresses = addressing(
          subnet,
          patch,
          subnetChanges
            ? null
            : {
                gateway: current.gateway,
                rangeStart: current.dhcp.rangeStart,
                rangeEnd: current.dhcp.rangeEnd,
              },
        );
        const next: NetworkRecord = {
          ...current,
          mode: patch.mode ?? current.mode,
          subnet: formatCidr(subnet),
          gateway: addresses.gateway,
          mtu: patch.mtu ?? current.mtu,
          dhcp: {
            enabled: patch.dhcp?.enabled ?? current.dhcp.enabled,
            rangeStart: addresses.rangeStart,
            rangeEnd: addresses.rangeEnd,
            leaseSeconds: patch.dhcp?.lease_time ?? current.dhcp.leaseSeconds,
          },
          dnsDomain: patch.dns?.domain ?? current.dnsDomain,
          defaultInbound: patch.default_inbound ?? current.defaultInbound,
        };
        // The bridge may not take an address a NIC has reserved.
        for (const on of nicsOn(name)) {
          if (on.nic.ip !== undefined && on.nic.ip === next.gateway) {
            throw invalidField('gateway', `${next.gateway} is reserved for VM '${on.vm.name}'`);
          }
        }
        const tunnel =
          patch.tunnel === undefined || patch.tunnel === null || options.tunnels === undefined
            ? null
            : await options.tunnels.prepare(name, patch.tunnel, next.subnet);
        return change(
          name,
          () =>
            unitOfWork((tx) => {
              networks.update({ ...next, updatedAt: tx.at });
              if (patch.tunnel !== undefined) options.tunnels?.save(name, tunnel, tx);
              tx.emit('network.updated', { network: name, fields: Object.keys(patch), timestamp: tx.at });
              tx.audit(context);
            }),
          async () => {
            if (patch.tunnel !== undefined) await appliedTunnel(name);
            return networkView(load(name));
          },
        );
      }),

    remove: (name: string, context: AuditContext | null): Promise<void> =>
      serial(async () => {
        requireAvailable();
        load(name);
        const attached = vmsOn(name);
        if (attached.length > 0) throw HvErrors.networkInUse({ name, vms: attached, action: 'delete' });
        await options.tunnels?.removed(name);
        await driver.remove(name);
        unitOfWork((tx) => {
          networks.remove(name);
          tx.emit('network.deleted', { network: name, timestamp: tx.at });
          tx.audit(context);
        });
      }),

    async rules(name: string): Promise<RuleView[]> {
      load(name);
      const counters = driver.availability().available
        ? await driver.counters(name)
        : new Map<string, { packets: number; bytes: number }>();
      return networks.rules(name).map((rule) => ruleView(rule, counters.get(rule.id)));
    },

    addRule: (name: string, input: RuleCreate, context: AuditContext | null): Promise<RuleView> =>
      serial(async () => {
        requireAvailable();
        load(name);
        const count = networks.ruleCount(name);
        if (count >= MAX_RULES_PER_NETWORK) {
          throw HvErrors.networkLimit({
            what: `the rules of network '${name}'`,
            limit: MAX_RULES_PER_NETWORK,
          });
        }
        const position = input.position ?? count;
        if (position > count) {
          throw invalidField('position', `${position} is past the end: the network has ${count} rules`);
        }
        const rule: RuleRecord = {
          id: randomUUID(),
          network: name,
          position,
          ...checkedRule(name, {
            direction: input.direction,
            action: input.action,
            protocol: input.protocol,
            ports: input.ports ?? null,
            source: input.source ?? null,
            destination: input.destination ?? null,
            vm: input.vm ?? null,
            comment: input.comment ?? null,
          }),
          createdAt: '',
        };
        return change(
          name,
          () =>
            unitOfWork((tx) => {
              networks.insertRule({ ...rule, createdAt: tx.at });
              tx.emit('network.rule_added', { network: name, rule: rule.id, position, timestamp: tx.at });
              tx.audit(context);
            }),
          () => ruleView(networks.findRule(name, rule.id)!),
        );
      }),

    updateRule: (
      name: string,
      id: string,
      patch: RulePatch,
      context: AuditContext | null,
    ): Promise<RuleView> =>
      serial(async () => {
        requireAvailable();
        load(name);
        const current = networks.findRule(name, id);
        if (current === undefined) throw HvErrors.ruleNotFound({ network: name, id });
        const count = networks.ruleCount(name);
        const position = patch.position ?? current.position;
        if (position >= count) {
          throw invalidField('position', `${position} is past the end: the network has ${count} rules`);
        }
        const protocol = patch.protocol ?? current.protocol;
        const next: RuleRecord = {
          ...current,
          position,
          ...checkedRule(name, {
            direction: patch.direction ?? current.direction,
            action: patch.action ?? current.action,
            protocol,
            // Ports go when the protocol changes to one without them, unless given again.
            ports:
              patch.ports !== undefined
                ? patch.ports
                : protocol === 'tcp' || protocol === 'udp'
                  ? current.ports
                  : null,
            source: patch.source !== undefined ? patch.source : current.source,
            destination: patch.destination !== undefined ? patch.destination : current.destination,
            vm: patch.vm !== undefined ? patch.vm : current.vm,
            comment: patch.comment !== undefined ? patch.comment : current.comment,
          }),
        };
        return change(
          name,
          () =>
            unitOfWork((tx) => {
              networks.updateRule(next);
              tx.emit('network.rule_updated', {
                network: name,
                rule: id,
                fields: Object.keys(patch),
                position,
                timestamp: tx.at,
              });
              tx.audit(context);
            }),
          () => ruleView(networks.findRule(name, id)!),
        );
      }),

    removeRule: (name: string, id: string, context: AuditContext | null): Promise<RuleView> =>
      serial(async () => {
        requireAvailable();
        load(name);
        const current = networks.findRule(name, id);
        if (current === undefined) throw HvErrors.ruleNotFound({ network: name, id });
        return change(
          name,
          () =>
            unitOfWork((tx) => {
              networks.removeRule(name, id);
              tx.emit('network.rule_deleted', { network: name, rule: id, timestamp: tx.at });
              tx.audit(context);
            }),
          () => ruleView(current),
        );
      }),

    async forwards(name: string): Promise<ForwardView[]> {
      load(name);
      const forwards = networks.forwards(name);
      const leases = forwards.length === 0 ? [] : await driver.leases(name);
      const nics = nicsOn(name);
      return forwards.map((forward) =>
        forwardView(forward, addressesOf(forward.vm, nics, leases)[0] ?? null),
      );
    },

    addForward: (name: string, input: ForwardCreate, context: AuditContext | null): Promise<ForwardView> =>
      serial(async () => {
        requireAvailable();
        load(name);
        if (networks.forwards(name).length >= MAX_FORWARDS_PER_NETWORK) {
          throw HvErrors.networkLimit({
            what: `the port forwards of network '${name}'`,
            limit: MAX_FORWARDS_PER_NETWORK,
          });
        }
        const listenAddress = input.listen_address ?? null;
        if (
          listenAddress !== null &&
          !isLocalAddress(await options.hostRoutes(), parseIpv4(listenAddress)!)
        ) {
          throw invalidField(
            'listen_address',
            `'${listenAddress}' is not an address of this host (no local route covers it)`,
          );
        }
        const taken = networks
          .allForwards()
          .find(
            (f) =>
              f.protocol === input.protocol &&
              f.listenPort === input.listen_port &&
              (f.listenAddress === null || listenAddress === null || f.listenAddress === listenAddress),
          );
        if (taken !== undefined) {
          throw HvErrors.forwardPortTaken(
            { protocol: input.protocol, port: input.listen_port, network: taken.network, id: taken.id },
            { details: { field: 'listen_port' } },
          );
        }
        assertVmOn(name, input.vm);
        const [guestAddress] = addressesOf(input.vm, nicsOn(name), await driver.leases(name));
        if (guestAddress === undefined) {
          throw HvErrors.forwardNoAddress({ vm: input.vm, network: name }, { details: { field: 'vm' } });
        }
        const forward: ForwardRecord = {
          id: randomUUID(),
          network: name,
          protocol: input.protocol,
          listenAddress,
          listenPort: input.listen_port,
          vm: input.vm,
          guestPort: input.guest_port,
          createdAt: '',
        };
        return change(
          name,
          () =>
            unitOfWork((tx) => {
              networks.insertForward({ ...forward, createdAt: tx.at });
              tx.emit('network.forward_added', {
                network: name,
                forward: forward.id,
                protocol: forward.protocol,
                listen_port: forward.listenPort,
                vm: forward.vm,
                guest_port: forward.guestPort,
                timestamp: tx.at,
              });
              tx.audit(context);
            }),
          () => forwardView(networks.findForward(name, forward.id)!, guestAddress),
        );
      }),

    removeForward: (name: string, id: string, context: AuditContext | null): Promise<ForwardView> =>
      serial(async () => {
        requireAvailable();
        load(name);
        const current = networks.findForward(name, id);
        if (current === undefined) throw HvErrors.forwardNotFound({ network: name, id });
        return change(
          name,
          () =>
            unitOfWork((tx) => {
              networks.removeForward(name, id);
              tx.emit('network.forward_deleted', { network: name, forward: id, timestamp: tx.at });
              tx.audit(context);
            }),
          () => forwardView(current, null),
        );
      }),

    async leases(name: string): Promise<LeaseView[]> {
      load(name);
      const nics = nicsOn(name);
      return (await driver.leases(name)).map((lease) => {
        const on = nics.find((n) => macOf(n) === lease.mac.toLowerCase());
        return {
          mac: lease.mac,
          ip: lease.ip,
          hostname: lease.hostname,
          expires_at: lease.expiresAt,
          vm: on?.vm.name ?? null,
          nic: on?.index ?? null,
        };
      });
    },

    /**
     * At start, before the VM core re-attaches its guests: the kernel is reconciled with the
     * store (what is missing made, what the service owns and no longer knows removed), then the
     * taps no VM with a QEMU process uses are removed (left by a crash of the service).
     */
    recover: (): Promise<void> =>
      serial(async () => {
        const availability = driver.availability();
        if (!availability.available) {
          if (networks.count() > 0) {
            logger.warn(
              { reason: availability.reason },
              'networks are not reconciled: the driver is unavailable',
            );
          }
          return;
        }
        const records = networks.list();
        try {
          const report = await driver.reconcile(await Promise.all(records.map(specOf)));
          logger.info({ driver: driver.name, ...report }, 'networks reconciled');
          for (const record of records) recordStatus(record.name, await driver.status(record.name));
          await options.tunnels?.recover();
        } catch (error) {
          // The service starts all the same: the networks say why they are down, the next change
          // of each applies it again.
          const reason = `reconcile at start failed: ${(error as Error).message}`;
          logger.error({ err: error }, 'networks could not be reconciled');
          for (const record of records) recordStatus(record.name, { state: 'down', reason });
        }
        const used = new Set(
          vms
            .list()
            .filter((vm) => hasProcess(vm.state))
            .flatMap((vm) => nicsOf(vm).map((_, index) => tapName(vm.uuid, index))),
        );
        for (const tap of await driver.taps()) {
          if (used.has(tap)) continue;
          await driver.removeTap(tap);
          logger.info({ tap }, 'removed a tap no running VM uses');
        }
      }),
  };
}
