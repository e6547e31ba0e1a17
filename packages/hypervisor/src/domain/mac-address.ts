/**
 * MAC addresses of NICs. A NIC given none gets one derived from its VM's uuid and its index:
 * QEMU's prefix `52:54:00` (locally administered, unicast) and three bytes of a SHA-256 of both,
 * so a VM keeps its MAC across restarts, clones get their own, and a clash on the network is
 * stepped past by hashing again.
 */
import { createHash } from 'node:crypto';

export const MAC_PREFIX = '52:54:00';

export function deriveMac(vmUuid: string, index: number, taken: ReadonlySet<string>): string {
  for (let attempt = 0; ; attempt += 1) {
    const hash = createHash('sha256').update(`${vmUuid}/${index}/${attempt}`).digest();
    const mac = `${MAC_PREFIX}:${[...hash.subarray(0, 3)].map((b) => b.toString(16).padStart(2, '0')).join(':')}`;
    if (!taken.has(mac)) return mac;
  }
}

/** The MAC in lower case; undefined when it is not a unicast address other than zero. */
export function normalizeMac(text: string): string | undefined {
  if (!/^[0-9a-fA-F]{2}(:[0-9a-fA-F]{2}){5}$/.test(text)) return undefined;
  const mac = text.toLowerCase();
  // The lowest bit of the first octet marks a group (multicast or broadcast) address.
  if ((parseInt(mac.slice(0, 2), 16) & 1) === 1 || mac === '00:00:00:00:00:00') return undefined;
  return mac;
}
