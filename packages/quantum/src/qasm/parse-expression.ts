/**
 * Everything below the statement level: expressions, index brackets, ranges and sets, qubit
 * operands and classical types.
 *
 * Expressions use precedence climbing over the OpenQASM 3 table (loosest first):
 * `||`, `&&`, `|`, `^`, `&`, `== !=`, `< <= > >=`, `<< >>`, `+ -`, `* / %`, then unary
 * `- ! ~`, then `**` (right-associative; its left operand binds tighter than a unary minus, so
 * `-2**2` is `-(2**2)`, while its right operand may be unary: `2**-1`), then postfix `[...]`,
 * calls and casts. In an OpenQASM 2.0 program `^` is 2.0's power operator and is read as `**`.
 */
import type {
  ArrayType,
  BinaryOperator,
  ClassicalType,
  DiscreteSet,
  Expression,
  Identifier,
  IndexElement,
  QubitOperand,
  RangeDefinition,
  ScalarType,
  ScalarTypeName,
  UnaryOperator,
} from './ast.js';
import { unsupportedConstruct } from './diagnostics.js';
import type { Keyword, Token } from './lexer.js';
import type { TokenCursor } from './parse-cursor.js';

const BINARY_PRECEDENCE: Readonly<Partial<Record<string, number>>> = {
  '||': 1,
  '&&': 2,
  '|': 3,
  '^': 4,
  '&': 5,
  '==': 6,
  '!=': 6,
  '<': 7,
  '<=': 7,
  '>': 7,
  '>=': 7,
  '<<': 8,
  '>>': 8,
  '+': 9,
  '-': 9,
  '*': 10,
  '/': 10,
  '%': 10,
};

const UNARY_OPERATORS: ReadonlySet<string> = new Set<UnaryOperator>(['-', '!', '~']);

/** Keywords that start a classical type (and so a declaration or a cast). */
const TYPE_KEYWORDS: ReadonlySet<string> = new Set<Keyword>([
  'bit',
  'int',
  'uint',
  'float',
  'angle',
  'bool',
  'complex',
  'duration',
  'stretch',
  'array',
]);
/** Scalar types that take a `[width]` designator. */
const SIZED_TYPES: ReadonlySet<string> = new Set<ScalarTypeName>(['bit', 'int', 'uint', 'float', 'angle']);

const BITSTRING_DIGIT = new Set(['0', '1']);

export function isTypeStart(token: Token): boolean {
  return token.kind === 'keyword' && TYPE_KEYWORDS.has(token.text);
}

/** A qubit operand starts with a name or a physical qubit (`$0`). */
export function isOperandStart(token: Token): boolean {
  return token.kind === 'identifier' || token.kind === 'hardwareQubit';
}

export class ExpressionParser {
  /**
   * @param legacy an OpenQASM 2.0 program, where `^` means power.
   */
  constructor(
    private readonly c: TokenCursor,
    private readonly legacy: boolean,
  ) {}

  expression(): Expression {
    const start = this.c.peek();
    return this.binary(this.unary(), start, 1);
  }

  /** The rest of an expression whose first primary (`name`, `f(x)`, `float(x)`) is already parsed. */
  continueFrom(primary: Expression, start: Token): Expression {
    const operand = this.power(this.postfix(primary, start), start);
    return this.binary(operand, start, 1);
  }

  /** `(a, b)` after a call's or gate's name; a trailing comma is allowed, as in the grammar. */
  callArguments(): Expression[] {
    this.c.expectSymbol('(', 'to open the arguments');
    const args: Expression[] = [];
    while (!this.c.isSymbol(')')) {
      args.push(this.expression());
      if (!this.c.acceptSymbol(',')) break;
    }
    this.c.expectSymbol(')', 'to close the arguments', this.argumentHint());
    return args;
  }

  // ------------------------------------------------------------ precedence levels

