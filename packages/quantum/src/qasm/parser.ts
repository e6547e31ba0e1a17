/**
 * The OpenQASM 3 / 2.0 parser: source to the syntax tree of `ast.ts`, nothing more (meaning is
 * the importer's job).
 *
 * Approach: a hand-written recursive descent that follows the reference grammar
 * (`qasm3Parser.g4`), one small method per statement form; `parse-expression.ts` parses
 * expressions, operands and types by precedence climbing, and the lexer (`lexer.ts`) makes the
 * tokens one at a time as they are needed. Everything is linear in the input. A statement is
 * recognised by its first token. The one ambiguity, a statement that starts with a name
 * (`h q;`, `rx(a) q;`, `f(x);`, `c[0] = 1;`, `h[10ns] q;`), is settled by what follows the
 * name, its arguments and its brackets: a qubit operand makes a gate call, an assignment
 * operator an assignment, anything else an expression statement. The version line decides one
 * thing: in an OpenQASM 2.0 program `^` is the power operator. Two valid constructs have no
 * node in the tree and are refused with UNSUPPORTED_QASM_FEATURE: array literals (`{1, 2}` as
 * an initial value) and `durationof`.
 *
 * Errors: the first syntax error throws INVALID_QASM (`qasmError`) naming what was found and
 * what was expected. Position rule (see `parse-cursor.ts`): the error points at the token
 * found, except when a construct is left unfinished at the end of a line (a missing `;`, `)`
 * or `]` before a line break): then it points just after the last token of that line, where
 * the missing token belongs. Lexical errors point at the offending character, or at the start
 * of an unterminated comment, string or calibration block.
 */
import type {
  Annotation,
  AssignmentOperator,
  ClassicalArgument,
  ClassicalType,
  DiscreteSet,
  Expression,
  GateModifierName,
  Identifier,
  MeasureExpression,
  Program,
  QuantumArgument,
  QuantumGateModifier,
  QubitOperand,
  RangeDefinition,
  ScalarType,
  Statement,
  SwitchCase,
} from './ast.js';
import { unsupportedConstruct } from './diagnostics.js';
import { Lexer, type Token } from './lexer.js';
import { TokenCursor } from './parse-cursor.js';
import { ExpressionParser, isOperandStart, isTypeStart } from './parse-expression.js';

export interface ParseOptions {
  /** Path of the source, put into spans and errors (`file:line:column`). */
  readonly file?: string;
}

/** Parses a whole file; throws INVALID_QASM (`qasmError`) at the first syntax error. */
export function parse(source: string, options: ParseOptions = {}): Program {
  const cursor = new TokenCursor(new Lexer(source, options.file), options.file);
  const version = versionLine(cursor);
  const legacy = version !== undefined && version.split('.')[0] === '2';
  const statements = new Parser(cursor, legacy).statementsToEnd();
  const fileStart = { line: 1, column: 1, endLine: 1, endColumn: 1 };
  const span = cursor.span(
    fileStart,
    statements.length === 0 && version === undefined ? fileStart : cursor.previous(),
  );
  return { kind: 'Program', ...(version === undefined ? {} : { version }), statements, span };
}

/** `OPENQASM 3;`, `OPENQASM 3.0;`, `OPENQASM 2.0;`: the version as written, if the line is there. */
function versionLine(c: TokenCursor): string | undefined {
  if (!c.acceptKeyword('OPENQASM')) return undefined;
  const number = c.peek();
  const isVersion = (number.kind === 'integer' || number.kind === 'float') && VERSION.test(number.text);
  if (!isVersion) c.fail("a version number after 'OPENQASM' (such as 3.0)");
  c.next();
  c.expectSymbol(';', 'after the version');
  return number.text;
}

const VERSION = /^\d+(\.\d+)?$/;

/** The empty modifier and argument lists of plain gate calls, shared: large programs are mostly these. */
const NONE: readonly never[] = Object.freeze([]);
const ASSIGNMENT_OPERATORS: ReadonlySet<string> = new Set<AssignmentOperator>([
  '=',
  '+=',
  '-=',
  '*=',
  '/=',
  '%=',
  '**=',
  '&=',
  '|=',
  '^=',
  '<<=',
  '>>=',
]);
const MODIFIERS: ReadonlySet<string> = new Set<GateModifierName>(['ctrl', 'negctrl', 'inv', 'pow']);
/** Tokens that can only start an expression statement (names and type keywords are handled first). */
const EXPRESSION_START_KINDS: ReadonlySet<Token['kind']> = new Set<Token['kind']>([
  'hardwareQubit',
  'integer',
  'float',
  'imaginary',
  'boolean',
  'duration',
  'string',
]);
const EXPRESSION_START_SYMBOLS: ReadonlySet<string> = new Set(['(', '-', '!', '~']);

