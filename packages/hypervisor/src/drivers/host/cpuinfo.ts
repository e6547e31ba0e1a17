/**
 * `/proc/cpuinfo`: one block of `key : value` lines per logical CPU, blocks separated by a blank
 * line. x86 blocks carry `vendor_id`, `model name`, `physical id` (socket), `core id` and
 * `flags`; other architectures and some hypervisors leave out the topology.
 */
import { HvErrors } from '../../errors.js';
import { readHostFile } from './files.js';

export const CPUINFO = '/proc/cpuinfo';

export interface CpuInfo {
  /** `vendor_id` of the first CPU (`AuthenticAMD`, `GenuineIntel`), null when not listed. */
  vendor: string | null;
  /** `model name` of the first CPU, null when not listed. */
  model: string | null;
  /** Distinct (physical id, core id) pairs: physical cores; null when the topology is not listed. */
  cores: number | null;
  /** The feature flags of the first CPU (`sev_snp`, `vmx`, ...). */
  flags: ReadonlySet<string>;
}

function parseBlock(block: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const line of block.split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) fields.set(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return fields;
}

export function parseCpuinfo(text: string): CpuInfo {
  const cpus = text
    .split(/\n\s*\n/)
    .map(parseBlock)
    .filter((fields) => fields.has('processor'));
  const first = cpus[0];
  if (first === undefined) throw HvErrors.hostReadFailed({ path: CPUINFO, reason: 'no processor listed' });
  const cores = new Set<string>();
  for (const cpu of cpus) {
    const socket = cpu.get('physical id');
    const core = cpu.get('core id');
    if (socket !== undefined && core !== undefined) cores.add(`${socket}/${core}`);
  }
  return {
    vendor: first.get('vendor_id') ?? null,
    model: first.get('model name') ?? null,
    cores: cores.size === 0 ? null : cores.size,
    flags: new Set((first.get('flags') ?? '').split(/\s+/).filter((flag) => flag !== '')),
  };
}

export function readCpuinfo(root = '/'): CpuInfo {
  return parseCpuinfo(readHostFile(root, CPUINFO));
}
