/**
 * Line patterns: the regular expressions verify.json may give to read a testbench's output
 * (`simulation.pass_pattern`, `simulation.fail_pattern`), matched against every line it prints.
 *
 * The user writes the pattern and the testbench that prints the lines, so a pattern must not be
 * able to stall the service: JavaScript's RegExp backtracks, and `(a+)+$` on a line of forty
 * `a`s and a `b` holds the event loop for minutes. So patterns are compiled here to a Thompson
 * NFA and matched by simulating every state at once, one step per character (Thompson 1968; the
 * way RE2 and Go's regexp match): nothing backtracks, and a line costs at most its length times
 * the number of states, both bounded below. The syntax is the subset of JavaScript's that such
 * a machine runs (no backreferences, no lookaround). The sets of states met are cached with the
 * sets each character leads to, so a line the pattern has seen the like of costs a lookup per
 * character.
 *
 * The syntax:
 *
 *     x  \.  \t  \xHH        a character (any non-alphanumeric after `\` is itself)
 *     .  [a-z_]  [^0-9]      any character, a class, a negated class
 *     \d \w \s \D \W \S      digits, word characters, white space, and their complements
 *     ^  $  \b  \B           start and end of the line, a word boundary and its absence
 *     (x)  (?:x)  x|y        groups, alternation
 *     x*  x+  x?  x{n}  x{n,}  x{n,m}   repetition (a trailing `?`, lazy, is accepted and changes nothing)
 *     (?i) at the start      ASCII letters match in either case
 *
 * A pattern is found anywhere in the line unless anchored, as RegExp.test finds it.
 */

/** The longest pattern verify.json takes. */
export const MAX_PATTERN_LENGTH = 256;
/** The largest count of a `{n,m}` repetition. */
export const MAX_REPEAT = 100;
/** The most NFA states a pattern may compile to (a repetition copies its operand's states). */
export const MAX_STATES = 1000;
/** A line is matched on its first this many characters (UTF-16 code units). */
export const MAX_LINE_LENGTH = 4096;

export class LinePatternError extends Error {
  constructor(
    message: string,
    /** The character of the pattern where the problem was found (0-based). */
    readonly position: number,
  ) {
    super(message);
    this.name = 'LinePatternError';
  }
}

// ---------------------------------------------------------------------------------------------
// Parsing: the pattern's text to a tree.

type CharTest = (c: number) => boolean;
type Boundary = (before: number, after: number) => boolean;

type Node =
  | { kind: 'char'; test: CharTest }
  | { kind: 'assert'; test: Boundary }
  | { kind: 'concat'; items: Node[] }
  | { kind: 'alternate'; options: Node[] }
  | { kind: 'repeat'; item: Node; min: number; max: number | null };

/** No character: the position before the first character or after the last. */
const NONE = -1;
const code = (text: string) => text.charCodeAt(0);
const isDigit: CharTest = (c) => c >= 48 && c <= 57;
const isWord: CharTest = (c) => isDigit(c) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
const isSpace: CharTest = (c) => c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0xfeff;
const not =
  (test: CharTest): CharTest =>
  (c) =>
    !test(c);
const atWordBoundary: Boundary = (before, after) =>
  (before !== NONE && isWord(before)) !== (after !== NONE && isWord(after));

const CLASS_ESCAPES: Record<string, CharTest> = {
  d: isDigit,
  D: not(isDigit),
  w: isWord,
  W: not(isWord),
  s: isSpace,
  S: not(isSpace),
};
const CONTROL_ESCAPES: Record<string, number> = { t: 9, n: 10, r: 13, f: 12, v: 11, '0': 0 };

/** ASCII case folding for `(?i)`. */
function caseless(test: CharTest): CharTest {
  return (c) => test(c) || (c >= 65 && c <= 90 && test(c + 32)) || (c >= 97 && c <= 122 && test(c - 32));
}

class Parser {
  private at = 0;

