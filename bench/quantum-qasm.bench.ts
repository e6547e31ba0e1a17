// The OpenQASM front end and the job API's fixed costs, on this machine:
// - parse and import of a 100,000-line program of gate calls (20 qubits: h, cx, rz), and of a
//   loop that unrolls to 100,000 operations; export of the imported circuit to OpenQASM 3 and its
//   JSON round trip. Median of 5 runs after a warm-up; lines or operations per second.
// - a Bell job through a real `qcirc serve` (the compiled dist/, over HTTP): submit, then poll
//   until done, median and 95th percentile of 40 jobs, one at a time. That is the queue, a fresh
//   worker thread per job, the simulation and the store: the cost every job pays.
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { circuitFromJson, circuitToJson } from '../packages/quantum/src/circuit/json.js';
import { toQasm3 } from '../packages/quantum/src/qasm/export.js';
import { importQasm } from '../packages/quantum/src/qasm/importer.js';
import { parse } from '../packages/quantum/src/qasm/parser.js';
import { bellJson } from '../packages/quantum/test/support/bell.js';
import { startServiceProcess } from '../packages/server-kit/src/testing/index.js';

const RUNS = 5;
const LINES = 100_000;
const JOBS = 40;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}
function timed(fn: () => unknown): number {
  const start = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}
function medianMs(fn: () => unknown): number {
  fn();
  return median(Array.from({ length: RUNS }, () => timed(fn)));
}

const header = ['OPENQASM 3.0;', 'include "stdgates.inc";', 'qubit[20] q;'];
const straight = [...header];
for (let i = 0; straight.length < LINES; i += 1) {
  const q = i % 20;
  straight.push(
    i % 3 === 0
      ? `h q[${q}];`
      : i % 3 === 1
        ? `cx q[${q}], q[${(q + 1) % 20}];`
        : `rz(${(i * 0.001).toFixed(3)}) q[${q}];`,
  );
}
const straightText = straight.join('\n');
const loopText = [...header, `for int i in [0:${LINES - 1}] {`, '  rz(i * 0.001) q[i % 20];', '}'].join('\n');

const imported = importQasm(straightText).circuit;
const rows: [string, number, string][] = [
  ['parse, 100,000 lines', medianMs(() => parse(straightText)), `${LINES} lines`],
  ['import (parse + lower), 100,000 lines', medianMs(() => importQasm(straightText)), `${LINES} lines`],
  ['import, a loop unrolled to 100,000 ops', medianMs(() => importQasm(loopText)), `${LINES} ops`],
  ['export to OpenQASM 3, 100,000 ops', medianMs(() => toQasm3(imported)), `${LINES} ops`],
  [
    'JSON form round trip, 100,000 ops',
    medianMs(() => circuitFromJson(circuitToJson(imported))),
    `${LINES} ops`,
  ],
];

console.log(`OpenQASM front end: median of ${RUNS} runs after a warm-up`);
console.log('| step | ms | per second |');
console.log('| --- | --- | --- |');
for (const [name, ms, unit] of rows) {
  const [count, what] = unit.split(' ') as [string, string];
  console.log(`| ${name} | ${ms.toFixed(0)} | ${((Number(count) / ms) * 1000).toExponential(2)} ${what} |`);
}

const dataDir = mkdtempSync(join(tmpdir(), 'qcirc-bench-'));
const bin = fileURLToPath(new URL('../packages/quantum/bin/qcirc.js', import.meta.url));
const server = await startServiceProcess(bin, ['serve', '--port', '0', '--data-dir', dataDir]);
const call = async <T>(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: T }> => {
  const response = await fetch(`${server.url}${path}`, {
    method,
    ...(body === undefined
      ? {}
      : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  });
  return { status: response.status, json: (await response.json()) as T };
};
const bell = { circuit: bellJson, shots: 1000 };
const latencies: number[] = [];
for (let i = 0; i <= JOBS; i += 1) {
  const start = process.hrtime.bigint();
  const created = await call<{ id: string }>('POST', '/jobs', bell);
  if (created.status !== 201) throw new Error(`submit failed: ${JSON.stringify(created.json)}`);
  const id = created.json.id;
  for (;;) {
    const job = (await call<{ status: string }>('GET', `/jobs/${id}`)).json;
    if (job.status === 'completed') break;
    if (job.status !== 'queued' && job.status !== 'running') throw new Error(`job ${job.status}`);
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  // The first job also measures the memory bandwidth once for the service: left out.
  if (i > 0) latencies.push(Number(process.hrtime.bigint() - start) / 1e6);
}
await server.stop();
rmSync(dataDir, { recursive: true, force: true });
console.log(`\nBell job through qcirc serve over HTTP, submit to completed (${JOBS} jobs, one at a time):`);
console.log(
  `median ${median(latencies).toFixed(1)} ms, 95th percentile ${quantile(latencies, 0.95).toFixed(1)} ms`,
);
console.log(
  `\nmachine: ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`,
);
