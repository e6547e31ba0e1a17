/**
 * The host probes: the QEMU binary on PATH, its version, and the accelerator to use, decided here on
 * each kind of host (KVM works, crashes, hangs, is absent) from injected probe outcomes.
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { expectAppErrorAsync, requireTools } from '@lab/server-kit/testing';
import { afterAll, describe, expect, it } from 'vitest';
import {
  findQemu,
  probeKvm,
  probeVerdict,
  qemuVersion,
  resolveAccelerator,
} from '../../../src/drivers/qemu/host.js';
import type { ProbeOutcome } from '../../../src/drivers/qemu/kvm-probe.js';

const dir = mkdtempSync(join(tmpdir(), 'hv-host-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** An executable script standing in for QEMU. */
function fakeQemu(folder: string, output: string): string {
  const path = join(folder, 'qemu-system-x86_64');
  writeFileSync(path, `#!/bin/sh\nprintf '%s\\n' '${output}'\n`);
  chmodSync(path, 0o755);
  return path;
}

describe('findQemu', () => {
  it('finds the first qemu-system-x86_64 on PATH, and null when there is none', () => {
    const empty = mkdtempSync(join(dir, 'empty-'));
    const bin = mkdtempSync(join(dir, 'bin-'));
    const qemu = fakeQemu(bin, 'QEMU emulator version 9.1.0');
    expect(findQemu(['', empty, bin].join(delimiter))).toBe(qemu);
    expect(findQemu(empty)).toBeNull();
  });
});

describe('qemuVersion', () => {
  it('reads the version from the first line of --version', async () => {
    const bin = mkdtempSync(join(dir, 'bin-'));
    expect(await qemuVersion(fakeQemu(bin, 'QEMU emulator version 9.1.0 (Debian 1:9.1+dfsg-1)'))).toBe(
      '9.1.0',
    );
  });

  it('fails with TOOL_FAILED on output it cannot read, or a binary that does not run', async () => {
    const bin = mkdtempSync(join(dir, 'bin-'));
    await expectAppErrorAsync(
      qemuVersion(fakeQemu(bin, 'something else')),
      'TOOL_FAILED',
      'unexpected --version output',
    );
    await expectAppErrorAsync(qemuVersion(join(dir, 'nowhere', 'qemu')), 'TOOL_FAILED', 'ENOENT');
  });

  const gate = requireTools(['qemu-system-x86_64']);
  it.skipIf(gate.skip)(
    `reads the installed QEMU's version${gate.skip ? ` (skipped: ${gate.reason})` : ''}`,
    async () => {
      expect(await qemuVersion(findQemu() ?? 'qemu-system-x86_64')).toMatch(/^\d+\.\d+\.\d+$/);
    },
  );
});

