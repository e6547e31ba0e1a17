/**
 * What the host is doing now: CPU use over a short interval, memory, load, uptime, the use of the
 * filesystems storage pools are on, and how many VMs run.
 */
import { Type, type Static } from 'typebox';
import { filesystemUsage } from '../drivers/host/disk-usage.js';
import { readLoad } from '../drivers/host/load.js';
import { readMeminfo } from '../drivers/host/meminfo.js';
import { createCpuSampler } from '../drivers/host/proc-stat.js';
import { formatSize } from './units.js';

const Percent = (description: string) => Type.Number({ minimum: 0, maximum: 100, description });
const Size = (description: string) => Type.String({ description: `${description}, binary units` });

/** What `/system/stats` answers: the one source of its type and of its OpenAPI schema. */
export const SystemStatsSchema = Type.Object({
  cpu: Type.Object(
    {
      percent: Percent('busy: user + system + steal'),
      user: Percent('user and nice'),
      system: Percent('system, irq and softirq'),
      iowait: Percent('idle while waiting for I/O'),
      steal: Percent('time the hypervisor under this host gave to others'),
      idle: Percent('idle'),
      interval_ms: Type.Integer({ description: 'the interval the percentages cover' }),
    },
    {
      description:
        'share of all CPUs from /proc/stat over the interval since the previous request (100 ms to 10 s ' +
        'ago), or over a fresh 200 ms interval',
    },
  ),
  memory: Type.Object(
    {
      total: Size('MemTotal'),
      total_bytes: Type.Integer(),
      used: Size('total less available'),
      used_bytes: Type.Integer(),
      available: Size("MemAvailable: the kernel's estimate of what can be allocated without swapping"),
      available_bytes: Type.Integer(),
    },
    { description: 'from /proc/meminfo' },
  ),
  load_average: Type.Object(
    { one: Type.Number(), five: Type.Number(), fifteen: Type.Number() },
    { description: 'runnable and waiting tasks over 1, 5 and 15 minutes (/proc/loadavg)' },
  ),
  uptime_seconds: Type.Integer({ description: 'since the host booted (/proc/uptime)' }),
  storage_pools: Type.Array(
    Type.Object({
      name: Type.String(),
      path: Type.String({ description: 'the directory of the pool' }),
      total: Size('size of the filesystem'),
      total_bytes: Type.Integer(),
      used: Size('in use, as df Used'),
      used_bytes: Type.Integer(),
      free: Size('still writable by the service, as df Avail (blocks reserved for root are in neither)'),
      free_bytes: Type.Integer(),
    }),
    { description: 'the filesystem each storage pool is on (statfs)' },
  ),
  running_vms: Type.Integer({ description: 'VMs running or paused: a QEMU process each' }),
  sampled_at: Type.String({ format: 'date-time' }),
});
export type SystemStats = Static<typeof SystemStatsSchema>;

export interface StoragePoolLocation {
  name: string;
  path: string;
}

export interface HostStatsOptions {
  pools: () => StoragePoolLocation[];
  runningVms: () => number;
  /** Where /proc is looked for: `/`, or a fake tree in tests. */
  root?: string;
}

export function createHostStats(options: HostStatsOptions): { stats(): Promise<SystemStats> } {
  const { pools, runningVms, root = '/' } = options;
  const cpu = createCpuSampler({ root });
  return {
    async stats() {
      const { intervalMs, ...usage } = await cpu.usage();
      const memory = readMeminfo(root);
      const used = memory.totalBytes - memory.availableBytes;
      const { loadAverage, uptimeSeconds } = readLoad(root);
      return {
        cpu: { ...usage, interval_ms: Math.round(intervalMs) },
        memory: {
          total: formatSize(memory.totalBytes),
          total_bytes: memory.totalBytes,
          used: formatSize(used),
          used_bytes: used,
          available: formatSize(memory.availableBytes),
          available_bytes: memory.availableBytes,
        },
        load_average: loadAverage,
        uptime_seconds: Math.floor(uptimeSeconds),
        storage_pools: pools().map(({ name, path }) => {
          const filesystem = filesystemUsage(path);
          return {
            name,
            path,
            total: formatSize(filesystem.totalBytes),
            total_bytes: filesystem.totalBytes,
            used: formatSize(filesystem.usedBytes),
            used_bytes: filesystem.usedBytes,
            free: formatSize(filesystem.freeBytes),
            free_bytes: filesystem.freeBytes,
          };
        }),
        running_vms: runningVms(),
        sampled_at: new Date().toISOString(),
      };
    },
  };
}
