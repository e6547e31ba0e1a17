/**
 * Evaluating OpenQASM expressions and operands against the scope: literals, names, operators,
 * casts, built-in functions, indexing (registers, integer bits, arrays) and qubit operands
 * (names, physical qubits, slices, sets, `++`). The interpreter extends this class with the
 * statements; it supplies subroutine calls and the measurement behind a subroutine's
 * `return measure q`, which stays pending until the caller decides where it goes.
 */
import type { Circuit } from '../circuit/circuit.js';
import type {
  ClassicalType as AstClassicalType,
  Expression,
  FunctionCall,
  Identifier,
  IndexElement,
  IndexExpression,
  QubitOperand,
  RangeDefinition,
  ScalarType as AstScalarType,
  Span,
  SubroutineDefinition,
} from './ast.js';
import {
  BUILTIN_ARITY,
  BUILTIN_CONSTANTS,
  bitValue,
  boolValue,
  checkTypeSize,
  floatValue,
  formatType,
  intValue,
  toBool,
  toInteger,
  widthOf,
  type Concrete,
  type ScalarType,
} from './classical.js';
import type { ClassicalBits } from './clbits.js';
import { qasmError, unsupportedConstruct } from './diagnostics.js';
import type { QubitList } from './gate-calls.js';
import { Scope, type BitCell, type SymbolEntry } from './scope.js';
import {
  bitsValue,
  isKnown,
  liftBinary,
  liftBuiltin,
  liftConvert,
  liftUnary,
  readsOf,
  valueAt,
  valueType,
  type BitSource,
  type Value,
} from './values.js';

/** A subroutine's `return measure q` not yet measured: the caller measures it into its target. */
export interface PendingMeasure {
  readonly kind: 'pending';
  readonly qubits: readonly number[];
  readonly labels: readonly string[];
  readonly scalar: boolean;
  readonly span: Span | undefined;
  /** The bits it was measured into, once it was. */
  resolved?: Value;
}
export type Evaluated = Value | PendingMeasure;

/** A declared type: a scalar, or an array of scalars. */
export type DeclaredType =
  ScalarType | { readonly kind: 'array'; readonly element: ScalarType; readonly dims: number[] };

/** Positions picked by one bracket, and whether it picked a single element. */
interface Selection {
  readonly positions: readonly number[];
  readonly scalar: boolean;
}

/** Cells picked from a bit variable. */
export interface CellList {
  readonly cells: readonly BitCell[];
  readonly scalar: boolean;
  readonly text: string;
  readonly entry: SymbolEntry & { kind: 'bits' };
}

const OPENQASM2_FUNCTIONS = new Set(['sin', 'cos', 'tan', 'exp', 'ln', 'sqrt']);
const OPENQASM2_OPERATORS = new Set(['+', '-', '*', '/', '**']);

export abstract class Evaluator {
  protected readonly scope = new Scope();
  /** The register of physical qubits `$0..$n-1`, when the program uses them. */
  protected physical: { readonly start: number; readonly size: number } | undefined;

  constructor(
    protected readonly version: '2.0' | '3.0',
    protected readonly circuit: Circuit,
    protected readonly bits: ClassicalBits,
  ) {}

  /** Inlines a call; undefined for a subroutine without a return type. */
  protected abstract callSubroutine(
    node: SubroutineDefinition,
    args: readonly Expression[],
    at: Span | undefined,
  ): Evaluated | undefined;
  /** Measures a pending result into scratch bits, if it is not yet, and gives its value. */
  protected abstract settle(pending: PendingMeasure): Value;

  // ---------------------------------------------------------------- values

  /** The value of an expression, with a subroutine's pending measurement settled. */
  value(expr: Expression): Value {
    const v = this.evaluate(expr);
    return v.kind === 'pending' ? this.settle(v) : v;
  }

  /** A value that must be known at import (`what` names it in the error). */
  known(expr: Expression, what: string): Concrete {
    const v = this.value(expr);
    if (isKnown(v)) return v;
    throw this.notKnown(v, expr.span, what);
  }

