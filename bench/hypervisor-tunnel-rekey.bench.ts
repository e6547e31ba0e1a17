// One renewal of a network tunnel's post-quantum preshared key, and what renewals cost the traffic.
//
// Part 1, one renewal step by step (ROUNDS rounds, medians): the key exchange's own functions
// (packages/hypervisor/src/domain/tunnel/protocol.ts, as the services run them): the initiator's
// init (an ephemeral ML-KEM-768 key pair, an ML-DSA-65 signature), the responder's reply (a
// verification, an encapsulation to that key, a signature), the initiator's confirm (a
// verification, a decapsulation, an encapsulation to the responder's static key, the HKDF, a
// signature) and the responder's finish (a verification, a decapsulation, the HKDF); then the
// install of the agreed key on both sides through the kernel tunnel driver (`wg set ... peer ...
// preshared-key /dev/stdin`) into two wireguard-go interfaces, each in a namespace of the
// benchmark's own. The two HTTP round trips between the services are not in it.
//
// Part 2, traffic across renewals: two services, each in its own namespace (test/support/
// tunnel-lab.ts: host A and host B joined by a veth pair, a network on each with a namespace on its
// bridge as the machine), joined by a tunnel renewed every REKEY_SECONDS. The machine on A pings
// the one on B ten times a second (`busybox ping -i 0.1`) across RENEWALS renewals; lost pings are
// counted (target: none). The renewals are read from A's `GET /networks/{name}/tunnel` (epoch)
// and from each service's log line `tunnel key renewed`: the time between the responder's install
// and the initiator's is the window in which the two WireGuards hold different keys. WireGuard uses
// a new key from its next handshake on (every 120 s while traffic flows): with REKEY_SECONDS 15 the
// ping lasts past one, which A's `last_handshake_at` before and after the ping shows.
//
//   BENCH_ROUNDS (20), BENCH_RENEWALS (10), BENCH_REKEY_SECONDS (3, at least 2)
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  confirm,
  confirmationMatches,
  createInit,
  finish,
  kem,
  respond,
  signer,
} from '../packages/hypervisor/src/domain/tunnel/protocol.js';
import { createCommandRunner } from '../packages/hypervisor/src/drivers/network/kernel/command.js';
import {
  createWireguardTunnels,
  wireguardKeyPair,
} from '../packages/hypervisor/src/drivers/network/kernel/wireguard.js';
import { tunnelName } from '../packages/hypervisor/src/drivers/network/tunnel-driver.js';
import {
  connectVeth,
  createNetns,
  netnsGate,
  type Netns,
} from '../packages/hypervisor/test/support/netns.js';
import {
  createTunnelLab,
  tunnelSettings,
  type TunnelLab,
  type TunnelSide,
} from '../packages/hypervisor/test/support/tunnel-lab.js';
import { loadAverage, machineDescription, median } from './support.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const RENEWALS = Number(process.env.BENCH_RENEWALS ?? 10);
const REKEY_SECONDS = Number(process.env.BENCH_REKEY_SECONDS ?? 3);
const PING_INTERVAL_S = 0.1;

const gate = netnsGate(['nft', 'dnsmasq', 'qemu-system-x86_64', 'wg', 'wireguard-go', 'busybox']);
if (gate.skip) {
  console.log(`skipped: ${gate.reason}`);
  process.exit(0);
}

const now = (): number => performance.now();
const ms = (value: number): string => value.toFixed(2);
const spread = (values: readonly number[]): string =>
  `${ms(median(values))} (${ms(Math.min(...values))}–${ms(Math.max(...values))})`;

