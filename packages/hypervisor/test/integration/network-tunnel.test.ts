/**
 * A network's post-quantum tunnel end to end, on real kernel objects inside namespaces of the
 * test's own (support/tunnel-lab.ts): two services, each in its "host" namespace with a network
 * and a machine on it, joined by a veth pair standing for the path between the hosts. Each host
 * makes an ML-DSA-65 signing key and a token for the other, and pins the other's public key in its
 * network's tunnel. Traffic between the two networks passes only once the tunnel is up; a peer
 * presenting a signing key other than the pinned one is refused; both sides' WireGuard carries the
 * same preshared key, a new one after each renewal; a marker the machines exchange is on the
 * bridge in clear and never on the path; and when one side's service dies, the other stops the
 * traffic once the key's lifetime is over and says why.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { netnsGate } from '../support/netns.js';
import {
  capture,
  createTunnelLab,
  PATH_INTERFACE,
  pings,
  processesNamed,
  tcpEcho,
  tcpSend,
  tunnelSettings,
  WIREGUARD_PORT,
  type TunnelLab,
  type TunnelSide,
} from '../support/tunnel-lab.js';
import type { TunnelStatus } from '../../src/domain/tunnel/tunnel-definition.js';
import { until } from '../support/until.js';

const gate = netnsGate(['nft', 'dnsmasq', 'qemu-system-x86_64', 'wg', 'wireguard-go', 'tcpdump', 'busybox']);

/** Short, so a renewal and a key's lifetime pass within the test. */
const REKEY_SECONDS = 4;
const ECHO_PORT = 7000;

