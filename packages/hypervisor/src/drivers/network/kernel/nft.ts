/**
 * The service's nftables table as the kernel has it: batches applied atomically (`nft -f -`, one
 * transaction: all of it or nothing), the table read back as JSON (`nft -j list table`) and sorted
 * into what each network has, and the named counters read.
 */
import type { RuleCounter } from '../network-driver.js';
import type { RunCommand } from './command.js';
import {
  BASE_CHAINS,
  BASE_RULE_COUNTS,
  HASH_PREFIX,
  MAPS,
  TABLE,
  parseChainName,
  parseCounterName,
  type NetworkChainKind,
  type PortKey,
  type PresentNetwork,
} from './nft-ruleset.js';

/** Applies the lines as one transaction. */
export async function applyBatch(run: RunCommand, lines: readonly string[]): Promise<void> {
  if (lines.length === 0) return;
  await run('nft', ['-f', '-'], { input: `${lines.join('\n')}\n` });
}

/** What the table holds for one network, with the hash its `in` chain carries. */
export interface NetworkInTable extends PresentNetwork {
  hash: string | null;
  ruleCounts: Partial<Record<NetworkChainKind, number>>;
}

export interface TableState {
  /** The base chains and maps are all there with their fixed rules. */
  baseIntact: boolean;
  networks: Map<string, NetworkInTable>;
}

type NftObject = Record<string, Record<string, unknown>>;

function entry(networks: Map<string, NetworkInTable>, name: string): NetworkInTable {
  let found = networks.get(name);
  if (found === undefined) {
    found = { chains: [], counters: [], forwardPorts: [], maps: [], hash: null, ruleCounts: {} };
    networks.set(name, found);
  }
  return found;
}

/** Sorts `nft -j list table` output into base and networks (pure; exported for tests). */
export function parseTable(json: string): TableState {
  const objects = (JSON.parse(json) as { nftables: NftObject[] }).nftables;
  const networks = new Map<string, NetworkInTable>();
  const baseRules = new Map<string, number>();
  const baseChains = new Set<string>();
  const maps = new Set<string>();
  for (const object of objects) {
    const [kind, body] = Object.entries(object)[0] as [string, Record<string, unknown>];
    const name = body.name as string | undefined;
    if (kind === 'chain' && name !== undefined) {
      const parsed = parseChainName(name);
      if (parsed === null) baseChains.add(name);
      else (entry(networks, parsed.network).chains as NetworkChainKind[]).push(parsed.kind);
    } else if (kind === 'rule') {
      const chain = body.chain as string;
      const parsed = parseChainName(chain);
      if (parsed === null) {
        baseRules.set(chain, (baseRules.get(chain) ?? 0) + 1);
        continue;
      }
      const network = entry(networks, parsed.network);
      network.ruleCounts[parsed.kind] = (network.ruleCounts[parsed.kind] ?? 0) + 1;
      const comment = body.comment as string | undefined;
      if (parsed.kind === 'fin' && comment?.startsWith(HASH_PREFIX) === true) {
        network.hash = comment.slice(HASH_PREFIX.length);
      }
    } else if (kind === 'counter' && name !== undefined) {
      const parsed = parseCounterName(name);
      if (parsed !== null) (entry(networks, parsed.network).counters as string[]).push(name);
    } else if (kind === 'map' && name !== undefined) {
      maps.add(name);
      for (const [key, value] of (body.elem as [unknown, { jump?: { target: string } }][] | undefined) ??
        []) {
        const target = value.jump?.target;
        const parsed = target === undefined ? null : parseChainName(target);
        if (parsed === null) continue;
        const network = entry(networks, parsed.network);
        if (name === 'forward_ports') {
          const [protocol, port] = (key as { concat: [string, number] }).concat;
          (network.forwardPorts as PortKey[]).push({ protocol: protocol as PortKey['protocol'], port });
        } else {
          (network.maps as string[]).push(name);
        }
      }
    }
  }
  const baseIntact =
    MAPS.every((map) => maps.has(map)) &&
    BASE_CHAINS.every((chain) => baseChains.has(chain) && baseRules.get(chain) === BASE_RULE_COUNTS[chain]);
  return { baseIntact, networks };
}

/** The table now, or null when there is none. */
export async function readTable(run: RunCommand): Promise<{ json: string; state: TableState } | null> {
  let json: string;
  try {
    json = await run('nft', ['-j', 'list', 'table', ...TABLE.split(' ')]);
  } catch (error) {
    if (/No such file or directory/.test((error as Error).message)) return null;
    throw error;
  }
  return { json, state: parseTable(json) };
}

/** Every named counter of the table, by counter name. */
export async function readCounters(run: RunCommand): Promise<Map<string, RuleCounter>> {
  let json: string;
  try {
    json = await run('nft', ['-j', 'list', 'counters', 'table', ...TABLE.split(' ')]);
  } catch (error) {
    if (/No such file or directory/.test((error as Error).message)) return new Map();
    throw error;
  }
  const counters = new Map<string, RuleCounter>();
  for (const object of (JSON.parse(json) as { nftables: NftObject[] }).nftables) {
    const counter = object.counter;
    if (counter === undefined) continue;
    counters.set(counter.name as string, {
      packets: counter.packets as number,
      bytes: counter.bytes as number,
    });
  }
  return counters;
}
