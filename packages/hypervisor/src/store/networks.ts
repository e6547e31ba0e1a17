/**
 * Virtual networks, their firewall rules and port forwards: the desired state the network core
 * resolves into a `NetworkSpec` for the driver. Rules and forwards go with their network (ON
 * DELETE CASCADE). A network's rules have dense positions 0..n-1, kept so by `insertRule`,
 * `updateRule` and `removeRule`, which the core calls inside one transaction per change.
 *
 * A network's rules are read whole on every change of it (the spec holds them all), so the list
 * is kept in memory as the VMs' records are: this process is the tables' only writer, every
 * write of a network's rules drops its list, and a list read inside a transaction is not kept.
 */
import type { Database, Migration } from '@lab/server-kit';
import type { NetworkMode, RuleAction, RuleProtocol } from '../drivers/network/network-driver.js';

export const NETWORKS_MIGRATION: Migration = {
  version: 13,
  name: 'virtual networks',
  sql: `CREATE TABLE networks (
          name               TEXT PRIMARY KEY,
          uuid               TEXT NOT NULL UNIQUE,
          mode               TEXT NOT NULL CHECK (mode IN ('nat', 'isolated')),
          subnet             TEXT NOT NULL,
          gateway            TEXT NOT NULL,
          mtu                INTEGER NOT NULL,
          dhcp_enabled       INTEGER NOT NULL CHECK (dhcp_enabled IN (0, 1)),
          dhcp_range_start   TEXT NOT NULL,
          dhcp_range_end     TEXT NOT NULL,
          dhcp_lease_seconds INTEGER NOT NULL,
          dns_domain         TEXT NOT NULL,
          default_inbound    TEXT NOT NULL CHECK (default_inbound IN ('accept', 'drop', 'reject')),
          state              TEXT NOT NULL CHECK (state IN ('active', 'degraded', 'down')),
          reason             TEXT,
          created_at         TEXT NOT NULL,
          updated_at         TEXT NOT NULL
        ) STRICT;
        CREATE TABLE network_rules (
          id          TEXT PRIMARY KEY,
          network     TEXT NOT NULL REFERENCES networks (name) ON DELETE CASCADE,
          position    INTEGER NOT NULL,
          direction   TEXT NOT NULL CHECK (direction IN ('in', 'out')),
          action      TEXT NOT NULL CHECK (action IN ('accept', 'drop', 'reject')),
          protocol    TEXT NOT NULL CHECK (protocol IN ('tcp', 'udp', 'icmp', 'any')),
          ports       TEXT,
          source      TEXT,
          destination TEXT,
          vm          TEXT,
          comment     TEXT,
          created_at  TEXT NOT NULL
        ) STRICT;
        CREATE INDEX network_rules_by_position ON network_rules (network, position);
        CREATE TABLE network_forwards (
          id             TEXT PRIMARY KEY,
          network        TEXT NOT NULL REFERENCES networks (name) ON DELETE CASCADE,
          protocol       TEXT NOT NULL CHECK (protocol IN ('tcp', 'udp')),
          listen_address TEXT,
          listen_port    INTEGER NOT NULL CHECK (listen_port BETWEEN 1 AND 65535),
          vm             TEXT NOT NULL,
          guest_port     INTEGER NOT NULL CHECK (guest_port BETWEEN 1 AND 65535),
          created_at     TEXT NOT NULL
        ) STRICT;
        CREATE INDEX network_forwards_by_network ON network_forwards (network);`,
};

export type NetworkState = 'active' | 'degraded' | 'down';

