/**
 * How operations reach the circuit. The emitter holds the branch context (the condition every
 * operation emitted now carries, from `if`s and `switch`es on measured values), emits gates,
 * measurements and barriers with the checks each needs (stale reads, the operation limit,
 * circuit-model errors given a position), writes classical bits under the branch condition,
 * and settles subroutine results still waiting to be measured. Inside a gate definition, gates
 * go to the body being built instead.
 */
import type { Circuit, Condition, GateBody, Modifier } from '../circuit/circuit.js';
import type { ParamValue } from '../circuit/expr.js';
import type { QubitOperand, Span } from './ast.js';
import { toBool, toNumber, type ScalarType } from './classical.js';
import { ClassicalBits } from './clbits.js';
import {
  checkCopies,
  checkFresh,
  cubeCondition,
  enumerateCases,
  mergeCubes,
  type Cube,
  type Read,
} from './conditions.js';
import { qasmError, type QasmWarning } from './diagnostics.js';
import { Evaluator, type Evaluated, type PendingMeasure } from './expressions.js';
import type { QubitList } from './gate-calls.js';
import { CircuitNames } from './names.js';
import { positioned } from './positioned.js';
import type { BitCell } from './scope.js';
import {
  bitAt,
  bitsValue,
  liftConvert,
  predicateOf,
  readsOf,
  sameValues,
  select,
  valueAt,
  type RuntimeValue,
  type Value,
} from './values.js';

/** The importer's limits (`importer.ts` documents the defaults). */
export interface ImportLimits {
  /** Loop iterations over the whole program. */
  readonly loopIterations: number;
  /** Operations in the circuit. */
  readonly operations: number;
  /** Nested subroutine calls. */
  readonly callDepth: number;
}

/** The condition the operations being emitted carry: the cube of the branch copy, and its reads. */
interface BranchContext {
  readonly cube: Cube;
  readonly reads: readonly Read[];
}
/** No condition: outside any branch on measured values. */
const ROOT: BranchContext = { cube: new Map(), reads: [] };

export abstract class Emitter extends Evaluator {
  readonly warnings: QasmWarning[] = [];
  protected readonly names: CircuitNames;
  protected context: BranchContext = ROOT;
  /** The gate body being defined, which receives gates instead of the circuit. */
  protected body: { readonly builder: GateBody; readonly name: string } | undefined;
  /** Subroutine results returned as `measure q`, not yet measured. */
  protected readonly pendings: PendingMeasure[] = [];

  constructor(
    version: '2.0' | '3.0',
    circuit: Circuit,
    protected readonly limits: ImportLimits,
  ) {
    const names = new CircuitNames(circuit);
    super(version, circuit, new ClassicalBits(circuit, (name) => names.register(name)));
    this.names = names;
  }

  /** Refuses `what` inside a gate definition. */
  protected requireCircuit(what: string, at: Span | undefined): void {
    if (this.body !== undefined)
      throw qasmError(at, `'${what}' is not allowed inside a gate definition (gate '${this.body.name}')`);
  }

  /** Adds a warning once, however many times a loop or branch copy runs the statement. */
  protected warn(at: Span | undefined, message: string): void {
    const warning = {
      line: at?.line ?? 1,
      column: at?.column ?? 1,
      ...(at?.file === undefined ? {} : { file: at.file }),
      message,
    };
    const same = (w: QasmWarning) =>
      w.line === warning.line &&
      w.column === warning.column &&
      w.file === warning.file &&
      w.message === message;
    if (!this.warnings.some(same)) this.warnings.push(warning);
  }

  /** A gate parameter: a finite number, or a symbolic expression. */
  protected parameter(v: Value, at: Span | undefined, gate: string): ParamValue {
    if (v.kind === 'symbolic') return v.expr;
    const number = toNumber(valueAt(v, new Map()));
    if (!Number.isFinite(number))
      throw qasmError(at, `a parameter of '${gate}' is ${number}, not a finite number`);
    return number;
  }

