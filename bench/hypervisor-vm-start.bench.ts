// What the hypervisor service adds to starting a VM, against launching the same QEMU by hand, in
// the same run. Each round, in alternating order:
// - service: the compiled `hvctl serve --driver qemu --accel tcg`, over REST with a bearer token:
//   `POST /vms` then `POST /vms/{name}/start`, timed to its answer (state RUNNING: QEMU spawned,
//   QMP connected, CPUs started) and to the guest's marker line in the serial log; then a forced
//   stop and a delete, untimed.
// - by hand: the argument array the driver builds (`qemuArguments`, the same function), spawned
//   here, its QMP socket connected as soon as it accepts (`qmp_capabilities`), then `cont`; timed
//   to `cont`'s reply and to the same marker; then `quit`.
// The guest is the tests' tiny Linux (Debian's kernel, a busybox initramfs), 1 vCPU, 256 MiB,
// booted directly from its kernel under TCG. One warm-up round of each, then ROUNDS rounds;
// medians, and the service's added time (service minus by hand) at both points.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, openSync, closeSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { qemuArguments } from '../packages/hypervisor/src/drivers/qemu/command-line.js';
import { connectQmp, type QmpClient } from '../packages/hypervisor/src/drivers/qemu/qmp-client.js';
import { vmRunFiles } from '../packages/hypervisor/src/drivers/qemu/run-files.js';
import { MIB } from '../packages/hypervisor/src/domain/units.js';
import type { LaunchSpec } from '../packages/hypervisor/src/drivers/vm-driver.js';
import { testGuest } from '../packages/hypervisor/test/support/guest.js';
import { createToken } from '../packages/hypervisor/test/support/socket-client.js';
import { requireTools } from '../packages/server-kit/src/testing/index.js';
import { serveHypervisor } from '../packages/hypervisor/test/support/serve.js';
import { loadAverage, machineDescription, median, waitForMarker as waitForSerialMarker } from './support.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const MEMORY_MIB = 256;
const MARKER_TIMEOUT_MS = 60_000;
// Both paths look for the marker the same way, so the polling interval cancels out of the difference.
const POLL_MS = 2;

interface Timing {
  /** Until the VM runs: the start answer (service), `cont`'s reply (by hand). */
  running: number;
  marker: number;
  /** The service only: `POST /vms` alone. */
  create?: number;
}

const gate = requireTools(['qemu-system-x86_64']);
if (gate.skip) {
  console.log(`skipped: ${gate.reason}`);
  process.exit(0);
}

const now = (): number => performance.now();

/** Resolves when `marker` is in `file`. */
const waitForMarker = (file: string, marker: string): Promise<void> =>
  waitForSerialMarker(file, marker, MARKER_TIMEOUT_MS, POLL_MS);

const guest = await testGuest();
const load = loadavg()[0]!;
const dir = mkdtempSync(join(tmpdir(), 'hv-start-bench-'));
const runDir = join(dir, 'run');
const handRunDir = join(dir, 'by-hand');
const service = await serveHypervisor(dir, ['--driver', 'qemu', '--accel', 'tcg', '--boot-dir', guest.dir]);
const token = await createToken(join(runDir, 'api.sock'), ['vm:write']);

