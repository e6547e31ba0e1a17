/**
 * OpenQASM 3 (and 2.0) to a `Circuit`: parse, splice includes, check and lower.
 *
 *     const { circuit, warnings } = importQasm(source, { file: 'bell.qasm' });
 *
 * Semantics and limits (the README's "OpenQASM import" section says the same for users):
 *
 * - **Version.** No version line, `OPENQASM 3`, `3.0` or `3.1`: OpenQASM 3. `OPENQASM 2.0`:
 *   OpenQASM 2.0 rules: `qreg`/`creg`, `U` and `CX` built in, `qelib1.inc`, `if (creg == n)`
 *   comparing the whole register, `opaque` (declaring is fine, applying is an error); any
 *   OpenQASM 3 construct is an error naming it.
 * - **Includes.** `stdgates.inc` and `qelib1.inc` are built in (`stdlib.ts` says how qelib1's
 *   gates map to the circuit model exactly); a 3 program may include qelib1.inc, but not beside
 *   stdgates.inc (their gate names overlap), and a 2.0 program may not include stdgates.inc. Other files go through `resolveInclude`, at most
 *   `MAX_INCLUDE_DEPTH` (8) levels deep, without cycles; without a resolver they are an error.
 * - **Registers.** `qubit[n]`/`qreg` and `bit[n]`/`creg` declare circuit registers of the same
 *   name (Unicode names are spelled in ASCII); `qubit q;` and `bit b;` are registers of one.
 *   Sizes, `const` initialisers and case labels are constant expressions: literals, built-in
 *   constants, `const`s and inputs (fixed at import).
 *   Physical qubits `$n` (only in programs that declare no qubits) live in register `physical`,
 *   sized by the highest index used. Every global bit register is reported in the counts;
 *   `output` declarations are recorded in `outputs` and declare their variable as usual.
 * - **Classical values** follow `classical.ts` (wrap-around integers, fixed-point angles, the
 *   spec's casts). Uninitialised variables start at 0 (false). Values known at import are
 *   computed now; a gate's parameters and `input float`/`input angle` without a value stay
 *   symbolic (`Expr`), so the circuit keeps them as parameters; symbolic values support
 *   `+ - * / **`, unary minus and the functions `Expr` has, and are never reduced mod 2π.
 *   Scopes follow `scope.ts`; as a lenience, a local name may equal a gate's (`float t`).
 * - **Gates** resolve to standard gates or custom definitions (renamed `name_custom` when a
 *   standard gate has the name); gate calls in code that never runs (an uncalled subroutine, a
 *   branch not taken) must still name gates.
 * - **Control flow** with values known at import is executed: loops unrolled, subroutines
 *   inlined at each call (classical arguments by value, arrays by reference, qubits as
 *   aliases), `switch` without fall-through.
 * - **Measured values.** A value read from measured bits is a function of those bits (with the
 *   measurement each came from). `if`, `switch`, gate parameters and `pow` exponents that depend
 *   on one become conditioned operations: the predicate is split into disjoint cubes over the
 *   bits, one conditioned copy each (equalities, single bits and `!`/`&&`/`||` of them directly;
 *   anything else by enumeration, at most `MAX_CONDITION_BITS` (12) bits and
 *   `MAX_CONDITION_COPIES` (1,024) copies). Using a value after one of its bits was measured
 *   again, measuring inside a branch a bit its condition reads, loops whose condition or bounds
 *   depend on measurements, and `break`, `continue` or `return` under a measured condition are
 *   valid OpenQASM the circuit model cannot express: UNSUPPORTED_QASM_FEATURE.
 * - **Assigning bits.** A bit's program value may differ from its clbit while the program runs
 *   (`c[0] = 1;`, `c[0] = c[1];`), but a reported bit (a global bit register) must end holding
 *   what its clbit holds: the latest measurement into it, or 0 if never written. Otherwise the
 *   import fails at the assignment (UNSUPPORTED_QASM_FEATURE): the circuit model's bits receive
 *   only measurements. `c = f(q);` measures straight into `c` where `f` ends in
 *   `return measure ...`, or in `return b;` for a bit variable declared at the top of its body
 *   and written only by measurements.
 * - **Scratch bits.** Measurements with no reported destination (`measure q;`, bits declared in
 *   blocks or subroutines, a subroutine's measured result used in an expression) go to one-bit
 *   registers `_scratch0`, `_scratch1`, ... (reused when a block's bits go out of scope), which
 *   appear in the counts.
 * - **Inputs.** `input float`/`input angle` without a value become circuit parameters, bound
 *   when the circuit runs; other inputs need a value (`MISSING_INPUT`). A value of the wrong
 *   type or an unknown name in `inputs` is `INVALID_RUN_OPTIONS`.
 * - **Not modelled.** `delay` is dropped with a warning; `box`, `duration`, `stretch`, gate
 *   durations, `defcal`, `cal`, `defcalgrammar`, `extern`, complex numbers, array literals and
 *   slices, `input`/`output` arrays and assigning bits of an array element are
 *   UNSUPPORTED_QASM_FEATURE. Pragmas and annotations (known or not) are ignored. Barriers
 *   inside gate bodies are dropped with a warning.
 * - **Limits.** `DEFAULT_LIMITS`: 1,000,000 loop iterations over the whole program, 1,000,000
 *   operations in the circuit, subroutine calls 64 deep.
 *
 * Every error is INVALID_QASM (not valid OpenQASM, or past a limit) or UNSUPPORTED_QASM_FEATURE
 * (valid, but not runnable here; `details.construct` names what) at the offending node with
 * `details.line`, `details.column` and, inside an included file, `details.file`.
 */
