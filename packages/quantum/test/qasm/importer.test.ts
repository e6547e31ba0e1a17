/**
 * The importer's entry point: versions, OpenQASM 2.0 compatibility, includes, inputs and
 * outputs, limits, error positions, and whole programs checked by their exact distributions
 * and by the simulator. Statement-level semantics are in `interpreter.test.ts`.
 */
import { describe, expect, it, vi } from 'vitest';
import { getBackend } from '../../src/backends/registry.js';
import { Circuit } from '../../src/circuit/circuit.js';
import { DEFAULT_LIMITS, importQasm, MAX_INCLUDE_DEPTH } from '../../src/qasm/importer.js';
import { expectAppError } from '@lab/server-kit/testing';
import { expectFits } from '../support/stats.js';
import {
  expectCodeAt,
  expectDistribution,
  expectQasmError,
  expectSameState,
  importOps,
} from './import-helpers.js';

const lines = (...text: string[]) => text.join('\n');
const counts = async (circuit: Circuit, shots: number, seed: number) =>
  (
    await getBackend('local_simulator')
      .run(circuit, { shots, seed, noise: { loss: 0 } })
      .result()
  ).getCounts();

describe('versions', () => {
  it('reads a program without a version line, or with OPENQASM 3 or 3.0, as OpenQASM 3', () => {
    for (const head of ['', 'OPENQASM 3;', 'OPENQASM 3.0;']) {
      expect(importQasm(`${head}\nqubit q;`).version).toBe('3.0');
    }
  });

  it('reads OPENQASM 2.0 as OpenQASM 2.0', () => {
    expect(importQasm('OPENQASM 2.0;\nqreg q[1];').version).toBe('2.0');
  });

  it('refuses other versions at the version line', () => {
    expectQasmError(
      () => importQasm('OPENQASM 4.0;\nqubit q;', { file: 'x.qasm' }),
      { line: 1, column: 1, file: 'x.qasm' },
      'OpenQASM 4.0 is not supported',
    );
  });
});

describe('OpenQASM 2.0', () => {
  const bell2 = lines(
    'OPENQASM 2.0;',
    'include "qelib1.inc";',
    'qreg q[2];',
    'creg c[2];',
    'h q[0];',
    'cx q[0],q[1];',
    'measure q -> c;',
  );

  it('imports a Bell pair with qelib1 and a broadcast measure', async () => {
    const { circuit, version } = importQasm(bell2);
    expect(version).toBe('2.0');
    expect(circuit.qregs).toEqual([{ name: 'q', start: 0, size: 2 }]);
    expect(circuit.cregs).toEqual([{ name: 'c', start: 0, size: 2 }]);
    expect(importOps(bell2)).toEqual(['h 0', 'cx 0,1', 'measure 0->0', 'measure 1->1']);
    const result = await counts(circuit, 2000, 3);
    expect(Object.keys(result).sort()).toEqual(['00', '11']);
    expectFits(result, { '00': 0.5, '11': 0.5 });
  });

  it('has U and CX built in, without any include', () => {
    expect(importOps('OPENQASM 2.0;\nqreg q[2];\nU(pi/2,0,pi) q[0];\nCX q[0],q[1];')).toEqual([
      'U(1.570796,0,3.141593) 0',
      'CX 0,1',
    ]);
  });

  it('compares the whole register in if (creg == n)', () => {
    const ops = importOps(
      lines(
        'OPENQASM 2.0;',
        'include "qelib1.inc";',
        'qreg q[2];',
        'creg c[2];',
        'measure q[0] -> c[0];',
        'if (c == 2) x q[1];',
      ),
    );
    expect(ops).toEqual(['measure 0->0', 'x 1 if 0,1=2']);
  });

  it('reads ^ as a power and ln as the natural logarithm', () => {
    expect(importOps('OPENQASM 2.0;\nqreg q[1];\nU(2^3, ln(1), 0) q[0];')).toEqual(['U(8,0,0) 0']);
  });

  it('names the OpenQASM 3 construct a 2.0 program uses', () => {
    const cases: [string, number, string][] = [
      ['qubit[2] r;', 1, "a 'qubit' declaration (use qreg) needs OpenQASM 3"],
      ['bit[2] b;', 1, 'a classical declaration other than creg needs OpenQASM 3'],
      ['for int i in [0:1] { }', 1, "a 'for' loop needs OpenQASM 3"],
      ['ctrl @ U(0,0,0) q[0], q[1];', 1, 'a gate modifier needs OpenQASM 3'],
      ['gphase(pi);', 1, "'gphase' needs OpenQASM 3"],
      ['U(1 < 2, 0, 0) q[0];', 3, "the operator '<' needs OpenQASM 3"],
      ['if (c == 1) U(0,0,0) q[0]; else U(0,0,0) q[1];', 1, "'else' needs OpenQASM 3"],
      [
        'c[0] = measure q[0];',
        1,
        "the assignment form 'c = measure q' (use measure q -> c) needs OpenQASM 3",
      ],
    ];
    for (const [statement, column, message] of cases) {
      expectQasmError(
        () => importQasm(`OPENQASM 2.0;\nqreg q[2];\ncreg c[2];\n${statement}`),
        { line: 4, column },
        message,
        'this program is OpenQASM 2.0',
      );
    }
  });

  it('accepts an opaque declaration and refuses to apply it, at the gate name', () => {
    const program = lines('OPENQASM 2.0;', 'opaque magic(a) q;', 'qreg r[1];', '  magic(0.1) r[0];');
    expectQasmError(
      () => importQasm(program),
      { line: 4, column: 3 },
      "gate 'magic' is opaque",
      'cannot be simulated',
    );
    expect(importQasm(lines('OPENQASM 2.0;', 'opaque magic(a) q;', 'qreg r[1];')).circuit.operations).toEqual(
      [],
    );
  });

  it('asks for the whole-register form of if', () => {
    expectQasmError(
      () => importQasm(lines('OPENQASM 2.0;', 'qreg q[1];', 'creg c[2];', 'if (c[0] == 1) U(0,0,0) q[0];')),
      { line: 4, column: 5 },
      'if (creg == n)',
    );
  });

  it('points to qelib1.inc for a standard gate used without it', () => {
    expectQasmError(
      () => importQasm('OPENQASM 2.0;\nqreg q[1];\nh q[0];'),
      { line: 3, column: 1 },
      "unknown gate 'h'",
      'include "qelib1.inc"',
    );
  });
});