  constructor(
    private readonly text: string,
    private readonly fold: boolean,
    start: number,
  ) {
    this.at = start;
  }

  private fail(message: string, position = this.at): never {
    throw new LinePatternError(`${message} at character ${position + 1}`, position);
  }

  private peek(): string | undefined {
    return this.text[this.at];
  }

  private charNode(test: CharTest): Node {
    return { kind: 'char', test: this.fold ? caseless(test) : test };
  }

  parse(): Node {
    const node = this.alternation();
    if (this.at < this.text.length) this.fail("unmatched ')'");
    return node;
  }

  private alternation(): Node {
    const options = [this.sequence()];
    while (this.peek() === '|') {
      this.at += 1;
      options.push(this.sequence());
    }
    return options.length === 1 ? options[0]! : { kind: 'alternate', options };
  }

  private sequence(): Node {
    const items: Node[] = [];
    for (let next = this.peek(); next !== undefined && next !== '|' && next !== ')'; next = this.peek()) {
      items.push(this.quantified(this.atom()));
    }
    return { kind: 'concat', items };
  }

  private quantified(item: Node): Node {
    const start = this.at;
    const bounds = this.quantifier();
    if (bounds === null) return item;
    if (item.kind === 'assert') this.fail('nothing to repeat', start);
    if (this.peek() === '?') this.at += 1; // lazy: the same lines match
    if (this.quantifierAhead()) this.fail('nothing to repeat');
    return { kind: 'repeat', item, ...bounds };
  }

  private quantifierAhead(): boolean {
    const next = this.peek();
    return (
      next === '*' || next === '+' || next === '?' || (next === '{' && this.braceBounds(this.at) !== null)
    );
  }

  /** `{n}`, `{n,}` or `{n,m}` at `from`, with where it ends; null when there is none. */
  private braceBounds(from: number): { min: number; max: number | null; end: number } | null {
    const match = /^\{(\d{1,4})(,(\d{0,4}))?\}/.exec(this.text.slice(from));
    if (match === null) return null;
    const min = Number(match[1]);
    const max = match[2] === undefined ? min : match[3] === '' ? null : Number(match[3]);
    return { min, max, end: from + match[0].length };
  }

  private quantifier(): { min: number; max: number | null } | null {
    const next = this.peek();
    if (next === '*' || next === '+' || next === '?') {
      this.at += 1;
      return next === '*' ? { min: 0, max: null } : next === '+' ? { min: 1, max: null } : { min: 0, max: 1 };
    }
    if (next !== '{') return null;
    const bounds = this.braceBounds(this.at);
    if (bounds === null)
      this.fail("'{' starts no repetition {n}, {n,} or {n,m} (write \\{ for the character)");
    if (bounds.min > MAX_REPEAT || (bounds.max ?? 0) > MAX_REPEAT) {
      this.fail(`a repetition count above ${MAX_REPEAT}`);
    }
    if (bounds.max !== null && bounds.max < bounds.min) this.fail('a repetition {n,m} with m below n');
    this.at = bounds.end;
    return { min: bounds.min, max: bounds.max };
  }

  private atom(): Node {
    const start = this.at;
    const next = this.text[this.at++]!;
    switch (next) {
      case '(':
        return this.group(start);
      case '[': {
        // Folded before negation: under (?i), [^a] refuses 'A' as well.
        const { members, negated } = this.characterClass(start);
        const test = this.fold ? caseless(members) : members;
        return { kind: 'char', test: negated ? not(test) : test };
      }
      case '.':
        return this.charNode(() => true);
      case '^':
        return { kind: 'assert', test: (before) => before === NONE };
      case '$':
        return { kind: 'assert', test: (_before, after) => after === NONE };
      case '\\':
        return this.escape(start);
      case '*':
      case '+':
      case '?':
        return this.fail('nothing to repeat', start);
      case '{':
        if (this.braceBounds(start) !== null) this.fail('nothing to repeat', start);
        return this.fail("'{' starts no repetition (write \\{ for the character)", start);
      default: {
        const c = this.text.codePointAt(start)!;
        if (c > 0xffff) this.at += 1;
        return this.charNode((d) => d === c);
      }
    }
  }