export interface NetworkRecord {
  name: string;
  uuid: string;
  mode: NetworkMode;
  /** CIDR, the network address exact. */
  subnet: string;
  gateway: string;
  mtu: number;
  dhcp: { enabled: boolean; rangeStart: string; rangeEnd: string; leaseSeconds: number };
  dnsDomain: string;
  defaultInbound: RuleAction;
  /** How the last apply (or reconcile) left it in the kernel. */
  state: NetworkState;
  reason: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface RuleRecord {
  id: string;
  network: string;
  position: number;
  direction: 'in' | 'out';
  action: RuleAction;
  protocol: RuleProtocol;
  /** `80` or `8000-8100`; null for any port. */
  ports: string | null;
  source: string | null;
  destination: string | null;
  vm: string | null;
  comment: string | null;
  createdAt: string;
}

export interface ForwardRecord {
  id: string;
  network: string;
  protocol: 'tcp' | 'udp';
  /** null: every local address of the host. */
  listenAddress: string | null;
  listenPort: number;
  vm: string;
  guestPort: number;
  createdAt: string;
}

interface NetworkRow {
  name: string;
  uuid: string;
  mode: NetworkMode;
  subnet: string;
  gateway: string;
  mtu: number;
  dhcp_enabled: number;
  dhcp_range_start: string;
  dhcp_range_end: string;
  dhcp_lease_seconds: number;
  dns_domain: string;
  default_inbound: RuleAction;
  state: NetworkState;
  reason: string | null;
  created_at: string;
  updated_at: string;
}

interface RuleRow {
  id: string;
  network: string;
  position: number;
  direction: 'in' | 'out';
  action: RuleAction;
  protocol: RuleProtocol;
  ports: string | null;
  source: string | null;
  destination: string | null;
  vm: string | null;
  comment: string | null;
  created_at: string;
}

interface ForwardRow {
  id: string;
  network: string;
  protocol: 'tcp' | 'udp';
  listen_address: string | null;
  listen_port: number;
  vm: string;
  guest_port: number;
  created_at: string;
}

const toNetwork = (row: NetworkRow): NetworkRecord => ({
  name: row.name,
  uuid: row.uuid,
  mode: row.mode,
  subnet: row.subnet,
  gateway: row.gateway,
  mtu: row.mtu,
  dhcp: {
    enabled: row.dhcp_enabled === 1,
    rangeStart: row.dhcp_range_start,
    rangeEnd: row.dhcp_range_end,
    leaseSeconds: row.dhcp_lease_seconds,
  },
  dnsDomain: row.dns_domain,
  defaultInbound: row.default_inbound,
  state: row.state,
  reason: row.reason,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

const networkRow = (r: NetworkRecord): NetworkRow => ({
  name: r.name,
  uuid: r.uuid,
  mode: r.mode,
  subnet: r.subnet,
  gateway: r.gateway,
  mtu: r.mtu,
  dhcp_enabled: r.dhcp.enabled ? 1 : 0,
  dhcp_range_start: r.dhcp.rangeStart,
  dhcp_range_end: r.dhcp.rangeEnd,
  dhcp_lease_seconds: r.dhcp.leaseSeconds,
  dns_domain: r.dnsDomain,
  default_inbound: r.defaultInbound,
  state: r.state,
  reason: r.reason,
  created_at: r.createdAt,
  updated_at: r.updatedAt,
});

const toRule = (row: RuleRow): RuleRecord => ({
  id: row.id,
  network: row.network,
  position: row.position,
  direction: row.direction,
  action: row.action,
  protocol: row.protocol,
  ports: row.ports,
  source: row.source,
  destination: row.destination,
  vm: row.vm,
  comment: row.comment,
  createdAt: row.created_at,
});

const ruleRow = (r: RuleRecord): RuleRow => ({
  id: r.id,
  network: r.network,
  position: r.position,
  direction: r.direction,
  action: r.action,
  protocol: r.protocol,
  ports: r.ports,
  source: r.source,
  destination: r.destination,
  vm: r.vm,
  comment: r.comment,
  created_at: r.createdAt,
});

const toForward = (row: ForwardRow): ForwardRecord => ({
  id: row.id,
  network: row.network,
  protocol: row.protocol,
  listenAddress: row.listen_address,
  listenPort: row.listen_port,
  vm: row.vm,
  guestPort: row.guest_port,
  createdAt: row.created_at,
});

export interface NetworkRepository {
  list(): NetworkRecord[];
  find(name: string): NetworkRecord | undefined;
  count(): number;
  /** False when the name is taken. */
  insert(record: NetworkRecord): boolean;
  /** Replaces the settings (everything but name, uuid and created_at). */
  update(record: NetworkRecord): void;
  setState(name: string, state: NetworkState, reason: string | null): void;
  remove(name: string): boolean;

  /** The network's rules by position. */
  rules(network: string): readonly RuleRecord[];
  findRule(network: string, id: string): RuleRecord | undefined;
  ruleCount(network: string): number;
  /** Inserts at `record.position`, moving the rules from there on one down. */
  insertRule(record: RuleRecord): void;
  /** Replaces the rule's fields and moves it to `record.position`, the others closing up. */
  updateRule(record: RuleRecord): void;
  /** Removes the rule; the rules after it move up. */
  removeRule(network: string, id: string): boolean;

  forwards(network: string): ForwardRecord[];
  /** Every forward of every network (a listen port is the host's, whichever network it leads to). */
  allForwards(): ForwardRecord[];
  findForward(network: string, id: string): ForwardRecord | undefined;
  insertForward(record: ForwardRecord): void;
  removeForward(network: string, id: string): boolean;
}

export function createNetworkRepository(db: Database): NetworkRepository {
  const all = db.prepare<[], NetworkRow>('SELECT * FROM networks ORDER BY name');
  const one = db.prepare<[string], NetworkRow>('SELECT * FROM networks WHERE name = ?');
  const count = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM networks');
  const insert = db.prepare(
    `INSERT OR IGNORE INTO networks (name, uuid, mode, subnet, gateway, mtu, dhcp_enabled, dhcp_range_start,
       dhcp_range_end, dhcp_lease_seconds, dns_domain, default_inbound, state, reason, created_at, updated_at)
     VALUES (@name, @uuid, @mode, @subnet, @gateway, @mtu, @dhcp_enabled, @dhcp_range_start, @dhcp_range_end,
       @dhcp_lease_seconds, @dns_domain, @default_inbound, @state, @reason, @created_at, @updated_at)`,
  );
  const update = db.prepare(
    `UPDATE networks SET mode = @mode, subnet = @subnet, gateway = @gateway, mtu = @mtu,
       dhcp_enabled = @dhcp_enabled, dhcp_range_start = @dhcp_range_start, dhcp_range_end = @dhcp_range_end,
       dhcp_lease_seconds = @dhcp_lease_seconds, dns_domain = @dns_domain, default_inbound = @default_inbound,
       state = @state, reason = @reason, updated_at = @updated_at
     WHERE name = @name`,
  );
  const setState = db.prepare<[string, string | null, string]>(
    'UPDATE networks SET state = ?, reason = ? WHERE name = ?',
  );
  const remove = db.prepare<[string]>('DELETE FROM networks WHERE name = ?');

  const rules = db.prepare<[string], RuleRow>(
    'SELECT * FROM network_rules WHERE network = ? ORDER BY position',
  );
  const rule = db.prepare<[string, string], RuleRow>(
    'SELECT * FROM network_rules WHERE network = ? AND id = ?',
  );
  const ruleCount = db.prepare<[string], { n: number }>(
    'SELECT count(*) AS n FROM network_rules WHERE network = ?',
  );
  const shift = db.prepare<[number, string, number, number]>(
    'UPDATE network_rules SET position = position + ? WHERE network = ? AND position BETWEEN ? AND ?',
  );
  const insertRule = db.prepare(
    `INSERT INTO network_rules (id, network, position, direction, action, protocol, ports, source, destination,
       vm, comment, created_at)
     VALUES (@id, @network, @position, @direction, @action, @protocol, @ports, @source, @destination, @vm,
       @comment, @created_at)`,
  );
  const updateRule = db.prepare(
    `UPDATE network_rules SET position = @position, direction = @direction, action = @action,
       protocol = @protocol, ports = @ports, source = @source, destination = @destination, vm = @vm,
       comment = @comment
     WHERE network = @network AND id = @id`,
  );
  const removeRule = db.prepare<[string, string]>('DELETE FROM network_rules WHERE network = ? AND id = ?');

  const forwards = db.prepare<[string], ForwardRow>(
    'SELECT * FROM network_forwards WHERE network = ? ORDER BY created_at, id',
  );
  const allForwards = db.prepare<[], ForwardRow>(
    'SELECT * FROM network_forwards ORDER BY network, created_at',
  );
  const forward = db.prepare<[string, string], ForwardRow>(
    'SELECT * FROM network_forwards WHERE network = ? AND id = ?',
  );
  const insertForward = db.prepare(
    `INSERT INTO network_forwards (id, network, protocol, listen_address, listen_port, vm, guest_port, created_at)
     VALUES (@id, @network, @protocol, @listen_address, @listen_port, @vm, @guest_port, @created_at)`,
  );
  const removeForward = db.prepare<[string, string]>(
    'DELETE FROM network_forwards WHERE network = ? AND id = ?',
  );
  const END = Number.MAX_SAFE_INTEGER;
  const ruleLists = new Map<string, readonly RuleRecord[]>();
  /** Runs a write of a network's rules and forgets its list. */
  const writingRules = <T>(network: string, write: () => T): T => {
    ruleLists.delete(network);
    return write();
  };

  return {
    list: () => all.all().map(toNetwork),
    find: (name) => {
      const row = one.get(name);
      return row === undefined ? undefined : toNetwork(row);
    },
    count: () => count.get()?.n ?? 0,
    insert: (record) => insert.run(networkRow(record)).changes === 1,
    update: (record) => {
      update.run(networkRow(record));
    },
    setState: (name, state, reason) => {
      setState.run(state, reason, name);
    },
    remove: (name) => writingRules(name, () => remove.run(name).changes === 1),

    rules: (network) => {
      const kept = ruleLists.get(network);
      if (kept !== undefined) return kept;
      const list = rules.all(network).map(toRule);
      if (!db.inTransaction) ruleLists.set(network, list);
      return list;
    },
    findRule: (network, id) => {
      const row = rule.get(network, id);
      return row === undefined ? undefined : toRule(row);
    },
    ruleCount: (network) => ruleCount.get(network)?.n ?? 0,
    insertRule: (record) =>
      writingRules(record.network, () => {
        shift.run(1, record.network, record.position, END);
        insertRule.run(ruleRow(record));
      }),
    updateRule: (record) =>
      writingRules(record.network, () => {
        const from = rule.get(record.network, record.id)?.position;
        if (from === undefined) return;
        const to = record.position;
        if (to > from) shift.run(-1, record.network, from + 1, to);
        else if (to < from) shift.run(1, record.network, to, from - 1);
        updateRule.run(ruleRow(record));
      }),
    removeRule: (network, id) =>
      writingRules(network, () => {
        const at = rule.get(network, id)?.position;
        if (at === undefined) return false;
        removeRule.run(network, id);
        shift.run(-1, network, at + 1, END);
        return true;
      }),

    forwards: (network) => forwards.all(network).map(toForward),
    allForwards: () => allForwards.all().map(toForward),
    findForward: (network, id) => {
      const row = forward.get(network, id);
      return row === undefined ? undefined : toForward(row);
    },
    insertForward: (r) => {
      insertForward.run({
        id: r.id,
        network: r.network,
        protocol: r.protocol,
        listen_address: r.listenAddress,
        listen_port: r.listenPort,
        vm: r.vm,
        guest_port: r.guestPort,
        created_at: r.createdAt,
      });
    },
    removeForward: (network, id) => removeForward.run(network, id).changes === 1,
  };
}
