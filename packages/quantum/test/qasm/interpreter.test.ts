/**
 * Statement semantics: declarations, gates and modifiers, broadcasting, measurement, classical
 * control flow run at import, subroutines, aliases, and control flow on measurement results
 * lowered to conditions, each with its errors and their positions.
 */
import { describe, expect, it } from 'vitest';
import { Circuit, ctrl, inv, negctrl, pow } from '../../src/circuit/circuit.js';
import { param } from '../../src/circuit/expr.js';
import { importQasm } from '../../src/qasm/importer.js';
import {
  expectCodeAt,
  expectDistribution,
  expectQasmError,
  expectSameState,
  importOps,
} from './import-helpers.js';

const std = (...body: string[]) => ['include "stdgates.inc";', ...body].join('\n');

describe('declarations', () => {
  it('declares registers named as in the program; qubit q and bit b have one element', () => {
    const { circuit } = importQasm(
      std('qubit[2] q;', 'qubit a;', 'qreg r[3];', 'bit[2] c;', 'bit b;', 'creg d[1];', 'h a;'),
    );
    expect(circuit.qregs.map((r) => [r.name, r.size])).toEqual([
      ['q', 2],
      ['a', 1],
      ['r', 3],
    ]);
    expect(circuit.cregs.map((r) => [r.name, r.size])).toEqual([
      ['c', 2],
      ['b', 1],
      ['d', 1],
    ]);
    expect(importOps(std('qubit[2] q;', 'qubit a;', 'h a;'))).toEqual(['h 2']);
  });

  it('takes register sizes from constant expressions and refuses sizes that are not positive', () => {
    expect(importQasm('const int n = 2 * 3;\nqubit[n - 1] q;').circuit.numQubits).toBe(5);
    expectQasmError(
      () => importQasm('qubit[0] q;'),
      { line: 1, column: 7 },
      'a register size must be a positive integer, got 0',
    );
    expectQasmError(() => importQasm('qubit[1.5] q;'), { line: 1, column: 7 }, 'must be an integer');
  });

  it('refuses a register size that depends on a measurement', () => {
    expectQasmError(
      () => importQasm('qubit a;\nbit b = measure a;\nint n = b;\nqubit[n] r;'),
      { line: 4, column: 7 },
      'a register size must be known at import; it depends on a measurement result',
    );
  });

  it('refuses redeclaring a name in the same scope, naming the first declaration', () => {
    expectQasmError(
      () => importQasm('qubit q;\nbit q;'),
      { line: 2, column: 5 },
      "'q' is already declared in this scope (at 1:7)",
    );
  });

  it('lets a block shadow an outer name', () => {
    expect(importOps('qubit q;\nint x = 1;\n{ int x = 2; U(x, 0, 0) q; }\nU(x, 0, 0) q;')).toEqual([
      'U(2,0,0) 0',
      'U(1,0,0) 0',
    ]);
  });

  it('declares qubits, gates, subroutines and arrays only at global scope', () => {
    expectQasmError(
      () => importQasm('{\n  qubit q;\n}'),
      { line: 2, column: 3 },
      'qubits can only be declared at global scope',
    );
    expectQasmError(
      () => importQasm('{\n  gate g a { }\n}'),
      { line: 2, column: 3 },
      'gates can only be declared at global scope',
    );
    expectQasmError(
      () => importQasm('{\n  def f() { }\n}'),
      { line: 2, column: 3 },
      'subroutines can only be declared at global scope',
    );
    expectQasmError(
      () => importQasm('{\n  array[int, 2] a;\n}'),
      { line: 2, column: 3 },
      'arrays can only be declared at global scope',
    );
  });

  it('refuses reusing a built-in constant or a gate name', () => {
    expectQasmError(() => importQasm('float pi = 3;'), { line: 1, column: 7 }, "'pi' is a built-in constant");
    expectQasmError(() => importQasm(std('int h = 1;')), { line: 2, column: 5 }, "'h' is already a gate");
  });

  it('spells a Unicode register name in ASCII for the circuit', () => {
    const { circuit } = importQasm('qubit[2] γ;\nbit[2] c;\nc = measure γ;');
    expect(circuit.qregs[0]!.name).toBe('_u3b3');
  });

  it('puts physical qubits in register physical, sized by the highest index used', () => {
    const { circuit } = importQasm(std('h $2;', 'cx $0, $2;'));
    expect(circuit.qregs).toEqual([{ name: 'physical', start: 0, size: 3 }]);
    expect(importOps(std('h $2;', 'cx $0, $2;'))).toEqual(['h 2', 'cx 0,2']);
  });

  it('refuses physical qubits in a program that declares qubits', () => {
    expectQasmError(
      () => importQasm(std('qubit q;', 'h  $1;')),
      { line: 3, column: 4 },
      "physical qubit '$1' cannot be used",
      "('q' at 2:1)",
    );
  });
});

