/**
 * The guest probe: proof that QEMU can run a guest with an accelerator, where `/dev/kvm` opening
 * proves only that the device is there. Under nested KVM on some hosts the device opens and a
 * guest then crashes, or runs so slowly that it never boots (measured on such an Intel host: 3.4 µs
 * a turn of a two-instruction loop, 750 times TCG's 4.5 ns; a Linux guest printed nothing in 20 s
 * while QEMU stayed alive).
 *
 * The payload is a 64 KiB firmware image made here, with no disk and no kernel. From the reset
 * vector it does what every x86-64 kernel does on its way up: loads a GDT, enters 32-bit protected
 * mode, builds identity-mapped page tables, turns on PAE, long mode and paging, and enters 64-bit
 * code. There it counts down a loop of `PROBE_ITERATIONS` (milliseconds under working KVM, 75 ms
 * under TCG, a minute on the host above), writes `PROBE_MARKER` to the first serial port and ends
 * QEMU through the isa-debug-exit device. The probe's end is that marker on QEMU's standard output.
 *
 * QEMU runs in a process group of its own; when the bound passes first, the whole group is killed
 * and waited for, so a probe never leaves a process behind. Should the service itself die during
 * the probe (a SIGKILL, a signal before its handlers are installed), coreutils' `timeout`, which
 * QEMU runs under, kills QEMU a second after the bound: a hung guest does not spin on without end.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { cpuModel } from './command-line.js';
import { errorLines } from './run-files.js';

/** What the payload writes to COM1 once it has run its loop in long mode. */
export const PROBE_MARKER = 'HV-KVM-PROBE-DONE';
/** 2^24 turns of `dec ecx; jnz`: a blink for a working accelerator, a minute for a crawling one. */
export const PROBE_ITERATIONS = 2 ** 24;
/** What the payload writes to isa-debug-exit; QEMU exits with status (value << 1) | 1 = 99. */
export const PROBE_EXIT_VALUE = 0x31;

/** After SIGKILL to the group, before giving up on seeing QEMU end. */
const KILL_WAIT_MS = 5_000;
/** How long after the bound `timeout` kills QEMU, when the service is no longer there to. */
const BACKSTOP_MS = 1_000;
/** QEMU's standard error kept for the reason; a KVM register dump is about 3 KB. */
const MAX_STDERR = 16 * 1024;

const IMAGE_SIZE = 0x10000;
/** A PC maps the last 64 KiB of its firmware both below 4 GiB and at 0xF0000, below 1 MiB. */
const LOW_BASE = 0xf0000;
const HLT = 0xf4;
const COM1 = 0x3f8;
const DEBUG_EXIT_PORT = 0xf4;
const EFER_MSR = 0xc0000080;
/** Page tables: PML4 at 0x1000, PDPT at 0x2000, a page directory at 0x3000 (RAM is below 16M). */
const PML4 = 0x1000;
const PDPT = 0x2000;
const PD = 0x3000;
/** Where each part of the image starts (offsets into the image; asserted not to overlap). */
const LAYOUT = { real16: 0x000, prot32: 0x040, long64: 0x100, gdt: 0x180, gdtr: 0x1a0, marker: 0x1c0 };
const RESET_VECTOR = 0xfff0;
/** GDT selectors: 32-bit code, data, 64-bit code. */
const CODE32 = 0x08;
const DATA = 0x10;
const CODE64 = 0x18;
/**
 * Flat 4 GiB descriptors with the accessed bit already set: the CPU would otherwise write it into
 * the GDT, which lies in ROM, and KVM cannot complete that write (the far jump then repeats forever).
 */
const GDT = [0n, 0x00cf9b000000ffffn, 0x00cf93000000ffffn, 0x00af9b000000ffffn];

const u16 = (value: number): number[] => [value & 0xff, (value >>> 8) & 0xff];
const u32 = (value: number): number[] => [...u16(value & 0xffff), ...u16(value >>> 16)];

