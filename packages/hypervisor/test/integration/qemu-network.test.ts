/**
 * Guest networking end to end, on real kernel objects inside namespaces of the test's own
 * (support/network-lab.ts): the service runs in a "host" namespace with the QEMU driver under TCG,
 * a "client" namespace is the outside world. A guest with a NIC takes a DHCP lease from its
 * network's dnsmasq and reaches its gateway; a port forward from the host's address reaches the
 * guest's HTTP server, a drop rule stops it and counts, and deleting the rule lets it through;
 * two networks cannot reach each other, and an isolated network is not masqueraded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireTestGuest, type GuestGate } from '../support/guest.js';
import {
  CLIENT_ADDRESS,
  createNetworkLab,
  httpGet,
  HOST_ADDRESS,
  netGuestVm,
  pings,
  type NetworkLab,
  type NftObject,
} from '../support/network-lab.js';
import { netnsGate, type Netns } from '../support/netns.js';
import { until } from '../support/until.js';

const tools = netnsGate(['nft', 'dnsmasq', 'qemu-system-x86_64', 'busybox']);
const gate: GuestGate = tools.skip ? { skip: true, reason: tools.reason } : await requireTestGuest();

/** The rules of the service's table that masquerade, as nft prints them. */
const masquerades = (table: NftObject[]): string[] =>
  table
    .filter((object) => 'rule' in object)
    .map((object) => JSON.stringify(object.rule))
    .filter((rule) => rule.includes('"masquerade"'));

