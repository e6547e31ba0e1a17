/**
 * Executes an OpenQASM program's statements into a circuit. Classical control flow with values
 * known at import is run here (loops unrolled, subroutines inlined); control flow on
 * measurement results becomes conditioned operations (see `conditions.ts`); gate definitions
 * become circuit gate definitions with symbolic parameters. `importer.ts` documents the
 * semantics and limits; this module implements them statement by statement.
 */
import type { Circuit, Modifier } from '../circuit/circuit.js';
import type { ParamValue } from '../circuit/expr.js';
import { QuantumErrors } from '../errors.js';
import type {
  AliasStatement,
  ArrayType,
  BranchingStatement,
  ClassicalAssignment,
  ClassicalDeclaration,
  Expression,
  ForInLoop,
  IODeclaration,
  Identifier,
  IndexElement,
  MeasureExpression,
  OpaqueDefinition,
  QuantumGateDefinition,
  QuantumGateModifier,
  QuantumMeasurementStatement,
  QubitOperand,
  Span,
  Statement,
  SubroutineDefinition,
  SwitchStatement,
} from './ast.js';
import {
  angleValue,
  bitValue,
  convert,
  formatType,
  intValue,
  toBool,
  toNumber,
  zeroOf,
  type BinaryOp,
  type Concrete,
  type ScalarType,
} from './classical.js';
import { andCubes, checkCopies, checkFresh, notCubes, type Cube, type Read } from './conditions.js';
import { qasmError, unsupportedConstruct } from './diagnostics.js';
import { Emitter, type ImportLimits } from './emitter.js';
import { flattenIndex, type DeclaredType, type Evaluated, type PendingMeasure } from './expressions.js';
import { broadcast, checkParameterCount, checkQubitCount, lowerBinding } from './gate-calls.js';
import { inputValue } from './inputs.js';
import { parse } from './parser.js';
import { positioned } from './positioned.js';
import type { BitCell, GateBinding, SymbolEntry } from './scope.js';
import {
  builtinGates,
  QELIB1_INC,
  QELIB1_SOURCE,
  QELIB1_STANDARD,
  STDGATES_INC,
  stdgatesGates,
} from './stdlib.js';
import {
  bitAt,
  isKnown,
  liftBinary,
  liftConvert,
  liftUnary,
  readsOf,
  valueAt,
  valueType,
  type Value,
} from './values.js';

/** An `input` declaration: its type, and the value it got (none: a free circuit parameter). */
export interface DeclaredInput {
  readonly name: string;
  readonly type: string;
  readonly value?: number | boolean;
}
/** An `output` declaration. */
export interface DeclaredOutput {
  readonly name: string;
  readonly type: string;
}

type Flow =
  | { readonly kind: 'normal' }
  | { readonly kind: 'break' | 'continue'; readonly at: Span | undefined }
  | { readonly kind: 'return'; readonly value: Evaluated | undefined; readonly at: Span | undefined };
const NORMAL: Flow = { kind: 'normal' };

/** A modifier with its argument evaluated; `pow` keeps its value, which may be known only per case. */
type EvaluatedModifier =
  Exclude<Modifier, { kind: 'pow' }> | { readonly kind: 'pow'; readonly exponent: Value };

/** Statements as messages name them. */
const STATEMENT_NAMES: Record<Statement['kind'], string> = {
  Pragma: 'a pragma',
  Include: 'an include',
  QubitDeclaration: 'a qubit declaration',
  ClassicalDeclaration: 'a classical declaration',
  ConstantDeclaration: "'const'",
  IODeclaration: "'input' or 'output'",
  AliasStatement: "'let'",
  QuantumGate: 'a gate call',
  QuantumPhase: "'gphase'",
  QuantumMeasurementStatement: "'measure'",
  QuantumReset: "'reset'",
  QuantumBarrier: "'barrier'",
  DelayInstruction: "'delay'",
  Box: "'box'",
  QuantumGateDefinition: 'a gate definition',
  OpaqueDefinition: "'opaque'",
  ClassicalAssignment: 'a classical assignment',
  ExpressionStatement: 'an expression statement',
  BranchingStatement: "'if'",
  ForInLoop: "a 'for' loop",
  WhileLoop: "a 'while' loop",
  BreakStatement: "'break'",
  ContinueStatement: "'continue'",
  SwitchStatement: "'switch'",
  SubroutineDefinition: "'def'",
  ReturnStatement: "'return'",
  ExternDeclaration: "'extern'",
  CalibrationGrammarDeclaration: "'defcalgrammar'",
  CalibrationStatement: "'cal'",
  CalibrationDefinition: "'defcal'",
  CompoundStatement: 'a block',
};

/** Statements OpenQASM 2.0 has. */
const OPENQASM2_STATEMENTS = new Set<Statement['kind']>([
  'Pragma',
  'Include',
  'QubitDeclaration',
  'ClassicalDeclaration',
  'QuantumGate',
  'QuantumMeasurementStatement',
  'QuantumReset',
  'QuantumBarrier',
  'QuantumGateDefinition',
  'OpaqueDefinition',
  'BranchingStatement',
]);

const ALLOWED_IN_GATE = new Set<Statement['kind']>([
  'QuantumGate',
  'QuantumPhase',
  'ForInLoop',
  'WhileLoop',
  'BranchingStatement',
  'BreakStatement',
  'ContinueStatement',
  'CompoundStatement',
  'QuantumBarrier',
  'DelayInstruction',
  'Pragma',
]);

const COMPOUND_OPERATORS: Record<string, BinaryOp> = {
  '+=': '+',
  '-=': '-',
  '*=': '*',
  '/=': '/',
  '%=': '%',
  '**=': '**',
  '&=': '&',
  '|=': '|',
  '^=': '^',
  '<<=': '<<',
  '>>=': '>>',
};

let qelib1Program: readonly Statement[] | undefined;

export class Interpreter extends Emitter {
  readonly inputs: DeclaredInput[] = [];
  readonly outputs: DeclaredOutput[] = [];
  private iterations = 0;
  private callDepth = 0;
  /** Loops enclosing the current statement, within one subroutine or gate body. */
  private loopDepth = 0;
  private readonly reportedCells = new Set<BitCell>();
  /** In a call whose result goes to reported bits: the bit variable of the body that measures straight into them. */
  private returnInto: ReturnTarget | undefined;
  private readonly includedBuiltins = new Set<string>();
  private readonly usedInputs = new Set<string>();

  constructor(
    version: '2.0' | '3.0',
    circuit: Circuit,
    limits: ImportLimits,
    private readonly inputValues: Readonly<Record<string, number | boolean>>,
  ) {
    super(version, circuit, limits);
    this.scope.onRelease = (entries) => {
      for (const entry of entries)
        if (entry.kind === 'bits' && entry.access === 'mutable' && entry.alias !== true)
          this.bits.release(entry.cells);
    };
  }

