/**
 * The OpenQASM 3 / 2.0 lexer: source text to tokens, made one at a time as the parser asks,
 * in one linear pass over the characters (no backtracking), ending with an `eof` token. The
 * reserved words are those of OpenQASM 3 (plus 2.0's `opaque`), in 2.0 programs too.
 *
 * Most of the language is context-free at this level. The few context rules, all taken from
 * the reference grammar's lexer modes, are kept here so the parser sees whole tokens:
 * - a pragma (`pragma ...` or `#pragma ...`) must be the first token on its line and takes the
 *   rest of the line;
 * - an annotation (`@name rest of line`) is an `@` directly followed by a name where a
 *   statement starts (at the file start, or after `;`, `{`, `}`, `else`, a pragma or another
 *   annotation); anywhere else `@` is the modifier symbol of `ctrl @ x`;
 * - after `cal` or `defcal`, the next `{ ... }` (braces balanced) is one `calibration` token
 *   holding the raw text, since its body is in another language;
 * - any quoted text is a `string`: the parser decides whether it is a path (`include`) or a
 *   bitstring (`"0101"` in an expression).
 * Numbers may carry a duration unit (`100ns`, `2.5 us`, `1µs`) or `im` for imaginary numbers.
 * Positions are 1-based; columns count UTF-16 code units, as `showSourceLine` does.
 */
import type { DurationLiteral } from './ast.js';
import { qasmError } from './diagnostics.js';

const KEYWORDS = [
  'OPENQASM',
  'include',
  'defcalgrammar',
  'def',
  'cal',
  'defcal',
  'gate',
  'opaque',
  'extern',
  'box',
  'let',
  'break',
  'continue',
  'if',
  'else',
  'return',
  'for',
  'while',
  'in',
  'switch',
  'case',
  'default',
  'input',
  'output',
  'const',
  'readonly',
  'mutable',
  'qreg',
  'qubit',
  'creg',
  'bool',
  'bit',
  'int',
  'uint',
  'float',
  'angle',
  'complex',
  'array',
  'duration',
  'stretch',
  'gphase',
  'inv',
  'pow',
  'ctrl',
  'negctrl',
  'durationof',
  'delay',
  'reset',
  'measure',
  'barrier',
  '#dim',
] as const;
export type Keyword = (typeof KEYWORDS)[number];

/** Operators and punctuation; the lexer takes the longest that matches. */
export const SYMBOLS = [
  '<<=',
  '>>=',
  '**=',
  '**',
  '++',
  '->',
  '+=',
  '-=',
  '*=',
  '/=',
  '%=',
  '&=',
  '|=',
  '^=',
  '==',
  '!=',
  '<=',
  '>=',
  '<<',
  '>>',
  '&&',
  '||',
  '[',
  ']',
  '{',
  '}',
  '(',
  ')',
  ':',
  ';',
  ',',
  '=',
  '+',
  '-',
  '*',
  '/',
  '%',
  '|',
  '&',
  '^',
  '@',
  '~',
  '!',
  '<',
  '>',
] as const;
export type SymbolText = (typeof SYMBOLS)[number];

export type DurationUnit = DurationLiteral['unit'];

interface TokenBase {
  /** The token's source text. */
  readonly text: string;
  /** 1-based position of the first character. */
  readonly line: number;
  readonly column: number;
  /** 1-based position of the last character (for `eof`, the same as the start). */
  readonly endLine: number;
  readonly endColumn: number;
}