describe('gates', () => {
  it('defines a custom gate with symbolic parameters the circuit keeps', () => {
    const { circuit } = importQasm(
      std('gate zz(θ) a, b { cx a, b; rz(θ / 2) b; cx a, b; }', 'qubit[2] q;', 'h q;', 'zz(0.6) q[0], q[1];'),
    );
    const definition = circuit.gateDefinitions.get('zz')!;
    expect(definition.params).toEqual(['θ']);
    expect(definition.qubits).toBe(2);
    expect(definition.body.map((op) => op.name)).toEqual(['cx', 'rz', 'cx']);
    expect(definition.body[1]!.params[0]).toEqual({
      kind: 'binary',
      op: '/',
      left: param('θ'),
      right: { kind: 'number', value: 2 },
    });
    expectSameState(circuit, new Circuit(2).h(0).h(1).cx(0, 1).rz(0.3, 1).cx(0, 1));
  });

  it('unrolls loops inside a gate body, and an empty body is the identity', () => {
    const { circuit } = importQasm(
      std(
        'gate rep(t) a { for int i in [1:3] rz(t * i) a; }',
        'gate nothing a { }',
        'qubit q;',
        'rep(0.1) q;',
        'nothing q;',
      ),
    );
    expect(circuit.gateDefinitions.get('rep')!.body).toHaveLength(3);
    expectSameState(circuit, new Circuit(1).rz(0.6, 0));
  });

  it('renames a custom gate that has a standard gate’s name', () => {
    const { circuit } = importQasm('gate h a { U(pi/2, 0, pi) a; }\nqubit q;\nh q;');
    expect(circuit.operations[0]).toMatchObject({ name: 'h_custom' });
    expectSameState(circuit, new Circuit(1).U(Math.PI / 2, 0, Math.PI, 0));
  });

  it('applies modifiers as the circuit model does', () => {
    const program = std(
      'qubit[3] q;',
      'h q;',
      'ctrl @ rx(0.3) q[0], q[1];',
      'negctrl(2) @ x q[0], q[1], q[2];',
      'inv @ s q[2];',
      'pow(0.5) @ x q[1];',
      'ctrl @ inv @ pow(3) @ t q[2], q[0];',
    );
    const expected = new Circuit(3).h(0).h(1).h(2);
    expected.gate('rx', [0, 1], [0.3], { modifiers: [ctrl()] });
    expected.gate('x', [0, 1, 2], [], { modifiers: [negctrl(2)] });
    expected.gate('s', [2], [], { modifiers: [inv()] });
    expected.gate('x', [1], [], { modifiers: [pow(0.5)] });
    expected.gate('t', [2, 0], [], { modifiers: [ctrl(), inv(), pow(3)] });
    const { circuit } = importQasm(program);
    expect(circuit.operations).toEqual(expected.operations);
    expectSameState(circuit, expected);
  });

  it('keeps a symbolic pow exponent', () => {
    const { circuit } = importQasm(std('input float k;', 'qubit q;', 'pow(k) @ x q;'));
    expect(circuit.operations[0]).toMatchObject({ modifiers: [{ kind: 'pow', exponent: param('k') }] });
    expectSameState(circuit, new Circuit(1).gate('x', [0], [], { modifiers: [pow(0.25)] }), { k: 0.25 });
  });

  it('refuses a control count that is not a positive integer, at the count', () => {
    expectQasmError(
      () => importQasm(std('qubit[2] q;', 'ctrl(0) @ x q[0], q[1];')),
      { line: 3, column: 6 },
      'the ctrl count must be a positive integer',
    );
  });

  it('applies gphase, and ctrl @ gphase as a phase on the control', () => {
    const { circuit } = importQasm(std('qubit[2] q;', 'h q;', 'gphase(pi / 2);', 'ctrl @ gphase(pi) q[0];'));
    expect(circuit.operations.slice(2).map((op) => op.kind === 'gate' && [op.name, op.qubits])).toEqual([
      ['gphase', []],
      ['gphase', [0]],
    ]);
    expectSameState(
      circuit,
      new Circuit(2)
        .h(0)
        .h(1)
        .gphase(Math.PI / 2)
        .z(0),
    );
  });

  it('keeps a gate body’s global phase, which ctrl makes visible', () => {
    const { circuit } = importQasm(
      std('gate phased a { gphase(pi / 2); }', 'qubit[2] q;', 'h q[0];', 'ctrl @ phased q[0], q[1];'),
    );
    expectSameState(circuit, new Circuit(2).h(0).s(0));
  });

  it('broadcasts over registers of equal size and repeats single qubits', () => {
    expect(importOps(std('qubit[2] a;', 'qubit[2] b;', 'cx a, b;', 'cx a[0], b;', 'h a;'))).toEqual([
      'cx 0,2',
      'cx 1,3',
      'cx 0,2',
      'cx 0,3',
      'h 0',
      'h 1',
    ]);
  });

  it('refuses broadcasting over registers of different sizes, at the operand', () => {
    expectQasmError(
      () => importQasm(std('qubit[2] a;', 'qubit[3] b;', 'cx a, b;')),
      { line: 4, column: 7 },
      "'b' has 3 qubits but 'a' has 2",
    );
  });

  it('refuses a qubit used twice in one call, at the operand', () => {
    expectQasmError(
      () => importQasm(std('qubit[2] q;', 'cx q[0], q[0];')),
      { line: 3, column: 10 },
      'qubit q[0] is used twice in this gate call',
    );
    expectQasmError(
      () => importQasm(std('qubit[2] q;', 'cx q, q[1];')),
      { line: 3, column: 7 },
      'qubit q[1] is used twice',
    );
  });

  it('refuses wrong parameter and qubit counts, at the gate name', () => {
    expectQasmError(
      () => importQasm(std('qubit[3] q;', '  cx q[0];')),
      { line: 3, column: 3 },
      "gate 'cx' takes 2 qubits, got 1",
    );
    expectQasmError(
      () => importQasm(std('qubit q;', 'rx q;')),
      { line: 3, column: 1 },
      "gate 'rx' takes 1 parameter, got 0",
    );
    expectQasmError(
      () => importQasm(std('qubit q;', 'h(0.1) q;')),
      { line: 3, column: 1 },
      "gate 'h' takes 0 parameters, got 1",
    );
    expectQasmError(
      () => importQasm(std('qubit[3] q;', 'ctrl @ x q[0];')),
      { line: 3, column: 8 },
      "gate 'x' takes 2 qubits (1 control and 1 for 'x'), got 1",
    );
  });

  it('refuses unknown gates, pointing to stdgates.inc for standard ones', () => {
    expectQasmError(
      () => importQasm('qubit q;\nh q;'),
      { line: 2, column: 1 },
      "unknown gate 'h'",
      'include "stdgates.inc"',
    );
    expectQasmError(
      () => importQasm(std('qubit q;', 'frob q;')),
      { line: 3, column: 1 },
      "unknown gate 'frob'",
    );
  });

  it('refuses undeclared names and indices out of range, at the operand', () => {
    expectQasmError(
      () => importQasm(std('qubit[2] q;', 'h r;')),
      { line: 3, column: 3 },
      "undeclared name 'r'",
    );
    expectQasmError(
      () => importQasm(std('qubit[2] q;', 'h q[5];')),
      { line: 3, column: 5 },
      "'q' has 2 qubits; index 5 is out of range",
    );
    expectQasmError(
      () => importQasm(std('qubit[2] q;', 'rx(theta) q[0];')),
      { line: 3, column: 4 },
      "undeclared name 'theta'",
    );
  });

  it('refuses a parameter that is not a finite number, at the argument', () => {
    expectQasmError(
      () => importQasm(std('qubit q;', 'rx(1, 0) q;')),
      { line: 3, column: 1 },
      'takes 1 parameter, got 2',
    );
    expectQasmError(
      () => importQasm(std('qubit q;', 'rx(sqrt(-1)) q;')),
      { line: 3, column: 4 },
      "a parameter of 'rx' is NaN",
    );
  });

  it('limits a gate body to its parameters, qubits, global constants and gates', () => {
    expectQasmError(
      () => importQasm(std('float w = 1;', 'gate g a { rx(w) a; }')),
      { line: 3, column: 15 },
      "'w' is not visible inside gate 'g'",
    );
    expect(() => importQasm(std('const float w = 1;', 'gate g a { rx(w) a; }'))).not.toThrow();
    expectQasmError(
      () => importQasm(std('qubit q;', 'gate g a { x q; }')),
      { line: 3, column: 14 },
      "'q' is not visible inside gate 'g'",
    );
    expectQasmError(
      () => importQasm(std('gate g a { g a; }')),
      { line: 2, column: 12 },
      "gate 'g' cannot call itself",
    );
    expectQasmError(
      () => importQasm(std('gate g a { x a[0]; }')),
      { line: 2, column: 14 },
      'cannot be indexed',
    );
  });

  it('refuses classical declarations and measurements inside a gate body', () => {
    expectQasmError(
      () => importQasm('gate g a {\n  int i = 0;\n}'),
      { line: 2, column: 3 },
      "classical declarations are not allowed inside a gate definition (gate 'g')",
    );
    expectQasmError(
      () => importQasm('gate g a {\n  measure a;\n}'),
      { line: 2, column: 3 },
      "'measure' is not allowed inside a gate definition",
    );
    expectQasmError(
      () => importQasm('gate g a {\n  reset a;\n}'),
      { line: 2, column: 3 },
      "'reset' is not allowed",
    );
  });

  it('drops a barrier inside a gate body with a warning', () => {
    const result = importQasm(std('gate g a, b { h a; barrier a, b; }', 'qubit[2] q;', 'g q[0], q[1];'));
    expect(result.circuit.gateDefinitions.get('g')!.body).toHaveLength(1);
    expect(result.warnings).toEqual([
      { line: 2, column: 20, message: expect.stringContaining('barrier inside gate') as string },
    ]);
  });
});