  protected notKnown(v: Value, at: Span | undefined, what: string): Error {
    return v.kind === 'symbolic'
      ? qasmError(
          at,
          `${what} must be known at import; it depends on a parameter bound only when the circuit runs`,
        )
      : qasmError(at, `${what} must be known at import; it depends on a measurement result`);
  }

  /** An integer known at import: sizes, indices, counts. */
  integer(expr: Expression, what: string): number {
    return toInteger(this.known(expr, what), expr.span, what);
  }

  /** A compile-time positive integer size (of a register or type), from a constant expression. */
  size(expr: Expression, what: string): number {
    const n = this.integer(expr, what);
    this.checkConstant(expr, what);
    if (n < 1) throw qasmError(expr.span, `${what} must be a positive integer, got ${n}`);
    return n;
  }

  /**
   * Throws unless `expr` is a constant expression, as const initialisers, sizes and case labels
   * must be: literals, built-in constants, `const` variables and inputs (whose values are fixed
   * at import), and built-in functions of them.
   */
  checkConstant(expr: Expression, what: string): void {
    const refuse = (at: Span | undefined, why: string): never => {
      throw qasmError(at, `${what} must be a constant expression; ${why}`);
    };
    switch (expr.kind) {
      case 'Identifier': {
        if (BUILTIN_CONSTANTS.has(expr.name) && this.scope.lookup(expr.name) === undefined) return;
        const entry = this.scope.lookup(expr.name);
        if (entry?.kind === 'variable' && (entry.access === 'const' || entry.access === 'input')) return;
        const kind =
          entry === undefined
            ? 'not declared'
            : entry.kind === 'variable' || entry.kind === 'bits'
              ? 'a variable'
              : `a ${entry.kind}`;
        return refuse(expr.span, `'${expr.name}' is ${kind}`);
      }
      case 'UnaryExpression':
        return this.checkConstant(expr.operand, what);
      case 'BinaryExpression':
        this.checkConstant(expr.left, what);
        return this.checkConstant(expr.right, what);
      case 'Cast':
        return this.checkConstant(expr.argument, what);
      case 'FunctionCall':
        if (this.scope.callable(expr.name.name)?.kind === 'subroutine')
          return refuse(expr.span, `the subroutine call '${expr.name.name}(...)' is not`);
        if (expr.name.name !== 'sizeof') expr.args.forEach((a) => this.checkConstant(a, what));
        return;
      case 'IndexExpression': {
        const { base, indices } = flattenIndex(expr);
        this.checkConstant(base, what);
        for (const element of indices) {
          const items = Array.isArray(element)
            ? element
            : (element as { values: readonly Expression[] }).values;
          for (const item of items as readonly (Expression | RangeDefinition)[]) {
            if (item.kind !== 'RangeDefinition') this.checkConstant(item, what);
            else
              [item.start, item.step, item.end].forEach(
                (e) => e !== undefined && this.checkConstant(e, what),
              );
          }
        }
        return;
      }
      default:
        return;
    }
  }

  evaluate(expr: Expression): Evaluated {
    if (this.version === '2.0') this.checkOpenQasm2Expression(expr);
    switch (expr.kind) {
      case 'Identifier':
        return this.identifierValue(expr);
      case 'IntegerLiteral':
        return intValue(BigInt(Math.trunc(expr.value)));
      case 'FloatLiteral':
        return floatValue(expr.value);
      case 'BooleanLiteral':
        return boolValue(expr.value);
      case 'BitstringLiteral': {
        const digits = expr.value.replace(/_/g, '');
        return bitValue(digits === '' ? 0n : BigInt(`0b${digits}`), digits.length);
      }
      case 'ImaginaryLiteral':
        throw unsupportedConstruct(
          expr.span,
          'complex',
          'complex numbers are not supported by this importer',
        );
      case 'DurationLiteral':
        throw unsupportedConstruct(expr.span, 'duration', 'timing is not modelled by the circuit model');
      case 'UnaryExpression':
        return liftUnary(expr.op, this.value(expr.operand), expr.span);
      case 'BinaryExpression': {
        if (expr.op === '&&' || expr.op === '||')
          return this.logical(expr.op, expr.left, expr.right, expr.span);
        return liftBinary(expr.op, this.value(expr.left), this.value(expr.right), expr.span);
      }
      case 'FunctionCall':
        return this.callValue(expr);
      case 'Cast':
        return liftConvert(this.value(expr.argument), this.scalarType(expr.type), expr.span);
      case 'IndexExpression':
        return this.indexValue(expr);
      case 'Concatenation':
        throw qasmError(expr.span, "'++' joins registers only in a let alias");
    }
  }