export type Token = TokenBase &
  (
    | { readonly kind: 'identifier' }
    /** `$3` */
    | { readonly kind: 'hardwareQubit' }
    | { readonly kind: 'keyword'; readonly text: Keyword }
    | { readonly kind: 'symbol'; readonly text: SymbolText }
    | { readonly kind: 'integer'; readonly value: number }
    | { readonly kind: 'float'; readonly value: number }
    | { readonly kind: 'imaginary'; readonly value: number }
    | { readonly kind: 'duration'; readonly value: number; readonly unit: DurationUnit }
    | { readonly kind: 'boolean'; readonly value: boolean }
    /** `"..."` or `'...'`; `value` is the text between the quotes. */
    | { readonly kind: 'string'; readonly value: string }
    | { readonly kind: 'pragma'; readonly command: string }
    | { readonly kind: 'annotation'; readonly keyword: string; readonly command?: string }
    /** `{ ... }` after `cal`/`defcal`; `body` is the raw text between the braces. */
    | { readonly kind: 'calibration'; readonly body: string }
    | { readonly kind: 'eof' }
  );

/** All the tokens of `source`, ending with `eof` (the parser pulls them from a `Lexer` instead). */
export function tokenize(source: string, file?: string): Token[] {
  const lexer = new Lexer(source, file);
  const tokens = [lexer.next()];
  while (tokens.at(-1)?.kind !== 'eof') tokens.push(lexer.next());
  return tokens;
}

/** A token's kind-specific fields; `text` and the position come from the source. */
type TokenFields = Token extends infer T ? (T extends Token ? Omit<T, keyof TokenBase> : never) : never;

const KEYWORD_SET: ReadonlySet<string> = new Set(KEYWORDS);
const SYMBOLS_BY_FIRST_CHAR = groupSymbols();
const UNITS: Readonly<Record<string, DurationUnit>> = {
  ns: 'ns',
  us: 'us',
  µs: 'us', // U+00B5 MICRO SIGN, as in the grammar
  μs: 'us', // U+03BC GREEK SMALL LETTER MU, which looks the same
  ms: 'ms',
  s: 's',
  dt: 'dt',
};
/** Tokens after which a statement starts, so `@name` there is an annotation. */
const STATEMENT_BOUNDARIES: ReadonlySet<string> = new Set([';', '{', '}', 'else']);

/** Character codes the lexer compares against. */
const Char = {
  Tab: 9,
  LineFeed: 10,
  CarriageReturn: 13,
  Space: 32,
  Quote: 34,
  Hash: 35,
  Dollar: 36,
  Apostrophe: 39,
  Asterisk: 42,
  Plus: 43,
  Minus: 45,
  Dot: 46,
  Slash: 47,
  Digit0: 48,
  Digit9: 57,
  At: 64,
  Underscore: 95,
  LeftBrace: 123,
  RightBrace: 125,
  ByteOrderMark: 0xfeff,
} as const;

/**
 * Makes tokens one at a time as the parser asks for them, so they can be collected as soon as
 * they are parsed. Throws INVALID_QASM at an unterminated comment, string or calibration block,
 * or a stray character.
 */
export class Lexer {
  private pos = 0;
  private line = 1;
  /** Offset of the first character of the current line. */
  private lineStart = 0;
  /** The token made last, for the context rules. */
  private last: Token | undefined;
  /** Identifier texts, each kept once (see `intern`). */
  private readonly names = new Map<string, string>();
  /** Set by `cal`/`defcal`: the next `{` opens a raw calibration block. */
  private calibrationPending = false;

  constructor(
    private readonly source: string,
    private readonly file: string | undefined,
  ) {
    // A byte-order mark is not part of the first line, as editors count columns.
    if (source.charCodeAt(0) === Char.ByteOrderMark) this.pos = this.lineStart = 1;
  }

  /** The next token; `eof` at the end, and again on every later call. */
  next(): Token {
    this.skipTrivia();
    if (this.pos < this.source.length) return this.token();
    const column = this.column(this.pos);
    const eof: Token = {
      kind: 'eof',
      text: '',
      line: this.line,
      column,
      endLine: this.line,
      endColumn: column,
    };
    this.last = eof;
    return eof;
  }

