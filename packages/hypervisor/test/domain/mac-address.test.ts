import { describe, expect, it } from 'vitest';
import { deriveMac, normalizeMac } from '../../src/domain/mac-address.js';

const UUID = '6f1c2a9e-0d3b-4c57-9a61-2b8e4f70c913';

describe('MAC addresses', () => {
  it("derives a stable, locally administered unicast MAC from the VM's uuid and the NIC's index", () => {
    const mac = deriveMac(UUID, 0, new Set());
    expect(mac).toMatch(/^52:54:00(:[0-9a-f]{2}){3}$/);
    expect(deriveMac(UUID, 0, new Set())).toBe(mac);
    expect(deriveMac(UUID, 1, new Set())).not.toBe(mac);
    expect(normalizeMac(mac)).toBe(mac);
  });

  it('steps past a MAC taken on the network', () => {
    const first = deriveMac(UUID, 0, new Set());
    const second = deriveMac(UUID, 0, new Set([first]));
    expect(second).not.toBe(first);
    expect(second).toMatch(/^52:54:00:/);
  });

  it('accepts unicast MACs in either case and refuses group and zero addresses', () => {
    expect(normalizeMac('52:54:00:AB:cd:EF')).toBe('52:54:00:ab:cd:ef');
    expect(normalizeMac('01:00:5e:00:00:01')).toBeUndefined();
    expect(normalizeMac('ff:ff:ff:ff:ff:ff')).toBeUndefined();
    expect(normalizeMac('00:00:00:00:00:00')).toBeUndefined();
    expect(normalizeMac('52:54:00:ab:cd')).toBeUndefined();
  });
});