describe('resolveAccelerator', () => {
  // A regular file opens read-write like a usable /dev/kvm; a missing path is a host without KVM.
  const usable = join(dir, 'kvm');
  writeFileSync(usable, '');
  const missing = join(dir, 'no-kvm');
  const at = new Date('2025-01-02T03:04:05.000Z');
  const on = (device: string) => ({ device, now: () => at });
  /** A probe that answers `outcome` and counts its runs. */
  const probe = (outcome: ProbeOutcome) => {
    const run = Object.assign(async () => (run.calls++, outcome), { calls: 0 });
    return run;
  };
  const notRun = () => probe({ kind: 'reached', pid: 1, ms: 1 });
  const HANG = `KVM guest did not reach the probe's end (long mode, 16777216 loop turns, HV-KVM-PROBE-DONE on the serial port) within 5 s`;

  it('uses KVM for auto when the device opens and the probe guest reaches its end', async () => {
    const works = probe({ kind: 'reached', pid: 10, ms: 140 });
    expect(await resolveAccelerator('auto', works, on(usable))).toEqual({
      requested: 'auto',
      selected: 'kvm',
      reason: "a KVM guest reached the probe's end in 140 ms",
      probedAt: at,
      probeMs: 140,
    });
    expect(works.calls).toBe(1);
  });

  it("falls back to TCG with QEMU's own text when QEMU with KVM exits or stops the guest on an error", async () => {
    const exits = probe({
      kind: 'exited',
      pid: 10,
      ms: 80,
      code: 1,
      signal: null,
      error: 'qemu-system-x86_64: kvm_init_vcpu: kvm_arch_init_vcpu failed (-22): Invalid argument',
    });
    expect(await resolveAccelerator('auto', exits, on(usable))).toEqual({
      requested: 'auto',
      selected: 'tcg',
      reason:
        "QEMU with KVM exited with code 1 before the guest reached the probe's end: " +
        'qemu-system-x86_64: kvm_init_vcpu: kvm_arch_init_vcpu failed (-22): Invalid argument',
      probedAt: at,
      probeMs: 80,
    });
    const killed = probe({ kind: 'exited', pid: 10, ms: 90, code: null, signal: 'SIGSEGV', error: '' });
    expect((await resolveAccelerator('auto', killed, on(usable))).reason).toBe(
      "QEMU with KVM was killed by SIGSEGV before the guest reached the probe's end",
    );
    // QEMU 7.2 stops a guest on a KVM internal error and stays alive: the bound ends it, with its text.
    const stopped = probe({
      kind: 'timed_out',
      pid: 10,
      ms: 5001,
      timeoutMs: 5000,
      error: 'KVM internal error. Suberror: 1\nemulation failure',
    });
    expect(await resolveAccelerator('auto', stopped, on(usable))).toMatchObject({
      selected: 'tcg',
      reason: `${HANG}: KVM internal error. Suberror: 1\nemulation failure`,
      probeMs: 5001,
    });
  });

  it('falls back to TCG when the probe guest runs on without reaching its end', async () => {
    const hangs = probe({ kind: 'timed_out', pid: 10, ms: 5002, timeoutMs: 5000, error: '' });
    expect(await resolveAccelerator('auto', hangs, on(usable))).toEqual({
      requested: 'auto',
      selected: 'tcg',
      reason: HANG,
      probedAt: at,
      probeMs: 5002,
    });
  });

  it('uses TCG for auto without a probe when the device does not open', async () => {
    const unused = notRun();
    expect(await resolveAccelerator('auto', unused, on(missing))).toEqual({
      requested: 'auto',
      selected: 'tcg',
      reason: `${missing} does not exist`,
      probedAt: null,
      probeMs: null,
    });
    expect(unused.calls).toBe(0);
  });

  it('gives TCG when asked, without looking at the device or probing', async () => {
    const unused = notRun();
    expect(await resolveAccelerator('tcg', unused, on(missing))).toEqual({
      requested: 'tcg',
      selected: 'tcg',
      reason: '--accel tcg',
      probedAt: null,
      probeMs: null,
    });
    expect(unused.calls).toBe(0);
  });

  it('takes kvm when asked and the device opens, unprobed; ACCEL_UNAVAILABLE with the reason otherwise', async () => {
    const unused = notRun();
    expect(await resolveAccelerator('kvm', unused, on(usable))).toEqual({
      requested: 'kvm',
      selected: 'kvm',
      reason: `--accel kvm (${usable} opens; no guest probe)`,
      probedAt: null,
      probeMs: null,
    });
    await expectAppErrorAsync(
      resolveAccelerator('kvm', unused, on(missing)),
      'ACCEL_UNAVAILABLE',
      `accelerator 'kvm' cannot be used on this host: ${missing} does not exist`,
    );
    expect(unused.calls).toBe(0);
  });

  it('says why a device that exists does not open', () => {
    expect(probeKvm(dir)).toEqual({
      usable: false,
      reason: `${dir} cannot be opened read-write (EISDIR)`,
    });
  });
});

describe('probeVerdict', () => {
  it('tells a KVM that works from one that crashes and one that hangs', () => {
    expect(probeVerdict({ kind: 'reached', pid: 1, ms: 100 })).toBe('works');
    expect(probeVerdict({ kind: 'exited', pid: 1, ms: 100, code: 1, signal: null, error: '' })).toBe(
      'crashes',
    );
    expect(
      probeVerdict({ kind: 'timed_out', pid: 1, ms: 100, timeoutMs: 100, error: 'emulation failure' }),
    ).toBe('crashes');
    expect(probeVerdict({ kind: 'timed_out', pid: 1, ms: 100, timeoutMs: 100, error: '' })).toBe('hangs');
  });
});