describe('measurement, reset, barrier, delay', () => {
  it('measures in both forms, broadcasting register to register', () => {
    expect(
      importOps(
        std(
          'qubit[2] q;',
          'bit[2] c;',
          'c = measure q;',
          'measure q -> c;',
          'c[0] = measure q[1];',
          'bit b = measure q[0];',
        ),
      ),
    ).toEqual([
      'measure 0->0',
      'measure 1->1',
      'measure 0->0',
      'measure 1->1',
      'measure 1->0',
      'measure 0->2',
    ]);
  });

  it('refuses measuring registers of different sizes', () => {
    expectQasmError(
      () => importQasm('qubit[2] q;\nbit[3] c;\nc = measure q;'),
      { line: 3, column: 1 },
      'cannot measure 2 qubits into 3 bits',
    );
  });

  it('measures without a target into scratch bits', () => {
    const { circuit } = importQasm('qubit[2] q;\nmeasure q;\nmeasure q[0];');
    expect(circuit.cregs.map((r) => [r.name, r.size])).toEqual([
      ['_scratch0', 1],
      ['_scratch1', 1],
    ]);
    expect(importOps('qubit[2] q;\nmeasure q;\nmeasure q[0];')).toEqual([
      'measure 0->0',
      'measure 1->1',
      'measure 0->1',
    ]);
  });

  it('resets, and puts a barrier on the given qubits or on all', () => {
    expect(importOps('qubit[3] q;\nreset q[1];\nbarrier q[0], q[2];\nbarrier;\nbarrier q, q[0];')).toEqual([
      'reset 1',
      'barrier 0,2',
      'barrier 0,1,2',
      'barrier 0,1,2',
    ]);
  });

  it('treats delay as identity, with a warning at the delay', () => {
    const result = importQasm('qubit q;\n  delay[100ns] q;');
    expect(result.circuit.operations).toEqual([]);
    expect(result.warnings).toEqual([
      { line: 2, column: 3, message: 'delay is treated as identity: timing is not modelled' },
    ]);
  });

  it('warns once for a delay a loop runs many times', () => {
    expect(importQasm('qubit q;\nfor int i in [1:5] {\n  delay[10ns] q;\n}').warnings).toHaveLength(1);
  });

  it('ignores pragmas and annotations, known or not', () => {
    expect(
      importOps(
        std('pragma simulator noise off', 'qubit q;', '@reversible', '@vendor.unknown some text', 'x q;'),
      ),
    ).toEqual(['x 0']);
  });
});

