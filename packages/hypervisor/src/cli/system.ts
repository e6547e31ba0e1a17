/** `hvctl system ...`: the host facts of the `/system` routes. */
import type { Command } from 'commander';
import type { SystemInfo } from '../domain/system-info.js';
import type { CcCapabilities, Iommu } from '../domain/system-service.js';
import type { SystemStats } from '../domain/system-stats.js';
import { clientCommand, clientFor, print, type ClientFlags } from './options.js';
import { formatFields, formatTable } from '@lab/server-kit/cli';

function formatInfo(info: SystemInfo): string {
  const selection = info.accelerator_selection;
  return formatFields([
    ['hostname', info.hostname],
    ['cpu', `${info.cpu.model}, ${info.cpu.cores} cores, ${info.cpu.threads} threads`],
    ['memory', info.memory_total],
    ['kernel', info.kernel],
    ['qemu', info.qemu_version ?? 'not installed'],
    ['kvm', info.kvm.available ? 'available' : `unavailable: ${info.kvm.reason ?? ''}`],
    ['driver', `${info.driver}, accelerator ${info.accelerator}`],
    ['accelerator', `${selection.selected} (--accel ${selection.requested}: ${selection.reason})`],
    ['version', info.version],
  ]);
}

/** `93784` as `1d 2h 3m`: minutes are enough for how long a host has been up. */
export function formatUptime(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return [days > 0 ? `${days}d` : '', days + hours > 0 ? `${hours}h` : '', `${minutes}m`]
    .filter(Boolean)
    .join(' ');
}

function formatStats(stats: SystemStats): string {
  const { cpu, memory, load_average: load } = stats;
  const fields = formatFields([
    [
      'cpu',
      `${cpu.percent.toFixed(1)} % (user ${cpu.user}, system ${cpu.system}, iowait ${cpu.iowait}, steal ${cpu.steal})`,
    ],
    ['memory', `${memory.used} used of ${memory.total}, ${memory.available} available`],
    ['load', `${load.one} ${load.five} ${load.fifteen}`],
    ['uptime', formatUptime(stats.uptime_seconds)],
    ['running vms', String(stats.running_vms)],
  ]);
  const pools = formatTable(
    [
      { header: 'POOL', value: (pool) => pool.name },
      { header: 'PATH', value: (pool) => pool.path },
      { header: 'SIZE', value: (pool) => pool.total, align: 'right' },
      { header: 'USED', value: (pool) => pool.used, align: 'right' },
      { header: 'FREE', value: (pool) => pool.free, align: 'right' },
    ],
    stats.storage_pools,
  );
  return `${fields}\n\n${pools}`;
}

const CC_NAMES = { sev: 'SEV', sev_es: 'SEV-ES', sev_snp: 'SEV-SNP', tdx: 'TDX' } as const;

function formatCc(cc: CcCapabilities): string {
  const rows = (Object.keys(CC_NAMES) as (keyof typeof CC_NAMES)[]).map((key) => ({
    name: CC_NAMES[key],
    ...cc[key],
  }));
  const table = formatTable(
    [
      { header: 'FEATURE', value: (row) => row.name },
      { header: 'AVAILABLE', value: (row) => (row.available ? 'yes' : 'no') },
      { header: 'WHY', value: (row) => row.reason ?? row.source },
    ],
    rows,
  );
  return `cpu vendor: ${cc.cpu_vendor ?? 'unknown'}\n\n${table}`;
}

function formatIommu(iommu: Iommu): string {
  if (!iommu.enabled) return 'IOMMU: not enabled (the kernel lists no IOMMU groups)';
  return formatTable(
    [
      { header: 'GROUP', value: (row) => String(row.group), align: 'right' },
      { header: 'ADDRESS', value: (row) => row.address },
      { header: 'VENDOR:DEVICE', value: (row) => `${row.vendor_id}:${row.device_id}` },
      { header: 'CLASS', value: (row) => row.class },
      { header: 'DRIVER', value: (row) => row.driver ?? '-' },
    ],
    iommu.groups.flatMap(({ id, devices }) => devices.map((device) => ({ group: id, ...device }))),
  );
}

function formatConfig(settings: Record<string, unknown>): string {
  return formatFields(Object.entries(settings).map(([name, value]) => [name, String(value)]));
}

export function addSystemCommands(program: Command): void {
  const system = program.command('system').description('Show host facts, resource use and configuration');
  const show = <T>(name: string, description: string, path: string, human: (answer: T) => string) =>
    clientCommand(system, name, description).action(async (flags: ClientFlags) => {
      print(flags, await clientFor(flags).request<T>('GET', path), human);
    });

  show('info', 'Host CPU, memory, kernel, QEMU and KVM, and the driver in use', '/system/info', formatInfo);
  show('stats', 'Host CPU, memory, load and storage use now', '/system/stats', formatStats);
  show('cc', 'Confidential-computing capabilities (SEV, SEV-ES, SEV-SNP, TDX)', '/system/cc', formatCc);
  show('iommu', 'IOMMU groups and their PCI devices', '/system/iommu', formatIommu);
  show('config', 'The active configuration, secrets masked', '/system/config', formatConfig);
}
