/**
 * The tiny Linux guest the tests boot under QEMU, built by scripts/build-test-guest.mjs (Debian's
 * kernel and a busybox initramfs) into packages/hypervisor/.cache/test-guest/ the first time.
 * Its /init prints `marker` on the serial console and powers off on the ACPI power button; with
 * one of `actions` on its command line it panics, powers itself off, or prints `tick` and a
 * counter every second (`HV-TEST-GUEST-TICK 1`, `... 2`), right after the marker; with `net.word`
 * it also takes a DHCP lease and serves HTTP (see `net`).
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServiceProcess, ServiceProcessOptions } from '@lab/server-kit/testing';
import { serveHypervisor } from './serve.js';
import { promisify } from 'node:util';

const run = promisify(execFile);
const SCRIPT = fileURLToPath(new URL('../../scripts/build-test-guest.mjs', import.meta.url));

export interface TestGuest {
  /** The directory holding the kernel and the initramfs (a boot directory for the service). */
  dir: string;
  kernel: string;
  initrd: string;
  cmdline: string;
  marker: string;
  /** Command-line words for what the guest does on its own after the marker. */
  actions: { panic: string; powerOff: string; tick: string };
  /** What each line the `tick` action prints starts with, before its counter. */
  tick: string;
  /**
   * Networking, on with `word` on the command line: the guest takes a DHCP lease on eth0 (sending
   * the hostname given as `hostnameWord` + NAME), prints `address` and its IPv4 address (or
   * `address FAILED`), `gateway` and `ok` or `fail` once it pinged its gateway, and serves
   * `http`, its hostname and address over HTTP on port 80.
   */
  net: { word: string; hostnameWord: string; address: string; gateway: string; http: string };
}

let built: Promise<TestGuest> | undefined;

/** The guest, built when missing (once per test process); rejects with the build's own error. */
export function testGuest(): Promise<TestGuest> {
  built ??= run(process.execPath, [SCRIPT, '--json'], { timeout: 10 * 60_000, maxBuffer: 1 << 20 }).then(
    ({ stdout }) => JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as TestGuest,
    (error: Error & { stderr?: string }) => {
      throw new Error(`the test guest cannot be built: ${error.stderr?.trim() || error.message}`, {
        cause: error,
      });
    },
  );
  return built;
}

export type GuestGate = { skip: true; reason: string } | { skip: false; reason: ''; guest: TestGuest };

/**
 * Like `requireTools`: the guest, or locally a reason to skip when it cannot be built; with
 * `CI=true` the build's failure is thrown, so CI never passes by skipping the real boot.
 */
export async function requireTestGuest(env = process.env): Promise<GuestGate> {
  try {
    return { skip: false, reason: '', guest: await testGuest() };
  } catch (error) {
    if (env.CI === 'true') throw error;
    return { skip: true, reason: (error as Error).message };
  }
}

/**
 * `hvctl serve` with the QEMU driver under TCG over `dir` (`dir/data`, `dir/run`), whose boot
 * directory is the guest's, so VMs name its kernel and initramfs by their file names.
 */
export function serveQemu(
  dir: string,
  guest: TestGuest,
  extra: readonly string[] = [],
  options: ServiceProcessOptions = {},
): Promise<ServiceProcess> {
  return serveHypervisor(
    dir,
    ['--boot-dir', guest.dir, '--driver', 'qemu', '--accel', 'tcg', ...extra],
    options,
  );
}

/** A VM's serial log in the run directory of the service running it ('' before QEMU writes one). */
export function serialLog(runDir: string, vm = 'tiny'): string {
  const file = join(runDir, 'vms', vm, 'serial.log');
  return existsSync(file) ? readFileSync(file, 'latin1') : '';
}

/** The counters of the `tick` lines the guest printed on that serial log, in order. */
export function guestTicks(guest: TestGuest, runDir: string, vm = 'tiny'): number[] {
  return [...serialLog(runDir, vm).matchAll(new RegExp(`${guest.tick} (\\d+)`, 'g'))].map((m) =>
    Number(m[1]),
  );
}
