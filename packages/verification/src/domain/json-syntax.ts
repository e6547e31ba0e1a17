/**
 * Where a JSON text breaks. V8's `JSON.parse` messages mostly quote the text instead of naming an
 * offset, so a file's error could not point at its line; this scanner finds the first character
 * that is not JSON. It keeps its own stack of open containers, so no nesting overflows it.
 */

export interface JsonPosition {
  /** Offset of the first character that is not JSON (the text's length when it ends early). */
  offset: number;
  /** 1-based. */
  line: number;
  /** 1-based, in UTF-16 code units. */
  column: number;
}

const SPACE = new Set([' ', '\t', '\n', '\r']);
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);
const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const HEX = /^[0-9a-fA-F]$/;

function positionOf(text: string, offset: number): JsonPosition {
  const before = text.slice(0, offset);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { offset, line: before.split('\n').length, column: offset - lineStart + 1 };
}

/** The position of the first syntax error in `text`, or undefined when it is valid JSON. */
export function jsonSyntaxError(text: string): JsonPosition | undefined {
  let i = 0;
  const skipSpace = () => {
    while (SPACE.has(text[i] ?? '')) i += 1;
  };
  const literal = (word: string): boolean => {
    for (const character of word) {
      if (text[i] !== character) return false;
      i += 1;
    }
    return true;
  };
  const string = (): boolean => {
    i += 1;
    for (;;) {
      const character = text[i];
      if (character === undefined || character < ' ') return false;
      i += 1;
      if (character === '"') return true;
      if (character !== '\\') continue;
      if (text[i] === 'u') {
        i += 1;
        for (let digit = 0; digit < 4; digit += 1, i += 1) if (!HEX.test(text[i] ?? '')) return false;
      } else if (ESCAPES.has(text[i] ?? '')) {
        i += 1;
      } else {
        return false;
      }
    }
  };
  const scalar = (): boolean => {
    const character = text[i] ?? '';
    if (character === '"') return string();
    if (character === 't') return literal('true');
    if (character === 'f') return literal('false');
    if (character === 'n') return literal('null');
    NUMBER.lastIndex = i;
    const number = NUMBER.exec(text);
    if (number === null) return false;
    i += number[0].length;
    return true;
  };
  /** A member's `"name":`, after which its value follows. */
  const memberName = (): boolean => {
    skipSpace();
    if (text[i] !== '"' || !string()) return false;
    skipSpace();
    return literal(':');
  };

  const open: ('{' | '[')[] = [];
  for (;;) {
    skipSpace();
    const character = text[i];
    if (character === '{' || character === '[') {
      i += 1;
      skipSpace();
      if (text[i] === (character === '{' ? '}' : ']')) {
        i += 1;
      } else {
        open.push(character);
        if (character === '{' && !memberName()) return positionOf(text, i);
        continue;
      }
    } else if (!scalar()) {
      return positionOf(text, i);
    }
    // A value is complete: close what it completes, until a comma asks for the next value.
    for (;;) {
      skipSpace();
      const container = open.at(-1);
      if (container === undefined) return i === text.length ? undefined : positionOf(text, i);
      if (text[i] === (container === '{' ? '}' : ']')) {
        open.pop();
        i += 1;
        continue;
      }
      if (text[i] !== ',') return positionOf(text, i);
      i += 1;
      if (container === '{' && !memberName()) return positionOf(text, i);
      break;
    }
  }
}
