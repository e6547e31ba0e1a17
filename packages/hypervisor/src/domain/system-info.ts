/** Facts of the host and of this service, read from the real system. */
import { availableParallelism, cpus, hostname, release, totalmem } from 'node:os';
import { formatSize } from './units.js';

export interface SystemInfo {
  hostname: string;
  cpu: { model: string; threads: number };
  memory_total: string;
  memory_total_bytes: number;
  kernel: string;
  qemu_version: string | null;
  driver: string;
  accelerator: string;
  version: string;
}

export function systemInfo(service: {
  driver: string;
  accelerator: string;
  qemuVersion: string | null;
  version: string;
}): SystemInfo {
  return {
    hostname: hostname(),
    cpu: { model: cpus()[0]?.model ?? 'unknown', threads: availableParallelism() },
    memory_total: formatSize(totalmem()),
    memory_total_bytes: totalmem(),
    kernel: release(),
    qemu_version: service.qemuVersion,
    driver: service.driver,
    accelerator: service.accelerator,
    version: service.version,
  };
}
