/**
 * The quantum-circuit adapter against the real quantum-circuit package: every gate it has is
 * compared with quantum-circuit's own `circuitMatrix`, and seeded random circuits go round trip
 * in both directions with the same unitary (to 1e-9, global phase included), or, with
 * measurements and conditions, the same JSON form exactly.
 */
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  fromQuantumCircuit,
  toQuantumCircuit,
  type QuantumCircuit,
} from '../../src/adapters/quantum-circuit.js';
import {
  Circuit,
  ctrl,
  inv,
  negctrl,
  pow,
  type Modifier,
  type Operation,
} from '../../src/circuit/circuit.js';
import { mul, param } from '../../src/circuit/expr.js';
import { STANDARD_GATES } from '../../src/circuit/gates.js';
import { circuitToJson } from '../../src/circuit/json.js';
import { toQasm3 } from '../../src/qasm/export.js';
import { simulateStatevector } from '../../src/engine/statevector-run.js';
import { rewriteForQelib } from '../../src/qasm/export-qelib.js';
import { cmat, matDiff, mulberry32, type CMat } from '../support/dense-reference.js';

type Constructor = new (qubits?: number) => QuantumCircuit & {
  circuitMatrix(endianness: 'little' | 'big'): (number | { re: number; im: number })[][];
  addMeasure(wire: number, creg: string, bit: number): void;
  importQASM(source: string, done: (errors: unknown[]) => void): void;
};
let QC: Constructor;

beforeAll(() => {
  QC = createRequire(import.meta.url)('quantum-circuit') as Constructor;
});

/** Our engine's unitary: column b is the state the circuit makes from basis state b. */
function unitary(circuit: Circuit, parameters: Record<string, number> = {}): CMat {
  const dim = 2 ** circuit.numQubits;
  const u = cmat(dim);
  for (let b = 0; b < dim; b += 1) {
    const initial = new Float64Array(2 * dim);
    initial[2 * b] = 1;
    const state = simulateStatevector(circuit, { initial, parameters });
    for (let r = 0; r < dim; r += 1) {
      u.re[r * dim + b] = state[2 * r]!;
      u.im[r * dim + b] = state[2 * r + 1]!;
    }
  }
  return u;
}

/** quantum-circuit's own unitary of its circuit (bit q of an index is wire q, as ours). */
function theirUnitary(qc: QuantumCircuit): CMat {
  const rows = (qc as InstanceType<Constructor>).circuitMatrix('little');
  const u = cmat(rows.length);
  rows.forEach((row, r) =>
    row.forEach((v, c) => {
      u.re[r * rows.length + c] = typeof v === 'number' ? v : v.re;
      u.im[r * rows.length + c] = typeof v === 'number' ? 0 : v.im;
    }),
  );
  return u;
}

const QC_SPECIAL = new Set(['measure', 'reset', 'barrier']);

function qcGateNames(): string[] {
  return Object.keys(new QC(1).basicGates).filter((n) => !QC_SPECIAL.has(n));
}

/** The number of wires a quantum-circuit gate acts on, from its matrix. */
function qcWidth(qc: QuantumCircuit, name: string): number {
  const matrix = (qc.basicGates[name] as { matrix: unknown[] }).matrix;
  return Math.log2(matrix.length);
}

function angles(random: () => number, count: number): number[] {
  return Array.from({ length: count }, () => (random() * 4 - 2) * Math.PI);
}

/** `count` distinct wires out of `n`, in random order. */
function wires(random: () => number, n: number, count: number): number[] {
  const all = Array.from({ length: n }, (_, q) => q);
  for (let i = all.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [all[i], all[j]] = [all[j]!, all[i]!];
  }
  return all.slice(0, count);
}