  run(statements: readonly Statement[]): void {
    this.declarePhysicalQubits(statements);
    for (const [name, binding] of builtinGates(this.version))
      this.scope.declare({ kind: 'gate', name, binding }, undefined);
    this.executeAll(statements);
    this.settleAll();
    this.checkGateNames(statements);
    this.checkReportedBits();
    const unknown = Object.keys(this.inputValues).filter((name) => !this.usedInputs.has(name));
    if (unknown.length > 0) {
      const declared = this.inputs.map((i) => i.name);
      const field = `inputs.${unknown[0]}`;
      const reason = `is not an input of the program (${declared.length === 0 ? 'it declares none' : `its inputs: ${declared.join(', ')}`})`;
      throw QuantumErrors.invalidRunOptions({ field, reason }, { details: { field, reason } });
    }
  }

  // ---------------------------------------------------------------- statements

  private executeAll(statements: readonly Statement[]): Flow {
    for (const statement of statements) {
      const flow = this.execute(statement);
      if (flow.kind !== 'normal') return flow;
    }
    return NORMAL;
  }

  private block(statements: readonly Statement[]): Flow {
    return this.scope.block(() => this.executeAll(statements));
  }

  private execute(s: Statement): Flow {
    if (this.version === '2.0') this.checkOpenQasm2Statement(s);
    if (this.body !== undefined && !ALLOWED_IN_GATE.has(s.kind)) {
      const what =
        s.kind === 'ClassicalDeclaration' ? 'classical declarations are' : `${STATEMENT_NAMES[s.kind]} is`;
      throw qasmError(
        s.span,
        `${what} not allowed inside a gate definition (gate '${this.body.name}'): a gate body holds gate calls and loops over them`,
      );
    }
    const flow = positioned(s.span, () => this.dispatch(s));
    this.settleAll();
    return flow;
  }

  private dispatch(s: Statement): Flow {
    switch (s.kind) {
      case 'Pragma':
        return NORMAL;
      case 'Include':
        this.include(s.path, s.span);
        return NORMAL;
      case 'QubitDeclaration':
        this.declareQubits(s.name, s.size, s.span);
        return NORMAL;
      case 'ClassicalDeclaration':
        this.declareClassical(s);
        return NORMAL;
      case 'ConstantDeclaration': {
        const type = this.declaredType(s.type);
        if (type.kind === 'array') throw qasmError(s.type.span, "'const' takes a scalar type, not an array");
        const what = `the value of const '${s.name.name}'`;
        const value = convert(this.known(s.init, what), type, s.init.span);
        this.checkConstant(s.init, what);
        this.scope.declare(
          { kind: 'variable', name: s.name.name, type, value, access: 'const' },
          s.name.span,
        );
        return NORMAL;
      }
      case 'IODeclaration':
        this.declareIo(s);
        return NORMAL;
      case 'AliasStatement':
        this.declareAlias(s);
        return NORMAL;
      case 'QuantumGate':
        if (s.duration !== undefined)
          throw unsupportedConstruct(
            s.duration.span ?? s.span,
            'gate duration',
            'timing is not modelled by the circuit model',
          );
        this.applyGate(
          s.name.name,
          s.name.span,
          this.gateBinding(s.name),
          s.modifiers,
          s.args,
          s.qubits,
          s.span,
        );
        return NORMAL;
      case 'QuantumPhase':
        this.applyGate(
          'gphase',
          s.span,
          this.gateBinding({ kind: 'Identifier', name: 'gphase', ...spanOf(s.span) }),
          s.modifiers,
          [s.argument],
          s.qubits,
          s.span,
        );
        return NORMAL;
      case 'QuantumMeasurementStatement':
        this.measureStatement(s);
        return NORMAL;
      case 'QuantumReset':
        this.requireCircuit('reset', s.span);
        for (const qubit of this.qubitsOf(s.qubits).qubits)
          this.emit(s.span, (c) =>
            c === undefined ? this.circuit.reset(qubit) : this.circuit.ifBits(c, (k) => k.reset(qubit)),
          );
        return NORMAL;
      case 'QuantumBarrier':
        this.barrier(s.qubits, s.span);
        return NORMAL;
      case 'DelayInstruction':
        s.qubits.forEach((q) => this.qubitsOf(q));
        this.warn(s.span, 'delay is treated as identity: timing is not modelled');
        return NORMAL;
      case 'Box':
        throw unsupportedConstruct(
          s.span,
          'box',
          'timing is not modelled; write the statements without the box',
        );
      case 'QuantumGateDefinition':
        this.requireGlobal('gates', s.span);
        this.defineGate(s);
        return NORMAL;
      case 'OpaqueDefinition':
        this.declareOpaque(s);
        return NORMAL;
      case 'ClassicalAssignment':
        this.assign(s);
        return NORMAL;
      case 'ExpressionStatement':
        this.expressionStatement(s.expression);
        return NORMAL;
      case 'BranchingStatement':
        return this.branchStatement(s);
      case 'ForInLoop':
        return this.forLoop(s);
      case 'WhileLoop':
        return this.whileLoop(s.condition, s.block, s.span);
      case 'BreakStatement':
      case 'ContinueStatement':
        if (this.loopDepth === 0)
          throw qasmError(
            s.span,
            `'${s.kind === 'BreakStatement' ? 'break' : 'continue'}' is only allowed inside a loop`,
          );
        return { kind: s.kind === 'BreakStatement' ? 'break' : 'continue', at: s.span };
      case 'SwitchStatement':
        return this.switchStatement(s);
      case 'SubroutineDefinition':
        this.requireGlobal('subroutines', s.span);
        this.scope.declare({ kind: 'subroutine', name: s.name.name, node: s }, s.name.span);
        return NORMAL;
      case 'ReturnStatement':
        return this.returnStatement(s.expression, s.span);
      case 'ExternDeclaration':
        throw unsupportedConstruct(s.span, 'extern', 'external functions cannot run inside the simulator');
      case 'CalibrationGrammarDeclaration':
        throw unsupportedConstruct(s.span, 'defcalgrammar', 'pulse-level calibrations are not modelled');
      case 'CalibrationStatement':
        throw unsupportedConstruct(s.span, 'cal', 'pulse-level calibrations are not modelled');
      case 'CalibrationDefinition':
        throw unsupportedConstruct(s.span, 'defcal', 'pulse-level calibrations are not modelled');
      case 'CompoundStatement':
        return this.block(s.body);
    }
  }

  private checkOpenQasm2Statement(s: Statement): void {
    let construct = OPENQASM2_STATEMENTS.has(s.kind) ? undefined : STATEMENT_NAMES[s.kind];
    if (s.kind === 'QubitDeclaration' && s.legacy !== true) construct = "a 'qubit' declaration (use qreg)";
    if (s.kind === 'ClassicalDeclaration' && s.legacy !== true)
      construct = 'a classical declaration other than creg';
    if (s.kind === 'QuantumGate' && s.modifiers.length > 0) construct = 'a gate modifier';
    if (s.kind === 'QuantumMeasurementStatement' && s.target === undefined)
      construct = "'measure' without a target";
    if (s.kind === 'QuantumMeasurementStatement' && s.target !== undefined && s.arrow !== true)
      construct = "the assignment form 'c = measure q' (use measure q -> c)";
    if (s.kind === 'BranchingStatement' && s.elseBlock.length > 0) construct = "'else'";
    if (construct !== undefined)
      throw qasmError(s.span, `${construct} needs OpenQASM 3; this program is OpenQASM 2.0`);
  }