describe('includes', () => {
  const library = 'gate flip a { x a; }\n';

  it('reads stdgates.inc and qelib1.inc from memory, never through the resolver', () => {
    const resolveInclude = vi.fn(() => ({ file: 'never', source: '' }));
    importQasm('include "stdgates.inc";\nqubit q;\nh q;', { resolveInclude });
    importQasm('OPENQASM 2.0;\ninclude "qelib1.inc";\nqreg q[1];\nh q[0];', { resolveInclude });
    expect(resolveInclude).not.toHaveBeenCalled();
  });

  it('refuses stdgates.inc in an OpenQASM 2.0 program', () => {
    expectQasmError(
      () => importQasm('OPENQASM 2.0;\ninclude "stdgates.inc";'),
      { line: 2, column: 1 },
      'OpenQASM 3 library',
    );
  });

  it('allows qelib1.inc in OpenQASM 3, with its exact phases under ctrl, but not beside stdgates.inc', () => {
    const { circuit } = importQasm(
      'include "qelib1.inc";\nqubit[2] q;\nh q[0];\nctrl @ u3(0.3, 0.2, 0.1) q[0], q[1];',
    );
    expectSameState(circuit, new Circuit(2).h(0).cu(0.3, 0.2, 0.1, 0, 0, 1));
    expectQasmError(
      () => importQasm('include "stdgates.inc";\ninclude "qelib1.inc";'),
      { line: 2, column: 1 },
      "'u3' is already a gate",
    );
  });

  it('ignores an include of a built-in file repeated', () => {
    expect(importOps('include "stdgates.inc";\ninclude "stdgates.inc";\nqubit q;\nx q;')).toEqual(['x 0']);
  });

  it('reads other files through the resolver, telling it the including file', () => {
    const resolveInclude = vi.fn((path: string) => ({ file: `/lib/${path}`, source: library }));
    const ops = importOps('include "stdgates.inc";\ninclude "flip.inc";\nqubit q;\nflip q;', {
      file: '/src/main.qasm',
      resolveInclude,
    });
    expect(ops).toEqual(['flip 0']);
    expect(resolveInclude).toHaveBeenCalledWith('flip.inc', '/src/main.qasm');
  });

  it('without a resolver, refuses other includes saying only the built-in ones exist', () => {
    expectQasmError(
      () => importQasm('qubit q;\n  include "flip.inc";'),
      { line: 2, column: 3 },
      "cannot include 'flip.inc'",
      'only the built-in',
    );
  });

  it(`follows includes ${MAX_INCLUDE_DEPTH} levels deep and refuses a level more`, () => {
    const chain = (depth: number) => (path: string) => {
      const level = Number(path.slice(1, -4));
      return { file: path, source: level < depth ? `include "d${level + 1}.inc";` : 'gate deep a { }' };
    };
    expect(
      importOps('include "d1.inc";\nqubit q;\ndeep q;', { resolveInclude: chain(MAX_INCLUDE_DEPTH) }),
    ).toEqual(['deep 0']);
    expectQasmError(
      () => importQasm('include "d1.inc";', { resolveInclude: chain(MAX_INCLUDE_DEPTH + 1) }),
      { line: 1, column: 1, file: `d${MAX_INCLUDE_DEPTH}.inc` },
      `more than ${MAX_INCLUDE_DEPTH} levels`,
    );
  });

  it('refuses an include cycle', () => {
    const files: Record<string, string> = { 'a.inc': 'include "b.inc";', 'b.inc': '\ninclude "a.inc";' };
    expectQasmError(
      () =>
        importQasm('include "a.inc";', {
          file: 'main.qasm',
          resolveInclude: (path) => ({ file: path, source: files[path]! }),
        }),
      { line: 2, column: 1, file: 'b.inc' },
      "include cycle: 'a.inc' includes 'b.inc' includes 'a.inc'",
    );
  });

  it('names the included file in an error inside it', () => {
    const resolveInclude = () => ({ file: 'lib.inc', source: 'gate g a {\n  nope a;\n}' });
    expectQasmError(
      () => importQasm('include "lib.inc";', { resolveInclude }),
      { line: 2, column: 3, file: 'lib.inc' },
      "unknown gate 'nope'",
    );
  });

  it("reports the resolver's failure at the include, keeping it as the cause", () => {
    const failure = new Error('ENOENT: no such file');
    const error = expectQasmError(
      () =>
        importQasm('include "gone.inc";', {
          resolveInclude: () => {
            throw failure;
          },
        }),
      { line: 1, column: 1 },
      "cannot include 'gone.inc': ENOENT",
    );
    expect(error.cause).toBe(failure);
  });
});

