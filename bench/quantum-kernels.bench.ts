// What one pass over the state costs per kernel, to set the fusion cost model from measurement
// (DENSE_COST and DIAGONAL_COST in packages/quantum/src/engine/fusion.ts). One thread, states of 22
// and 24 qubits, one pass of a dense unitary on 1 to 5 qubits (the DFT matrix of that size: dense,
// complex, unitary so the amplitudes stay normal numbers) and of a diagonal one (distinct phases,
// none equal to 1, so no entry is skipped), each at three placements: the lowest qubits
// (0..m-1), middle qubits (10..10+m-1) and the highest (n-m..n-1). Best of 3 passes after a
// warm-up pass. Reported: ms per pass, GB/s moved (2 x 16 x 2^n bytes per pass), the fraction
// of the one-thread copy bandwidth (`measureMemoryBandwidth`), and the cost relative to the
// one-qubit dense pass at the same placement and size, next to the table fusion.ts uses now.
import { readFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { measureMemoryBandwidth } from '../packages/quantum/src/engine/bandwidth.js';
import { StateVector } from '../packages/quantum/src/engine/statevector.js';

const SIZES = (process.env.BENCH_QUBITS ?? '22,24').split(',').map(Number);
const REPEATS = 3;
const WIDTHS = [1, 2, 3, 4, 5];
const start = process.hrtime.bigint();

function dft(m: number): Float64Array {
  const d = 1 << m;
  const out = new Float64Array(2 * d * d);
  for (let j = 0; j < d; j += 1)
    for (let k = 0; k < d; k += 1) {
      const phase = (2 * Math.PI * j * k) / d;
      out[2 * (j * d + k)] = Math.cos(phase) / Math.sqrt(d);
      out[2 * (j * d + k) + 1] = Math.sin(phase) / Math.sqrt(d);
    }
  return out;
}

function phases(m: number): Float64Array {
  const d = 1 << m;
  const out = new Float64Array(2 * d * d);
  for (let j = 0; j < d; j += 1) {
    out[2 * (j * d + j)] = Math.cos(0.3 + 0.7 * j);
    out[2 * (j * d + j) + 1] = Math.sin(0.3 + 0.7 * j);
  }
  return out;
}

const placements: [string, (n: number, m: number) => number[]][] = [
  ['low', (_n, m) => Array.from({ length: m }, (_, i) => i)],
  ['mid', (_n, m) => Array.from({ length: m }, (_, i) => 10 + i)],
  ['high', (n, m) => Array.from({ length: m }, (_, i) => n - m + i)],
];

/** The cost table fusion.ts uses now, read from its source so the two can be compared. */
function currentTable(): { dense: string; diagonal: string } {
  const source = readFileSync(new URL('../packages/quantum/src/engine/fusion.ts', import.meta.url), 'utf8');
  const dense = /DENSE_COST\s*=\s*\[([^\]]*)\]/.exec(source)?.[1] ?? '?';
  const diagonal = /DIAGONAL_COST\s*=\s*([0-9.]+)/.exec(source)?.[1] ?? '?';
  return { dense: dense.replace(/\s+/g, ' ').trim(), diagonal };
}

const bandwidth = measureMemoryBandwidth(5);
console.log(
  `machine: ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, ` +
    `node ${process.version}; copy bandwidth, 1 thread: ${(bandwidth / 1e9).toFixed(1)} GB/s`,
);

const relative = new Map<string, number[]>();
for (const n of SIZES) {
  const state = StateVector.zero(n, { threads: 1 });
  const bytes = 2 * 16 * 2 ** n;
  const rows: string[][] = [];
  const base = new Map<string, number>();
  for (const diagonal of [false, true]) {
    for (const m of WIDTHS) {
      const row = [`${diagonal ? 'diagonal' : 'dense'} ${m}`];
      for (const [place, qubitsFor] of placements) {
        const op = state.prepare({
          qubits: qubitsFor(n, m),
          matrix: diagonal ? phases(m) : dft(m),
          diagonal,
        });
        state.apply(op);
        let best = Infinity;
        for (let r = 0; r < REPEATS; r += 1) {
          const t0 = process.hrtime.bigint();
          state.apply(op);
          best = Math.min(best, Number(process.hrtime.bigint() - t0) / 1e9);
        }
        if (!diagonal && m === 1) base.set(place, best);
        const rel = best / base.get(place)!;
        const key = `${diagonal ? 'g' : 'd'}${m}`;
        relative.set(key, [...(relative.get(key) ?? []), rel]);
        row.push(
          (1000 * best).toFixed(1),
          `${(bytes / best / 1e9).toFixed(1)} (${Math.round((100 * bytes) / best / bandwidth)} %)`,
          rel.toFixed(2),
        );
      }
      rows.push(row);
    }
  }
  state.release();
  console.log(`\n${n} qubits, one thread: ms per pass, GB/s moved (% of copy bandwidth), cost / dense 1`);
  const head = ['op', ...placements.flatMap(([p]) => [`${p} ms`, `${p} GB/s`, `${p} cost`])];
  console.log(`| ${head.join(' | ')} |`);
  console.log(`|${head.map((_, i) => (i === 0 ? '---' : '---:')).join('|')}|`);
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
}

const mean = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0) / values.length;
const measuredDense = WIDTHS.map((m) => mean(relative.get(`d${m}`)!));
const measuredDiagonal = WIDTHS.map((m) => mean(relative.get(`g${m}`)!));
const now = currentTable();
console.log('\nRelative pass cost, mean over placements and sizes (dense 1 = 1):');
console.log(`measured DENSE_COST:    [0, ${measuredDense.map((v) => v.toFixed(2)).join(', ')}]`);
console.log(`measured diagonal 1..5: [${measuredDiagonal.map((v) => v.toFixed(2)).join(', ')}]`);
console.log(`fusion.ts now:          DENSE_COST = [${now.dense}], DIAGONAL_COST = ${now.diagonal}`);
console.log(`total wall time ${(Number(process.hrtime.bigint() - start) / 1e9).toFixed(0)} s`);
