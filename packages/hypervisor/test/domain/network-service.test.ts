/**
 * The network core over an in-memory database and a recording simulated driver: what it stores,
 * the specs it hands the driver on every change, its refusals, the VM port (NICs resolved,
 * taps plugged), lease events and recovery at start.
 */
import { createLogger, openDatabase, type BusEvent } from '@lab/server-kit';
import { describe, expect, it } from 'vitest';
import type { NetworkSpec } from '../../src/drivers/network/network-driver.js';
import { tapName } from '../../src/drivers/network/network-driver.js';
import {
  MAX_FORWARDS_PER_NETWORK,
  MAX_NETWORKS,
  MAX_RULES_PER_NETWORK,
} from '../../src/domain/network-definition.js';
import { createNetworkService, hostnameOf } from '../../src/domain/network-service.js';
import type { HostRoute } from '../../src/domain/subnets.js';
import type { NetworkDevice, VmState } from '../../src/domain/vm-definition.js';
import { createAuditLog } from '../../src/store/audit.js';
import { MIGRATIONS } from '../../src/store/database.js';
import { createEventLog } from '../../src/store/events.js';
import { createNetworkRepository } from '../../src/store/networks.js';
import { createUnitOfWork } from '../../src/store/unit-of-work.js';
import { createVmRepository, newVmRecord } from '../../src/store/vms.js';
import { REQUEST } from '../support/core.js';
import { createRecordingNetworkDriver } from '../support/recording-network-driver.js';

const AT = '2026-11-26T00:00:00.000Z';

function setUp(routes: HostRoute[] = []) {
  const db = openDatabase(':memory:', { namespace: 'hypervisor', migrations: MIGRATIONS });
  const events = createEventLog(db);
  const audit = createAuditLog(db);
  const published: BusEvent[] = [];
  events.subscribe((event) => published.push(event));
  const unitOfWork = createUnitOfWork(db, events, audit);
  const vms = createVmRepository(db);
  const driver = createRecordingNetworkDriver();
  const service = createNetworkService({
    networks: createNetworkRepository(db),
    vms,
    driver,
    unitOfWork,
    hostRoutes: async () => routes,
    logger: createLogger({ service: 'test', level: 'silent' }),
  });
  /** A VM stored with these NICs (as the VM core stores them, resolved by the port). */
  const addVm = (name: string, nics: NetworkDevice[], state: VmState = 'CREATED') => {
    const uuid = `${name
      .padEnd(8, '0')
      .slice(0, 8)
      .replace(/[^0-9a-f]/g, 'a')}-0000-4000-8000-000000000000`;
    const network = service.resolveNics({ name, uuid }, nics);
    vms.insert(
      newVmRecord(
        {
          name,
          uuid,
          state,
          definition: {
            cpu: { count: 1 },
            memory: { size: '64M' },
            devices: { storage: [], network },
            boot: null,
          },
        },
        AT,
      ),
    );
    return { name, uuid, network };
  };
  const lastSpec = (name: string): NetworkSpec => driver.applied.filter((s) => s.name === name).at(-1)!;
  return { db, audit, published, driver, service, vms, addVm, lastSpec };
}

const nic = (network: string, extra: Partial<NetworkDevice> = {}): NetworkDevice => ({
  type: 'virtio-net',
  network,
  ...extra,
});

const codeOf = async (work: Promise<unknown>) => {
  try {
    await work;
  } catch (error) {
    const e = error as { code: string; details?: Record<string, unknown> };
    return { code: e.code, field: e.details?.field };
  }
  throw new Error('expected a refusal');
};

