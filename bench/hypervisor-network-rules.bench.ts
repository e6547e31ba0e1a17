// The kernel network driver's firewall and start-up, inside network namespaces made here (the
// host's own network is never touched):
// (a) a network with 1,000 rules gets one more: the driver's `apply` (its bridge checked, one nft
//     transaction that adds the counter, appends the rule and rewrites the small chain holding the
//     network's hash, dnsmasq checked), timed until it returns, which is when the transaction is
//     committed and the rule enforced; against the same rule (with its named counter) added by
//     hand with one `nft add rule`, in the same run, alternating order. Then the rule is removed
//     again on both sides, untimed (the driver refills the chain for a removal).
//     Both run their commands through `ip netns exec`, so that cost is on both sides.
// (b) reconcile at start with 20 networks of 100 rules each: from nothing (a fresh namespace:
//     bridges, table, 20 dnsmasq), and a no-op (a new driver adopting all of it, the table
//     unchanged byte for byte).
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '../packages/server-kit/src/index.js';
import { requireTools } from '../packages/server-kit/src/testing/index.js';
import { createKernelNetworkDriver } from '../packages/hypervisor/src/drivers/network/kernel/kernel-driver.js';
import type { NetworkSpec, RuleSpec } from '../packages/hypervisor/src/drivers/network/network-driver.js';
import { createNetns, type Netns } from '../packages/hypervisor/test/support/netns.js';
import { loadAverage, machineDescription, median } from './support.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const RECONCILE_ROUNDS = Number(process.env.BENCH_RECONCILE_ROUNDS ?? 5);
const TARGET_ADD_MS = 50;
const TARGET_RECONCILE_MS = 1_000;

const gate = requireTools(['ip', 'nft', 'dnsmasq']);
if (gate.skip || process.getuid?.() !== 0) {
  console.log(`skipped: ${gate.skip ? gate.reason : 'network namespaces need root'}`);
  process.exit(0);
}

const logger = createLogger({ service: 'bench', level: 'silent' });
const now = (): number => performance.now();

function rule(network: string, index: number): RuleSpec {
  return {
    id: `${network}-rule-${index}`,
    direction: 'in',
    action: 'drop',
    protocol: 'tcp',
    ports: { from: 10_000 + index, to: 10_000 + index },
    source: `10.${index % 200}.0.0/16`,
    destination: null,
    vmAddresses: null,
    comment: null,
  };
}

function spec(name: string, octet: number, rules: number): NetworkSpec {
  return {
    name,
    bridge: `hv-${name}`,
    mode: 'nat',
    subnet: `10.99.${octet}.0/24`,
    gateway: `10.99.${octet}.1`,
    mtu: 1500,
    dhcp: {
      enabled: true,
      rangeStart: `10.99.${octet}.100`,
      rangeEnd: `10.99.${octet}.200`,
      leaseSeconds: 3600,
    },
    dnsDomain: `${name}.test`,
    defaultInbound: 'accept',
    rules: Array.from({ length: rules }, (_, i) => rule(name, i)),
    forwards: [],
    reservations: [],
  };
}

async function withNamespace<T>(work: (ns: Netns, runDir: string) => Promise<T>): Promise<T> {
  const ns = await createNetns();
  const runDir = mkdtempSync(join(tmpdir(), 'hv-bench-net-'));
  try {
    return await work(ns, runDir);
  } finally {
    await ns.destroy();
    rmSync(runDir, { recursive: true, force: true });
  }
}

const load = loadavg()[0]!;