describe('inputs and outputs', () => {
  it('keeps an input float without a value as a circuit parameter', () => {
    const result = importQasm('input float theta;\ninclude "stdgates.inc";\nqubit q;\nrx(theta / 2) q;');
    expect(result.circuit.parameters).toEqual(['theta']);
    expect(result.inputs).toEqual([{ name: 'theta', type: 'float' }]);
    expectSameState(result.circuit, new Circuit(1).rx(0.4, 0), { theta: 0.8 });
  });

  it('uses an input value when given', () => {
    const result = importQasm('input angle[8] a;\nqubit q;\nU(a, 0, 0) q;', { inputs: { a: Math.PI / 2 } });
    expect(result.circuit.parameters).toEqual([]);
    expect(result.inputs).toEqual([{ name: 'a', type: 'angle[8]', value: Math.PI / 2 }]);
    expectSameState(result.circuit, new Circuit(1).U(Math.PI / 2, 0, 0, 0));
  });

  it('lets integer inputs shape control flow', () => {
    expect(
      importOps('input int n;\nqubit q;\nfor int i in [1:n] U(i, 0, 0) q;', { inputs: { n: 3 } }),
    ).toEqual(['U(1,0,0) 0', 'U(2,0,0) 0', 'U(3,0,0) 0']);
  });

  it('needs a value for int, uint, bool and bit inputs', () => {
    for (const type of ['int', 'uint[4]', 'bool', 'bit[2]']) {
      expectAppError(
        () => importQasm(`input ${type} x;`),
        'MISSING_INPUT',
        `input 'x' (${type}) needs a value`,
      );
    }
    const error = expectAppError(
      () => importQasm('qubit q;\n  input int n;', { file: 'in.qasm' }),
      'MISSING_INPUT',
    );
    expect(error.details).toEqual({ name: 'n', type: 'int', line: 2, column: 3, file: 'in.qasm' });
  });

  it('refuses an input value of the wrong type, and a value for an undeclared input', () => {
    expectAppError(
      () => importQasm('input int n;', { inputs: { n: 1.5 } }),
      'INVALID_RUN_OPTIONS',
      'inputs.n',
      'must be an integer',
    );
    expectAppError(
      () => importQasm('input bool b;', { inputs: { b: 1 } }),
      'INVALID_RUN_OPTIONS',
      'inputs.b',
      'true or false',
    );
    expectAppError(
      () => importQasm('input bit[2] b;', { inputs: { b: 4 } }),
      'INVALID_RUN_OPTIONS',
      'inputs.b',
      '0 to 3',
    );
    expectAppError(
      () => importQasm('input float t;', { inputs: { t: true } }),
      'INVALID_RUN_OPTIONS',
      'finite number',
    );
    const undeclared = expectAppError(
      () => importQasm('input float t;', { inputs: { t: 1, u: 2 } }),
      'INVALID_RUN_OPTIONS',
      'inputs.u',
      'its inputs: t',
    );
    expect(undeclared.details).toMatchObject({ field: 'inputs.u' });
  });

  it('records outputs; an output bit register is a reported register', () => {
    const result = importQasm('output bit[2] c;\noutput float f;\nqubit[2] q;\nc = measure q;');
    expect(result.outputs).toEqual([
      { name: 'c', type: 'bit[2]' },
      { name: 'f', type: 'float' },
    ]);
    expect(result.circuit.cregs).toEqual([{ name: 'c', start: 0, size: 2 }]);
  });

  it('refuses an input as an assignment target', () => {
    expectQasmError(() => importQasm('input float t;\nt = 1.0;'), { line: 2, column: 1 }, "'t' is an input");
  });
});

