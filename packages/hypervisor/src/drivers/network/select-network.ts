/**
 * Which network driver the service runs: the simulated one beside the simulated VM driver (no
 * guest runs, so nothing needs a bridge; networks are kept in memory and nothing kernel-side is
 * made), the kernel driver beside QEMU. The kernel driver reports itself unavailable where the
 * service lacks the rights or the tools, and network changes then answer 503.
 */
import type { Logger } from '@lab/server-kit';
import type { VmDriver } from '../vm-driver.js';
import { createKernelNetworkDriver } from './kernel/kernel-driver.js';
import type { NetworkDriver } from './network-driver.js';
import { createSimulatedNetworkDriver } from './simulated-network-driver.js';

export function selectNetworkDriver(
  vmDriver: Pick<VmDriver, 'name'>,
  settings: { runDir: string; logger: Logger },
): NetworkDriver {
  if (vmDriver.name === 'simulated') return createSimulatedNetworkDriver();
  return createKernelNetworkDriver({ runDir: settings.runDir, logger: settings.logger });
}
