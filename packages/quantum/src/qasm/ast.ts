/**
 * The OpenQASM 3 syntax tree (with OpenQASM 2.0's forms), modelled on the language's reference
 * AST (`openqasm3/ast.py`): a closed set of node types with a `kind` discriminant, each with an
 * example of its source. `span` is where the node starts and ends in its file; it is optional
 * and tests compare trees without it (`stripSpans`).
 *
 * The parser builds these nodes and nothing else; meaning (scopes, types, constant folding,
 * lowering to a circuit) is the importer's job, so `defcal`, `extern` and timing constructs
 * parse into nodes here and are rejected there with their position.
 */

/** 1-based line and column of the first and last character; `file` is set for included files. */
export interface Span {
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
  readonly file?: string;
}

interface Node {
  readonly span?: Span;
}

// ---------------------------------------------------------------- expressions

/** `x`, `pi`, `$0` (a physical qubit) */
export interface Identifier extends Node {
  readonly kind: 'Identifier';
  readonly name: string;
}
/** `42`, `0x2a`, `0b101`, `0o52`, `1_000` */
export interface IntegerLiteral extends Node {
  readonly kind: 'IntegerLiteral';
  readonly value: number;
}
/** `1.5`, `.5`, `2e-3` */
export interface FloatLiteral extends Node {
  readonly kind: 'FloatLiteral';
  readonly value: number;
}
/** `2.0im` (complex numbers are parsed; the importer rejects them) */
export interface ImaginaryLiteral extends Node {
  readonly kind: 'ImaginaryLiteral';
  readonly value: number;
}
/** `true`, `false` */
export interface BooleanLiteral extends Node {
  readonly kind: 'BooleanLiteral';
  readonly value: boolean;
}
/** `"0110"`: the first character is the most significant bit, as in OpenQASM 3. */
export interface BitstringLiteral extends Node {
  readonly kind: 'BitstringLiteral';
  readonly value: string;
}
/** `100ns`, `2.5us`, `10dt` */
export interface DurationLiteral extends Node {
  readonly kind: 'DurationLiteral';
  readonly value: number;
  readonly unit: 'ns' | 'us' | 'ms' | 's' | 'dt';
}

export type UnaryOperator = '-' | '!' | '~';
/** `-x`, `!flag`, `~mask` */
export interface UnaryExpression extends Node {
  readonly kind: 'UnaryExpression';
  readonly op: UnaryOperator;
  readonly operand: Expression;
}

export type BinaryOperator =
  | '+'
  | '-'
  | '*'
  | '/'
  | '%'
  | '**'
  | '=='
  | '!='
  | '<'
  | '<='
  | '>'
  | '>='
  | '&&'
  | '||'
  | '&'
  | '|'
  | '^'
  | '<<'
  | '>>';
/** `a + b * c`, `c == 3`, `x << 2` (precedence is resolved by the parser) */
export interface BinaryExpression extends Node {
  readonly kind: 'BinaryExpression';
  readonly op: BinaryOperator;
  readonly left: Expression;
  readonly right: Expression;
}

/** `sin(theta)`, `sqrt(2)`, `sizeof(q)`, `my_def(q[0], 2)` */
export interface FunctionCall extends Node {
  readonly kind: 'FunctionCall';
  readonly name: Identifier;
  readonly args: readonly Expression[];
}

/** `float[64](x)`, `int(b)`, `bool(c)` */
export interface Cast extends Node {
  readonly kind: 'Cast';
  readonly type: ClassicalType;
  readonly argument: Expression;
}

/** `q[0]`, `c[1:3]`, `q[{0, 2}]`, `a[i][j]`: one bracket per `IndexExpression`. */
export interface IndexExpression extends Node {
  readonly kind: 'IndexExpression';
  readonly collection: Expression;
  readonly index: IndexElement;
}

/** Inside one pair of brackets: a set `{0, 2}`, or comma-separated items (`[1, 2:3]` for arrays). */
export type IndexElement = DiscreteSet | readonly (Expression | RangeDefinition)[];

/** `0:2`, `0:2:10`, `:`, `::-1`; `end` is inclusive, as in OpenQASM 3. */
export interface RangeDefinition extends Node {
  readonly kind: 'RangeDefinition';
  readonly start?: Expression;
  readonly end?: Expression;
  readonly step?: Expression;
}

/** `{0, 3, 5}` */
export interface DiscreteSet extends Node {
  readonly kind: 'DiscreteSet';
  readonly values: readonly Expression[];
}

/** `q[0:1] ++ r` (only in `let` aliases) */
export interface Concatenation extends Node {
  readonly kind: 'Concatenation';
  readonly left: Expression;
  readonly right: Expression;
}

