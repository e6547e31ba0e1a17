/**
 * The parser's view of the token stream: lookahead, consuming expected tokens, spans, and the
 * one place syntax errors are made, so every error follows the same position rule:
 *
 * An error points at the first character of the token found, unless that token starts a later
 * line than the previous token while a construct is still open: then the token that is missing
 * belongs at the end of the previous line (`h q[0]` newline `x q[1];`), and the error points
 * just after the previous token. The message always names the token found.
 */
import type { Span } from './ast.js';
import { qasmError, type SourcePosition } from './diagnostics.js';
import type { Keyword, Lexer, SymbolText, Token } from './lexer.js';

/**
 * How deeply statements, blocks and sub-expressions may nest (each counts one level); deeper
 * input is refused before the call stack runs out.
 */
const MAX_NESTING = 256;

export class TokenCursor {
  /** Tokens read ahead of the parser; `buffer[head]` is the current one. */
  private buffer: Token[] = [];
  private head = 0;
  private last: Token | undefined;
  private depth = 0;

  constructor(
    private readonly lexer: Lexer,
    private readonly file: string | undefined,
  ) {}

  /** The token `offset` places ahead (the `eof` token past the end). */
  peek(offset = 0): Token {
    for (;;) {
      const token = this.buffer[this.head + offset];
      if (token !== undefined) return token;
      const tail = this.buffer.at(-1);
      if (tail?.kind === 'eof') return tail;
      this.buffer.push(this.lexer.next());
    }
  }

  /** The last token consumed (the current one before any is). */
  previous(): Token {
    return this.last ?? this.peek();
  }

  next(): Token {
    const token = this.peek();
    if (token.kind === 'eof') return token;
    this.last = token;
    this.head += 1;
    // Drop consumed tokens now and then, so they can be collected.
    if (this.head >= 1024) {
      this.buffer = this.buffer.slice(this.head);
      this.head = 0;
    }
    return token;
  }

  isSymbol(text: SymbolText, offset = 0): boolean {
    const token = this.peek(offset);
    return token.kind === 'symbol' && token.text === text;
  }

  isKeyword(text: Keyword, offset = 0): boolean {
    const token = this.peek(offset);
    return token.kind === 'keyword' && token.text === text;
  }

  acceptSymbol(text: SymbolText): boolean {
    if (!this.isSymbol(text)) return false;
    this.next();
    return true;
  }

  acceptKeyword(text: Keyword): boolean {
    if (!this.isKeyword(text)) return false;
    this.next();
    return true;
  }

  /** Consumes `text`, or fails with `expected '<text>' <context>, found ...`. */
  expectSymbol(text: SymbolText, context: string, hint?: string): Token {
    if (!this.isSymbol(text)) this.fail(`'${text}' ${context}`, hint);
    return this.next();
  }

  expectKeyword(text: Keyword, context: string, hint?: string): Token {
    if (!this.isKeyword(text)) this.fail(`'${text}' ${context}`, hint);
    return this.next();
  }

  /** Consumes an identifier; `what` says which (`the gate name`). */
  expectIdentifier(what: string, hint?: string): Token {
    if (this.peek().kind !== 'identifier') this.fail(`an identifier (${what})`, hint);
    return this.next();
  }

  /** Fails inside a construct: `expected <expected>, found <token>`, positioned by the module's rule. */
  fail(expected: string, hint?: string): never {
    const found = this.peek();
    const previous = this.last;
    const missingAtLineEnd = previous !== undefined && found.line > previous.endLine;
    const at = missingAtLineEnd ? { line: previous.endLine, column: previous.endColumn + 1 } : found;
    throw this.errorAt(at, expected, found, hint);
  }

  /** Fails at the start of `found` itself, where it does not belong (a statement that cannot start so). */
  failAt(found: Token, expected: string, hint?: string): never {
    throw this.errorAt(found, expected, found, hint);
  }

  /** From the start of `start` to the end of the last token consumed. */
  spanFrom(start: Token | Span): Span {
    const end = this.previous();
    return this.span(start, end);
  }

  span(start: Token | Span, end: Token | Span): Span {
    const { line, column } = start;
    const { endLine, endColumn } = end;
    return this.file === undefined
      ? { line, column, endLine, endColumn }
      : { line, column, endLine, endColumn, file: this.file };
  }

  /** Consumes the `)`, `]` or `}` that closes `open`, or fails naming where `open` is. */
  expectClosing(text: ')' | ']' | '}', open: Token, hint?: string): Token {
    if (!this.isSymbol(text))
      this.fail(`'${text}' to close the '${open.text}' at ${open.line}:${open.column}`, hint);
    return this.next();
  }

  /**
   * One nesting level deeper (a statement, block or sub-expression), refusing input nested past
   * `MAX_NESTING` before the stack runs out. No `leave` is needed after an error: parsing stops.
   */
  enter(): void {
    if (this.depth >= MAX_NESTING) {
      const token = this.peek();
      const message = `nesting is too deep: at most ${MAX_NESTING} levels are allowed`;
      throw qasmError(this.position(token), message, { found: token.text });
    }
    this.depth += 1;
  }

  leave(): void {
    this.depth -= 1;
  }

  private errorAt(at: SourcePosition, expected: string, found: Token, hint: string | undefined): Error {
    const message = `expected ${expected}, found ${describe(found)}${hint === undefined ? '' : `; ${hint}`}`;
    return qasmError(this.position(at), message, {
      found: found.kind === 'eof' ? 'end of file' : found.text,
      expected,
    });
  }

  private position(at: SourcePosition): SourcePosition {
    return this.file === undefined
      ? { line: at.line, column: at.column }
      : { line: at.line, column: at.column, file: this.file };
  }
}

/** How a token is named in a message: `'h'`, `end of file`, `string "abc"`. */
function describe(token: Token): string {
  switch (token.kind) {
    case 'eof':
      return 'end of file';
    case 'string':
      return `string ${shorten(token.text)}`;
    case 'pragma':
      return 'a pragma';
    case 'annotation':
      return `annotation '@${token.keyword}'`;
    case 'calibration':
      return 'a calibration block';
    default:
      return `'${shorten(token.text)}'`;
  }
}

function shorten(text: string): string {
  return text.length <= 24 ? text : `${text.slice(0, 21)}...`;
}
