// What the hypervisor service adds to qemu-img's own disk work, against running the same qemu-img
// command by hand, in the same run. Two images made alike: one in the service's default pool, one
// in a directory of the benchmark's. Each has 1 GiB of virtual size with DATA_MIB of data written by
// qemu-io (a pattern, so nothing is zero) and, before the warm-up, 128 MiB more written as zeros (what
// a compact leaves out). Each round, in alternating order:
// - service: the compiled `hvctl serve --driver simulated`, over REST with a bearer token:
//   `POST /storage/{name}/compact`, then `POST /storage/{name}/convert {format: raw, target}`, each
//   timed from the request to the poll of `GET /operations/{id}` that finds it succeeded (every
//   POLL_MS), the converted image deleted afterwards, untimed.
// - by hand: the commands the service runs: `qemu-img convert -p -f qcow2 -O qcow2 -o
//   cluster_size=65536 IMG PARTIAL` then a rename over IMG; `qemu-img convert -p -f qcow2 -O raw
//   IMG OUT`, its `-p` output read from a pipe as the service reads it; OUT removed, untimed.
// Before each timed step, `sync` writes back what the previous one left dirty (untimed). One
// warm-up round (which also compacts the zeros away, so every timed compact copies the same data),
// then ROUNDS rounds; medians, and throughput as the image's data over the time. The service's own
// record of each operation (created to finished) is shown beside what its client saw.
import { spawn, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createToken } from '../packages/hypervisor/test/support/socket-client.js';
import { requireTools } from '../packages/server-kit/src/testing/index.js';
import { serveHypervisor } from '../packages/hypervisor/test/support/serve.js';
import { loadAverage, machineDescription, median } from './support.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 11);
const DATA_MIB = Number(process.env.BENCH_DATA_MIB ?? 512);
const POLL_MS = 10;
const MIB = 1024 ** 2;

const gate = requireTools(['qemu-img', 'qemu-io']);
if (gate.skip) {
  console.log(`skipped: ${gate.reason}`);
  process.exit(0);
}

const now = (): number => performance.now();

/** Runs qemu-img as the service does: an argument array, standard output read from a pipe. */
function qemuImg(args: readonly string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('qemu-img', [...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stdout.resume();
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`qemu-img ${args[0]} exited ${code}: ${stderr}`)),
    );
  });
}

/** DATA_MIB of pattern data, then 128 MiB of written zeros after it. */
function fill(image: string): void {
  execFileSync('qemu-io', [
    '-f',
    'qcow2',
    '-c',
    `write -P 0x5a 0 ${DATA_MIB}M`,
    '-c',
    `write -P 0 ${DATA_MIB}M 128M`,
    image,
  ]);
}

const load = loadavg()[0]!;
const dir = mkdtempSync(join(tmpdir(), 'hv-disk-bench-'));
const dataDir = join(dir, 'data');
const runDir = join(dir, 'run');
const handDir = join(dir, 'by-hand');
mkdirSync(handDir);
const service = await serveHypervisor(dir, ['--driver', 'simulated']);
const token = await createToken(join(runDir, 'api.sock'), ['storage:write', 'operations:read']);

async function call<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${service.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await response.json()) as T;
  if (!response.ok)
    throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer;
}

interface Operation {
  id: string;
  status: string;
  error: unknown;
  created_at: string;
  finished_at: string | null;
}

/**
 * Starts an operation and polls it until it has succeeded: the milliseconds it took as the client
 * saw it, and from the operation's own record (created to finished, millisecond timestamps).
 */
async function tracked(path: string, body: unknown): Promise<{ client: number; recorded: number }> {
  const t0 = now();
  const started = await call<Operation>('POST', path, body);
  for (;;) {
    const op = await call<Operation>('GET', `/operations/${started.id}`);
    if (op.status === 'succeeded') {
      const recorded = Date.parse(op.finished_at!) - Date.parse(op.created_at);
      return { client: now() - t0, recorded };
    }
    if (op.status !== 'running') throw new Error(`${path}: ${op.status} ${JSON.stringify(op.error)}`);
    await sleep(POLL_MS);
  }
}

const SERVICE_IMAGE = 'bench';
const handImage = join(handDir, 'bench.qcow2');
await call('POST', '/storage', { name: SERVICE_IMAGE, size: '1G' });
fill(join(dataDir, 'images', SERVICE_IMAGE));
execFileSync('qemu-img', ['create', '-q', '-f', 'qcow2', handImage, '1G']);
fill(handImage);

interface Timing {
  compact: number;
  convert: number;
}

/** The service's operations as their records time them, beside what the client saw. */
const recorded: Timing[] = [];