  /** `&&` and `||`, which do not evaluate the right side when the left decides. */
  private logical(op: '&&' | '||', left: Expression, right: Expression, at: Span | undefined): Value {
    const l = this.value(left);
    if (isKnown(l)) {
      const b = toBool(l);
      if (op === '&&' && !b) return boolValue(false);
      if (op === '||' && b) return boolValue(true);
      return liftConvert(this.value(right), { kind: 'bool' }, at);
    }
    return liftBinary(op, l, this.value(right), at);
  }

  private checkOpenQasm2Expression(expr: Expression): void {
    const ok =
      expr.kind === 'Identifier' ||
      expr.kind === 'IntegerLiteral' ||
      expr.kind === 'FloatLiteral' ||
      (expr.kind === 'UnaryExpression' && expr.op === '-') ||
      (expr.kind === 'BinaryExpression' && OPENQASM2_OPERATORS.has(expr.op)) ||
      (expr.kind === 'FunctionCall' && OPENQASM2_FUNCTIONS.has(expr.name.name));
    if (!ok) {
      const what =
        expr.kind === 'BinaryExpression' || expr.kind === 'UnaryExpression'
          ? `the operator '${expr.op}'`
          : expr.kind === 'FunctionCall'
            ? `the function '${expr.name.name}'`
            : 'this expression';
      throw qasmError(expr.span, `${what} needs OpenQASM 3; this program is OpenQASM 2.0`);
    }
  }

  private identifierValue(id: Identifier): Value {
    const name = id.name;
    if (name.startsWith('$')) throw qasmError(id.span, `physical qubit '${name}' is not a classical value`);
    const constant = BUILTIN_CONSTANTS.get(name);
    if (constant !== undefined && this.scope.lookup(name) === undefined) return floatValue(constant);
    const { entry } = this.scope.resolve(name, id.span);
    switch (entry.kind) {
      case 'variable':
        return entry.value;
      case 'bits':
        return this.registerValue(entry.cells, entry.scalar);
      case 'array':
        throw qasmError(id.span, `'${name}' is an array; index it to read an element`);
      case 'qubits':
        throw qasmError(
          id.span,
          `'${name}' is a qubit${entry.scalar ? '' : ' register'}, not a classical value`,
        );
      case 'gate':
        throw qasmError(id.span, `'${name}' is a gate, not a value`);
      case 'subroutine':
        throw qasmError(id.span, `'${name}' is a subroutine; call it as ${name}(...)`);
    }
  }

  /** The value of some bit cells read now. */
  protected registerValue(cells: readonly BitCell[], scalar: boolean): Value {
    const values = cells.map((c) => c.value);
    const sources = values.map(sourceOf);
    if (sources.every((s) => s !== undefined)) return bitsValue(sources, scalar);
    const size = scalar ? undefined : values.length;
    return {
      kind: 'runtime',
      type: size === undefined ? { kind: 'bit' } : { kind: 'bit', size },
      reads: readsOf(values),
      evaluate: (env) =>
        bitValue(
          values.reduce<bigint>((acc, v, i) => acc | (bitOf(valueAt(v, env)) << BigInt(i)), 0n),
          size,
        ),
    };
  }

