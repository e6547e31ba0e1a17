/**
 * Two "hosts" for the kernel tunnel tests and the throughput benchmark, each a network namespace
 * with the kernel network driver running its commands inside (no service process):
 *
 *   endpoint a ─ hv-<a> ─ host a ─ hw-<a> ══ WireGuard over veth wan0 ══ hw-<b> ─ host b ─ hv-<b> ─ endpoint b
 *   10.78.1.10   10.78.1.0/24     192.0.2.1                    192.0.2.2          10.78.2.0/24   10.78.2.10
 *
 * Each endpoint is a namespace of its own whose eth0 is a veth with its other end a port of the
 * network's bridge. The network names carry random hex: wireguard-go's control socket is
 * `/var/run/wireguard/<interface>.sock`, one directory for every namespace, so two tunnels of one
 * name at once (another test, the other side) would take each other's socket.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '@lab/server-kit';
import { createKernelNetworkDriver } from '../../src/drivers/network/kernel/kernel-driver.js';
import type { NetworkDriver, NetworkSpec } from '../../src/drivers/network/network-driver.js';
import { tunnelName, type TunnelPeer, type TunnelSpec } from '../../src/drivers/network/tunnel-driver.js';
import { connectVeth, createNetns, type Netns } from './netns.js';

export const WIREGUARD_PORT = 51820;

export interface TunnelSide {
  readonly host: Netns;
  readonly endpoint: Netns;
  /** The endpoint's address on the network. */
  readonly address: string;
  /** The host's address on the path between the hosts. */
  readonly wanAddress: string;
  readonly network: NetworkSpec;
  readonly tunnel: TunnelSpec;
  readonly publicKey: string;
  readonly runDir: string;
  driver: NetworkDriver;
  /** A new driver on the same namespace and run directory (after `driver.close()`). */
  newDriver(): NetworkDriver;
  /** This side as the other side's peer, with `presharedKey`. */
  asPeer(presharedKey: string): TunnelPeer;
}

export interface WireguardLab {
  readonly a: TunnelSide;
  readonly b: TunnelSide;
  destroy(): Promise<void>;
}

export const newPresharedKey = (): string => randomBytes(32).toString('base64');

export function labNetwork(name: string, octet: number, overrides: Partial<NetworkSpec> = {}): NetworkSpec {
  return {
    name,
    bridge: `hv-${name}`,
    mode: 'nat',
    subnet: `10.78.${octet}.0/24`,
    gateway: `10.78.${octet}.1`,
    mtu: 1500,
    dhcp: {
      enabled: false,
      rangeStart: `10.78.${octet}.100`,
      rangeEnd: `10.78.${octet}.150`,
      leaseSeconds: 3600,
    },
    dnsDomain: `${name}.test`,
    defaultInbound: 'drop',
    rules: [],
    forwards: [],
    reservations: [],
    ...overrides,
  };
}

/**
 * Both hosts with their network and tunnel interface applied (no peer yet): network a is `nat`,
 * network b `isolated`, both with a default inbound policy of `drop`, so only the tunnel's own
 * rules let the traffic through.
 */
export async function createWireguardLab(): Promise<WireguardLab> {
  const namespaces: Netns[] = [];
  const dirs: string[] = [];
  const drivers: NetworkDriver[] = [];
  const tag = randomBytes(2).toString('hex');
  const sides: TunnelSide[] = [];
  const destroy = async (): Promise<void> => {
    // Deleting the interface lets wireguard-go exit and take its socket (a SIGKILL would leave it).
    for (const side of sides) await side.driver.tunnels.remove(side.network.name).catch(() => undefined);
    for (const driver of drivers) await driver.close().catch(() => undefined);
    // wireguard-go and dnsmasq run inside these and go with them.
    for (const netns of namespaces.reverse()) await netns.destroy();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  };
  try {
    const hostA = await createNetns();
    namespaces.push(hostA);
    const hostB = await createNetns();
    namespaces.push(hostB);
    await connectVeth(hostA, 'wan0', hostB, 'wan0', { a: '192.0.2.1/24', b: '192.0.2.2/24' });

    const side = async (
      host: Netns,
      name: string,
      octet: number,
      wanAddress: string,
      remote: string,
      mode: NetworkSpec['mode'],
    ): Promise<Omit<TunnelSide, 'asPeer'>> => {
      const runDir = await mkdtemp(join(tmpdir(), 'hv-wg-'));
      dirs.push(runDir);
      const newDriver = (): NetworkDriver => {
        const driver = createKernelNetworkDriver({
          runDir,
          logger: createLogger({ service: 'test', level: 'silent' }),
          netns: host.name,
        });
        drivers.push(driver);
        return driver;
      };
      const driver = newDriver();
      const interfaceName = tunnelName(name);
      const network = labNetwork(name, octet, {
        mode,
        tunnel: { interface: interfaceName, remoteSubnets: [remote] },
      });
      const status = await driver.apply(network);
      if (status.state !== 'active') throw new Error(`network ${name}: ${status.reason}`);
      const keys = await driver.tunnels.generateKeyPair();
      const tunnel: TunnelSpec = {
        network: name,
        interface: interfaceName,
        remoteSubnets: [remote],
        privateKey: keys.privateKey,
        listenPort: WIREGUARD_PORT,
      };
      await driver.tunnels.apply(tunnel);
      const endpoint = await createNetns();
      namespaces.push(endpoint);
      const address = `10.78.${octet}.10`;
      await connectVeth(host, 'ep0', endpoint, 'eth0', { b: `${address}/24` });
      await host.exec('ip', ['link', 'set', 'ep0', 'master', network.bridge]);
      await endpoint.exec('ip', ['route', 'add', 'default', 'via', network.gateway]);
      return {
        host,
        endpoint,
        address,
        wanAddress,
        network,
        tunnel,
        publicKey: keys.publicKey,
        runDir,
        driver,
        newDriver,
      };
    };
    const withPeer = (s: Omit<TunnelSide, 'asPeer'>): TunnelSide =>
      Object.assign(s, {
        asPeer: (presharedKey: string): TunnelPeer => ({
          publicKey: s.publicKey,
          endpoint: `${s.wanAddress}:${WIREGUARD_PORT}`,
          allowedIps: [s.network.subnet],
          presharedKey,
          persistentKeepaliveSeconds: 0,
        }),
      });
    const a = withPeer(await side(hostA, `ta${tag}`, 1, '192.0.2.1', '10.78.2.0/24', 'nat'));
    sides.push(a);
    const b = withPeer(await side(hostB, `tb${tag}`, 2, '192.0.2.2', '10.78.1.0/24', 'isolated'));
    sides.push(b);
    return { a, b, destroy };
  } catch (error) {
    await destroy();
    throw error;
  }
}

/** Whether `address` answers one ping from inside `netns` within `timeoutSeconds` (busybox ping). */
export async function pingOnce(netns: Netns, address: string, timeoutSeconds = 1): Promise<boolean> {
  const result = await netns.tryExec('busybox', ['ping', '-c', '1', '-W', String(timeoutSeconds), address], {
    timeoutMs: (timeoutSeconds + 10) * 1000,
  });
  return result.code === 0;
}
