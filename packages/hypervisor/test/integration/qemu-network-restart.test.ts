/**
 * Networks across a kill -9 of the service, inside namespaces of the test's own
 * (support/network-lab.ts): guest traffic keeps flowing while the service is down; a restart
 * adopts what it finds, so the nftables table, the bridges and the dnsmasq processes are the same
 * as before (nothing made twice); and a network deleted from the database meanwhile is cleaned
 * away at the restart (its bridge, its dnsmasq, its part of the table).
 */
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireTestGuest, type GuestGate } from '../support/guest.js';
import {
  bridges,
  createNetworkLab,
  dnsmasqProcesses,
  HOST_ADDRESS,
  netGuestVm,
  nftContent,
  type NetworkLab,
} from '../support/network-lab.js';
import { netnsGate } from '../support/netns.js';
import { until } from '../support/until.js';

const tools = netnsGate(['nft', 'dnsmasq', 'ss', 'qemu-system-x86_64']);
const gate: GuestGate = tools.skip ? { skip: true, reason: tools.reason } : await requireTestGuest();

/** The kernel objects a restart must leave as they were. */
async function kernelState(lab: NetworkLab) {
  return {
    // Handles kept: a restart that made a chain or rule again, even the same, would show.
    nft: nftContent(await lab.nftTable(), { handles: true }),
    bridges: await bridges(lab.host),
    dnsmasq: (await dnsmasqProcesses(lab.host)).map((p) => p.pid),
    taps: (await lab.host.exec('ip', ['-j', 'link', 'show', 'master', 'hv-e2er'])).stdout,
  };
}

describe.skipIf(gate.skip)(
  `networks across a kill -9 of the service, in network namespaces${gate.skip ? ` (skipped: ${gate.reason})` : ''}`,
  () => {
    let lab: NetworkLab;
    let marker: string;
    const forwardUrl = `http://${HOST_ADDRESS}:8081/`;

    beforeAll(async () => {
      if (gate.skip) return;
      lab = await createNetworkLab(gate.guest);
    }, 120_000);
    afterAll(async () => {
      await lab?.destroy();
    }, 60_000);

    it('keeps guest traffic flowing through a kill -9, and a restart changes no kernel object', async () => {
      expect(
        (await lab.api('POST', '/networks', { name: 'e2er', mode: 'nat', subnet: '10.77.4.0/24' })).status,
      ).toBe(201);
      expect(
        (await lab.api('POST', '/networks', { name: 'e2eg', mode: 'nat', subnet: '10.77.5.0/24' })).status,
      ).toBe(201);
      expect((await lab.api('POST', '/vms', netGuestVm(lab.guest, 'web', 'e2er'))).status).toBe(201);
      expect((await lab.api('POST', '/vms/web/start')).body.state).toBe('RUNNING');
      const ip = await lab.consoleLine('web', lab.guest.net.address);
      expect(ip).toMatch(/^10\.77\.4\.\d+$/);
      const forward = await lab.api('POST', '/networks/e2er/forwards', {
        protocol: 'tcp',
        listen_address: HOST_ADDRESS,
        listen_port: 8081,
        vm: 'web',
        guest_port: 80,
      });
      expect(forward.status).toBe(201);
      expect(
        (
          await lab.api('POST', '/networks/e2er/rules', {
            direction: 'in',
            action: 'accept',
            protocol: 'icmp',
          })
        ).status,
      ).toBe(201);
      marker = `${lab.guest.net.http} web ${ip}`;
      expect((await until('the guest through the forward', () => lab.clientGet(forwardUrl)))?.trim()).toBe(
        marker,
      );

      const before = await kernelState(lab);
      expect([...before.bridges.keys()].filter((name) => name.startsWith('hv-')).sort()).toEqual([
        'hv-e2eg',
        'hv-e2er',
      ]);
      expect(before.dnsmasq).toHaveLength(2);
      expect(before.taps).toMatch(/"ifname":"hvt-[0-9a-f]{8}-0"/);

      await lab.service().stop('SIGKILL');
      // Nobody is home: the kernel forwards on its own.
      expect((await lab.clientGet(forwardUrl))?.trim()).toBe(marker);
      await lab.start();

      expect((await lab.api('GET', '/vms/web')).body.state).toBe('RUNNING');
      expect((await lab.api('GET', '/networks/e2er')).body).toMatchObject({
        state: 'active',
        rules: 1,
        forwards: 1,
      });
      const after = await kernelState(lab);
      expect(after.nft).toEqual(before.nft);
      expect(after.bridges).toEqual(before.bridges);
      expect(after.dnsmasq).toEqual(before.dnsmasq);
      expect(after.taps).toEqual(before.taps);
      expect((await lab.clientGet(forwardUrl))?.trim()).toBe(marker);
    }, 240_000);

    it('cleans away at the restart a network deleted from the database while the service was down', async () => {
      const before = await kernelState(lab);
      const gone = await dnsmasqOf(lab, '10.77.5.1');
      expect(before.dnsmasq).toContain(gone);
      expect(JSON.stringify(before.nft)).toContain('hv-e2eg');

      await lab.service().stop('SIGKILL');
      const db = new Database(lab.database);
      try {
        db.pragma('foreign_keys = ON');
        expect(db.prepare('DELETE FROM networks WHERE name = ?').run('e2eg').changes).toBe(1);
      } finally {
        db.close();
      }
      await lab.start();

      expect((await lab.api('GET', '/networks/e2eg')).status).toBe(404);
      const after = await kernelState(lab);
      expect(after.bridges.has('hv-e2eg')).toBe(false);
      expect(after.bridges.get('hv-e2er')).toBe(before.bridges.get('hv-e2er'));
      expect(after.dnsmasq).toEqual(before.dnsmasq.filter((pid) => pid !== gone));
      expect(JSON.stringify(after.nft)).not.toContain('hv-e2eg');
      expect(JSON.stringify(after.nft)).not.toContain('10.77.5.0');
      expect((await lab.clientGet(forwardUrl))?.trim()).toBe(marker);
    }, 120_000);
  },
);

/** The dnsmasq serving `gateway`: the one with a socket on that address (DNS) in the host namespace. */
async function dnsmasqOf(lab: NetworkLab, gateway: string): Promise<number> {
  const { stdout } = await lab.host.exec('ss', ['-H', '-l', '-n', '-p', '-u']);
  const line = stdout.split('\n').find((l) => l.includes(`${gateway}:53 `) && l.includes('"dnsmasq"'));
  const pid = line === undefined ? undefined : /pid=(\d+)/.exec(line)?.[1];
  if (pid === undefined) throw new Error(`no dnsmasq listens on ${gateway}:53:\n${stdout}`);
  return Number(pid);
}
