/**
 * What Linux tells about a QEMU process through /proc: whether it is still there, its command
 * line (to recognise it after a restart of the service), its CPU time and its resident memory.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * True when `pid` no longer runs: it does not exist, or it is a zombie waiting for its parent
 * (a QEMU started by another driver of the same service process until Node reaps it).
 */
export function processGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return true;
  }
  try {
    return statFields(readFileSync(`/proc/${pid}/stat`, 'utf8'))[0] === 'Z';
  } catch {
    return true;
  }
}

/** The arguments of a running process, or null when it is gone. */
export async function processArguments(pid: number): Promise<string[] | null> {
  try {
    const raw = await readFile(`/proc/${pid}/cmdline`, 'utf8');
    return raw.split('\0').slice(0, -1);
  } catch {
    return null;
  }
}

/** The fields of /proc/<pid>/stat after the command name, which may itself hold spaces. */
function statFields(stat: string): string[] {
  return stat
    .slice(stat.lastIndexOf(')') + 2)
    .trim()
    .split(' ');
}

let clockTicks: Promise<number> | undefined;

/**
 * Clock ticks per second of /proc's CPU times (`sysconf(_SC_CLK_TCK)`), read once with getconf.
 * The kernel fixes it at 100 on x86; the fallback states that when getconf cannot run.
 */
export function clockTicksPerSecond(): Promise<number> {
  clockTicks ??= run('getconf', ['CLK_TCK']).then(
    ({ stdout }) => Number(stdout.trim()) || 100,
    () => 100,
  );
  return clockTicks;
}

export interface ProcessUsage {
  /** User plus system time of every thread, milliseconds. */
  cpuTimeMs: number;
  /** Resident set size, bytes. */
  memoryBytes: number;
}

/** CPU time (`utime + stime` of /proc/<pid>/stat) and RSS (`VmRSS` of /proc/<pid>/status). */
export async function processUsage(pid: number): Promise<ProcessUsage> {
  const [stat, status, ticks] = await Promise.all([
    readFile(`/proc/${pid}/stat`, 'utf8'),
    readFile(`/proc/${pid}/status`, 'utf8'),
    clockTicksPerSecond(),
  ]);
  const fields = statFields(stat);
  // Fields 14 and 15 of proc(5), counted from the pid; `fields` starts at field 3 (the state).
  const ticksUsed = Number(fields[11]) + Number(fields[12]);
  const rssKiB = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? 0);
  return { cpuTimeMs: (ticksUsed * 1000) / ticks, memoryBytes: rssKiB * 1024 };
}