/** Every statement but a pragma can carry annotations. */
type AnnotatableStatement = Exclude<Statement, { kind: 'Pragma' }>;

class Parser {
  private readonly e: ExpressionParser;

  constructor(
    private readonly c: TokenCursor,
    legacy: boolean,
  ) {
    this.e = new ExpressionParser(c, legacy);
  }

  statementsToEnd(): Statement[] {
    const statements: Statement[] = [];
    while (this.c.peek().kind !== 'eof') statements.push(this.statement());
    return statements;
  }

  // ------------------------------------------------------------ statements in general

  /** A statement with the annotations written before it, or a pragma. */
  private statement(): Statement {
    const annotations = this.annotations();
    const start = this.c.peek();
    const annotationEnds = start.kind === 'eof' || (start.kind === 'symbol' && start.text === '}');
    if (annotations.length > 0 && annotationEnds) this.c.failAt(start, 'a statement after the annotation');
    if (start.kind === 'pragma') {
      if (annotations.length > 0)
        this.c.failAt(start, 'a statement after the annotation', 'a pragma cannot be annotated');
      this.c.next();
      return { kind: 'Pragma', command: start.command, span: this.c.spanFrom(start) };
    }
    this.c.enter();
    const statement = this.unannotated(start);
    this.c.leave();
    return annotations.length === 0 ? statement : { ...statement, annotations };
  }

  private annotations(): Annotation[] {
    const annotations: Annotation[] = [];
    for (let token = this.c.peek(); token.kind === 'annotation'; token = this.c.peek()) {
      this.c.next();
      const { keyword, command } = token;
      const span = this.c.spanFrom(token);
      annotations.push(
        command === undefined
          ? { kind: 'Annotation', keyword, span }
          : { kind: 'Annotation', keyword, command, span },
      );
    }
    return annotations;
  }

  private unannotated(start: Token): AnnotatableStatement {
    switch (start.kind) {
      case 'identifier':
        return this.nameLed(start);
      case 'keyword':
        if (start.text === 'durationof') return this.expressionStatement(this.e.expression(), start);
        return this.keywordLed(start);
      case 'symbol':
        if (start.text === '{') return this.compound();
        if (EXPRESSION_START_SYMBOLS.has(start.text))
          return this.expressionStatement(this.e.expression(), start);
        break;
      default:
        if (EXPRESSION_START_KINDS.has(start.kind))
          return this.expressionStatement(this.e.expression(), start);
    }
    return this.c.failAt(start, 'a statement', statementHint(start));
  }

  private keywordLed(start: Token & { kind: 'keyword' }): AnnotatableStatement {
    switch (start.text) {
      case 'OPENQASM':
        return this.c.failAt(
          start,
          'a statement',
          'the version line must be the first statement of the file',
        );
      case 'include':
        return this.include();
      case 'defcalgrammar':
        return this.calibrationGrammar();
      case 'qubit':
        return this.qubitDeclaration();
      case 'qreg':
        return this.qregDeclaration();
      case 'creg':
        return this.cregDeclaration();
      case 'const':
        return this.constantDeclaration();
      case 'input':
      case 'output':
        return this.ioDeclaration(start.text);
      case 'let':
        return this.alias();
      case 'gate':
        return this.gateDefinition();
      case 'opaque':
        return this.opaqueDefinition();
      case 'def':
        return this.subroutineDefinition();
      case 'extern':
        return this.externDeclaration();
      case 'cal':
        return this.calibration();
      case 'defcal':
        return this.calibrationDefinition();
      case 'if':
        return this.branch();
      case 'for':
        return this.forLoop();
      case 'while':
        return this.whileLoop();
      case 'break':
        this.c.next();
        this.endStatement();
        return { kind: 'BreakStatement', span: this.c.spanFrom(start) };
      case 'continue':
        this.c.next();
        this.endStatement();
        return { kind: 'ContinueStatement', span: this.c.spanFrom(start) };
      case 'switch':
        return this.switchStatement();
      case 'return':
        return this.returnStatement();
      case 'box':
        return this.box();
      case 'delay':
        return this.delay();
      case 'reset':
        return this.reset();
      case 'barrier':
        return this.barrier();
      case 'measure':
        return this.measurement();
      case 'gphase':
      case 'ctrl':
      case 'negctrl':
      case 'inv':
      case 'pow':
        return this.modifiedGateCall();
      default:
        if (isTypeStart(start)) return this.typeLed(start);
        return this.c.failAt(start, 'a statement', statementHint(start));
    }
  }

