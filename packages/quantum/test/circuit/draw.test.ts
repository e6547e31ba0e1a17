/** The text drawer: whole drawings of small circuits, compared line by line. */
import { describe, expect, it } from 'vitest';
import { Circuit, ctrl, inv, negctrl, pow } from '../../src/circuit/circuit.js';
import { displayNumber, drawCircuit } from '../../src/circuit/draw.js';
import { div, param } from '../../src/circuit/expr.js';

const drawing = (...lines: string[]) => `${lines.join('\n')}\n`;

describe('drawCircuit', () => {
  it('draws a Bell pair with measure_all: boxes, a control, a barrier, measurements to a register', () => {
    expect(drawCircuit(new Circuit(2).h(0).cx(0, 1).measureAll())).toBe(
      drawing(
        '         ┌───┐         ┌─┐',
        '   q_0: ─┤ H ├───■───░─┤M├─────',
        '         └───┘ ┌─┴─┐ ░ └╥┘ ┌─┐',
        '   q_1: ───────┤ X ├─░──╫──┤M├─',
        '               └───┘    ║  └╥┘',
        '                        ║   ║',
        'meas: 2/════════════════╩═══╩══',
        '                        0   1',
      ),
    );
  });

  it('draws conditions as a double line to the condition on the classical wire', () => {
    const c = new Circuit(2, 2).h(0).measure(0, 0);
    c.ifBits({ clbits: [0, 1], value: 1 }, (k) => k.x(1));
    c.ifBits({ clbits: [0], value: 1 }, (k) => k.z(1));
    expect(drawCircuit(c)).toBe(
      drawing(
        '      ┌───┐ ┌─┐',
        'q_0: ─┤ H ├─┤M├───────────────────────',
        '      └───┘ └╥┘   ┌───┐      ┌───┐',
        'q_1: ────────╫────┤ X ├──────┤ Z ├────',
        '             ║    └─╥─┘      └─╥─┘',
        '             ║  ┌───╨───┐ ┌────╨────┐',
        'c: 2/════════╩══╡ c==1  ╞═╡ c[0]==1 ╞═',
        '             0  └───────┘ └─────────┘',
      ),
    );
  });

  it('draws ctrl and negctrl controls joined across the wires in between, and swaps', () => {
    const c = new Circuit(4)
      .gate('rx', [0, 3, 2], [Math.PI / 2], { modifiers: [ctrl(), negctrl()] })
      .swap(1, 3)
      .ccx(0, 1, 3);
    expect(drawCircuit(c)).toBe(
      drawing(
        '',
        'q_0: ──────■──────────■───',
        '           │          │',
        'q_1: ──────┼──────X───■───',
        '      ┌────┴────┐ │   │',
        'q_2: ─┤ Rx(π/2) ├─┼───┼───',
        '      └────┬────┘ │ ┌─┴─┐',
        'q_3: ──────o──────X─┤ X ├─',
        '                    └───┘',
      ),
    );
  });

  it('wraps a wide circuit into bands that repeat the labels', () => {
    const c = new Circuit(2);
    for (let i = 0; i < 4; i += 1)
      c.rx(Math.PI / (i + 1), 0)
        .cx(0, 1)
        .ry(param('theta'), 1);
    const text = drawCircuit(c, { width: 50 });
    expect(text).toBe(
      drawing(
        '      ┌───────┐        ┌─────────┐',
        'q_0: ─┤ Rx(π) ├───■────┤ Rx(π/2) ├────■──»',
        '      └───────┘ ┌─┴─┐ ┌┴─────────┴┐ ┌─┴─┐',
        'q_1: ───────────┤ X ├─┤ Ry(theta) ├─┤ X ├»',
        '                └───┘ └───────────┘ └───┘',
        '',
        '        ┌─────────┐         ┌─────────┐',
        'q_0: «──┤ Rx(π/3) ├────■────┤ Rx(π/4) ├────■──»',
        '       ┌┴─────────┴┐ ┌─┴─┐ ┌┴─────────┴┐ ┌─┴─┐',
        'q_1: «─┤ Ry(theta) ├─┤ X ├─┤ Ry(theta) ├─┤ X ├»',
        '       └───────────┘ └───┘ └───────────┘ └───┘',
        '',
        '',
        'q_0: «───────────────',
        '       ┌───────────┐',
        'q_1: «─┤ Ry(theta) ├─',
        '       └───────────┘',
      ),
    );
    expect(Math.max(...text.split('\n').map((line) => Array.from(line).length))).toBeLessThanOrEqual(50);
    expect(
      drawCircuit(c, { width: 200 })
        .split('\n')
        .filter((line) => line.startsWith('q_0')),
    ).toHaveLength(1);
  });

  it('does not start a band for the closing stretch of wire alone', () => {
    const circuit = new Circuit(2).h(0).cx(0, 1).x(1).h(0);
    const whole = drawCircuit(circuit, { width: 1000 });
    const longest = Math.max(...whole.split('\n').map((line) => [...line].length));
    // One column less than the whole needs: everything but the last column of wire fits.
    const narrow = drawCircuit(circuit, { width: longest + 1 });
    expect(narrow).not.toContain('»');
    expect(narrow.split('\n').length).toBe(whole.split('\n').length);
  });

  it('draws custom gates over several qubits, resets, a global phase and a controlled one', () => {
    const c = new Circuit(3);
    c.defineGate('rzz', { params: ['theta'], qubits: 2 }, (g, theta) => g.cx(0, 1).rz(theta, 1).cx(0, 1));
    c.h(0)
      .h(1)
      .gate('rzz', [0, 2], [div(param('theta'), 2)]);
    c.gate('rzz', [0, 1], [0.25], { modifiers: [inv()] })
      .gphase(Math.PI / 4)
      .reset(1);
    c.gate('sx', [2], [], { modifiers: [pow(2)] }).barrier(0, 1);
    c.gate('gphase', [2], [-1.5], { modifiers: [ctrl()] });
    expect(drawCircuit(c)).toBe(
      drawing(
        'global phase: π/4',
        '      ┌───┐ ┌────────────────┐ ┌──────────────┐',
        'q_0: ─┤ H ├─┤0               ├─┤0             ├───────────────░─',
        '      ├───┤ │                │ │  rzz(0.25)†  │               ░',
        'q_1: ─┤ H ├─┤  rzz(theta/2)  ├─┤1             ├──────|0>──────░─',
        '      └───┘ │                │ └───┬───────┬──┘',
        'q_2: ───────┤1               ├─────┤ √X^2  ├──────────■─────────',
        '            └────────────────┘     └───────┘    GPhase(-1.5)',
      ),
    );
  });

  it('labels wires by register', () => {
    const c = new Circuit(0);
    c.addQuantumRegister('a', 1);
    c.addQuantumRegister('anc', 1);
    c.addClassicalRegister('out', 1);
    c.x(1).measure(1, 0);
    expect(drawCircuit(c)).toBe(
      drawing(
        '',
        '  a_0: ───────────',
        '        ┌───┐ ┌─┐',
        'anc_0: ─┤ X ├─┤M├─',
        '        └───┘ └╥┘',
        '               ║',
        'out: 1/════════╩══',
        '               0',
      ),
    );
  });
});

describe('displayNumber', () => {
  it('prints multiples of π with π, others with five significant digits', () => {
    expect(displayNumber(Math.PI / 2)).toBe('π/2');
    expect(displayNumber((-3 * Math.PI) / 4)).toBe('-3π/4');
    expect(displayNumber(2 * Math.PI)).toBe('2π');
    expect(displayNumber(0)).toBe('0');
    expect(displayNumber(0.123456789)).toBe('0.12346');
    expect(displayNumber(1e-9)).toBe('1e-9');
  });
});