  /**
   * Calls `body` with the values known: at once when none depends on a measurement, else once
   * per case of the bits they read, each emitted under that case's condition.
   */
  protected forEachCase(
    values: readonly Value[],
    at: Span | undefined,
    what: string,
    body: (values: Value[]) => void,
  ): void {
    const runtime = values.filter((v): v is RuntimeValue => v.kind === 'runtime');
    if (runtime.length === 0) return body([...values]);
    const reads = readsOf(runtime);
    checkFresh(reads, this.bits.generationOf, at);
    const cases = enumerateCases(
      reads,
      (env) => values.map((v) => (v.kind === 'runtime' ? v.evaluate(env) : v)),
      sameValues,
      at,
      what,
    );
    checkCopies(cases.length, at, what);
    for (const { cube, value } of cases) this.inCube(cube, reads, () => body(value));
  }

  /** Appends a gate to the gate body being defined, or to the circuit under the branch condition. */
  protected emitGate(
    name: string,
    qubits: readonly number[],
    params: readonly ParamValue[],
    modifiers: readonly Modifier[],
    at: Span | undefined,
  ): void {
    if (this.body !== undefined) {
      const builder = this.body.builder;
      positioned(at, () => builder.gate(name, qubits, params, { modifiers }));
      return;
    }
    this.emit(at, (condition) =>
      this.circuit.gate(
        name,
        qubits,
        params,
        condition === undefined ? { modifiers } : { modifiers, condition },
      ),
    );
  }

  /** Appends to the circuit under the current branch condition, after the checks every operation needs. */
  protected emit(at: Span | undefined, append: (condition: Condition | undefined) => unknown): void {
    this.settleAll();
    checkFresh(this.context.reads, this.bits.generationOf, at);
    this.checkOperationLimit(at);
    positioned(at, () => append(cubeCondition(this.context.cube)));
  }

  private checkOperationLimit(at: Span | undefined): void {
    if (this.circuit.operations.length >= this.limits.operations) {
      const limit = this.limits.operations.toLocaleString('en-US');
      throw qasmError(at, `the circuit would have more than ${limit} operations`);
    }
  }

  /** A barrier on the operands' qubits (all qubits for none); never conditioned, dropped in a gate body. */
  protected barrier(operands: readonly QubitOperand[], at: Span | undefined): void {
    const qubits = [...new Set(operands.flatMap((o) => this.qubitsOf(o).qubits))];
    if (this.body !== undefined) {
      this.warn(at, `a barrier inside gate '${this.body.name}' is dropped: gate bodies hold only gates`);
      return;
    }
    this.settleAll();
    this.checkOperationLimit(at);
    positioned(at, () => this.circuit.barrier(...qubits));
  }

  /** Measures qubits into cells, one to one (a single qubit into a single bit, or registers of equal size). */
  protected measureInto(
    qubits: QubitList,
    cells: readonly BitCell[],
    scalar: boolean,
    at: Span | undefined,
  ): void {
    this.requireCircuit('measure', at);
    if (qubits.qubits.length !== cells.length || (qubits.scalar && !scalar && cells.length !== 1)) {
      throw qasmError(
        at,
        `cannot measure ${qubits.qubits.length} qubit${qubits.qubits.length === 1 ? '' : 's'} into ${cells.length} bit${cells.length === 1 ? '' : 's'}: the sizes must match`,
      );
    }
    qubits.qubits.forEach((qubit, i) => {
      const cell = cells[i]!;
      const clbit = this.bits.clbitOf(cell);
      const consistent = this.bits.isConsistent(cell);
      const before = cell.value;
      this.emit(at, (c) =>
        c === undefined
          ? this.circuit.measure(qubit, clbit)
          : this.circuit.ifBits(c, (k) => k.measure(qubit, clbit)),
      );
      const read = this.bits.measured(clbit, cell.label);
      const fresh = bitsValue([read], true);
      cell.value =
        this.context === ROOT || consistent
          ? fresh
          : select(this.branchPredicate(), fresh, before, { kind: 'bit' }, at);
    });
  }

