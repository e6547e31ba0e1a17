/**
 * Whether the kernel driver can work here: root or CAP_NET_ADMIN (bit 12 of CapEff in
 * /proc/self/status), and ip, nft and dnsmasq on PATH. The reason names exactly what is missing.
 */
import { readFileSync } from 'node:fs';
import { findExecutable } from '@lab/server-kit';
import type { NetworkAvailability } from '../network-driver.js';

const CAP_NET_ADMIN = 12n;
export const NETWORK_TOOLS = [
  { command: 'ip', pkg: 'iproute2' },
  { command: 'nft', pkg: 'nftables' },
  { command: 'dnsmasq', pkg: 'dnsmasq-base' },
] as const;

/** CapEff from a /proc/<pid>/status text has CAP_NET_ADMIN. */
export function hasNetAdmin(status: string): boolean {
  const match = /^CapEff:\s*([0-9a-f]+)$/m.exec(status);
  return match !== null && ((BigInt(`0x${match[1]}`) >> CAP_NET_ADMIN) & 1n) === 1n;
}

export function networkAvailability(
  env: { uid: number; status: string; path: string } = {
    uid: process.getuid?.() ?? -1,
    status: readFileSync('/proc/self/status', 'utf8'),
    path: process.env.PATH ?? '',
  },
): NetworkAvailability {
  const missing: string[] = [];
  if (env.uid !== 0 && !hasNetAdmin(env.status)) {
    missing.push('the service runs neither as root nor with CAP_NET_ADMIN');
  }
  const tools = NETWORK_TOOLS.filter((tool) => findExecutable(tool.command, env.path) === null);
  if (tools.length > 0) {
    missing.push(`not on PATH: ${tools.map((t) => `${t.command} (Debian package ${t.pkg})`).join(', ')}`);
  }
  return missing.length === 0 ? { available: true } : { available: false, reason: missing.join('; ') };
}