  private requireGlobal(what: string, at: Span | undefined): void {
    if (!this.scope.atGlobalScope) throw qasmError(at, `${what} can only be declared at global scope`);
  }

  // ---------------------------------------------------------------- includes and declarations

  private include(path: string, at: Span | undefined): void {
    if (!this.scope.atGlobalScope) throw qasmError(at, `include is only allowed at global scope`);
    if (this.includedBuiltins.has(path)) return;
    this.includedBuiltins.add(path);
    if (path === STDGATES_INC) {
      if (this.version === '2.0')
        throw qasmError(
          at,
          `'${STDGATES_INC}' is the OpenQASM 3 library; an OpenQASM 2.0 program includes '${QELIB1_INC}'`,
        );
      for (const [name, binding] of stdgatesGates()) this.scope.declare({ kind: 'gate', name, binding }, at);
      return;
    }
    if (path !== QELIB1_INC) throw qasmError(at, `include is only allowed at global scope`);
    qelib1Program ??= parse(QELIB1_SOURCE, { file: QELIB1_INC }).statements;
    for (const statement of qelib1Program) {
      if (statement.kind !== 'QuantumGateDefinition') continue;
      const mapped = QELIB1_STANDARD.get(statement.name.name);
      if (mapped === undefined) this.defineGate(statement);
      else this.scope.declare({ kind: 'gate', name: statement.name.name, binding: mapped }, at);
    }
  }

  /** Finds `$n` physical qubits and gives them register `physical`, sized by the highest index used. */
  private declarePhysicalQubits(statements: readonly Statement[]): void {
    let highest = -1;
    let first: Identifier | undefined;
    let declaration: { name: string; span: Span | undefined } | undefined;
    const visit = (node: unknown): void => {
      if (Array.isArray(node)) return node.forEach(visit);
      if (node === null || typeof node !== 'object') return;
      const record = node as { kind?: string; name?: unknown; span?: Span };
      if (record.kind === 'QubitDeclaration' && declaration === undefined) {
        declaration = { name: (record.name as Identifier).name, span: record.span };
      }
      if (record.kind === 'Identifier' && typeof record.name === 'string' && /^\$\d+$/.test(record.name)) {
        highest = Math.max(highest, Number(record.name.slice(1)));
        first ??= node as Identifier;
      }
      Object.entries(node).forEach(([key, value]) => key !== 'span' && visit(value));
    };
    visit(statements);
    if (first === undefined) return;
    if (declaration !== undefined) {
      const where =
        declaration.span === undefined ? '' : ` at ${declaration.span.line}:${declaration.span.column}`;
      throw qasmError(
        first.span,
        `physical qubit '${first.name}' cannot be used in a program that declares qubits ('${declaration.name}'${where})`,
      );
    }
    const register = this.circuit.addQuantumRegister(this.names.register('physical'), highest + 1);
    this.physical = { start: register.start, size: register.size };
  }

  private declareQubits(name: Identifier, sizeExpr: Expression | undefined, at: Span | undefined): void {
    this.requireGlobal('qubits', at);
    const size = sizeExpr === undefined ? undefined : this.size(sizeExpr, 'a register size');
    this.scope.assertFree(name.name, name.span);
    const register = this.circuit.addQuantumRegister(this.names.register(name.name), size ?? 1);
    const qubits = Array.from({ length: register.size }, (_, i) => register.start + i);
    const labels = size === undefined ? [name.name] : qubits.map((_, i) => `${name.name}[${i}]`);
    this.scope.declare(
      { kind: 'qubits', name: name.name, qubits, labels, scalar: size === undefined },
      name.span,
    );
  }

  private declareClassical(s: ClassicalDeclaration): void {
    const type = this.declaredType(s.type);
    if (type.kind === 'array') return this.declareArray(s.name, type, s.init, s.span);
    if (type.kind === 'bit') {
      const into = this.returnInto?.declaration === s ? this.returnInto.clbits : undefined;
      const entry = this.declareBits(s.name, type.size, into?.length === (type.size ?? 1) ? into : undefined);
      if (s.init === undefined) return;
      if (s.init.kind === 'MeasureExpression')
        this.measureInto(this.qubitsOf(s.init.operand), entry.cells, entry.scalar, s.init.span);
      else
        this.assignCells(
          entry.cells,
          entry.scalar,
          this.evaluateInto(s.init, this.reportedTarget(entry.cells)),
          s.init.span,
        );
      return;
    }
    const value =
      s.init === undefined ? zeroOf(type) : liftConvert(this.initialValue(s.init), type, s.init.span);
    this.scope.declare({ kind: 'variable', name: s.name.name, type, value, access: 'mutable' }, s.name.span);
  }

  /**
   * A bit variable: a reported register at global scope, cells without clbits elsewhere (or on
   * `clbits`, for the variable a subroutine returns into its caller's bits).
   */
  private declareBits(
    name: Identifier,
    size: number | undefined,
    clbits?: readonly number[],
  ): SymbolEntry & { kind: 'bits' } {
    this.scope.assertFree(name.name, name.span);
    const label = (i: number) => (size === undefined ? name.name : `${name.name}[${i}]`);
    const cells = this.scope.atGlobalScope
      ? this.bits.declareRegister(name.name, size ?? 1, label)
      : this.bits.localCells(size ?? 1, label, clbits);
    if (this.scope.atGlobalScope) cells.forEach((cell) => this.reportedCells.add(cell));
    const entry = {
      kind: 'bits' as const,
      name: name.name,
      cells,
      scalar: size === undefined,
      access: 'mutable' as const,
    };
    this.scope.declare(entry, name.span);
    return entry;
  }

  private declareArray(
    name: Identifier,
    type: DeclaredType & { kind: 'array' },
    init: Expression | MeasureExpression | undefined,
    at: Span | undefined,
  ): void {
    this.requireGlobal('arrays', at);
    const count = type.dims.reduce((a, b) => a * b, 1);
    let values: Value[] = Array.from({ length: count }, () => zeroOf(type.element));
    if (init !== undefined) {
      const source = init.kind === 'Identifier' ? this.scope.resolve(init.name, init.span).entry : undefined;
      if (source?.kind !== 'array' || source.dims.join(',') !== type.dims.join(','))
        throw qasmError(init.span, 'an array can be initialised only from another array of the same shape');
      values = source.values.map((v) => liftConvert(v, type.element, init.span));
    }
    this.scope.declare(
      { kind: 'array', name: name.name, element: type.element, dims: type.dims, values, access: 'mutable' },
      name.span,
    );
  }

  private initialValue(init: Expression | MeasureExpression): Value {
    if (init.kind !== 'MeasureExpression') return this.value(init);
    const qubits = this.qubitsOf(init.operand);
    const cells = this.bits.localCells(qubits.qubits.length, (i) => `measure[${i}]`);
    this.measureInto(qubits, cells, qubits.scalar, init.span);
    return this.registerValue(cells, qubits.scalar);
  }

