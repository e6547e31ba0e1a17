/**
 * The network routes over the Unix socket of an in-process service with the simulated VM driver
 * and a recording simulated network driver: the issue's bad-input table, rules, forwards and
 * leases as the API shows them, 503 where the driver cannot work, events and audit.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from '@lab/server-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_RULES_PER_NETWORK } from '../../src/domain/network-definition.js';
import { readHostRoutes } from '../../src/drivers/network/host-routes.js';
import { startTestService, type TestService } from '../support/in-process.js';
import { createRecordingNetworkDriver } from '../support/recording-network-driver.js';
import { socketApi } from '../support/socket-client.js';

let service: TestService;
const driver = createRecordingNetworkDriver();
const api = (method: string, path: string, body?: unknown) => socketApi(service.runDir, method, path, body);

const vm = (name: string, network: object[]) => ({
  name,
  cpu: { count: 1 },
  memory: { size: '64M' },
  boot: { kernel: 'vmlinuz' },
  devices: { network },
});

beforeAll(async () => {
  service = await startTestService({ networkDriver: driver });
  mkdirSync(join(service.dataDir, 'boot'), { recursive: true });
  writeFileSync(join(service.dataDir, 'boot', 'vmlinuz'), 'kernel');
});
afterAll(async () => service?.close());

describe('network routes', () => {
  it('creates a network: 201 with its subnet and a Location; lists and reads it', async () => {
    const created = await api('POST', '/networks', { name: 'lan', mode: 'nat', subnet: '10.231.7.0/24' });
    expect(created.status).toBe(201);
    expect(created.headers.location).toBe('/api/v1/networks/lan');
    expect(created.body).toMatchObject({
      name: 'lan',
      subnet: '10.231.7.0/24',
      gateway: '10.231.7.1',
      bridge: 'hv-lan',
      state: 'active',
      dhcp: { enabled: true, range_start: '10.231.7.128', range_end: '10.231.7.254', lease_time: 3600 },
      dns: { domain: 'lan.internal' },
    });
    expect((await api('GET', '/networks')).body.networks.map((n: { name: string }) => n.name)).toContain(
      'lan',
    );
    expect((await api('GET', '/networks/lan')).body).toMatchObject({ name: 'lan', vms: [] });
    expect((await api('GET', '/networks/nope')).body.error.code).toBe('NETWORK_NOT_FOUND');
    const audit = await api('GET', '/audit/events?resource=network/lan');
    expect(audit.body.events[0]).toMatchObject({ method: 'POST', status: 201, outcome: 'success' });
  });

  it.each([
    [
      'a subnet overlapping another network',
      { name: 'b1', mode: 'nat', subnet: '10.231.0.0/16' },
      409,
      'NETWORK_OVERLAP',
      'subnet',
    ],
    [
      'a CIDR with host bits',
      { name: 'b2', mode: 'nat', subnet: '10.232.0.1/24' },
      400,
      'VALIDATION_ERROR',
      'subnet',
    ],
    [
      'a CIDR that is none',
      { name: 'b3', mode: 'nat', subnet: '10.232.0.0' },
      400,
      'VALIDATION_ERROR',
      'subnet',
    ],
    [
      'a prefix too short',
      { name: 'b4', mode: 'nat', subnet: '10.0.0.0/8' },
      400,
      'VALIDATION_ERROR',
      'subnet',
    ],
    ['a name past 12 characters', { name: 'a-long-name-x', mode: 'nat' }, 400, 'VALIDATION_ERROR', 'name'],
    ['a name with capitals', { name: 'Lan', mode: 'nat' }, 400, 'VALIDATION_ERROR', 'name'],
    ['an MTU too small', { name: 'b5', mode: 'nat', mtu: 500 }, 400, 'VALIDATION_ERROR', 'mtu'],
    [
      'a lease too short',
      { name: 'b6', mode: 'nat', dhcp: { lease_time: 60 } },
      400,
      'VALIDATION_ERROR',
      'dhcp.lease_time',
    ],
  ])('refuses %s', async (_what, body, status, code, field) => {
    const refused = await api('POST', '/networks', body);
    expect(refused.status).toBe(status);
    expect(refused.body.error).toMatchObject({ code, details: { field } });
  });

  it('says what a CIDR with host bits should have been, and how long a name may be', async () => {
    const cidr = await api('POST', '/networks', { name: 'b2', mode: 'nat', subnet: '10.232.0.1/24' });
    expect(cidr.body.error.message).toBe(
      "subnet: '10.232.0.1/24' has host bits set: the network of 10.232.0.1/24 is 10.232.0.0/24",
    );
    const long = await api('POST', '/networks', { name: 'a-long-name-x', mode: 'nat' });
    expect(long.body.error.message).toMatch(
      /'hv-a-long-name-x' would have 16, past the kernel's 15.*at most 12$/,
    );
  });

  it("refuses a subnet overlapping one of the host's routes", async () => {
    // The loopback route (table local) is on every host.
    const routes = await readHostRoutes();
    expect(routes.some((r) => r.dst === '127.0.0.0/8')).toBe(true);
    const refused = await api('POST', '/networks', { name: 'lo-ish', mode: 'nat', subnet: '127.1.0.0/24' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'NETWORK_OVERLAP', details: { field: 'subnet' } });
    expect(refused.body.error.message).toMatch(/a route of the host \(127\.0\.0\.0\/8 dev lo\)/);
  });

  it('refuses a VM on a network that does not exist, and one with a reserved address outside', async () => {
    const ghost = await api('POST', '/vms', vm('ghost1', [{ type: 'virtio-net', network: 'ghost' }]));
    expect(ghost.status).toBe(400);
    expect(ghost.body.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: "devices.network.0.network: network 'ghost' does not exist",
      details: { field: 'devices.network.0.network' },
    });
    const outside = await api(
      'POST',
      '/vms',
      vm('out1', [{ type: 'virtio-net', network: 'lan', ip: '10.9.9.9' }]),
    );
    expect(outside.status).toBe(400);
    expect(outside.body.error.details.field).toBe('devices.network.0.ip');
  });

  it('adds, lists with counters, moves and deletes rules', async () => {
    expect(
      (await api('POST', '/vms', vm('web1', [{ type: 'virtio-net', network: 'lan', ip: '10.231.7.10' }])))
        .status,
    ).toBe(201);
    const web = await api('POST', '/networks/lan/rules', {
      direction: 'in',
      action: 'accept',
      protocol: 'tcp',
      ports: '80',
      vm: 'web1',
      comment: 'the web',
    });
    expect(web.status).toBe(201);
    expect(web.body).toMatchObject({ position: 0, ports: '80', vm: 'web1', packets: 0, bytes: 0 });
    const drop = await api('POST', '/networks/lan/rules', {
      direction: 'in',
      action: 'drop',
      protocol: 'any',
      position: 0,
    });
    expect(drop.body.position).toBe(0);
    driver.counterTable.set('lan', new Map([[web.body.id, { packets: 7, bytes: 420 }]]));
    const list = await api('GET', '/networks/lan/rules');
    expect(
      list.body.rules.map((r: { id: string; position: number; packets: number }) => [
        r.id,
        r.position,
        r.packets,
      ]),
    ).toEqual([
      [drop.body.id, 0, 0],
      [web.body.id, 1, 7],
    ]);
    expect(driver.applied.at(-1)?.rules[1]).toMatchObject({ vmAddresses: ['10.231.7.10'] });
    const moved = await api('PATCH', `/networks/lan/rules/${drop.body.id}`, { position: 1, comment: null });
    expect(moved.body).toMatchObject({ position: 1, comment: null });
    expect((await api('DELETE', `/networks/lan/rules/${drop.body.id}`)).status).toBe(200);
    expect((await api('DELETE', `/networks/lan/rules/${drop.body.id}`)).body.error.code).toBe(
      'RULE_NOT_FOUND',
    );
    expect((await api('GET', '/networks/lan')).body).toMatchObject({ rules: 1, vms: ['web1'] });
  });

  it('refuses a rule on a VM not on the network, ports out of range, and a rule past the limit', async () => {
    await api('POST', '/networks', { name: 'dmz', mode: 'isolated', subnet: '10.231.8.0/24' });
    const notOn = await api('POST', '/networks/dmz/rules', {
      direction: 'in',
      action: 'drop',
      protocol: 'tcp',
      vm: 'web1',
    });
    expect(notOn.status).toBe(400);
    expect(notOn.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'vm' } });
    expect(notOn.body.error.message).toBe("vm: VM 'web1' has no NIC on network 'dmz'");
    const ports = await api('POST', '/networks/dmz/rules', {
      direction: 'in',
      action: 'drop',
      protocol: 'tcp',
      ports: '65536',
    });
    expect(ports.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'ports' } });

    // The limit, filled through the table as 4,096 requests would take long.
    const db = openDatabase(join(service.dataDir, 'hypervisor.db'), {
      namespace: 'hypervisor',
      migrations: [],
    });
    const insert = db.prepare(
      `INSERT INTO network_rules (id, network, position, direction, action, protocol, created_at)
       VALUES (?, 'dmz', ?, 'in', 'drop', 'any', '2026-11-26T00:00:00.000Z')`,
    );
    for (let i = 0; i < MAX_RULES_PER_NETWORK; i += 1) insert.run(`filler-${i}`, i);
    db.close();
    const over = await api('POST', '/networks/dmz/rules', {
      direction: 'in',
      action: 'drop',
      protocol: 'any',
    });
    expect(over.status).toBe(409);
    expect(over.body.error.code).toBe('NETWORK_LIMIT_REACHED');
    expect(over.body.error.message).toBe("the rules of network 'dmz' has reached its limit of 4096");
  });

  it('forwards a port to a VM, refusing a taken port, one out of range and a VM with no address', async () => {
    const added = await api('POST', '/networks/lan/forwards', {
      protocol: 'tcp',
      listen_port: 8080,
      vm: 'web1',
      guest_port: 80,
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      listen_address: null,
      listen_port: 8080,
      guest_port: 80,
      guest_address: '10.231.7.10',
    });
    const taken = await api('POST', '/networks/lan/forwards', {
      protocol: 'tcp',
      listen_address: '127.0.0.1',
      listen_port: 8080,
      vm: 'web1',
      guest_port: 81,
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({ code: 'FORWARD_PORT_TAKEN', details: { field: 'listen_port' } });
    const foreign = await api('POST', '/networks/lan/forwards', {
      protocol: 'tcp',
      listen_address: '198.51.100.7',
      listen_port: 8081,
      vm: 'web1',
      guest_port: 80,
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error).toMatchObject({
      message: "listen_address: '198.51.100.7' is not an address of this host (no local route covers it)",
      details: { field: 'listen_address' },
    });
    const range = await api('POST', '/networks/lan/forwards', {
      protocol: 'tcp',
      listen_port: 0,
      vm: 'web1',
      guest_port: 80,
    });
    expect(range.status).toBe(400);
    expect(range.body.error.details.field).toBe('listen_port');

    expect((await api('POST', '/vms', vm('db1', [{ type: 'virtio-net', network: 'lan' }]))).status).toBe(201);
    const none = await api('POST', '/networks/lan/forwards', {
      protocol: 'tcp',
      listen_port: 5432,
      vm: 'db1',
      guest_port: 5432,
    });
    expect(none.status).toBe(409);
    expect(none.body.error.code).toBe('FORWARD_NO_ADDRESS');
    expect(none.body.error.message).toMatch(/^VM 'db1' has no reserved or leased address on network 'lan'/);

    expect((await api('GET', '/networks/lan/forwards')).body.forwards).toHaveLength(1);
    expect((await api('DELETE', `/networks/lan/forwards/${added.body.id}`)).status).toBe(200);
    expect((await api('GET', '/networks/lan/forwards')).body.forwards).toEqual([]);
  });

  it('lists the DHCP leases with the VM and NIC each belongs to', async () => {
    const db1 = await api('GET', '/vms/db1');
    const mac = db1.body.devices.network[0].mac as string;
    driver.leaseTable.set('lan', [
      { mac, ip: '10.231.7.130', hostname: 'db1', expiresAt: '2026-11-26T20:00:00.000Z' },
      { mac: '52:54:00:00:00:99', ip: '10.231.7.131', hostname: null, expiresAt: null },
    ]);
    expect((await api('GET', '/networks/lan/dhcp')).body.leases).toEqual([
      { mac, ip: '10.231.7.130', hostname: 'db1', expires_at: '2026-11-26T20:00:00.000Z', vm: 'db1', nic: 0 },
      { mac: '52:54:00:00:00:99', ip: '10.231.7.131', hostname: null, expires_at: null, vm: null, nic: null },
    ]);
  });

  it('refuses to delete a network VMs are on, then deletes it once they are gone', async () => {
    const inUse = await api('DELETE', '/networks/lan');
    expect(inUse.status).toBe(409);
    expect(inUse.body.error.code).toBe('NETWORK_IN_USE');
    expect(inUse.body.error.message).toMatch(/VM\(s\) 'db1', 'web1' have a NIC on it/);
    for (const name of ['web1', 'db1']) expect((await api('DELETE', `/vms/${name}`)).status).toBe(200);
    const gone = await api('DELETE', '/networks/lan');
    expect(gone.status).toBe(200);
    expect(gone.body).toEqual({ name: 'lan', deleted: true });
    expect(driver.calls.at(-1)).toBe('remove lan');
  });

  it('answers 503 NETWORK_UNAVAILABLE on changes when the driver cannot work, and keeps reading', async () => {
    driver.availabilityNow = { available: false, reason: 'not root and no CAP_NET_ADMIN (missing: nft)' };
    try {
      const refused = await api('POST', '/networks', { name: 'x', mode: 'nat' });
      expect(refused.status).toBe(503);
      expect(refused.body.error).toMatchObject({
        code: 'NETWORK_UNAVAILABLE',
        message: 'networks cannot be changed on this host: not root and no CAP_NET_ADMIN (missing: nft)',
      });
      expect((await api('PATCH', '/networks/dmz', { mtu: 1400 })).status).toBe(503);
      const read = await api('GET', '/networks/dmz');
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({
        state: 'down',
        reason: 'not root and no CAP_NET_ADMIN (missing: nft)',
      });
      expect((await api('GET', '/vms')).status).toBe(200);
    } finally {
      driver.availabilityNow = { available: true };
    }
  });

  it('documents its limits in the OpenAPI document', async () => {
    const doc = (await service.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    expect(doc.paths['/api/v1/networks'].post.description).toMatch(/At most 64 networks/);
    expect(doc.paths['/api/v1/networks/{name}/rules'].post.description).toMatch(
      /At most 4096 rules a network/,
    );
    expect(doc.paths['/api/v1/networks/{name}/forwards'].post.description).toMatch(/At most 256 forwards/);
  });
});
