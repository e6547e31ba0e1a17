// The kernel tunnel driver on real WireGuard (the kernel module where there is one, wireguard-go
// here), between two "hosts" that are network namespaces joined by a veth pair, each with a network
// made by the kernel network driver and an endpoint namespace on its bridge (wireguard-lab.ts).
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { requireTools } from '@lab/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  parseDump,
  tunnelAvailability,
  wireguardKeyPair,
} from '../../../../src/drivers/network/kernel/wireguard.js';
import { netnsGate, type Netns } from '../../../support/netns.js';
import { httpGet } from '../../../support/network-lab.js';
import { until } from '../../../support/until.js';
import {
  createWireguardLab,
  newPresharedKey,
  pingOnce,
  WIREGUARD_PORT,
  type WireguardLab,
} from '../../../support/wireguard-lab.js';

const gate = netnsGate(['nft', 'dnsmasq', 'busybox', 'wg', 'wireguard-go']);
const wgGate = requireTools(['wg']);
const exec = promisify(execFile);

/** `node -e ECHO port`: answers each request with the address the connection came from. */
const ECHO = `require('node:http').createServer((q, r) => r.end(q.socket.remoteAddress))
  .listen(Number(process.argv[1]), '0.0.0.0', () => console.log('listening'));`;

/** wireguard-go processes inside `netns`, by the interface they serve. */
async function wireguardGo(netns: Netns): Promise<string[]> {
  const { stdout } = await exec('ip', ['netns', 'pids', netns.name]);
  const found: string[] = [];
  for (const pid of stdout.split('\n').filter((line) => /^\d+$/.test(line))) {
    try {
      const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (argv[0]?.endsWith('wireguard-go') === true) found.push(argv[1] ?? '');
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}

describe('wireguard helpers', () => {
  it('key pairs are X25519 as wg genkey makes them: 32 bytes base64, clamped', () => {
    const raw = Buffer.from(wireguardKeyPair().privateKey, 'base64');
    expect(raw).toHaveLength(32);
    expect(raw[0]! & 7).toBe(0);
    expect(raw[31]! & 0xc0).toBe(0x40);
  });

  it.skipIf(wgGate.skip)('the public key is the one wg pubkey derives', async () => {
    const { privateKey, publicKey } = wireguardKeyPair();
    const child = exec('wg', ['pubkey']);
    child.child.stdin?.end(`${privateKey}\n`);
    expect((await child).stdout.trim()).toBe(publicKey);
  });

  it('parses wg show dump', () => {
    const dump = parseDump(
      'cHJpdg==\tcHVi\t51820\toff\n' +
        'cGVlcg==\tcHNr\t192.0.2.2:51820\t10.78.2.0/24,10.78.3.0/24\t1764180000\t1234\t5678\toff\n',
    );
    expect(dump).toEqual({
      privateKey: 'cHJpdg==',
      publicKey: 'cHVi',
      listenPort: 51820,
      peers: [
        {
          publicKey: 'cGVlcg==',
          presharedKey: 'cHNr',
          endpoint: '192.0.2.2:51820',
          allowedIps: ['10.78.2.0/24', '10.78.3.0/24'],
          latestHandshake: 1764180000,
          rxBytes: 1234,
          txBytes: 5678,
        },
      ],
    });
    expect(parseDump('(none)\t(none)\t0\toff\n').privateKey).toBeNull();
  });

  it('availability names what is missing', () => {
    expect(tunnelAvailability({ path: '', moduleLoaded: false, tun: false })).toEqual({
      available: false,
      reason:
        'wg is not on PATH (Debian package wireguard-tools); neither the wireguard kernel module nor wireguard-go (Debian package wireguard-go)',
    });
    expect(tunnelAvailability({ path: '/usr/bin', moduleLoaded: false, tun: false })).toEqual({
      available: false,
      reason: '/dev/net/tun is missing (wireguard-go needs it)',
    });
    expect(tunnelAvailability({ path: '/usr/bin', moduleLoaded: false, tun: true })).toEqual({
      available: true,
    });
  });
});

describe.skipIf(gate.skip)('kernel tunnel driver (two hosts in network namespaces)', () => {
  let lab: WireguardLab;

  beforeAll(async () => {
    lab = await createWireguardLab();
  }, 60_000);

  afterAll(async () => {
    await lab?.destroy();
  });

  const passes = (timeoutMs = 20_000): Promise<boolean> =>
    until('a ping through the tunnel', () => pingOnce(lab.a.endpoint, lab.b.address), {
      timeoutMs,
      intervalMs: 100,
    });
  /** No ping gets through in `tries` attempts of a second each. */
  const blocked = async (tries = 4): Promise<boolean> => {
    for (let i = 0; i < tries; i += 1) if (await pingOnce(lab.a.endpoint, lab.b.address)) return false;
    return true;
  };

  it('makes hw-<network> (alias, MTU, up) with wireguard-go here, and routes the remote subnet to it', async () => {
    const { a } = lab;
    expect(a.driver.tunnels.availability()).toEqual({ available: true });
    const { stdout } = await a.host.exec('ip', ['-j', '-d', 'link', 'show', 'dev', a.tunnel.interface]);
    const [link] = JSON.parse(stdout) as { mtu: number; ifalias: string; flags: string[] }[];
    expect(link).toMatchObject({ mtu: 1420, ifalias: `hypervisor:tunnel:${a.network.name}` });
    expect(link!.flags).toContain('UP');
    const routes = await a.host.exec('ip', ['-j', 'route', 'show', 'dev', a.tunnel.interface]);
    expect((JSON.parse(routes.stdout) as { dst: string }[]).map((r) => r.dst)).toEqual(['10.78.2.0/24']);
    expect(await wireguardGo(a.host)).toEqual([a.tunnel.interface]);
    const dump = parseDump((await a.host.exec('wg', ['show', a.tunnel.interface, 'dump'])).stdout);
    expect(dump).toMatchObject({
      privateKey: a.tunnel.privateKey,
      publicKey: a.publicKey,
      listenPort: WIREGUARD_PORT,
    });
    expect(await a.driver.tunnels.present()).toEqual([a.network.name]);
    // Applying the same spec again changes nothing.
    await a.driver.tunnels.apply(a.tunnel);
    expect(await wireguardGo(a.host)).toEqual([a.tunnel.interface]);
    // A changed list of remote subnets: the new route comes, a gone one goes.
    const routed = async (): Promise<string[]> =>
      (
        JSON.parse((await a.host.exec('ip', ['-j', 'route', 'show', 'dev', a.tunnel.interface])).stdout) as {
          dst: string;
        }[]
      )
        .map((r) => r.dst)
        .sort();
    await a.driver.tunnels.apply({ ...a.tunnel, remoteSubnets: ['10.78.2.0/24', '10.78.9.5/32'] });
    expect(await routed()).toEqual(['10.78.2.0/24', '10.78.9.5']);
    await a.driver.tunnels.apply({ ...a.tunnel, remoteSubnets: ['10.78.9.0/24'] });
    expect(await routed()).toEqual(['10.78.9.0/24']);
    await a.driver.tunnels.apply(a.tunnel);
    expect(await routed()).toEqual(['10.78.2.0/24']);
  });

  it('with a preshared key that differs on one side, the handshake fails and nothing passes', async () => {
    const { a, b } = lab;
    await a.driver.tunnels.setPeer(a.network.name, b.asPeer(newPresharedKey()));
    await b.driver.tunnels.setPeer(b.network.name, a.asPeer(newPresharedKey()));
    expect(await blocked()).toBe(true);
    expect((await a.driver.tunnels.counters(a.network.name))?.lastHandshakeAt).toBeNull();
    expect((await b.driver.tunnels.counters(b.network.name))?.lastHandshakeAt).toBeNull();
  });

  it('with the same preshared key on both sides traffic passes; both report that key, a handshake and bytes', async () => {
    const { a, b } = lab;
    const psk = newPresharedKey();
    await a.driver.tunnels.setPeer(a.network.name, b.asPeer(psk));
    await b.driver.tunnels.setPeer(b.network.name, a.asPeer(psk));
    expect(await passes()).toBe(true);
    // Both ways: b is isolated with a default policy of drop, and still reaches a's endpoint.
    expect(await pingOnce(b.endpoint, a.address)).toBe(true);
    expect(await a.driver.tunnels.presharedKey(a.network.name)).toBe(psk);
    expect(await b.driver.tunnels.presharedKey(b.network.name)).toBe(psk);
    const counters = await a.driver.tunnels.counters(a.network.name);
    expect(counters).toMatchObject({ implementation: 'wireguard-go', present: true, peer: b.publicKey });
    expect(Date.now() - Date.parse(counters!.lastHandshakeAt!)).toBeLessThan(60_000);
    expect(counters!.rxBytes).toBeGreaterThan(0);
    expect(counters!.txBytes).toBeGreaterThan(0);
  });

  it('the remote side sees the endpoint own address: the nat network does not masquerade into the tunnel', async () => {
    const { a, b } = lab;
    const server = b.endpoint.spawn(process.execPath, ['-e', ECHO, '8080'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('exit', (code) => reject(new Error(`the echo server exited (${code})`)));
        server.stdout?.once('data', () => resolve());
      });
      expect(await httpGet(a.endpoint, `http://${b.address}:8080/`)).toBe(a.address);
    } finally {
      server.kill('SIGKILL');
    }
  });

  it('setPeer(null) removes the peer: traffic stops at once', async () => {
    const { a } = lab;
    await a.driver.tunnels.setPeer(a.network.name, null);
    expect(await a.driver.tunnels.presharedKey(a.network.name)).toBeNull();
    expect((await a.driver.tunnels.counters(a.network.name))?.peer).toBeNull();
    expect(await blocked(2)).toBe(true);
  });

  it('reconcile leaves the tunnel of a network that has one as it is, and removes an unknown owned one', async () => {
    const { b } = lab;
    const index = async (name: string): Promise<number> =>
      (
        JSON.parse((await b.host.exec('ip', ['-j', 'link', 'show', 'dev', name])).stdout) as {
          ifindex: number;
        }[]
      )[0]!.ifindex;
    const before = await index(b.tunnel.interface);
    const stray = `tz${b.network.name.slice(2)}`;
    await b.driver.tunnels.apply({
      ...b.tunnel,
      network: stray,
      interface: `hw-${stray}`,
      listenPort: 51821,
    });
    expect((await b.driver.tunnels.present()).sort()).toEqual([b.network.name, stray].sort());
    const report = await b.driver.reconcile([b.network]);
    expect(report.removed).toEqual([`hw-${stray}`]);
    expect(report.unchanged).toEqual([b.network.name]);
    expect(await index(b.tunnel.interface)).toBe(before);
    expect(await b.driver.tunnels.present()).toEqual([b.network.name]);
    await until('the stray wireguard-go to exit', async () =>
      (await wireguardGo(b.host)).every((name) => name === b.tunnel.interface),
    );
  });

  it('wireguard-go keeps running with its interface when the driver is closed', async () => {
    const { b } = lab;
    await b.driver.close();
    expect(await wireguardGo(b.host)).toEqual([b.tunnel.interface]);
    b.driver = b.newDriver();
    expect(await b.driver.tunnels.present()).toEqual([b.network.name]);
    expect(await b.driver.tunnels.counters(b.network.name)).toMatchObject({ present: true });
  });

  it('a reconcile where the network has no tunnel any more removes its interface', async () => {
    const { b } = lab;
    const report = await b.driver.reconcile([{ ...b.network, tunnel: null }]);
    expect(report.removed).toEqual([b.tunnel.interface]);
    expect(await b.driver.tunnels.present()).toEqual([]);
    await b.driver.tunnels.apply(b.tunnel);
    await b.driver.reconcile([b.network]);
    expect(await b.driver.tunnels.present()).toEqual([b.network.name]);
  });

  it('remove leaves nothing: the interface, its routes and wireguard-go go; the network with it', async () => {
    const { a, b } = lab;
    await a.driver.tunnels.remove(a.network.name);
    expect((await a.host.tryExec('ip', ['link', 'show', 'dev', a.tunnel.interface])).code).not.toBe(0);
    expect((await a.host.exec('ip', ['route', 'show', '10.78.2.0/24'])).stdout.trim()).toBe('');
    await until('wireguard-go of a to exit', async () => (await wireguardGo(a.host)).length === 0);
    expect(await a.driver.tunnels.counters(a.network.name)).toBeNull();
    // Removing the network removes its tunnel too.
    await b.driver.remove(b.network.name);
    expect(await b.driver.tunnels.present()).toEqual([]);
    await until('wireguard-go of b to exit', async () => (await wireguardGo(b.host)).length === 0);
    const links = await b.host.exec('ip', ['-j', 'link', 'show']);
    expect(
      (JSON.parse(links.stdout) as { ifname: string }[])
        .map((l) => l.ifname)
        .filter((n) => /^h[vw]-/.test(n)),
    ).toEqual([]);
  });

  it('setPeer on a tunnel that is not there fails; removing its peer does nothing', async () => {
    const { a, b } = lab;
    await expect(a.driver.tunnels.setPeer(a.network.name, b.asPeer(newPresharedKey()))).rejects.toThrow(
      /does not exist/,
    );
    await a.driver.tunnels.setPeer(a.network.name, null);
  });
});
