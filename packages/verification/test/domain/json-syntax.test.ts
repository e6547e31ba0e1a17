import { describe, expect, it } from 'vitest';
import { jsonSyntaxError } from '../../src/domain/json-syntax.js';

describe('jsonSyntaxError', () => {
  it.each(['{}', '[]', ' { "a": [1, -2.5e+3, true, false, null, "x\\n\\u00e9"], "b": {} } ', '"text"', '0'])(
    'finds nothing wrong in %s',
    (text) => {
      expect(() => JSON.parse(text) as unknown).not.toThrow();
      expect(jsonSyntaxError(text)).toBeUndefined();
    },
  );

  it.each([
    ['{"a": }', 6],
    ['{"a": 1,}', 8],
    ['[1, 2', 5],
    ['{"a" 1}', 5],
    ['{a: 1}', 1],
    ['[01]', 2],
    ['"bad \\x escape"', 6],
    ['"line\nbreak"', 5],
    ['{} {}', 3],
    ['', 0],
    ['tru', 3],
    ['[1 2]', 3],
  ])('places the error of %j at offset %i', (text, offset) => {
    expect(() => JSON.parse(text) as unknown).toThrow();
    expect(jsonSyntaxError(text)?.offset).toBe(offset);
  });

  it('counts lines and columns from 1', () => {
    expect(jsonSyntaxError('{\n  "a": 1,\n  "b": ]\n}')).toEqual({ offset: 19, line: 3, column: 8 });
  });

  it('survives nesting deeper than any call stack', () => {
    const deep = '['.repeat(200_000);
    expect(jsonSyntaxError(deep)).toEqual({ offset: 200_000, line: 1, column: 200_001 });
  });
});