  private declareIo(s: IODeclaration): void {
    this.requireGlobal(`'${s.io}' variables`, s.span);
    const type = this.declaredType(s.type);
    if (type.kind === 'array')
      throw unsupportedConstruct(s.type.span, `${s.io} array`, `declare scalar ${s.io}s`);
    const name = s.name.name;
    if (s.io === 'output') {
      this.outputs.push({ name, type: formatType(type) });
      if (type.kind === 'bit') this.declareBits(s.name, type.size);
      else
        this.scope.declare(
          { kind: 'variable', name, type, value: zeroOf(type), access: 'mutable' },
          s.name.span,
        );
      return;
    }
    this.usedInputs.add(name);
    const given = this.inputValues[name];
    let value: Value;
    if (given === undefined) {
      if (type.kind !== 'float' && type.kind !== 'angle') {
        const where = {
          line: s.span?.line ?? 1,
          column: s.span?.column ?? 1,
          ...(s.span?.file === undefined ? {} : { file: s.span.file }),
        };
        throw QuantumErrors.missingInput(
          { name, type: formatType(type) },
          { details: { name, type: formatType(type), ...where } },
        );
      }
      value = { kind: 'symbolic', type, expr: { kind: 'parameter', name } };
      this.inputs.push({ name, type: formatType(type) });
    } else {
      value = inputValue(name, type, given);
      this.inputs.push({ name, type: formatType(type), value: given });
    }
    this.scope.declare({ kind: 'variable', name, type, value, access: 'input' }, s.name.span);
  }

  private declareAlias(s: AliasStatement): void {
    const base = baseIdentifier(s.value);
    const entry = base === undefined || base.name.startsWith('$') ? undefined : this.scope.lookup(base.name);
    if (entry?.kind === 'bits') {
      const { cells, scalar } = this.cellsOfExpression(s.value);
      this.scope.declare(
        { kind: 'bits', name: s.name.name, cells, scalar, access: entry.access, alias: true },
        s.name.span,
      );
      return;
    }
    const list = this.qubitsOf(s.value);
    const labels = list.qubits.map(list.label);
    this.scope.declare(
      { kind: 'qubits', name: s.name.name, qubits: list.qubits, labels, scalar: list.scalar },
      s.name.span,
    );
  }

  private cellsOfExpression(expr: Expression): { cells: BitCell[]; scalar: boolean } {
    if (expr.kind === 'Concatenation') {
      const left = this.cellsOfExpression(expr.left);
      const right = this.cellsOfExpression(expr.right);
      if (right.cells.some((c) => left.cells.includes(c)))
        throw qasmError(expr.span, "a bit appears on both sides of '++'");
      return { cells: [...left.cells, ...right.cells], scalar: false };
    }
    if (expr.kind === 'Identifier') {
      const list = this.cellsOf(expr);
      return { cells: [...list.cells], scalar: list.scalar };
    }
    if (expr.kind === 'IndexExpression') {
      const { base, indices } = flattenIndex(expr);
      if (base.kind !== 'Identifier')
        throw qasmError(expr.span, 'a let alias names registers, slices of them and their concatenations');
      const list = this.cellsOf({ kind: 'IndexedIdentifier', name: base, indices, ...spanOf(expr.span) });
      return { cells: [...list.cells], scalar: list.scalar };
    }
    throw qasmError(expr.span, 'a let alias names registers, slices of them and their concatenations');
  }

  // ---------------------------------------------------------------- gates

  private gateBinding(id: Identifier): GateBinding {
    const name = id.name;
    if (this.body?.name === name) throw qasmError(id.span, `gate '${name}' cannot call itself`);
    const callable = this.scope.callable(name);
    if (callable?.kind === 'gate') return callable.binding;
    const entry = callable ?? this.scope.lookup(name);
    if (entry !== undefined)
      throw qasmError(
        id.span,
        `'${name}' is a ${entry.kind === 'qubits' ? 'qubit register' : entry.kind}, not a gate`,
      );
    let hint = '';
    if (this.version === '3.0' && stdgatesGates().has(name) && !this.includedBuiltins.has(STDGATES_INC))
      hint = `: include "${STDGATES_INC}" for the standard gates`;
    if (this.version === '2.0' && !this.includedBuiltins.has(QELIB1_INC))
      hint = `: include "${QELIB1_INC}" for the standard gates`;
    throw qasmError(id.span, `unknown gate '${name}'${hint}`);
  }

  private applyGate(
    name: string,
    nameSpan: Span | undefined,
    binding: GateBinding,
    modifierNodes: readonly QuantumGateModifier[],
    argNodes: readonly Expression[],
    operandNodes: readonly QubitOperand[],
    at: Span | undefined,
  ): void {
    const modifiers = modifierNodes.map((m) => this.modifier(m));
    const controls = modifiers.reduce(
      (n, m) => (m.kind === 'ctrl' || m.kind === 'negctrl' ? n + m.count : n),
      0,
    );
    const args = argNodes.map((a) => this.value(a));
    checkParameterCount(name, binding, args.length, nameSpan);
    checkQubitCount(name, binding, controls, operandNodes.length, nameSpan);
    const operands = operandNodes.map((q) => this.qubitsOf(q));
    for (const qubits of broadcast(operands, at)) {
      this.forEachCase(
        [...args, ...modifiers.flatMap((m) => (m.kind === 'pow' ? [m.exponent] : []))],
        at,
        'the gate parameters',
        (values) => {
          const params = values
            .slice(0, args.length)
            .map((v, i) => this.parameter(v, argNodes[i]?.span ?? at, name));
          const powers = values.slice(args.length);
          const concreteModifiers = modifiers.map((m): Modifier =>
            m.kind === 'pow' ? { kind: 'pow', exponent: this.parameter(powers.shift()!, at, 'pow') } : m,
          );
          const lowered = lowerBinding(name, binding, params, nameSpan);
          this.emitGate(lowered.name, qubits, lowered.params, concreteModifiers, at);
        },
      );
    }
  }

  private modifier(m: QuantumGateModifier): EvaluatedModifier {
    switch (m.modifier) {
      case 'inv':
        return { kind: 'inv' };
      case 'pow':
        if (m.argument === undefined) throw qasmError(m.span, 'pow needs an exponent: pow(k) @');
        return { kind: 'pow', exponent: this.value(m.argument) };
      default:
        return {
          kind: m.modifier,
          count: m.argument === undefined ? 1 : this.size(m.argument, `the ${m.modifier} count`),
        };
    }
  }

  private defineGate(s: QuantumGateDefinition): void {
    const name = s.name.name;
    this.scope.assertFree(name, s.name.span);
    const names = [...s.params, ...s.qubits];
    names.forEach((id, i) => {
      if (names.findIndex((other) => other.name === id.name) !== i)
        throw qasmError(id.span, `'${id.name}' is declared twice in gate '${name}'`);
    });
    const circuitName = this.names.gate(name);
    const params = s.params.map((p) => p.name);
    positioned(s.span, () =>
      this.circuit.defineGate(circuitName, { params, qubits: s.qubits.length }, (builder, ...exprs) =>
        this.scope.definition('gate', name, () => {
          s.params.forEach((p, i) =>
            this.scope.declare(
              {
                kind: 'variable',
                name: p.name,
                type: { kind: 'angle' },
                value: {
                  kind: 'symbolic',
                  type: { kind: 'float' },
                  expr: exprs[i] as Exclude<ParamValue, number>,
                },
                access: 'const',
              },
              p.span,
            ),
          );
          s.qubits.forEach((q, i) =>
            this.scope.declare(
              { kind: 'qubits', name: q.name, qubits: [i], labels: [q.name], scalar: true },
              q.span,
            ),
          );
          const saved = { body: this.body, loopDepth: this.loopDepth };
          this.body = { builder, name };
          this.loopDepth = 0;
          try {
            this.executeAll(s.body);
          } finally {
            this.body = saved.body;
            this.loopDepth = saved.loopDepth;
          }
        }),
      ),
    );
    this.scope.declare(
      {
        kind: 'gate',
        name,
        binding: { kind: 'custom', circuitName, params: s.params.length, qubits: s.qubits.length },
      },
      s.name.span,
    );
  }