  /** Writes a value into bit cells (under the branch condition, if any). */
  protected assignCells(
    cells: readonly BitCell[],
    scalar: boolean,
    evaluated: Evaluated,
    at: Span | undefined,
  ): void {
    if (evaluated.kind === 'pending' && evaluated.resolved === undefined) {
      this.forget(evaluated);
      this.measureInto(pendingQubits(evaluated), cells, scalar, at);
      evaluated.resolved = this.registerValue(cells, scalar);
      return;
    }
    const v = evaluated.kind === 'pending' ? this.settle(evaluated) : evaluated;
    const converted = liftConvert(v, scalar ? { kind: 'bit' } : { kind: 'bit', size: cells.length }, at);
    cells.forEach((cell, i) => {
      const bit = scalar ? converted : bitAt(converted, i);
      cell.value =
        this.context === ROOT ? bit : select(this.branchPredicate(), bit, cell.value, { kind: 'bit' }, at);
      if (!this.bits.isConsistent(cell)) cell.lastWrite = at;
    });
  }

  /** A new value for a variable, kept only where the branch condition holds. */
  protected merged(next: Value, old: Value, type: ScalarType, at: Span | undefined): Value {
    return this.context === ROOT ? next : select(this.branchPredicate(), next, old, type, at);
  }

  /** Where a measured condition holds, as disjoint cubes. */
  protected truthCubes(condition: RuntimeValue, at: Span | undefined): readonly Cube[] {
    if (condition.cubes !== undefined) return condition.cubes;
    const cases = enumerateCases(
      condition.reads,
      (env) => toBool(condition.evaluate(env)),
      (a, b) => a === b,
      at,
      'this condition',
    );
    return cases.filter((c) => c.value).map((c) => c.cube);
  }

  /** Runs `body` with operations conditioned on `cube` as well as the current condition. */
  protected inCube(cube: Cube, reads: readonly Read[], body: () => void): void {
    const merged = mergeCubes(this.context.cube, cube);
    if (merged === undefined) return;
    const saved = this.context;
    const known = new Set(saved.reads.map((r) => `${r.clbit}@${r.generation}`));
    this.context =
      merged.size === 0
        ? ROOT
        : {
            cube: merged,
            reads: [...saved.reads, ...reads.filter((r) => !known.has(`${r.clbit}@${r.generation}`))],
          };
    try {
      body();
    } finally {
      this.context = saved;
    }
  }

  /** The current branch condition as a boolean value (for assignments inside the branch). */
  protected branchPredicate(): Value {
    const clbits = new Set(this.context.cube.keys());
    return predicateOf(
      this.context.reads.filter((r) => clbits.has(r.clbit)),
      [this.context.cube],
    );
  }

  /** Measures a pending result into scratch bits (once) and gives the bits' value. */
  protected settle(pending: PendingMeasure): Value {
    if (pending.resolved !== undefined) return pending.resolved;
    this.forget(pending);
    const cells = this.bits.localCells(pending.qubits.length, (i) => pending.labels[i] ?? `measure[${i}]`);
    this.measureInto(pendingQubits(pending), cells, pending.scalar, pending.span);
    pending.resolved = this.registerValue(cells, pending.scalar);
    return pending.resolved;
  }

  /** Settles every pending result: before any operation, so measurements keep their place in the program. */
  protected settleAll(): void {
    while (this.pendings.length > 0) this.settle(this.pendings[0]!);
  }

  protected forget(pending: PendingMeasure): void {
    const i = this.pendings.indexOf(pending);
    if (i >= 0) this.pendings.splice(i, 1);
  }
}

/** A pending result's qubits as an operand. */
function pendingQubits(pending: PendingMeasure): QubitList {
  return {
    qubits: pending.qubits,
    scalar: pending.scalar,
    span: pending.span,
    text: 'measure',
    label: (q) => pending.labels[pending.qubits.indexOf(q)] ?? '',
  };
}