describe.skipIf(gate.skip)(
  `guest networking in network namespaces${gate.skip ? ` (skipped: ${gate.reason})` : ''}`,
  () => {
    let lab: NetworkLab;
    let guestIp: string;
    let peerB: Netns;
    const forwardUrl = `http://${HOST_ADDRESS}:8080/`;

    beforeAll(async () => {
      if (gate.skip) return;
      lab = await createNetworkLab(gate.guest);
    }, 120_000);
    afterAll(async () => {
      await lab?.destroy();
    }, 60_000);

    it("gives a guest a lease from the network's dnsmasq, listed with its VM, and the guest reaches its gateway", async () => {
      const created = await lab.api('POST', '/networks', {
        name: 'e2ea',
        mode: 'nat',
        subnet: '10.77.1.0/24',
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        subnet: '10.77.1.0/24',
        gateway: '10.77.1.1',
        bridge: 'hv-e2ea',
        state: 'active',
      });
      expect((await lab.api('POST', '/vms', netGuestVm(lab.guest, 'web', 'e2ea'))).status).toBe(201);
      const mac = (await lab.api('GET', '/vms/web')).body.devices.network[0].mac as string;
      expect(mac).toMatch(/^[0-9a-f]{2}(:[0-9a-f]{2}){5}$/);
      expect((await lab.api('POST', '/vms/web/start')).body.state).toBe('RUNNING');

      guestIp = await lab.consoleLine('web', lab.guest.net.address);
      expect(guestIp).toMatch(/^10\.77\.1\.\d+$/);
      const lease = await until('the lease in GET /dhcp', async () => {
        const leases = (await lab.api('GET', '/networks/e2ea/dhcp')).body.leases as {
          ip: string;
          expires_at: string;
        }[];
        return leases.find((l) => l.ip === guestIp);
      });
      expect(lease).toMatchObject({ mac, ip: guestIp, hostname: 'web', vm: 'web', nic: 0 });
      expect(Date.parse(lease.expires_at)).toBeGreaterThan(Date.now());
      expect(await lab.consoleLine('web', lab.guest.net.gateway)).toBe('ok');
    }, 180_000);

    it("forwards the host's port to the guest's HTTP server; a drop rule stops it and counts, deleting it lets it through", async () => {
      const forward = await lab.api('POST', '/networks/e2ea/forwards', {
        protocol: 'tcp',
        listen_address: HOST_ADDRESS,
        listen_port: 8080,
        vm: 'web',
        guest_port: 80,
      });
      expect(forward.status).toBe(201);
      expect(forward.body).toMatchObject({ id: expect.any(String), guest_address: guestIp });
      const marker = `${lab.guest.net.http} web ${guestIp}`;
      expect((await until('the guest through the forward', () => lab.clientGet(forwardUrl)))?.trim()).toBe(
        marker,
      );

      const drop = await lab.api('POST', '/networks/e2ea/rules', {
        direction: 'in',
        action: 'drop',
        protocol: 'tcp',
        ports: '80',
        comment: 'e2e: the web port shut',
      });
      expect(drop.status).toBe(201);
      expect(await lab.clientGet(forwardUrl, 2)).toBeNull();
      const rules = (await lab.api('GET', '/networks/e2ea/rules')).body.rules as {
        id: string;
        packets: number;
        bytes: number;
      }[];
      const counted = rules.find((r) => r.id === drop.body.id);
      expect(counted?.packets).toBeGreaterThan(0);
      expect(counted?.bytes).toBeGreaterThan(0);

      expect((await lab.api('DELETE', `/networks/e2ea/rules/${drop.body.id}`)).status).toBe(200);
      expect((await lab.clientGet(forwardUrl))?.trim()).toBe(marker);
    }, 120_000);

    it('keeps two networks apart, both ways, though the outside reaches each', async () => {
      expect(
        (await lab.api('POST', '/networks', { name: 'e2eb', mode: 'nat', subnet: '10.77.2.0/24' })).status,
      ).toBe(201);
      peerB = await lab.attach('hv-e2eb', '10.77.2.50/24', '10.77.2.1');
      expect(await pings(peerB, '10.77.2.1')).toBe(true);
      // With A open to inbound traffic the outside reaches the guest directly (routed by the
      // client to the host); B's traffic takes the same path and must still be refused.
      expect((await lab.api('PATCH', '/networks/e2ea', { default_inbound: 'accept' })).status).toBe(200);
      const direct = `http://${guestIp}/`;
      expect((await until('the guest from the outside', () => lab.clientGet(direct)))?.trim()).toContain(
        guestIp,
      );
      expect(await httpGet(peerB, direct, 2)).toBeNull();
      expect(await pings(peerB, guestIp)).toBe(false);
      expect((await lab.api('PATCH', '/networks/e2ea', { default_inbound: 'drop' })).status).toBe(200);
      expect(await lab.clientGet(direct, 2)).toBeNull();

      // The other way: a machine on A cannot reach B's, which the outside reaches with B open.
      const peerA = await lab.attach('hv-e2ea', '10.77.1.60/24', '10.77.1.1');
      expect((await lab.api('PATCH', '/networks/e2eb', { default_inbound: 'accept' })).status).toBe(200);
      expect(await until('the machine on B from the outside', () => pings(lab.client, '10.77.2.50'))).toBe(
        true,
      );
      expect(await pings(peerA, '10.77.1.1')).toBe(true);
      expect(await pings(peerA, '10.77.2.50')).toBe(false);
      expect((await lab.api('PATCH', '/networks/e2eb', { default_inbound: 'drop' })).status).toBe(200);
    }, 120_000);

    it('masquerades a nat network to the outside and not an isolated one, which reaches only the host', async () => {
      expect(
        (await lab.api('POST', '/networks', { name: 'e2ec', mode: 'isolated', subnet: '10.77.3.0/24' }))
          .status,
      ).toBe(201);
      const peerC = await lab.attach('hv-e2ec', '10.77.3.50/24', '10.77.3.1');
      expect(await pings(peerC, '10.77.3.1')).toBe(true);
      // The client answers with the address a connection came from: from the nat network it is
      // the host's (masqueraded), not the machine's own; the isolated network gets nowhere.
      const echo = await lab.clientEcho(9090);
      try {
        expect(await httpGet(peerB, `http://${CLIENT_ADDRESS}:9090/`)).toBe(HOST_ADDRESS);
        expect(await httpGet(peerC, `http://${CLIENT_ADDRESS}:9090/`, 2)).toBeNull();
        expect(await pings(peerC, CLIENT_ADDRESS)).toBe(false);
      } finally {
        echo.kill();
      }

      const masquerading = masquerades(await lab.nftTable());
      const mentions = (subnet: string, bridge: string) =>
        masquerading.filter((rule) => rule.includes(`"${subnet}"`) || rule.includes(`"${bridge}"`));
      expect(mentions('10.77.1.0', 'hv-e2ea').length).toBeGreaterThan(0);
      expect(mentions('10.77.2.0', 'hv-e2eb').length).toBeGreaterThan(0);
      expect(mentions('10.77.3.0', 'hv-e2ec')).toEqual([]);
    }, 120_000);
  },
);
