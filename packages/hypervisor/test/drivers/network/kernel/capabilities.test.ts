import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasNetAdmin, networkAvailability } from '../../../../src/drivers/network/kernel/capabilities.js';

const status = (capEff: string): string => `Name:\tnode\nCapInh:\t0000000000000000\nCapEff:\t${capEff}\n`;

describe('network availability', () => {
  it('reads CAP_NET_ADMIN (bit 12) from CapEff', () => {
    expect(hasNetAdmin(status('0000000000001000'))).toBe(true);
    expect(hasNetAdmin(status('000001ffffffffff'))).toBe(true);
    expect(hasNetAdmin(status('0000000000000fff'))).toBe(false);
    expect(hasNetAdmin('Name:\tnode\n')).toBe(false);
  });

  it('says exactly what is missing: the rights, the tools and their packages', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'hv-path-'));
    try {
      await writeFile(join(dir, 'ip'), '', { mode: 0o755 });
      const result = networkAvailability({ uid: 1000, status: status('0000000000000000'), path: dir });
      expect(result).toEqual({
        available: false,
        reason:
          'the service runs neither as root nor with CAP_NET_ADMIN; ' +
          'not on PATH: nft (Debian package nftables), dnsmasq (Debian package dnsmasq-base)',
      });
      await writeFile(join(dir, 'nft'), '', { mode: 0o755 });
      await writeFile(join(dir, 'dnsmasq'), '', { mode: 0o755 });
      expect(networkAvailability({ uid: 1000, status: status('0000000000001000'), path: dir })).toEqual({
        available: true,
      });
      expect(networkAvailability({ uid: 0, status: status('0'), path: dir })).toEqual({ available: true });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