  private declareOpaque(s: OpaqueDefinition): void {
    this.requireGlobal('gates', s.span);
    this.scope.declare(
      {
        kind: 'gate',
        name: s.name.name,
        binding: { kind: 'opaque', params: s.params.length, qubits: s.qubits.length },
      },
      s.name.span,
    );
  }

  // ---------------------------------------------------------------- measurement and bits

  private measureStatement(s: QuantumMeasurementStatement): void {
    this.requireCircuit('measure', s.span);
    const qubits = this.qubitsOf(s.measure.operand);
    if (s.target === undefined) {
      const cells = this.bits.localCells(qubits.qubits.length, (i) => `measure[${i}]`);
      this.measureInto(qubits, cells, qubits.scalar, s.span);
      this.bits.release(cells);
      return;
    }
    const id = s.target.kind === 'Identifier' ? s.target : s.target.name;
    const { entry, readonly } = this.scope.resolve(id.name, id.span);
    if (entry.kind === 'bits') {
      const target = this.cellsOf(s.target);
      this.checkWritable(entry, readonly, id);
      this.measureInto(qubits, target.cells, target.scalar, s.span);
      return;
    }
    this.assignTo(s.target, '=', this.initialValue(s.measure), s.span);
  }

  private checkWritable(entry: SymbolEntry, readonly: boolean, id: Identifier): void {
    if (readonly)
      throw qasmError(id.span, `'${id.name}' is global: inside a subroutine global variables are read-only`);
    if (!('access' in entry)) return;
    if (entry.access === 'const')
      throw qasmError(id.span, `'${id.name}' is a constant and cannot be assigned`);
    if (entry.access === 'input') throw qasmError(id.span, `'${id.name}' is an input and cannot be assigned`);
  }

  private assign(s: ClassicalAssignment): void {
    const into =
      s.op === '=' && this.subroutineCall(s.rvalue) !== undefined
        ? this.reportedTarget(this.assignedCells(s.lvalue))
        : undefined;
    this.assignTo(s.lvalue, s.op, this.evaluateInto(s.rvalue, into), s.span);
  }

  /**
   * The cells an assignment writes, when its target is a writable bit variable at global scope
   * whose indices call nothing (they are evaluated again when the assignment is made).
   */
  private assignedCells(lvalue: QubitOperand): readonly BitCell[] | undefined {
    const id = lvalue.kind === 'Identifier' ? lvalue : lvalue.name;
    if (id.name.startsWith('$') || this.scope.enclosing !== undefined) return undefined;
    const entry = this.scope.lookup(id.name);
    if (entry?.kind !== 'bits' || entry.access !== 'mutable' || containsCall(lvalue)) return undefined;
    return this.cellsOf(lvalue).cells;
  }

  /** The subroutine an expression calls, when it is a call of one that returns a value. */
  private subroutineCall(expr: Expression): SubroutineDefinition | undefined {
    if (expr.kind !== 'FunctionCall') return undefined;
    const entry = this.scope.callable(expr.name.name);
    return entry?.kind === 'subroutine' && entry.node.returnType !== undefined ? entry.node : undefined;
  }

  /** `cells` when they are distinct reported bits: bits a subroutine's result can be measured straight into. */
  private reportedTarget(cells: readonly BitCell[] | undefined): readonly BitCell[] | undefined {
    if (cells === undefined || !cells.every((cell) => this.reportedCells.has(cell))) return undefined;
    return new Set(cells).size === cells.length ? cells : undefined;
  }

  /**
   * The value of an assigned expression. A subroutine call whose result goes to reported bits
   * `into` is told so: the bit variable it returns then measures straight into them, as
   * `return measure q` does, since a reported bit cannot be copied from another.
   */
  private evaluateInto(expr: Expression, into: readonly BitCell[] | undefined): Evaluated {
    const node = this.subroutineCall(expr);
    if (into !== undefined && node !== undefined && expr.kind === 'FunctionCall')
      return this.callSubroutine(node, expr.args, expr.span, into)!;
    return this.evaluate(expr);
  }

  private assignTo(
    lvalue: QubitOperand,
    op: ClassicalAssignment['op'],
    rvalue: Evaluated,
    at: Span | undefined,
  ): void {
    const id = lvalue.kind === 'Identifier' ? lvalue : lvalue.name;
    if (id.name.startsWith('$')) throw qasmError(id.span, `physical qubit '${id.name}' cannot be assigned`);
    const { entry, readonly } = this.scope.resolve(id.name, id.span);
    const indices = lvalue.kind === 'Identifier' ? [] : lvalue.indices;
    const combine = (old: Value): Evaluated => {
      if (op === '=') return rvalue;
      const v = rvalue.kind === 'pending' ? this.settle(rvalue) : rvalue;
      return liftBinary(COMPOUND_OPERATORS[op]!, old, v, at);
    };
    const settled = (e: Evaluated): Value => (e.kind === 'pending' ? this.settle(e) : e);
    switch (entry.kind) {
      case 'bits': {
        this.checkWritable(entry, readonly, id);
        const target = this.cellsOf(lvalue);
        this.assignCells(
          target.cells,
          target.scalar,
          combine(this.registerValue(target.cells, target.scalar)),
          at,
        );
        return;
      }
      case 'variable': {
        this.checkWritable(entry, readonly, id);
        if (indices.length === 0) {
          entry.value = this.merged(
            liftConvert(settled(combine(entry.value)), entry.type, at),
            entry.value,
            entry.type,
            at,
          );
          return;
        }
        const old = entry.value;
        const updated = this.withBits(old, indices, settled(combine(this.bitsOfValue(old, indices, at))), at);
        entry.value = this.merged(updated, old, entry.type, at);
        return;
      }
      case 'array': {
        this.checkWritable(entry, readonly, id);
        const { offset, value: old } = this.arrayElement(entry, indices.slice(0, entry.dims.length), at);
        if (indices.length > entry.dims.length)
          throw unsupportedConstruct(at, 'assigning bits of an array element', 'assign the whole element');
        const next = liftConvert(settled(combine(old)), entry.element, at);
        entry.values[offset] = this.merged(next, old, entry.element, at);
        return;
      }
      default:
        throw qasmError(
          id.span,
          `'${id.name}' is a ${entry.kind === 'qubits' ? 'qubit register' : entry.kind} and cannot be assigned`,
        );
    }
  }

