/**
 * The memory the simulator's runs may hold, and what one run holds of it.
 *
 * The budget, like Qiskit Aer's `max_memory_mb` and the JVM's container-aware heap sizing:
 * - with a setting (`--max-memory` / `QCIRC_MAX_MEMORY`), exactly that many bytes;
 * - otherwise the process's memory limit, the lowest of its cgroup's limit (Node's
 *   `process.constrainedMemory()`, and cgroup v2 `memory.max` or v1 `memory.limit_in_bytes` of the
 *   process's own cgroup and its ancestors, read here in case Node's value is missing or misses a
 *   lower limit higher up) and the machine's RAM, times MEMORY_FRACTION, minus what the process
 *   already holds (its RSS) when the budget is taken.
 *
 * A run holds its state vectors (16 bytes per amplitude each), the threads it starts (each a V8
 * isolate with the engine loaded) and per-shot data (draws, outcome strings, counts); the figures
 * below were measured with RSS on Node 20 and rounded up.
 */
import { readFileSync } from 'node:fs';
import { totalmem } from 'node:os';
import { KitErrors } from '@lab/server-kit/errors';
import { formatBytes } from '../errors.js';

export const MIB = 1024 * 1024;

/** Share of the memory limit the runs may use; the rest is the service's and the runtime's. */
export const MEMORY_FRACTION = 0.8;

/** A worker thread with the engine loaded: about 40 MiB of RSS measured, rounded up. */
export const THREAD_BYTES = 48 * MIB;

/**
 * Per shot: 256 bytes (random draws, the outcome's slot, a noisy shot's errors; about 220 measured
 * at 8 bits) plus 2 bytes per classical bit (the outcome string of a shot whose bits an error flipped).
 */
export function shotBytes(clbits: number): number {
  return 256 + 2 * clbits;
}

/**
 * Extra state copies a branching run (mid-circuit measurements) may hold beyond its two: up to
 * this many bytes of them. Past it, a branch rebuilds its state from the checkpoint instead of
 * copying it, which costs time but gives the same shots.
 */
export const CLONE_BYTES = 256 * MIB;

/** The smallest `--max-memory`: one job's thread and a little room for its state and shots. */
export const MIN_MAX_MEMORY = 64 * MIB;

export type MemorySource = 'setting' | 'cgroup' | 'host';

export interface MemoryBudget {
  /** Bytes the runs may hold at once. */
  readonly bytes: number;
  /** Where the limit came from: the setting, the process's cgroup, or the machine's RAM. */
  readonly source: MemorySource;
  /** The limit itself: the setting, the cgroup's limit or the RAM. */
  readonly limitBytes: number;
}

/** What the budget is computed from; each read from the system by `readMemoryReadings`. */
export interface MemoryReadings {
  /** The machine's RAM (`os.totalmem()`). */
  readonly totalBytes: number;
  /** `process.constrainedMemory()`: 0, or a value at or above the RAM, when there is no limit. */
  readonly constrainedBytes: number | undefined;
  /** The lowest limit of the process's cgroup and its ancestors (`readCgroupMemoryLimit`). */
  readonly cgroupBytes: number | undefined;
  /** What the process holds now (RSS). */
  readonly usedBytes: number;
}

/** Reads a text file, or undefined when it cannot be read. */
export type ReadText = (path: string) => string | undefined;

const readText: ReadText = (path) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
};

/** A limit written in a cgroup file: a byte count, or undefined for `max` and v1's "no limit" (2^63 rounded to a page). */
function parseLimit(text: string | undefined): number | undefined {
  const value = text?.trim();
  if (value === undefined || !/^\d+$/.test(value)) return undefined;
  const bytes = Number(value);
  return Number.isSafeInteger(bytes) ? bytes : undefined;
}

/** mountinfo escapes spaces and the like as octal (`\040`). */
const unescapeMount = (path: string): string =>
  path.replace(/\\([0-7]{3})/g, (_, code: string) => String.fromCharCode(parseInt(code, 8)));

interface CgroupMount {
  readonly mountPoint: string;
  /** The directory of the hierarchy mounted there (`/` unless the mount shows a subtree). */
  readonly root: string;
  readonly version: 1 | 2;
}

function memoryMounts(mountinfo: string): CgroupMount[] {
  const mounts: CgroupMount[] = [];
  for (const line of mountinfo.split('\n')) {
    const [before, after] = line.split(' - ');
    if (before === undefined || after === undefined) continue;
    const fields = before.split(' ');
    const [fsType, , superOptions = ''] = after.split(' ');
    const root = unescapeMount(fields[3] ?? '/');
    const mountPoint = unescapeMount(fields[4] ?? '');
    if (fsType === 'cgroup2') mounts.push({ mountPoint, root, version: 2 });
    else if (fsType === 'cgroup' && superOptions.split(',').includes('memory'))
      mounts.push({ mountPoint, root, version: 1 });
  }
  return mounts;
}

/** The process's cgroup path in each hierarchy version (`0::/a/b` is v2, `4:memory:/a/b` is v1). */
function ownCgroups(cgroupFile: string): { v1?: string; v2?: string } {
  const own: { v1?: string; v2?: string } = {};
  for (const line of cgroupFile.split('\n')) {
    const match = /^(\d+):([^:]*):(.+)$/.exec(line.trim());
    if (match === null) continue;
    const [, id, controllers, path] = match as unknown as [string, string, string, string];
    if (id === '0' && controllers === '') own.v2 = path;
    else if (controllers.split(',').includes('memory')) own.v1 = path;
  }
  return own;
}