describe('classical values and control flow known at import', () => {
  it('assigns, with compound operators and wrap-around', () => {
    expect(importOps('qubit q;\nuint[4] u = 14;\nu += 3;\nint[8] i = 100;\ni *= 2;\nU(u, i, 0) q;')).toEqual([
      'U(1,-56,0) 0',
    ]);
  });

  it('reads and writes single bits of integers', () => {
    expect(importOps('qubit q;\nint[8] x = 5;\nx[1] = 1;\nx[0:0] = "0";\nU(x, x[2], 0) q;')).toEqual([
      'U(6,1,0) 0',
    ]);
  });

  it('refuses assigning a constant, naming it', () => {
    expectQasmError(
      () => importQasm('const int n = 1;\nn = 2;'),
      { line: 2, column: 1 },
      "'n' is a constant",
    );
  });

  it('runs for loops over ranges, steps, sets, bit registers and arrays', () => {
    const program = [
      'qubit q;',
      'for int i in [0:2:4] U(i, 0, 0) q;',
      'for int i in [2:-1:1] U(0, i, 0) q;',
      'for float f in {0.5, 1.5} U(f, 0, 0) q;',
      'const bit[3] m = "110";',
      'for bit b in m U(0, 0, b) q;',
      'array[int[8], 2] a;',
      'a[1] = 7;',
      'for int v in a U(v, v, v) q;',
    ].join('\n');
    expect(importOps(program)).toEqual([
      'U(0,0,0) 0',
      'U(2,0,0) 0',
      'U(4,0,0) 0',
      'U(0,2,0) 0',
      'U(0,1,0) 0',
      'U(0.5,0,0) 0',
      'U(1.5,0,0) 0',
      'U(0,0,0) 0',
      'U(0,0,1) 0',
      'U(0,0,1) 0',
      'U(0,0,0) 0',
      'U(7,7,7) 0',
    ]);
  });

  it('runs while loops with break and continue', () => {
    const program =
      'qubit q;\nint i = 0;\nwhile (true) {\n  i += 1;\n  if (i == 2) continue;\n  if (i > 4) break;\n  U(i, 0, 0) q;\n}';
    expect(importOps(program)).toEqual(['U(1,0,0) 0', 'U(3,0,0) 0', 'U(4,0,0) 0']);
  });

  it('refuses break and continue outside a loop, and return outside a subroutine', () => {
    expectQasmError(
      () => importQasm('  break;'),
      { line: 1, column: 3 },
      "'break' is only allowed inside a loop",
    );
    expectQasmError(
      () => importQasm('continue;'),
      { line: 1, column: 1 },
      "'continue' is only allowed inside a loop",
    );
    expectQasmError(
      () => importQasm('return;'),
      { line: 1, column: 1 },
      "'return' is only allowed inside a subroutine",
    );
  });

  it('runs if and else, and switch without fall-through', () => {
    const program =
      'qubit q;\nint n = 2;\nif (n > 1) U(1, 0, 0) q; else U(2, 0, 0) q;\nswitch (n) {\n  case 1, 2 { U(3, 0, 0) q; }\n  case 3 { U(4, 0, 0) q; }\n  default { U(5, 0, 0) q; }\n}\nswitch (n + 5) { case 1 { } default { U(6, 0, 0) q; } }';
    expect(importOps(program)).toEqual(['U(1,0,0) 0', 'U(3,0,0) 0', 'U(6,0,0) 0']);
  });

  it('refuses a repeated case value, at the value', () => {
    expectQasmError(
      () => importQasm('int n = 1;\nswitch (n) {\n  case 1 { }\n  case 2, 1 { }\n}'),
      { line: 4, column: 11 },
      'case value 1 appears more than once',
    );
  });

  it('inlines subroutines: classical arguments by value, qubits as aliases, a return value', () => {
    const program = std(
      'def twice(int k, qubit a) -> int { k *= 2; rx(k) a; return k + 1; }',
      'qubit[2] q;',
      'int k = 3;',
      'int r = twice(k, q[1]);',
      'U(k, r, 0) q[0];',
    );
    expect(importOps(program)).toEqual(['rx(6) 1', 'U(3,7,0) 0']);
  });

  it('lets a subroutine read global variables at call time but not write them', () => {
    const program =
      'int ii = 100;\ndef my_mul() -> int { return ii * 2; }\nii = 200;\nint jj = my_mul();\nqubit q;\nU(jj, 0, 0) q;';
    expect(importOps(program)).toEqual(['U(400,0,0) 0']);
    expectQasmError(
      () => importQasm('int g = 1;\ndef f() {\n  g = 2;\n}\nf();'),
      { line: 3, column: 3 },
      "'g' is global: inside a subroutine global variables are read-only",
    );
  });

  it('hides global qubits from subroutines', () => {
    expectQasmError(
      () => importQasm(std('qubit q;', 'def f() {', '  x q;', '}', 'f();')),
      { line: 4, column: 5 },
      "qubit 'q' is not visible inside subroutine 'f'",
    );
  });

  it('checks subroutine arguments', () => {
    const defs = std('def f(qubit[2] p, int n) { }', 'qubit[3] q;');
    expectQasmError(
      () => importQasm(`${defs}\nf(q, 1);`),
      { line: 4, column: 3 },
      "argument 'p' of 'f' takes 2 qubits, got 3",
    );
    expectQasmError(
      () => importQasm(`${defs}\nf(q[0:1]);`),
      { line: 4, column: 1 },
      "subroutine 'f' takes 2 arguments, got 1",
    );
    expectQasmError(
      () => importQasm(std('def g(qubit a, qubit b) { }', 'qubit q;', 'g(q, q);')),
      { line: 4, column: 6 },
      "qubit q is passed twice to 'g'",
    );
    expectQasmError(
      () => importQasm('def v() { }\nint x = v();'),
      { line: 2, column: 9 },
      "subroutine 'v' returns no value",
    );
    expectQasmError(
      () => importQasm('def w() -> int { }\nint x = w();'),
      { line: 2, column: 9 },
      "subroutine 'w' ended without returning a value",
    );
  });

  it('passes arrays by reference, writable only when declared mutable', () => {
    const program =
      'array[int[8], 3] a;\ndef fill(mutable array[int[8], #dim = 1] v) { v[2] = 9; }\nfill(a);\nqubit q;\nU(a[2], a[-3], 0) q;';
    expect(importOps(program)).toEqual(['U(9,0,0) 0']);
    expectQasmError(
      () =>
        importQasm('array[int[8], 3] a;\ndef f(readonly array[int[8], #dim = 1] v) {\n  v[0] = 1;\n}\nf(a);'),
      { line: 3, column: 3 },
      "'v' is a constant",
    );
  });
});

