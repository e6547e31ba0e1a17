// The statevector simulator in packages/quantum against this machine's memory bandwidth, against
// itself with noise, and against the npm package `quantum-circuit` (the peer), in one run.
//
// 1. Bandwidth: the library's `measureMemoryBandwidth` (one thread copying 128 MiB, best of 5) and
//    the same copy split over two threads (a worker copies one half while this thread copies the
//    other). Bytes moved = read + written.
// 2. Circuits at 16, 20, 24, 26 and 28 qubits, simulated to the final statevector with the
//    engine's own pieces (lowerCircuit, fuse with the default settings, StateVector.prepare/apply)
//    so each pass can be timed; `threads: 2` after `startPool(2)`, and threads 1 at 24 qubits.
//    Time = lowering + fusion + state allocation + every pass (the state is not copied out);
//    best of up to 3 runs up to 20 qubits, one run above.
//    Bytes moved = passes x 2 x 16 x 2^n (each pass reads and writes the state once), shown as GB/s
//    and as a fraction of the copy bandwidth at the same thread count; for n > 22 the fraction of
//    every single pass is also reported (min and median). Peak RSS is sampled after every pass.
//    - QFT: x on the bits of the input 0x5b6d3a9 (masked to n bits), then for i = 0..n-1: h(i)
//      and cp(pi / 2^(j-i)) j, i for j > i; then swap(i, n-1-i). This is the circuit of
//      quantum-circuit's own QFT benchmark (benchmark/benchmark3.js): the QFT with qubit 0 as the
//      most significant bit, so amplitude k = exp(2 pi i rev(x) rev(k) / 2^n) / 2^(n/2), rev =
//      bit reversal over n bits; a few amplitudes are checked against that formula.
//    - GHZ: h(0), then cx(q-1, q) for q = 1..n-1; checked: amplitudes of 0...0 and 1...1.
//    - Random: depth 20 in the shape of qsim's benchmark circuits (Boixo et al. 2018, the
//      circuit_q24 file of quantumlib/qsim) with the common single-qubit simplification:
//        grid: rows = floor(sqrt(n)), cols = ceil(n / rows), qubit r * cols + c, filled row by row
//          (16: 4x4, 20: 4x5, 24: 4x6 as qsim's q24, 26: 5x6 with 2 in the last row, 28: 5x6
//          with 4 in the last row); a coupler exists where both ends exist.
//        cycle 0: h on every qubit.
//        cycles 1..20: first cz on every coupler of pattern (cycle - 1) mod 8, then one
//          single-qubit gate on every qubit, drawn uniformly from {sx, ry(pi/2) = sqrt(Y),
//          U(pi/2, -pi/4, pi/4) = sqrt(W) with W = (X + Y)/sqrt(2), t}, excluding the gate the
//          qubit got in the previous cycle (cycle 1: any of the four).
//        The 8 patterns, in qsim's order: H0 H2 V1 V3 H1 H3 V0 V2, where Hk couples (r, c)-(r, c+1)
//          for c = 2r + k (mod 4) and Vk couples (r, c)-(r+1, c) for r = 2c + k (mod 4); on the
//          4x6 grid these are exactly the cz layers of qsim's circuit_q24, cycles 1 to 8.
//        Gates are drawn with a seeded PRNG (mulberry32), so every run simulates the same circuit.
//      Checked: the norm stays 1; at 16 qubits every circuit is also compared amplitude by
//      amplitude with an unfused single-thread run (`simulateStatevector`, fusion off).
// 3. Noise: `local_simulator` with 10,000 shots, loss 0.005 (default Pauli share) against the same
//    circuit with loss 0, for GHZ-20 (Clifford: errors travel as Pauli frames) and for two
//    non-Clifford circuits (QFT-12, random-12), each with measureAll; wall time of run().result().
// 4. The peer: `quantum-circuit` running the same QFT (`circuit.run()` timed), sizes from 12 up while
//    the next size is predicted under 60 s; our time at the same size (threads 2 from
//    PARALLEL_THRESHOLD qubits up, as local_simulator does, else 1; best of up to 3) and the ratio.
//    Both final states are compared on a few amplitudes (all QFT probabilities are 1/2^n, so the
//    phases are what is compared).
//
// Sizes up to 24 run first, then the noise and peer sections, then 26 and 28 qubits within a time
// budget (BENCH_BUDGET_S, default 810 s from the start): a circuit predicted to end past it is
// skipped and reported so. Other load on the machine during the run is reported at the end.
// Environment: BENCH_QUBITS (default 16,20,24,26,28), BENCH_PEER_QUBITS (12,14,16,18,20,22),
// BENCH_SECTIONS (circuits,noise,peer), BENCH_BUDGET_S.
import { createRequire } from 'node:module';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import { Worker } from 'node:worker_threads';
import { Circuit, getBackend, lowerCircuit, simulateStatevector } from '../packages/quantum/src/index.js';
import type { UnitaryInstruction, Instruction } from '../packages/quantum/src/circuit/lower.js';
import { PARALLEL_THRESHOLD } from '../packages/quantum/src/backends/local-simulator.js';
import { measureMemoryBandwidth } from '../packages/quantum/src/engine/bandwidth.js';
import { fuse, resolveFusion } from '../packages/quantum/src/engine/fusion.js';
import { startPool } from '../packages/quantum/src/engine/parallel.js';
import { StateVector } from '../packages/quantum/src/engine/statevector.js';
import { ghz } from '../packages/quantum/test/support/circuits.js';
import { mulberry32 } from '../packages/quantum/test/support/dense-reference.js';
import { median } from './support.js';