  private group(start: number): Node {
    if (this.text.startsWith('?:', this.at)) this.at += 2;
    else if (this.peek() === '?') {
      const what =
        this.text.startsWith('?=', this.at) || this.text.startsWith('?!', this.at)
          ? 'lookahead'
          : this.text.startsWith('?<=', this.at) || this.text.startsWith('?<!', this.at)
            ? 'lookbehind'
            : this.text.startsWith('?i)', this.at)
              ? '(?i) other than at the start'
              : 'this group syntax';
      this.fail(`${what} is not supported (use (...) or (?:...))`, start);
    }
    const inner = this.alternation();
    if (this.peek() !== ')') this.fail("unclosed '('", start);
    this.at += 1;
    return inner;
  }

  /** An escape outside a class: a class escape, a boundary, or a character. */
  private escape(start: number): Node {
    const letter = this.text[this.at];
    if (letter === 'b' || letter === 'B') {
      this.at += 1;
      return { kind: 'assert', test: letter === 'b' ? atWordBoundary : (b, a) => !atWordBoundary(b, a) };
    }
    const classTest = letter === undefined ? undefined : CLASS_ESCAPES[letter];
    if (classTest !== undefined) {
      this.at += 1;
      return this.charNode(classTest);
    }
    const c = this.escapedCharacter(start);
    return this.charNode((d) => d === c);
  }

  /** The character an escape stands for (after the `\`); refuses what is not supported. */
  private escapedCharacter(start: number): number {
    const letter = this.text[this.at];
    if (letter === undefined) this.fail("a '\\' at the end of the pattern", start);
    this.at += 1;
    const control = CONTROL_ESCAPES[letter];
    if (control !== undefined && !(letter === '0' && isDigit(code(this.text[this.at] ?? 'x'))))
      return control;
    if (letter === 'x') {
      const hex = /^[0-9A-Fa-f]{2}/.exec(this.text.slice(this.at));
      if (hex === null) this.fail('\\x needs two hexadecimal digits', start);
      this.at += 2;
      return parseInt(hex[0], 16);
    }
    if (/[1-9]/.test(letter)) this.fail('backreferences are not supported', start);
    if (/[A-Za-z0-9]/.test(letter)) this.fail(`the escape \\${letter} is not supported`, start);
    return this.text.codePointAt(this.at - 1)!;
  }

  /** `[...]` after the `[`: its members as one test, and whether the class is negated. */
  private characterClass(start: number): { members: CharTest; negated: boolean } {
    const negated = this.peek() === '^';
    if (negated) this.at += 1;
    const members: CharTest[] = [];
    let first = true;
    for (;;) {
      const next = this.peek();
      if (next === undefined) this.fail("unclosed '['", start);
      if (next === ']' && !first) break;
      if (next === ']') this.fail("an empty class '[]' (write \\] for the character)");
      first = false;
      const low = this.classMember();
      if (this.peek() === '-' && this.text[this.at + 1] !== ']' && this.text[this.at + 1] !== undefined) {
        const dash = this.at;
        this.at += 1;
        const high = this.classMember();
        if (typeof low !== 'number' || typeof high !== 'number') this.fail('a range of a class escape', dash);
        if (high < low) this.fail('a range out of order', dash);
        members.push((c) => c >= low && c <= high);
      } else {
        members.push(typeof low === 'number' ? (c) => c === low : low);
      }
    }
    this.at += 1;
    return { members: (c) => members.some((member) => member(c)), negated };
  }

