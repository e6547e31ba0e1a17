/** `/proc/meminfo`: `Name:   value kB` lines; the kernel's "kB" are KiB. */
import { HvErrors } from '../../errors.js';
import { readHostFile } from './files.js';

export const MEMINFO = '/proc/meminfo';

export interface MemoryInfo {
  totalBytes: number;
  /** `MemAvailable`: the kernel's estimate of what can be allocated without swapping. */
  availableBytes: number;
}

export function parseMeminfo(text: string): MemoryInfo {
  const bytes = (name: string): number => {
    const match = new RegExp(`^${name}:\\s+(\\d+) kB$`, 'm').exec(text);
    if (match?.[1] === undefined) throw HvErrors.hostReadFailed({ path: MEMINFO, reason: `no ${name} line` });
    return Number(match[1]) * 1024;
  };
  return { totalBytes: bytes('MemTotal'), availableBytes: bytes('MemAvailable') };
}

export function readMeminfo(root = '/'): MemoryInfo {
  return parseMeminfo(readHostFile(root, MEMINFO));
}