/** `measure q[0]`: the right-hand side of `c[0] = measure q[0];`, or a `return` value. */
export interface MeasureExpression extends Node {
  readonly kind: 'MeasureExpression';
  readonly operand: QubitOperand;
}

/** `durationof({ ... })` is not supported; `sizeof` is a `FunctionCall`. */
export type Expression =
  | Identifier
  | IntegerLiteral
  | FloatLiteral
  | ImaginaryLiteral
  | BooleanLiteral
  | BitstringLiteral
  | DurationLiteral
  | UnaryExpression
  | BinaryExpression
  | FunctionCall
  | Cast
  | IndexExpression
  | Concatenation;

/**
 * An assignable or quantum argument: `q`, `q[0]`, `q[1:2]`, `$3`, `a[1][2]`. The indices are
 * kept flat, one element per bracket pair, as the reference AST's `IndexedIdentifier`.
 */
export interface IndexedIdentifier extends Node {
  readonly kind: 'IndexedIdentifier';
  readonly name: Identifier;
  readonly indices: readonly IndexElement[];
}
export type QubitOperand = Identifier | IndexedIdentifier;

// ---------------------------------------------------------------- types

export type ScalarTypeName =
  'bit' | 'int' | 'uint' | 'float' | 'angle' | 'bool' | 'complex' | 'duration' | 'stretch';
/** `bit`, `bit[4]`, `int[32]`, `float[64]`, `angle[20]`, `bool`, `complex[float[64]]` */
export interface ScalarType extends Node {
  readonly kind: 'ScalarType';
  readonly name: ScalarTypeName;
  /** The `[n]` designator; for `complex` the component type's width. */
  readonly size?: Expression;
}
/** `array[int[8], 4, 2]`; as a subroutine argument the dimensions may be `#dim = 2`. */
export interface ArrayType extends Node {
  readonly kind: 'ArrayType';
  readonly base: ScalarType;
  /** The size of each dimension; empty when only their number is given (`dim`). */
  readonly dimensions: readonly Expression[];
  /** `#dim = 2` in a subroutine argument: the number of dimensions, their sizes left open. */
  readonly dim?: Expression;
}
export type ClassicalType = ScalarType | ArrayType;

// ---------------------------------------------------------------- statements

/** `#pragma ...` or `pragma ...` on its own line: the rest of the line, trimmed. */
export interface Pragma extends Node {
  readonly kind: 'Pragma';
  readonly command: string;
}

/** `@bind foo bar` before a statement: the keyword (without `@`) and the rest of the line. */
export interface Annotation extends Node {
  readonly kind: 'Annotation';
  readonly keyword: string;
  readonly command?: string;
}

interface StatementNode extends Node {
  /** Annotations written on the lines before the statement. */
  readonly annotations?: readonly Annotation[];
}

/** `include "stdgates.inc";` */
export interface Include extends StatementNode {
  readonly kind: 'Include';
  readonly path: string;
}

/** `qubit q;`, `qubit[4] q;`, and 2.0's `qreg q[4];` (`legacy` marks the 2.0 form). */
export interface QubitDeclaration extends StatementNode {
  readonly kind: 'QubitDeclaration';
  readonly name: Identifier;
  readonly size?: Expression;
  readonly legacy?: boolean;
}

/** `bit[2] c;`, `int[8] n = 3;`, `bit b = measure q;`, and 2.0's `creg c[2];` (`legacy`). */
export interface ClassicalDeclaration extends StatementNode {
  readonly kind: 'ClassicalDeclaration';
  readonly type: ClassicalType;
  readonly name: Identifier;
  readonly init?: Expression | MeasureExpression;
  readonly legacy?: boolean;
}

/** `const int n = 4;` */
export interface ConstantDeclaration extends StatementNode {
  readonly kind: 'ConstantDeclaration';
  readonly type: ClassicalType;
  readonly name: Identifier;
  readonly init: Expression;
}

/** `input float theta;`, `output bit[2] c;` */
export interface IODeclaration extends StatementNode {
  readonly kind: 'IODeclaration';
  readonly io: 'input' | 'output';
  readonly type: ClassicalType;
  readonly name: Identifier;
}

/** `let pair = q[0:1];`, `let both = a ++ b;` */
export interface AliasStatement extends StatementNode {
  readonly kind: 'AliasStatement';
  readonly name: Identifier;
  readonly value: Expression;
}