  private token(): Token {
    const src = this.source;
    const code = src.charCodeAt(this.pos);
    if (isDigit(code) || (code === Char.Dot && isDigit(src.charCodeAt(this.pos + 1)))) return this.number();
    if (code === Char.Quote || code === Char.Apostrophe) return this.string(code);
    if (code === Char.Dollar) return this.hardwareQubit();
    if (code === Char.Hash) return this.hashWord();
    if (code === Char.At && this.atStatementStart() && isIdentifierStart(src, this.pos + 1))
      return this.annotation();
    if (code === Char.LeftBrace && this.calibrationPending) return this.calibrationBlock();
    if (isIdentifierStart(src, this.pos)) return this.word();
    return this.symbol();
  }

  // ------------------------------------------------------------ trivia

  private skipTrivia(): void {
    const src = this.source;
    while (this.pos < src.length) {
      const code = src.charCodeAt(this.pos);
      if (code === Char.Space || code === Char.Tab || code === 12 /* form feed */) this.pos += 1;
      else if (code === Char.LineFeed || code === Char.CarriageReturn) this.newline();
      else if (code === Char.Slash && src.charCodeAt(this.pos + 1) === Char.Slash) this.skipToLineEnd();
      else if (code === Char.Slash && src.charCodeAt(this.pos + 1) === Char.Asterisk) this.blockComment();
      else return;
    }
  }

  /** Consumes one line break (`\n`, `\r\n` or `\r`). */
  private newline(): void {
    if (
      this.source.charCodeAt(this.pos) === Char.CarriageReturn &&
      this.source.charCodeAt(this.pos + 1) === Char.LineFeed
    )
      this.pos += 1;
    this.pos += 1;
    this.line += 1;
    this.lineStart = this.pos;
  }

  private skipToLineEnd(): void {
    while (this.pos < this.source.length && !isLineBreak(this.source.charCodeAt(this.pos))) this.pos += 1;
  }

  private blockComment(): void {
    const line = this.line;
    const column = this.column(this.pos);
    this.pos += 2;
    while (this.pos < this.source.length) {
      const code = this.source.charCodeAt(this.pos);
      if (code === Char.Asterisk && this.source.charCodeAt(this.pos + 1) === Char.Slash) {
        this.pos += 2;
        return;
      }
      if (isLineBreak(code)) this.newline();
      else this.pos += 1;
    }
    throw this.error(
      line,
      column,
      "unterminated comment: expected '*/' before the end of the file",
      '/*',
      "'*/'",
    );
  }

  // ------------------------------------------------------------ numbers

  private number(): Token {
    const start = this.pos;
    const src = this.source;
    const radix = src.charCodeAt(start) === Char.Digit0 ? RADIX_PREFIXES[src[start + 1] ?? ''] : undefined;
    if (radix !== undefined) {
      this.pos += 2;
      if (!isRadixDigit(src.charCodeAt(this.pos), radix))
        throw this.errorHere(
          start,
          `expected ${RADIX_NAMES[radix]} digits after '${src.slice(start, start + 2)}'`,
          src.slice(start, this.pos + 1),
        );
      this.digits((c) => isRadixDigit(c, radix));
      this.numberSuffix(start, false);
      const digits = withoutSeparators(src.slice(start + 2, this.pos));
      return this.push(start, { kind: 'integer', value: parseInt(digits, radix) });
    }

    let isFloat = false;
    if (isDigit(src.charCodeAt(this.pos))) this.digits(isDigit);
    if (src.charCodeAt(this.pos) === Char.Dot) {
      isFloat = true;
      this.pos += 1;
      if (isDigit(src.charCodeAt(this.pos))) this.digits(isDigit);
    }
    if (this.exponentFollows()) {
      isFloat = true;
      this.pos += 1;
      const sign = src.charCodeAt(this.pos);
      if (sign === Char.Plus || sign === Char.Minus) this.pos += 1;
      this.digits(isDigit);
    }
    const numberEnd = this.pos;
    const value = Number(withoutSeparators(src.slice(start, numberEnd)));
    const suffix = this.numberSuffix(start, true);
    if (suffix === undefined)
      return this.push(start, isFloat ? { kind: 'float', value } : { kind: 'integer', value });
    if (suffix === 'im') return this.push(start, { kind: 'imaginary', value });
    return this.push(start, { kind: 'duration', value, unit: suffix });
  }