  /** `old` with the bits picked by `indices` replaced by `bits`. */
  private withBits(old: Value, indices: readonly IndexElement[], bits: Value, at: Span | undefined): Value {
    const type = valueType(old);
    const width =
      type.kind === 'bit'
        ? (type.size ?? 1)
        : type.kind === 'bool' || type.kind === 'float'
          ? 0
          : (type.size ?? 0);
    if (width === 0) throw qasmError(at, `bits of a ${formatType(type)} cannot be assigned`);
    const positions = this.pick(
      Array.from({ length: width }, (_, i) => i),
      false,
      indices,
      { name: formatType(type), unit: 'bit' },
      at,
    );
    const newBits = liftConvert(
      bits,
      positions.scalar ? { kind: 'bit' } : { kind: 'bit', size: positions.items.length },
      at,
    );
    const write = (o: Concrete, b: Concrete): Concrete => {
      const raw = o.kind === 'bool' || o.kind === 'float' ? 0n : o.value;
      const source = b.kind === 'bool' || b.kind === 'float' ? 0n : b.value;
      const updated = positions.items.reduce(
        (acc, p, i) => (acc & ~(1n << BigInt(p))) | (((source >> BigInt(i)) & 1n) << BigInt(p)),
        raw,
      );
      return o.kind === 'angle'
        ? angleValue(updated, o.size)
        : o.kind === 'bit'
          ? bitValue(updated, o.size)
          : intValue(
              updated,
              o.kind === 'uint' ? 'uint' : 'int',
              type.kind === 'int' || type.kind === 'uint' ? type.size : undefined,
            );
    };
    if (isKnown(old) && isKnown(newBits)) return write(old, newBits);
    if (old.kind === 'symbolic' || newBits.kind === 'symbolic')
      throw qasmError(at, 'bits of a circuit parameter cannot be assigned');
    return {
      kind: 'runtime',
      type,
      reads: readsOf([old, newBits]),
      evaluate: (env) => write(valueAt(old, env), valueAt(newBits, env)),
    };
  }

  private expressionStatement(expr: Expression): void {
    if (expr.kind === 'FunctionCall') {
      const entry = this.scope.callable(expr.name.name);
      if (entry?.kind === 'subroutine') {
        this.callSubroutine(entry.node, expr.args, expr.span);
        return;
      }
    }
    this.evaluate(expr);
  }

  // ---------------------------------------------------------------- control flow

  private branchStatement(s: BranchingStatement): Flow {
    if (this.version === '2.0')
      return this.branch(this.openQasm2Condition(s.condition), s.ifBlock, [], s.span);
    return this.branch(
      liftConvert(this.value(s.condition), { kind: 'bool' }, s.condition.span),
      s.ifBlock,
      s.elseBlock,
      s.span,
    );
  }

  /** OpenQASM 2.0's `if (creg == n)`: the whole register read as an integer. */
  private openQasm2Condition(condition: Expression): Value {
    if (
      condition.kind !== 'BinaryExpression' ||
      condition.op !== '==' ||
      condition.left.kind !== 'Identifier' ||
      condition.right.kind !== 'IntegerLiteral'
    )
      throw qasmError(
        condition.span,
        'OpenQASM 2.0 compares a whole classical register with an integer: if (creg == n)',
      );
    const register = this.cellsOf(condition.left);
    return liftBinary(
      '==',
      this.registerValue(register.cells, false),
      intValue(BigInt(condition.right.value)),
      condition.span,
    );
  }

  private branch(
    condition: Value,
    thenBlock: readonly Statement[],
    elseBlock: readonly Statement[],
    at: Span | undefined,
  ): Flow {
    if (isKnown(condition)) return this.block(toBool(condition) ? thenBlock : elseBlock);
    if (condition.kind === 'symbolic')
      throw qasmError(
        at,
        'this condition depends on a parameter bound only when the circuit runs; it must be known at import or read measured bits',
      );
    checkFresh(condition.reads, this.bits.generationOf, at);
    const truth = this.truthCubes(condition, at);
    this.runCopies(truth, condition.reads, thenBlock, at);
    if (elseBlock.length > 0) {
      const negated = liftUnary('!', condition, at);
      const falsity = notCubes(truth) ?? (negated.kind === 'runtime' ? this.truthCubes(negated, at) : []);
      this.runCopies(falsity, condition.reads, elseBlock, at);
    }
    return NORMAL;
  }

  /** Runs a block once per cube, each copy conditioned on its cube (and the enclosing branch's). */
  private runCopies(
    cubes: readonly Cube[],
    reads: readonly Read[],
    statements: readonly Statement[],
    at: Span | undefined,
  ): void {
    if (statements.length === 0) return;
    checkCopies(cubes.length, at, 'this condition');
    const copies = andCubes(cubes, [this.context.cube]) ?? [];
    for (const cube of copies) {
      this.inCube(cube, reads, () => {
        const flow = this.block(statements);
        if (flow.kind !== 'normal') {
          throw unsupportedConstruct(
            flow.at,
            `${flow.kind} under a measured condition`,
            'the circuit model cannot end a loop or subroutine on a measured value',
          );
        }
      });
    }
  }

  private countIteration(at: Span | undefined): void {
    this.iterations += 1;
    if (this.iterations > this.limits.loopIterations) {
      throw qasmError(
        at,
        `loop ran more than ${this.limits.loopIterations.toLocaleString('en-US')} iterations in total: the importer unrolls loops, so a loop must end after a number of iterations known at import`,
      );
    }
  }

  private forLoop(s: ForInLoop): Flow {
    const { values, type } = this.loopValues(s);
    this.loopDepth += 1;
    try {
      for (const v of values) {
        this.countIteration(s.span);
        const flow = this.scope.block(() => {
          this.scope.declare(
            {
              kind: 'variable',
              name: s.identifier.name,
              type,
              value: liftConvert(v, type, s.identifier.span),
              access: 'loop',
            },
            s.identifier.span,
          );
          return this.executeAll(s.block);
        });
        if (flow.kind === 'break') break;
        if (flow.kind === 'return') return flow;
      }
    } finally {
      this.loopDepth -= 1;
    }
    return NORMAL;
  }

  private loopValues(s: ForInLoop): { values: Iterable<Value>; type: ScalarType } {
    const declared = s.type === undefined ? undefined : this.scalarType(s.type);
    const set = s.set;
    const loopError = (v: Value, at: Span | undefined): Error =>
      v.kind === 'runtime'
        ? unsupportedConstruct(
            s.span,
            'for loop with measured bounds',
            'the loop bounds depend on a measurement, and the circuit model cannot repeat operations a number of times that a measurement decides',
          )
        : this.notKnown(v, at, 'a loop bound');
    if (set.kind === 'RangeDefinition') {
      if (set.start === undefined || set.end === undefined)
        throw qasmError(
          set.span,
          'a for-loop range needs a start and an end: [start:end] or [start:step:end]',
        );
      const bound = (e: Expression): number => {
        const v = this.value(e);
        if (!isKnown(v)) throw loopError(v, e.span);
        return Number(toNumber(v));
      };
      const start = bound(set.start);
      const step = set.step === undefined ? 1 : bound(set.step);
      const end = bound(set.end);
      if (![start, step, end].every(Number.isInteger))
        throw qasmError(set.span, 'a for-loop range takes integers');
      if (step === 0) throw qasmError(set.step?.span ?? set.span, 'a range step must not be zero');
      const type = declared ?? { kind: 'int' };
      return {
        type,
        values: (function* () {
          for (let i = start; step > 0 ? i <= end : i >= end; i += step) yield intValue(BigInt(i));
        })(),
      };
    }
    if (set.kind === 'DiscreteSet') {
      const values = set.values.map((e) => this.value(e));
      return { values, type: declared ?? (values[0] === undefined ? { kind: 'int' } : valueType(values[0])) };
    }
    if (set.kind === 'Identifier') {
      const entry = this.scope.resolve(set.name, set.span).entry;
      if (entry.kind === 'array') {
        if (entry.dims.length !== 1)
          throw qasmError(set.span, 'a for loop iterates over one-dimensional arrays only');
        return { values: [...entry.values], type: declared ?? entry.element };
      }
    }
    const v = this.value(set);
    const type = valueType(v);
    if (type.kind !== 'bit' || type.size === undefined)
      throw qasmError(
        set.span,
        `a for loop iterates over a range, a set, bits or an array, not ${formatType(type)}`,
      );
    return {
      values: Array.from({ length: type.size }, (_, i) => bitAt(v, i)),
      type: declared ?? { kind: 'bit' },
    };
  }

