/**
 * The OpenQASM exporters: the text of representative circuits, what OpenQASM 2.0 refuses (always
 * naming the operation), and round trips through the importer: the imported export has the same
 * statevector (exactly, global phase included, for 3.0; up to a global phase for 2.0, which
 * cannot observe one), and circuits with measurements give the same counts for the same seed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getBackend } from '../../src/backends/registry.js';
import { Circuit, ctrl, inv, negctrl, pow, type Modifier } from '../../src/circuit/circuit.js';
import { call, div, mul, param } from '../../src/circuit/expr.js';
import { STANDARD_GATES } from '../../src/circuit/gates.js';
import { simulateStatevector } from '../../src/engine/statevector-run.js';
import { toQasm2, toQasm3 } from '../../src/qasm/export.js';
import { importQasm } from '../../src/qasm/importer.js';
import { buildCircuit, circuitArb, teleport } from '../support/circuits.js';
import { expectAppError } from '@lab/server-kit/testing';

const text = (...lines: string[]) => `${lines.join('\n')}\n`;

/** Two circuits with a custom gate, modifiers, parameters, conditions and measurements. */
function sample(): Circuit {
  const c = new Circuit(3, 3);
  c.defineGate('rzz', { params: ['theta'], qubits: 2 }, (g, theta) => g.cx(0, 1).rz(theta, 1).cx(0, 1));
  c.h(0)
    .cx(0, 1)
    .rx(Math.PI / 2, 2)
    .rz((-3 * Math.PI) / 4, 1);
  c.gate('rx', [0, 1, 2], [div(param('theta'), 2)], { modifiers: [ctrl(2), inv()] });
  c.gate('rzz', [0, 2], [0.3]).gphase(0.1).U(1e-7, -0, 2.5, 1).barrier().measure([0, 1, 2], [0, 1, 2]);
  c.ifBits({ clbits: [0, 1, 2], value: 5 }, (k) => k.x(0).y(1));
  c.ifBits({ clbits: [1], value: 1 }, (k) => k.reset(0));
  c.ifBits({ clbits: [0, 2], value: 1 }, (k) => k.x(0).measure(1, 0).x(2));
  return c;
}

describe('toQasm3', () => {
  it('writes inputs, registers, gate definitions and every kind of operation', () => {
    expect(toQasm3(sample())).toBe(
      text(
        'OPENQASM 3.0;',
        'include "stdgates.inc";',
        'input float[64] theta;',
        'qubit[3] q;',
        'bit[3] c;',
        'gate rzz(theta) q0, q1 {',
        '  cx q0, q1;',
        '  rz(theta) q1;',
        '  cx q0, q1;',
        '}',
        'h q[0];',
        'cx q[0], q[1];',
        'rx(pi/2) q[2];',
        'rz(-3*pi/4) q[1];',
        'ctrl(2) @ inv @ rx(theta/2) q[0], q[1], q[2];',
        'rzz(0.3) q[0], q[2];',
        'gphase(0.1);',
        'U(1e-7, -0, 2.5) q[1];',
        'barrier q;',
        'c = measure q;',
        'if (c == 5) {',
        '  x q[0];',
        '  y q[1];',
        '}',
        'if (c[1] == 1) {',
        '  reset q[0];',
        '}',
        // The block ends after a measurement that writes a bit its condition reads.
        'if (c[0] == 1 && c[2] == 0) {',
        '  x q[0];',
        '  c[0] = measure q[1];',
        '}',
        'if (c[0] == 1 && c[2] == 0) {',
        '  x q[2];',
        '}',
      ),
    );
  });

  it('writes measure_all as a barrier and one register measurement', () => {
    const c = new Circuit(2).h(0).cx(0, 1).measureAll();
    expect(toQasm3(c)).toBe(
      text(
        'OPENQASM 3.0;',
        'include "stdgates.inc";',
        'qubit[2] q;',
        'bit[2] meas;',
        'h q[0];',
        'cx q[0], q[1];',
        'barrier q;',
        'meas = measure q;',
      ),
    );
  });

  it('names bits by register, and writes modifiers, powers and expressions', () => {
    const c = new Circuit(0);
    c.addQuantumRegister('a', 2);
    c.addQuantumRegister('b', 1);
    c.addClassicalRegister('m', 1);
    c.addClassicalRegister('n', 2);
    c.gate('x', [2, 0], [], { modifiers: [negctrl()] });
    c.gate('s', [1], [], { modifiers: [pow(0.5)] });
    c.gate('p', [0], [call('cos', mul(param('phi'), 2))], { modifiers: [pow(param('k'))] });
    c.barrier(1, 2, 0).measure(2, 2).measure(0, 1);
    c.ifBits({ clbits: [1, 2], value: 2 }, (k) => k.z(2));
    expect(toQasm3(c)).toBe(
      text(
        'OPENQASM 3.0;',
        'include "stdgates.inc";',
        'input float[64] k;',
        'input float[64] phi;',
        'qubit[2] a;',
        'qubit[1] b;',
        'bit[1] m;',
        'bit[2] n;',
        'negctrl @ x b[0], a[0];',
        'pow(0.5) @ s a[1];',
        'pow(k) @ p(cos(phi*2)) a[0];',
        'barrier a[1], b[0], a[0];',
        'n[1] = measure b[0];',
        'n[0] = measure a[0];',
        'if (n == 2) {',
        '  z b[0];',
        '}',
      ),
    );
  });

  it('renames registers and gates that clash with OpenQASM names, consistently', () => {
    const c = new Circuit(0);
    c.addQuantumRegister('gate', 1);
    c.addClassicalRegister('measure', 1);
    c.defineGate('input', { qubits: 1 }, (g) => g.x(0));
    c.gate('input', [0]).measure(0, 0);
    expect(toQasm3(c)).toBe(
      text(
        'OPENQASM 3.0;',
        'include "stdgates.inc";',
        'qubit[1] gate_1;',
        'bit[1] measure_1;',
        'gate input_1 q0 {',
        '  x q0;',
        '}',
        'input_1 gate_1[0];',
        'measure_1[0] = measure gate_1[0];',
      ),
    );
  });

  it('refuses a number OpenQASM cannot spell, naming the operation', () => {
    const c = new Circuit(1).rx(mul(param('a'), Infinity), 0);
    const error = expectAppError(() => toQasm3(c), 'CANNOT_EXPORT', 'operation #0 rx', 'Infinity');
    expect(error.details).toMatchObject({
      format: 'OpenQASM 3',
      operation: 'operation #0 rx((a * Infinity)) [0]',
    });
  });
});