/** A random quantum-circuit circuit over all its gates (angles as strings, as it stores them). */
function randomQc(random: () => number, n: number, gates: number): QuantumCircuit {
  const qc = new QC(n);
  const names = qcGateNames().filter((name) => qcWidth(qc, name) <= n);
  for (let i = 0; i < gates; i += 1) {
    const name = names[Math.floor(random() * names.length)]!;
    const paramNames = qc.basicGates[name]!.params ?? [];
    const params = Object.fromEntries(
      angles(random, paramNames.length).map((a, k) => [paramNames[k]!, String(a)]),
    );
    qc.appendGate(name, wires(random, n, qcWidth(qc, name)), { params });
  }
  return qc;
}

const MODIFIERS: readonly Modifier[][] = [
  [],
  [],
  [],
  [ctrl()],
  [negctrl()],
  [inv()],
  [pow(2)],
  [inv(), ctrl()],
];

/** A random model circuit over every standard gate, with modifiers quantum-circuit can take. */
function randomModel(random: () => number, n: number, gates: number): Circuit {
  const c = new Circuit(n);
  const names = [...STANDARD_GATES.values()].filter((g) => g.qubits <= n).map((g) => g.name);
  while (c.operations.length < gates) {
    const gate = STANDARD_GATES.get(names[Math.floor(random() * names.length)]!)!;
    const modifiers = MODIFIERS[Math.floor(random() * MODIFIERS.length)]!;
    const controls = modifiers.filter((m) => m.kind === 'ctrl' || m.kind === 'negctrl').length;
    if (gate.qubits + controls > n) continue;
    const call = {
      name: gate.name,
      qubits: wires(random, n, gate.qubits + controls),
      params: angles(random, gate.params.length),
      modifiers,
    };
    try {
      rewriteForQelib(call, (reason) => {
        throw new Error(reason);
      });
    } catch {
      continue; // no exact quantum-circuit form: the refusal tests below cover these
    }
    c.gate(call.name, call.qubits, call.params, { modifiers });
  }
  return c;
}

/**
 * The operations in dependency layers (an operation comes one layer after the last one sharing a
 * qubit or classical bit with it), each layer sorted: quantum-circuit's columns may reorder
 * operations on disjoint bits, which commute, and nothing else.
 */
function layered(circuit: Circuit): Operation[][] {
  const last = new Map<string, number>();
  const layers: Operation[][] = [];
  for (const op of circuit.operations) {
    const bits = [
      ...(op.kind === 'measure' || op.kind === 'reset' ? [op.qubit] : op.qubits).map((q) => `q${q}`),
      ...(op.kind === 'measure' ? [`c${op.clbit}`] : []),
      ...(op.kind !== 'barrier' && op.condition !== undefined ? op.condition.clbits.map((b) => `c${b}`) : []),
    ];
    const layer = 1 + Math.max(-1, ...bits.map((b) => last.get(b) ?? -1));
    bits.forEach((b) => last.set(b, layer));
    (layers[layer] ??= []).push(op);
  }
  return layers.map((ops) => ops.sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y))));
}

describe('quantum-circuit gates', () => {
  it('every quantum-circuit gate imports with its own matrix (against its circuitMatrix)', () => {
    const random = mulberry32(1);
    for (const name of qcGateNames()) {
      const qc = new QC(3);
      const paramNames = qc.basicGates[name]!.params ?? [];
      const params = Object.fromEntries(paramNames.map((p) => [p, String(angles(random, 1)[0])]));
      // Wires out of order, so a swapped control or matrix bit order shows.
      qc.appendGate(name, [2, 0, 1].slice(0, qcWidth(qc, name)), { params });
      expect(matDiff(unitary(fromQuantumCircuit(qc)), theirUnitary(qc)), name).toBeLessThan(1e-9);
    }
  });

  it('every model gate, and modified gates, export with the same matrix', () => {
    const random = mulberry32(2);
    const cases: [string, Modifier[]][] = [
      ...[...STANDARD_GATES.keys()].map((name): [string, Modifier[]] => [name, []]),
      ['x', [ctrl(2)]],
      ['h', [negctrl()]],
      ['u2', [inv()]],
      ['u3', [ctrl()]],
      ['sx', [pow(3)]],
      ['cu', [inv()]],
      ['gphase', [ctrl()]],
      ['s', [ctrl(), inv()]],
    ];
    for (const [name, modifiers] of cases) {
      const gate = STANDARD_GATES.get(name)!;
      const controls = modifiers.reduce(
        (k, m) => k + (m.kind === 'ctrl' || m.kind === 'negctrl' ? m.count : 0),
        0,
      );
      const c = new Circuit(Math.max(3, gate.qubits + controls));
      c.gate(name, [2, 0, 1].slice(0, gate.qubits + controls), angles(random, gate.params.length), {
        modifiers,
      });
      const qc = toQuantumCircuit(c);
      expect(matDiff(theirUnitary(qc), unitary(c)), `${name} ${JSON.stringify(modifiers)}`).toBeLessThan(
        1e-9,
      );
    }
  });
});