  private binary(left: Expression, start: Token, minPrecedence: number): Expression {
    let result = left;
    for (;;) {
      const precedence = this.binaryPrecedence(this.c.peek());
      if (precedence === undefined || precedence < minPrecedence) return result;
      const op = this.c.next().text as BinaryOperator;
      const rightStart = this.c.peek();
      let right = this.unary();
      // Climb: anything binding tighter than `op` belongs to its right operand.
      for (;;) {
        const next = this.binaryPrecedence(this.c.peek());
        if (next === undefined || next <= precedence) break;
        right = this.binary(right, rightStart, precedence + 1);
      }
      result = { kind: 'BinaryExpression', op, left: result, right, span: this.c.spanFrom(start) };
    }
  }

  private binaryPrecedence(token: Token): number | undefined {
    if (token.kind !== 'symbol') return undefined;
    if (this.legacy && token.text === '^') return undefined;
    return BINARY_PRECEDENCE[token.text];
  }

  private unary(): Expression {
    this.c.enter();
    const start = this.c.peek();
    let result: Expression;
    if (start.kind === 'symbol' && UNARY_OPERATORS.has(start.text)) {
      this.c.next();
      const operand = this.unary();
      result = {
        kind: 'UnaryExpression',
        op: start.text as UnaryOperator,
        operand,
        span: this.c.spanFrom(start),
      };
    } else {
      result = this.power(this.postfix(this.primary(), start), start);
    }
    this.c.leave();
    return result;
  }

  /** `base ** exponent`, right-associative through `unary`. */
  private power(base: Expression, start: Token): Expression {
    const token = this.c.peek();
    const isPower = token.kind === 'symbol' && (token.text === '**' || (this.legacy && token.text === '^'));
    if (!isPower) return base;
    this.c.next();
    const exponent = this.unary();
    return { kind: 'BinaryExpression', op: '**', left: base, right: exponent, span: this.c.spanFrom(start) };
  }

  private postfix(primary: Expression, start: Token): Expression {
    let result = primary;
    while (this.c.isSymbol('[')) {
      const index = this.indexElement();
      result = { kind: 'IndexExpression', collection: result, index, span: this.c.spanFrom(start) };
    }
    return result;
  }

  private primary(): Expression {
    const token = this.c.peek();
    switch (token.kind) {
      case 'identifier':
      case 'hardwareQubit': {
        const name = this.identifier();
        if (token.kind === 'identifier' && this.c.isSymbol('(')) return this.call(name, token);
        return name;
      }
      case 'integer':
        this.c.next();
        return { kind: 'IntegerLiteral', value: token.value, span: this.c.spanFrom(token) };
      case 'float':
        this.c.next();
        return { kind: 'FloatLiteral', value: token.value, span: this.c.spanFrom(token) };
      case 'imaginary':
        this.c.next();
        return { kind: 'ImaginaryLiteral', value: token.value, span: this.c.spanFrom(token) };
      case 'boolean':
        this.c.next();
        return { kind: 'BooleanLiteral', value: token.value, span: this.c.spanFrom(token) };
      case 'duration':
        this.c.next();
        return {
          kind: 'DurationLiteral',
          value: token.value,
          unit: token.unit,
          span: this.c.spanFrom(token),
        };
      case 'string':
        return this.bitstring(token);
      case 'symbol':
        if (token.text === '(') return this.parenthesised();
        break;
      case 'keyword':
        if (isTypeStart(token)) return this.cast(this.classicalType(), token);
        if (token.text === 'durationof')
          throw unsupportedConstruct(
            this.c.span(token, token),
            'durationof',
            'durations of blocks are not supported',
          );
        if (token.text === 'measure')
          this.c.fail(
            'an expression',
            "a measurement can only stand alone, be assigned ('c = measure q;') or be returned",
          );
        break;
      default:
        break;
    }
    return this.c.fail('an expression');
  }

  private parenthesised(): Expression {
    const open = this.c.next();
    const inner = this.expression();
    this.c.expectClosing(')', open);
    return inner;
  }