describe('limits', () => {
  it('documents its defaults', () => {
    expect(DEFAULT_LIMITS).toEqual({ loopIterations: 1_000_000, operations: 1_000_000, callDepth: 64 });
  });

  it('stops a loop that runs more than 1,000,000 iterations in total, at the loop', () => {
    expectQasmError(
      () => importQasm('int i = 0;\n  while (true) { i += 1; }'),
      { line: 2, column: 3 },
      'loop ran more than 1,000,000 iterations',
    );
  });

  it('counts iterations over the whole program', () => {
    const program = 'for int i in [1:3] { }\n  for int j in [1:3] { }';
    expectQasmError(
      () => importQasm(program, { limits: { loopIterations: 5 } }),
      { line: 2, column: 3 },
      'more than 5 iterations',
    );
    expect(() => importQasm(program, { limits: { loopIterations: 6 } })).not.toThrow();
  });

  it('stops a circuit at more operations than the limit, at the statement that exceeds it', () => {
    // The default (1,000,000) is the same check; a small limit keeps the test fast.
    const program = 'qubit[10] q;\nfor int i in [1:11] {\n  U(0, 0, 0) q;\n}';
    const limits = { operations: 100 };
    expectQasmError(
      () => importQasm(program, { limits }),
      { line: 3, column: 3 },
      'more than 100 operations',
    );
    expect(importQasm(program, { limits: { operations: 110 } }).circuit.operations).toHaveLength(110);
  });

  it('stops subroutine calls nested more than 64 deep', () => {
    const program = 'def f(int n) -> int {\n  return f(n + 1);\n}\nint x = f(0);';
    expectQasmError(() => importQasm(program), { line: 2, column: 10 }, 'nest more than 64 deep', "'f'");
    const finite =
      'def f(int n) -> int {\n  if (n == 0) return 0;\n  return f(n - 1) + 1;\n}\nint x = f(63);';
    expect(() => importQasm(finite)).not.toThrow();
  });
});

