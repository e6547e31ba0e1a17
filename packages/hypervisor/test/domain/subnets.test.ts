import { describe, expect, it } from 'vitest';
import {
  defaultAddresses,
  formatCidr,
  formatIpv4,
  overlaps,
  parseCidr,
  parseIpv4,
  pickFreeSubnet,
  routeCidrs,
  type Cidr,
} from '../../src/domain/subnets.js';

const cidr = (text: string): Cidr => {
  const parsed = parseCidr(text, true);
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.cidr;
};

describe('subnets', () => {
  it('parses dotted quads strictly', () => {
    expect(parseIpv4('10.20.30.40')).toBe(((10 * 256 + 20) * 256 + 30) * 256 + 40);
    expect(formatIpv4(parseIpv4('255.255.255.255')!)).toBe('255.255.255.255');
    for (const bad of ['10.0.0', '10.0.0.256', '10.0.0.01', '10.0.0.-1', '10.0.0.1.2', 'a.b.c.d', ''])
      expect(parseIpv4(bad), bad).toBeUndefined();
  });

  it('refuses a CIDR with host bits set, naming the network it meant', () => {
    expect(parseCidr('10.0.0.1/24')).toEqual({
      ok: false,
      reason: 'has host bits set: the network of 10.0.0.1/24 is 10.0.0.0/24',
    });
    expect(parseCidr('10.0.0.0/33').ok).toBe(false);
    expect(parseCidr('10.0.0.0').ok).toBe(false);
    expect(formatCidr(cidr('10.0.0.7'))).toBe('10.0.0.7/32');
  });

  it('finds overlaps between a subnet and what contains it or lies in it', () => {
    expect(overlaps(cidr('10.0.0.0/16'), cidr('10.0.5.0/24'))).toBe(true);
    expect(overlaps(cidr('10.0.5.0/24'), cidr('10.0.0.0/16'))).toBe(true);
    expect(overlaps(cidr('10.0.5.0/24'), cidr('10.0.6.0/24'))).toBe(false);
    expect(overlaps(cidr('10.0.5.9'), cidr('10.0.5.0/24'))).toBe(true);
  });

  it('gives a gateway at the first host and DHCP the second half of the hosts', () => {
    const show = (c: Cidr) => Object.values(defaultAddresses(c)).map(formatIpv4);
    expect(show(cidr('10.20.30.0/24'))).toEqual(['10.20.30.1', '10.20.30.128', '10.20.30.254']);
    expect(show(cidr('10.20.30.0/29'))).toEqual(['10.20.30.1', '10.20.30.4', '10.20.30.6']);
    expect(show(cidr('10.20.0.0/16'))).toEqual(['10.20.0.1', '10.20.128.0', '10.20.255.254']);
  });

  it('picks the first /24 from 10.100.0.0 that overlaps no route and no network', () => {
    const routes = routeCidrs([
      { dst: 'default', dev: 'eth0', type: 'unicast' },
      { dst: '10.100.0.0/24', dev: 'eth0', type: 'unicast' },
      { dst: '10.100.1.7', dev: 'eth1', type: 'unicast' },
      { dst: '10.100.2.0/24', dev: 'hv-lan', type: 'unicast' },
    ]);
    expect(routes.map(formatCidr)).toEqual(['10.100.0.0/24', '10.100.1.7/32', '10.100.2.0/24']);
    expect(formatCidr(pickFreeSubnet(routes)!)).toBe('10.100.3.0/24');
    // A network's own bridge route does not stand in its way.
    expect(routeCidrs([{ dst: '10.100.2.0/24', dev: 'hv-lan', type: 'unicast' }], 'hv-lan')).toEqual([]);
    expect(pickFreeSubnet([cidr('10.0.0.0/8')])).toBeNull();
  });
});