  /** Digits with single `_` separators between them (`1_000`). */
  private digits(isValid: (code: number) => boolean): void {
    const src = this.source;
    this.pos += 1;
    for (;;) {
      const code = src.charCodeAt(this.pos);
      if (isValid(code)) this.pos += 1;
      else if (code === Char.Underscore && isValid(src.charCodeAt(this.pos + 1))) this.pos += 2;
      else if (code === Char.Underscore)
        throw this.errorHere(
          this.pos,
          "expected a digit after '_' in a number",
          src.slice(this.pos, this.pos + 2),
        );
      else return;
    }
  }

  private exponentFollows(): boolean {
    const src = this.source;
    const e = src.charCodeAt(this.pos);
    if (e !== 101 && e !== 69) return false; // 'e' or 'E'
    const next = src.charCodeAt(this.pos + 1);
    if (isDigit(next)) return true;
    return (next === Char.Plus || next === Char.Minus) && isDigit(src.charCodeAt(this.pos + 2));
  }

  /**
   * After a number: a duration unit or `im` (spaces or tabs may come between, as the grammar
   * allows) is consumed and returned. Letters glued to the number that are neither are an error
   * (`2q`); a word after a space is left for the parser.
   */
  private numberSuffix(start: number, unitsAllowed: boolean): DurationUnit | 'im' | undefined {
    const src = this.source;
    let at = this.pos;
    while (src.charCodeAt(at) === Char.Space || src.charCodeAt(at) === Char.Tab) at += 1;
    if (!isIdentifierStart(src, at)) return undefined;
    const wordEnd = identifierEnd(src, at);
    const word = src.slice(at, wordEnd);
    const suffix = word === 'im' ? 'im' : UNITS[word];
    if (unitsAllowed && suffix !== undefined) {
      this.pos = wordEnd;
      return suffix;
    }
    if (at === this.pos)
      throw this.errorHere(
        start,
        `invalid number '${src.slice(start, wordEnd)}': expected a number${unitsAllowed ? ", a duration unit (ns, us, ms, s, dt) or 'im'" : ''} but found '${word}' attached to it`,
        src.slice(start, wordEnd),
      );
    return undefined;
  }

  // ------------------------------------------------------------ words and strings

  private word(): Token {
    const start = this.pos;
    this.pos = identifierEnd(this.source, start);
    const text = this.source.slice(start, this.pos);
    if (text === 'pragma') return this.pragma(start);
    if (text === 'true' || text === 'false')
      return this.push(start, { kind: 'boolean', value: text === 'true' });
    if (KEYWORD_SET.has(text)) {
      if (text === 'cal' || text === 'defcal') this.calibrationPending = true;
      return this.push(start, { kind: 'keyword' }, text);
    }
    return this.push(start, { kind: 'identifier' }, this.intern(text));
  }

  private hardwareQubit(): Token {
    const start = this.pos;
    this.pos += 1;
    if (!isDigit(this.source.charCodeAt(this.pos)))
      throw this.errorHere(start, "expected a physical qubit number after '$' (as in '$0')", '$');
    while (isDigit(this.source.charCodeAt(this.pos))) this.pos += 1;
    return this.push(start, { kind: 'hardwareQubit' });
  }

  /** `#pragma` or `#dim`; any other `#` is a stray character. */
  private hashWord(): Token {
    const start = this.pos;
    const wordEnd = isIdentifierStart(this.source, start + 1)
      ? identifierEnd(this.source, start + 1)
      : start + 1;
    const word = this.source.slice(start, wordEnd);
    if (word === '#pragma') {
      this.pos = wordEnd;
      return this.pragma(start);
    }
    if (word === '#dim') {
      this.pos = wordEnd;
      return this.push(start, { kind: 'keyword' });
    }
    throw this.strayCharacter();
  }