describe('toQasm2', () => {
  it('writes qelib1.inc gates, rewrites modifiers, and conditions whole registers', () => {
    const c = new Circuit(3, 3);
    c.defineGate('rzz', { params: ['theta'], qubits: 2 }, (g, theta) =>
      g
        .cx(0, 1)
        .rz(theta, 1)
        .cx(0, 1)
        .gate('s', [0], [], { modifiers: [inv()] })
        .gphase(1),
    );
    c.h(0).gate('x', [0, 1, 2], [], { modifiers: [ctrl(2)] });
    c.gate('z', [0, 1, 2], [], { modifiers: [negctrl(), ctrl()] });
    c.gate('rx', [0], [0.5], { modifiers: [pow(3)] }).gate('t', [1], [], { modifiers: [inv()] });
    c.gate('u3', [0, 1], [1, 2, 3], { modifiers: [ctrl()] })
      .phase(Math.PI / 8, 2)
      .cphase(-Math.PI, 0, 1);
    c.gate('rzz', [1, 2], [1e-7]).measureAll();
    c.ifBits({ clbits: [0, 1, 2], value: 3 }, (k) => k.x(0).measure(1, 4));
    expect(toQasm2(c)).toBe(
      text(
        'OPENQASM 2.0;',
        'include "qelib1.inc";',
        'qreg q[3];',
        'creg c[3];',
        'creg meas[3];',
        // qelib1.inc has its own rzz; a 2.0 gate cannot be controlled, so its body's phase is dropped.
        'gate rzz_1(theta) q0,q1 {',
        '  cx q0,q1;',
        '  rz(theta) q1;',
        '  cx q0,q1;',
        '  sdg q0;',
        '}',
        'h q[0];',
        'ccx q[0],q[1],q[2];',
        'x q[0];',
        'h q[2];',
        'ccx q[0],q[1],q[2];',
        'h q[2];',
        'x q[0];',
        'rx(1.5) q[0];',
        'tdg q[1];',
        'cu3(1,2,3) q[0],q[1];',
        'p(-2.5) q[0];',
        'p(pi/8) q[2];',
        'cp(-pi) q[0],q[1];',
        'rzz_1(1.0e-7) q[1],q[2];',
        'barrier q;',
        'measure q -> meas;',
        'if(c==3) x q[0];',
        'if(c==3) measure q[1] -> meas[1];',
      ),
    );
  });

  it('writes teleportation, whose one-bit conditions are whole one-bit registers', () => {
    const c = new Circuit(3);
    c.addClassicalRegister('m0', 1);
    c.addClassicalRegister('m1', 1);
    c.h(1).cx(1, 2).cx(0, 1).h(0).measure(0, 0).measure(1, 1);
    c.ifBits({ clbits: [1], value: 1 }, (k) => k.x(2));
    c.ifBits({ clbits: [0], value: 1 }, (k) => k.z(2));
    expect(toQasm2(c)).toBe(
      text(
        'OPENQASM 2.0;',
        'include "qelib1.inc";',
        'qreg q[3];',
        'creg m0[1];',
        'creg m1[1];',
        'h q[1];',
        'cx q[1],q[2];',
        'cx q[0],q[1];',
        'h q[0];',
        'measure q[0] -> m0[0];',
        'measure q[1] -> m1[0];',
        'if(m1==1) x q[2];',
        'if(m0==1) z q[2];',
      ),
    );
  });

  it('refuses what 2.0 cannot express, naming the operation and the reason', () => {
    const cases: [Circuit, string[]][] = [
      [new Circuit(1).h(0).gphase(0.5), ['operation #1 gphase(0.5) []', 'no global phase instruction']],
      [new Circuit(1).h(0).rx(param('theta'), 0), ['operation #1 rx(theta) [0]', 'bind them first']],
      [teleport(0.3), ['operation #7 x [2]', 'c[1]', 'one whole register']],
      [
        new Circuit(3).gate('h', [0, 1, 2], [], { modifiers: [ctrl(2)] }),
        ['operation #0 ctrl(2) @ h [0, 1, 2]', 'ctrl @ ch has no OpenQASM 2.0 form'],
      ],
      [
        new Circuit(1).gate('rx', [0], [1], { modifiers: [pow(0.5)] }),
        ['operation #0 pow(0.5) @ rx(1) [0]', 'integer'],
      ],
      [
        new Circuit(1)
          .defineGate('g', { qubits: 1 }, (g) => g.h(0))
          .gate('g', [0], [], { modifiers: [inv()] }),
        ['operation #0 inv @ g [0]', "custom gate 'g' has no inverse"],
      ],
      [
        new Circuit(3).defineGate('g', { qubits: 3 }, (g) =>
          g.h(0).gate('h', [0, 1, 2], [], { modifiers: [ctrl(2)] }),
        ),
        ["gate definition 'g'", 'operation #1 ctrl(2) @ h [0, 1, 2]'],
      ],
      [
        new Circuit(1).defineGate('g', { params: ['a'], qubits: 1 }, (g, a) => g.rx(call('arccos', a), 0)),
        ["gate definition 'g'", "no function 'arccos'"],
      ],
    ];
    for (const [circuit, fragments] of cases) {
      const error = expectAppError(() => toQasm2(circuit), 'CANNOT_EXPORT', 'as OpenQASM 2.0', ...fragments);
      expect(error.details.format).toBe('OpenQASM 2.0');
      expect(error.details.operation).toContain(fragments[0]);
    }
  });
});