export type GateModifierName = 'ctrl' | 'negctrl' | 'inv' | 'pow';
/** `ctrl @`, `ctrl(2) @`, `negctrl @`, `inv @`, `pow(0.5) @` */
export interface QuantumGateModifier extends Node {
  readonly kind: 'QuantumGateModifier';
  readonly modifier: GateModifierName;
  readonly argument?: Expression;
}

/** `h q[0];`, `ctrl @ rx(pi/2) a, b;`, `cx q, r;` (broadcast over registers), `U(t, p, l) q;` */
export interface QuantumGate extends StatementNode {
  readonly kind: 'QuantumGate';
  readonly modifiers: readonly QuantumGateModifier[];
  readonly name: Identifier;
  readonly args: readonly Expression[];
  readonly qubits: readonly QubitOperand[];
  /** `h[100ns] q;` (timing; rejected by the importer) */
  readonly duration?: Expression;
}

/** `gphase(pi/2);`, `ctrl @ gphase(a) q[0];` */
export interface QuantumPhase extends StatementNode {
  readonly kind: 'QuantumPhase';
  readonly modifiers: readonly QuantumGateModifier[];
  readonly argument: Expression;
  readonly qubits: readonly QubitOperand[];
}

/** `measure q;`, `c = measure q;`, `c[0] = measure q[0];`, 2.0's `measure q -> c;` */
export interface QuantumMeasurementStatement extends StatementNode {
  readonly kind: 'QuantumMeasurementStatement';
  readonly measure: MeasureExpression;
  readonly target?: QubitOperand;
  /** Written `measure q -> c;` (the form OpenQASM 2.0 has) rather than `c = measure q;`. */
  readonly arrow?: boolean;
}

/** `reset q[0];` */
export interface QuantumReset extends StatementNode {
  readonly kind: 'QuantumReset';
  readonly qubits: QubitOperand;
}

/** `barrier q;`, `barrier a[0], b;`, `barrier;` (all qubits) */
export interface QuantumBarrier extends StatementNode {
  readonly kind: 'QuantumBarrier';
  readonly qubits: readonly QubitOperand[];
}

/** `delay[100ns] q[0];` */
export interface DelayInstruction extends StatementNode {
  readonly kind: 'DelayInstruction';
  readonly duration: Expression;
  readonly qubits: readonly QubitOperand[];
}

/** `box { ... }`, `box[10us] { ... }` */
export interface Box extends StatementNode {
  readonly kind: 'Box';
  readonly duration?: Expression;
  readonly body: readonly Statement[];
}

/** `gate rzz(theta) a, b { cx a, b; rz(theta) b; cx a, b; }` */
export interface QuantumGateDefinition extends StatementNode {
  readonly kind: 'QuantumGateDefinition';
  readonly name: Identifier;
  readonly params: readonly Identifier[];
  readonly qubits: readonly Identifier[];
  readonly body: readonly Statement[];
}

/** 2.0's `opaque magic(a) q;`: a gate with no body. */
export interface OpaqueDefinition extends StatementNode {
  readonly kind: 'OpaqueDefinition';
  readonly name: Identifier;
  readonly params: readonly Identifier[];
  readonly qubits: readonly Identifier[];
}

export type AssignmentOperator =
  '=' | '+=' | '-=' | '*=' | '/=' | '%=' | '**=' | '&=' | '|=' | '^=' | '<<=' | '>>=';
/** `i += 1;`, `c[0] = 1;`, `theta = theta / 2;` */
export interface ClassicalAssignment extends StatementNode {
  readonly kind: 'ClassicalAssignment';
  readonly op: AssignmentOperator;
  readonly lvalue: QubitOperand;
  readonly rvalue: Expression;
}

/** A call on its own: `flip(q[0]);` */
export interface ExpressionStatement extends StatementNode {
  readonly kind: 'ExpressionStatement';
  readonly expression: Expression;
}

/**
 * `if (c == 1) { x q; } else { z q; }`, `if (c[0]) x q;`, and 2.0's `if (c == 3) x q[0];`.
 * A branch without braces holds one statement.
 */
export interface BranchingStatement extends StatementNode {
  readonly kind: 'BranchingStatement';
  readonly condition: Expression;
  readonly ifBlock: readonly Statement[];
  readonly elseBlock: readonly Statement[];
}

/** `for int i in [0:3] { ... }`, `for uint i in {1, 5} { ... }`, `for i in reg { ... }` */
export interface ForInLoop extends StatementNode {
  readonly kind: 'ForInLoop';
  /** Absent in the older `for i in ...` form. */
  readonly type?: ClassicalType;
  readonly identifier: Identifier;
  readonly set: RangeDefinition | DiscreteSet | Expression;
  readonly block: readonly Statement[];
}

