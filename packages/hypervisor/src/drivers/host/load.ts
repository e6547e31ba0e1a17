/** How long the host has been up (`/proc/uptime`) and how loaded it is (`/proc/loadavg`). */
import { HvErrors } from '../../errors.js';
import { readHostFile } from './files.js';

export const LOADAVG = '/proc/loadavg';
export const UPTIME = '/proc/uptime';

/** Runnable and uninterruptible tasks averaged over 1, 5 and 15 minutes. */
export interface LoadAverage {
  one: number;
  five: number;
  fifteen: number;
}

/** `0.30 0.70 1.06 1/81 1942`: the first three fields. */
export function parseLoadavg(text: string): LoadAverage {
  const match = /^([\d.]+) ([\d.]+) ([\d.]+)\s/.exec(text);
  if (match === null) {
    throw HvErrors.hostReadFailed({ path: LOADAVG, reason: `unexpected content '${text.trim()}'` });
  }
  return { one: Number(match[1]), five: Number(match[2]), fifteen: Number(match[3]) };
}

/** `10256.42 12234.51`: seconds since boot (the second field is idle time summed over CPUs). */
export function parseUptime(text: string): number {
  const match = /^([\d.]+)\s/.exec(text);
  if (match === null) {
    throw HvErrors.hostReadFailed({ path: UPTIME, reason: `unexpected content '${text.trim()}'` });
  }
  return Number(match[1]);
}

export function readLoad(root = '/'): { loadAverage: LoadAverage; uptimeSeconds: number } {
  return {
    loadAverage: parseLoadavg(readHostFile(root, LOADAVG)),
    uptimeSeconds: parseUptime(readHostFile(root, UPTIME)),
  };
}