/** Part 1: the protocol's four steps and the two installs, ROUNDS times. */
async function oneRenewal(): Promise<void> {
  const namespaces: Netns[] = [];
  // Where the driver keeps a key file for the moment `wg` reads it.
  const runDir = mkdtempSync(join(tmpdir(), 'hv-rekey-'));
  // wireguard-go's sockets are named by interface and shared by every namespace: names of our own.
  const suffix = Math.random().toString(16).slice(2, 8);
  const networks = [`rk${suffix}i`, `rk${suffix}r`] as const;
  try {
    const [nsI, nsR] = [await createNetns(), await createNetns()];
    namespaces.push(nsI, nsR);
    await connectVeth(nsI, 'wan0', nsR, 'wan0', { a: '192.168.252.1/30', b: '192.168.252.2/30' });
    const tunnels = [
      createWireguardTunnels(createCommandRunner(nsI.name), join(runDir, 'i')),
      createWireguardTunnels(createCommandRunner(nsR.name), join(runDir, 'r')),
    ];
    // The side whose WireGuard key sorts lower initiates.
    const wg = [wireguardKeyPair(), wireguardKeyPair()].sort((x, y) => (x.publicKey < y.publicKey ? -1 : 1));
    const [wgI, wgR] = wg as [(typeof wg)[0], (typeof wg)[0]];
    const endpoints = ['192.168.252.2:51820', '192.168.252.1:51820'];
    for (const [i, tunnel] of tunnels.entries()) {
      await tunnel.apply({
        network: networks[i] as string,
        interface: tunnelName(networks[i] as string),
        privateKey: (wg[i] as { privateKey: string }).privateKey,
        listenPort: 51820,
        remoteSubnets: [i === 0 ? '10.77.42.0/24' : '10.77.41.0/24'],
      });
    }
    const signingI = signer().keygen();
    const signingR = signer().keygen();
    const initiator = {
      signingPublicKey: signingI.publicKey,
      signingSecretKey: signingI.secretKey,
      wgPublicKey: wgI.publicKey,
    };
    const responder = {
      signingPublicKey: signingR.publicKey,
      signingSecretKey: signingR.secretKey,
      wgPublicKey: wgR.publicKey,
      staticKem: kem().keygen(),
    };
    const steps: Record<string, number[]> = {
      'init (initiator)': [],
      'reply (responder)': [],
      'confirm (initiator)': [],
      'finish (responder)': [],
      'protocol, all four': [],
      'install, responder': [],
      'install, initiator': [],
      'one renewal (protocol and both installs)': [],
    };
    const record = (step: string, value: number): void => void steps[step]?.push(value);
    for (let round = 0; round <= ROUNDS; round += 1) {
      const epoch = round + 1;
      const t0 = now();
      const state = createInit(initiator, responder.signingPublicKey, epoch);
      const t1 = now();
      const { reply, pending } = respond(responder, initiator.signingPublicKey, state.message, epoch - 1);
      const t2 = now();
      const agreed = confirm(initiator, responder.signingPublicKey, state, reply);
      const t3 = now();
      const finished = finish(responder, initiator.signingPublicKey, pending, agreed.message);
      if (!confirmationMatches(agreed.confirmation, finished.done.confirmation))
        throw new Error('the keys differ');
      const t4 = now();
      await tunnels[1]?.setPeer(networks[1], {
        publicKey: wgI.publicKey,
        endpoint: endpoints[1] as string,
        allowedIps: ['10.77.41.0/24'],
        presharedKey: finished.psk,
        persistentKeepaliveSeconds: 25,
      });
      const t5 = now();
      await tunnels[0]?.setPeer(networks[0], {
        publicKey: wgR.publicKey,
        endpoint: endpoints[0] as string,
        allowedIps: ['10.77.42.0/24'],
        presharedKey: agreed.psk,
        persistentKeepaliveSeconds: 25,
      });
      const t6 = now();
      const installed = [
        await tunnels[0]?.presharedKey(networks[0]),
        await tunnels[1]?.presharedKey(networks[1]),
      ];
      if (installed[0] !== agreed.psk || installed[1] !== agreed.psk)
        throw new Error('the installed keys differ');
      if (round === 0) continue; // warm-up
      record('init (initiator)', t1 - t0);
      record('reply (responder)', t2 - t1);
      record('confirm (initiator)', t3 - t2);
      record('finish (responder)', t4 - t3);
      record('protocol, all four', t4 - t0);
      record('install, responder', t5 - t4);
      record('install, initiator', t6 - t5);
      record('one renewal (protocol and both installs)', t6 - t0);
    }
    console.log(`\nPart 1: one renewal, ${ROUNDS} rounds after a warm-up, ms, median (min–max)`);
    console.log('| step | ms |');
    console.log('| --- | ---: |');
    for (const [step, values] of Object.entries(steps)) console.log(`| ${step} | ${spread(values)} |`);
    const implementation = await tunnels[0]?.implementation();
    console.log(`install through: ${implementation}`);
    for (const [i, tunnel] of tunnels.entries()) await tunnel.remove(networks[i] as string);
  } finally {
    for (const netns of namespaces) await netns.destroy();
    // A wireguard-go killed with its namespace leaves its socket behind.
    for (const network of networks) rmSync(`/var/run/wireguard/${tunnelName(network)}.sock`, { force: true });
    rmSync(runDir, { recursive: true, force: true });
  }
}

interface LogLine {
  msg?: string;
  time?: number;
  epoch?: number;
  network?: string;
}

/** Each epoch's install time (ms since the epoch) in one service's log. */
function renewals(side: TunnelSide): Map<number, number> {
  const out = new Map<number, number>();
  for (const line of side.service().logs as LogLine[]) {
    if (
      line.msg === 'tunnel key renewed' &&
      typeof line.epoch === 'number' &&
      typeof line.time === 'number'
    ) {
      out.set(line.epoch, line.time);
    }
  }
  return out;
}