  private call(name: Identifier, start: Token): Expression {
    const args = this.callArguments();
    return { kind: 'FunctionCall', name, args, span: this.c.spanFrom(start) };
  }

  /** `float[64](x)`: the type is parsed; a `(` must follow. */
  cast(type: ClassicalType, start: Token): Expression {
    if (!this.c.isSymbol('(')) this.c.fail(`'(' after the type '${typeText(type)}' in a cast`);
    this.c.next();
    const argument = this.expression();
    this.c.expectSymbol(')', 'to close the cast');
    return { kind: 'Cast', type, argument, span: this.c.spanFrom(start) };
  }

  /** `"0110"`; underscores between digits are dropped, as in numbers. */
  private bitstring(token: Token & { kind: 'string' }): Expression {
    const digits = token.value.split('_');
    const valid = digits.every((part) => part.length > 0 && [...part].every((ch) => BITSTRING_DIGIT.has(ch)));
    if (!valid)
      this.c.fail(
        'an expression',
        'a quoted value in an expression must be a bitstring of 0s and 1s, like "0101"',
      );
    this.c.next();
    return { kind: 'BitstringLiteral', value: digits.join(''), span: this.c.spanFrom(token) };
  }

  private argumentHint(): string | undefined {
    return isOperandStart(this.c.peek()) ? 'the qubit operands go after the closing parenthesis' : undefined;
  }

  // ------------------------------------------------------------ indices, ranges, sets

  /** One `[...]`: a set `{0, 2}`, or comma-separated expressions and ranges. */
  indexElement(): IndexElement {
    const open = this.c.expectSymbol('[', 'to open an index');
    if (this.c.isSymbol('{')) {
      const set = this.discreteSet();
      this.c.expectClosing(']', open);
      return set;
    }
    const items: (Expression | RangeDefinition)[] = [this.rangeOrExpression()];
    while (this.c.acceptSymbol(',') && !this.c.isSymbol(']')) items.push(this.rangeOrExpression());
    this.c.expectClosing(']', open);
    return items;
  }

  /** `a`, `a:b`, `a:s:b`, `:`, `::-1` (positional: with two colons the middle part is the step). */
  rangeOrExpression(): Expression | RangeDefinition {
    const start = this.c.peek();
    const first = this.c.isSymbol(':') ? undefined : this.expression();
    if (first !== undefined && !this.c.isSymbol(':')) return first;
    this.c.expectSymbol(':', 'in the range');
    const second = this.rangePart();
    const [step, end] = this.c.acceptSymbol(':') ? [second, this.rangePart()] : [undefined, second];
    return {
      kind: 'RangeDefinition',
      ...(first === undefined ? {} : { start: first }),
      ...(end === undefined ? {} : { end }),
      ...(step === undefined ? {} : { step }),
      span: this.c.spanFrom(start),
    };
  }

  /** One bound of a range, absent before `:`, `,` or `]`. */
  private rangePart(): Expression | undefined {
    if (this.c.isSymbol(':') || this.c.isSymbol(',') || this.c.isSymbol(']')) return undefined;
    return this.expression();
  }

  /** `{0, 3, 5}` */
  discreteSet(): DiscreteSet {
    const open = this.c.expectSymbol('{', 'to open a set');
    const values: Expression[] = [this.expression()];
    while (this.c.acceptSymbol(',') && !this.c.isSymbol('}')) values.push(this.expression());
    this.c.expectClosing('}', open);
    return { kind: 'DiscreteSet', values, span: this.c.spanFrom(open) };
  }

  // ------------------------------------------------------------ names and operands

  /** A name or a physical qubit (`$0`), as an `Identifier`. */
  identifier(what = 'a name'): Identifier {
    const token = this.c.peek();
    if (!isOperandStart(token)) this.c.fail(`an identifier (${what})`);
    this.c.next();
    return { kind: 'Identifier', name: token.text, span: this.c.spanFrom(token) };
  }

