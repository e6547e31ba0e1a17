/**
 * The valid OpenQASM corpus (`test/fixtures/qasm/valid/` for 3.0, `valid-2.0/`): each program
 * is imported with its header's inputs, run ideally (`loss: 0`) at a fixed seed, and its counts
 * checked against the distribution in its header by chi-square at p = 0.001; an outcome of
 * probability zero must not occur at all. The distributions were worked out independently of
 * the importer (by hand, or with a separate simulator for the interference cases).
 *
 * The corpus must cover every construct the importer handles: each program lists what it
 * covers, and the lists below (from the issue) must all be covered; built-in functions,
 * constants and qelib1 gates are checked in the program text itself.
 */
import { describe, expect, it } from 'vitest';
import { getBackend } from '../../src/backends/registry.js';
import { importQasm } from '../../src/qasm/importer.js';
import { loadFixtures, resolveFixtureInclude, type Fixture } from '../support/qasm-corpus.js';
import { QELIB1_GATE_NAMES } from '../support/qelib1-gates.js';
import { expectFits } from '../support/stats.js';

const SHOTS = 4000;
const SEED = 20_240_607;

const QASM3 = loadFixtures('valid');
const QASM2 = loadFixtures('valid-2.0');

const QASM3_CONSTRUCTS = [
  'version',
  'stdgates',
  'include',
  'include-nested',
  'qubit',
  'bit',
  'qreg-creg',
  'physical-qubits',
  'gate-def',
  'gate-params',
  'ctrl',
  'ctrl-n',
  'negctrl',
  'inv',
  'pow-int',
  'pow-frac',
  'U',
  'gphase',
  'measure-assign',
  'measure-arrow',
  'reset',
  'barrier',
  'broadcast',
  'broadcast-pairwise',
  'broadcast-mixed',
  'const',
  'let',
  'slice',
  'slice-step',
  'slice-open',
  'negative-index',
  'index-set',
  'concat',
  'type-int',
  'type-uint',
  'type-float',
  'type-angle',
  'type-bool',
  'cast',
  'int-wrap',
  'angle-arith',
  'bitwise',
  'compound-assignment',
  'math-functions',
  'constants',
  'unicode-constants',
  'scopes',
  'compile-time-if',
  'if-bit',
  'if-not-bit',
  'if-register',
  'if-else',
  'else-if',
  'nested-if',
  'if-and',
  'feed-forward',
  'for-range',
  'for-step',
  'for-negative-step',
  'for-set',
  'while',
  'break',
  'continue',
  'switch-const',
  'switch-measured',
  'def-classical',
  'def-qubit',
  'def-return',
  'def-measure',
  'def-recursion',
  'input-bound',
  'input-free',
  'input-int',
  'pragma',
  'annotation',
  'delay',
];

const QASM2_CONSTRUCTS = [
  'qasm2',
  'qelib1',
  'qreg-creg',
  'measure-arrow',
  'if-creg',
  'opaque',
  'gate-def',
  'reset',
  'barrier',
];

const MATH_FUNCTIONS = [
  'sin',
  'cos',
  'tan',
  'arcsin',
  'arccos',
  'arctan',
  'exp',
  'log',
  'sqrt',
  'ceiling',
  'floor',
  'mod',
  'popcount',
  'rotl',
  'rotr',
];
const CONSTANTS = ['pi', 'tau', 'euler', 'π', 'τ', 'ℇ'];

async function runFixture(fixture: Fixture, version: '3.0' | '2.0'): Promise<void> {
  const { header } = fixture;
  const imported = importQasm(fixture.source, {
    file: fixture.file,
    resolveInclude: resolveFixtureInclude,
    ...(header.inputs === undefined ? {} : { inputs: header.inputs }),
  });
  expect(imported.version).toBe(version);
  if (header.warnings !== undefined) {
    expect(imported.warnings.map((w) => w.message)).toHaveLength(header.warnings);
  }
  for (const wanted of header.warning) {
    expect(imported.warnings).toContainEqual(
      expect.objectContaining({
        line: wanted.line,
        column: wanted.column,
        message: expect.stringContaining(wanted.fragment),
      }),
    );
  }
  const job = getBackend('local_simulator').run(imported.circuit, {
    shots: SHOTS,
    seed: SEED,
    noise: { loss: 0 },
    ...(header.parameters === undefined ? {} : { parameters: header.parameters }),
  });
  const counts = (await job.result()).getCounts();
  const impossible = Object.keys(counts).filter((key) => (header.expect?.[key] ?? 0) === 0);
  expect(impossible, 'outcomes of probability 0').toEqual([]);
  expectFits(counts, header.expect!);
}

describe.each([
  { directory: 'valid', version: '3.0', fixtures: QASM3 },
  { directory: 'valid-2.0', version: '2.0', fixtures: QASM2 },
] as const)('$directory', ({ version, fixtures }) => {
  it.each(fixtures.map((fixture) => ({ fixture, title: `${fixture.file}: ${fixture.header.name}` })))(
    '$title',
    async ({ fixture }) => {
      expect(fixture.header.expect, 'an expect: header').toBeDefined();
      await runFixture(fixture, version);
    },
  );
});

describe('coverage of the corpus', () => {
  const covered = (fixtures: readonly Fixture[]) => new Set(fixtures.flatMap((f) => f.header.covers));
  const sources = (fixtures: readonly Fixture[]) => fixtures.map((f) => f.source).join('\n');

  it('covers every OpenQASM 3 construct of the list', () => {
    const tags = covered(QASM3);
    expect(QASM3_CONSTRUCTS.filter((c) => !tags.has(c))).toEqual([]);
  });

  it('covers every OpenQASM 2.0 construct of the list', () => {
    const tags = covered(QASM2);
    expect(QASM2_CONSTRUCTS.filter((c) => !tags.has(c))).toEqual([]);
  });

  it('names only constructs of the lists in its covers: headers', () => {
    const known = new Set([...QASM3_CONSTRUCTS, ...QASM2_CONSTRUCTS]);
    const unknown = [...QASM3, ...QASM2].flatMap((f) =>
      f.header.covers.filter((tag) => !known.has(tag)).map((tag) => `${f.file}: ${tag}`),
    );
    expect(unknown).toEqual([]);
  });

  it('calls every built-in math function and uses every built-in constant', () => {
    const text = sources(QASM3);
    expect(MATH_FUNCTIONS.filter((fn) => !new RegExp(`\\b${fn}\\(`).test(text))).toEqual([]);
    expect(
      CONSTANTS.filter(
        (name) => !new RegExp(`(^|[^\\p{L}\\p{N}_])${name}($|[^\\p{L}\\p{N}_])`, 'u').test(text),
      ),
    ).toEqual([]);
  });

  it('applies every qelib1 gate', () => {
    const text = sources(QASM2);
    const applied = (gate: string) => new RegExp(`(^|[;)])[ \\t]*${gate}[ \\t(]`, 'm').test(text);
    expect(QELIB1_GATE_NAMES.filter((gate) => !applied(gate))).toEqual([]);
  });
});
