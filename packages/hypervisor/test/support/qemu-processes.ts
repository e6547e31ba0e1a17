/**
 * The QEMU processes a test started, found by the test's own temporary directory on their command
 * line (a VM's QMP socket and serial log, a probe's firmware), so a test kills what it started and
 * nothing of another test or engineer running QEMU on the same machine. Tests call
 * `killQemuUnder(dir)` in their last hook, which runs when a test failed or timed out too.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { processGone } from '../../src/drivers/qemu/process-info.js';
import { until } from './until.js';

interface QemuProcess {
  pid: number;
  /** Its process group: QEMU started by the driver or the probe leads one of its own. */
  pgid: number;
}

function read(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/** Running qemu-system processes with an argument that names `dir` or a path inside it. */
export function qemuProcessesUnder(dir: string): QemuProcess[] {
  const found: QemuProcess[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const args = read(`/proc/${entry}/cmdline`)?.split('\0') ?? [];
    if (!basename(args[0] ?? '').startsWith('qemu-system')) continue;
    if (!args.some((arg) => arg.includes(dir))) continue;
    const stat = read(`/proc/${entry}/stat`);
    // Fields after the command name, which may hold spaces: state, ppid, pgrp, ...
    const pgid = Number(stat?.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
    const pid = Number(entry);
    if (!processGone(pid)) found.push({ pid, pgid });
  }
  return found;
}

/**
 * SIGKILLs every QEMU under `dir` with its process group (only a group it leads: never the test
 * runner's own), waits until they are gone, and answers their pids.
 */
export async function killQemuUnder(dir: string): Promise<number[]> {
  const found = qemuProcessesUnder(dir);
  for (const { pid, pgid } of found) {
    try {
      process.kill(pgid === pid ? -pid : pid, 'SIGKILL');
    } catch {
      // gone meanwhile
    }
  }
  await until('the killed QEMU processes to end', () => found.every(({ pid }) => processGone(pid)), {
    timeoutMs: 10_000,
  });
  return found.map(({ pid }) => pid);
}
