/** Facts of the host and of this service, read from the real system. */
import { availableParallelism, cpus, hostname, release, totalmem } from 'node:os';
import { Nullable } from '@lab/server-kit';
import { Type, type Static } from 'typebox';
import type { Accelerator, DriverName } from '../drivers/vm-driver.js';
import { formatSize } from './units.js';

/** What `/system/info` answers: the one source of its type and of its OpenAPI schema. */
export const SystemInfoSchema = Type.Object({
  hostname: Type.String(),
  cpu: Type.Object({ model: Type.String(), threads: Type.Integer() }),
  memory_total: Type.String(),
  memory_total_bytes: Type.Integer(),
  kernel: Type.String({ description: 'the host kernel release' }),
  qemu_version: Nullable(Type.String({ description: 'null when QEMU is not installed' })),
  driver: Type.Enum(['qemu', 'simulated'], { description: 'the VM driver in use; simulated runs no guest' }),
  accelerator: Type.Enum(['kvm', 'tcg', 'none'], {
    description: 'what new VMs get: kvm, tcg, or none (simulated)',
  }),
  version: Type.String({ description: 'the service version' }),
});
export type SystemInfo = Static<typeof SystemInfoSchema>;

export function systemInfo(service: {
  driver: DriverName;
  accelerator: Accelerator;
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