  /** `q`, `q[0]`, `q[1:2]`, `$3`, `a[1][2]` */
  operand(what = 'a qubit operand'): QubitOperand {
    const start = this.c.peek();
    if (!isOperandStart(start)) this.c.fail(what);
    const name = this.identifier();
    return this.indexedFrom(name, start);
  }

  /** Indices after a name that is already parsed. */
  indexedFrom(name: Identifier, start: Token): QubitOperand {
    if (!this.c.isSymbol('[')) return name;
    const indices: IndexElement[] = [];
    while (this.c.isSymbol('[')) indices.push(this.indexElement());
    return { kind: 'IndexedIdentifier', name, indices, span: this.c.spanFrom(start) };
  }

  /** `a, b[0], $2` (at least one; a trailing comma is allowed). */
  operandList(): QubitOperand[] {
    const operands = [this.operand()];
    while (this.c.acceptSymbol(',') && isOperandStart(this.c.peek())) operands.push(this.operand());
    return operands;
  }

  // ------------------------------------------------------------ types

  /** `[expr]` after a type or `delay`. */
  designator(context = 'to open the designator'): Expression {
    const open = this.c.expectSymbol('[', context);
    const size = this.expression();
    this.c.expectClosing(']', open);
    return size;
  }

  /** A scalar type or `array[...]`; `allowDim` accepts `#dim = n` (a subroutine's array argument). */
  classicalType(allowDim = false): ClassicalType {
    return this.c.isKeyword('array') ? this.arrayType(allowDim) : this.scalarType();
  }

  scalarType(): ScalarType {
    const token = this.c.peek();
    if (!isTypeStart(token) || token.text === 'array')
      this.c.fail('a scalar type (bit, int, uint, float, angle, bool, ...)');
    this.c.next();
    const name = token.text as ScalarTypeName;
    if (name === 'complex') return this.complexType(token);
    const size = SIZED_TYPES.has(name) && this.c.isSymbol('[') ? this.designator() : undefined;
    return {
      kind: 'ScalarType',
      name,
      ...(size === undefined ? {} : { size }),
      span: this.c.spanFrom(token),
    };
  }

  /** `complex` or `complex[float[64]]`: the size is the float component's width. */
  private complexType(start: Token): ScalarType {
    let size: Expression | undefined;
    if (this.c.acceptSymbol('[')) {
      const componentStart = this.c.peek();
      const component = this.scalarType();
      if (component.name !== 'float')
        this.c.failAt(componentStart, "'float' as the component type of 'complex'");
      size = component.size;
      this.c.expectSymbol(']', "to close 'complex['");
    }
    return {
      kind: 'ScalarType',
      name: 'complex',
      ...(size === undefined ? {} : { size }),
      span: this.c.spanFrom(start),
    };
  }

  /** `array[int[8], 4, 2]`, or in a subroutine argument `array[int[8], #dim = 2]`. */
  private arrayType(allowDim: boolean): ArrayType {
    const start = this.c.next();
    this.c.expectSymbol('[', "after 'array'");
    const base = this.scalarType();
    this.c.expectSymbol(',', 'after the element type of the array', "write 'array[int[8], 4]'");
    if (allowDim && this.c.acceptKeyword('#dim')) {
      this.c.expectSymbol('=', "after '#dim'");
      const dim = this.expression();
      this.c.expectSymbol(']', 'to close the array type');
      return { kind: 'ArrayType', base, dimensions: [], dim, span: this.c.spanFrom(start) };
    }
    const dimensions = [this.expression()];
    while (this.c.acceptSymbol(',') && !this.c.isSymbol(']')) dimensions.push(this.expression());
    this.c.expectSymbol(']', 'to close the array type');
    return { kind: 'ArrayType', base, dimensions, span: this.c.spanFrom(start) };
  }
}

/** A type as written, for messages: `float`, `array`. */
function typeText(type: ClassicalType): string {
  return type.kind === 'ArrayType' ? 'array' : type.name;
}