  private string(quote: number): Token {
    const start = this.pos;
    const src = this.source;
    this.pos += 1;
    while (this.pos < src.length && src.charCodeAt(this.pos) !== quote) {
      if (isLineBreak(src.charCodeAt(this.pos))) break;
      this.pos += 1;
    }
    if (src.charCodeAt(this.pos) !== quote)
      throw this.errorHere(
        start,
        `unterminated string: expected a closing ${String.fromCharCode(quote)} before the end of the line`,
        src.slice(start, this.pos),
      );
    this.pos += 1;
    return this.push(start, { kind: 'string', value: src.slice(start + 1, this.pos - 1) });
  }

  // ------------------------------------------------------------ line-based tokens

  private pragma(start: number): Token {
    if (!this.firstOnLine())
      throw this.errorHere(
        start,
        'a pragma must start its own line: expected a line break before it',
        'pragma',
      );
    return this.push(start, { kind: 'pragma', command: this.restOfLine() });
  }

  private annotation(): Token {
    const start = this.pos;
    this.pos = identifierEnd(this.source, start + 1);
    // Dotted names (`@vendor.option`) as in the grammar.
    while (this.source.charCodeAt(this.pos) === Char.Dot && isIdentifierStart(this.source, this.pos + 1))
      this.pos = identifierEnd(this.source, this.pos + 1);
    const keyword = this.source.slice(start + 1, this.pos);
    const command = this.restOfLine();
    return this.push(
      start,
      command === '' ? { kind: 'annotation', keyword } : { kind: 'annotation', keyword, command },
    );
  }

  /** The rest of the line, trimmed; the token ends at its last non-blank character. */
  private restOfLine(): string {
    const from = this.pos;
    this.skipToLineEnd();
    const text = this.source.slice(from, this.pos);
    const trimmed = text.trimEnd();
    this.pos = from + trimmed.length;
    return trimmed.trim();
  }

  private firstOnLine(): boolean {
    const previous = this.last;
    return previous === undefined || previous.endLine < this.line;
  }

  private atStatementStart(): boolean {
    const previous = this.last;
    if (previous === undefined) return true;
    if (previous.kind === 'pragma' || previous.kind === 'annotation' || previous.kind === 'calibration')
      return true;
    return (
      (previous.kind === 'symbol' || previous.kind === 'keyword') && STATEMENT_BOUNDARIES.has(previous.text)
    );
  }

  // ------------------------------------------------------------ symbols and calibration blocks

  private symbol(): Token {
    const start = this.pos;
    const candidates = SYMBOLS_BY_FIRST_CHAR.get(this.source[start] ?? '') ?? [];
    for (const symbol of candidates) {
      if (!this.source.startsWith(symbol, start)) continue;
      if (symbol === ';' || symbol === '}') this.calibrationPending = false;
      this.pos += symbol.length;
      return this.push(start, { kind: 'symbol' }, symbol);
    }
    throw this.strayCharacter();
  }

  /** `{ ... }` with balanced braces, kept as raw text (the calibration grammar is not ours to lex). */
  private calibrationBlock(): Token {
    const start = this.pos;
    const line = this.line;
    const column = this.column(start);
    this.calibrationPending = false;
    let depth = 0;
    while (this.pos < this.source.length) {
      const code = this.source.charCodeAt(this.pos);
      if (code === Char.LeftBrace) depth += 1;
      else if (code === Char.RightBrace) depth -= 1;
      if (depth === 0) {
        const endColumn = this.column(this.pos);
        this.pos += 1;
        const text = this.source.slice(start, this.pos);
        this.last = {
          kind: 'calibration',
          body: text.slice(1, -1),
          text,
          line,
          column,
          endLine: this.line,
          endColumn,
        };
        return this.last;
      }
      if (isLineBreak(code)) this.newline();
      else this.pos += 1;
    }
    throw this.error(
      line,
      column,
      "unterminated calibration block: expected '}' before the end of the file",
      '{',
      "'}'",
    );
  }