async function call(method: string, path: string, body?: unknown): Promise<{ state?: string }> {
  const response = await fetch(`${service.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await response.json()) as { state?: string };
  if (!response.ok)
    throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer;
}

// What a failed round leaves running (QEMU outlives the service by design), for the cleanup.
const leftovers: { vm?: string; qemu?: ChildProcess } = {};

async function throughService(name: string): Promise<Timing> {
  const t0 = now();
  leftovers.vm = name;
  await call('POST', '/vms', {
    name,
    cpu: { count: 1 },
    memory: { size: `${MEMORY_MIB}M` },
    boot: { kernel: basename(guest.kernel), initrd: basename(guest.initrd), cmdline: guest.cmdline },
  });
  const created = now();
  const started = await call('POST', `/vms/${name}/start`);
  const running = now();
  if (started.state !== 'RUNNING') throw new Error(`start answered state ${started.state}`);
  // The file the driver gives QEMU as its serial console.
  await waitForMarker(vmRunFiles(runDir, name).serialLog, guest.marker);
  const marker = now();
  await call('POST', `/vms/${name}/stop`, { force: true });
  await call('DELETE', `/vms/${name}`);
  delete leftovers.vm;
  return { create: created - t0, running: running - t0, marker: marker - t0 };
}

async function byHand(name: string): Promise<Timing> {
  const files = vmRunFiles(handRunDir, name);
  const spec: LaunchSpec = {
    name,
    uuid: randomUUID(),
    cpus: 1,
    memoryBytes: MEMORY_MIB * MIB,
    disks: [],
    boot: { kernel: guest.kernel, initrd: guest.initrd, cmdline: guest.cmdline },
    nics: [],
  };
  mkdirSync(files.dir, { recursive: true, mode: 0o700 });
  const args = qemuArguments(spec, 'tcg', files);
  const log = openSync(files.qemuLog, 'w', 0o600);
  const t0 = now();
  const child = spawn('qemu-system-x86_64', args, { stdio: ['ignore', log, log] });
  closeSync(log);
  leftovers.qemu = child;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let qmp: QmpClient | undefined;
  while (qmp === undefined) {
    if (child.exitCode !== null) throw new Error(`QEMU exited with ${child.exitCode}; see ${files.qemuLog}`);
    if (now() - t0 > MARKER_TIMEOUT_MS) throw new Error(`QEMU opened no QMP socket; see ${files.qemuLog}`);
    try {
      qmp = await connectQmp(files.qmpSocket, { vm: name });
    } catch {
      await sleep(POLL_MS);
    }
  }
  await qmp.execute('cont');
  const running = now();
  await waitForMarker(files.serialLog, guest.marker);
  const marker = now();
  await qmp.execute('quit').catch(() => undefined);
  await exited;
  qmp.close();
  delete leftovers.qemu;
  return { running: running - t0, marker: marker - t0 };
}

const viaService: Timing[] = [];
const viaHand: Timing[] = [];
try {
  for (let round = 0; round <= ROUNDS; round += 1) {
    // Alternating which goes first spreads what one leaves behind (page cache, a busy core) evenly.
    const order = round % 2 === 0 ? (['service', 'hand'] as const) : (['hand', 'service'] as const);
    for (const path of order) {
      const timing =
        path === 'service' ? await throughService(`bench-${round}`) : await byHand(`hand-${round}`);
      // Round 0 is the warm-up of both paths.
      if (round > 0) (path === 'service' ? viaService : viaHand).push(timing);
      console.error(
        `round ${round} ${path}: running ${timing.running.toFixed(1)} ms, marker ${timing.marker.toFixed(1)} ms`,
      );
    }
  }
} finally {
  if (leftovers.vm !== undefined)
    await call('DELETE', `/vms/${leftovers.vm}?force=true`).catch(() => undefined);
  leftovers.qemu?.kill('SIGKILL');
  await service.stop();
  rmSync(dir, { recursive: true, force: true });
}

const med = (timings: Timing[], key: 'running' | 'marker' | 'create'): number =>
  median(timings.map((t) => t[key] ?? 0));
const ms = (value: number): string => value.toFixed(1);
const range = (timings: Timing[], key: 'running' | 'marker'): string => {
  const values = timings.map((t) => t[key]);
  return `${ms(Math.min(...values))}–${ms(Math.max(...values))}`;
};
console.log(`machine: ${machineDescription()}; ${loadAverage(load)}`);
console.log(
  `guest: ${basename(guest.kernel)} + ${basename(guest.initrd)}, 1 vCPU, ${MEMORY_MIB} MiB, TCG; ` +
    `${ROUNDS} rounds after a warm-up; medians in ms (min–max)`,
);
console.log('| point | hvctl serve (REST) | QEMU by hand | service adds |');
console.log('|---|---:|---:|---:|');
for (const [label, key] of [
  ['RUNNING: CPUs started', 'running'],
  ["guest's marker on the serial console", 'marker'],
] as const) {
  console.log(
    `| ${label} | ${ms(med(viaService, key))} (${range(viaService, key)}) | ` +
      `${ms(med(viaHand, key))} (${range(viaHand, key)}) | ${ms(med(viaService, key) - med(viaHand, key))} |`,
  );
}
console.log(
  `\nof the service's time to RUNNING, POST /vms alone: median ${ms(med(viaService, 'create'))} ms`,
);
