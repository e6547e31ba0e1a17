/**
 * `hvctl network ...`: virtual networks, their firewall rules, port forwards and DHCP leases, over
 * the network routes. Values are passed on as the API takes them; the service checks them.
 */
import { InvalidArgumentError, Option, type Command } from 'commander';
import type { ForwardView, LeaseView, NetworkView, RuleView } from '../domain/network-definition.js';
import { addTunnelCommands } from './network-tunnel.js';
import { clientCommand, clientFor, print, segment, shortTime, type ClientFlags } from './options.js';
import { formatTable } from '@lab/server-kit/cli';

/** A port or a position: a whole number, range-checked by the service. */
function integerOption(value: string): number {
  if (!/^\d+$/.test(value.trim())) throw new InvalidArgumentError('expected a whole number.');
  return Number(value);
}

/** `START-END`, two addresses. */
function rangeOption(value: string): { range_start: string; range_end: string } {
  const [start, end, extra] = value.split('-');
  if (start === undefined || end === undefined || extra !== undefined || start === '' || end === '') {
    throw new InvalidArgumentError('expected START-END, like 10.20.30.100-10.20.30.200.');
  }
  return { range_start: start.trim(), range_end: end.trim() };
}

interface NetworkFlags extends ClientFlags {
  mode?: string;
  subnet?: string;
  gateway?: string;
  mtu?: number;
  dhcp?: boolean;
  dhcpRange?: { range_start: string; range_end: string };
  leaseTime?: number;
  dnsDomain?: string;
  defaultInbound?: string;
}

/** The body fields the settings options give (create and update take the same ones). */
function settings(flags: NetworkFlags): Record<string, unknown> {
  const dhcp = {
    ...(flags.dhcp === undefined ? {} : { enabled: flags.dhcp }),
    ...flags.dhcpRange,
    ...(flags.leaseTime === undefined ? {} : { lease_time: flags.leaseTime }),
  };
  return {
    ...(flags.mode === undefined ? {} : { mode: flags.mode }),
    ...(flags.subnet === undefined ? {} : { subnet: flags.subnet }),
    ...(flags.gateway === undefined ? {} : { gateway: flags.gateway }),
    ...(flags.mtu === undefined ? {} : { mtu: flags.mtu }),
    ...(Object.keys(dhcp).length === 0 ? {} : { dhcp }),
    ...(flags.dnsDomain === undefined ? {} : { dns: { domain: flags.dnsDomain } }),
    ...(flags.defaultInbound === undefined ? {} : { default_inbound: flags.defaultInbound }),
  };
}

function settingsOptions(command: Command, modeRequired: boolean): Command {
  const mode = new Option('--mode <mode>', 'nat (masquerade to the outside) or isolated').choices([
    'nat',
    'isolated',
  ]);
  return command
    .addOption(modeRequired ? mode.makeOptionMandatory() : mode)
    .option('--subnet <cidr>', 'IPv4 subnet, like 10.20.30.0/24 (default: a free /24)')
    .option('--gateway <ip>', "the bridge's address (default: the first host)")
    .option('--mtu <bytes>', 'MTU, 576 to 9000 (default 1500)', integerOption)
    .option('--dhcp', 'hand out addresses by DHCP (the default)')
    .option('--no-dhcp', 'no DHCP: guests need fixed addresses')
    .option('--dhcp-range <start-end>', 'addresses DHCP hands out', rangeOption)
    .option('--lease-time <seconds>', 'DHCP lease time, 120 to 604800 (default 3600)', integerOption)
    .option('--dns-domain <domain>', 'guests are <vm>.<domain> (default <name>.internal)')
    .addOption(
      new Option('--default-inbound <action>', 'what no rule decides for new inbound connections').choices([
        'accept',
        'drop',
        'reject',
      ]),
    );
}

function formatNetworkTable(networks: readonly NetworkView[]): string {
  return formatTable(
    [
      { header: 'NAME', value: (n) => n.name },
      { header: 'MODE', value: (n) => n.mode },
      { header: 'SUBNET', value: (n) => n.subnet },
      { header: 'GATEWAY', value: (n) => n.gateway },
      { header: 'STATE', value: (n) => n.state },
      { header: 'VMS', value: (n) => String(n.vms.length), align: 'right' },
      { header: 'RULES', value: (n) => String(n.rules), align: 'right' },
      { header: 'FORWARDS', value: (n) => String(n.forwards), align: 'right' },
    ],
    networks,
  );
}

function formatNetwork(n: NetworkView): string {
  const lines = [
    `name:            ${n.name}`,
    `mode:            ${n.mode}`,
    `state:           ${n.state}${n.reason === null ? '' : ` (${n.reason})`}`,
    `bridge:          ${n.bridge}`,
    `subnet:          ${n.subnet} (gateway ${n.gateway})`,
    `mtu:             ${n.mtu}`,
    `dhcp:            ${n.dhcp.enabled ? `${n.dhcp.range_start}-${n.dhcp.range_end}, lease ${n.dhcp.lease_time} s` : 'off'}`,
    `dns domain:      ${n.dns.domain}`,
    `default inbound: ${n.default_inbound}`,
    `vms:             ${n.vms.length === 0 ? '-' : n.vms.join(', ')}`,
    `rules:           ${n.rules}`,
    `forwards:        ${n.forwards}`,
  ];
  return lines.join('\n');
}

