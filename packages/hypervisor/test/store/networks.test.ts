import { inTransaction, openDatabase } from '@lab/server-kit';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../src/store/database.js';
import { createNetworkRepository, type NetworkRecord, type RuleRecord } from '../../src/store/networks.js';

const AT = '2026-11-26T00:00:00.000Z';

const network = (name: string): NetworkRecord => ({
  name,
  uuid: `00000000-0000-4000-8000-${name.padStart(12, '0')}`,
  mode: 'nat',
  subnet: '10.20.30.0/24',
  gateway: '10.20.30.1',
  mtu: 1500,
  dhcp: { enabled: true, rangeStart: '10.20.30.128', rangeEnd: '10.20.30.254', leaseSeconds: 3600 },
  dnsDomain: `${name}.internal`,
  defaultInbound: 'drop',
  state: 'active',
  reason: null,
  createdAt: AT,
  updatedAt: AT,
});

const rule = (id: string, position: number): RuleRecord => ({
  id,
  network: 'lan',
  position,
  direction: 'in',
  action: 'accept',
  protocol: 'tcp',
  ports: '80',
  source: null,
  destination: null,
  vm: null,
  comment: null,
  createdAt: AT,
});

function open() {
  const db = openDatabase(':memory:', { namespace: 'hypervisor', migrations: MIGRATIONS });
  const networks = createNetworkRepository(db);
  networks.insert(network('lan'));
  return { db, networks };
}

const order = (networks: ReturnType<typeof open>['networks']) =>
  networks.rules('lan').map((r) => `${r.position}:${r.id}`);

describe('networks table', () => {
  it('stores a network whole and refuses a second of the same name', () => {
    const { networks } = open();
    expect(networks.find('lan')).toEqual(network('lan'));
    expect(networks.insert({ ...network('lan'), uuid: 'other' })).toBe(false);
    networks.setState('lan', 'down', 'dnsmasq is gone');
    expect(networks.find('lan')).toMatchObject({ state: 'down', reason: 'dnsmasq is gone' });
    expect(networks.count()).toBe(1);
  });

  it('keeps rule positions dense: insert shifts down, move closes up, delete moves up', () => {
    const { networks } = open();
    for (const id of ['a', 'b', 'c']) networks.insertRule(rule(id, networks.ruleCount('lan')));
    expect(order(networks)).toEqual(['0:a', '1:b', '2:c']);
    networks.insertRule(rule('first', 0));
    expect(order(networks)).toEqual(['0:first', '1:a', '2:b', '3:c']);
    networks.updateRule({ ...networks.findRule('lan', 'first')!, position: 3, action: 'drop' });
    expect(order(networks)).toEqual(['0:a', '1:b', '2:c', '3:first']);
    expect(networks.findRule('lan', 'first')?.action).toBe('drop');
    networks.updateRule({ ...networks.findRule('lan', 'c')!, position: 0 });
    expect(order(networks)).toEqual(['0:c', '1:a', '2:b', '3:first']);
    expect(networks.removeRule('lan', 'a')).toBe(true);
    expect(order(networks)).toEqual(['0:c', '1:b', '2:first']);
    expect(networks.removeRule('lan', 'a')).toBe(false);
  });

  it("serves a network's rules from memory; a write through the repository is seen at once", () => {
    const { db, networks } = open();
    networks.insertRule(rule('a', 0));
    expect(networks.rules('lan').map((r) => r.id)).toEqual(['a']);
    // A change behind the repository's back is not seen: the list came from memory.
    db.prepare("UPDATE network_rules SET action = 'drop' WHERE id = 'a'").run();
    expect(networks.rules('lan')[0]?.action).toBe('accept');
    networks.insertRule(rule('b', 1));
    expect(networks.rules('lan').map((r) => [r.id, r.action])).toEqual([
      ['a', 'drop'],
      ['b', 'accept'],
    ]);
    // A list read inside a transaction that rolls back is not kept.
    expect(() =>
      inTransaction(db, () => {
        networks.removeRule('lan', 'a');
        expect(networks.rules('lan').map((r) => r.id)).toEqual(['b']);
        throw new Error('roll back');
      }),
    ).toThrow('roll back');
    expect(networks.rules('lan').map((r) => r.id)).toEqual(['a', 'b']);
  });

  it("drops a network's rules and forwards with it", () => {
    const { db, networks } = open();
    networks.insertRule(rule('a', 0));
    networks.insertForward({
      id: 'f1',
      network: 'lan',
      protocol: 'tcp',
      listenAddress: null,
      listenPort: 8080,
      vm: 'web1',
      guestPort: 80,
      createdAt: AT,
    });
    expect(networks.allForwards()).toHaveLength(1);
    expect(networks.remove('lan')).toBe(true);
    expect(db.prepare('SELECT count(*) AS n FROM network_rules').get()).toEqual({ n: 0 });
    expect(networks.allForwards()).toEqual([]);
  });
});
