/**
 * The built-in includes. Every qelib1 gate bound to a standard gate is checked against its own
 * qelib1 body: the body is defined under another name and both are applied to random states,
 * so the mapping must agree exactly, global phase included.
 */
import { describe, expect, it } from 'vitest';
import { STANDARD_GATES } from '../../src/circuit/gates.js';
import { simulateStatevector } from '../../src/engine/statevector-run.js';
import { importQasm } from '../../src/qasm/importer.js';
import { builtinGates, QELIB1_SOURCE, QELIB1_STANDARD, stdgatesGates } from '../../src/qasm/stdlib.js';
import { mulberry32, randomState } from '../support/dense-reference.js';
import { QELIB1_GATE_NAMES } from '../support/qelib1-gates.js';

interface Qelib1Gate {
  readonly name: string;
  readonly params: string[];
  readonly qubits: string[];
  readonly body: string;
}

const QELIB1_GATES: Qelib1Gate[] = [
  ...QELIB1_SOURCE.matchAll(/gate (\w+)(?:\(([^)]*)\))? ([^{]+)\{([^}]*)\}/g),
].map((m) => ({
  name: m[1]!,
  params: m[2] === undefined ? [] : m[2].split(',').map((p) => p.trim()),
  qubits: m[3]!.split(',').map((q) => q.trim()),
  body: m[4]!,
}));

/** The state after applying one gate call of a 2.0 program (qelib1 plus `extra`) to `initial`. */
function apply(extra: string, call: string, qubits: number, initial: Float64Array): Float64Array {
  const program = `OPENQASM 2.0;\ninclude "qelib1.inc";\n${extra}\nqreg q[${qubits}];\n${call}`;
  return simulateStatevector(importQasm(program).circuit, { initial });
}

describe('qelib1.inc', () => {
  it('has every gate of Qiskit’s qelib1.inc', () => {
    expect(QELIB1_GATES.map((g) => g.name)).toEqual(QELIB1_GATE_NAMES);
  });

  it.each(QELIB1_GATES.map((g) => [g.name, g] as const))('%s acts exactly as its qelib1 body', (_, gate) => {
    const random = mulberry32(gate.name.length * 977 + gate.body.length);
    const n = gate.qubits.length;
    const values = gate.params.map(() => (random() * 2 - 1) * Math.PI).join(', ');
    const args = gate.params.length === 0 ? '' : `(${values})`;
    const operands = gate.qubits.map((_, i) => `q[${i}]`).join(', ');
    const reference = `gate ref_${gate.name}${gate.params.length === 0 ? '' : `(${gate.params.join(',')})`} ${gate.qubits.join(',')} {${gate.body}}`;
    for (let trial = 0; trial < 2; trial += 1) {
      const initial = randomState(n, random);
      const mapped = apply('', `${gate.name}${args} ${operands};`, n, initial);
      const body = apply(reference, `ref_${gate.name}${args} ${operands};`, n, initial);
      const diff = mapped.reduce((m, v, i) => Math.max(m, Math.abs(v - body[i]!)), 0);
      expect(diff).toBeLessThan(1e-9);
    }
  });

  it('binds the exact ones to standard gates and defines the others from their bodies', () => {
    const { circuit } = importQasm('OPENQASM 2.0;\ninclude "qelib1.inc";');
    const defined = [...circuit.gateDefinitions.keys()];
    expect(defined).toEqual([
      'u0',
      'sxdg',
      'ch_custom',
      'csx',
      'rxx',
      'rzz',
      'rccx',
      'rc3x',
      'c3x',
      'c3sqrtx',
      'c4x',
    ]);
    for (const [name, binding] of QELIB1_STANDARD) {
      if (binding.kind !== 'standard') throw new Error(`${name} is not standard`);
      const lowered = binding.lower(Array.from({ length: binding.params }, () => 0.5));
      expect(STANDARD_GATES.has(lowered.name), name).toBe(true);
    }
  });
});

describe('qelib1’s multi-controlled gates', () => {
  const unitary = (program: string, n: number): Float64Array[] =>
    Array.from({ length: 2 ** n }, (_, k) => {
      const initial = new Float64Array(2 ** (n + 1));
      initial[2 * k] = 1;
      return simulateStatevector(importQasm(program).circuit, { initial });
    });
  const distance = (a: Float64Array[], b: Float64Array[]) =>
    Math.max(...a.map((column, i) => Math.max(...column.map((v, j) => Math.abs(v - b[i]![j]!)))));
  const qelib = (gate: string, n: number, extra = '') =>
    unitary(`OPENQASM 2.0;\ninclude "qelib1.inc";\n${extra}\nqreg q[${n}];\n${gate} ${operands(n)};`, n);
  const modified = (call: string, n: number) =>
    unitary(`include "stdgates.inc";\nqubit[${n}] q;\n${call} ${operands(n)};`, n);
  const operands = (n: number) => Array.from({ length: n }, (_, i) => `q[${i}]`).join(', ');

  it('are the controlled gates their names say: c3x, c3sqrtx (a controlled √X†), c4x, csx', () => {
    expect(distance(qelib('c3x', 4), modified('ctrl(3) @ x', 4))).toBeLessThan(1e-9);
    expect(distance(qelib('c3sqrtx', 4), modified('ctrl(3) @ inv @ sx', 4))).toBeLessThan(1e-9);
    expect(distance(qelib('c4x', 5), modified('ctrl(4) @ x', 5))).toBeLessThan(1e-9);
    expect(distance(qelib('csx', 2), modified('ctrl @ sx', 2))).toBeLessThan(1e-9);
  });

  it('needed the c4x correction: Qiskit’s line as written is not a 4-controlled X', () => {
    const corrected = QELIB1_GATES.find((g) => g.name === 'c4x')!;
    const original = corrected.body.replace('h e; cu1(pi/2) d,e; h e;', 'h d; cu1(pi/4) d,e; h d;');
    expect(original).not.toBe(corrected.body);
    const asWritten = qelib('c4x_qiskit', 5, `gate c4x_qiskit a,b,c,d,e {${original}}`);
    expect(distance(asWritten, modified('ctrl(4) @ x', 5))).toBeGreaterThan(0.1);
  });
});

describe('stdgates.inc and the built-ins', () => {
  it('binds every standard gate but U and gphase by its own name', () => {
    const gates = stdgatesGates();
    expect([...gates.keys()].sort()).toEqual(
      [...STANDARD_GATES.keys()].filter((n) => n !== 'U' && n !== 'gphase').sort(),
    );
    const cu = gates.get('cu')!;
    expect(cu.kind === 'standard' && cu.lower([1, 2, 3, 4])).toEqual({ name: 'cu', params: [1, 2, 3, 4] });
  });

  it('has U and gphase in OpenQASM 3, U and CX in 2.0', () => {
    expect([...builtinGates('3.0').keys()]).toEqual(['U', 'gphase']);
    expect([...builtinGates('2.0').keys()]).toEqual(['U', 'CX']);
  });
});
