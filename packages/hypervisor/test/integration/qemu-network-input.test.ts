/**
 * The bad-input table over the real service, its networks on real kernel objects inside
 * namespaces of the test's own (support/network-lab.ts): each refusal comes in the error envelope
 * with its status, its code and the field in `details`, and leaves the kernel as it was.
 */
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_RULES_PER_NETWORK } from '../../src/domain/network-definition.js';
import { requireTestGuest, type GuestGate } from '../support/guest.js';
import {
  bridges,
  createNetworkLab,
  HOST_ADDRESS,
  netGuestVm,
  nftContent,
  type NetworkLab,
} from '../support/network-lab.js';
import { netnsGate } from '../support/netns.js';

const tools = netnsGate(['nft', 'dnsmasq', 'qemu-system-x86_64']);
const gate: GuestGate = tools.skip ? { skip: true, reason: tools.reason } : await requireTestGuest();

const RULE = { direction: 'in', action: 'drop', protocol: 'tcp', ports: '22' };

describe.skipIf(gate.skip)(
  `bad input to the network routes of the real service${gate.skip ? ` (skipped: ${gate.reason})` : ''}`,
  () => {
    let lab: NetworkLab;

    beforeAll(async () => {
      if (gate.skip) return;
      lab = await createNetworkLab(gate.guest);
      expect(
        (await lab.api('POST', '/networks', { name: 'inp', mode: 'nat', subnet: '10.77.6.0/24' })).status,
      ).toBe(201);
      // A VM with a reserved address can have a forward without being started.
      expect(
        (await lab.api('POST', '/vms', netGuestVm(lab.guest, 'fw', 'inp', { ip: '10.77.6.10' }))).status,
      ).toBe(201);
      const first = await lab.api('POST', '/networks/inp/forwards', {
        protocol: 'tcp',
        listen_address: HOST_ADDRESS,
        listen_port: 8080,
        vm: 'fw',
        guest_port: 80,
      });
      expect(first.status).toBe(201);
    }, 120_000);
    afterAll(async () => {
      await lab?.destroy();
    }, 60_000);

    type Body = Record<string, unknown> | (() => Record<string, unknown>);
    const cases: [string, string, string, Body, number, string, string][] = [
      [
        "a subnet overlapping another network's",
        'POST',
        '/networks',
        { name: 'inp2', mode: 'nat', subnet: '10.77.6.128/25' },
        409,
        'NETWORK_OVERLAP',
        'subnet',
      ],
      [
        "a subnet overlapping a route of the host (the lab's veth)",
        'POST',
        '/networks',
        { name: 'inp2', mode: 'nat', subnet: '192.168.250.0/24' },
        409,
        'NETWORK_OVERLAP',
        'subnet',
      ],
      [
        'a CIDR with host bits',
        'POST',
        '/networks',
        { name: 'inp2', mode: 'nat', subnet: '10.77.7.1/24' },
        400,
        'VALIDATION_ERROR',
        'subnet',
      ],
      [
        'a CIDR that is no CIDR',
        'POST',
        '/networks',
        { name: 'inp2', mode: 'nat', subnet: '10.77.300.0/24' },
        400,
        'VALIDATION_ERROR',
        'subnet',
      ],
      [
        'a rule source with a prefix past 32',
        'POST',
        '/networks/inp/rules',
        { ...RULE, source: '10.0.0.0/33' },
        400,
        'VALIDATION_ERROR',
        'source',
      ],
      [
        "a name whose bridge (hv-<name>) would pass the kernel's 15 characters",
        'POST',
        '/networks',
        { name: 'abcdefghijklm', mode: 'nat', subnet: '10.77.7.0/24' },
        400,
        'VALIDATION_ERROR',
        'name',
      ],
      [
        'a listen port already forwarded',
        'POST',
        '/networks/inp/forwards',
        { protocol: 'tcp', listen_address: HOST_ADDRESS, listen_port: 8080, vm: 'fw', guest_port: 81 },
        409,
        'FORWARD_PORT_TAKEN',
        'listen_port',
      ],
      [
        'a listen port outside 1-65535',
        'POST',
        '/networks/inp/forwards',
        { protocol: 'tcp', listen_port: 65536, vm: 'fw', guest_port: 80 },
        400,
        'VALIDATION_ERROR',
        'listen_port',
      ],
      [
        'a VM on a network that does not exist',
        'POST',
        '/vms',
        () => netGuestVm(lab.guest, 'lost', 'nowhere'),
        400,
        'VALIDATION_ERROR',
        'devices.network.0.network',
      ],
    ];

    it.each(cases)('refuses %s', async (_what, method, path, body, status, code, field) => {
      const table = nftContent(await lab.nftTable());
      const refused = await lab.api(method, path, typeof body === 'function' ? body() : body);
      expect(refused.status).toBe(status);
      expect(refused.body.error).toMatchObject({ code, message: expect.any(String), details: { field } });
      expect(nftContent(await lab.nftTable())).toEqual(table);
    });

    it('takes a name of 12 characters, whose bridge has the 15 the kernel allows', async () => {
      const made = await lab.api('POST', '/networks', {
        name: 'abcdefghijkl',
        mode: 'isolated',
        subnet: '10.77.8.0/24',
      });
      expect(made.status).toBe(201);
      expect((await bridges(lab.host)).has('hv-abcdefghijkl')).toBe(true);
      expect((await lab.api('DELETE', '/networks/abcdefghijkl')).status).toBe(200);
      expect((await bridges(lab.host)).has('hv-abcdefghijkl')).toBe(false);
    });

    it(`refuses a rule past the limit of ${MAX_RULES_PER_NETWORK} a network, which the kernel holds`, async () => {
      // The rules are filled in through the database while the service is down, as 4,096 requests
      // would take minutes; the restart applies them all to nftables.
      await lab.service().stop('SIGKILL');
      const db = new Database(lab.database);
      try {
        const insert = db.prepare(
          `INSERT INTO network_rules (id, network, position, direction, action, protocol, ports, created_at)
           VALUES (?, 'inp', ?, 'in', 'drop', 'tcp', ?, '2026-11-26T00:00:00.000Z')`,
        );
        db.transaction(() => {
          for (let i = 0; i < MAX_RULES_PER_NETWORK; i += 1) insert.run(`filler-${i}`, i, String(10_000 + i));
        })();
      } finally {
        db.close();
      }
      await lab.start();
      const rules = (await lab.api('GET', '/networks/inp/rules')).body.rules as { ports: string }[];
      expect(rules).toHaveLength(MAX_RULES_PER_NETWORK);
      const table = JSON.stringify(await lab.nftTable());
      expect(table).toContain('10000');
      expect(table).toContain(String(10_000 + MAX_RULES_PER_NETWORK - 1));

      const over = await lab.api('POST', '/networks/inp/rules', RULE);
      expect(over.status).toBe(409);
      expect(over.body.error).toMatchObject({
        code: 'NETWORK_LIMIT_REACHED',
        message: expect.stringContaining(String(MAX_RULES_PER_NETWORK)),
      });
      expect((await lab.api('GET', '/networks/inp')).body.rules).toBe(MAX_RULES_PER_NETWORK);
    }, 120_000);
  },
);
