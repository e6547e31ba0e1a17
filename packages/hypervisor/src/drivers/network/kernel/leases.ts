/**
 * dnsmasq's lease files: parsed (`<expiry epoch> <mac> <ip> <hostname|*> <client id|*>` a line,
 * expiry 0 for an infinite lease) and watched. The watcher polls each file's modification time
 * (dnsmasq rewrites the file whole, which fs.watch reports unreliably across renames) and reports
 * what appeared and what went since the last look; a lease past its expiry counts as gone.
 */
import { readFile, stat } from 'node:fs/promises';
import type { Lease } from '../network-driver.js';

export function parseLeases(text: string): Lease[] {
  const leases: Lease[] = [];
  for (const line of text.split('\n')) {
    const fields = line.trim().split(/\s+/);
    if (fields.length < 4) continue;
    const [expiry, mac, ip, hostname] = fields as [string, string, string, string];
    if (ip.includes(':')) continue;
    const seconds = Number(expiry);
    if (!Number.isFinite(seconds)) continue;
    leases.push({
      mac: mac.toLowerCase(),
      ip,
      hostname: hostname === '*' ? null : hostname,
      expiresAt: seconds === 0 ? null : new Date(seconds * 1000).toISOString(),
    });
  }
  return leases;
}

/** The leases in the file that have not expired by `now`; none when there is no file yet. */
export async function readLeases(path: string, now = Date.now()): Promise<Lease[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    return [];
  }
  return parseLeases(text).filter((lease) => lease.expiresAt === null || Date.parse(lease.expiresAt) > now);
}

const leaseKey = (lease: Lease): string => `${lease.mac} ${lease.ip}`;

/** The leases added and gone between two readings (a renewed lease is neither). */
export function diffLeases(
  before: readonly Lease[],
  after: readonly Lease[],
): { added: Lease[]; expired: Lease[] } {
  const had = new Set(before.map(leaseKey));
  const has = new Set(after.map(leaseKey));
  return {
    added: after.filter((lease) => !had.has(leaseKey(lease))),
    expired: before.filter((lease) => !has.has(leaseKey(lease))),
  };
}

export const LEASE_POLL_MS = 1_000;

export interface LeaseWatcher {
  /** Starts (or keeps) watching a network's lease file; the leases there now are the baseline. */
  watch(network: string, path: string): Promise<void>;
  unwatch(network: string): void;
  close(): void;
}

export function createLeaseWatcher(
  onChange: (network: string, change: 'added' | 'expired', lease: Lease) => void,
  intervalMs = LEASE_POLL_MS,
): LeaseWatcher {
  const watched = new Map<string, { path: string; leases: Lease[]; mtimeMs: number }>();
  let polling = false;
  const poll = async (): Promise<void> => {
    if (polling) return;
    polling = true;
    try {
      for (const [network, entry] of watched) {
        const mtimeMs = await stat(entry.path).then(
          (s) => s.mtimeMs,
          () => 0,
        );
        const expiredByTime = entry.leases.some(
          (l) => l.expiresAt !== null && Date.parse(l.expiresAt) <= Date.now(),
        );
        if (mtimeMs === entry.mtimeMs && !expiredByTime) continue;
        const leases = await readLeases(entry.path);
        if (watched.get(network) !== entry) continue;
        const { added, expired } = diffLeases(entry.leases, leases);
        entry.leases = leases;
        entry.mtimeMs = mtimeMs;
        for (const lease of added) onChange(network, 'added', lease);
        for (const lease of expired) onChange(network, 'expired', lease);
      }
    } finally {
      polling = false;
    }
  };
  const timer = setInterval(() => void poll(), intervalMs);
  timer.unref();
  return {
    async watch(network, path) {
      if (watched.get(network)?.path === path) return;
      const mtimeMs = await stat(path).then(
        (s) => s.mtimeMs,
        () => 0,
      );
      watched.set(network, { path, leases: await readLeases(path), mtimeMs });
    },
    unwatch(network) {
      watched.delete(network);
    },
    close() {
      clearInterval(timer);
      watched.clear();
    },
  };
}
