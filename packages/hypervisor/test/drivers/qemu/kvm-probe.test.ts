/**
 * The guest probe: the payload's bytes, QEMU's arguments, and real runs. The payload runs under
 * real QEMU with TCG, which proves it is a guest that reaches its end on any host; a payload
 * that loops for minutes under a short bound proves the bound kills QEMU and leaves nothing, also
 * when the probing process dies first. Stand-in binaries show QEMU's own error text and the kill
 * of the whole process group.
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requireTools } from '@lab/server-kit/testing';
import { afterAll, describe, expect, it } from 'vitest';
import {
  probeAccelerator,
  probeArguments,
  probeFirmware,
  PROBE_EXIT_VALUE,
  PROBE_ITERATIONS,
  PROBE_MARKER,
} from '../../../src/drivers/qemu/kvm-probe.js';
import { processGone } from '../../../src/drivers/qemu/process-info.js';
import { killQemuUnder, qemuProcessesUnder } from '../../support/qemu-processes.js';
import { until } from '../../support/until.js';

const dir = mkdtempSync(join(tmpdir(), 'hv-kvm-probe-test-'));
afterAll(async () => {
  await killQemuUnder(dir);
  rmSync(dir, { recursive: true, force: true });
});

/** An executable shell script standing in for QEMU. */
function script(name: string, body: string): string {
  const path = join(dir, name);
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, 0o755);
  return path;
}

/** The probe's temporary directories left in `root` (none, once a probe has ended). */
const leftovers = (root: string): string[] => readdirSync(root).filter((f) => f.startsWith('kvm-probe-'));

describe('probeFirmware', () => {
  const image = probeFirmware();

  it('is a 64 KiB image whose reset vector jumps to its start', () => {
    expect(image.length).toBe(0x10000);
    // jmp near rel16 from 0xFFF3 to 0x0000.
    expect([...image.subarray(0xfff0, 0xfff3)]).toEqual([0xe9, 0x0d, 0x00]);
    expect(image[0]).toBe(0xfa); // cli
  });

  it('counts the loop it is given and writes the marker', () => {
    const marker = `${PROBE_MARKER}\n`;
    expect(image.includes(Buffer.from(marker, 'latin1'))).toBe(true);
    // mov ecx, imm32 opens the 64-bit part.
    expect(image.readUInt32LE(0x101)).toBe(PROBE_ITERATIONS);
    expect(probeFirmware(7).readUInt32LE(0x101)).toBe(7);
    expect(image.includes(Buffer.from([0xb0, PROBE_EXIT_VALUE, 0xee]))).toBe(true);
  });

  it('sets the accessed bit of every GDT descriptor, which the CPU cannot write into ROM', () => {
    const descriptors = [1, 2, 3].map((i) => image.readBigUInt64LE(0x180 + i * 8));
    for (const descriptor of descriptors) expect((descriptor >> 40n) & 1n).toBe(1n);
    // The 64-bit code segment has L set and D clear.
    expect(((descriptors[2] ?? 0n) >> 53n) & 3n).toBe(1n);
  });

  it('refuses a loop count outside 1 to 2^32-1', () => {
    expect(() => probeFirmware(0)).toThrow(RangeError);
    expect(() => probeFirmware(2 ** 32)).toThrow(RangeError);
  });
});

describe('probeArguments', () => {
  it('runs the machine and CPU model VMs get, with the payload as firmware and no reboot', () => {
    const kvm = probeArguments('kvm', '/x/probe.bin');
    const value = (args: string[], flag: string) => args[args.indexOf(flag) + 1];
    expect([value(kvm, '-accel'), value(kvm, '-cpu'), value(kvm, '-machine')]).toEqual([
      'kvm',
      'host',
      'q35',
    ]);
    expect(value(kvm, '-bios')).toBe('/x/probe.bin');
    expect(value(kvm, '-serial')).toBe('stdio');
    expect(kvm).toContain('-no-reboot');
    const tcg = probeArguments('tcg', '/x/probe.bin');
    expect([value(tcg, '-accel'), value(tcg, '-cpu')]).toEqual(['tcg', 'max']);
  });
});

