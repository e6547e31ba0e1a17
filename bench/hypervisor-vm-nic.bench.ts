// What a NIC adds to starting a VM: the same VM with one NIC against without one, in the same run.
// The compiled `hvctl serve --driver qemu --accel tcg` runs inside a network namespace of the
// benchmark's own (`ip netns exec`), with one isolated network (a real bridge, its nftables chains
// and dnsmasq); the benchmark talks to it over its Unix socket. Two VMs alike but for the NIC:
// the tests' tiny Linux (Debian's kernel booted directly, a busybox initramfs), 1 vCPU, 256 MiB,
// TCG, the same kernel command line (the guest does not bring the NIC up). Each round, in
// alternating order, each VM: `POST /vms/{name}/start`, timed to its answer (state RUNNING: for
// the NIC its tap made on the bridge, then QEMU spawned, QMP connected, CPUs started) and to the
// guest's marker line in its serial log; then a forced stop (which removes the tap), untimed. Each
// round also makes a tap by hand, with the three `ip` commands the kernel driver runs for one
// (`ip -j link show`, `ip tuntap add`, `ip link set ... master ... up`), timed, then deletes it: the
// part of the NIC's cost that is the kernel's and iproute2's. One warm-up round, then ROUNDS
// rounds; medians, and what the NIC adds at both points.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import { vmRunFiles } from '../packages/hypervisor/src/drivers/qemu/run-files.js';
import { testGuest } from '../packages/hypervisor/test/support/guest.js';
import { createNetns, netnsGate } from '../packages/hypervisor/test/support/netns.js';
import { serveHypervisor } from '../packages/hypervisor/test/support/serve.js';
import { socketApi } from '../packages/hypervisor/test/support/socket-client.js';
import { loadAverage, machineDescription, median, waitForMarker as waitForSerialMarker } from './support.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const MEMORY_MIB = 256;
const MARKER_TIMEOUT_MS = 60_000;
const POLL_MS = 2;
const TARGET_MS = 100;

const gate = netnsGate(['qemu-system-x86_64', 'nft', 'dnsmasq']);
if (gate.skip) {
  console.log(`skipped: ${gate.reason}`);
  process.exit(0);
}

const now = (): number => performance.now();
const run = promisify(execFile);

/** Resolves when `marker` is in `file`. */
const waitForMarker = (file: string, marker: string): Promise<void> =>
  waitForSerialMarker(file, marker, MARKER_TIMEOUT_MS, POLL_MS);

const guest = await testGuest();
const load = loadavg()[0]!;
const dir = mkdtempSync(join(tmpdir(), 'hv-nic-bench-'));
const runDir = join(dir, 'run');
const netns = await createNetns();
const service = await serveHypervisor(dir, ['--driver', 'qemu', '--accel', 'tcg', '--boot-dir', guest.dir], {
  prefix: ['ip', 'netns', 'exec', netns.name],
});

async function call(method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const answer = await socketApi(runDir, method, path, body);
  if (answer.status >= 300)
    throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body as Record<string, unknown>;
}

interface Timing {
  running: number;
  marker: number;
}

const VMS = { nic: 'with-nic', plain: 'without' } as const;
type Kind = keyof typeof VMS;

async function startOnce(kind: Kind): Promise<Timing> {
  const name = VMS[kind];
  const t0 = now();
  const started = await call('POST', `/vms/${name}/start`);
  const running = now();
  if (started.state !== 'RUNNING') throw new Error(`start answered state ${String(started.state)}`);
  await waitForMarker(vmRunFiles(runDir, name).serialLog, guest.marker);
  const marker = now();
  await call('POST', `/vms/${name}/stop`, { force: true });
  return { running: running - t0, marker: marker - t0 };
}

/** `ip -n NS args`: one process, as the service inside the namespace runs `ip` (no `ip netns exec`). */
const ipIn = (args: readonly string[]) => run('ip', ['-n', netns.name, ...args]);