describe('constant expressions', () => {
  it('requires const initialisers, sizes and case labels to use only constants and inputs', () => {
    expectQasmError(
      () => importQasm('int n = 2;\nconst int m = 1 + n;'),
      { line: 2, column: 19 },
      "the value of const 'm' must be a constant expression; 'n' is a variable",
    );
    expectQasmError(
      () => importQasm('int n = 2;\nqubit[n] q;'),
      { line: 2, column: 7 },
      "a register size must be a constant expression; 'n' is a variable",
    );
    expectQasmError(
      () => importQasm('int n = 2;\nswitch (n) {\n  case n { }\n}'),
      { line: 3, column: 8 },
      'a case value must be a constant expression',
    );
    expectQasmError(
      () => importQasm('def f() -> int { return 1; }\nconst int k = f();'),
      { line: 2, column: 15 },
      "the subroutine call 'f(...)' is not",
    );
    expect(
      importQasm('input int n;\nconst int m = 2 * n;\nqubit[m] q;', { inputs: { n: 2 } }).circuit.numQubits,
    ).toBe(4);
  });

  it('refuses a const from a measured value, at the initialiser', () => {
    expectQasmError(
      () => importQasm('qubit q;\nbit b = measure q;\nconst int k = int(b);'),
      { line: 3, column: 15 },
      'depends on a measurement result',
    );
  });
});

