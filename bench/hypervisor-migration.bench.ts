// What the hypervisor service adds to a live migration, against QEMU migrated by hand through QMP,
// in the same run, on loopback. The guest is the tests' tiny Linux (Debian's kernel, a busybox
// initramfs), 1 vCPU, 256 MiB, TCG, booted once per path and then moved from host to host every
// round, idle (it waits in /init after its marker line).
// - service: two compiled `hvctl serve --driver qemu --accel tcg` with their own data and run
//   directories; `POST /vms/{name}/migrate` on the host that has the VM, with the other's URL and
//   token, timed from the request to the operation's end (its `operation.completed` event on the
//   source's stream, so that no polling loads the service meanwhile), which comes after the
//   destination shows the VM RUNNING and the source has stopped its QEMU and removed the VM.
// - by hand: a new QEMU with the same argument array the driver builds (`qemuArguments`, with
//   `-incoming defer`), its QMP connected as soon as it accepts, `migrate-incoming tcp:127.0.0.1:0`
//   and `query-migrate` for its port; on the running QEMU `migrate-set-parameters` (the service's
//   defaults: downtime-limit 300 ms, no bandwidth cap) and `migrate`; `query-migrate` every POLL_MS
//   until `completed`; then the destination's `query-status` until it runs, and `quit` of the
//   source, timed from the spawn to the source's exit.
// Both report QEMU's own `total-time` and `downtime` from `query-migrate`. One warm-up round of
// each, then ROUNDS rounds in alternating order; medians, and what the service adds.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { qemuArguments } from '../packages/hypervisor/src/drivers/qemu/command-line.js';
import {
  DEFAULT_DOWNTIME_LIMIT_MS,
  UNLIMITED_BANDWIDTH,
} from '../packages/hypervisor/src/drivers/qemu/migration.js';
import { connectQmp, type QmpClient } from '../packages/hypervisor/src/drivers/qemu/qmp-client.js';
import { vmRunFiles } from '../packages/hypervisor/src/drivers/qemu/run-files.js';
import type { OperationView } from '../packages/hypervisor/src/domain/operations.js';
import { MIB } from '../packages/hypervisor/src/domain/units.js';
import type { LaunchSpec } from '../packages/hypervisor/src/drivers/vm-driver.js';
import { testGuest } from '../packages/hypervisor/test/support/guest.js';
import { createToken } from '../packages/hypervisor/test/support/socket-client.js';
import { collectEvents, type EventCollector } from '../packages/hypervisor/test/support/sse.js';
import { requireTools, type ServiceProcess } from '../packages/server-kit/src/testing/index.js';
import { serveHypervisor } from '../packages/hypervisor/test/support/serve.js';
import { loadAverage, machineDescription, median } from './support.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const MEMORY_MIB = 256;
const TIMEOUT_MS = 120_000;
/** Both paths look at QEMU (or the operation) this often: the wait for the end costs the same. */
const POLL_MS = 10;

interface Timing {
  /** Until the destination's QEMU listens: the 202 answer (service), `migrate-incoming` (by hand). */
  prepared: number;
  /** From the request (service) or the spawn of the destination's QEMU (by hand) to the end. */
  wall: number;
  /** QEMU's `total-time` and `downtime`, from `query-migrate`. */
  total: number;
  downtime: number;
  transferred: number;
}

const gate = requireTools(['qemu-system-x86_64']);
if (gate.skip) {
  console.log(`skipped: ${gate.reason}`);
  process.exit(0);
}

const now = (): number => performance.now();

async function waitFor<T>(what: string, probe: () => Promise<T | undefined> | T | undefined): Promise<T> {
  const deadline = now() + TIMEOUT_MS;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(POLL_MS);
  }
}

const guest = await testGuest();
const load = loadavg()[0]!;
const dir = mkdtempSync(join(tmpdir(), 'hv-migration-bench-'));
const handRunDir = join(dir, 'by-hand');

interface Host {
  service: ServiceProcess;
  runDir: string;
  token: string;
  /** Its `operation.completed` events, followed from the start. */
  completed: EventCollector;
}