  private whileLoop(condition: Expression, block: readonly Statement[], at: Span | undefined): Flow {
    this.loopDepth += 1;
    try {
      for (;;) {
        const c = liftConvert(this.value(condition), { kind: 'bool' }, condition.span);
        if (c.kind === 'runtime')
          throw unsupportedConstruct(
            at,
            'while on a measured value',
            'the loop condition depends on a measurement, and the circuit model cannot repeat operations a number of times that a measurement decides',
          );
        if (!isKnown(c)) throw this.notKnown(c, condition.span, 'a while condition');
        if (!toBool(c)) return NORMAL;
        this.countIteration(at);
        const flow = this.block(block);
        if (flow.kind === 'break') return NORMAL;
        if (flow.kind === 'return') return flow;
      }
    } finally {
      this.loopDepth -= 1;
    }
  }

  private switchStatement(s: SwitchStatement): Flow {
    if (s.cases.length === 0) throw qasmError(s.span, 'a switch needs at least one case');
    const target = this.value(s.target);
    const type = valueType(target);
    if (type.kind === 'float' || type.kind === 'angle' || type.kind === 'bool')
      throw qasmError(s.target.span, `a switch takes an integer, not ${formatType(type)}`);
    const seen = new Map<string, Span | undefined>();
    const cases = s.cases.map((c) => ({
      block: c.block,
      values: c.values.map((e) => {
        const v = this.known(e, 'a case value');
        this.checkConstant(e, 'a case value');
        if (v.kind !== 'int' && v.kind !== 'uint' && v.kind !== 'bit')
          throw qasmError(e.span, 'a case value must be an integer');
        const key = String(v.value);
        if (seen.has(key)) throw qasmError(e.span, `case value ${key} appears more than once`);
        seen.set(key, e.span);
        return v;
      }),
    }));
    if (isKnown(target)) {
      const hit = cases.find((c) =>
        c.values.some((v) => toBool(liftBinary('==', target, v, s.span) as Concrete)),
      );
      return this.block(hit?.block ?? s.default ?? []);
    }
    const matchOf = (values: readonly Concrete[]): Value =>
      values.map((v) => liftBinary('==', target, v, s.span)).reduce((a, b) => liftBinary('||', a, b, s.span));
    for (const c of cases) {
      const flow = this.branch(matchOf(c.values), c.block, [], s.span);
      if (flow.kind !== 'normal') return flow;
    }
    if (s.default !== undefined && s.default.length > 0)
      return this.branch(matchOf(cases.flatMap((c) => c.values)), [], s.default, s.span);
    return NORMAL;
  }

  private returnStatement(
    expression: Expression | MeasureExpression | undefined,
    at: Span | undefined,
  ): Flow {
    if (this.scope.enclosing?.kind !== 'subroutine')
      throw qasmError(at, "'return' is only allowed inside a subroutine");
    if (expression === undefined) return { kind: 'return', value: undefined, at };
    if (expression.kind === 'MeasureExpression') {
      this.requireCircuit('measure', at);
      const qubits = this.qubitsOf(expression.operand);
      const pending: PendingMeasure = {
        kind: 'pending',
        qubits: qubits.qubits,
        labels: qubits.qubits.map(qubits.label),
        scalar: qubits.scalar,
        span: expression.span,
      };
      return { kind: 'return', value: pending, at };
    }
    const value = this.evaluate(expression);
    if (value.kind === 'pending') this.forget(value);
    return { kind: 'return', value, at };
  }

  protected callSubroutine(
    node: SubroutineDefinition,
    args: readonly Expression[],
    at: Span | undefined,
    into?: readonly BitCell[],
  ): Evaluated | undefined {
    const name = node.name.name;
    if (this.body !== undefined)
      throw qasmError(at, `subroutine '${name}' cannot be called inside a gate definition`);
    if (args.length !== node.args.length)
      throw qasmError(
        at,
        `subroutine '${name}' takes ${node.args.length} argument${node.args.length === 1 ? '' : 's'}, got ${args.length}`,
      );
    if (this.callDepth >= this.limits.callDepth)
      throw qasmError(
        at,
        `subroutine calls nest more than ${this.limits.callDepth} deep (is '${name}' recursive without end?)`,
      );
    const bindings = this.bindArguments(node, args);
    const flow = this.scope.definition('subroutine', name, () => {
      bindings.forEach(({ entry, at: declaredAt }) => this.scope.declare(entry, declaredAt));
      const saved = { loopDepth: this.loopDepth, returnInto: this.returnInto };
      this.returnInto = returnTarget(node, into);
      this.loopDepth = 0;
      this.callDepth += 1;
      try {
        return this.executeAll(node.body);
      } finally {
        this.loopDepth = saved.loopDepth;
        this.returnInto = saved.returnInto;
        this.callDepth -= 1;
      }
    });
    const result = flow.kind === 'return' ? flow.value : undefined;
    if (node.returnType === undefined) {
      if (result !== undefined)
        throw qasmError(
          flow.kind === 'return' ? flow.at : at,
          `subroutine '${name}' has no return type, so it cannot return a value`,
        );
      return undefined;
    }
    if (result === undefined) throw qasmError(at, `subroutine '${name}' ended without returning a value`);
    const type = this.scalarType(node.returnType);
    if (result.kind === 'pending') {
      if (type.kind === 'bit' && (type.size ?? 1) === result.qubits.length) {
        this.pendings.push(result);
        return result;
      }
      return liftConvert(this.settle(result), type, at);
    }
    return liftConvert(result, type, at);
  }