// ---------------------------------------------------------------- round trips

const TOLERANCE = 1e-12;

/** A generic start, so that no gate acts on a basis state only. */
function prepared(n: number): Circuit {
  const c = new Circuit(n);
  for (let q = 0; q < n; q += 1) c.U(0.4 + 0.9 * q, 1.3 - q, 0.25 * q - 0.6, q);
  for (let q = 0; q + 1 < n; q += 1) c.cx(q, q + 1);
  return c;
}

function maxDifference(a: Float64Array, b: Float64Array): number {
  return a.reduce((m, v, i) => Math.max(m, Math.abs(v - b[i]!)), 0);
}

/** b multiplied by the phase that best aligns it with a (the phase of <b|a>). */
function alignPhase(a: Float64Array, b: Float64Array): Float64Array {
  let re = 0;
  let im = 0;
  for (let i = 0; i < a.length; i += 2) {
    re += b[i]! * a[i]! + b[i + 1]! * a[i + 1]!;
    im += b[i]! * a[i + 1]! - b[i + 1]! * a[i]!;
  }
  const norm = Math.hypot(re, im);
  const [c, s] = [re / norm, im / norm];
  return b.map((_, i) => (i % 2 === 0 ? b[i]! * c - b[i + 1]! * s : b[i - 1]! * s + b[i]! * c));
}

function expectSameStatevector(
  original: Circuit,
  exported: string,
  options: { upToPhase?: boolean } = {},
): void {
  const imported = importQasm(exported).circuit;
  const parameters = Object.fromEntries(original.parameters.map((name, i) => [name, 0.3 + 0.7 * i]));
  const a = simulateStatevector(original, { parameters });
  const raw = simulateStatevector(imported, { parameters });
  const b = options.upToPhase === true ? alignPhase(a, raw) : raw;
  expect(maxDifference(a, b), exported).toBeLessThan(TOLERANCE);
}

const MODIFIER_LISTS: Modifier[][] = [
  [],
  [inv()],
  [pow(2)],
  [pow(-3)],
  [pow(0.5)],
  [ctrl()],
  [negctrl()],
  [ctrl(2)],
  [negctrl(), ctrl()],
  [inv(), ctrl()],
  [ctrl(), inv()],
  [ctrl(), pow(2)],
  [pow(1.5), negctrl()],
];
const QUBITS = 5;
const ANGLES = [0.7, -1.3, 2.1, 0.4];