/** `while (i < 3) { ... }` */
export interface WhileLoop extends StatementNode {
  readonly kind: 'WhileLoop';
  readonly condition: Expression;
  readonly block: readonly Statement[];
}

/** `break;` */
export interface BreakStatement extends StatementNode {
  readonly kind: 'BreakStatement';
}
/** `continue;` */
export interface ContinueStatement extends StatementNode {
  readonly kind: 'ContinueStatement';
}

/** `case 0, 1 { ... }` */
export interface SwitchCase extends Node {
  readonly kind: 'SwitchCase';
  readonly values: readonly Expression[];
  readonly block: readonly Statement[];
}
/** `switch (c) { case 0 { x q; } default { } }` */
export interface SwitchStatement extends StatementNode {
  readonly kind: 'SwitchStatement';
  readonly target: Expression;
  readonly cases: readonly SwitchCase[];
  readonly default?: readonly Statement[];
}

/** `float[64] x`, `readonly array[int[8], #dim = 1] a` in a `def` signature. */
export interface ClassicalArgument extends Node {
  readonly kind: 'ClassicalArgument';
  readonly type: ClassicalType;
  readonly name: Identifier;
  readonly access?: 'readonly' | 'mutable';
}
/** `qubit q`, `qubit[2] pair` in a `def` signature. */
export interface QuantumArgument extends Node {
  readonly kind: 'QuantumArgument';
  readonly name: Identifier;
  readonly size?: Expression;
}

/** `def flip(qubit q) -> bit { x q; return measure q; }` */
export interface SubroutineDefinition extends StatementNode {
  readonly kind: 'SubroutineDefinition';
  readonly name: Identifier;
  readonly args: readonly (ClassicalArgument | QuantumArgument)[];
  readonly returnType?: ClassicalType;
  readonly body: readonly Statement[];
}

/** `return;`, `return x + 1;`, `return measure q;` */
export interface ReturnStatement extends StatementNode {
  readonly kind: 'ReturnStatement';
  readonly expression?: Expression | MeasureExpression;
}

/** `extern get_parity(bit[4]) -> bit;` (rejected by the importer) */
export interface ExternDeclaration extends StatementNode {
  readonly kind: 'ExternDeclaration';
  readonly name: Identifier;
  readonly args: readonly ClassicalType[];
  readonly returnType?: ClassicalType;
}

/** `defcalgrammar "openpulse";` (rejected by the importer) */
export interface CalibrationGrammarDeclaration extends StatementNode {
  readonly kind: 'CalibrationGrammarDeclaration';
  readonly name: string;
}
/** `cal { ... }`: the body is kept as raw text (rejected by the importer). */
export interface CalibrationStatement extends StatementNode {
  readonly kind: 'CalibrationStatement';
  readonly body: string;
}
/** `defcal x $0 { ... }`: the signature and body are kept as raw text (rejected by the importer). */
export interface CalibrationDefinition extends StatementNode {
  readonly kind: 'CalibrationDefinition';
  readonly name: Identifier;
  readonly body: string;
}

/** A bare `{ ... }` block, which opens a scope. */
export interface CompoundStatement extends StatementNode {
  readonly kind: 'CompoundStatement';
  readonly body: readonly Statement[];
}

export type Statement =
  | Pragma
  | Include
  | QubitDeclaration
  | ClassicalDeclaration
  | ConstantDeclaration
  | IODeclaration
  | AliasStatement
  | QuantumGate
  | QuantumPhase
  | QuantumMeasurementStatement
  | QuantumReset
  | QuantumBarrier
  | DelayInstruction
  | Box
  | QuantumGateDefinition
  | OpaqueDefinition
  | ClassicalAssignment
  | ExpressionStatement
  | BranchingStatement
  | ForInLoop
  | WhileLoop
  | BreakStatement
  | ContinueStatement
  | SwitchStatement
  | SubroutineDefinition
  | ReturnStatement
  | ExternDeclaration
  | CalibrationGrammarDeclaration
  | CalibrationStatement
  | CalibrationDefinition
  | CompoundStatement;

/** A whole file: `OPENQASM 3.0;` (optional in 3, required in 2.0) and its statements. */
export interface Program extends Node {
  readonly kind: 'Program';
  /** `"3.0"`, `"3"`, `"2.0"`; absent when the file has no version line (read as 3). */
  readonly version?: string;
  readonly statements: readonly Statement[];
}

/** A copy of `node` without any `span`, for comparing trees in tests. */
export function stripSpans<T>(node: T): T {
  if (Array.isArray(node)) return node.map(stripSpans) as T;
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) if (key !== 'span') out[key] = stripSpans(value);
  return out as T;
}