describe('network service', () => {
  it('creates a network with defaults, applies it and records event and audit', async () => {
    const { service, driver, published, audit } = setUp();
    const created = await service.create({ name: 'lan', mode: 'nat' }, REQUEST);
    expect(created).toMatchObject({
      name: 'lan',
      mode: 'nat',
      subnet: '10.100.0.0/24',
      gateway: '10.100.0.1',
      bridge: 'hv-lan',
      mtu: 1500,
      dhcp: { enabled: true, range_start: '10.100.0.128', range_end: '10.100.0.254', lease_time: 3600 },
      dns: { domain: 'lan.internal' },
      default_inbound: 'drop',
      state: 'active',
      reason: null,
      vms: [],
      rules: 0,
      forwards: 0,
    });
    expect(driver.applied).toEqual([
      {
        name: 'lan',
        bridge: 'hv-lan',
        mode: 'nat',
        subnet: '10.100.0.0/24',
        gateway: '10.100.0.1',
        mtu: 1500,
        dhcp: { enabled: true, rangeStart: '10.100.0.128', rangeEnd: '10.100.0.254', leaseSeconds: 3600 },
        dnsDomain: 'lan.internal',
        defaultInbound: 'drop',
        rules: [],
        forwards: [],
        reservations: [],
      },
    ]);
    expect(published.map((e) => e.kind)).toEqual(['network.created']);
    expect(published[0]!.data).toMatchObject({ network: 'lan', subnet: '10.100.0.0/24', mode: 'nat' });
    expect(audit.query({ limit: 10 })).toHaveLength(1);
    // The next network gets the next free /24.
    expect((await service.create({ name: 'dmz', mode: 'isolated' }, null)).subnet).toBe('10.100.1.0/24');
  });

  it('refuses overlapping subnets, host routes, bad CIDRs and long names, with the field', async () => {
    const { service } = setUp([
      { dst: '192.168.1.0/24', dev: 'eth0', type: 'unicast' },
      { dst: 'default', dev: 'eth0', type: 'unicast' },
    ]);
    await service.create({ name: 'lan', mode: 'nat', subnet: '10.20.0.0/16' }, null);
    expect(await codeOf(service.create({ name: 'b', mode: 'nat', subnet: '10.20.30.0/24' }, null))).toEqual({
      code: 'NETWORK_OVERLAP',
      field: 'subnet',
    });
    expect(await codeOf(service.create({ name: 'b', mode: 'nat', subnet: '192.168.0.0/16' }, null))).toEqual({
      code: 'NETWORK_OVERLAP',
      field: 'subnet',
    });
    expect(await codeOf(service.create({ name: 'b', mode: 'nat', subnet: '10.30.0.1/24' }, null))).toEqual({
      code: 'VALIDATION_ERROR',
      field: 'subnet',
    });
    expect(await codeOf(service.create({ name: 'b', mode: 'nat', subnet: '10.30.0.0/30' }, null))).toEqual({
      code: 'VALIDATION_ERROR',
      field: 'subnet',
    });
    expect(await codeOf(service.create({ name: 'abcdefghijklm', mode: 'nat' }, null))).toEqual({
      code: 'VALIDATION_ERROR',
      field: 'name',
    });
    await expect(service.create({ name: 'abcdefghijkl', mode: 'nat' }, null)).resolves.toMatchObject({
      bridge: 'hv-abcdefghijkl',
    });
    expect(await codeOf(service.create({ name: 'lan', mode: 'nat' }, null))).toMatchObject({
      code: 'NETWORK_ALREADY_EXISTS',
    });
    expect(
      await codeOf(
        service.create(
          {
            name: 'c',
            mode: 'nat',
            subnet: '10.40.0.0/24',
            dhcp: { range_start: '10.40.0.9', range_end: '10.40.0.5' },
          },
          null,
        ),
      ),
    ).toEqual({ code: 'VALIDATION_ERROR', field: 'dhcp.range_end' });
  });

  it(`holds at most ${MAX_NETWORKS} networks`, async () => {
    const { service } = setUp();
    for (let i = 0; i < MAX_NETWORKS; i += 1) await service.create({ name: `n${i}`, mode: 'isolated' }, null);
    expect(await codeOf(service.create({ name: 'one-more', mode: 'nat' }, null))).toMatchObject({
      code: 'NETWORK_LIMIT_REACHED',
    });
  });

  it('answers 503 NETWORK_UNAVAILABLE for changes when the driver cannot work, and still reads', async () => {
    const { service, driver } = setUp();
    await service.create({ name: 'lan', mode: 'nat' }, null);
    driver.availabilityNow = { available: false, reason: 'not root and no CAP_NET_ADMIN' };
    const refused = service.create({ name: 'dmz', mode: 'nat' }, null);
    await expect(refused).rejects.toMatchObject({
      code: 'NETWORK_UNAVAILABLE',
      message: 'networks cannot be changed on this host: not root and no CAP_NET_ADMIN',
    });
    expect(
      await codeOf(service.addRule('lan', { direction: 'in', action: 'drop', protocol: 'any' }, null)),
    ).toMatchObject({
      code: 'NETWORK_UNAVAILABLE',
    });
    expect(await service.get('lan')).toMatchObject({
      state: 'down',
      reason: 'not root and no CAP_NET_ADMIN',
    });
    expect(await service.rules('lan')).toEqual([]);
  });

  it('adds, moves and deletes rules with dense positions, one apply each, in order', async () => {
    const { service, driver, lastSpec, published } = setUp();
    await service.create({ name: 'lan', mode: 'nat' }, null);
    const web = await service.addRule(
      'lan',
      { direction: 'in', action: 'accept', protocol: 'tcp', ports: '80' },
      null,
    );
    const ssh = await service.addRule(
      'lan',
      { direction: 'in', action: 'accept', protocol: 'tcp', ports: '22', source: '192.168.0.7' },
      null,
    );
    const first = await service.addRule(
      'lan',
      {
        direction: 'in',
        action: 'drop',
        protocol: 'udp',
        ports: '8000-8100',
        position: 0,
        comment: 'no games',
      },
      null,
    );
    expect(first).toMatchObject({ position: 0, ports: '8000-8100', packets: 0, bytes: 0 });
    expect((await service.rules('lan')).map((r) => [r.id, r.position])).toEqual([
      [first.id, 0],
      [web.id, 1],
      [ssh.id, 2],
    ]);
    expect(lastSpec('lan').rules.map((r) => r.id)).toEqual([first.id, web.id, ssh.id]);
    expect(lastSpec('lan').rules[2]).toMatchObject({ source: '192.168.0.7/32', ports: { from: 22, to: 22 } });
    expect(lastSpec('lan').rules[0]).toMatchObject({ ports: { from: 8000, to: 8100 }, comment: 'no games' });

    const applies = driver.applied.length;
    const moved = await service.updateRule('lan', first.id, { position: 2, action: 'reject' }, null);
    expect(moved).toMatchObject({ position: 2, action: 'reject' });
    expect(driver.applied.length).toBe(applies + 1);
    expect(lastSpec('lan').rules.map((r) => r.id)).toEqual([web.id, ssh.id, first.id]);

    // A protocol without ports drops them.
    expect(await service.updateRule('lan', web.id, { protocol: 'icmp' }, null)).toMatchObject({
      ports: null,
    });
    await service.removeRule('lan', ssh.id, null);
    expect((await service.rules('lan')).map((r) => [r.id, r.position])).toEqual([
      [web.id, 0],
      [first.id, 1],
    ]);
    expect(published.map((e) => e.kind).filter((k) => k.startsWith('network.rule'))).toEqual([
      'network.rule_added',
      'network.rule_added',
      'network.rule_added',
      'network.rule_updated',
      'network.rule_updated',
      'network.rule_deleted',
    ]);
    expect(await codeOf(service.removeRule('lan', ssh.id, null))).toMatchObject({ code: 'RULE_NOT_FOUND' });
  });

  it('refuses bad rules with the field that is wrong', async () => {
    const { service, addVm } = setUp();
    await service.create({ name: 'lan', mode: 'nat' }, null);
    await service.create({ name: 'dmz', mode: 'nat' }, null);
    addVm('web1', [nic('dmz')]);
    const rule = (extra: object) =>
      codeOf(service.addRule('lan', { direction: 'in', action: 'drop', protocol: 'tcp', ...extra }, null));
    expect(await rule({ ports: '0' })).toEqual({ code: 'VALIDATION_ERROR', field: 'ports' });
    expect(await rule({ ports: '70000' })).toEqual({ code: 'VALIDATION_ERROR', field: 'ports' });
    expect(await rule({ ports: '90-80' })).toEqual({ code: 'VALIDATION_ERROR', field: 'ports' });
    expect(await rule({ ports: '80', protocol: 'icmp' })).toEqual({
      code: 'VALIDATION_ERROR',
      field: 'ports',
    });
    expect(await rule({ source: '10.0.0.1/8' })).toEqual({ code: 'VALIDATION_ERROR', field: 'source' });
    expect(await rule({ destination: 'x' })).toEqual({ code: 'VALIDATION_ERROR', field: 'destination' });
    expect(await rule({ vm: 'web1' })).toEqual({ code: 'VALIDATION_ERROR', field: 'vm' });
    expect(await rule({ vm: 'ghost' })).toEqual({ code: 'VALIDATION_ERROR', field: 'vm' });
    expect(await rule({ position: 1 })).toEqual({ code: 'VALIDATION_ERROR', field: 'position' });
    expect(
      await codeOf(service.addRule('nope', { direction: 'in', action: 'drop', protocol: 'any' }, null)),
    ).toMatchObject({
      code: 'NETWORK_NOT_FOUND',
    });
  });

  it(`holds at most ${MAX_RULES_PER_NETWORK} rules a network`, async () => {
    const { service, db } = setUp();
    await service.create({ name: 'lan', mode: 'nat' }, null);
    // Filled through the table: 4,096 applies of the whole chain would be the slow part, not the limit.
    const insert = db.prepare(
      `INSERT INTO network_rules (id, network, position, direction, action, protocol, created_at)
       VALUES (?, 'lan', ?, 'in', 'drop', 'any', ?)`,
    );
    for (let i = 0; i < MAX_RULES_PER_NETWORK; i += 1) insert.run(`r${i}`, i, AT);
    expect(
      await codeOf(service.addRule('lan', { direction: 'in', action: 'drop', protocol: 'any' }, null)),
    ).toMatchObject({
      code: 'NETWORK_LIMIT_REACHED',
    });
  });

  it('resolves NICs: derived MACs, given ones unique, reserved addresses in the subnet and free', async () => {
    const { service, addVm, lastSpec } = setUp();
    await service.create({ name: 'lan', mode: 'nat', subnet: '10.20.30.0/24' }, null);
    const web = addVm('web1', [nic('lan', { ip: '10.20.30.10' }), nic('lan')]);
    expect(web.network[0]!.mac).toMatch(/^52:54:00(:[0-9a-f]{2}){3}$/);
    expect(web.network[1]!.mac).not.toBe(web.network[0]!.mac);
    const identity = { name: 'db1', uuid: 'dddddddd-0000-4000-8000-000000000000' };
    const refused = (nics: NetworkDevice[]) => {
      try {
        service.resolveNics(identity, nics);
      } catch (error) {
        const e = error as { code: string; details?: { field?: string } };
        return [e.code, e.details?.field];
      }
      return null;
    };
    expect(refused([nic('nope')])).toEqual(['VALIDATION_ERROR', 'devices.network.0.network']);
    expect(refused([nic('lan', { mac: web.network[0]!.mac!.toUpperCase() })])).toEqual([
      'MAC_ADDRESS_IN_USE',
      'devices.network.0.mac',
    ]);
    expect(refused([nic('lan', { mac: '01:00:5e:00:00:01' })])).toEqual([
      'VALIDATION_ERROR',
      'devices.network.0.mac',
    ]);
    expect(refused([nic('lan'), nic('lan', { ip: '10.20.30.10' })])).toEqual([
      'IP_ADDRESS_IN_USE',
      'devices.network.1.ip',
    ]);
    for (const ip of ['10.20.31.5', '10.20.30.1', '10.20.30.255', '10.20.30.0']) {
      expect(refused([nic('lan', { ip })]), ip).toEqual(['VALIDATION_ERROR', 'devices.network.0.ip']);
    }
    // The VM itself keeps its own MACs and addresses when its NICs are resolved again.
    expect(service.resolveNics(web, web.network)).toEqual(web.network);

    await service.nicsChanged(['lan']);
    expect(lastSpec('lan').reservations).toEqual([
      { mac: web.network[0]!.mac, ip: '10.20.30.10', hostname: 'web1' },
    ]);
    expect((await service.get('lan')).vms).toEqual(['web1']);
    expect(hostnameOf('My_VM.1')).toBe('my-vm-1');
  });

  it('refuses to delete a network with NICs on it, or to change its subnet under them', async () => {
    const { service, addVm, driver } = setUp();
    await service.create({ name: 'lan', mode: 'nat' }, null);
    addVm('web1', [nic('lan')]);
    expect(await codeOf(service.remove('lan', null))).toMatchObject({ code: 'NETWORK_IN_USE' });
    expect(await codeOf(service.update('lan', { subnet: '10.50.0.0/24' }, null))).toEqual({
      code: 'NETWORK_IN_USE',
      field: 'subnet',
    });
    // What changes live does.
    const updated = await service.update(
      'lan',
      { mode: 'isolated', mtu: 9000, default_inbound: 'reject' },
      null,
    );
    expect(updated).toMatchObject({ mode: 'isolated', mtu: 9000, default_inbound: 'reject' });
    expect(driver.applied.at(-1)).toMatchObject({ mode: 'isolated', mtu: 9000, defaultInbound: 'reject' });
  });

  it('changes the subnet of an empty network, the addressing following it, and deletes it', async () => {
    const { service, driver, published } = setUp();
    await service.create({ name: 'lan', mode: 'nat' }, null);
    await service.create({ name: 'dmz', mode: 'nat', subnet: '10.60.0.0/24' }, null);
    expect(await codeOf(service.update('lan', { subnet: '10.60.0.0/25' }, null))).toMatchObject({
      code: 'NETWORK_OVERLAP',
    });
    const moved = await service.update('lan', { subnet: '10.50.0.0/24', dhcp: { lease_time: 600 } }, null);
    expect(moved).toMatchObject({
      subnet: '10.50.0.0/24',
      gateway: '10.50.0.1',
      dhcp: { range_start: '10.50.0.128', range_end: '10.50.0.254', lease_time: 600 },
    });
    await service.remove('lan', REQUEST);
    expect(driver.calls.at(-1)).toBe('remove lan');
    expect(await codeOf(service.get('lan'))).toMatchObject({ code: 'NETWORK_NOT_FOUND' });
    expect(published.map((e) => e.kind).at(-1)).toBe('network.deleted');
  });

  it('forwards to a VM with an address, one forward per port across networks', async () => {
    const { service, addVm, driver, lastSpec } = setUp([
      { dst: '192.0.2.0/24', dev: 'eth0', type: 'unicast' },
      { dst: '192.0.2.1', dev: 'eth0', type: 'local' },
    ]);
    await service.create({ name: 'lan', mode: 'nat', subnet: '10.20.30.0/24' }, null);
    await service.create({ name: 'dmz', mode: 'nat', subnet: '10.20.40.0/24' }, null);
    addVm('web1', [nic('lan', { ip: '10.20.30.10' })]);
    const db1 = addVm('db1', [nic('dmz')]);
    const added = await service.addForward(
      'lan',
      { protocol: 'tcp', listen_port: 8080, vm: 'web1', guest_port: 80 },
      null,
    );
    expect(added).toMatchObject({ listen_address: null, guest_address: '10.20.30.10', listen_port: 8080 });
    expect(lastSpec('lan').forwards).toEqual([
      {
        id: added.id,
        protocol: 'tcp',
        listenAddress: null,
        listenPort: 8080,
        guestAddress: '10.20.30.10',
        guestPort: 80,
      },
    ]);
    // db1 has no address yet: said so.
    expect(
      await codeOf(
        service.addForward('dmz', { protocol: 'tcp', listen_port: 5432, vm: 'db1', guest_port: 5432 }, null),
      ),
    ).toEqual({ code: 'FORWARD_NO_ADDRESS', field: 'vm' });
    driver.leaseTable.set('dmz', [
      { mac: db1.network[0]!.mac!, ip: '10.20.40.150', hostname: 'db1', expiresAt: null },
    ]);
    // The same port, on any network and any address overlapping, is taken; udp is not.
    expect(
      await codeOf(
        service.addForward(
          'dmz',
          { protocol: 'tcp', listen_address: '192.0.2.1', listen_port: 8080, vm: 'db1', guest_port: 1 },
          null,
        ),
      ),
    ).toEqual({ code: 'FORWARD_PORT_TAKEN', field: 'listen_port' });
    expect(
      await codeOf(
        service.addForward(
          'dmz',
          { protocol: 'tcp', listen_address: '192.0.2.9', listen_port: 9, vm: 'db1', guest_port: 1 },
          null,
        ),
      ),
    ).toEqual({ code: 'VALIDATION_ERROR', field: 'listen_address' });
    const udp = await service.addForward(
      'dmz',
      { protocol: 'udp', listen_port: 8080, vm: 'db1', guest_port: 53 },
      null,
    );
    expect(udp.guest_address).toBe('10.20.40.150');
    expect(
      await codeOf(
        service.addForward('dmz', { protocol: 'tcp', listen_port: 1, vm: 'web1', guest_port: 1 }, null),
      ),
    ).toEqual({
      code: 'VALIDATION_ERROR',
      field: 'vm',
    });
    expect((await service.forwards('lan')).map((f) => f.id)).toEqual([added.id]);
    await service.removeForward('lan', added.id, null);
    expect(lastSpec('lan').forwards).toEqual([]);
    expect(await codeOf(service.removeForward('lan', added.id, null))).toMatchObject({
      code: 'FORWARD_NOT_FOUND',
    });
  });

  it(`holds at most ${MAX_FORWARDS_PER_NETWORK} forwards a network`, async () => {
    const { service, addVm, db } = setUp();
    await service.create({ name: 'lan', mode: 'nat', subnet: '10.20.30.0/24' }, null);
    addVm('web1', [nic('lan', { ip: '10.20.30.10' })]);
    const insert = db.prepare(
      `INSERT INTO network_forwards (id, network, protocol, listen_port, vm, guest_port, created_at)
       VALUES (?, 'lan', 'tcp', ?, 'web1', 80, ?)`,
    );
    for (let i = 0; i < MAX_FORWARDS_PER_NETWORK; i += 1) insert.run(`f${i}`, 10_000 + i, AT);
    expect(
      await codeOf(
        service.addForward('lan', { protocol: 'tcp', listen_port: 80, vm: 'web1', guest_port: 80 }, null),
      ),
    ).toMatchObject({ code: 'NETWORK_LIMIT_REACHED' });
  });

  it("follows a VM's leases: rules match its addresses, lease changes are events without audit", async () => {
    const { service, addVm, driver, lastSpec, published, audit } = setUp();
    await service.create({ name: 'lan', mode: 'nat', subnet: '10.20.30.0/24' }, null);
    const web = addVm('web1', [nic('lan')]);
    const rule = await service.addRule(
      'lan',
      { direction: 'in', action: 'accept', protocol: 'tcp', ports: '80', vm: 'web1' },
      null,
    );
    expect(lastSpec('lan').rules[0]).toMatchObject({ id: rule.id, vmAddresses: [] });
    const lease = {
      mac: web.network[0]!.mac!,
      ip: '10.20.30.140',
      hostname: 'web1',
      expiresAt: '2026-11-26T01:00:00.000Z',
    };
    driver.leaseTable.set('lan', [lease]);
    const audited = audit.query({ limit: 100 }).length;
    const applies = driver.applied.length;
    driver.fireLease('lan', 'added', lease);
    await expect.poll(() => driver.applied.length).toBe(applies + 1);
    expect(lastSpec('lan').rules[0]!.vmAddresses).toEqual(['10.20.30.140']);
    expect(published.at(-1)).toMatchObject({
      kind: 'network.lease_added',
      data: { network: 'lan', mac: lease.mac, ip: '10.20.30.140', hostname: 'web1', vm: 'web1', nic: 0 },
    });
    expect(audit.query({ limit: 100 })).toHaveLength(audited);
    expect(await service.leases('lan')).toEqual([
      {
        mac: lease.mac,
        ip: '10.20.30.140',
        hostname: 'web1',
        expires_at: lease.expiresAt,
        vm: 'web1',
        nic: 0,
      },
    ]);
    driver.fireLease('lan', 'expired', { ...lease, mac: '52:54:00:ff:ff:ff', hostname: null });
    expect(published.at(-1)).toMatchObject({ kind: 'network.lease_expired', data: { vm: null, nic: null } });
  });

  it('plugs a VM in with one tap per NIC, and takes them out again when one fails', async () => {
    const { service, addVm, driver } = setUp();
    await service.create({ name: 'lan', mode: 'nat' }, null);
    const web = addVm('web1', [nic('lan'), nic('lan')]);
    const attached = await service.plug(web, web.network);
    expect(attached).toEqual([
      { network: 'lan', tap: tapName(web.uuid, 0), mac: web.network[0]!.mac, ip: null },
      { network: 'lan', tap: tapName(web.uuid, 1), mac: web.network[1]!.mac, ip: null },
    ]);
    expect(await driver.taps()).toEqual([tapName(web.uuid, 0), tapName(web.uuid, 1)]);
    await service.unplug(web, web.network);
    expect(await driver.taps()).toEqual([]);
    // The second NIC's network has no bridge: the first NIC's tap goes again.
    await service.create({ name: 'dmz', mode: 'nat' }, null);
    const two = addVm('two', [nic('lan'), nic('dmz')]);
    await driver.remove('dmz');
    await expect(service.plug(two, two.network)).rejects.toThrow(/bridge of network 'dmz'/);
    expect(await driver.taps()).toEqual([]);
  });

  it('reconciles every network at start and removes taps no VM with a process uses', async () => {
    const { service, addVm, driver } = setUp();
    await service.create({ name: 'lan', mode: 'nat' }, null);
    await service.addRule('lan', { direction: 'out', action: 'drop', protocol: 'any' }, null);
    const running = addVm('web1', [nic('lan')], 'RUNNING');
    const stopped = addVm('old1', [nic('lan')], 'STOPPED');
    await driver.createTap({ name: tapName(running.uuid, 0), network: 'lan', vm: 'web1' });
    await driver.createTap({ name: tapName(stopped.uuid, 0), network: 'lan', vm: 'old1' });
    await service.recover();
    expect(driver.reconciled).toHaveLength(1);
    expect(driver.reconciled[0]!.map((s) => [s.name, s.rules.length])).toEqual([['lan', 1]]);
    expect(await driver.taps()).toEqual([tapName(running.uuid, 0)]);
  });

  it('leaves a network down with the reason when the kernel refuses a change, and says so', async () => {
    const { service, driver } = setUp();
    await service.create({ name: 'lan', mode: 'nat' }, null);
    driver.failNextApply = new Error('nft: syntax error');
    await expect(service.update('lan', { mtu: 1400 }, null)).rejects.toMatchObject({
      code: 'NETWORK_APPLY_FAILED',
    });
    // Saved, not applied: down with the kernel's words, though the objects the driver holds look whole.
    expect((await service.list())[0]).toMatchObject({
      mtu: 1400,
      state: 'down',
      reason: 'nft: syntax error',
    });
    await service.update('lan', { mtu: 1450 }, null);
    expect(await service.get('lan')).toMatchObject({ mtu: 1450, state: 'active', reason: null });
    // A create the kernel refuses is not recorded.
    driver.failNextApply = new Error('RTNETLINK answers: Operation not permitted');
    await expect(service.create({ name: 'dmz', mode: 'nat' }, null)).rejects.toMatchObject({
      code: 'NETWORK_APPLY_FAILED',
    });
    expect((await service.list()).map((n) => n.name)).toEqual(['lan']);
  });

  it('starts all the same when the reconcile fails, every network down with the reason', async () => {
    const { service, driver } = setUp();
    await service.create({ name: 'lan', mode: 'nat' }, null);
    driver.reconcile = async () => {
      throw new Error('nft: Could not process rule: Device or resource busy');
    };
    await service.recover();
    expect(await service.get('lan')).toMatchObject({
      state: 'down',
      reason: 'reconcile at start failed: nft: Could not process rule: Device or resource busy',
    });
  });
});