  private callValue(call: FunctionCall): Evaluated {
    const name = this.version === '2.0' && call.name.name === 'ln' ? 'log' : call.name.name;
    const entry = this.scope.callable(name);
    if (entry?.kind === 'subroutine') {
      if (entry.node.returnType === undefined)
        throw qasmError(call.span, `subroutine '${name}' returns no value; call it as a statement`);
      return this.callSubroutine(entry.node, call.args, call.span)!;
    }
    if (name === 'sizeof') return this.sizeOf(call);
    if (name === 'real' || name === 'imag')
      throw unsupportedConstruct(call.span, 'complex', 'complex numbers are not supported by this importer');
    const arity = BUILTIN_ARITY.get(name);
    if (arity !== undefined) {
      const [min, max] = arity;
      if (call.args.length < min || call.args.length > max) {
        throw qasmError(
          call.span,
          `${name} takes ${min === max ? min : `${min} to ${max}`} argument${max === 1 ? '' : 's'}, got ${call.args.length}`,
        );
      }
      return liftBuiltin(
        name,
        call.args.map((a) => this.value(a)),
        call.span,
      );
    }
    if (entry?.kind === 'gate')
      throw qasmError(
        call.name.span,
        `'${name}' is a gate: apply it to qubits (${name} q;), it has no value`,
      );
    throw qasmError(call.name.span, `unknown function '${name}'`);
  }

  private sizeOf(call: FunctionCall): Value {
    const [target, dimension] = call.args;
    if (target === undefined || call.args.length > 2)
      throw qasmError(call.span, `sizeof takes 1 or 2 arguments, got ${call.args.length}`);
    const dim = dimension === undefined ? 0 : this.integer(dimension, 'the dimension of sizeof');
    const size = (n: number) => intValue(BigInt(n), 'uint');
    if (target.kind === 'Identifier') {
      const { entry } = this.scope.resolve(target.name, target.span);
      if (entry.kind === 'qubits') return size(entry.qubits.length);
      if (entry.kind === 'bits') return size(entry.cells.length);
      if (entry.kind === 'array') {
        const n = entry.dims[dim];
        if (n === undefined)
          throw qasmError(
            dimension?.span,
            `'${entry.name}' has ${entry.dims.length} dimension(s); dimension ${dim} does not exist`,
          );
        return size(n);
      }
    }
    const type = valueType(this.value(target));
    if (type.kind === 'bit' && type.size !== undefined) return size(type.size);
    throw qasmError(target.span, 'sizeof needs a register, an alias or an array');
  }

  private indexValue(expr: IndexExpression): Value {
    const { base, indices } = flattenIndex(expr);
    if (
      base.kind === 'Identifier' &&
      !(BUILTIN_CONSTANTS.has(base.name) && this.scope.lookup(base.name) === undefined)
    ) {
      if (base.name.startsWith('$'))
        throw qasmError(base.span, `physical qubit '${base.name}' is not a classical value`);
      const { entry } = this.scope.resolve(base.name, base.span);
      if (entry.kind === 'bits') {
        const picked = this.pick(
          entry.cells,
          entry.scalar,
          indices,
          { name: `'${entry.name}'`, unit: 'bit' },
          expr.span,
        );
        return this.registerValue(picked.items, picked.scalar);
      }
      if (entry.kind === 'array') return this.arrayElement(entry, indices, expr.span).value;
      if (entry.kind === 'qubits')
        throw qasmError(base.span, `'${entry.name}' is a qubit register, not a classical value`);
    }
    return this.bitsOfValue(this.value(base), indices, expr.span);
  }