describe('code that never runs', () => {
  it('still may not call unknown gates', () => {
    expectQasmError(
      () => importQasm(std('def unused(qubit a) {', '  nope a;', '}')),
      { line: 3, column: 3 },
      "unknown gate 'nope'",
    );
    expectQasmError(
      () => importQasm(std('qubit q;', 'if (false) {', '  nope q;', '}')),
      { line: 4, column: 3 },
      "unknown gate 'nope'",
    );
  });
});

describe('aliases', () => {
  it('aliases slices, sets, negative indices and concatenations of qubits', () => {
    const program = std(
      'qubit[4] a;',
      'qubit[2] b;',
      'let mid = a[1:2] ++ b;',
      'let last = a[-1];',
      'let picked = a[{0, 3}];',
      'let rev = a[3:-1:0];',
      'x mid;',
      'h last;',
      'z picked;',
      'y rev[0];',
    );
    expect(importOps(program)).toEqual(['x 1', 'x 2', 'x 4', 'x 5', 'h 3', 'z 0', 'z 3', 'y 3']);
  });

  it('aliases bits, and writes through the alias', () => {
    expect(importOps('qubit[2] q;\nbit[4] c;\nlet low = c[0:1];\nlow = measure q;')).toEqual([
      'measure 0->0',
      'measure 1->1',
    ]);
  });

  it('leaves the clbits of the aliased bits alone when an alias goes out of scope', () => {
    // An alias in a block once freed its bits as scratch bits, so the next scratch measurement
    // wrote into a reported register or into a local bit still in use.
    expect(importOps(std('qubit[2] q;', 'bit[2] c;', '{ let a = c; }', 'measure q[0];'))).toEqual([
      'measure 0->2',
    ]);
    const local = std(
      'qubit[3] q;',
      'bit c;',
      'x q[0];',
      '{',
      '  bit t;',
      '  t = measure q[0];',
      '  { let a = t; }',
      '  measure q[1];',
      '  if (t) x q[2];',
      '}',
      'c = measure q[2];',
    );
    expect(importOps(local)).toEqual(['x 0', 'measure 0->1', 'measure 1->2', 'x 2 if 1=1', 'measure 2->0']);
  });

  it("refuses a qubit on both sides of '++'", () => {
    expectQasmError(
      () => importQasm('qubit[2] a;\nlet x = a ++ a[1];'),
      { line: 2, column: 9 },
      "qubit a[1] appears on both sides of '++'",
    );
  });
});