  /** `;` at the end of a statement. */
  private endStatement(hint?: string): void {
    const increment = this.c.isSymbol('++') ? "there is no '++' operator: write 'i += 1;'" : undefined;
    this.c.expectSymbol(';', 'after the statement', hint ?? increment);
  }

  private expressionStatement(expression: Expression, start: Token): AnnotatableStatement {
    this.endStatement();
    return { kind: 'ExpressionStatement', expression, span: this.c.spanFrom(start) };
  }

  /** `{ ... }`: the statements inside. */
  private block(context = 'to open a block', hint?: string): Statement[] {
    const open = this.c.expectSymbol('{', context, hint);
    this.c.enter();
    const statements: Statement[] = [];
    while (!this.c.isSymbol('}') && this.c.peek().kind !== 'eof') statements.push(this.statement());
    this.c.expectClosing('}', open);
    this.c.leave();
    return statements;
  }

  /** The body of `if`, `else`, `for` and `while`: a braced block or one statement. */
  private body(): Statement[] {
    return this.c.isSymbol('{') ? this.block() : [this.statement()];
  }

  private compound(): AnnotatableStatement {
    const start = this.c.peek();
    const body = this.block();
    return { kind: 'CompoundStatement', body, span: this.c.spanFrom(start) };
  }

  private name(what: string, hint?: string): Identifier {
    const token = this.c.expectIdentifier(what, hint);
    return { kind: 'Identifier', name: token.text, span: this.c.spanFrom(token) };
  }

  // ------------------------------------------------------------ statements that start with a name

  /** `h q;`, `rx(a) q;`, `h[10ns] q;`, `c[0] = 1;`, `x += 1;`, `f(x);`, `c[0] == 1;` */
  private nameLed(start: Token): AnnotatableStatement {
    const name = this.e.identifier();
    if (this.c.isSymbol('(')) {
      const args = this.e.callArguments();
      if (isOperandStart(this.c.peek()) || (this.c.isSymbol('[') && isOperandStart(this.afterBrackets())))
        return this.gateCallRest(start, NONE, name, args);
      const call: Expression = { kind: 'FunctionCall', name, args, span: this.c.spanFrom(start) };
      return this.expressionStatement(this.e.continueFrom(call, start), start);
    }
    if (isOperandStart(this.c.peek())) return this.gateCallRest(start, NONE, name, NONE);
    const after = this.c.isSymbol('[') ? this.afterBrackets() : this.c.peek();
    if (after.kind === 'symbol' && ASSIGNMENT_OPERATORS.has(after.text))
      return this.assignment(this.e.indexedFrom(name, start), start);
    if (isOperandStart(after)) return this.gateCallRest(start, NONE, name, NONE);
    return this.expressionStatement(this.e.continueFrom(name, start), start);
  }

  /** The token after the bracket groups `[...][...]` that start at the current token. */
  private afterBrackets(): Token {
    let depth = 0;
    for (let offset = 0; ; offset += 1) {
      const token = this.c.peek(offset);
      if (token.kind === 'eof') return token;
      if (token.kind === 'symbol' && token.text === '[') depth += 1;
      if (token.kind === 'symbol' && token.text === ']') depth -= 1;
      if (depth === 0 && !this.c.isSymbol('[', offset + 1)) return this.c.peek(offset + 1);
    }
  }

  private assignment(lvalue: QubitOperand, start: Token): AnnotatableStatement {
    const op = this.c.next().text as AssignmentOperator;
    if (this.c.isKeyword('measure')) {
      if (op !== '=') this.c.fail('an expression', "only '=' can assign a measurement");
      const measure = this.measureExpression();
      this.endStatement();
      return { kind: 'QuantumMeasurementStatement', measure, target: lvalue, span: this.c.spanFrom(start) };
    }
    const rvalue = this.e.expression();
    this.endStatement();
    return { kind: 'ClassicalAssignment', op, lvalue, rvalue, span: this.c.spanFrom(start) };
  }

  // ------------------------------------------------------------ gate calls

  /** A gate call that starts with modifiers or `gphase`: `ctrl(2) @ inv @ x a, b, c;` */
  private modifiedGateCall(): AnnotatableStatement {
    const start = this.c.peek();
    const modifiers: QuantumGateModifier[] = [];
    while (this.c.peek().kind === 'keyword' && MODIFIERS.has(this.c.peek().text))
      modifiers.push(this.modifier());
    if (this.c.isKeyword('gphase')) return this.phase(start, modifiers);
    const name = this.name('the gate name');
    const args = this.c.isSymbol('(') ? this.e.callArguments() : [];
    return this.gateCallRest(start, modifiers, name, args);
  }