/** Every standard gate under every modifier list of MODIFIER_LISTS that fits in QUBITS qubits. */
function* gateUses(): Generator<{ name: string; qubits: number[]; params: number[]; modifiers: Modifier[] }> {
  for (const [name, gate] of STANDARD_GATES) {
    for (const modifiers of MODIFIER_LISTS) {
      const controls = modifiers.reduce((n, m) => n + ('count' in m ? m.count : 0), 0);
      if (gate.qubits + controls > QUBITS) continue;
      const qubits = Array.from({ length: gate.qubits + controls }, (_, i) => (3 * i + 1) % QUBITS);
      yield { name, qubits, params: ANGLES.slice(0, gate.params.length), modifiers };
    }
  }
}

describe('round trip through the importer', () => {
  it('OpenQASM 3: every standard gate under every modifier gives the same statevector', () => {
    for (const use of gateUses()) {
      const c = prepared(QUBITS).gate(use.name, use.qubits, use.params, { modifiers: use.modifiers });
      expectSameStatevector(c, toQasm3(c));
    }
  });

  it('OpenQASM 3: random circuits, custom gates and parameters give the same statevector', () => {
    fc.assert(
      fc.property(circuitArb({ maxQubits: 5, maxGates: 12, maxModifiers: 2 }), ({ n, gates }) => {
        const c = prepared(n);
        buildCircuit(n, gates).operations.forEach((op) => {
          if (op.kind === 'gate') c.gate(op.name, op.qubits, op.params, { modifiers: op.modifiers });
        });
        expectSameStatevector(c, toQasm3(c));
      }),
      { numRuns: 60 },
    );
    const custom = prepared(3);
    custom.defineGate('rzz', { params: ['theta'], qubits: 2 }, (g, theta) =>
      g.cx(0, 1).rz(theta, 1).cx(0, 1).gphase(div(theta, 3)),
    );
    custom.defineGate('wrap', { params: ['a', 'b'], qubits: 3 }, (g, a, b) =>
      g
        .gate('rzz', [2, 0, 1], [mul(a, b)], { modifiers: [negctrl(), inv()] })
        .gate('sx', [1], [], { modifiers: [pow(b)] }),
    );
    custom
      .gate('wrap', [0, 1, 2], [param('theta'), 0.3])
      .gate('rzz', [1, 0, 2], [param('phi')], { modifiers: [ctrl()] });
    expectSameStatevector(custom, toQasm3(custom));
  });

  it('OpenQASM 3: measurements, resets and conditions give the same counts for a seed', async () => {
    const backend = getBackend('local_simulator');
    for (const c of [teleport(0.9), sample().copy()]) {
      const options = { shots: 400, seed: 11, noise: { loss: 0 }, parameters: { theta: 0.8 } };
      const imported = importQasm(toQasm3(c)).circuit;
      const [expected, actual] = await Promise.all([
        backend.run(c, options).result(),
        backend.run(imported, options).result(),
      ]);
      expect(actual.getCounts()).toEqual(expected.getCounts());
    }
  });

  it('OpenQASM 2.0: every gate and modifier it accepts gives the same statevector up to a global phase', () => {
    let written = 0;
    for (const use of gateUses()) {
      const c = prepared(QUBITS).gate(use.name, use.qubits, use.params, { modifiers: use.modifiers });
      let qasm: string;
      try {
        qasm = toQasm2(c);
      } catch (error) {
        expectAppError(
          () => {
            throw error;
          },
          'CANNOT_EXPORT',
          `operation #${c.operations.length - 1} `,
        );
        continue;
      }
      expectSameStatevector(c, qasm, { upToPhase: true });
      written += 1;
    }
    expect(written).toBeGreaterThan(250);
  });

  it('OpenQASM 2.0: measurements and conditions give the same counts for a seed', async () => {
    const c = new Circuit(3);
    c.addClassicalRegister('m0', 1);
    c.addClassicalRegister('m1', 1);
    c.addClassicalRegister('out', 1);
    c.ry(0.9, 0).h(1).cx(1, 2).cx(0, 1).h(0).measure(0, 0).measure(1, 1);
    c.ifBits({ clbits: [1], value: 1 }, (k) => k.x(2));
    c.ifBits({ clbits: [0], value: 1 }, (k) => k.z(2));
    c.reset(0).measure(2, 2);
    const backend = getBackend('local_simulator');
    const options = { shots: 400, seed: 5, noise: { loss: 0 } };
    const [expected, actual] = await Promise.all([
      backend.run(c, options).result(),
      backend.run(importQasm(toQasm2(c)).circuit, options).result(),
    ]);
    expect(actual.getCounts()).toEqual(expected.getCounts());
  });
});