describe('round trips on random circuits (seeded)', () => {
  it('50 model circuits of 1 to 5 qubits: to quantum-circuit and back, the same unitary', () => {
    const random = mulberry32(25);
    for (let i = 0; i < 50; i += 1) {
      const n = 1 + (i % 5);
      const c = randomModel(random, n, 4 + Math.floor(random() * 10));
      const back = fromQuantumCircuit(toQuantumCircuit(c));
      expect(matDiff(unitary(back), unitary(c)), `circuit ${i}`).toBeLessThan(1e-9);
    }
  });

  it('50 quantum-circuit circuits of 1 to 5 qubits: to the model and back, the same unitary', () => {
    const random = mulberry32(52);
    for (let i = 0; i < 50; i += 1) {
      const n = 1 + (i % 5);
      const qc = randomQc(random, n, 4 + Math.floor(random() * 10));
      const model = fromQuantumCircuit(qc);
      const again = fromQuantumCircuit(toQuantumCircuit(model));
      expect(matDiff(unitary(again), unitary(model)), `circuit ${i}`).toBeLessThan(1e-9);
      // Against quantum-circuit's own unitary for the smaller ones (its math.js products are slow).
      if (n <= 3) expect(matDiff(unitary(model), theirUnitary(qc)), `circuit ${i}`).toBeLessThan(1e-9);
    }
  });

  it('measured circuits with registers, resets, barriers and conditions come back exactly', () => {
    const random = mulberry32(7);
    const gates = 'x y z h s sdg t tdg sx rx ry rz U u1 cx cz cp crx swap ccx'.split(' ');
    for (let i = 0; i < 20; i += 1) {
      const n = 2 + (i % 4);
      const c = new Circuit(n);
      const a = c.addClassicalRegister('a', 1);
      const b = c.addClassicalRegister('flags', n - 1);
      for (let k = 0; k < 12; k += 1) {
        const roll = random();
        const q = Math.floor(random() * n);
        if (roll < 0.15) c.measure(q, Math.floor(random() * (n - 1)) + b.start);
        else if (roll < 0.25) c.measure(q, a.start);
        else if (roll < 0.3) c.reset(q);
        else if (roll < 0.35) c.barrier(...wires(random, n, 2));
        else {
          const gate = STANDARD_GATES.get(gates[Math.floor(random() * gates.length)]!)!;
          if (gate.qubits > n) continue;
          const add = (t: Circuit) =>
            t.gate(gate.name, wires(random, n, gate.qubits), angles(random, gate.params.length));
          if (roll < 0.5) c.ifBits({ clbits: [a.start], value: 1 }, add);
          else if (roll < 0.6)
            c.ifBits({ clbits: [...Array(b.size).keys()].map((j) => b.start + j), value: 1 }, add);
          else add(c);
        }
      }
      c.ifBits({ clbits: [a.start], value: 0 }, (t) => t.measure(0, b.start).reset(1));
      const back = fromQuantumCircuit(toQuantumCircuit(c));
      expect(back.cregs, `circuit ${i}`).toEqual(c.cregs);
      expect(layered(back), `circuit ${i}`).toEqual(layered(c));
    }
  });

  it('a quantum-circuit circuit with measurements and a condition reads as its columns run', () => {
    const qc = new QC(2);
    qc.createCreg('c', 2);
    qc.appendGate('h', 0);
    qc.addMeasure(0, 'c', 1);
    qc.appendGate('x', 1, { condition: { creg: 'c', value: 2 } });
    qc.addMeasure(1, 'c', 0);
    const model = fromQuantumCircuit(qc);
    expect(circuitToJson(model)).toEqual({
      qubits: 2,
      clbits: 2,
      operations: [
        { op: 'gate', name: 'h', qubits: [0] },
        { op: 'measure', qubits: [0], clbits: [1] },
        { op: 'gate', name: 'x', qubits: [1], condition: { clbits: [0, 1], value: 2 } },
        { op: 'measure', qubits: [1], clbits: [0] },
      ],
    });
    expect(circuitToJson(fromQuantumCircuit(toQuantumCircuit(model)))).toEqual(circuitToJson(model));
  });
});