/** Part 2: ping at 10 per second between the two networks' machines across RENEWALS renewals. */
async function pingAcrossRenewals(): Promise<void> {
  let lab: TunnelLab | undefined;
  try {
    lab = await createTunnelLab();
    const { a, b } = lab;
    const pem = { A: await a.signingKey('tunsig'), B: await b.signingKey('tunsig') };
    const tokens = { A: await b.token(['network:write']), B: await a.token(['network:write']) };
    for (const [side, peer] of [
      [a, b],
      [b, a],
    ] as const) {
      const answer = await side.api('PATCH', `/networks/${side.network}`, {
        tunnel: tunnelSettings(peer, {
          signingKey: 'tunsig',
          peerSigningKey: pem[peer.label],
          peerToken: tokens[side.label],
          rekeySeconds: REKEY_SECONDS,
        }),
      });
      if (answer.status !== 200)
        throw new Error(`PATCH on ${side.label}: ${answer.status} ${JSON.stringify(answer.body)}`);
    }
    const deadline = Date.now() + 60_000;
    for (;;) {
      const up = (await a.tunnel()).state === 'up' && (await b.tunnel()).state === 'up';
      const reached =
        up &&
        (await a.endpoint.tryExec('busybox', ['ping', '-c', '1', '-W', '1', b.endpointAddress])).code === 0;
      if (reached) break;
      if (Date.now() > deadline) throw new Error('the tunnel did not come up within 60 s');
      await sleep(250);
    }
    // The ping runs until A's epoch has moved RENEWALS times, and a second more. Interrupted, busybox
    // ping prints its statistics as at the end of a count; it is interrupted right after a reply, so
    // that no ping is on its way then (the next leaves 0.1 s later).
    const { epoch: firstEpoch, last_handshake_at: handshakeBefore } = await a.tunnel();
    const startedAt = Date.now();
    const ping = a.endpoint.spawn(
      'busybox',
      ['ping', '-i', String(PING_INTERVAL_S), '-W', '2', b.endpointAddress],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let stdout = '';
    let stopping = false;
    ping.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stopping && chunk.toString().includes('seq=')) ping.kill('SIGINT');
    });
    const exited = new Promise((resolve) => ping.once('exit', resolve));
    const limit = Date.now() + (RENEWALS * REKEY_SECONDS * 3 + 30) * 1000;
    let lastEpoch = firstEpoch;
    while (lastEpoch < firstEpoch + RENEWALS && Date.now() < limit) {
      await sleep(100);
      lastEpoch = (await a.tunnel()).epoch;
    }
    await sleep(1000);
    stopping = true;
    await exited;
    const endedAt = Date.now();
    const stats = /(\d+) packets transmitted, (\d+) packets received/.exec(stdout);
    if (stats === null) throw new Error(`ping printed no statistics: ${stdout}`);
    const [sent, received] = [Number(stats[1]), Number(stats[2])];

    // The responder installs before it answers the confirm; the initiator once the answer is back.
    const [logA, logB] = [renewals(a), renewals(b)];
    const gaps: number[] = [];
    const inWindow: number[] = [];
    for (const [epoch, at] of logA) {
      const other = logB.get(epoch);
      if (other === undefined) continue;
      if (Math.min(at, other) < startedAt || Math.max(at, other) > endedAt) continue;
      inWindow.push(epoch);
      gaps.push(Math.abs(at - other));
    }
    const times = [...logA.entries()].filter(([epoch]) => inWindow.includes(epoch)).map(([, at]) => at);
    const intervals = times.slice(1).map((at, i) => (at - (times[i] as number)) / 1000);
    const { role, last_handshake_at: handshakeAfter } = await a.tunnel();
    console.log(
      `\nPart 2: rekey_seconds ${REKEY_SECONDS}, ${sent} pings at ${PING_INTERVAL_S} s over ${((endedAt - startedAt) / 1000).toFixed(1)} s, ` +
        `epochs ${firstEpoch} to ${lastEpoch} (${lastEpoch - firstEpoch} renewals, ${inWindow.length} with both sides' installs inside the ping)`,
    );
    console.log(
      `lost pings: ${sent - received} of ${sent} (target: none) — ${sent === received ? 'met' : 'NOT met'}`,
    );
    if (gaps.length > 0) {
      console.log(
        `between the responder's install and the initiator's (A is ${role ?? 'neither'}): ${spread(gaps)} ms over ${gaps.length} renewals`,
      );
    }
    if (intervals.length > 0)
      console.log(`between two renewals: ${spread(intervals.map((i) => i * 1000))} ms`);
    // WireGuard uses a new PSK from its next handshake on (every 120 s while traffic flows).
    console.log(
      `A's last WireGuard handshake: ${handshakeBefore ?? 'none'} before the ping, ${handshakeAfter ?? 'none'} after` +
        (handshakeAfter !== handshakeBefore ? ' (a handshake with a renewed key during the ping)' : ''),
    );
  } finally {
    await lab?.destroy();
  }
}

const loadBefore = loadavg()[0] ?? 0;
console.log(`machine: ${machineDescription()}`);
await oneRenewal();
await pingAcrossRenewals();
console.log(loadAverage(loadBefore));
