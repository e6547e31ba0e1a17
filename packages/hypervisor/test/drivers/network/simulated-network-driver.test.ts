import { describe, expect, it } from 'vitest';
import type { NetworkSpec } from '../../../src/drivers/network/network-driver.js';
import { createSimulatedNetworkDriver } from '../../../src/drivers/network/simulated-network-driver.js';

const spec = (name: string, rules: string[] = []): NetworkSpec => ({
  name,
  bridge: `hv-${name}`,
  mode: 'nat',
  subnet: '10.20.30.0/24',
  gateway: '10.20.30.1',
  mtu: 1500,
  dhcp: { enabled: true, rangeStart: '10.20.30.128', rangeEnd: '10.20.30.254', leaseSeconds: 3600 },
  dnsDomain: `${name}.internal`,
  defaultInbound: 'drop',
  rules: rules.map((id) => ({
    id,
    direction: 'in',
    action: 'drop',
    protocol: 'any',
    ports: null,
    source: null,
    destination: null,
    vmAddresses: null,
    comment: null,
  })),
  forwards: [],
  reservations: [],
});

describe('the simulated network driver', () => {
  it('keeps applied networks in memory, always active, with zero counters and no leases', async () => {
    const driver = createSimulatedNetworkDriver();
    expect(driver.name).toBe('simulated');
    expect(await driver.status('lan')).toEqual({ state: 'down', reason: "network 'lan' is not applied" });
    expect(await driver.apply(spec('lan', ['r1']))).toEqual({ state: 'active', reason: null });
    expect(driver.specs.get('lan')?.rules[0]?.id).toBe('r1');
    expect(await driver.counters('lan')).toEqual(new Map([['r1', { packets: 0, bytes: 0 }]]));
    expect(await driver.leases('lan')).toEqual([]);
  });

  it('reconciles: the same spec unchanged, a changed one repaired, an unknown one removed', async () => {
    const driver = createSimulatedNetworkDriver();
    await driver.apply(spec('lan'));
    await driver.apply(spec('dmz'));
    await driver.apply(spec('old'));
    const report = await driver.reconcile([spec('lan'), spec('dmz', ['r1'])]);
    expect(report).toEqual({ unchanged: ['lan'], repaired: ['dmz'], adopted: [], removed: ['old'] });
    expect([...driver.specs.keys()].sort()).toEqual(['dmz', 'lan']);
  });

  it("puts a tap only on a network it holds, and takes a network's taps with it", async () => {
    const driver = createSimulatedNetworkDriver();
    await expect(driver.createTap({ name: 'hvt-aaaaaaaa-0', network: 'lan', vm: 'web1' })).rejects.toThrow(
      /bridge of network 'lan' does not exist/,
    );
    await driver.apply(spec('lan'));
    await driver.createTap({ name: 'hvt-aaaaaaaa-0', network: 'lan', vm: 'web1' });
    expect(await driver.taps()).toEqual(['hvt-aaaaaaaa-0']);
    await driver.remove('lan');
    expect(await driver.taps()).toEqual([]);
  });
});