describe('control flow on measurement results', () => {
  const measured = (bits: number, ...body: string[]) =>
    std(
      `qubit[${bits + 1}] q;`,
      `bit[${bits}] c;`,
      `h q[0:${bits - 1}];`,
      `c = measure q[0:${bits - 1}];`,
      ...body,
    );
  const conditioned = (program: string) => importOps(program).filter((op) => op.includes(' if '));

  it('conditions a branch on one bit, on its negation, and on a register value', () => {
    expect(
      conditioned(measured(2, 'if (c[0]) x q[2];', 'if (!c[1]) y q[2];', 'if (c == 2) z q[2];')),
    ).toEqual(['x 2 if 0=1', 'y 2 if 1=0', 'z 2 if 0,1=2']);
  });

  it('combines nested ifs and && into one condition', () => {
    expect(conditioned(measured(2, 'if (c[0]) { if (c[1]) x q[2]; }', 'if (c[0] && !c[1]) y q[2];'))).toEqual(
      ['x 2 if 0,1=3', 'y 2 if 0,1=1'],
    );
  });

  it('emits a branch once per disjoint case of a disjunction, and the else on the rest', () => {
    expect(conditioned(measured(2, 'if (c[0] || c[1]) x q[2]; else y q[2];'))).toEqual([
      'x 2 if 0=1',
      'x 2 if 0,1=2',
      'y 2 if 0,1=0',
    ]);
  });

  it('expands other predicates over the bits they depend on', () => {
    expect(conditioned(measured(2, 'if (c >= 2) x q[2];'))).toEqual(['x 2 if 1=1']);
    expect(conditioned(measured(3, 'if (popcount(c) == 1) x q[3];'))).toEqual([
      'x 3 if 0,1,2=1',
      'x 3 if 0,1,2=2',
      'x 3 if 0,1,2=4',
    ]);
  });

  it('has the exact statistics of the program it stands for', () => {
    // q[2] flips when c[0] or c[1]: 3 of 4 outcomes; then measured into c[2].
    const program = measured(
      3,
      'reset q[2];',
      'if (c[0] || c[1]) x q[2]; else { h q[2]; }',
      'c[2] = measure q[2];',
    );
    const expected: Record<string, number> = {};
    for (let low = 0; low < 4; low += 1) {
      const bits = low.toString(2).padStart(2, '0');
      if (low === 0) {
        expected[`0${bits}`] = 0.125;
        expected[`1${bits}`] = 0.125;
      } else expected[`1${bits}`] = 0.25;
    }
    expectDistribution(importQasm(program).circuit, expected);
  });

  it('switches on a measured register', () => {
    const program = measured(
      2,
      'switch (c) {',
      '  case 0, 3 { x q[2]; }',
      '  case 1 { y q[2]; }',
      '  default { z q[2]; }',
      '}',
    );
    expect(conditioned(program)).toEqual(['x 2 if 0,1=0', 'x 2 if 0,1=3', 'y 2 if 0,1=1', 'z 2 if 0,1=2']);
  });

  it('emits gate parameters that depend on measurements once per value', () => {
    expect(conditioned(measured(2, 'rx(c * pi) q[2];'))).toEqual([
      'rx(0) 2 if 0,1=0',
      'rx(3.141593) 2 if 0,1=1',
      'rx(6.283185) 2 if 0,1=2',
      'rx(9.424778) 2 if 0,1=3',
    ]);
  });

  it('treats classical variables set from measured bits as measured values', () => {
    expect(
      conditioned(measured(2, 'int n = c;', 'bool f = c[1];', 'if (n == 1) x q[2];', 'if (f) y q[2];')),
    ).toEqual(['x 2 if 0,1=1', 'y 2 if 1=1']);
    expect(conditioned(measured(1, 'int k = 0;', 'if (c[0]) k = 5;', 'if (k == 5) x q[1];'))).toEqual([
      'x 1 if 0=1',
    ]);
  });

  it('refuses a condition over more bits than can be expanded, at the if', () => {
    const program = std(
      'qubit[13] q;',
      'bit[13] c;',
      'c = measure q;',
      'if (c == 4097) x q[0];',
      '  if (c > 5) x q[0];',
    );
    expectQasmError(
      () => importQasm(program),
      { line: 6, column: 3 },
      'this condition is too complex',
      '13 measured bits',
      'at most 12',
    );
  });

  it('refuses a condition that needs more than 1024 copies', () => {
    const program = std('qubit[12] q;', 'bit[12] c;', 'c = measure q;', 'if (c > 0) x q[0];');
    expectQasmError(
      () => importQasm(program),
      { line: 5, column: 1 },
      'too complex',
      '4095 conditioned copies',
      'at most 1024',
    );
  });

  it('refuses a measured value used after one of its bits was measured again', () => {
    const program = measured(2, 'bool first = c[0];', 'c[0] = measure q[1];', 'if (first) x q[2];');
    expectCodeAt(
      'UNSUPPORTED_QASM_FEATURE',
      () => importQasm(program),
      { line: 8, column: 1 },
      'uses the value c[0] had before it was measured again',
    );
  });

  it('refuses measuring inside a branch a bit its condition reads, at the next conditioned operation', () => {
    const program = measured(2, 'if (c[0]) {', '  c[0] = measure q[1];', '  x q[2];', '}');
    expectCodeAt(
      'UNSUPPORTED_QASM_FEATURE',
      () => importQasm(program),
      { line: 8, column: 3 },
      'c[0] had before it was measured again',
    );
  });

  it('measures under a condition when the branch measures another bit', () => {
    expect(conditioned(measured(2, 'if (c[0]) c[1] = measure q[2];'))).toEqual(['measure 2->1 if 0=1']);
  });

  it('refuses loops, breaks and returns that depend on measurements as unsupported, naming them', () => {
    const cases: [string, { line: number; column: number }, string][] = [
      [measured(1, '  while (c[0]) { }'), { line: 6, column: 3 }, 'while on a measured value'],
      [
        measured(2, 'int n = c;', 'for int i in [0:n] { }'),
        { line: 7, column: 1 },
        'for loop with measured bounds',
      ],
      [
        measured(1, 'for int i in [0:3] {', '  if (c[0]) break;', '}'),
        { line: 7, column: 13 },
        'break under a measured condition',
      ],
      [
        measured(1, 'while (true) {', '  if (c[0]) continue;', '  break;', '}'),
        { line: 7, column: 13 },
        'continue under a measured condition',
      ],
      [
        std(
          'def f(qubit a) -> int { bit b = measure a; if (b) return 1; return 0; }',
          'qubit q;',
          'int r = f(q);',
        ),
        { line: 2, column: 51 },
        'return under a measured condition',
      ],
    ];
    for (const [program, at, construct] of cases) {
      const error = expectCodeAt('UNSUPPORTED_QASM_FEATURE', () => importQasm(program), at, construct);
      expect(error.details.construct).toBe(construct);
    }
  });

  it('refuses the specification’s own while loop on a measured count as unsupported, not invalid', () => {
    const program = std(
      'qubit q;',
      'bit result;',
      'int i = 0;',
      'while (i < 10) {',
      '  h q;',
      '  result = measure q;',
      '  if (result) {',
      '    i += 1;',
      '  }',
      '}',
    );
    expectCodeAt('UNSUPPORTED_QASM_FEATURE', () => importQasm(program), { line: 5, column: 1 }, 'while');
  });
});