function formatRuleTable(rules: readonly RuleView[]): string {
  return formatTable(
    [
      { header: 'ID', value: (r) => r.id },
      { header: 'POS', value: (r) => String(r.position), align: 'right' },
      { header: 'DIR', value: (r) => r.direction },
      { header: 'ACTION', value: (r) => r.action },
      { header: 'PROTO', value: (r) => r.protocol },
      { header: 'PORTS', value: (r) => r.ports ?? '-' },
      { header: 'SOURCE', value: (r) => r.source ?? '-' },
      { header: 'DESTINATION', value: (r) => r.destination ?? '-' },
      { header: 'VM', value: (r) => r.vm ?? '-' },
      { header: 'PACKETS', value: (r) => String(r.packets), align: 'right' },
      { header: 'BYTES', value: (r) => String(r.bytes), align: 'right' },
      { header: 'COMMENT', value: (r) => r.comment ?? '' },
    ],
    rules,
  );
}

function formatForwardTable(forwards: readonly ForwardView[]): string {
  return formatTable(
    [
      { header: 'ID', value: (f) => f.id },
      { header: 'PROTO', value: (f) => f.protocol },
      { header: 'LISTEN', value: (f) => `${f.listen_address ?? '*'}:${f.listen_port}` },
      { header: 'VM', value: (f) => f.vm },
      { header: 'GUEST', value: (f) => `${f.guest_address ?? '?'}:${f.guest_port}` },
    ],
    forwards,
  );
}

function formatLeaseTable(leases: readonly LeaseView[]): string {
  return formatTable(
    [
      { header: 'IP', value: (l) => l.ip },
      { header: 'MAC', value: (l) => l.mac },
      { header: 'HOSTNAME', value: (l) => l.hostname ?? '-' },
      { header: 'VM', value: (l) => (l.vm === null ? '-' : `${l.vm}#${l.nic}`) },
      { header: 'EXPIRES', value: (l) => (l.expires_at === null ? 'never' : shortTime(l.expires_at)) },
    ],
    leases,
  );
}

const networkPath = (name: string): string => `/networks/${segment(name)}`;

function addRuleCommands(network: Command): void {
  const rule = network.command('rule').description("Manage a network's firewall rules");

  clientCommand(rule, 'list', 'List the rules in evaluation order, with their counters')
    .argument('<network>', 'network name')
    .action(async (name: string, flags: ClientFlags) => {
      const answer = await clientFor(flags).request<{ rules: RuleView[] }>(
        'GET',
        `${networkPath(name)}/rules`,
      );
      print(flags, answer, (a) => formatRuleTable(a.rules));
    });

  clientCommand(rule, 'add', 'Add a rule (last unless --position)')
    .argument('<network>', 'network name')
    .addOption(
      new Option('--direction <dir>', 'in: to the guests; out: from them')
        .choices(['in', 'out'])
        .makeOptionMandatory(),
    )
    .addOption(
      new Option('--action <action>', 'what a match does')
        .choices(['accept', 'drop', 'reject'])
        .makeOptionMandatory(),
    )
    .addOption(
      new Option('--protocol <proto>', 'default any').choices(['tcp', 'udp', 'icmp', 'any']).default('any'),
    )
    .option('--ports <ports>', 'a port (80) or a range (8000-8100), tcp and udp only')
    .option('--source <cidr>', 'where the traffic comes from')
    .option('--destination <cidr>', 'where it goes')
    .option('--vm <name>', 'a VM on the network: the rule applies to its addresses')
    .option('--position <n>', '0 is first; the rules from there move down', integerOption)
    .option('--comment <text>', 'a note')
    .action(
      async (
        name: string,
        flags: ClientFlags & {
          direction: string;
          action: string;
          protocol: string;
          ports?: string;
          source?: string;
          destination?: string;
          vm?: string;
          position?: number;
          comment?: string;
        },
      ) => {
        const { direction, action, protocol, ports, source, destination, vm, position, comment } = flags;
        const optional = { ports, source, destination, vm, position, comment };
        const body = {
          direction,
          action,
          protocol,
          ...Object.fromEntries(Object.entries(optional).filter(([, v]) => v !== undefined)),
        };
        print(
          flags,
          await clientFor(flags).request<RuleView>('POST', `${networkPath(name)}/rules`, body),
          (r) => `rule ${r.id} added to network '${name}' at position ${r.position}`,
        );
      },
    );

  clientCommand(rule, 'delete', 'Delete a rule; the ones after it move up')
    .argument('<network>', 'network name')
    .argument('<id>', 'rule id (hvctl network rule list)')
    .action(async (name: string, id: string, flags: ClientFlags) => {
      print(
        flags,
        await clientFor(flags).request<RuleView>('DELETE', `${networkPath(name)}/rules/${segment(id)}`),
        (r) => `rule ${r.id} deleted from network '${name}'`,
      );
    });
}

