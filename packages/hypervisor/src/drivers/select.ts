/**
 * Which driver the service runs: the one named by `--driver`, else QEMU where it is installed,
 * else the simulated driver, said loudly in the log, since a simulated VM runs no guest.
 */
import type { Logger } from '@lab/server-kit';
import { HvErrors } from '../errors.js';
import { findQemu, resolveAccelerator } from './qemu/host.js';
import { createQemuDriver } from './qemu/qemu-driver.js';
import { createSimulatedDriver } from './simulated/simulated-driver.js';
import type { VmDriver } from './vm-driver.js';

export interface DriverSettings {
  driver?: 'qemu' | 'simulated' | undefined;
  accel: 'auto' | 'kvm' | 'tcg';
  runDir: string;
}

export async function selectDriver(settings: DriverSettings, logger: Logger): Promise<VmDriver> {
  const qemu = findQemu();
  if (settings.driver === 'simulated' || (settings.driver === undefined && qemu === null)) {
    if (settings.driver === undefined) {
      logger.warn('qemu-system-x86_64 is not installed: using the SIMULATED driver (no guest runs)');
    }
    return createSimulatedDriver();
  }
  if (qemu === null) {
    throw HvErrors.driverUnavailable({
      driver: 'qemu',
      reason: 'qemu-system-x86_64 is not installed (Debian package qemu-system-x86)',
    });
  }
  const accelerator = await resolveAccelerator(settings.accel);
  logger.info({ qemu, accelerator }, 'using the QEMU driver');
  return createQemuDriver({ runDir: settings.runDir, accelerator, logger, qemuBinary: qemu });
}