const benchStart = process.hrtime.bigint();
const SIZES = list(process.env.BENCH_QUBITS ?? '16,20,24,26,28');
const PEER_SIZES = list(process.env.BENCH_PEER_QUBITS ?? '12,14,16,18,20,22');
const SECTIONS = new Set((process.env.BENCH_SECTIONS ?? 'circuits,noise,peer').split(','));
const PEER_LIMIT_S = 60;
const BUDGET_S = Number(process.env.BENCH_BUDGET_S ?? 810);
const DEPTH = 20;
const SHOTS = 10_000;
const SEED = 20261122;
const QFT_INPUT = 0x5b6d3a9;
const GiB = 2 ** 30;

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

function list(text: string): number[] {
  return text
    .split(',')
    .filter((s) => s.trim() !== '')
    .map(Number);
}

function seconds(since: bigint): number {
  return Number(process.hrtime.bigint() - since) / 1e9;
}

// ---- circuits ----

function qft(n: number, input: number): Circuit {
  const c = new Circuit(n);
  for (let q = 0; q < n; q += 1) if (Math.floor(input / 2 ** q) % 2 === 1) c.x(q);
  for (let i = 0; i < n; i += 1) {
    c.h(i);
    for (let j = i + 1; j < n; j += 1) c.cp(Math.PI / 2 ** (j - i), j, i);
  }
  for (let i = 0; i < Math.floor(n / 2); i += 1) c.swap(i, n - 1 - i);
  return c;
}

/** The grid of the random circuits and its 8 cz patterns in qsim's order (see the header). */
function gridPatterns(n: number): { rows: number; cols: number; patterns: [number, number][][] } {
  const rows = Math.floor(Math.sqrt(n));
  const cols = Math.ceil(n / rows);
  const mod4 = (v: number): number => ((v % 4) + 4) % 4;
  const at = (r: number, c: number): number => r * cols + c;
  const horizontal = (k: number): [number, number][] => {
    const pairs: [number, number][] = [];
    for (let r = 0; r < rows; r += 1)
      for (let c = 0; c + 1 < cols; c += 1)
        if (mod4(c - 2 * r - k) === 0 && at(r, c + 1) < n) pairs.push([at(r, c), at(r, c + 1)]);
    return pairs;
  };
  const vertical = (k: number): [number, number][] => {
    const pairs: [number, number][] = [];
    for (let r = 0; r + 1 < rows; r += 1)
      for (let c = 0; c < cols; c += 1)
        if (mod4(r - 2 * c - k) === 0 && at(r + 1, c) < n) pairs.push([at(r, c), at(r + 1, c)]);
    return pairs.sort((a, b) => a[0] - b[0]);
  };
  const patterns = [
    horizontal(0),
    horizontal(2),
    vertical(1),
    vertical(3),
    horizontal(1),
    horizontal(3),
    vertical(0),
    vertical(2),
  ];
  return { rows, cols, patterns };
}