/** The firmware image: x86 machine code, hand-assembled, with each instruction's assembly beside it. */
export function probeFirmware(iterations = PROBE_ITERATIONS): Buffer {
  if (!Number.isInteger(iterations) || iterations < 1 || iterations > 0xffffffff) {
    throw new RangeError(`iterations must be an integer from 1 to 2^32-1, not ${iterations}`);
  }
  const marker = Buffer.from(`${PROBE_MARKER}\n`, 'latin1');
  const low = (offset: number): number => LOW_BASE + offset;
  const real16 = [
    [0xfa], // cli
    [0xea, ...u16(LAYOUT.real16 + 6), ...u16(0xf000)], // jmp 0xf000:next (CS base 0xF0000 from here)
    [0x2e, 0x66, 0x0f, 0x01, 0x16, ...u16(LAYOUT.gdtr)], // lgdt dword cs:[gdtr]
    [0x0f, 0x20, 0xc0], // mov eax, cr0
    [0x66, 0x83, 0xc8, 0x01], // or eax, 1 (PE)
    [0x0f, 0x22, 0xc0], // mov cr0, eax
    [0x66, 0xea, ...u32(low(LAYOUT.prot32)), ...u16(CODE32)], // jmp dword CODE32:prot32
  ];
  const prot32 = [
    [0x66, 0xb8, ...u16(DATA)], // mov ax, DATA
    [0x8e, 0xd8], // mov ds, ax
    [0x8e, 0xc0], // mov es, ax
    [0x8e, 0xd0], // mov ss, ax
    [0xbf, ...u32(PML4)], // mov edi, PML4
    [0x31, 0xc0], // xor eax, eax
    [0xb9, ...u32((3 * 4096) / 4)], // mov ecx, three pages in dwords
    [0xf3, 0xab], // rep stosd
    [0xc7, 0x05, ...u32(PML4), ...u32(PDPT | 0x3)], // mov dword [PML4], PDPT | present | writable
    [0xc7, 0x05, ...u32(PDPT), ...u32(PD | 0x3)], // mov dword [PDPT], PD | present | writable
    [0xc7, 0x05, ...u32(PD), ...u32(0x83)], // mov dword [PD], 0 | present | writable | 2 MiB page
    [0x0f, 0x20, 0xe0], // mov eax, cr4
    [0x83, 0xc8, 0x20], // or eax, 0x20 (PAE)
    [0x0f, 0x22, 0xe0], // mov cr4, eax
    [0xb8, ...u32(PML4)], // mov eax, PML4
    [0x0f, 0x22, 0xd8], // mov cr3, eax
    [0xb9, ...u32(EFER_MSR)], // mov ecx, EFER
    [0x0f, 0x32], // rdmsr
    [0x0d, ...u32(0x100)], // or eax, 0x100 (LME)
    [0x0f, 0x30], // wrmsr
    [0x0f, 0x20, 0xc0], // mov eax, cr0
    [0x0d, ...u32(0x80000000)], // or eax, 0x80000000 (PG): long mode is active
    [0x0f, 0x22, 0xc0], // mov cr0, eax
    [0xea, ...u32(low(LAYOUT.long64)), ...u16(CODE64)], // jmp CODE64:long64
  ];
  const long64 = [
    [0xb9, ...u32(iterations)], // mov ecx, iterations
    [0xff, 0xc9], // loop: dec ecx
    [0x75, 0xfc], // jnz loop
    [0x66, 0xba, ...u16(COM1)], // mov dx, COM1
    [0xbe, ...u32(low(LAYOUT.marker))], // mov esi, marker
    [0xb9, ...u32(marker.length)], // mov ecx, marker length
    [0xf3, 0x6e], // rep outsb
    [0x66, 0xba, ...u16(DEBUG_EXIT_PORT)], // mov dx, isa-debug-exit
    [0xb0, PROBE_EXIT_VALUE], // mov al, value
    [0xee], // out dx, al: QEMU exits here
    [HLT], // halt: hlt
    [0xeb, 0xfd], // jmp halt
  ];
  const gdtr = [...u16(GDT.length * 8 - 1), ...u32(low(LAYOUT.gdt))];
  const gdt = Buffer.alloc(GDT.length * 8);
  GDT.forEach((descriptor, index) => gdt.writeBigUInt64LE(descriptor, index * 8));

  const image = Buffer.alloc(IMAGE_SIZE, HLT);
  const parts: [number, Uint8Array][] = [
    [LAYOUT.real16, Uint8Array.from(real16.flat())],
    [LAYOUT.prot32, Uint8Array.from(prot32.flat())],
    [LAYOUT.long64, Uint8Array.from(long64.flat())],
    [LAYOUT.gdt, gdt],
    [LAYOUT.gdtr, Uint8Array.from(gdtr)],
    [LAYOUT.marker, marker],
    // The reset vector (0xFFFF0, CS base 0xFFFF0000): jmp near to offset 0 of the image.
    [RESET_VECTOR, Uint8Array.from([0xe9, ...u16((LAYOUT.real16 - (RESET_VECTOR + 3)) & 0xffff)])],
  ];
  parts.forEach(([offset, bytes], index) => {
    const next = parts[index + 1]?.[0] ?? IMAGE_SIZE;
    if (offset + bytes.length > next) throw new Error(`probe firmware part at ${offset} overruns ${next}`);
    image.set(bytes, offset);
  });
  return image;
}