/** The kernel driver's commands for one tap, run by hand in the namespace; its milliseconds. */
async function tapByHand(): Promise<number> {
  const t0 = now();
  await ipIn(['-j', 'link', 'show']);
  await ipIn(['tuntap', 'add', 'dev', 'hvt-byhand-0', 'mode', 'tap']);
  await ipIn(['link', 'set', 'dev', 'hvt-byhand-0', 'master', 'hv-bench', 'up']);
  const took = now() - t0;
  await ipIn(['link', 'del', 'hvt-byhand-0']);
  return took;
}

const timings: Record<Kind, Timing[]> = { nic: [], plain: [] };
const byHand: number[] = [];
try {
  await call('POST', '/networks', { name: 'bench', mode: 'isolated' });
  for (const kind of ['nic', 'plain'] as const) {
    await call('POST', '/vms', {
      name: VMS[kind],
      cpu: { count: 1 },
      memory: { size: `${MEMORY_MIB}M` },
      devices: { network: kind === 'nic' ? [{ type: 'virtio-net', network: 'bench' }] : [] },
      boot: { kernel: basename(guest.kernel), initrd: basename(guest.initrd), cmdline: guest.cmdline },
    });
  }
  for (let round = 0; round <= ROUNDS; round += 1) {
    // Alternating which goes first spreads what one leaves behind (page cache, a busy core) evenly.
    const order = round % 2 === 0 ? (['nic', 'plain'] as const) : (['plain', 'nic'] as const);
    for (const kind of order) {
      const timing = await startOnce(kind);
      if (kind === 'nic') {
        const tap = await tapByHand();
        if (round > 0) byHand.push(tap);
      }
      // Round 0 is the warm-up of both.
      if (round > 0) timings[kind].push(timing);
      console.error(
        `round ${round} ${kind}: running ${timing.running.toFixed(1)} ms, marker ${timing.marker.toFixed(1)} ms`,
      );
    }
  }
} finally {
  for (const name of Object.values(VMS)) await socketApi(runDir, 'DELETE', `/vms/${name}?force=true`);
  await socketApi(runDir, 'DELETE', '/networks/bench');
  await service.stop();
  await netns.destroy();
  rmSync(dir, { recursive: true, force: true });
}

const med = (kind: Kind, key: keyof Timing): number => median(timings[kind].map((t) => t[key]));
const ms = (value: number): string => value.toFixed(1);
const range = (kind: Kind, key: keyof Timing): string => {
  const values = timings[kind].map((t) => t[key]);
  return `${ms(Math.min(...values))}–${ms(Math.max(...values))}`;
};
console.log(`machine: ${machineDescription()}; ${loadAverage(load)}`);
console.log(
  `guest: ${basename(guest.kernel)} + ${basename(guest.initrd)}, 1 vCPU, ${MEMORY_MIB} MiB, TCG; ` +
    `${ROUNDS} rounds after a warm-up; medians in ms (min–max)`,
);
console.log('| point | one NIC | no NIC | the NIC adds |');
console.log('|---|---:|---:|---:|');
for (const [label, key] of [
  ['RUNNING: start answered', 'running'],
  ["guest's marker on the serial console", 'marker'],
] as const) {
  console.log(
    `| ${label} | ${ms(med('nic', key))} (${range('nic', key)}) | ${ms(med('plain', key))} (${range('plain', key)}) | ` +
      `${ms(med('nic', key) - med('plain', key))} |`,
  );
}
console.log(
  `\na tap by hand (ip -j link show, ip tuntap add, ip link set master up): median ${ms(median(byHand))} ms ` +
    `(${ms(Math.min(...byHand))}–${ms(Math.max(...byHand))})`,
);
const added = med('nic', 'running') - med('plain', 'running');
console.log(
  `\ntarget: the NIC adds under ${TARGET_MS} ms to RUNNING: ${added < TARGET_MS ? 'met' : 'NOT met'}`,
);