  /** Bits of an integer, angle or bit-typed value: `x[0]`, `x[0:3]`. */
  protected bitsOfValue(v: Value, indices: readonly IndexElement[], at: Span | undefined): Value {
    const type = valueType(v);
    if (type.kind === 'float' || type.kind === 'bool' || (type.kind === 'bit' && type.size === undefined))
      throw qasmError(at, `a value of type ${formatType(type)} cannot be indexed`);
    if (type.kind !== 'bit' && type.size === undefined)
      throw qasmError(at, `${formatType(type)} has no fixed width; only sized types can be indexed by bit`);
    const width = widthOf(type);
    const positions = Array.from({ length: width }, (_, i) => i);
    const picked = this.pick(positions, false, indices, { name: formatType(type), unit: 'bit' }, at);
    if (v.kind === 'runtime' && v.bits !== undefined)
      return bitsValue(
        picked.items.map((i) => v.bits![i]!),
        picked.scalar,
      );
    const extract = (c: Concrete): Concrete => {
      const raw = c.kind === 'bool' || c.kind === 'float' ? 0n : BigInt.asUintN(width, c.value);
      const value = picked.items.reduce<bigint>(
        (acc, bit, i) => acc | (((raw >> BigInt(bit)) & 1n) << BigInt(i)),
        0n,
      );
      return bitValue(value, picked.scalar ? undefined : picked.items.length);
    };
    if (isKnown(v)) return extract(v);
    if (v.kind === 'symbolic') throw this.notKnown(v, at, 'an indexed value');
    const resultType: ScalarType = picked.scalar
      ? { kind: 'bit' }
      : { kind: 'bit', size: picked.items.length };
    return { kind: 'runtime', type: resultType, reads: v.reads, evaluate: (env) => extract(v.evaluate(env)) };
  }

  /** The element of an array at fully given indices (extra brackets index the element's bits). */
  protected arrayElement(
    entry: SymbolEntry & { kind: 'array' },
    indices: readonly IndexElement[],
    at: Span | undefined,
  ): { offset: number; value: Value } {
    const flat: Expression[] = [];
    let used = 0;
    for (const element of indices) {
      if (flat.length >= entry.dims.length) break;
      if (!Array.isArray(element))
        throw qasmError(at, `array '${entry.name}' takes one integer per dimension, not a set`);
      for (const item of element as readonly (Expression | RangeDefinition)[]) {
        if (item.kind === 'RangeDefinition')
          throw unsupportedConstruct(item.span, 'array slice', `index single elements of '${entry.name}'`);
        flat.push(item);
      }
      used += 1;
    }
    if (flat.length !== entry.dims.length) {
      throw qasmError(
        at,
        `array '${entry.name}' has ${entry.dims.length} dimension(s); index all of them to read an element`,
      );
    }
    let offset = 0;
    flat.forEach((e, d) => {
      const n = entry.dims[d]!;
      const i = normalize(
        this.integer(e, 'an array index'),
        n,
        e.span,
        `dimension ${d} of '${entry.name}' has ${n} element${n === 1 ? '' : 's'}`,
      );
      offset = offset * n + i;
    });
    const element = entry.values[offset]!;
    const rest = indices.slice(used);
    return { offset, value: rest.length === 0 ? element : this.bitsOfValue(element, rest, at) };
  }

  // ---------------------------------------------------------------- selections

  /**
   * Applies brackets to a list (a register's qubits or bits). `what` names the list and its
   * elements for errors: `'q' has 2 qubits; index 5 is out of range`.
   */
  protected pick<T>(
    items: readonly T[],
    scalar: boolean,
    indices: readonly IndexElement[],
    what: { readonly name: string; readonly unit: 'qubit' | 'bit' },
    at: Span | undefined,
  ): { items: T[]; scalar: boolean } {
    let current = [...items];
    let isScalar = scalar;
    let name = what.name;
    for (const element of indices) {
      if (isScalar) throw qasmError(at, `${name} is a single ${what.unit}; it cannot be indexed`);
      const count = `${current.length} ${what.unit}${current.length === 1 ? '' : 's'}`;
      const selection = this.select(current.length, element, `${name} has ${count}`, at);
      current = selection.positions.map((p) => current[p]!);
      isScalar = selection.scalar;
      name = 'the selection';
    }
    return { items: current, scalar: isScalar };
  }

