/**
 * Host CPU use from `/proc/stat`: its first line sums every CPU's time by state, in clock ticks
 * since boot. Use is the change of those counters between two samples, so a sampler keeps the
 * previous one: a request within 10 s of the last is answered over the time since then, any
 * other takes two samples 200 ms apart.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { HvErrors } from '../../errors.js';
import { readHostFile } from './files.js';

export const PROC_STAT = '/proc/stat';
/** A previous sample younger than this spans too few ticks (100 a second per CPU) to be exact. */
export const CPU_MIN_INTERVAL_MS = 100;
/** A previous sample older than this would average over minutes, not say what happens now. */
export const CPU_MAX_AGE_MS = 10_000;
/** The spacing of a fresh pair of samples. */
export const CPU_FRESH_INTERVAL_MS = 200;

/** Ticks by state; `guest` and `guest_nice` are left out, as the kernel counts them in user and nice. */
export interface CpuTimes {
  user: number;
  nice: number;
  system: number;
  idle: number;
  iowait: number;
  irq: number;
  softirq: number;
  steal: number;
}

const STATES = ['user', 'nice', 'system', 'idle', 'iowait', 'irq', 'softirq', 'steal'] as const;

export function parseProcStat(text: string): CpuTimes {
  const line = /^cpu\s+([\d\s]+)$/m.exec(text)?.[1]?.trim().split(/\s+/).map(Number);
  // Kernels since 2.6.11 list at least these eight fields.
  if (line === undefined || line.length < STATES.length) {
    throw HvErrors.hostReadFailed({ path: PROC_STAT, reason: 'no aggregate cpu line' });
  }
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = line;
  return { user, nice, system, idle, iowait, irq, softirq, steal };
}

/** Percent of all CPUs' time over the interval, each rounded to 0.1; `percent` is busy time. */
export interface CpuUsage {
  percent: number;
  /** user and nice */
  user: number;
  /** system, irq and softirq */
  system: number;
  iowait: number;
  /** time the hypervisor under this host gave to others */
  steal: number;
  idle: number;
}

const round1 = (value: number): number => Math.round(value * 10) / 10;

export function cpuUsage(before: CpuTimes, after: CpuTimes): CpuUsage {
  // Per-CPU iowait can step backwards on some kernels; a negative change counts as none.
  const delta = (state: keyof CpuTimes): number => Math.max(0, after[state] - before[state]);
  const total = STATES.reduce((sum, state) => sum + delta(state), 0);
  const share = (ticks: number): number => (total === 0 ? 0 : (ticks / total) * 100);
  const user = share(delta('user') + delta('nice'));
  const system = share(delta('system') + delta('irq') + delta('softirq'));
  const steal = share(delta('steal'));
  return {
    percent: round1(user + system + steal),
    user: round1(user),
    system: round1(system),
    iowait: round1(share(delta('iowait'))),
    steal: round1(steal),
    idle: round1(total === 0 ? 100 : share(delta('idle'))),
  };
}

export interface CpuSampler {
  usage(): Promise<CpuUsage & { intervalMs: number }>;
}

export function createCpuSampler(
  options: { root?: string; now?: () => number; sleep?: (ms: number) => Promise<unknown> } = {},
): CpuSampler {
  const { root = '/', now = Date.now, sleep = delay } = options;
  const sample = () => ({ atMs: now(), times: parseProcStat(readHostFile(root, PROC_STAT)) });
  let last: ReturnType<typeof sample> | undefined;
  return {
    async usage() {
      let previous = last;
      let current = sample();
      const age = previous === undefined ? Infinity : current.atMs - previous.atMs;
      if (previous === undefined || age < CPU_MIN_INTERVAL_MS || age > CPU_MAX_AGE_MS) {
        previous = current;
        await sleep(CPU_FRESH_INTERVAL_MS);
        current = sample();
      }
      last = current;
      return { ...cpuUsage(previous.times, current.times), intervalMs: current.atMs - previous.atMs };
    },
  };
}