  private modifier(): QuantumGateModifier {
    const token = this.c.next();
    const modifier = token.text as GateModifierName;
    let argument: Expression | undefined;
    if (modifier === 'pow' || ((modifier === 'ctrl' || modifier === 'negctrl') && this.c.isSymbol('('))) {
      const open = this.c.expectSymbol('(', "after 'pow'", "write the power as 'pow(2) @'");
      argument = this.e.expression();
      this.c.expectClosing(')', open);
    }
    if (!this.c.isSymbol('@')) this.c.fail(`'@' after the '${modifier}' modifier`);
    this.c.next();
    const span = this.c.spanFrom(token);
    return argument === undefined
      ? { kind: 'QuantumGateModifier', modifier, span }
      : { kind: 'QuantumGateModifier', modifier, argument, span };
  }

  /** Arguments are parsed; what is left is `[duration]? operands ;`. */
  private gateCallRest(
    start: Token,
    modifiers: readonly QuantumGateModifier[],
    name: Identifier,
    args: readonly Expression[],
  ): AnnotatableStatement {
    const duration = this.c.isSymbol('[') ? this.e.designator() : undefined;
    if (!isOperandStart(this.c.peek())) this.c.fail(`a qubit operand for '${name.name}'`);
    const qubits = this.e.operandList();
    this.endStatement(this.operandListHint());
    const span = this.c.spanFrom(start);
    // Two literals rather than a conditional spread: this is the hot path of large programs.
    return duration === undefined
      ? { kind: 'QuantumGate', modifiers, name, args, qubits, span }
      : { kind: 'QuantumGate', modifiers, name, args, qubits, duration, span };
  }

  /** `gphase(a);`, `ctrl @ gphase(a) q;` */
  private phase(start: Token, modifiers: QuantumGateModifier[]): AnnotatableStatement {
    this.c.next();
    const open = this.c.expectSymbol('(', "after 'gphase'", "write the angle in parentheses: 'gphase(pi);'");
    const argument = this.e.expression();
    this.c.expectClosing(')', open);
    const qubits = isOperandStart(this.c.peek()) ? this.e.operandList() : [];
    this.endStatement(this.operandListHint());
    return { kind: 'QuantumPhase', modifiers, argument, qubits, span: this.c.spanFrom(start) };
  }

  /** Two operands without a comma between them (`cx a b;`). */
  private operandListHint(): string | undefined {
    return isOperandStart(this.c.peek()) ? "separate the operands with ','" : undefined;
  }

  // ------------------------------------------------------------ quantum instructions

  /** `measure q;`, `measure q -> c;` */
  private measurement(): AnnotatableStatement {
    const start = this.c.peek();
    const measure = this.measureExpression();
    const target = this.c.acceptSymbol('->')
      ? this.e.operand("a classical bit or register after '->'")
      : undefined;
    this.endStatement();
    const span = this.c.spanFrom(start);
    return target === undefined
      ? { kind: 'QuantumMeasurementStatement', measure, span }
      : { kind: 'QuantumMeasurementStatement', measure, target, arrow: true, span };
  }

  private measureExpression(): MeasureExpression {
    const start = this.c.expectKeyword('measure', '');
    const operand = this.e.operand("a qubit operand after 'measure'");
    return { kind: 'MeasureExpression', operand, span: this.c.spanFrom(start) };
  }

  private reset(): AnnotatableStatement {
    const start = this.c.next();
    const qubits = this.e.operand("a qubit operand after 'reset'");
    this.endStatement();
    return { kind: 'QuantumReset', qubits, span: this.c.spanFrom(start) };
  }

  private barrier(): AnnotatableStatement {
    const start = this.c.next();
    const qubits = isOperandStart(this.c.peek()) ? this.e.operandList() : [];
    this.endStatement(this.operandListHint());
    return { kind: 'QuantumBarrier', qubits, span: this.c.spanFrom(start) };
  }

  private delay(): AnnotatableStatement {
    const start = this.c.next();
    const duration = this.e.designator("after 'delay'");
    const qubits = isOperandStart(this.c.peek()) ? this.e.operandList() : [];
    this.endStatement(this.operandListHint());
    return { kind: 'DelayInstruction', duration, qubits, span: this.c.spanFrom(start) };
  }

  private box(): AnnotatableStatement {
    const start = this.c.next();
    const duration = this.c.isSymbol('[') ? this.e.designator() : undefined;
    const body = this.block("to open the box's body");
    return {
      kind: 'Box',
      ...(duration === undefined ? {} : { duration }),
      body,
      span: this.c.spanFrom(start),
    };
  }

