// The Python library's cost over the TypeScript one, and qiskit-aer as the reference, on the same
// 20-qubit random circuit in the same run (`npm run bench -- quantum-python`).
//
// Circuit: 20 qubits, depth 20, seeded (mulberry32, seed 2025): each layer one gate on every
// qubit drawn from {h, sx, t, rx(a), ry(a)} with a uniform in [0, 2 pi), then cx on a random
// pairing of the qubits; measured on every qubit. 1,000 shots, seed 7, loss 0 (the ideal run).
//
// 1. TypeScript: `getBackend('local_simulator').run(circuit, ...).result()` in this process,
//    one warm-up then ROUNDS (5, or BENCH_ROUNDS) timed runs.
// 2. Python (bench/quantum-python.py, in the pinned environment of scripts/python-env.mjs, with
//    qcirc from packages/quantum/python/src): `get_backend('local_simulator').run(...).result()`
//    on the warm engine (`qcirc engine` from the compiled build), one warm-up then ROUNDS runs;
//    then qiskit-aer's AerSimulator (statevector) on the same circuit converted with
//    qcirc.adapters.qiskit.to_qiskit and transpiled once, same shots and seed.
// Reported: medians; the Python path's cost over the TypeScript library (target < 20 ms), both as
// the difference of the two medians and, steadier on a busy machine, net of the simulation: for
// each run its wall time less the result's own `timing.total_seconds`, Python's median of that
// less the TypeScript library's.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getBackend } from '../packages/quantum/src/backends/registry.js';
import { Circuit } from '../packages/quantum/src/circuit/circuit.js';
import { circuitToJson } from '../packages/quantum/src/circuit/json.js';
import { loadAverage, machineDescription, median } from './support.js';

const QUBITS = 20;
const DEPTH = 20;
const SHOTS = 1000;
const SEED = 7;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ROOT = fileURLToPath(new URL('..', import.meta.url));

function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomCircuit(): Circuit {
  const random = mulberry32(2025);
  const circuit = new Circuit(QUBITS, QUBITS);
  for (let layer = 0; layer < DEPTH; layer += 1) {
    for (let q = 0; q < QUBITS; q += 1) {
      const angle = random() * 2 * Math.PI;
      const pick = Math.floor(random() * 5);
      if (pick === 0) circuit.h(q);
      else if (pick === 1) circuit.sx(q);
      else if (pick === 2) circuit.t(q);
      else if (pick === 3) circuit.rx(angle, q);
      else circuit.ry(angle, q);
    }
    const order = [...Array(QUBITS).keys()];
    for (let i = order.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (let i = 0; i + 1 < order.length; i += 2) circuit.cx(order[i]!, order[i + 1]!);
  }
  return circuit.measure([...Array(QUBITS).keys()], [...Array(QUBITS).keys()]);
}

const loadBefore = loadavg()[0]!;
const circuit = randomCircuit();
const backend = getBackend('local_simulator');
const tsTimes: number[] = [];
const tsOverheads: number[] = [];
for (let round = 0; round <= ROUNDS; round += 1) {
  const start = performance.now();
  const result = await backend.run(circuit, { shots: SHOTS, seed: SEED, noise: { loss: 0 } }).result();
  const wall = performance.now() - start;
  if (round > 0) {
    tsTimes.push(wall);
    tsOverheads.push(wall - result.timing.totalSeconds * 1000);
  }
}

const work = mkdtempSync(join(tmpdir(), 'qcirc-bench-'));
try {
  const file = join(work, 'circuit.json');
  writeFileSync(file, JSON.stringify(circuitToJson(circuit)));
  const environment = JSON.parse(
    execFileSync(process.execPath, [
      join(ROOT, 'scripts', 'python-env.mjs'),
      join(ROOT, 'packages', 'quantum', 'python', 'requirements.txt'),
      '--name',
      'quantum-python',
    ]).toString(),
  ) as { python: string };
  const python = JSON.parse(
    execFileSync(
      environment.python,
      [join(ROOT, 'bench', 'quantum-python.py'), file, String(SHOTS), String(SEED), String(ROUNDS)],
      { env: { ...process.env, PYTHONPATH: join(ROOT, 'packages', 'quantum', 'python', 'src') } },
    ).toString(),
  ) as {
    qcirc_ms: number[];
    qcirc_overhead_ms: number[];
    aer_ms: number[];
    aer_reported_ms: number[];
    python: string;
  };

  const ts = median(tsTimes);
  const py = median(python.qcirc_ms);
  const aer = median(python.aer_ms);
  console.log(`machine: ${machineDescription()}, Python ${python.python}; ${loadAverage(loadBefore)}`);
  console.log(
    `circuit: ${QUBITS} qubits, depth ${DEPTH}, ${circuit.operations.length} operations, ${SHOTS} shots`,
  );
  console.log(`median of ${ROUNDS} runs after a warm-up, ms:`);
  console.log(
    `  TypeScript library, in process         ${ts.toFixed(1)}  (over the simulator's own total per run: ${median(tsOverheads).toFixed(1)})`,
  );
  console.log(
    `  Python qcirc, warm local engine        ${py.toFixed(1)}  (over the engine's own total per run: ${median(python.qcirc_overhead_ms).toFixed(1)})`,
  );
  console.log(
    `  Python qiskit-aer (statevector)        ${aer.toFixed(1)}  (Aer's own time_taken: ${median(python.aer_reported_ms).toFixed(1)})`,
  );
  console.log(
    `  Python path over the TypeScript library: ${(py - ts).toFixed(1)} ms by the medians, ` +
      `${(median(python.qcirc_overhead_ms) - median(tsOverheads)).toFixed(1)} ms net of the simulation (target < 20 ms)`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