describe('probeAccelerator with stand-ins for QEMU', () => {
  it("answers exited with QEMU's own error lines when it ends before the marker", async () => {
    const failing = script(
      'failing-qemu',
      "echo 'qemu-system-x86_64: warning: something harmless' >&2\n" +
        "echo 'qemu-system-x86_64: kvm_init_vcpu: kvm_arch_init_vcpu failed (-22): Invalid argument' >&2\nexit 1",
    );
    const outcome = await probeAccelerator({
      binary: failing,
      accelerator: 'kvm',
      timeoutMs: 5_000,
      workDir: dir,
    });
    expect(outcome).toMatchObject({
      kind: 'exited',
      code: 1,
      signal: null,
      error: 'qemu-system-x86_64: kvm_init_vcpu: kvm_arch_init_vcpu failed (-22): Invalid argument',
    });
    expect(leftovers(dir)).toEqual([]);
  });

  it('answers exited with the reason when the binary cannot be run', async () => {
    const missing = join(dir, 'no-such-qemu');
    const outcome = await probeAccelerator({
      binary: missing,
      accelerator: 'kvm',
      timeoutMs: 5_000,
      workDir: dir,
    });
    expect(outcome).toMatchObject({
      kind: 'exited',
      code: 127,
      // coreutils quotes the name with the locale's quotation marks.
      error: expect.stringMatching(
        /^timeout: failed to run command .*no-such-qemu.*: No such file or directory$/,
      ),
    });
  });

  it('makes its working directory when missing, private, and leaves it empty', async () => {
    const workDir = join(dir, 'run', 'new');
    const done = script('done-qemu', `echo '${PROBE_MARKER}'`);
    expect(
      await probeAccelerator({ binary: done, accelerator: 'kvm', timeoutMs: 5_000, workDir }),
    ).toMatchObject({
      kind: 'reached',
    });
    expect(statSync(workDir).mode & 0o777).toBe(0o700);
    expect(readdirSync(workDir)).toEqual([]);
  });

  it('kills the whole process group when the bound passes, and waits for it', async () => {
    const childPidFile = join(dir, 'child.pid');
    // Never prints; leaves a child of its own in its process group.
    const silent = script('silent-qemu', `sleep 60 &\necho $! > '${childPidFile}'\nwait`);
    const outcome = await probeAccelerator({
      binary: silent,
      accelerator: 'kvm',
      timeoutMs: 500,
      workDir: dir,
    });
    expect(outcome).toMatchObject({ kind: 'timed_out', timeoutMs: 500, error: '' });
    expect(outcome.ms).toBeGreaterThanOrEqual(500);
    const child = Number(readFileSync(childPidFile, 'utf8'));
    expect(processGone(outcome.pid as number)).toBe(true);
    expect(processGone(child)).toBe(true);
    expect(leftovers(dir)).toEqual([]);
  });
});

const tools = requireTools(['qemu-system-x86_64']);
describe.skipIf(tools.skip)(
  `probeAccelerator on real QEMU (TCG)${tools.skip ? ` (skipped: ${tools.reason})` : ''}`,
  () => {
    it('runs the payload to its marker: long mode, the whole loop, the serial port', async () => {
      // A busy machine starts QEMU slowly; the payload itself takes about 0.1 s under TCG.
      const outcome = await probeAccelerator({
        binary: 'qemu-system-x86_64',
        accelerator: 'tcg',
        timeoutMs: 15_000,
        workDir: dir,
      });
      expect(outcome).toMatchObject({ kind: 'reached' });
      expect(outcome.ms).toBeLessThan(15_000);
      expect(processGone(outcome.pid as number)).toBe(true);
      expect(qemuProcessesUnder(dir)).toEqual([]);
      expect(leftovers(dir)).toEqual([]);
    });

    it('kills a QEMU whose guest runs on past the bound, and leaves no process', async () => {
      // 2^32-1 turns take TCG about 20 s: alive, silent, past a 1 s bound.
      const outcome = await probeAccelerator({
        binary: 'qemu-system-x86_64',
        accelerator: 'tcg',
        timeoutMs: 1_000,
        iterations: 0xffffffff,
        workDir: dir,
      });
      expect(outcome).toMatchObject({ kind: 'timed_out', timeoutMs: 1_000, error: '' });
      expect(processGone(outcome.pid as number)).toBe(true);
      expect(qemuProcessesUnder(dir)).toEqual([]);
      expect(leftovers(dir)).toEqual([]);
    });

    it('ends QEMU a second after the bound even when the process that probes dies first', async () => {
      // The compiled module (npx tsc -b), in a Node process of its own that is killed mid-probe.
      const module = new URL('../../../dist/drivers/qemu/kvm-probe.js', import.meta.url).href;
      const workDir = join(dir, 'orphan');
      const options = {
        binary: 'qemu-system-x86_64',
        accelerator: 'tcg',
        timeoutMs: 1_000,
        iterations: 0xffffffff,
        workDir,
      };
      const prober = spawn(process.execPath, [
        '--input-type=module',
        '-e',
        `const { probeAccelerator } = await import(${JSON.stringify(module)}); await probeAccelerator(${JSON.stringify(options)});`,
      ]);
      const qemu = await until('the probe QEMU', () => qemuProcessesUnder(workDir)[0], { timeoutMs: 10_000 });
      const startedAt = performance.now();
      prober.kill('SIGKILL');
      await until('QEMU to end without its prober', () => processGone(qemu.pid), { timeoutMs: 10_000 });
      // Bound 1 s plus the 1 s backstop, counted from before QEMU was seen.
      expect(performance.now() - startedAt).toBeLessThan(2_500);
    });
  },
);