/** The directory of the process's own cgroup in a hierarchy that has the memory controller. */
export interface MemoryCgroup {
  readonly version: 1 | 2;
  readonly mountPoint: string;
  /** `mountPoint` and the cgroup's path below it. */
  readonly dir: string;
  /** The file holding the limit: `memory.max` (v2) or `memory.limit_in_bytes` (v1). */
  readonly limitFile: string;
}

/** The process's memory cgroups, found through `/proc/self/cgroup` and `/proc/self/mountinfo`. */
export function ownMemoryCgroups(read: ReadText = readText): MemoryCgroup[] {
  const cgroupFile = read('/proc/self/cgroup');
  const mountinfo = read('/proc/self/mountinfo');
  if (cgroupFile === undefined || mountinfo === undefined) return [];
  const own = ownCgroups(cgroupFile);
  return memoryMounts(mountinfo).flatMap(({ mountPoint, root, version }): MemoryCgroup[] => {
    const path = version === 2 ? own.v2 : own.v1;
    if (path === undefined) return [];
    // Without a cgroup namespace the path is the host's; the mount then shows the subtree at `root`.
    let relative = '/';
    if (root === '/') relative = path;
    else if (path === root || path.startsWith(`${root}/`)) relative = path.slice(root.length);
    const segments = relative.split('/').filter((s) => s !== '' && s !== '.' && s !== '..');
    const limitFile = version === 2 ? 'memory.max' : 'memory.limit_in_bytes';
    return [{ version, mountPoint, dir: [mountPoint, ...segments].join('/'), limitFile }];
  });
}

/**
 * The lowest memory limit of the process's cgroup and its ancestors, cgroup v2 (`memory.max`) or
 * v1 (`memory.limit_in_bytes`); undefined when none is set or cgroups are not visible. `read` is
 * injected by tests.
 */
export function readCgroupMemoryLimit(read: ReadText = readText): number | undefined {
  let lowest: number | undefined;
  for (const { mountPoint, dir, limitFile } of ownMemoryCgroups(read)) {
    for (let at = dir; ; at = at.slice(0, at.lastIndexOf('/'))) {
      const limit = parseLimit(read(`${at}/${limitFile}`));
      if (limit !== undefined && (lowest === undefined || limit < lowest)) lowest = limit;
      if (at.length <= mountPoint.length) break;
    }
  }
  return lowest;
}

export function readMemoryReadings(read: ReadText = readText): MemoryReadings {
  return {
    totalBytes: totalmem(),
    constrainedBytes: process.constrainedMemory(),
    cgroupBytes: readCgroupMemoryLimit(read),
    usedBytes: process.memoryUsage.rss(),
  };
}

/** The budget without a setting, from `readings` (see the top of this file). */
export function memoryBudget(readings: MemoryReadings): MemoryBudget {
  const total = readings.totalBytes;
  // A limit at or above the RAM limits nothing (v1 and Node report "none" as a huge number).
  const constraints = [readings.constrainedBytes, readings.cgroupBytes].filter(
    (v): v is number => v !== undefined && v > 0 && v < total,
  );
  const cgroup = constraints.length === 0 ? undefined : Math.min(...constraints);
  const limitBytes = cgroup ?? total;
  return {
    bytes: Math.max(0, Math.floor(limitBytes * MEMORY_FRACTION) - readings.usedBytes),
    source: cgroup === undefined ? 'host' : 'cgroup',
    limitBytes,
  };
}

/** The budget of this process as it is now, without a setting. */
export function detectMemoryBudget(): MemoryBudget {
  return memoryBudget(readMemoryReadings());
}

const UNITS = ['', 'K', 'M', 'G', 'T', 'P'] as const;

/**
 * A size as `docker run --memory` and QEMU read them: `1.5G`, `512M`, `2GiB`, `1073741824`
 * (bytes); suffixes are binary (K = 1024). The pattern is the one the settings schema checks.
 */
export const SIZE_PATTERN = '^\\d+(\\.\\d+)?\\s*([KMGTPkmgtp]i?[Bb]?|[Bb])?$';

/** Bytes of a size (see SIZE_PATTERN), rounded down; undefined when it is not one. */
export function parseSize(text: string): number | undefined {
  const trimmed = text.trim();
  if (!new RegExp(SIZE_PATTERN).test(trimmed)) return undefined;
  const match = /^([\d.]+)\s*([KMGTP]?)/i.exec(trimmed)!;
  const exponent = UNITS.indexOf(match[2]!.toUpperCase() as (typeof UNITS)[number]);
  const bytes = Math.floor(Number(match[1]) * 1024 ** exponent);
  return Number.isSafeInteger(bytes) ? bytes : undefined;
}

/**
 * The budget a `--max-memory` value gives; INVALID_CONFIG naming `field` when it is not a size or
 * is below MIN_MAX_MEMORY (the service then stops with exit code 2).
 */
export function memorySetting(text: string, field = 'maxMemory'): MemoryBudget {
  const bytes = parseSize(text);
  if (bytes !== undefined && bytes >= MIN_MAX_MEMORY) return { bytes, source: 'setting', limitBytes: bytes };
  const problem =
    bytes === undefined
      ? `'${text}' is not a size like 1.5G, 512M or 1073741824 (bytes)`
      : `${formatBytes(bytes)} is below the least a job needs, ${formatBytes(MIN_MAX_MEMORY)}`;
  const problems = [`${field} ${problem}`];
  throw KitErrors.invalidConfig({ problems }, { details: { field, problems } });
}