  /** One character of a class, or a class escape (`\d`) as its test. */
  private classMember(): number | CharTest {
    const start = this.at;
    if (this.text[this.at] !== '\\') {
      const c = this.text.codePointAt(this.at)!;
      this.at += c > 0xffff ? 2 : 1;
      return c;
    }
    this.at += 1;
    const letter = this.text[this.at];
    const classTest = letter === undefined ? undefined : CLASS_ESCAPES[letter];
    if (classTest !== undefined) {
      this.at += 1;
      return classTest;
    }
    if (letter === 'b') {
      this.at += 1;
      return 8; // backspace, as in JavaScript
    }
    return this.escapedCharacter(start);
  }
}

// ---------------------------------------------------------------------------------------------
// Compiling: the tree to NFA states (each repetition's operand copied as often as it is needed).

type State =
  | { kind: 'char'; test: CharTest; next: number }
  | { kind: 'assert'; test: Boundary; next: number }
  | { kind: 'split'; next: number; other: number }
  | { kind: 'match' };

class Compiler {
  readonly states: State[] = [{ kind: 'match' }];

  constructor(private readonly pattern: string) {}

  private add(state: State): number {
    if (this.states.length >= MAX_STATES) {
      throw new LinePatternError(
        `the pattern is too large once its repetitions are expanded (more than ${MAX_STATES} states)`,
        this.pattern.length,
      );
    }
    this.states.push(state);
    return this.states.length - 1;
  }

  /** The state that matches `node`, then continues at `next`. */
  compile(node: Node, next: number): number {
    switch (node.kind) {
      case 'char':
      case 'assert':
        return this.add({ kind: node.kind, test: node.test, next } as State);
      case 'concat':
        return node.items.reduceRight((after, item) => this.compile(item, after), next);
      case 'alternate':
        return node.options
          .map((option) => this.compile(option, next))
          .reduceRight((other, first) => this.add({ kind: 'split', next: first, other }));
      case 'repeat':
        return this.repeat(node.item, node.min, node.max, next);
    }
  }

  private repeat(item: Node, min: number, max: number | null, next: number): number {
    let tail: number;
    if (max === null) {
      // A loop: the split either enters the operand, which comes back to it, or leaves.
      const loop = this.add({ kind: 'split', next: -1, other: next });
      const body = this.compile(item, loop);
      (this.states[loop] as { next: number }).next = body;
      tail = loop;
    } else {
      tail = next;
      for (let optional = max - min; optional > 0; optional -= 1) {
        tail = this.add({ kind: 'split', next: this.compile(item, tail), other: next });
      }
    }
    for (let required = min; required > 0; required -= 1) tail = this.compile(item, tail);
    return tail;
  }
}

// ---------------------------------------------------------------------------------------------
// Matching: every state at once, one character at a time.

export interface LinePattern {
  /** The pattern as written. */
  readonly source: string;
  /** Whether the pattern occurs in `line` (its first MAX_LINE_LENGTH characters). */
  test(line: string): boolean;
}

/**
 * A set of NFA states after the epsilon closure, with the sets it leads to, by character and
 * the kind of character after it, as they are first computed (a lazy DFA, as RE2 builds one).
 */
interface StateSet {
  /** Character states only: what the next character may advance. */
  states: readonly number[];
  /** The match state is in the closure: the pattern occurs. */
  matched: boolean;
  /** By `character * 3 + kind`: an array for ASCII, the common case, a map for the rest. */
  ascii: (StateSet | undefined)[];
  other: Map<number, StateSet>;
}

/**
 * What the assertions see of the character after a position: ^, $, \b and \B only ask whether
 * there is one and whether it is a word character, so three kinds stand for every character.
 */
const AFTER_KINDS = [NONE, code('a'), code(' ')] as const;
const afterKind = (c: number) => (c === NONE ? 0 : isWord(c) ? 1 : 2);

/** Past this many cached sets the cache starts again, so that memory stays bounded. */
const MAX_CACHED_SETS = 2000;

