/**
 * What the host offers QEMU: the emulator binary, its version, and the accelerator to run VMs
 * with. `/dev/kvm` opening read-write is the test libvirt and QEMU themselves apply; it does not
 * prove a guest can run (nested KVM on these machines opens, then crashes or crawls), so `auto`
 * also runs the guest probe (`kvm-probe.ts`) once before it chooses KVM.
 */
import { execFile } from 'node:child_process';
import { closeSync, existsSync, openSync } from 'node:fs';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { findExecutable } from '@lab/server-kit';
import { HvErrors } from '../../errors.js';
import { PROBE_ITERATIONS, PROBE_MARKER, type ProbeOutcome } from './kvm-probe.js';

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

/** The accelerator VMs get, and why: what `/system/info` shows and the start-up log says. */
export interface AcceleratorChoice {
  requested: 'auto' | 'kvm' | 'tcg';
  selected: 'kvm' | 'tcg';
  reason: string;
  /** When the guest probe ran, and how long it took; null when none ran. */
  probedAt: Date | null;
  probeMs: number | null;
}

/**
 * What a probe says of the accelerator: the guest reached its end (`works`), QEMU ended or
 * stopped the guest with an error (`crashes`), or the guest ran on with nothing to show (`hangs`).
 */
export function probeVerdict(outcome: ProbeOutcome): 'works' | 'crashes' | 'hangs' {
  if (outcome.kind === 'reached') return 'works';
  return outcome.kind === 'exited' || outcome.error !== '' ? 'crashes' : 'hangs';
}

const seconds = (ms: number): string => `${ms / 1000} s`;

/** Why the probe's outcome chooses what it does, with QEMU's own text when it gave some. */
export function describeProbe(outcome: ProbeOutcome): string {
  switch (outcome.kind) {
    case 'reached':
      return `a KVM guest reached the probe's end in ${outcome.ms} ms`;
    case 'exited': {
      const how =
        outcome.signal !== null
          ? `was killed by ${outcome.signal}`
          : outcome.code !== null
            ? `exited with code ${outcome.code}`
            : 'could not be run';
      return `QEMU with KVM ${how} before the guest reached the probe's end${outcome.error === '' ? '' : `: ${outcome.error}`}`;
    }
    case 'timed_out':
      return (
        `KVM guest did not reach the probe's end (long mode, ${PROBE_ITERATIONS} loop turns, ` +
        `${PROBE_MARKER} on the serial port) within ${seconds(outcome.timeoutMs)}` +
        (outcome.error === '' ? '' : `: ${outcome.error}`)
      );
  }
}

/**
 * The accelerator to run VMs with. `tcg` is TCG. `kvm` is KVM when the device opens (the guest
 * is not probed: it was asked for), ACCEL_UNAVAILABLE with the reason otherwise. `auto` is KVM
 * only when the device opens and `probe` sees a KVM guest reach its end; else TCG, and why.
 */
export async function resolveAccelerator(
  requested: 'auto' | 'kvm' | 'tcg',
  probe: () => Promise<ProbeOutcome>,
  { device = KVM_DEVICE, now = () => new Date() }: { device?: string; now?: () => Date } = {},
): Promise<AcceleratorChoice> {
  const choice = { requested, probedAt: null, probeMs: null };
  if (requested === 'tcg') return { ...choice, selected: 'tcg', reason: '--accel tcg' };
  const opens = probeKvm(device);
  if (requested === 'kvm') {
    if (!opens.usable) throw HvErrors.accelUnavailable({ accel: 'kvm', reason: opens.reason });
    return { ...choice, selected: 'kvm', reason: `--accel kvm (${device} opens; no guest probe)` };
  }
  if (!opens.usable) return { ...choice, selected: 'tcg', reason: opens.reason };
  const probedAt = now();
  const outcome = await probe();
  return {
    requested,
    selected: outcome.kind === 'reached' ? 'kvm' : 'tcg',
    reason: describeProbe(outcome),
    probedAt,
    probeMs: outcome.ms,
  };
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