  private select(length: number, element: IndexElement, describe: string, at: Span | undefined): Selection {
    if (!Array.isArray(element)) {
      const set = element as { values: readonly Expression[]; span?: Span };
      if (set.values.length === 0) throw qasmError(set.span ?? at, 'an index set must not be empty');
      return {
        positions: set.values.map((v) => normalize(this.integer(v, 'an index'), length, v.span, describe)),
        scalar: false,
      };
    }
    const items = element as readonly (Expression | RangeDefinition)[];
    if (items.length !== 1)
      throw qasmError(at, `a register takes one index or range per bracket, got ${items.length}`);
    const item = items[0]!;
    if (item.kind !== 'RangeDefinition')
      return {
        positions: [normalize(this.integer(item, 'an index'), length, item.span, describe)],
        scalar: true,
      };
    return { positions: this.range(item, length, describe), scalar: false };
  }

  private range(range: RangeDefinition, length: number, describe: string): number[] {
    const step = range.step === undefined ? 1 : this.integer(range.step, 'a range step');
    if (step === 0) throw qasmError(range.step?.span ?? range.span, 'a range step must not be zero');
    const bound = (e: Expression | undefined, fallback: number) =>
      e === undefined ? fallback : normalize(this.integer(e, 'a range bound'), length, e.span, describe);
    const start = bound(range.start, step > 0 ? 0 : length - 1);
    const end = bound(range.end, step > 0 ? length - 1 : 0);
    const positions: number[] = [];
    for (let i = start; step > 0 ? i <= end : i >= end; i += step) positions.push(i);
    if (positions.length === 0)
      throw qasmError(range.span, `the range ${start}:${step}:${end} selects nothing`);
    return positions;
  }

  // ---------------------------------------------------------------- operands

  /** The qubits an operand names. */
  qubitsOf(operand: QubitOperand | Expression): QubitList {
    switch (operand.kind) {
      case 'Identifier':
        return this.namedQubits(operand);
      case 'IndexedIdentifier':
        return this.indexQubits(this.namedQubits(operand.name), operand.indices, operand.span);
      case 'IndexExpression': {
        const { base, indices } = flattenIndex(operand);
        return this.indexQubits(this.qubitsOf(base), indices, operand.span);
      }
      case 'Concatenation': {
        const left = this.qubitsOf(operand.left);
        const right = this.qubitsOf(operand.right);
        const qubits = [...left.qubits, ...right.qubits];
        const labels = new Map<number, string>();
        for (const side of [left, right]) side.qubits.forEach((q) => labels.set(q, side.label(q)));
        const repeated = right.qubits.find((q) => left.qubits.includes(q));
        if (repeated !== undefined)
          throw qasmError(operand.span, `qubit ${labels.get(repeated)} appears on both sides of '++'`);
        return {
          qubits,
          scalar: false,
          span: operand.span,
          text: `${left.text} ++ ${right.text}`,
          label: (q) => labels.get(q) ?? `#${q}`,
        };
      }
      default:
        throw qasmError(operand.span, 'expected qubits here');
    }
  }

  private namedQubits(id: Identifier): QubitList {
    if (id.name.startsWith('$')) return this.physicalQubit(id);
    const { entry } = this.scope.resolve(id.name, id.span);
    if (entry.kind !== 'qubits') throw qasmError(id.span, `'${id.name}' is not a qubit or qubit register`);
    return qubitList(entry.qubits, entry.labels, entry.scalar, id.span, id.name);
  }

  private physicalQubit(id: Identifier): QubitList {
    const enclosing = this.scope.enclosing;
    if (enclosing !== undefined) {
      throw qasmError(
        id.span,
        `physical qubit '${id.name}' is not visible inside ${enclosing.kind} '${enclosing.name}': pass qubits as arguments`,
      );
    }
    const index = Number(id.name.slice(1));
    if (this.physical === undefined || !Number.isInteger(index))
      throw qasmError(id.span, `undeclared name '${id.name}'`);
    return qubitList([this.physical.start + index], [id.name], true, id.span, id.name);
  }