class NfaPattern implements LinePattern {
  private readonly seen: Int32Array;
  private generation = 0;
  private readonly sets = new Map<string, StateSet>();
  private starts: (StateSet | undefined)[] = [];

  constructor(
    readonly source: string,
    private readonly states: readonly State[],
    private readonly start: number,
  ) {
    this.seen = new Int32Array(states.length);
  }

  /**
   * Adds `from` and every state reachable from it without reading a character to `list`;
   * answers true when the match state is among them.
   */
  private close(from: number, list: number[], before: number, after: number): boolean {
    const stack = [from];
    while (stack.length > 0) {
      const index = stack.pop()!;
      if (this.seen[index] === this.generation) continue;
      this.seen[index] = this.generation;
      const state = this.states[index]!;
      switch (state.kind) {
        case 'match':
          return true;
        case 'split':
          stack.push(state.other, state.next);
          break;
        case 'assert':
          if (state.test(before, after)) stack.push(state.next);
          break;
        case 'char':
          list.push(index);
      }
    }
    return false;
  }

  private stateSet(list: number[], matched: boolean): StateSet {
    const key = matched ? 'match' : list.sort((a, b) => a - b).join(',');
    let set = this.sets.get(key);
    if (set === undefined) {
      if (this.sets.size >= MAX_CACHED_SETS) {
        this.sets.clear();
        this.starts = [];
      }
      set = { states: list, matched, ascii: [], other: new Map() };
      this.sets.set(key, set);
    }
    return set;
  }

  /** The states before the first character, whose kind is `kind`. */
  private first(kind: number): StateSet {
    let set = this.starts[kind];
    if (set === undefined) {
      const list: number[] = [];
      this.generation += 1;
      const matched = this.close(this.start, list, NONE, AFTER_KINDS[kind]!);
      set = this.stateSet(list, matched);
      this.starts[kind] = set;
    }
    return set;
  }

  /** The states after reading `c` in `from`, followed by a character of kind `kind`. */
  private step(from: StateSet, c: number, kind: number): StateSet {
    const key = c * 3 + kind;
    let set = c < 128 ? from.ascii[key] : from.other.get(key);
    if (set === undefined) {
      const list: number[] = [];
      const after = AFTER_KINDS[kind]!;
      this.generation += 1;
      let matched = false;
      for (const index of from.states) {
        const state = this.states[index] as { test: CharTest; next: number };
        if (state.test(c) && this.close(state.next, list, c, after)) {
          matched = true;
          break;
        }
      }
      // A new attempt starts at every position: the pattern may occur anywhere.
      matched ||= this.close(this.start, list, c, after);
      set = this.stateSet(list, matched);
      if (c < 128) from.ascii[key] = set;
      else from.other.set(key, set);
    }
    return set;
  }

  test(line: string): boolean {
    const text = line.length > MAX_LINE_LENGTH ? line.slice(0, MAX_LINE_LENGTH) : line;
    const at = (index: number) => (index < text.length ? text.codePointAt(index)! : NONE);
    let c = at(0);
    let current = this.first(afterKind(c));
    for (let index = 0; c !== NONE && !current.matched;) {
      index += c > 0xffff ? 2 : 1;
      const following = at(index);
      current = this.step(current, c, afterKind(following));
      c = following;
    }
    return current.matched;
  }
}

const CASELESS = '(?i)';

/** Compiles `source`, or throws a LinePatternError saying what is wrong and where. */
export function compileLinePattern(source: string): LinePattern {
  if (source.length > MAX_PATTERN_LENGTH) {
    throw new LinePatternError(
      `the pattern is longer than ${MAX_PATTERN_LENGTH} characters`,
      MAX_PATTERN_LENGTH,
    );
  }
  const fold = source.startsWith(CASELESS);
  const tree = new Parser(source, fold, fold ? CASELESS.length : 0).parse();
  const compiler = new Compiler(source);
  const start = compiler.compile(tree, 0);
  return new NfaPattern(source, compiler.states, start);
}