  // ------------------------------------------------------------ declarations

  private include(): AnnotatableStatement {
    const start = this.c.next();
    const path = this.string("a file name in quotes after 'include'", 'write include "stdgates.inc";');
    this.endStatement();
    return { kind: 'Include', path, span: this.c.spanFrom(start) };
  }

  private calibrationGrammar(): AnnotatableStatement {
    const start = this.c.next();
    const name = this.string(
      "a grammar name in quotes after 'defcalgrammar'",
      'write defcalgrammar "openpulse";',
    );
    this.endStatement();
    return { kind: 'CalibrationGrammarDeclaration', name, span: this.c.spanFrom(start) };
  }

  private string(expected: string, hint: string): string {
    const token = this.c.peek();
    if (token.kind !== 'string') return this.c.fail(expected, token.kind === 'identifier' ? hint : undefined);
    this.c.next();
    return token.value;
  }

  /** `qubit q;`, `qubit[4] q;` */
  private qubitDeclaration(): AnnotatableStatement {
    const start = this.c.next();
    const size = this.c.isSymbol('[') ? this.e.designator() : undefined;
    const name = this.name('the qubit name');
    this.endStatement(this.sizeAfterNameHint('qubit', name));
    return {
      kind: 'QubitDeclaration',
      name,
      ...(size === undefined ? {} : { size }),
      span: this.c.spanFrom(start),
    };
  }

  /** 2.0's `qreg q[4];` */
  private qregDeclaration(): AnnotatableStatement {
    const start = this.c.next();
    const name = this.name('the register name');
    const size = this.c.isSymbol('[') ? this.e.designator() : undefined;
    this.endStatement();
    return {
      kind: 'QubitDeclaration',
      name,
      ...(size === undefined ? {} : { size }),
      legacy: true,
      span: this.c.spanFrom(start),
    };
  }

  /** 2.0's `creg c[2];`, read as `bit[2] c;` with `legacy`. */
  private cregDeclaration(): AnnotatableStatement {
    const start = this.c.next();
    const name = this.name('the register name');
    const type = this.cregType(start);
    this.endStatement();
    return { kind: 'ClassicalDeclaration', type, name, legacy: true, span: this.c.spanFrom(start) };
  }

  /** A statement that starts with a type: a declaration, or a cast used as a statement. */
  private typeLed(start: Token): AnnotatableStatement {
    const type = this.e.classicalType();
    if (this.c.isSymbol('('))
      return this.expressionStatement(this.e.continueFrom(this.e.cast(type, start), start), start);
    const name = this.name('the variable name');
    const init = this.c.acceptSymbol('=') ? this.declarationValue() : undefined;
    this.endStatement(init === undefined ? this.sizeAfterNameHint(typeName(type), name) : undefined);
    return {
      kind: 'ClassicalDeclaration',
      type,
      name,
      ...(init === undefined ? {} : { init }),
      span: this.c.spanFrom(start),
    };
  }

  /** `qubit q[2];` or `bit c[2];` in OpenQASM 3: the size goes on the type. */
  private sizeAfterNameHint(type: string, name: Identifier): string | undefined {
    if (!this.c.isSymbol('[')) return undefined;
    return `the size goes on the type: '${type}[n] ${name.name};'`;
  }

  /** The value of a declaration: an expression, a concatenation or a measurement. */
  private declarationValue(): Expression | MeasureExpression {
    if (this.c.isKeyword('measure')) return this.measureExpression();
    if (this.c.isSymbol('{')) {
      const token = this.c.peek();
      throw unsupportedConstruct(
        this.c.span(token, token),
        'array literal',
        'initialise the elements one by one',
      );
    }
    return this.concatenation();
  }

  /** `a`, `a ++ b ++ c` (left-associative). */
  private concatenation(): Expression {
    const start = this.c.peek();
    let result = this.e.expression();
    while (this.c.acceptSymbol('++')) {
      const right = this.e.expression();
      result = { kind: 'Concatenation', left: result, right, span: this.c.spanFrom(start) };
    }
    return result;
  }

  private constantDeclaration(): AnnotatableStatement {
    const start = this.c.next();
    const type = this.e.classicalType();
    const name = this.name('the constant name');
    this.c.expectSymbol('=', 'after the constant name', 'a constant needs a value');
    const init = this.concatenation();
    this.endStatement();
    return { kind: 'ConstantDeclaration', type, name, init, span: this.c.spanFrom(start) };
  }

