/**
 * Bridges and taps through iproute2: state read as JSON (`ip -j -d addr show`), changes as argument
 * arrays. An interface is the service's only when its name has the service's prefix AND its alias
 * starts with `hypervisor:`; nothing else is ever changed or deleted.
 */
import { BRIDGE_PREFIX, OWNER_ALIAS, TAP_PREFIX } from '../network-driver.js';
import { HvErrors } from '../../../errors.js';
import type { RunCommand } from './command.js';

export interface Link {
  name: string;
  alias: string | null;
  kind: string | null;
  master: string | null;
  mtu: number;
  up: boolean;
  /** IPv4 addresses as `address/prefix`. */
  addresses: string[];
}

export const bridgeAlias = (network: string): string => `${OWNER_ALIAS}network:${network}`;
export const tapAlias = (vm: string): string => `${OWNER_ALIAS}tap:${vm}`;

interface IpLink {
  ifname: string;
  ifalias?: string;
  master?: string;
  mtu: number;
  flags: string[];
  linkinfo?: { info_kind?: string };
  addr_info?: { family: string; local: string; prefixlen: number }[];
}

/** Every interface with its addresses (one `ip` call). */
export async function listLinks(run: RunCommand): Promise<Link[]> {
  return toLinks(await run('ip', ['-j', '-d', 'addr', 'show']));
}

/** One interface, or undefined when there is none of that name. */
export async function findLink(run: RunCommand, name: string): Promise<Link | undefined> {
  try {
    return toLinks(await run('ip', ['-j', '-d', 'addr', 'show', 'dev', name]))[0];
  } catch (error) {
    if (/does not exist/.test((error as Error).message)) return undefined;
    throw error;
  }
}

function toLinks(json: string): Link[] {
  const links = JSON.parse(json) as IpLink[];
  return links.map((link) => ({
    name: link.ifname,
    alias: link.ifalias ?? null,
    kind: link.linkinfo?.info_kind ?? null,
    master: link.master ?? null,
    mtu: link.mtu,
    up: link.flags.includes('UP'),
    addresses: (link.addr_info ?? [])
      .filter((a) => a.family === 'inet')
      .map((a) => `${a.local}/${a.prefixlen}`),
  }));
}

export const isOwnedBridge = (link: Link): boolean =>
  link.name.startsWith(BRIDGE_PREFIX) &&
  link.kind === 'bridge' &&
  link.alias?.startsWith(OWNER_ALIAS) === true;
export const isOwnedTap = (link: Link): boolean =>
  link.name.startsWith(TAP_PREFIX) && link.alias?.startsWith(OWNER_ALIAS) === true;

export interface BridgeWanted {
  network: string;
  bridge: string;
  /** `gateway/prefix`. */
  address: string;
  mtu: number;
}

/**
 * The `ip` commands (argument arrays, without `ip`) that make the bridge match: created when
 * missing, then MTU, alias, up and its one address set live where they differ; none when it
 * matches. A same-named interface that is not the service's is refused, never taken over.
 */
export function bridgeCommands(wanted: BridgeWanted, current: Link | undefined): string[][] {
  const alias = bridgeAlias(wanted.network);
  if (current !== undefined && !isOwnedBridge(current)) {
    throw HvErrors.toolFailed({
      tool: 'ip',
      reason: `interface ${wanted.bridge} exists and is not the service's (alias ${current.alias ?? 'none'})`,
    });
  }
  const commands: string[][] = [];
  if (current === undefined) {
    commands.push(['link', 'add', wanted.bridge, 'type', 'bridge', 'stp_state', '0', 'forward_delay', '0']);
  }
  if (current === undefined || current.mtu !== wanted.mtu || current.alias !== alias || !current.up) {
    commands.push(['link', 'set', 'dev', wanted.bridge, 'mtu', String(wanted.mtu), 'alias', alias, 'up']);
  }
  const addresses = current?.addresses ?? [];
  for (const address of addresses) {
    if (address !== wanted.address) commands.push(['addr', 'del', address, 'dev', wanted.bridge]);
  }
  if (!addresses.includes(wanted.address))
    commands.push(['addr', 'add', wanted.address, 'dev', wanted.bridge]);
  return commands;
}

/** Runs `ip` commands: one alone, several as one `ip -batch -` (one process, stops at the first error). */
export async function runIp(run: RunCommand, commands: readonly string[][]): Promise<void> {
  if (commands.length === 1) await run('ip', commands[0]!);
  else if (commands.length > 1)
    await run('ip', ['-batch', '-'], { input: commands.map((c) => c.join(' ')).join('\n') });
}

export async function deleteLink(run: RunCommand, name: string): Promise<void> {
  await run('ip', ['link', 'del', 'dev', name]);
}

/** A persistent tap on the bridge, up, with the bridge's MTU and the VM's alias. */
export async function createTap(
  run: RunCommand,
  tap: { name: string; bridge: string; vm: string; mtu: number },
): Promise<void> {
  await run('ip', ['tuntap', 'add', 'dev', tap.name, 'mode', 'tap']);
  await run('ip', [
    'link',
    'set',
    'dev',
    tap.name,
    'master',
    tap.bridge,
    'mtu',
    String(tap.mtu),
    'alias',
    tapAlias(tap.vm),
    'up',
  ]);
}
