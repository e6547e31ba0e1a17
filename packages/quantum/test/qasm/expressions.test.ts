/**
 * Expressions and operands as programs write them: constants, literals, casts, built-in
 * functions, indexing of registers, integers and arrays, and the errors at their positions.
 * A program applies `U(a, b, c)` to show the values it computed.
 */
import { describe, expect, it } from 'vitest';
import { importQasm } from '../../src/qasm/importer.js';
import { expectCodeAt, expectQasmError, importOps } from './import-helpers.js';

const show = (...lines: string[]) => importOps(['qubit[4] q;', ...lines].join('\n'));

describe('values', () => {
  it('has the built-in constants under both spellings', () => {
    expect(show('U(pi, τ, ℇ) q[0];', 'U(π, tau, euler) q[0];')).toEqual([
      'U(3.141593,6.283185,2.718282) 0',
      'U(3.141593,6.283185,2.718282) 0',
    ]);
  });

  it('reads integer, float, boolean and bitstring literals', () => {
    expect(
      show('U(0x1f, 0b101, 1_000) q[0];', 'U(.5, 2e-1, true) q[0];', 'U("0110", 0o17, 0) q[0];'),
    ).toEqual(['U(31,5,1000) 0', 'U(0.5,0.2,1) 0', 'U(6,15,0) 0']);
  });

  it('casts with the spec’s conversions', () => {
    expect(
      show(
        'U(int[8](300), uint[4](-1), bool(2)) q[0];',
        'U(float(angle[2](3 * pi / 4)), int(-2.7), uint(bit[2](3))) q[0];',
      ),
    ).toEqual(['U(44,15,1) 0', 'U(3.141593,-2,3) 0']);
  });

  it('evaluates && and || lazily: the right side is not run when the left decides', () => {
    const program = [
      'def m(qubit a) -> bit { return measure a; }',
      'qubit q;',
      'bool x = false && m(q);',
      'bool y = true || m(q);',
      'bool z = true && m(q);',
    ].join('\n');
    expect(importOps(program)).toEqual(['measure 0->0']);
  });

  it('computes sizeof of registers, arrays and bit values', () => {
    expect(
      show(
        'bit[3] c;',
        'array[int, 2, 5] a;',
        'const bit[7] m = 0;',
        'U(sizeof(q), sizeof(c), sizeof(a, 1)) q[0];',
        'U(sizeof(a), sizeof(m), 0) q[0];',
      ),
    ).toEqual(['U(4,3,5) 0', 'U(2,7,0) 0']);
  });

  it('indexes the bits of sized integers', () => {
    expect(show('int[8] x = 0x5a;', 'U(x[0:3], x[-2], x[{1, 3}]) q[0];')).toEqual(['U(10,1,3) 0']);
    expectQasmError(
      () => importQasm('qubit q;\nint x = 3;\nU(x[0], 0, 0) q;'),
      { line: 3, column: 3 },
      'int has no fixed width',
    );
  });
});

describe('indexing registers', () => {
  it('selects with indices, negative indices, ranges with steps and sets', () => {
    const std = (line: string) => importOps(`include "stdgates.inc";\nqubit[4] q;\n${line}`);
    expect(std('x q[-1];')).toEqual(['x 3']);
    expect(std('x q[1:2];')).toEqual(['x 1', 'x 2']);
    expect(std('x q[0:2:3];')).toEqual(['x 0', 'x 2']);
    expect(std('x q[3:-2:0];')).toEqual(['x 3', 'x 1']);
    expect(std('x q[{3, 0}];')).toEqual(['x 3', 'x 0']);
    expect(std('x q[:];')).toEqual(['x 0', 'x 1', 'x 2', 'x 3']);
    expect(std('x q[1:3][1];')).toEqual(['x 2']);
  });

  it('refuses indices out of range, empty ranges, zero steps and two indices in one bracket', () => {
    const program = (line: string) => () => importQasm(`include "stdgates.inc";\nqubit[4] q;\n${line}`);
    expectQasmError(
      program('x q[-5];'),
      { line: 3, column: 5 },
      "'q' has 4 qubits; index -5 is out of range",
    );
    expectQasmError(program('x q[1:7];'), { line: 3, column: 7 }, 'index 7 is out of range');
    expectQasmError(program('x q[2:1];'), { line: 3, column: 5 }, 'the range 2:1:1 selects nothing');
    expectQasmError(program('x q[0:0:2];'), { line: 3, column: 7 }, 'a range step must not be zero');
    expectQasmError(program('x q[0, 1];'), { line: 3, column: 3 }, 'one index or range per bracket');
    expectQasmError(
      program('x q[0][0];'),
      { line: 3, column: 3 },
      'the selection is a single qubit; it cannot be indexed',
    );
  });

  it('refuses an index that depends on a measurement', () => {
    expectQasmError(
      () => importQasm('include "stdgates.inc";\nqubit[2] q;\nbit c = measure q[0];\nx q[c];'),
      { line: 4, column: 5 },
      'an index must be known at import; it depends on a measurement result',
    );
  });
});

describe('errors', () => {
  it('refuses names that are not classical values, saying what they are', () => {
    const program = (line: string) => () =>
      importQasm(`include "stdgates.inc";\nqubit q;\narray[int, 2] a;\ndef f() { }\n${line}`);
    expectQasmError(program('int x = q;'), { line: 5, column: 9 }, "'q' is a qubit, not a classical value");
    expectQasmError(program('int x = h;'), { line: 5, column: 9 }, "'h' is a gate, not a value");
    expectQasmError(program('int x = a;'), { line: 5, column: 9 }, "'a' is an array; index it");
    expectQasmError(program('int x = f;'), { line: 5, column: 9 }, "'f' is a subroutine; call it as f(...)");
    expectQasmError(program('int x = h(1);'), { line: 5, column: 9 }, "'h' is a gate: apply it to qubits");
    expectQasmError(
      () => importQasm('int x = $0;'),
      { line: 1, column: 9 },
      "physical qubit '$0' is not a classical value",
    );
  });

  it('refuses unknown functions at the name, and wrong argument counts at the call', () => {
    expectQasmError(
      () => importQasm('qubit q;\nU(frob(1), 0, 0) q;'),
      { line: 2, column: 3 },
      "unknown function 'frob'",
    );
    expectQasmError(
      () => importQasm('qubit q;\nU(sin(1, 2), 0, 0) q;'),
      { line: 2, column: 3 },
      'sin takes 1 argument, got 2',
    );
  });

  it("refuses '++' outside a let alias, and complex and duration values", () => {
    expectQasmError(
      () => importQasm('qubit[2] a;\nqubit[2] b;\nint x = a ++ b;'),
      { line: 3, column: 9 },
      "'++' joins registers only in a let alias",
    );
    expectCodeAt(
      'UNSUPPORTED_QASM_FEATURE',
      () => importQasm('float x = 2.0im;'),
      { line: 1, column: 11 },
      "'complex'",
    );
    expectCodeAt(
      'UNSUPPORTED_QASM_FEATURE',
      () => importQasm('float x = real(1);'),
      { line: 1, column: 11 },
      "'complex'",
    );
    expectCodeAt(
      'UNSUPPORTED_QASM_FEATURE',
      () => importQasm('float x = 10ns;'),
      { line: 1, column: 11 },
      "'duration'",
    );
  });
});