  private ioDeclaration(io: 'input' | 'output'): AnnotatableStatement {
    const start = this.c.next();
    const type = this.e.classicalType();
    const name = this.name(`the ${io} name`);
    this.endStatement(this.c.isSymbol('=') ? `an ${io} cannot have an initial value` : undefined);
    return { kind: 'IODeclaration', io, type, name, span: this.c.spanFrom(start) };
  }

  /** `let a = q[0:1] ++ r;` */
  private alias(): AnnotatableStatement {
    const start = this.c.next();
    const name = this.name('the alias name');
    this.c.expectSymbol('=', 'after the alias name');
    const value = this.concatenation();
    this.endStatement();
    return { kind: 'AliasStatement', name, value, span: this.c.spanFrom(start) };
  }

  // ------------------------------------------------------------ definitions

  private gateDefinition(): AnnotatableStatement {
    const start = this.c.next();
    const name = this.name('the gate name');
    const params = this.c.isSymbol('(') ? this.parameterNames() : [];
    const qubits = this.nameList('a qubit name');
    const missingComma =
      this.c.peek().kind === 'identifier' ? "separate the qubit names with ','" : undefined;
    const body = this.block('to open the gate body', missingComma);
    return { kind: 'QuantumGateDefinition', name, params, qubits, body, span: this.c.spanFrom(start) };
  }

  private opaqueDefinition(): AnnotatableStatement {
    const start = this.c.next();
    const name = this.name('the gate name');
    const params = this.c.isSymbol('(') ? this.parameterNames() : [];
    const qubits = this.nameList('a qubit name');
    this.endStatement(this.c.peek().kind === 'identifier' ? "separate the qubit names with ','" : undefined);
    return { kind: 'OpaqueDefinition', name, params, qubits, span: this.c.spanFrom(start) };
  }

  /** `(a, b)` after a gate's name (may be empty). */
  private parameterNames(): Identifier[] {
    const open = this.c.next();
    const params: Identifier[] = [];
    while (!this.c.isSymbol(')')) {
      params.push(this.name('a parameter name'));
      if (!this.c.acceptSymbol(',')) break;
    }
    this.c.expectClosing(')', open);
    return params;
  }

  /** `a, b, c` (at least one; a trailing comma is allowed). */
  private nameList(what: string): Identifier[] {
    const names = [this.name(what)];
    while (this.c.acceptSymbol(',') && this.c.peek().kind === 'identifier') names.push(this.name(what));
    return names;
  }

  /** `def f(qubit q, float[64] x) -> bit { ... }` */
  private subroutineDefinition(): AnnotatableStatement {
    const start = this.c.next();
    const name = this.name('the subroutine name');
    const open = this.c.expectSymbol('(', 'after the subroutine name');
    const args: (ClassicalArgument | QuantumArgument)[] = [];
    while (!this.c.isSymbol(')')) {
      args.push(this.argument());
      if (!this.c.acceptSymbol(',')) break;
    }
    this.c.expectClosing(')', open);
    const returnType = this.c.acceptSymbol('->') ? this.e.scalarType() : undefined;
    const body = this.block('to open the subroutine body');
    return {
      kind: 'SubroutineDefinition',
      name,
      args,
      ...(returnType === undefined ? {} : { returnType }),
      body,
      span: this.c.spanFrom(start),
    };
  }

  /** One argument of a `def`: `qubit[2] q`, `qreg q[2]`, `creg c[2]`, `float x`, `readonly array[...] a`. */
  private argument(): ClassicalArgument | QuantumArgument {
    const start = this.c.peek();
    if (this.c.acceptKeyword('qubit')) {
      const size = this.c.isSymbol('[') ? this.e.designator() : undefined;
      return this.quantumArgument(start, this.name('the argument name'), size);
    }
    if (this.c.acceptKeyword('qreg')) {
      const name = this.name('the argument name');
      return this.quantumArgument(start, name, this.c.isSymbol('[') ? this.e.designator() : undefined);
    }
    if (this.c.acceptKeyword('creg')) {
      const name = this.name('the argument name');
      const type = this.cregType(start);
      return { kind: 'ClassicalArgument', type, name, span: this.c.spanFrom(start) };
    }
    const access = this.c.acceptKeyword('readonly')
      ? 'readonly'
      : this.c.acceptKeyword('mutable')
        ? 'mutable'
        : undefined;
    if (access !== undefined && !this.c.isKeyword('array')) this.c.fail(`'array' after '${access}'`);
    if (access === undefined && this.c.isKeyword('array'))
      this.c.fail("'readonly' or 'mutable' before an array argument");
    if (!isTypeStart(this.c.peek()))
      this.c.fail('an argument type', "each argument needs a type: 'float[64] x', 'qubit q'");
    const type = this.e.classicalType(true);
    const name = this.name('the argument name');
    const span = this.c.spanFrom(start);
    return access === undefined
      ? { kind: 'ClassicalArgument', type, name, span }
      : { kind: 'ClassicalArgument', type, name, access, span };
  }