function randomCircuit(n: number, depth: number, seed: number): Circuit {
  const random = mulberry32(seed);
  const { patterns } = gridPatterns(n);
  const c = new Circuit(n);
  for (let q = 0; q < n; q += 1) c.h(q);
  const previous = new Int8Array(n).fill(-1);
  for (let cycle = 1; cycle <= depth; cycle += 1) {
    for (const [a, b] of patterns[(cycle - 1) % 8]!) c.cz(a, b);
    for (let q = 0; q < n; q += 1) {
      let gate: number;
      do gate = Math.floor(random() * 4);
      while (gate === previous[q]);
      previous[q] = gate;
      if (gate === 0) c.sx(q);
      else if (gate === 1) c.ry(Math.PI / 2, q);
      else if (gate === 2) c.U(Math.PI / 2, -Math.PI / 4, Math.PI / 4, q);
      else c.t(q);
    }
  }
  return c;
}

// ---- statevector helpers ----

function amplitude(state: StateVector, index: number): [number, number] {
  const size = 2 ** state.chunkBits;
  const chunk = state.chunks[Math.floor(index / size)]!;
  const at = 2 * (index % size);
  return [chunk[at]!, chunk[at + 1]!];
}

function norm(state: StateVector): number {
  let sum = 0;
  for (const chunk of state.chunks) for (let i = 0; i < chunk.length; i += 1) sum += chunk[i]! * chunk[i]!;
  return sum;
}

function reverseBits(value: number, n: number): number {
  let out = 0;
  for (let b = 0; b < n; b += 1) out = out * 2 + (Math.floor(value / 2 ** b) % 2);
  return out;
}

/** Indices to spot-check: the ends and a few spread over the state. */
function probeIndices(n: number): number[] {
  const size = 2 ** n;
  return [
    0,
    1,
    size - 1,
    Math.floor(size / 3),
    Math.floor((2 * size) / 3),
    Math.floor(size * 0.7071),
    12345 % size,
  ];
}

function qftAmplitude(n: number, input: number, k: number): [number, number] {
  const x = reverseBits(input % 2 ** n, n);
  const y = reverseBits(k, n);
  // x * y can exceed 2^53 at 28 qubits: reduce the product modulo 2^n in two halves.
  const size = 2 ** n;
  const yLow = y % 2 ** 14;
  const yHigh = (y - yLow) / 2 ** 14;
  const product = (((x * yHigh) % size) * 2 ** 14 + x * yLow) % size;
  const phase = (2 * Math.PI * product) / size;
  const scale = 1 / Math.sqrt(size);
  return [scale * Math.cos(phase), scale * Math.sin(phase)];
}

type Check = (state: StateVector) => number;

const maxError = (state: StateVector, expected: (k: number) => [number, number], indices: number[]): number =>
  Math.max(
    ...indices.map((k) => {
      const [re, im] = amplitude(state, k);
      const [er, ei] = expected(k);
      return Math.hypot(re - er, im - ei);
    }),
    Math.abs(norm(state) - 1),
  );

function checkFor(family: string, circuit: Circuit): Check {
  const n = circuit.numQubits;
  const reference = n <= 16 ? simulateStatevector(circuit, { fusion: { enabled: false } }) : undefined;
  if (reference !== undefined) {
    return (state) => {
      const all = Array.from({ length: 2 ** n }, (_, k) => k);
      return maxError(state, (k) => [reference[2 * k]!, reference[2 * k + 1]!], all);
    };
  }
  if (family === 'QFT')
    return (state) => maxError(state, (k) => qftAmplitude(n, QFT_INPUT, k), probeIndices(n));
  if (family === 'GHZ') {
    const h = Math.SQRT1_2;
    return (state) =>
      maxError(state, (k) => (k === 0 || k === 2 ** n - 1 ? [h, 0] : [0, 0]), probeIndices(n));
  }
  return (state) => Math.abs(norm(state) - 1);
}

// ---- one simulation, pass by pass ----

interface Run {
  readonly family: string;
  readonly n: number;
  readonly threads: number;
  readonly gates: number;
  readonly passes: number;
  readonly seconds: number;
  readonly passSeconds: readonly number[];
  readonly startRss: number;
  readonly peakRss: number;
  readonly arrayBuffers: number;
  readonly error: number;
}

const isUnitary = (i: Instruction): i is UnitaryInstruction => i.kind === 'unitary';