// (a) One more rule on a network of 1,000.
const addRule = await withNamespace(async (ns, runDir) => {
  const driver = createKernelNetworkDriver({ runDir, logger, netns: ns.name });
  const base = spec('bench', 1, 1_000);
  const status = await driver.apply(base);
  if (status.state !== 'active') throw new Error(`network not active: ${status.reason}`);
  const extra: RuleSpec = { ...rule('bench', 1_000), id: 'extra', ports: { from: 9_999, to: 9_999 } };
  const service: number[] = [];
  const byHand: number[] = [];
  const chainHas = async (text: string): Promise<boolean> =>
    (await ns.exec('nft', ['list', 'chain', 'inet', 'hypervisor', 'in_bench'])).stdout.includes(text);

  const timeService = async (): Promise<void> => {
    const start = now();
    await driver.apply({ ...base, rules: [...base.rules, extra] });
    service.push(now() - start);
    if (!(await chainHas('counter name "r.bench.extra" drop')))
      throw new Error('the driver did not add the rule');
    await driver.apply(base);
  };
  // The same rule by hand: one `nft add rule` (its counter made beforehand, untimed), then found
  // by its counter and deleted, untimed.
  await ns.exec('nft', ['add', 'counter', 'inet', 'hypervisor', 'by-hand']);
  const timeByHand = async (): Promise<void> => {
    const args = [
      'add',
      'rule',
      'inet',
      'hypervisor',
      'in_bench',
      'ip',
      'saddr',
      '10.200.0.0/16',
      'tcp',
      'dport',
    ];
    const start = now();
    await ns.exec('nft', [...args, '9999', 'counter', 'name', 'by-hand', 'drop']);
    byHand.push(now() - start);
    const { stdout } = await ns.exec('nft', ['-a', 'list', 'chain', 'inet', 'hypervisor', 'in_bench']);
    const handle = /counter name "by-hand" drop # handle (\d+)/.exec(stdout)?.[1];
    if (handle === undefined) throw new Error('the rule added by hand is not in the chain');
    await ns.exec('nft', ['delete', 'rule', 'inet', 'hypervisor', 'in_bench', 'handle', handle]);
  };

  await timeService();
  await timeByHand();
  for (let round = 0; round < ROUNDS; round += 1) {
    if (round % 2 === 0) {
      await timeService();
      await timeByHand();
    } else {
      await timeByHand();
      await timeService();
    }
  }
  await driver.remove('bench');
  await driver.close();
  return { service, byHand };
});

// (b) Reconcile at start, 20 networks of 100 rules.
const specs = Array.from({ length: 20 }, (_, i) => spec(`n${i}`, i + 10, 100));
const reconcile = { fromNothing: [] as number[], noOp: [] as number[] };
for (let round = 0; round < RECONCILE_ROUNDS; round += 1) {
  await withNamespace(async (ns, runDir) => {
    const first = createKernelNetworkDriver({ runDir, logger, netns: ns.name });
    let start = now();
    const made = await first.reconcile(specs);
    reconcile.fromNothing.push(now() - start);
    if (made.repaired.length !== specs.length)
      throw new Error(`expected 20 networks made: ${JSON.stringify(made)}`);
    await first.close();
    const before = (await ns.exec('nft', ['-j', 'list', 'table', 'inet', 'hypervisor'])).stdout;
    const second = createKernelNetworkDriver({ runDir, logger, netns: ns.name });
    start = now();
    const kept = await second.reconcile(specs);
    reconcile.noOp.push(now() - start);
    if (kept.unchanged.length !== specs.length || kept.adopted.length !== specs.length) {
      throw new Error(`expected 20 networks unchanged and adopted: ${JSON.stringify(kept)}`);
    }
    const after = (await ns.exec('nft', ['-j', 'list', 'table', 'inet', 'hypervisor'])).stdout;
    if (after !== before) throw new Error('a no-op reconcile changed the table');
    await second.close();
  });
}

const ms = (value: number): string => `${value.toFixed(1)} ms`;
/** The median with the spread: `40.1 ms (31.2–58.0)`. */
const spread = (values: readonly number[]): string =>
  `${ms(median(values))} (${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)})`;
const service = median(addRule.service);
const byHand = median(addRule.byHand);
const fromNothing = median(reconcile.fromNothing);
const noOp = median(reconcile.noOp);
console.log(`machine: ${machineDescription()}; ${loadAverage(load)}`);
console.log(
  `(a) one rule added to a network of 1,000, median (min–max) of ${ROUNDS}: driver apply ` +
    `${spread(addRule.service)}, nft add rule by hand ${spread(addRule.byHand)}, ratio ` +
    `${(service / byHand).toFixed(2)}; target < ${TARGET_ADD_MS} ms: ${service < TARGET_ADD_MS ? 'met' : 'MISSED'}`,
);
console.log(
  `(b) reconcile of 20 networks × 100 rules, median (min–max) of ${RECONCILE_ROUNDS}: from nothing ` +
    `${spread(reconcile.fromNothing)}, no-op ${spread(reconcile.noOp)} (table byte-identical); ` +
    `target < ${TARGET_RECONCILE_MS} ms: ` +
    `${Math.max(fromNothing, noOp) < TARGET_RECONCILE_MS ? 'met' : 'MISSED'}`,
);