describe('classical bits and the circuit', () => {
  it('measures a subroutine’s returned measurement straight into the target', () => {
    const program = std(
      'def xmeasure(qubit a) -> bit { h a; return measure a; }',
      'qubit[2] q;',
      'bit[2] c;',
      'c[1] = xmeasure(q[0]);',
    );
    const { circuit } = importQasm(program);
    expect(circuit.cregs.map((r) => r.name)).toEqual(['c']);
    expect(importOps(program)).toEqual(['h 0', 'measure 0->1']);
  });

  it('measures a subroutine’s returned local bits straight into the target, as return measure does', () => {
    const f = 'def f(qubit a) -> bit { bit b; b = measure a; return b; }';
    const program = std(f, 'qubit q;', 'bit syn;', 'x q;', 'syn = f(q);');
    expect(importOps(program)).toEqual(['x 0', 'measure 0->0']);
    expect(importQasm(program).circuit.cregs.map((r) => r.name)).toEqual(['syn']);
    expectDistribution(importQasm(program).circuit, { '1': 1 });
    const returnMeasure = std(
      'def f(qubit a) -> bit { return measure a; }',
      'qubit q;',
      'bit syn;',
      'x q;',
      'syn = f(q);',
    );
    expect(importOps(returnMeasure)).toEqual(importOps(program));
    // Declared from a measurement, measured with ->, read inside the body, assigned in part or as a declaration.
    expect(
      importOps(
        std(
          'def g(qubit[2] a) -> bit[2] { bit[2] b; measure a -> b; if (b[0]) x a[1]; return b; }',
          'def m(qubit a) -> bit { bit b = measure a; return b; }',
          'qubit[3] q;',
          'bit[2] syn;',
          'syn = g(q[0:1]);',
          'bit last = m(q[2]);',
          'syn[1] = m(q[2]);',
        ),
      ),
    ).toEqual(['measure 0->0', 'measure 1->1', 'x 1 if 0=1', 'measure 2->2', 'measure 2->1']);
  });

  it('copies a returned local bit it cannot measure into the target, so a reported target is refused', () => {
    // b does not end holding its measurement: the bits it returns are not a measurement to redirect.
    const program = std(
      'def f(qubit a) -> bit { bit b; b = measure a; b = !b; return b; }',
      'qubit q;',
      'bit syn;',
      'syn = f(q);',
    );
    expectCodeAt(
      'UNSUPPORTED_QASM_FEATURE',
      () => importQasm(program),
      { line: 5, column: 1 },
      "'a reported bit set other than by measurement' is not supported",
    );
    // A local target takes the copy.
    expect(
      importOps(
        std(
          'def f(qubit a) -> bit { bit b; b = measure a; return b; }',
          'qubit[2] q;',
          '{',
          '  bit t = f(q[0]);',
          '  if (t) x q[1];',
          '}',
        ),
      ),
    ).toEqual(['measure 0->0', 'x 1 if 0=1']);
  });

  it('measures a returned measurement used in an expression into a scratch bit', () => {
    const program = std('def m(qubit a) -> bit { return measure a; }', 'qubit[2] q;', 'if (m(q[0])) x q[1];');
    expect(importOps(program)).toEqual(['measure 0->0', 'x 1 if 0=1']);
    expect(importQasm(program).circuit.cregs.map((r) => r.name)).toEqual(['_scratch0']);
  });

  it('refuses a reported bit that would end holding a constant 1 or a copy, at the assignment', () => {
    expectCodeAt(
      'UNSUPPORTED_QASM_FEATURE',
      () => importQasm('qubit q;\nbit[2] c;\n  c[1] = 1;'),
      { line: 3, column: 3 },
      'bit c[1] would be reported with a value the circuit cannot produce',
    );
    expectCodeAt(
      'UNSUPPORTED_QASM_FEATURE',
      () => importQasm('qubit[2] q;\nbit[2] c;\nc[0] = measure q[0];\nc[1] = c[0];'),
      { line: 4, column: 1 },
      'bit c[1] would be reported',
    );
  });

  it('accepts zeros, values overwritten by a measurement, and constants in local bits', () => {
    expect(() => importQasm('qubit q;\nbit[2] c = "00";\nc[1] = 1;\nc[1] = measure q;')).not.toThrow();
    expect(importOps(std('qubit q;', '{', '  bit[2] t = "11";', '  if (t == 3) x q;', '}'))).toEqual(['x 0']);
  });
});