  private quantumArgument(start: Token, name: Identifier, size: Expression | undefined): QuantumArgument {
    const span = this.c.spanFrom(start);
    return size === undefined
      ? { kind: 'QuantumArgument', name, span }
      : { kind: 'QuantumArgument', name, size, span };
  }

  /** `creg` with an optional `[n]` after it, read as `bit[n]`. */
  private cregType(start: Token): ScalarType {
    const size = this.c.isSymbol('[') ? this.e.designator() : undefined;
    const span = this.c.spanFrom(start);
    return size === undefined
      ? { kind: 'ScalarType', name: 'bit', span }
      : { kind: 'ScalarType', name: 'bit', size, span };
  }

  /** `extern parity(bit[4]) -> bit;` */
  private externDeclaration(): AnnotatableStatement {
    const start = this.c.next();
    const name = this.name('the function name');
    const open = this.c.expectSymbol('(', 'after the function name');
    const args: ClassicalType[] = [];
    while (!this.c.isSymbol(')')) {
      args.push(this.externArgument());
      if (!this.c.acceptSymbol(',')) break;
    }
    this.c.expectClosing(')', open);
    const returnType = this.c.acceptSymbol('->') ? this.e.scalarType() : undefined;
    this.endStatement();
    return {
      kind: 'ExternDeclaration',
      name,
      args,
      ...(returnType === undefined ? {} : { returnType }),
      span: this.c.spanFrom(start),
    };
  }

  private externArgument(): ClassicalType {
    const start = this.c.peek();
    if (this.c.acceptKeyword('creg')) return this.cregType(start);
    if (this.c.acceptKeyword('readonly') || this.c.acceptKeyword('mutable')) {
      if (!this.c.isKeyword('array')) this.c.fail(`'array' after '${start.text}'`);
      return this.e.classicalType(true);
    }
    return this.e.scalarType();
  }

  /** `cal { ... }` (the body kept as raw text) */
  private calibration(): AnnotatableStatement {
    const start = this.c.next();
    const body = this.calibrationBody();
    return { kind: 'CalibrationStatement', body, span: this.c.spanFrom(start) };
  }

  /** `defcal rx(angle[20] a) $0 { ... }`: the target name and the raw body. */
  private calibrationDefinition(): AnnotatableStatement {
    const start = this.c.next();
    const target = this.c.peek();
    const isTarget =
      target.kind === 'identifier' ||
      (target.kind === 'keyword' &&
        (target.text === 'measure' || target.text === 'reset' || target.text === 'delay'));
    if (!isTarget) this.c.fail('the name of the gate or instruction being calibrated');
    this.c.next();
    const name: Identifier = { kind: 'Identifier', name: target.text, span: this.c.spanFrom(target) };
    // The signature between the name and the body is not kept in the tree; the importer rejects defcal.
    while (this.c.peek().kind !== 'calibration') {
      if (this.c.peek().kind === 'eof' || this.c.isSymbol(';'))
        this.c.fail("'{' to open the calibration body");
      this.c.next();
    }
    const body = this.calibrationBody();
    return { kind: 'CalibrationDefinition', name, body, span: this.c.spanFrom(start) };
  }

  private calibrationBody(): string {
    const token = this.c.peek();
    if (token.kind !== 'calibration') return this.c.fail("'{' to open the calibration body");
    this.c.next();
    return token.body;
  }

  // ------------------------------------------------------------ control flow

  /** `if (c == 1) { ... } else { ... }`, `if (c == 1) x q;`, `else if ...` */
  private branch(): AnnotatableStatement {
    const start = this.c.next();
    const condition = this.condition("'if'");
    const ifBlock = this.body();
    const elseBlock = this.c.acceptKeyword('else') ? this.body() : [];
    return { kind: 'BranchingStatement', condition, ifBlock, elseBlock, span: this.c.spanFrom(start) };
  }

  /** `(expression)` after `if`, `while` or `switch`. */
  private condition(after: string): Expression {
    if (!this.c.isSymbol('(')) this.c.fail(`'(' after ${after}`);
    const open = this.c.next();
    const condition = this.e.expression();
    const hint = this.c.isSymbol('=') ? "did you mean '=='?" : undefined;
    this.c.expectClosing(')', open, hint);
    return condition;
  }