function simulate(family: string, circuit: Circuit, threads: number, check?: Check): Run {
  collectGarbage();
  const n = circuit.numQubits;
  const startRss = process.memoryUsage.rss();
  let peakRss = startRss;
  const start = process.hrtime.bigint();
  const gates = lowerCircuit(circuit).filter(isUnitary);
  const ops = fuse(gates, n, resolveFusion(undefined));
  const state = StateVector.zero(n, { threads });
  const passSeconds: number[] = [];
  for (const op of ops) {
    const prepared = state.prepare(op);
    const t0 = process.hrtime.bigint();
    state.apply(prepared);
    passSeconds.push(seconds(t0));
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
  }
  const total = seconds(start);
  const arrayBuffers = process.memoryUsage().arrayBuffers;
  try {
    const error = check === undefined ? NaN : check(state);
    return {
      family,
      n,
      threads,
      gates: gates.length,
      passes: ops.length,
      seconds: total,
      passSeconds,
      startRss,
      peakRss,
      arrayBuffers,
      error,
    };
  } finally {
    state.release();
  }
}

/** Best of up to 3 simulations while they total under 2 s, by the simulation's own time. */
function bestRun(family: string, circuit: Circuit, threads: number, check?: Check): Run {
  let best = simulate(family, circuit, threads, check);
  for (let spent = best.seconds, i = 1; i < 3 && spent < 2; i += 1) {
    const again = simulate(family, circuit, threads, check);
    spent += again.seconds;
    if (again.seconds < best.seconds) best = again;
  }
  return best;
}

// ---- bandwidth over two threads ----