  private bindArguments(
    node: SubroutineDefinition,
    args: readonly Expression[],
  ): { entry: SymbolEntry; at: Span | undefined }[] {
    const used = new Map<number, string>();
    return node.args.map((param, i) => {
      const arg = args[i]!;
      const name = param.name.name;
      if (param.kind === 'QuantumArgument') {
        const list = this.qubitsOf(arg);
        const size = param.size === undefined ? undefined : this.size(param.size, 'a qubit argument size');
        if (size === undefined ? list.qubits.length !== 1 : list.qubits.length !== size) {
          throw qasmError(
            arg.span,
            `argument '${name}' of '${node.name.name}' takes ${size ?? 1} qubit${(size ?? 1) === 1 ? '' : 's'}, got ${list.qubits.length}`,
          );
        }
        for (const q of list.qubits) {
          if (used.has(q))
            throw qasmError(arg.span, `qubit ${list.label(q)} is passed twice to '${node.name.name}'`);
          used.set(q, name);
        }
        return {
          entry: {
            kind: 'qubits',
            name,
            qubits: list.qubits,
            labels: list.qubits.map(list.label),
            scalar: size === undefined,
          },
          at: param.span,
        };
      }
      if (param.type.kind === 'ArrayType')
        return { entry: this.arrayArgument(node, param.type, param.access, arg, name), at: param.span };
      const type = this.scalarType(param.type);
      const value = liftConvert(this.value(arg), type, arg.span);
      return { entry: { kind: 'variable', name, type, value, access: 'mutable' }, at: param.span };
    });
  }

  /** An array argument: the caller's array itself, read-only unless declared `mutable`. */
  private arrayArgument(
    node: SubroutineDefinition,
    type: ArrayType,
    access: 'readonly' | 'mutable' | undefined,
    arg: Expression,
    name: string,
  ): SymbolEntry {
    const source = arg.kind === 'Identifier' ? this.scope.resolve(arg.name, arg.span) : undefined;
    const rank = type.dim === undefined ? type.dimensions.length : this.size(type.dim, 'an array rank');
    const sizes = type.dimensions.map((d) => this.size(d, 'an array dimension'));
    const entry = source?.entry;
    if (
      entry?.kind !== 'array' ||
      entry.dims.length !== rank ||
      (sizes.length > 0 && sizes.join() !== entry.dims.join())
    ) {
      const shape =
        sizes.length > 0 ? `[${sizes.join(', ')}]` : `of ${rank} dimension${rank === 1 ? '' : 's'}`;
      throw qasmError(arg.span, `argument '${name}' of '${node.name.name}' takes an array ${shape}`);
    }
    const element = this.scalarType(type.base);
    if (formatType(element) !== formatType(entry.element))
      throw qasmError(
        arg.span,
        `argument '${name}' of '${node.name.name}' takes an array of ${formatType(element)}, not of ${formatType(entry.element)}`,
      );
    const writable = access === 'mutable' && entry.access === 'mutable' && !source!.readonly;
    return { ...entry, name, access: writable ? 'mutable' : 'const' };
  }

  // ---------------------------------------------------------------- end of program

  /** Gate calls in code that never ran (a subroutine never called, a branch not taken) must name gates too. */
  private checkGateNames(statements: readonly Statement[]): void {
    for (const s of statements) {
      if (s.kind === 'QuantumGate') this.gateBinding(s.name);
      for (const nested of nestedBlocks(s)) this.checkGateNames(nested);
    }
  }

  /** Reported bits must end holding what the circuit's clbits hold. */
  private checkReportedBits(): void {
    for (const cell of this.reportedCells) {
      if (this.bits.isConsistent(cell)) continue;
      throw unsupportedConstruct(
        cell.lastWrite,
        'a reported bit set other than by measurement',
        `bit ${cell.label} would be reported with a value the circuit cannot produce: classical bits receive ` +
          'only measurement results, so a reported bit (a global bit register) cannot be set to 1 or copied from another ' +
          "bit: measure into it, or keep the value in a 'const', a non-bit variable or a bit declared inside a block",
      );
    }
  }
}

/** The bit variable of a subroutine body that measures straight into `clbits`, its caller's bits. */
interface ReturnTarget {
  readonly declaration: ClassicalDeclaration;
  readonly clbits: readonly number[];
}

/**
 * Where a call whose result goes to the reported bits `into` measures: the bit variable the
 * body returns, if it is declared at the top of the body (uninitialised or from a measurement),
 * written only by measurements, never aliased, and returned by the body's only `return`, its
 * last statement. Then the caller's bits end holding exactly what the variable held, and
 * measuring into them directly is the same program.
 */
function returnTarget(
  node: SubroutineDefinition,
  into: readonly BitCell[] | undefined,
): ReturnTarget | undefined {
  const clbits = into?.flatMap((cell) => (cell.clbit === undefined ? [] : [cell.clbit]));
  if (clbits === undefined || clbits.length !== into?.length) return undefined;
  const last = node.body.at(-1);
  if (last?.kind !== 'ReturnStatement' || last.expression?.kind !== 'Identifier') return undefined;
  const name = last.expression.name;
  const [declaration, ...others] = node.body.filter(
    (s): s is ClassicalDeclaration => s.kind === 'ClassicalDeclaration' && s.name.name === name,
  );
  if (declaration === undefined || others.length > 0) return undefined;
  if (declaration.init !== undefined && declaration.init.kind !== 'MeasureExpression') return undefined;
  let returns = 0;
  let written = false;
  const visit = (statements: readonly Statement[]): void => {
    for (const s of statements) {
      if (s.kind === 'ReturnStatement') returns += 1;
      if (s.kind === 'ClassicalAssignment' && operandName(s.lvalue) === name) written = true;
      if (s.kind === 'AliasStatement' && mentions(s.value, name)) written = true;
      nestedBlocks(s).forEach(visit);
    }
  };
  visit(node.body);
  return returns === 1 && !written ? { declaration, clbits } : undefined;
}

const operandName = (operand: QubitOperand): string =>
  operand.kind === 'Identifier' ? operand.name : operand.name.name;

/** Whether a syntax tree has a node that `test` accepts. */
function containsNode(node: unknown, test: (node: { kind?: string; name?: unknown }) => boolean): boolean {
  if (Array.isArray(node)) return node.some((n) => containsNode(n, test));
  if (node === null || typeof node !== 'object') return false;
  if (test(node)) return true;
  return Object.entries(node).some(([key, value]) => key !== 'span' && containsNode(value, test));
}

const mentions = (node: unknown, name: string): boolean =>
  containsNode(node, (n) => n.kind === 'Identifier' && n.name === name);
const containsCall = (node: unknown): boolean => containsNode(node, (n) => n.kind === 'FunctionCall');

function spanOf(span: Span | undefined): { span?: Span } {
  return span === undefined ? {} : { span };
}

/** The identifier a `let` value starts from. */
function baseIdentifier(expr: Expression): Identifier | undefined {
  if (expr.kind === 'Identifier') return expr;
  if (expr.kind === 'IndexExpression') return baseIdentifier(expr.collection);
  if (expr.kind === 'Concatenation') return baseIdentifier(expr.left);
  return undefined;
}

/** The statement lists a statement contains. */
function nestedBlocks(s: Statement): (readonly Statement[])[] {
  switch (s.kind) {
    case 'BranchingStatement':
      return [s.ifBlock, s.elseBlock];
    case 'ForInLoop':
    case 'WhileLoop':
      return [s.block];
    case 'SwitchStatement':
      return [...s.cases.map((c) => c.block), s.default ?? []];
    case 'QuantumGateDefinition':
    case 'SubroutineDefinition':
    case 'CompoundStatement':
    case 'Box':
      return [s.body];
    default:
      return [];
  }
}