describe('errors', () => {
  it('passes the parser’s syntax errors through', () => {
    expectQasmError(() => importQasm('qubit q\nh q;', { file: 'bad.qasm' }), {
      line: 1,
      column: 8,
      file: 'bad.qasm',
    });
  });

  it('names the file in the message', () => {
    expectAppError(
      () => importQasm('qubit q;\nfoo q;', { file: 'prog.qasm' }),
      'INVALID_QASM',
      "prog.qasm:2:1: unknown gate 'foo'",
    );
  });

  it('reports unsupported constructs with UNSUPPORTED_QASM_FEATURE naming them', () => {
    const cases: [string, string, number][] = [
      ['box { }', 'box', 1],
      ['extern f(int) -> int;', 'extern', 1],
      ['defcalgrammar "openpulse";', 'defcalgrammar', 1],
      ['cal { }', 'cal', 1],
      ['duration d = 10ns;', 'duration', 1],
      ['stretch s;', 'stretch', 1],
      ['complex[float[64]] z;', 'complex', 1],
      ['qubit q; U(0, 0, 0)[10ns] q;', 'gate duration', 21],
      ['input array[int[8], 2] a;', 'input array', 7],
      ['output array[int[8], 2] a;', 'output array', 8],
      ['array[int[8], 4] a; int[8] b = a[1:2];', 'array slice', 34],
      ['array[int[8], 2] a; a[0][1] = 1;', 'assigning bits of an array element', 21],
      [
        'input float theta; qubit q; bit c = measure q; float x = 0; if (c) x = theta;',
        'a circuit parameter assigned under a measured condition',
        68,
      ],
      [
        'input float theta; qubit q; bit c = measure q; U(theta * float(c), 0, 0) q;',
        'a measured value combined with a circuit parameter',
        50,
      ],
    ];
    for (const [program, construct, column] of cases) {
      const error = expectCodeAt(
        'UNSUPPORTED_QASM_FEATURE',
        () => importQasm(program),
        { line: 1, column },
        `'${construct}' is not supported`,
      );
      expect(error.details.construct).toBe(construct);
    }
  });

  it('keeps INVALID_QASM for what the language does not allow', () => {
    expectQasmError(
      () => importQasm('const array[int[8], 2] a = b;'),
      { line: 1, column: 7 },
      "'const' takes a scalar type, not an array",
    );
  });
});

describe('whole programs', () => {
  const teleport = lines(
    'OPENQASM 3.0;',
    'include "stdgates.inc";',
    'qubit[3] q;',
    'bit[2] m;',
    'bit out;',
    'ry(1.1) q[0];',
    'h q[1];',
    'cx q[1], q[2];',
    'cx q[0], q[1];',
    'h q[0];',
    'm[0] = measure q[0];',
    'm[1] = measure q[1];',
    'if (m[1]) x q[2];',
    'if (m[0]) z q[2];',
    'out = measure q[2];',
  );

  it('teleports a state: the output bit has the input’s statistics whatever was measured', () => {
    const { circuit } = importQasm(teleport);
    const p1 = Math.sin(1.1 / 2) ** 2;
    const expected: Record<string, number> = {};
    for (let m = 0; m < 4; m += 1) {
      const bits = m.toString(2).padStart(2, '0');
      expected[`0${bits}`] = (1 - p1) / 4;
      expected[`1${bits}`] = p1 / 4;
    }
    expectDistribution(circuit, expected);
  });

  it('runs feed-forward on the simulator: a measured bit copied onto another qubit', async () => {
    const program =
      'include "stdgates.inc";\nqubit[2] q;\nbit[2] c;\nh q[0];\nc[0] = measure q[0];\nif (c[0] == 1) x q[1];\nc[1] = measure q[1];';
    const result = await counts(importQasm(program).circuit, 2000, 11);
    expect(Object.keys(result).sort()).toEqual(['00', '11']);
    expectFits(result, { '00': 0.5, '11': 0.5 });
  });

  it('imports a parametrised program whose free input is bound at run time', async () => {
    const program =
      'include "stdgates.inc";\ninput float theta;\nqubit q;\nbit c;\nry(theta) q;\nc = measure q;';
    const { circuit } = importQasm(program);
    const job = getBackend('local_simulator').run(circuit, {
      shots: 4000,
      seed: 5,
      noise: { loss: 0 },
      parameters: { theta: 2 * Math.asin(Math.sqrt(0.3)) },
    });
    expectFits((await job.result()).getCounts(), { '0': 0.7, '1': 0.3 });
  });
});
