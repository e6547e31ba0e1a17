/**
 * What the host offers QEMU: the emulator binary, its version, and whether KVM can be used.
 * `/dev/kvm` opening read-write is the test libvirt and QEMU themselves apply; it does not prove
 * a guest can run (nested KVM on these machines opens and then fails), which the driver reports
 * when the VM dies.
 */
import { execFile } from 'node:child_process';
import { closeSync, existsSync, openSync } from 'node:fs';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { findExecutable } from '@lab/server-kit';
import { HvErrors } from '../../errors.js';

export const QEMU_BINARY = 'qemu-system-x86_64';
export const KVM_DEVICE = '/dev/kvm';
const run = promisify(execFile);

/** The path of qemu-system-x86_64 on `PATH`, or null when it is not installed. */
export function findQemu(path = process.env.PATH ?? ''): string | null {
  return findExecutable(QEMU_BINARY, path);
}

/** The version QEMU reports (`7.2.22`), from the first line of `--version`. */
export async function qemuVersion(binary: string): Promise<string> {
  let stdout: string;
  try {
    ({ stdout } = await run(binary, ['--version'], { timeout: 10_000 }));
  } catch (error) {
    throw HvErrors.toolFailed({ tool: binary, reason: (error as Error).message }, { cause: error });
  }
  const firstLine = stdout.split('\n')[0]?.trim() ?? '';
  const match = /version (\d+\.\d+\.\d+)/.exec(firstLine);
  if (match?.[1] === undefined) {
    throw HvErrors.toolFailed({ tool: binary, reason: `unexpected --version output: ${firstLine}` });
  }
  return match[1];
}

export type KvmProbe = { usable: true } | { usable: false; reason: string };

/**
 * Whether `device` opens read-write, as QEMU needs it to, and why not. Synchronous: it is one
 * open(2) of a device node, and host facts (`systemInfo`) stay a plain function.
 */
export function probeKvm(device = KVM_DEVICE): KvmProbe {
  try {
    closeSync(openSync(device, 'r+'));
    return { usable: true };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    const why = code === 'ENOENT' ? 'does not exist' : `cannot be opened read-write (${code})`;
    return { usable: false, reason: `${device} ${why}` };
  }
}

/**
 * The accelerator to run VMs with: `auto` is KVM when the device opens and TCG otherwise;
 * `kvm` on a host where it does not open is ACCEL_UNAVAILABLE with the reason.
 */
export async function resolveAccelerator(
  requested: 'auto' | 'kvm' | 'tcg',
  device = KVM_DEVICE,
): Promise<'kvm' | 'tcg'> {
  if (requested === 'tcg') return 'tcg';
  const probe = probeKvm(device);
  if (probe.usable) return 'kvm';
  if (requested === 'kvm') throw HvErrors.accelUnavailable({ accel: 'kvm', reason: probe.reason });
  return 'tcg';
}

/** The firmware a PC machine loads when no `-bios` is given: SeaBIOS's 256 KiB build. */
export const DEFAULT_FIRMWARE = 'bios-256k.bin';

/**
 * The file QEMU would load as its firmware, from the data directories it searches
 * (`-L help`, in order), or null when none has it.
 */
export async function firmwareFile(binary: string): Promise<string | null> {
  let stdout: string;
  try {
    ({ stdout } = await run(binary, ['-L', 'help'], { timeout: 10_000 }));
  } catch (error) {
    throw HvErrors.toolFailed({ tool: binary, reason: (error as Error).message }, { cause: error });
  }
  for (const dir of stdout
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)) {
    const candidate = resolve(dir, DEFAULT_FIRMWARE);
    if (existsSync(candidate)) return candidate;
  }
  return null;
}