import { Circuit } from '../circuit/circuit.js';
import type { QasmWarning } from './diagnostics.js';
import { qasmError } from './diagnostics.js';
import { loadProgram, type IncludeResolver } from './includes.js';
import type { ImportLimits } from './emitter.js';
import { Interpreter, type DeclaredInput, type DeclaredOutput } from './interpreter.js';

export { MAX_INCLUDE_DEPTH, type IncludeResolver } from './includes.js';
export { MAX_CONDITION_BITS, MAX_CONDITION_COPIES } from './conditions.js';
export type { ImportLimits } from './emitter.js';
export type { DeclaredInput, DeclaredOutput } from './interpreter.js';

/** The importer's default limits. */
export const DEFAULT_LIMITS: ImportLimits = {
  loopIterations: 1_000_000,
  operations: 1_000_000,
  callDepth: 64,
};

export interface ImportOptions {
  /** Path of the source, for errors and for resolving relative includes. */
  readonly file?: string;
  /**
   * How `include "other.inc"` is read. Without one, only the built-in `stdgates.inc` and
   * `qelib1.inc` exist (the REST API never reads the server's disk).
   */
  readonly resolveInclude?: IncludeResolver;
  /** Values of `input` declarations. Float and angle inputs left out stay free circuit parameters. */
  readonly inputs?: Readonly<Record<string, number | boolean>>;
  /** Tighter (or looser) limits than `DEFAULT_LIMITS`. */
  readonly limits?: Partial<ImportLimits>;
}

export interface ImportResult {
  readonly circuit: Circuit;
  readonly version: '2.0' | '3.0';
  readonly warnings: readonly QasmWarning[];
  /** The program's `input` declarations, with the values they were given. */
  readonly inputs: readonly DeclaredInput[];
  /** The program's `output` declarations. */
  readonly outputs: readonly DeclaredOutput[];
}

export function importQasm(source: string, options: ImportOptions = {}): ImportResult {
  const program = loadProgram(source, options.file, options.resolveInclude);
  const version = versionOf(program.version, options.file);
  const circuit = new Circuit();
  const interpreter = new Interpreter(
    version,
    circuit,
    { ...DEFAULT_LIMITS, ...options.limits },
    options.inputs ?? {},
  );
  interpreter.run(program.statements);
  return {
    circuit,
    version,
    warnings: interpreter.warnings,
    inputs: interpreter.inputs,
    outputs: interpreter.outputs,
  };
}

/** The semantics a version line asks for; the line is the file's first statement. */
function versionOf(version: string | undefined, file: string | undefined): '2.0' | '3.0' {
  if (version === undefined || version === '3' || version === '3.0' || version === '3.1') return '3.0';
  if (version === '2' || version === '2.0') return '2.0';
  const at = file === undefined ? { line: 1, column: 1 } : { line: 1, column: 1, file };
  throw qasmError(at, `OpenQASM ${version} is not supported: this importer reads OpenQASM 2.0 and 3`);
}