  /** `for int i in [0:3] { ... }`, `for uint i in {1, 5} ...`, `for i in reg ...` */
  private forLoop(): AnnotatableStatement {
    const start = this.c.next();
    const type = isTypeStart(this.c.peek()) ? this.e.scalarType() : undefined;
    const cStyle = this.c.isSymbol('(')
      ? "OpenQASM loops are written 'for int i in [0:3] { ... }'"
      : undefined;
    const identifier = this.name('the loop variable', cStyle);
    this.c.expectKeyword('in', 'after the loop variable');
    const set = this.loopSet();
    const block = this.body();
    return {
      kind: 'ForInLoop',
      ...(type === undefined ? {} : { type }),
      identifier,
      set,
      block,
      span: this.c.spanFrom(start),
    };
  }

  /** `[a:b]`, `[a:s:b]`, `{...}`, or an expression (a register or array). */
  private loopSet(): RangeDefinition | DiscreteSet | Expression {
    if (this.c.isSymbol('{')) return this.e.discreteSet();
    if (this.c.isSymbol('[')) {
      const open = this.c.next();
      const range = this.e.rangeOrExpression();
      if (range.kind !== 'RangeDefinition')
        this.c.fail(
          "':' in the range",
          this.c.isSymbol(',') ? 'a set of values is written in braces: {0, 1}' : undefined,
        );
      this.c.expectClosing(']', open);
      return range;
    }
    const set = this.e.expression();
    if (this.c.isSymbol(':'))
      this.c.fail('a block or statement after the loop set', 'write a range in brackets: [0:3]');
    return set;
  }

  private whileLoop(): AnnotatableStatement {
    const start = this.c.next();
    const condition = this.condition("'while'");
    const block = this.body();
    return { kind: 'WhileLoop', condition, block, span: this.c.spanFrom(start) };
  }

  /** `switch (x) { case 0, 1 { ... } default { ... } }` */
  private switchStatement(): AnnotatableStatement {
    const start = this.c.next();
    const target = this.condition("'switch'");
    const open = this.c.expectSymbol('{', 'to open the switch body');
    const cases: SwitchCase[] = [];
    let defaultBlock: Statement[] | undefined;
    while (!this.c.isSymbol('}')) {
      const caseStart = this.c.peek();
      if (this.c.acceptKeyword('case')) {
        const values = [this.e.expression()];
        while (this.c.acceptSymbol(',') && !this.c.isSymbol('{')) values.push(this.e.expression());
        const colon = this.c.isSymbol(':') ? "a case takes a braced block: 'case 0 { ... }'" : undefined;
        const block = this.block('after the case values', colon);
        cases.push({ kind: 'SwitchCase', values, block, span: this.c.spanFrom(caseStart) });
      } else if (this.c.isKeyword('default')) {
        if (defaultBlock !== undefined)
          this.c.failAt(caseStart, "'case' or '}'", "a switch has at most one 'default'");
        this.c.next();
        const colon = this.c.isSymbol(':') ? "a default takes a braced block: 'default { ... }'" : undefined;
        defaultBlock = this.block("after 'default'", colon);
      } else {
        this.c.fail(`'case', 'default' or '}' to close the switch opened at ${open.line}:${open.column}`);
      }
    }
    this.c.next();
    return {
      kind: 'SwitchStatement',
      target,
      cases,
      ...(defaultBlock === undefined ? {} : { default: defaultBlock }),
      span: this.c.spanFrom(start),
    };
  }

  /** `return;`, `return x + 1;`, `return measure q;` */
  private returnStatement(): AnnotatableStatement {
    const start = this.c.next();
    let expression: Expression | MeasureExpression | undefined;
    if (this.c.isKeyword('measure')) expression = this.measureExpression();
    else if (!this.c.isSymbol(';')) expression = this.e.expression();
    this.endStatement();
    return {
      kind: 'ReturnStatement',
      ...(expression === undefined ? {} : { expression }),
      span: this.c.spanFrom(start),
    };
  }
}

function typeName(type: ClassicalType): string {
  return type.kind === 'ArrayType' ? 'array' : type.name;
}

/** Why a token cannot start a statement, for the common cases. */
function statementHint(token: Token): string | undefined {
  if (token.kind === 'keyword' && token.text === 'else')
    return "'else' must directly follow the body of an 'if'";
  if (token.kind === 'keyword' && (token.text === 'case' || token.text === 'default'))
    return `'${token.text}' belongs inside a switch`;
  if (token.kind === 'symbol' && token.text === '}') return 'there is no open block to close here';
  if (token.kind === 'symbol' && token.text === ';') return 'there is no statement before this semicolon';
  return undefined;
}