  // ------------------------------------------------------------ helpers

  /** One string per distinct name: a program repeats a few names many times, and the tree keeps them. */
  private intern(name: string): string {
    const known = this.names.get(name);
    if (known !== undefined) return known;
    this.names.set(name, name);
    return name;
  }

  private column(offset: number): number {
    return offset - this.lineStart + 1;
  }

  /** Adds a token from `start` to the current position (tokens made here never span lines). */
  private push(start: number, fields: TokenFields, text = this.source.slice(start, this.pos)): Token {
    // The position is added to `fields` in place: spreading it into a new object is many times
    // slower in V8 over a million tokens of different shapes.
    const token = fields as TokenFields & { -readonly [K in keyof TokenBase]?: TokenBase[K] };
    const column = this.column(start);
    token.text = text;
    token.line = this.line;
    token.column = column;
    token.endLine = this.line;
    token.endColumn = column + this.pos - start - 1;
    this.last = token as Token;
    return this.last;
  }

  private strayCharacter(): Error {
    const char = String.fromCodePoint(this.source.codePointAt(this.pos) ?? 0);
    const hex = (char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0');
    return this.errorHere(this.pos, `unexpected character '${char}' (U+${hex})`, char);
  }

  private errorHere(offset: number, message: string, found: string): Error {
    return this.error(this.line, this.column(offset), message, found);
  }

  private error(line: number, column: number, message: string, found: string, expected?: string): Error {
    const at = this.file === undefined ? { line, column } : { line, column, file: this.file };
    return qasmError(at, message, expected === undefined ? { found } : { found, expected });
  }
}

const RADIX_PREFIXES: Readonly<Record<string, number>> = { x: 16, X: 16, o: 8, b: 2, B: 2 };
const RADIX_NAMES: Readonly<Record<number, string>> = { 16: 'hexadecimal', 8: 'octal', 2: 'binary' };

function groupSymbols(): Map<string, SymbolText[]> {
  const groups = new Map<string, SymbolText[]>();
  // SYMBOLS lists longer symbols first, so each group tries the longest match first.
  for (const symbol of SYMBOLS) {
    const first = symbol[0] ?? '';
    groups.set(first, [...(groups.get(first) ?? []), symbol]);
  }
  return groups;
}

function withoutSeparators(digits: string): string {
  return digits.includes('_') ? digits.replaceAll('_', '') : digits;
}

function isDigit(code: number): boolean {
  return code >= Char.Digit0 && code <= Char.Digit9;
}

function isRadixDigit(code: number, radix: number): boolean {
  if (radix === 16) return isDigit(code) || (code >= 97 && code <= 102) || (code >= 65 && code <= 70);
  return code >= Char.Digit0 && code < Char.Digit0 + radix;
}

function isLineBreak(code: number): boolean {
  return code === Char.LineFeed || code === Char.CarriageReturn;
}

const UNICODE_LETTER = /[\p{L}\p{Nl}]/u;

/** `_`, an ASCII letter, or a Unicode letter (categories L and Nl, as in the grammar). */
function isIdentifierStart(source: string, offset: number): boolean {
  const code = source.charCodeAt(offset);
  if (code === Char.Underscore || (code >= 65 && code <= 90) || (code >= 97 && code <= 122)) return true;
  if (code < 128 || Number.isNaN(code)) return false;
  return UNICODE_LETTER.test(String.fromCodePoint(source.codePointAt(offset) ?? 0));
}

/** The offset just after the identifier that starts at `offset`. */
function identifierEnd(source: string, offset: number): number {
  let at = offset;
  while (at < source.length) {
    if (isIdentifierStart(source, at)) at += (source.codePointAt(at) ?? 0) > 0xffff ? 2 : 1;
    else if (isDigit(source.charCodeAt(at))) at += 1;
    else break;
  }
  return at;
}