describe('custom gates and parameters', () => {
  it('a circuit quantum-circuit read from OpenQASM 2.0 (its own importer) comes out as written', () => {
    const qc = new QC();
    const errors: unknown[] = [];
    qc.importQASM(
      'OPENQASM 2.0; include "qelib1.inc"; qreg q[3]; creg c[3];' +
        ' gate foo(a) x, y { cu1(a) x, y; rx(a/2) y; }' +
        ' h q[0]; foo(pi/3) q[0], q[2]; measure q[0] -> c[0]; if(c==1) x q[1]; u2(0.1, pi) q[2];',
      (e: unknown[]) => errors.push(...e),
    );
    expect(errors).toEqual([]);
    expect(toQasm3(fromQuantumCircuit(qc))).toBe(
      [
        'OPENQASM 3.0;',
        'include "stdgates.inc";',
        'qubit[3] q;',
        'bit[3] c;',
        'gate foo(a) q0, q1 {',
        '  cp(a) q0, q1;',
        '  rx(a/2) q1;',
        '}',
        'h q[0];',
        'foo(pi/3) q[0], q[2];',
        'c[0] = measure q[0];',
        'if (c == 1) {',
        '  x q[1];',
        '}',
        'U(pi/2, 0.1, pi) q[2];',
        '',
      ].join('\n'),
    );
  });

  it('model gate definitions become registered subcircuits, nested and with parameters', () => {
    const c = new Circuit(3);
    c.defineGate('rzz', { params: ['theta'], qubits: 2 }, (g, theta) => g.cx(0, 1).rz(theta, 1).cx(0, 1));
    c.defineGate('layer', { params: ['a', 'b'], qubits: 3 }, (g, a, b) =>
      g
        .gate('rzz', [0, 1], [b])
        .u3(a, 0.2, 0.3, 2)
        .gate('rzz', [2, 1], [mul(a, 2)]),
    );
    c.h(0).gate('layer', [1, 2, 0], [0.7, -1.1]).gate('rzz', [2, 0], [0.4]);
    const qc = toQuantumCircuit(c);
    expect(Object.keys(qc.customGates).sort()).toEqual(['layer', 'rzz']);
    expect(matDiff(theirUnitary(qc), unitary(c))).toBeLessThan(1e-9);
    const back = fromQuantumCircuit(qc);
    expect([...back.gateDefinitions.keys()].sort()).toEqual(['layer', 'rzz']);
    expect(matDiff(unitary(back), unitary(c))).toBeLessThan(1e-9);
  });

  it('a quantum-circuit registered gate with a parameter imports as a gate definition', () => {
    const body = new QC(2);
    body.appendGate('xx', [0, 1], { params: { theta: 'alpha / 2' } });
    body.appendGate('u1', 1, { params: { lambda: 'sin(alpha) + pi' } });
    const qc = new QC(2);
    qc.registerGate('twist', body.save());
    qc.appendGate('h', 1);
    qc.appendGate('twist', [1, 0], { params: { alpha: '0.9' } });
    const model = fromQuantumCircuit(qc);
    expect(model.gateDefinitions.get('twist')?.params).toEqual(['alpha']);
    expect(matDiff(unitary(model), theirUnitary(qc))).toBeLessThan(1e-9);
  });

  it('symbolic circuit parameters stay symbolic both ways', () => {
    const c = new Circuit(2).rx(mul(2, param('theta')), 0).crz(param('lam'), 0, 1);
    const back = fromQuantumCircuit(toQuantumCircuit(c));
    expect(back.parameters).toEqual(['lam', 'theta']);
    const parameters = { theta: 0.3, lam: -1.2 };
    expect(matDiff(unitary(back, parameters), unitary(c, parameters))).toBeLessThan(1e-12);
  });
});