const COPY_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const control = new Int32Array(workerData.control);
const source = new Float64Array(workerData.source, 0, workerData.half);
const target = new Float64Array(workerData.target, 0, workerData.half);
let generation = 0;
parentPort.postMessage('ready');
for (;;) {
  Atomics.wait(control, 0, generation);
  generation = Atomics.load(control, 0);
  if (generation < 0) break;
  target.set(source);
  Atomics.add(control, 1, 1);
  Atomics.notify(control, 1);
}
`;

/** Bytes moved per second when two threads each copy half of `bytes`; best of `rounds`. */
async function twoThreadBandwidth(bytes = 128 * 1024 * 1024, rounds = 5): Promise<number> {
  const control = new Int32Array(new SharedArrayBuffer(8));
  const source = new SharedArrayBuffer(bytes);
  const target = new SharedArrayBuffer(bytes);
  new Float64Array(source).fill(1);
  new Float64Array(target).fill(0);
  const half = bytes / 16;
  const worker = new Worker(COPY_WORKER, {
    eval: true,
    workerData: { control: control.buffer, source, target, half },
  });
  await new Promise((resolve) => worker.once('message', resolve));
  const mySource = new Float64Array(source, 8 * half, half);
  const myTarget = new Float64Array(target, 8 * half, half);
  let best = Infinity;
  for (let round = 0; round < rounds; round += 1) {
    Atomics.store(control, 1, 0);
    const start = process.hrtime.bigint();
    Atomics.add(control, 0, 1);
    Atomics.notify(control, 0);
    myTarget.set(mySource);
    while (Atomics.load(control, 1) < 1) Atomics.wait(control, 1, 0, 1000);
    best = Math.min(best, seconds(start));
  }
  Atomics.store(control, 0, -1);
  Atomics.notify(control, 0);
  await worker.terminate();
  return (2 * bytes) / best;
}

// ---- the peer ----

interface PeerComplex {
  readonly re: number;
  readonly im: number;
}
interface PeerCircuit {
  addGate(
    name: string,
    column: number,
    wires: number | number[],
    options?: { params: Record<string, number> },
  ): void;
  run(): void;
  state: Record<string, PeerComplex | undefined>;
}
type PeerConstructor = new (numQubits: number) => PeerCircuit;
const QuantumCircuit = createRequire(import.meta.url)('quantum-circuit') as PeerConstructor;

function peerQft(n: number, input: number): PeerCircuit {
  const c = new QuantumCircuit(n);
  for (let q = 0; q < n; q += 1) if (Math.floor(input / 2 ** q) % 2 === 1) c.addGate('x', -1, q);
  for (let i = 0; i < n; i += 1) {
    c.addGate('h', -1, i);
    for (let j = i + 1; j < n; j += 1)
      c.addGate('cu1', -1, [j, i], { params: { lambda: Math.PI / 2 ** (j - i) } });
  }
  for (let i = 0; i < Math.floor(n / 2); i += 1) c.addGate('swap', -1, [i, n - 1 - i]);
  return c;
}

/** Best of up to `times` calls of `f` while the calls so far took under `budget` seconds. */
function bestOf<T>(times: number, budget: number, f: () => T): { seconds: number; value: T } {
  let best: { seconds: number; value: T } | undefined;
  let spent = 0;
  for (let i = 0; i < times && (i === 0 || spent < budget); i += 1) {
    const start = process.hrtime.bigint();
    const value = f();
    const took = seconds(start);
    spent += took;
    if (best === undefined || took < best.seconds) best = { seconds: took, value };
  }
  return best!;
}

// ---- formatting ----

const fixed = (v: number, digits: number): string => (Number.isFinite(v) ? v.toFixed(digits) : '—');
const pct = (v: number): string => (Number.isFinite(v) ? `${Math.round(100 * v)} %` : '—');
const sci = (v: number): string => (Number.isFinite(v) ? v.toExponential(0) : '—');
const time = (s: number): string => (s >= 10 ? s.toFixed(1) : s >= 1 ? s.toFixed(2) : s.toFixed(3));

function table(head: string[], rows: string[][]): void {
  console.log(`| ${head.join(' | ')} |`);
  console.log(`|${head.map((_, i) => (i === 0 ? '---' : '---:')).join('|')}|`);
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
}

// ---- other load on the machine ----

/** CPU seconds of every process but this one and its children, by pid, with its command line. */
function otherProcesses(): Map<number, { cpu: number; command: string }> {
  const out = new Map<number, { cpu: number; command: string }>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) === process.pid) continue; // our children (tsx's esbuild service)
      const cpu = (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, USER_HZ = 100
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
      out.set(pid, {
        cpu,
        command: command === '' ? stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) : command,
      });
    } catch {
      // the process ended meanwhile
    }
  }
  return out;
}

function codeVersion(): string {
  const git = (args: string[]): string => spawnSync('git', args, { encoding: 'utf8' }).stdout.trim();
  const src = fileURLToPath(new URL('../packages/quantum/src/', import.meta.url));
  const hash = createHash('sha256');
  for (const file of readdirSync(src, { recursive: true, encoding: 'utf8' }).sort()) {
    if (file.endsWith('.ts')) hash.update(file).update(readFileSync(src + file));
  }
  const dirty = git(['status', '--porcelain', '--', 'packages/quantum/src']) !== '';
  return `commit ${git(['rev-parse', '--short', 'HEAD'])}${dirty ? ' + uncommitted changes' : ''}, packages/quantum/src sha256 ${hash.digest('hex').slice(0, 12)}`;
}

// ---- the run ----

const processesAtStart = otherProcesses();
const model = cpus()[0]?.model ?? 'cpu';
console.log(
  `machine: ${cpus().length} x ${model}, ${(totalmem() / GiB).toFixed(1)} GiB, node ${process.version}`,
);
console.log(`code: ${codeVersion()}`);

const bandwidth1 = measureMemoryBandwidth(5);
const bandwidth2 = await twoThreadBandwidth();
const bandwidthFor = (threads: number): number => (threads > 1 ? bandwidth2 : bandwidth1);
console.log(
  `memory bandwidth (copy of 128 MiB, read + write, best of 5): 1 thread ${(bandwidth1 / 1e9).toFixed(1)} GB/s, ` +
    `2 threads ${(bandwidth2 / 1e9).toFixed(1)} GB/s`,
);
await startPool(2);

// Circuits, cheapest family first; threads 1 at 24 qubits after the threads 2 run. Sizes above 24
// run last, and a circuit whose predicted time (same family one size down, scaled by state size
// and pass count) would end past the budget is skipped and reported as such.
type Row = Run | { family: string; n: number; skipped: string };
const rows: Row[] = [];
const families: [string, (n: number) => Circuit][] = [
  ['GHZ', (n) => ghz(n)],
  [`random d${DEPTH}`, (n) => randomCircuit(n, DEPTH, SEED + n)],
  ['QFT', (n) => qft(n, QFT_INPUT)],
];

function runCircuits(sizes: readonly number[]): void {
  for (const n of sizes) {
    for (const [family, build] of families) {
      const circuit = build(n);
      const previous = rows
        .filter((r): r is Run => 'passes' in r && r.family === family && r.threads === 2)
        .pop();
      if (previous !== undefined && n > 24) {
        const passes = fuse(lowerCircuit(circuit).filter(isUnitary), n, resolveFusion(undefined)).length;
        const predicted = previous.seconds * 2 ** (n - previous.n) * (passes / previous.passes);
        const left = BUDGET_S - seconds(benchStart);
        if (predicted > left) {
          rows.push({
            family,
            n,
            skipped: `skipped: predicted ${Math.round(predicted)} s, ${Math.round(left)} s of the budget left`,
          });
          console.error(`  ${family} ${n} qubits: skipped (predicted ${Math.round(predicted)} s)`);
          continue;
        }
      }
      const check = checkFor(family, circuit);
      for (const threads of n === 24 ? [2, 1] : [2]) {
        const run =
          n <= 20 ? bestRun(family, circuit, threads, check) : simulate(family, circuit, threads, check);
        rows.push(run);
        console.error(`  ${family} ${n} qubits, ${threads} thread(s): ${time(run.seconds)} s`);
      }
    }
  }
}

// Noise: the same circuit with loss 0.005 and with loss 0, 10,000 shots each.
async function noiseRuns(): Promise<string[][]> {
  const backend = getBackend('local_simulator');
  const out: string[][] = [];
  const circuits: [string, Circuit][] = [
    ['GHZ-20 (Clifford)', ghz(20).measureAll()],
    ['QFT-12', qft(12, QFT_INPUT).measureAll()],
    [`random-12 d${DEPTH}`, randomCircuit(12, DEPTH, SEED + 12).measureAll()],
  ];
  for (const [label, circuit] of circuits) {
    const timed = async (loss: number, shots = SHOTS) => {
      collectGarbage();
      const start = process.hrtime.bigint();
      const result = await backend.run(circuit, { shots, seed: SEED, noise: { loss } }).result();
      return { seconds: seconds(start), result };
    };
    await timed(0, 1000); // warm-up of both paths
    await timed(0.005, 1000);
    const ideal = await timed(0);
    const noisy = await timed(0.005);
    console.error(`  noise ${label}: ideal ${time(ideal.seconds)} s, noisy ${time(noisy.seconds)} s`);
    out.push([
      label,
      String(circuit.numQubits),
      String(noisy.result.data.cycles),
      time(ideal.seconds),
      time(noisy.seconds),
      fixed(noisy.seconds / ideal.seconds, 1),
      String(noisy.result.data.trajectories),
      pct(noisy.result.data.erasures.fraction),
    ]);
  }
  return out;
}

// The peer on the same QFT.
function peerRuns(): string[][] {
  const out: string[][] = [];
  const measured: { n: number; seconds: number }[] = [];
  for (const n of PEER_SIZES) {
    const last = measured[measured.length - 1];
    const before = measured[measured.length - 2];
    const growth =
      last !== undefined && before !== undefined
        ? (last.seconds / before.seconds) ** (1 / (last.n - before.n))
        : 2;
    const predicted = last === undefined ? 0 : last.seconds * Math.max(2, growth) ** (n - last.n);
    if (predicted > PEER_LIMIT_S) {
      out.push([String(n), `skipped: predicted ${Math.round(predicted)} s`, '—', '—', '—']);
      continue;
    }
    collectGarbage();
    const peer = bestOf(n <= 16 ? 3 : 1, 1, () => {
      const c = peerQft(n, QFT_INPUT);
      c.run();
      return c;
    });
    measured.push({ n, seconds: peer.seconds });
    const threads = n >= PARALLEL_THRESHOLD ? 2 : 1;
    const circuit = qft(n, QFT_INPUT);
    const indices = probeIndices(n);
    const agreement: Check = (state) =>
      Math.max(
        ...indices.map((k) => {
          const [re, im] = amplitude(state, k);
          const theirs = peer.value.state[String(k)] ?? { re: 0, im: 0 };
          return Math.hypot(re - theirs.re, im - theirs.im);
        }),
      );
    const ours = bestRun('QFT', circuit, threads, agreement);
    console.error(`  peer QFT-${n}: quantum-circuit ${time(peer.seconds)} s, ours ${time(ours.seconds)} s`);
    out.push([
      String(n),
      time(peer.seconds),
      `${time(ours.seconds)} (${threads} thread${threads > 1 ? 's' : ''})`,
      fixed(peer.seconds / ours.seconds, 0),
      sci(ours.error),
    ]);
  }
  return out;
}

runCircuits(SECTIONS.has('circuits') ? SIZES.filter((n) => n <= 24) : []);
const noiseRows = SECTIONS.has('noise') ? await noiseRuns() : [];
const peerRows = SECTIONS.has('peer') ? peerRuns() : [];
runCircuits(SECTIONS.has('circuits') ? SIZES.filter((n) => n > 24) : []);

console.log('\nCircuits to the final statevector (default fusion: up to 4 qubits per pass):');
table(
  [
    'circuit',
    'qubits',
    'threads',
    'gates',
    'passes',
    'time (s)',
    'GB/s moved',
    'of copy bw',
    'pass min',
    'pass median',
    'passes ≥ 50 %',
    'peak RSS (at start), GiB',
    'arrayBuffers (GiB)',
    'check: max error',
  ],
  [...rows]
    .sort(
      (a, b) =>
        a.n - b.n ||
        families.findIndex(([f]) => f === a.family) - families.findIndex(([f]) => f === b.family),
    )
    .map((r) => {
      if (!('passes' in r))
        return [r.family, String(r.n), '2', '—', '—', r.skipped, ...Array<string>(8).fill('—')];
      const bytes = 2 * 16 * 2 ** r.n;
      const rate = (r.passes * bytes) / r.seconds;
      const fractions = r.passSeconds.map((s) => bytes / s / bandwidthFor(r.threads));
      const big = r.n > 22;
      return [
        r.family,
        String(r.n),
        String(r.threads),
        String(r.gates),
        String(r.passes),
        time(r.seconds),
        fixed(rate / 1e9, 2),
        pct(rate / bandwidthFor(r.threads)),
        big ? pct(Math.min(...fractions)) : '—',
        big ? pct(median(fractions)) : '—',
        big ? `${fractions.filter((f) => f >= 0.5).length} / ${r.passes}` : '—',
        `${fixed(r.peakRss / GiB, 2)} (${fixed(r.startRss / GiB, 2)})`,
        fixed(r.arrayBuffers / GiB, 2),
        sci(r.error),
      ];
    }),
);
console.log(
  'Fractions are of the copy bandwidth at the same thread count; "pass" columns time each pass alone.',
);

if (noiseRows.length > 0) {
  console.log(
    `\nNoise: local_simulator, ${SHOTS} shots, loss 0.005 against loss 0 (same seed), run().result():`,
  );
  table(
    [
      'circuit',
      'qubits',
      'cycles',
      'ideal (s)',
      'noisy (s)',
      'noisy / ideal',
      'trajectories',
      'shots erased',
    ],
    noiseRows,
  );
}

if (peerRows.length > 0) {
  const path = createRequire(import.meta.url).resolve('quantum-circuit/package.json');
  const version = (JSON.parse(readFileSync(path, 'utf8')) as { version: string }).version;
  console.log(`\nPeer: quantum-circuit ${version}, circuit.run(), against this library on the same QFT:`);
  table(
    ['qubits', 'quantum-circuit (s)', 'this library (s)', 'speed-up', 'max amplitude difference'],
    peerRows,
  );
}

const wall = seconds(benchStart);
const others = [...otherProcesses()]
  .map(([pid, p]) => ({ ...p, cpu: p.cpu - (processesAtStart.get(pid)?.cpu ?? 0) }))
  .filter((p) => p.cpu >= 1)
  .sort((a, b) => b.cpu - a.cpu);
const otherCpu = others.reduce((sum, p) => sum + p.cpu, 0);
console.log(
  `\ntotal wall time ${wall.toFixed(0)} s; other processes used ${otherCpu.toFixed(0)} CPU-s meanwhile ` +
    `(${pct(otherCpu / (wall * cpus().length))} of the machine)` +
    others
      .slice(0, 3)
      .map((p) => `; ${p.command.slice(0, 60)}: ${p.cpu.toFixed(0)} s`)
      .join(''),
);
