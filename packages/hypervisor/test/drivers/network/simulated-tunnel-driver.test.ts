import { describe, expect, it } from 'vitest';
import type { NetworkSpec } from '../../../src/drivers/network/network-driver.js';
import { createSimulatedNetworkDriver } from '../../../src/drivers/network/simulated-network-driver.js';
import type { TunnelPeer, TunnelSpec } from '../../../src/drivers/network/tunnel-driver.js';

const tunnel = (network: string): TunnelSpec => ({
  network,
  interface: `hw-${network}`,
  remoteSubnets: ['10.20.40.0/24'],
  privateKey: Buffer.alloc(32, 1).toString('base64'),
  listenPort: 51820,
});

const peer = (presharedKey: string): TunnelPeer => ({
  publicKey: Buffer.alloc(32, 2).toString('base64'),
  endpoint: '192.0.2.2:51820',
  allowedIps: ['10.20.40.0/24'],
  presharedKey,
  persistentKeepaliveSeconds: 25,
});

const network = (name: string, withTunnel: boolean): NetworkSpec => ({
  name,
  bridge: `hv-${name}`,
  mode: 'nat',
  subnet: '10.20.30.0/24',
  gateway: '10.20.30.1',
  mtu: 1500,
  dhcp: { enabled: true, rangeStart: '10.20.30.128', rangeEnd: '10.20.30.254', leaseSeconds: 3600 },
  dnsDomain: `${name}.internal`,
  defaultInbound: 'drop',
  rules: [],
  forwards: [],
  reservations: [],
  tunnel: withTunnel ? { interface: `hw-${name}`, remoteSubnets: ['10.20.40.0/24'] } : null,
});

describe('the simulated tunnel driver', () => {
  it('keeps the spec, the peer and its preshared key; removing the peer leaves no key (fail closed)', async () => {
    const { tunnels } = createSimulatedNetworkDriver();
    await expect(tunnels.setPeer('lan', peer('a'))).rejects.toThrow(/not applied/);
    await tunnels.apply(tunnel('lan'));
    expect(tunnels.specs.get('lan')).toEqual(tunnel('lan'));
    await tunnels.setPeer('lan', peer('psk-1'));
    expect(await tunnels.presharedKey('lan')).toBe('psk-1');
    await tunnels.setPeer('lan', peer('psk-2'));
    expect(tunnels.peers.get('lan')?.presharedKey).toBe('psk-2');
    expect(await tunnels.counters('lan')).toMatchObject({ present: true, peer: peer('x').publicKey });
    await tunnels.setPeer('lan', null);
    expect(await tunnels.presharedKey('lan')).toBeNull();
    expect((await tunnels.counters('lan'))?.peer).toBeNull();
    expect(await tunnels.counters('other')).toBeNull();
  });

  it('makes real X25519 key pairs', async () => {
    const { tunnels } = createSimulatedNetworkDriver();
    const one = await tunnels.generateKeyPair();
    const two = await tunnels.generateKeyPair();
    expect(Buffer.from(one.privateKey, 'base64')).toHaveLength(32);
    expect(Buffer.from(one.publicKey, 'base64')).toHaveLength(32);
    expect(one.publicKey).not.toBe(two.publicKey);
  });

  it('goes with its network, and a reconcile removes the tunnels of networks without one', async () => {
    const driver = createSimulatedNetworkDriver();
    for (const name of ['a', 'b', 'c']) {
      await driver.apply(network(name, true));
      await driver.tunnels.apply(tunnel(name));
    }
    await driver.remove('a');
    expect(await driver.tunnels.present()).toEqual(['b', 'c']);
    const report = await driver.reconcile([network('b', true), network('c', false)]);
    expect(report.removed).toEqual(['hw-c']);
    expect(await driver.tunnels.present()).toEqual(['b']);
  });
});
