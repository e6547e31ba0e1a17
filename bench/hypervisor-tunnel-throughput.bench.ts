// Throughput through a network's tunnel with the post-quantum preshared key against the same
// WireGuard without one, in the same run, alternating. Two "hosts" are network namespaces joined by
// a veth pair, each with a network made by the kernel network driver and its tunnel
// (`driver.tunnels`, wireguard-go where the kernel has no WireGuard module), and an endpoint
// namespace on each bridge (packages/hypervisor/test/support/wireguard-lab.ts). Each round installs
// the peer afresh on both sides (no session left from the round before), either through the driver
// with a new random 32-byte preshared key, as the tunnel's key exchange does, or the same and then
// `wg set ... preshared-key /dev/null` (no PSK, plain WireGuard); waits for the handshake (a ping);
// then iperf3 sends TCP from endpoint a to endpoint b for SECONDS seconds. The figure is what the
// receiver got, in Mbit/s.
import { execFile } from 'node:child_process';
import { loadavg } from 'node:os';
import { promisify } from 'node:util';
import { requireTools } from '../packages/server-kit/src/testing/index.js';
import {
  createWireguardLab,
  newPresharedKey,
  pingOnce,
  type TunnelSide,
  type WireguardLab,
} from '../packages/hypervisor/test/support/wireguard-lab.js';
import { until } from '../packages/hypervisor/test/support/until.js';
import { loadAverage, machineDescription, median } from './support.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/** "The same within noise": the medians within this fraction of each other. */
const TARGET_RATIO = 0.1;

const gate = requireTools(['ip', 'nft', 'dnsmasq', 'busybox', 'wg', 'wireguard-go', 'iperf3']);
if (gate.skip || process.getuid?.() !== 0) {
  console.log(`skipped: ${gate.skip ? gate.reason : 'network namespaces need root'}`);
  process.exit(0);
}
const exec = promisify(execFile);

type Mode = 'post-quantum PSK' | 'no PSK';

/** The peer installed anew on both sides, with the round's key or none; resolves once it carries. */
async function installPeers(lab: WireguardLab, mode: Mode): Promise<void> {
  const psk = newPresharedKey();
  const sides: [TunnelSide, TunnelSide][] = [
    [lab.a, lab.b],
    [lab.b, lab.a],
  ];
  for (const [side, other] of sides) {
    await side.driver.tunnels.setPeer(side.network.name, null);
    await side.driver.tunnels.setPeer(side.network.name, other.asPeer(psk));
    if (mode === 'no PSK') {
      await side.host.exec('wg', [
        'set',
        side.tunnel.interface,
        'peer',
        other.publicKey,
        'preshared-key',
        '/dev/null',
      ]);
    }
  }
  const expected = mode === 'no PSK' ? null : psk;
  for (const [side] of sides) {
    const installed = await side.driver.tunnels.presharedKey(side.network.name);
    if (installed !== expected) throw new Error(`${side.network.name}: preshared key is not the round's`);
  }
  await until('a handshake through the tunnel', () => pingOnce(lab.a.endpoint, lab.b.address), {
    timeoutMs: 20_000,
    intervalMs: 100,
  });
}

async function iperf(lab: WireguardLab): Promise<number> {
  const { stdout } = await lab.a.endpoint.exec('iperf3', ['-c', lab.b.address, '-t', String(SECONDS), '-J'], {
    timeoutMs: (SECONDS + 30) * 1000,
  });
  const result = JSON.parse(stdout) as { end: { sum_received: { bits_per_second: number } } };
  return result.end.sum_received.bits_per_second / 1e6;
}

const load = loadavg()[0]!;
const lab = await createWireguardLab();
const server = lab.b.endpoint.spawn('iperf3', ['-s'], { stdio: 'ignore' });
try {
  await until(
    'iperf3 to listen',
    async () => (await lab.b.endpoint.exec('ss', ['-Htln', 'sport', '= :5201'])).stdout.trim() !== '',
  );
  const implementation = (await lab.a.driver.tunnels.counters(lab.a.network.name))?.implementation;
  const { stdout: wgVersion } = await exec('wg', ['--version']);
  const results: Record<Mode, number[]> = { 'post-quantum PSK': [], 'no PSK': [] };
  // One warm-up of each, not counted.
  for (const mode of ['post-quantum PSK', 'no PSK'] as const) {
    await installPeers(lab, mode);
    await iperf(lab);
  }
  for (let round = 0; round < ROUNDS; round += 1) {
    const order: Mode[] = round % 2 === 0 ? ['post-quantum PSK', 'no PSK'] : ['no PSK', 'post-quantum PSK'];
    for (const mode of order) {
      await installPeers(lab, mode);
      results[mode].push(await iperf(lab));
    }
  }
  const row = (values: number[]): string =>
    `${median(values).toFixed(0)} (${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)})`;
  const ratio = median(results['post-quantum PSK']) / median(results['no PSK']);
  // Each round's two runs are back to back, so their ratio cancels most of the machine's drift.
  const paired = results['post-quantum PSK'].map((value, i) => value / results['no PSK'][i]!);
  console.log(`tunnel throughput, iperf3 TCP ${SECONDS} s per run, ${ROUNDS} rounds alternating, Mbit/s`);
  console.log(`implementation: ${implementation}; ${wgVersion.trim()}`);
  console.log(`machine: ${machineDescription()}; ${loadAverage(load)}`);
  console.log(`  post-quantum PSK  ${row(results['post-quantum PSK'])}`);
  console.log(`  no PSK            ${row(results['no PSK'])}`);
  console.log(
    `  ratio (PSK / none) ${ratio.toFixed(3)}; median of each round's ratio ${median(paired).toFixed(3)}`,
  );
  for (const mode of ['post-quantum PSK', 'no PSK'] as const) {
    console.log(`  ${mode} by round: ${results[mode].map((v) => v.toFixed(0)).join(' ')}`);
  }
  console.log(
    `  target: the same within ${TARGET_RATIO * 100}%: ${Math.abs(1 - ratio) <= TARGET_RATIO ? 'met' : 'NOT met'}`,
  );
} finally {
  server.kill('SIGKILL');
  await lab.destroy();
}