  private indexQubits(base: QubitList, indices: readonly IndexElement[], at: Span | undefined): QubitList {
    const picked = this.pick(
      base.qubits,
      base.scalar,
      indices,
      { name: `'${base.text}'`, unit: 'qubit' },
      at,
    );
    return {
      qubits: picked.items,
      scalar: picked.scalar,
      span: at,
      text: base.text + '[...]',
      label: base.label,
    };
  }

  /** The bit cells an assignment or measurement target names. */
  cellsOf(operand: QubitOperand): CellList {
    const id = operand.kind === 'Identifier' ? operand : operand.name;
    const { entry } = this.scope.resolve(id.name, id.span);
    if (entry.kind !== 'bits') throw qasmError(id.span, `'${id.name}' is not a bit or bit register`);
    if (operand.kind === 'Identifier')
      return { cells: entry.cells, scalar: entry.scalar, text: id.name, entry };
    const picked = this.pick(
      entry.cells,
      entry.scalar,
      operand.indices,
      { name: `'${id.name}'`, unit: 'bit' },
      operand.span,
    );
    return { cells: picked.items, scalar: picked.scalar, text: id.name, entry };
  }

  // ---------------------------------------------------------------- types

  scalarType(type: AstClassicalType): ScalarType {
    if (type.kind === 'ArrayType') throw qasmError(type.span, 'an array type is not allowed here');
    return this.resolveScalar(type);
  }

  declaredType(type: AstClassicalType): DeclaredType {
    if (type.kind === 'ScalarType') return this.resolveScalar(type);
    const element = this.resolveScalar(type.base);
    if (type.dimensions.length > 7) throw qasmError(type.span, 'an array has at most 7 dimensions');
    return { kind: 'array', element, dims: type.dimensions.map((d) => this.size(d, 'an array dimension')) };
  }

  private resolveScalar(type: AstScalarType): ScalarType {
    switch (type.name) {
      case 'complex':
        throw unsupportedConstruct(
          type.span,
          'complex',
          'complex numbers are not supported by this importer',
        );
      case 'duration':
      case 'stretch':
        throw unsupportedConstruct(type.span, type.name, 'timing is not modelled by the circuit model');
      case 'bool':
        if (type.size !== undefined) throw qasmError(type.span, 'bool takes no size');
        return { kind: 'bool' };
      default: {
        const resolved: ScalarType =
          type.size === undefined
            ? { kind: type.name }
            : { kind: type.name, size: this.size(type.size, `the size of ${type.name}`) };
        checkTypeSize(resolved, type.span);
        return resolved;
      }
    }
  }
}

/** `a[1][2:3]` as its base expression and the brackets in order. */
export function flattenIndex(expr: IndexExpression): { base: Expression; indices: IndexElement[] } {
  const indices: IndexElement[] = [];
  let current: Expression = expr;
  while (current.kind === 'IndexExpression') {
    indices.unshift(current.index);
    current = current.collection;
  }
  return { base: current, indices };
}

function qubitList(
  qubits: readonly number[],
  labels: readonly string[],
  scalar: boolean,
  span: Span | undefined,
  text: string,
): QubitList {
  const byQubit = new Map(qubits.map((q, i) => [q, labels[i] ?? `${text}[${i}]`]));
  return { qubits, scalar, span, text, label: (q) => byQubit.get(q) ?? `#${q}` };
}

function normalize(index: number, length: number, at: Span | undefined, describe: string): number {
  const i = index < 0 ? index + length : index;
  if (i < 0 || i >= length) throw qasmError(at, `${describe}; index ${index} is out of range`);
  return i;
}

/** A cell's value as a bit source when it is a known bit or a plain clbit read. */
function sourceOf(v: Value): BitSource | undefined {
  if (v.kind === 'bit') return Number(v.value & 1n) as 0 | 1;
  if (v.kind === 'runtime' && v.bits?.length === 1) return v.bits[0];
  return undefined;
}

function bitOf(c: Concrete): bigint {
  if (c.kind === 'bool') return c.value ? 1n : 0n;
  if (c.kind === 'float') return c.value !== 0 ? 1n : 0n;
  return c.value & 1n;
}