describe('refusals name what cannot be converted', () => {
  const refusal = (build: (c: Circuit) => unknown, n = 2) => {
    const c = new Circuit(n, 2);
    build(c);
    return () => toQuantumCircuit(c);
  };

  it('export: CANNOT_EXPORT naming the operation', () => {
    expect(refusal((c) => c.gate('rx', [0], [0.3], { modifiers: [pow(0.5)] }))).toThrow(
      expect.objectContaining({
        code: 'CANNOT_EXPORT',
        message: expect.stringContaining('pow(0.5) @ rx(0.3) [0]'),
      }),
    );
    expect(refusal((c) => c.ifBits({ clbits: [1], value: 1 }, (t) => t.x(0)))).toThrow(
      expect.objectContaining({
        code: 'CANNOT_EXPORT',
        message: expect.stringContaining('bits [1] are not one'),
      }),
    );
    expect(
      refusal((c) =>
        c.defineGate('g', { qubits: 1 }, (g) => g.h(0)).gate('g', [0, 1], [], { modifiers: [ctrl()] }),
      ),
    ).toThrow(
      expect.objectContaining({ code: 'CANNOT_EXPORT', message: expect.stringContaining("custom gate 'g'") }),
    );
    expect(refusal((c) => c.defineGate('xx', { qubits: 1 }, (g) => g.h(0)))).toThrow(
      expect.objectContaining({
        code: 'CANNOT_EXPORT',
        message: expect.stringContaining("gate definition 'xx'"),
      }),
    );
    expect(refusal((c) => c.rz(param('phi'), 0))).toThrow(
      expect.objectContaining({ code: 'CANNOT_EXPORT', message: expect.stringContaining("parameter 'phi'") }),
    );
  });

  it('import: INVALID_CIRCUIT naming the gate and column', () => {
    const unknown = new QC(1);
    unknown.appendGate('h', 0);
    unknown.appendGate('nosuchgate', 0);
    expect(() => fromQuantumCircuit(unknown)).toThrow(
      expect.objectContaining({
        code: 'INVALID_CIRCUIT',
        message: expect.stringContaining('column 1 nosuchgate'),
      }),
    );
    const body = new QC(1);
    body.createCreg('c', 1);
    body.addMeasure(0, 'c', 0);
    const measuring = new QC(1);
    measuring.registerGate('peek', body.save());
    measuring.appendGate('peek', 0);
    expect(() => fromQuantumCircuit(measuring)).toThrow(
      expect.objectContaining({ code: 'INVALID_CIRCUIT', message: expect.stringContaining("gate 'peek'") }),
    );
    const odd = new QC(1);
    odd.appendGate('rx', 0, { params: { theta: 'abs(-0.5)' } });
    expect(() => fromQuantumCircuit(odd)).toThrow(
      expect.objectContaining({
        code: 'INVALID_CIRCUIT',
        message: expect.stringContaining("function 'abs'"),
      }),
    );
  });
});
