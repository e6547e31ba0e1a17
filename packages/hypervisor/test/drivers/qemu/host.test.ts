/** The host probes: the QEMU binary on PATH, its version, and the accelerator to use. */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { expectAppErrorAsync, requireTools } from '@lab/server-kit/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { findQemu, probeKvm, qemuVersion, resolveAccelerator } from '../../../src/drivers/qemu/host.js';

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

  it('uses KVM for auto when the device opens read-write, TCG otherwise', async () => {
    expect(await resolveAccelerator('auto', usable)).toBe('kvm');
    expect(await resolveAccelerator('auto', missing)).toBe('tcg');
  });

  it('gives TCG when asked, without looking at the device', async () => {
    expect(await resolveAccelerator('tcg', missing)).toBe('tcg');
  });

  it('refuses kvm with ACCEL_UNAVAILABLE and the reason when the device does not open', async () => {
    expect(await resolveAccelerator('kvm', usable)).toBe('kvm');
    await expectAppErrorAsync(
      resolveAccelerator('kvm', missing),
      'ACCEL_UNAVAILABLE',
      `accelerator 'kvm' cannot be used on this host: ${missing} does not exist`,
    );
  });

  it('says why a device that exists does not open', () => {
    expect(probeKvm(dir)).toEqual({
      usable: false,
      reason: `${dir} cannot be opened read-write (EISDIR)`,
    });
  });
});
