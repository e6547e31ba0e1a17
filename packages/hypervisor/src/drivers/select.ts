/**
 * Which driver the service runs: the one named by `--driver`, else QEMU where it is installed,
 * else the simulated driver, said loudly in the log, since a simulated VM runs no guest. With
 * QEMU, the accelerator is chosen once here, at start (`--accel auto` runs the guest probe).
 */
import type { Logger } from '@lab/server-kit';
import { HvErrors } from '../errors.js';
import { findQemu, resolveAccelerator, type AcceleratorChoice } from './qemu/host.js';
import { probeAccelerator } from './qemu/kvm-probe.js';
import { createQemuDriver } from './qemu/qemu-driver.js';
import { createSimulatedDriver } from './simulated/simulated-driver.js';
import type { Accelerator, VmDriver } from './vm-driver.js';

export interface DriverSettings {
  driver?: 'qemu' | 'simulated' | undefined;
  accel: 'auto' | 'kvm' | 'tcg';
  runDir: string;
  /** The bound of the guest probe `auto` runs. */
  kvmProbeTimeoutMs: number;
}

/** The accelerator choice as the service shows it: `none`, and no probe, under the simulated driver. */
export type AcceleratorSelection = Omit<AcceleratorChoice, 'selected'> & { selected: Accelerator };

export interface DriverSelection {
  driver: VmDriver;
  accelerator: AcceleratorSelection;
}

const SIMULATED = 'the simulated driver runs no guest';

/** The selection of a driver made elsewhere (tests give the service one): its own accelerator. */
export function givenDriver(driver: VmDriver, requested: DriverSettings['accel']): DriverSelection {
  const reason = driver.name === 'simulated' ? SIMULATED : 'the driver was given to the service ready-made';
  return {
    driver,
    accelerator: { requested, selected: driver.accelerator, reason, probedAt: null, probeMs: null },
  };
}

export async function selectDriver(settings: DriverSettings, logger: Logger): Promise<DriverSelection> {
  const qemu = findQemu();
  if (settings.driver === 'simulated' || (settings.driver === undefined && qemu === null)) {
    if (settings.driver === undefined) {
      logger.warn('qemu-system-x86_64 is not installed: using the SIMULATED driver (no guest runs)');
    }
    return givenDriver(createSimulatedDriver(), settings.accel);
  }
  if (qemu === null) {
    throw HvErrors.driverUnavailable({
      driver: 'qemu',
      reason: 'qemu-system-x86_64 is not installed (Debian package qemu-system-x86)',
    });
  }
  const choice = await resolveAccelerator(settings.accel, () =>
    probeAccelerator({
      binary: qemu,
      accelerator: 'kvm',
      timeoutMs: settings.kvmProbeTimeoutMs,
      workDir: settings.runDir,
    }),
  );
  const facts = {
    qemu,
    accelerator: choice.selected,
    requested: choice.requested,
    reason: choice.reason,
    probe_ms: choice.probeMs,
  };
  if (choice.requested === 'auto' && choice.selected === 'tcg') {
    logger.warn(facts, `KVM is not used, VMs run under TCG: ${choice.reason}`);
  } else {
    logger.info(facts, 'using the QEMU driver');
  }
  const driver = createQemuDriver({
    runDir: settings.runDir,
    accelerator: choice.selected,
    logger,
    qemuBinary: qemu,
  });
  return { driver, accelerator: choice };
}