/**
 * Writes back what the previous step left dirty in the page cache (untimed), so no timed step
 * pays for another's writes.
 */
const settle = (): void => void execFileSync('sync');

async function throughService(round: number): Promise<Timing> {
  settle();
  const compact = await tracked(`/storage/${SERVICE_IMAGE}/compact`, {});
  const target = `bench-raw-${round}`;
  settle();
  const convert = await tracked(`/storage/${SERVICE_IMAGE}/convert`, { format: 'raw', target });
  await call('DELETE', `/storage/${target}`);
  if (round > 0) recorded.push({ compact: compact.recorded, convert: convert.recorded });
  return { compact: compact.client, convert: convert.client };
}

async function byHand(round: number): Promise<Timing> {
  const partial = join(handDir, `.bench.${round}.partial`);
  settle();
  const t0 = now();
  await qemuImg([
    'convert',
    '-p',
    '-f',
    'qcow2',
    '-O',
    'qcow2',
    '-o',
    'cluster_size=65536',
    handImage,
    partial,
  ]);
  renameSync(partial, handImage);
  const compact = now() - t0;
  const out = join(handDir, `bench-raw-${round}`);
  settle();
  const t1 = now();
  await qemuImg(['convert', '-p', '-f', 'qcow2', '-O', 'raw', handImage, out]);
  const t2 = now();
  rmSync(out);
  return { compact, convert: t2 - t1 };
}

const viaService: Timing[] = [];
const viaHand: Timing[] = [];
let firstCompactSaved = 0;
try {
  const before = await call<{ actual_size_bytes: number }>('GET', `/storage/${SERVICE_IMAGE}`);
  for (let round = 0; round <= ROUNDS; round += 1) {
    // Alternating which goes first spreads what one leaves behind (page cache, a busy core) evenly.
    const order = round % 2 === 0 ? (['service', 'hand'] as const) : (['hand', 'service'] as const);
    for (const path of order) {
      const timing = path === 'service' ? await throughService(round) : await byHand(round);
      if (round > 0) (path === 'service' ? viaService : viaHand).push(timing);
      console.error(
        `round ${round} ${path}: compact ${timing.compact.toFixed(1)} ms, convert ${timing.convert.toFixed(1)} ms`,
      );
    }
    if (round === 0) {
      const after = await call<{ actual_size_bytes: number }>('GET', `/storage/${SERVICE_IMAGE}`);
      firstCompactSaved = before.actual_size_bytes - after.actual_size_bytes;
    }
  }
} finally {
  await service.stop();
  rmSync(dir, { recursive: true, force: true });
}

const ms = (value: number): string => value.toFixed(0);
const rate = (millis: number): string => ((DATA_MIB * 1000) / millis).toFixed(0);
const range = (timings: Timing[], key: keyof Timing): string =>
  `${ms(Math.min(...timings.map((t) => t[key])))}–${ms(Math.max(...timings.map((t) => t[key])))}`;
console.log(
  `machine: ${machineDescription()}, ` +
    `${execFileSync('qemu-img', ['--version']).toString().split('\n')[0]}; ${loadAverage(load)}`,
);
console.log(
  `image: qcow2, 1 GiB virtual, ${DATA_MIB} MiB of data; the warm-up compact left out ` +
    `${(firstCompactSaved / MIB).toFixed(0)} MiB of zeros; ${ROUNDS} rounds after a warm-up; ` +
    `medians in ms (min–max), poll every ${POLL_MS} ms`,
);
console.log(
  '| operation | hvctl serve (202 → done) | its record (created → finished) | qemu-img by hand | ' +
    'service / by hand: medians (rounds) | fastest / fastest | MiB/s service / by hand |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const key of ['compact', 'convert'] as const) {
  const service = median(viaService.map((t) => t[key]));
  const hand = median(viaHand.map((t) => t[key]));
  const ratios = viaService.map((t, i) => t[key] / viaHand[i]![key]);
  const fastest = (timings: Timing[]): number => Math.min(...timings.map((t) => t[key]));
  console.log(
    `| ${key === 'compact' ? 'compact (convert -O qcow2 + rename)' : 'convert to raw'} | ` +
      `${ms(service)} (${range(viaService, key)}) | ${ms(median(recorded.map((t) => t[key])))} | ` +
      `${ms(hand)} (${range(viaHand, key)}) | ` +
      `${(service / hand).toFixed(2)} (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}) | ` +
      `${(fastest(viaService) / fastest(viaHand)).toFixed(2)} | ` +
      `${rate(service)} / ${rate(hand)} |`,
  );
}