describe.skipIf(gate.skip)(
  `a network's post-quantum tunnel between two hosts${gate.skip ? ` (skipped: ${gate.reason})` : ''}`,
  () => {
    let lab: TunnelLab;
    let a: TunnelSide;
    let b: TunnelSide;
    /** The PEM of each side's pinned signing key, and the tokens each issued for the other. */
    const pem: Record<string, string> = {};
    const tokenFor: Record<string, string> = {};

    const settings = (side: TunnelSide, peer: TunnelSide, signingKey = 'tunsig') =>
      tunnelSettings(peer, {
        signingKey,
        peerSigningKey: pem[peer.label] as string,
        // The token the peer issued, which this side presents to it.
        peerToken: tokenFor[side.label] as string,
        rekeySeconds: REKEY_SECONDS,
      });
    const patchTunnel = async (side: TunnelSide, tunnel: unknown): Promise<void> => {
      const answer = await side.api('PATCH', `/networks/${side.network}`, { tunnel });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    };
    const bothUp = async (): Promise<[TunnelStatus, TunnelStatus] | undefined> => {
      const status = [await a.tunnel(), await b.tunnel()] as [TunnelStatus, TunnelStatus];
      return status.every((s) => s.state === 'up') ? status : undefined;
    };

    beforeAll(async () => {
      if (gate.skip) return;
      lab = await createTunnelLab();
      ({ a, b } = lab);
    }, 120_000);
    afterAll(async () => {
      await lab?.destroy();
    }, 60_000);

    it('carries nothing between the two networks before a tunnel, which both report not_configured', async () => {
      expect(await pings(a.endpoint, a.gateway)).toBe(true);
      expect(await pings(b.endpoint, b.gateway)).toBe(true);
      // The hosts reach each other over the path; the networks behind them do not.
      expect(await pings(a.host, b.pathAddress)).toBe(true);
      expect(await pings(a.endpoint, b.endpointAddress)).toBe(false);
      expect(await a.tunnel()).toMatchObject({ state: 'not_configured' });
      expect(await b.tunnel()).toMatchObject({ state: 'not_configured' });
    }, 60_000);

    it('refuses a peer that signs with a key other than the one pinned, and carries nothing', async () => {
      for (const side of [a, b]) pem[side.label] = await side.signingKey('tunsig');
      // B's second ML-DSA key: B signs with it, A pins B's first.
      await b.signingKey('tunsig-other');
      tokenFor.A = await b.token(['network:write']);
      tokenFor.B = await a.token(['network:write']);

      await patchTunnel(a, settings(a, b));
      await patchTunnel(b, settings(b, a, 'tunsig-other'));
      // A's first exchange may reach B before B's tunnel is configured (409 TUNNEL_NOT_CONFIGURED);
      // the initiator retries within a second, so wait for the refusal that is the signature's.
      const wrongSigner = /^no key agreed with the peer yet: .*not signed by the pinned peer signing key/;
      const refused = await until(
        "A's refusal of B's signature",
        async () => {
          const status = await a.tunnel();
          return wrongSigner.test(status.reason ?? '') ? status : undefined;
        },
        { timeoutMs: 30_000, intervalMs: 250 },
      );
      // Whichever side initiates, A checks B's signature against the key it pinned and refuses it.
      expect(refused.state).toBe('down');
      expect(refused.failed_exchanges).toBeGreaterThan(0);
      const statusB = await b.tunnel();
      expect(statusB.state).toBe('down');
      expect(statusB.reason).toMatch(/^no key agreed with the peer yet/);
      // No key was agreed, so neither WireGuard has a peer to send to.
      expect(await a.presharedKey()).toBeNull();
      expect(await b.presharedKey()).toBeNull();
      expect(await pings(a.endpoint, b.endpointAddress)).toBe(false);
    }, 60_000);

    it('comes up once B signs with the pinned key: traffic passes, and both WireGuards hold the same preshared key', async () => {
      await patchTunnel(b, settings(b, a));
      const [statusA] = await until('both tunnels up', bothUp, { timeoutMs: 30_000, intervalMs: 250 });
      expect(statusA).toMatchObject({ state: 'up', reason: null, failed_exchanges: expect.any(Number) });
      expect(statusA.algorithms).toEqual(expect.arrayContaining(['ML-KEM-768', 'ML-DSA-65']));
      await until('a ping from A to B', () => pings(a.endpoint, b.endpointAddress), { timeoutMs: 30_000 });
      expect(await pings(b.endpoint, a.endpointAddress)).toBe(true);
      // The status reads WireGuard's own counters: a handshake, and bytes both ways.
      const counted = await a.tunnel();
      expect(Date.parse(counted.last_handshake_at ?? '')).toBeGreaterThan(Date.now() - 60_000);
      expect(counted.rx_bytes).toBeGreaterThan(0);
      expect(counted.tx_bytes).toBeGreaterThan(0);
      const key = await a.presharedKey();
      expect(key).toMatch(/^[A-Za-z0-9+/]{43}=$/);
      expect(await b.presharedKey()).toBe(key);
      // Each host runs its tunnel's wireguard-go (no WireGuard module in this kernel) or the module.
      for (const side of [a, b]) {
        const { stdout } = await side.host.exec('ip', ['-d', 'link', 'show', `hw-${side.network}`]);
        expect(stdout).toMatch(/\b(tun|wireguard)\b/);
      }
    }, 60_000);

    it('renews the preshared key every rekey_seconds: a new epoch, a different key, the same on both sides', async () => {
      const before = await a.presharedKey();
      const { epoch } = await a.tunnel();
      expect(epoch).toEqual(expect.any(Number));
      const renewed = await until(
        'a renewal on both sides',
        async () => {
          const [keyA, keyB] = [await a.presharedKey(), await b.presharedKey()];
          const now = await a.tunnel();
          return now.epoch > epoch && keyA !== before && keyA === keyB ? { keyA, now } : undefined;
        },
        { timeoutMs: (REKEY_SECONDS * 3 + 10) * 1000, intervalMs: 200 },
      );
      expect(renewed.keyA).toMatch(/^[A-Za-z0-9+/]{43}=$/);
      expect(renewed.now.state).toBe('up');
      expect(await pings(a.endpoint, b.endpointAddress)).toBe(true);
    }, 60_000);

    it('never carries a marker the machines exchange in clear on the path, while the bridge does', async () => {
      const marker = `HV-TUNNEL-MARKER-${randomBytes(8).toString('hex')}`;
      const server = await tcpEcho(b.endpoint, ECHO_PORT);
      try {
        const path = await capture(a.host, PATH_INTERFACE, join(a.dir, 'path.pcap'));
        const bridge = await capture(a.host, `hv-${a.network}`, join(a.dir, 'bridge.pcap'));
        expect(await tcpSend(a.endpoint, b.endpointAddress, ECHO_PORT, marker)).toBe(marker);
        const [onPath, onBridge] = [await path.stop(), await bridge.stop()];
        expect(onBridge.includes(marker)).toBe(true);
        expect(onPath.includes(marker)).toBe(false);
        // The path did carry the exchange: as WireGuard datagrams between the two listen ports.
        const { stdout } = await a.host.exec('tcpdump', [
          '-r',
          join(a.dir, 'path.pcap'),
          '-n',
          'udp',
          'port',
          String(WIREGUARD_PORT),
        ]);
        expect(stdout.trim().split('\n').length).toBeGreaterThanOrEqual(4);
      } finally {
        server.kill('SIGKILL');
      }
    }, 60_000);

    it("fails closed when B's service dies: A stops the traffic once the key's lifetime is over, and says down with the reason", async () => {
      const wireguardB = await processesNamed(b.host, 'wireguard-go');
      expect(wireguardB).toHaveLength(1);
      const killedAt = Date.now();
      await b.service().stop('SIGKILL');
      // B's interface outlives its service, as a network's objects do, and the last key, agreed at
      // most rekey_seconds ago, still carries the traffic.
      expect(await processesNamed(b.host, 'wireguard-go')).toEqual(wireguardB);
      expect(await pings(a.endpoint, b.endpointAddress, 1)).toBe(true);
      // While the last key lives, A's renewals fail (or no longer come) and it says so.
      const degraded = await until(
        "A's tunnel degraded",
        async () => {
          const status = await a.tunnel();
          return status.state === 'degraded' ? status : undefined;
        },
        { timeoutMs: REKEY_SECONDS * 2 * 1000 + 10_000, intervalMs: 100 },
      );
      // As the initiator A's own exchanges fail; as the responder it hears from B no more.
      expect(degraded.reason).toMatch(
        /^(key renewal failing: .+|no renewal from the peer since \S+); the key expires at /,
      );
      const down = await until(
        "A's tunnel down",
        async () => {
          const status = await a.tunnel();
          return status.state === 'down' ? { status, at: Date.now() } : undefined;
        },
        { timeoutMs: REKEY_SECONDS * 2 * 1000 + 20_000, intervalMs: 100 },
      );
      expect(down.status.key_lifetime_seconds).toBe(REKEY_SECONDS * 2);
      const reason = /^no key renewal since (\S+) \(lifetime (\d+) s\): .+/.exec(down.status.reason ?? '');
      expect(reason, down.status.reason ?? '').not.toBeNull();
      // Down once the last key agreed before the kill outlived its lifetime, not before.
      const lastRenewal = Date.parse(reason?.[1] ?? '');
      expect(lastRenewal).toBeLessThanOrEqual(killedAt);
      expect(down.at).toBeGreaterThanOrEqual(lastRenewal + REKEY_SECONDS * 2 * 1000);
      expect(await a.presharedKey()).toBeNull();
      expect(await pings(a.endpoint, b.endpointAddress)).toBe(false);
    }, 90_000);
  },
);