/** QEMU's arguments for the probe: the machine and CPU model VMs get, the payload as firmware. */
export function probeArguments(accelerator: 'kvm' | 'tcg', firmware: string): string[] {
  return [
    '-nodefaults',
    '-no-user-config',
    '-display',
    'none',
    '-machine',
    'q35',
    '-accel',
    accelerator,
    '-cpu',
    cpuModel(accelerator),
    '-m',
    '16M',
    '-bios',
    firmware,
    '-serial',
    'stdio',
    '-device',
    `isa-debug-exit,iobase=0x${DEBUG_EXIT_PORT.toString(16)},iosize=0x04`,
    // A payload that faults three times resets the machine: end QEMU instead of booting it again.
    '-no-reboot',
  ];
}

/** How a probe ended; `ms` counts from the spawn, `pid` led the probe's process group. */
export type ProbeOutcome =
  | { kind: 'reached'; pid: number; ms: number }
  /** QEMU ended (or could not be run) before the marker; `error` is its own text. */
  | {
      kind: 'exited';
      pid: number | null;
      ms: number;
      code: number | null;
      signal: string | null;
      error: string;
    }
  /** The bound passed first and QEMU was killed; `error` is what it wrote to standard error, maybe nothing. */
  | { kind: 'timed_out'; pid: number; ms: number; timeoutMs: number; error: string };

export interface ProbeOptions {
  binary: string;
  accelerator: 'kvm' | 'tcg';
  timeoutMs: number;
  iterations?: number;
  /** Where the payload's temporary directory is made (the service's run directory), created if missing. */
  workDir: string;
}

/** Runs the payload once under QEMU with `accelerator`, within `timeoutMs`. */
export async function probeAccelerator(options: ProbeOptions): Promise<ProbeOutcome> {
  await mkdir(options.workDir, { recursive: true, mode: 0o700 });
  const dir = await mkdtemp(join(options.workDir, 'kvm-probe-'));
  try {
    const firmware = join(dir, 'probe.bin');
    await writeFile(firmware, probeFirmware(options.iterations), { mode: 0o600 });
    return await runProbe(options.binary, probeArguments(options.accelerator, firmware), options.timeoutMs);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function runProbe(binary: string, args: string[], timeoutMs: number): Promise<ProbeOutcome> {
  const started = performance.now();
  const elapsed = (): number => Math.round(performance.now() - started);
  const backstop = ['--signal=KILL', `${(timeoutMs + BACKSTOP_MS) / 1000}s`, binary, ...args];
  // detached: a process group of its own (timeout and QEMU), so the kill reaches both.
  const child = spawn('timeout', backstop, { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const pid = child.pid ?? null;
  let stdout = '';
  let stderr = '';
  let reachedAt: number | null = null;
  let timedOutAt: number | null = null;
  let closed = false;

  return new Promise<ProbeOutcome>((resolve) => {
    const killGroup = (): void => {
      if (closed || pid === null) return;
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // the group is gone already
      }
    };
    const timer = setTimeout(() => {
      timedOutAt = elapsed();
      killGroup();
      // A QEMU that survives SIGKILL (stuck in the kernel) is not waited for without end.
      setTimeout(() => settle(null, 'SIGKILL'), KILL_WAIT_MS).unref();
    }, timeoutMs);

    child.stdout.setEncoding('latin1').on('data', (chunk: string) => {
      // Only the marker matters; keep enough of the tail to find it across chunk borders.
      stdout = (stdout + chunk).slice(-4 * PROBE_MARKER.length);
      if (reachedAt === null && stdout.includes(PROBE_MARKER)) {
        reachedAt = elapsed();
        // The payload ends QEMU itself right after the marker; the kill makes sure of it.
        killGroup();
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      if (stderr.length < MAX_STDERR) stderr += chunk.slice(0, MAX_STDERR - stderr.length);
    });

    let settled = false;
    const settle = (code: number | null, signal: string | null, failure?: Error): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const error = failure?.message ?? errorLines(stderr);
      if (reachedAt !== null) resolve({ kind: 'reached', pid: pid ?? 0, ms: reachedAt });
      else if (timedOutAt !== null)
        resolve({ kind: 'timed_out', pid: pid ?? 0, ms: timedOutAt, timeoutMs, error });
      else resolve({ kind: 'exited', pid, ms: elapsed(), code, signal, error });
    };
    // close: the process has ended and its output is read to the end.
    child.once('close', (code, signal) => {
      closed = true;
      settle(code, signal);
    });
    child.once('error', (error) => {
      closed = true;
      settle(null, null, error);
    });
  });
}