function addForwardCommands(network: Command): void {
  const forward = network.command('forward').description("Manage a network's port forwards");

  clientCommand(forward, 'list', 'List the port forwards')
    .argument('<network>', 'network name')
    .action(async (name: string, flags: ClientFlags) => {
      const answer = await clientFor(flags).request<{ forwards: ForwardView[] }>(
        'GET',
        `${networkPath(name)}/forwards`,
      );
      print(flags, answer, (a) => formatForwardTable(a.forwards));
    });

  clientCommand(forward, 'add', "Forward a port of the host's to a VM")
    .argument('<network>', 'network name')
    .addOption(new Option('--protocol <proto>', 'default tcp').choices(['tcp', 'udp']).default('tcp'))
    .option('--listen-address <ip>', "one of the host's addresses (default: all of them)")
    .requiredOption('--listen-port <port>', 'the port on the host', integerOption)
    .requiredOption('--vm <name>', 'a VM on the network with an address')
    .requiredOption('--guest-port <port>', 'the port in the guest', integerOption)
    .action(
      async (
        name: string,
        flags: ClientFlags & {
          protocol: string;
          listenAddress?: string;
          listenPort: number;
          vm: string;
          guestPort: number;
        },
      ) => {
        const body = {
          protocol: flags.protocol,
          ...(flags.listenAddress === undefined ? {} : { listen_address: flags.listenAddress }),
          listen_port: flags.listenPort,
          vm: flags.vm,
          guest_port: flags.guestPort,
        };
        print(
          flags,
          await clientFor(flags).request<ForwardView>('POST', `${networkPath(name)}/forwards`, body),
          (f) =>
            `forward ${f.id}: ${f.protocol} ${f.listen_address ?? '*'}:${f.listen_port} -> ` +
            `${f.vm} (${f.guest_address ?? '?'}):${f.guest_port}`,
        );
      },
    );

  clientCommand(forward, 'delete', 'Delete a port forward')
    .argument('<network>', 'network name')
    .argument('<id>', 'forward id (hvctl network forward list)')
    .action(async (name: string, id: string, flags: ClientFlags) => {
      print(
        flags,
        await clientFor(flags).request<ForwardView>('DELETE', `${networkPath(name)}/forwards/${segment(id)}`),
        (f) => `forward ${f.id} deleted from network '${name}'`,
      );
    });
}

export function addNetworkCommands(program: Command): void {
  const network = program.command('network').description('Manage virtual networks');

  clientCommand(network, 'list', 'List the virtual networks').action(async (flags: ClientFlags) => {
    const answer = await clientFor(flags).request<{ networks: NetworkView[] }>('GET', '/networks');
    print(flags, answer, (a) => formatNetworkTable(a.networks));
  });

  settingsOptions(clientCommand(network, 'create', 'Create a virtual network'), true)
    .argument('<name>', 'lower-case letters, digits and "-", at most 12 characters')
    .action(async (name: string, flags: NetworkFlags) => {
      print(
        flags,
        await clientFor(flags).request<NetworkView>('POST', '/networks', { name, ...settings(flags) }),
        (n) => `network '${n.name}' created: ${n.mode}, ${n.subnet}, bridge ${n.bridge}, ${n.state}`,
      );
    });

  clientCommand(network, 'get', 'Show a virtual network')
    .argument('<name>', 'network name')
    .action(async (name: string, flags: ClientFlags) => {
      print(flags, await clientFor(flags).request<NetworkView>('GET', networkPath(name)), formatNetwork);
    });

  settingsOptions(clientCommand(network, 'update', 'Change a virtual network, live'), false)
    .argument('<name>', 'network name')
    .action(async (name: string, flags: NetworkFlags) => {
      print(
        flags,
        await clientFor(flags).request<NetworkView>('PATCH', networkPath(name), settings(flags)),
        (n) => `network '${n.name}' updated: ${n.mode}, ${n.subnet}, ${n.state}`,
      );
    });

  clientCommand(network, 'delete', 'Delete a virtual network (no VM may have a NIC on it)')
    .argument('<name>', 'network name')
    .action(async (name: string, flags: ClientFlags) => {
      print(
        flags,
        await clientFor(flags).request<{ name: string }>('DELETE', networkPath(name)),
        (n) => `network '${n.name}' deleted`,
      );
    });

  clientCommand(network, 'leases', "List the network's DHCP leases")
    .argument('<name>', 'network name')
    .action(async (name: string, flags: ClientFlags) => {
      const answer = await clientFor(flags).request<{ leases: LeaseView[] }>(
        'GET',
        `${networkPath(name)}/dhcp`,
      );
      print(flags, answer, (a) => formatLeaseTable(a.leases));
    });

  addRuleCommands(network);
  addForwardCommands(network);
  addTunnelCommands(network);
}