async function serve(name: string): Promise<Host> {
  const runDir = join(dir, name, 'run');
  const service = await serveHypervisor(join(dir, name), [
    '--driver',
    'qemu',
    '--accel',
    'tcg',
    '--boot-dir',
    guest.dir,
  ]);
  const token = await createToken(join(runDir, 'api.sock'), ['vm:write', 'operations:read', 'events:read']);
  const stream = await fetch(`${service.url}/events?kinds=operation.completed`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return { service, runDir, token, completed: collectEvents(stream) };
}

async function call<T = OperationView>(host: Host, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${host.service.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${host.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await response.json()) as T;
  if (!response.ok)
    throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer;
}

const marked = (file: string): boolean => {
  try {
    return readFileSync(file, 'latin1').includes(guest.marker);
  } catch {
    return false;
  }
};

const [a, b] = await Promise.all([serve('a'), serve('b')]);
const NAME = 'bench';
const spec: LaunchSpec = {
  name: NAME,
  uuid: randomUUID(),
  cpus: 1,
  memoryBytes: MEMORY_MIB * MIB,
  disks: [],
  boot: { kernel: guest.kernel, initrd: guest.initrd, cmdline: guest.cmdline },
  nics: [],
};

// What runs, for the cleanup.
const hand: { qemu: ChildProcess[] } = { qemu: [] };
let at: Host = a;

async function throughService(): Promise<Timing> {
  const to = at === a ? b : a;
  const t0 = now();
  const started = await call(at, 'POST', `/vms/${NAME}/migrate`, {
    destination: to.service.url,
    token: to.token,
  });
  const prepared = now() - t0;
  await at.completed.waitFor((e) => (e.data as { id?: string }).id === started.id, TIMEOUT_MS);
  const wall = now() - t0;
  const op = await call(at, 'GET', `/operations/${started.id}`);
  if (op.status !== 'succeeded')
    throw new Error(`the migration ended ${op.status}: ${JSON.stringify(op.error)}`);
  at = to;
  return {
    prepared,
    wall,
    total: Number(op.result?.total_time_ms),
    downtime: Number(op.result?.downtime_ms),
    transferred: Number(op.result?.transferred_bytes),
  };
}

/** Spawns QEMU for the VM under `name`'s run files; resolves once its QMP is connected. */
async function launch(
  name: string,
  incoming: boolean,
): Promise<{ qmp: QmpClient; child: ChildProcess; exited: Promise<void> }> {
  const files = vmRunFiles(handRunDir, name);
  mkdirSync(files.dir, { recursive: true, mode: 0o700 });
  const args = qemuArguments({ ...spec, incoming }, 'tcg', files);
  const log = openSync(files.qemuLog, 'w', 0o600);
  const child = spawn('qemu-system-x86_64', args, { stdio: ['ignore', log, log] });
  closeSync(log);
  hand.qemu.push(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const t0 = now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`QEMU exited with ${child.exitCode}; see ${files.qemuLog}`);
    if (now() - t0 > TIMEOUT_MS) throw new Error(`QEMU opened no QMP socket; see ${files.qemuLog}`);
    try {
      return { qmp: await connectQmp(files.qmpSocket, { vm: name }), child, exited };
    } catch {
      await sleep(2);
    }
  }
}

let handSource: Awaited<ReturnType<typeof launch>>;
let handCount = 0;

async function byHand(): Promise<Timing> {
  handCount += 1;
  const t0 = now();
  const target = await launch(`hand-${handCount}`, true);
  await target.qmp.execute('migrate-incoming', { arguments: { uri: 'tcp:127.0.0.1:0' } });
  const port = (await target.qmp.execute('query-migrate'))['socket-address']?.[0]?.port;
  const prepared = now() - t0;
  const source = handSource.qmp;
  await source.execute('migrate-set-parameters', {
    arguments: { 'downtime-limit': DEFAULT_DOWNTIME_LIMIT_MS, 'max-bandwidth': UNLIMITED_BANDWIDTH },
  });
  await source.execute('migrate', { arguments: { uri: `tcp:127.0.0.1:${port}` } });
  // Completed, with the times QEMU works out a moment after it says so.
  const info = await waitFor('the migration by hand', async () => {
    const m = await source.execute('query-migrate');
    if (m.status === 'failed' || m.status === 'cancelled') throw new Error(`migration ${m.status}`);
    return m.status === 'completed' && m['total-time']! > 0 ? m : undefined;
  });
  await waitFor('the destination running', async () =>
    (await target.qmp.execute('query-status')).running ? true : undefined,
  );
  await source.execute('quit').catch(() => undefined);
  await handSource.exited;
  const wall = now() - t0;
  handSource.qmp.close();
  handSource = target;
  return {
    prepared,
    wall,
    total: info['total-time'] ?? 0,
    downtime: info.downtime ?? 0,
    transferred: info.ram?.transferred ?? 0,
  };
}

const viaService: Timing[] = [];
const viaHand: Timing[] = [];
try {
  // Both guests boot once and wait, idle, after their marker.
  await call(a, 'POST', '/vms', {
    name: NAME,
    cpu: { count: 1 },
    memory: { size: `${MEMORY_MIB}M` },
    boot: { kernel: basename(guest.kernel), initrd: basename(guest.initrd), cmdline: guest.cmdline },
  });
  await call(a, 'POST', `/vms/${NAME}/start`);
  handSource = await launch('hand-0', false);
  await handSource.qmp.execute('cont');
  await waitFor('the service guest booted', () =>
    marked(join(a.runDir, 'vms', NAME, 'serial.log')) ? true : undefined,
  );
  await waitFor('the hand guest booted', () =>
    marked(vmRunFiles(handRunDir, 'hand-0').serialLog) ? true : undefined,
  );

  for (let round = 0; round <= ROUNDS; round += 1) {
    // Alternating which goes first spreads what one leaves behind (page cache, a busy core) evenly.
    const order = round % 2 === 0 ? (['service', 'hand'] as const) : (['hand', 'service'] as const);
    for (const path of order) {
      const timing = path === 'service' ? await throughService() : await byHand();
      // Round 0 is the warm-up of both paths.
      if (round > 0) (path === 'service' ? viaService : viaHand).push(timing);
      console.error(
        `round ${round} ${path}: prepared ${timing.prepared.toFixed(1)} ms, wall ${timing.wall.toFixed(1)} ms, ` +
          `total-time ${timing.total} ms, ` +
          `downtime ${timing.downtime} ms, ${(timing.transferred / MIB).toFixed(1)} MiB`,
      );
    }
  }
} finally {
  await call(at, 'DELETE', `/vms/${NAME}?force=true`).catch(() => undefined);
  for (const child of hand.qemu) child.kill('SIGKILL');
  await Promise.all([a.completed.close(), b.completed.close()]);
  await Promise.all([a.service.stop(), b.service.stop()]);
  rmSync(dir, { recursive: true, force: true });
}

const med = (timings: Timing[], key: keyof Timing): number => median(timings.map((t) => t[key]));
const ms = (value: number): string => value.toFixed(1);
const range = (timings: Timing[], key: keyof Timing): string => {
  const values = timings.map((t) => t[key]);
  return `${ms(Math.min(...values))}–${ms(Math.max(...values))}`;
};
const adds = (key: keyof Timing): string => {
  const service = med(viaService, key);
  const byHandValue = med(viaHand, key);
  const percent = byHandValue === 0 ? 0 : ((service - byHandValue) / byHandValue) * 100;
  return `${ms(service - byHandValue)} (${percent >= 0 ? '+' : ''}${percent.toFixed(0)} %)`;
};
console.log(`machine: ${machineDescription()}; ${loadAverage(load)}`);
console.log(
  `guest: ${basename(guest.kernel)} + ${basename(guest.initrd)}, 1 vCPU, ${MEMORY_MIB} MiB, TCG, idle; ` +
    `${ROUNDS} rounds after a warm-up; medians in ms (min–max); ` +
    `transferred: ${(med(viaService, 'transferred') / MIB).toFixed(1)} MiB (service), ` +
    `${(med(viaHand, 'transferred') / MIB).toFixed(1)} MiB (by hand)`,
);
console.log('| measure | hvctl serve (REST) | QEMU by hand (QMP) | service adds |');
console.log('|---|---:|---:|---:|');
for (const [label, key] of [
  ['QEMU total-time (query-migrate)', 'total'],
  ['QEMU downtime (query-migrate)', 'downtime'],
  ["destination's QEMU listening", 'prepared'],
  ['wall: request to the end', 'wall'],
] as const) {
  console.log(
    `| ${label} | ${ms(med(viaService, key))} (${range(viaService, key)}) | ` +
      `${ms(med(viaHand, key))} (${range(viaHand, key)}) | ${adds(key)} |`,
  );
}
