import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compileLinePattern,
  LinePatternError,
  MAX_LINE_LENGTH,
  MAX_PATTERN_LENGTH,
} from '../../src/domain/line-pattern.js';

const matches = (pattern: string, line: string) => compileLinePattern(pattern).test(line);

describe('compileLinePattern', () => {
  it.each([
    ['PASSED', '*** PASSED ***', true],
    ['^PASSED$', '*** PASSED ***', false],
    ['^\\*+ PASSED \\*+$', '*** PASSED ***', true],
    ['a|b', 'xbx', true],
    ['colou?r', 'color', true],
    ['(ab)+c', 'xababc', true],
    ['(ab)+c', 'xabac', false],
    ['x{2,3}y', 'xy', false],
    ['x{2,3}y', 'xxxxy', true],
    ['x{2}y', 'axxy', true],
    ['x{2,}y', 'xxxxxxy', true],
    ['[a-c]{3}', 'zabcz', true],
    ['[^0-9 ]+', '12 34', false],
    ['\\d+ errors?', 'found 12 errors', true],
    ['\\bPASS\\b', 'PASSWORD', false],
    ['\\bPASS\\b', 'TEST PASS', true],
    ['\\BASS', 'PASS', true],
    ['\\s\\S\\w\\W\\D', ' x_!x', true],
    ['\\x41\\.', 'A.', true],
    ['[\\]\\-x]', '-', true],
    ['(?:ab|cd)$', 'xcd', true],
    ['(?i)test failed', 'Test FAILED', true],
    ['(?i)[^a]', 'A', false],
    ['test failed', 'Test failed', false],
    ['', 'anything', true],
    ['a*?b', 'aab', true],
    ['()*x', 'x', true],
    ['(a*)*b', 'aaab', true],
    ['é+', 'cafééé', true],
  ])('%j on %j is %s, as RegExp has it', (pattern, line, expected) => {
    expect(matches(pattern, line)).toBe(expected);
    const flags = pattern.startsWith('(?i)') ? 'i' : '';
    expect(new RegExp(pattern.replace(/^\(\?i\)/, ''), flags).test(line)).toBe(expected);
  });

  it('agrees with RegExp on generated patterns and lines', () => {
    const atom = fc.oneof(
      fc.constantFrom('a', 'b', '.', '[ab]', '[^a]', '\\d', '\\w', '\\s', '\\b', '^', '$', '1', ' '),
      fc.constant('(?:a|b)'),
    );
    const piece = fc
      .tuple(atom, fc.constantFrom('', '*', '+', '?', '{2}', '{1,3}', '{0,}', '*?'))
      .map(([a, q]) => (['\\b', '^', '$'].includes(a) ? a : a + q));
    const branch = fc.array(piece, { minLength: 1, maxLength: 5 }).map((pieces) => pieces.join(''));
    const group = fc
      .tuple(branch, fc.constantFrom('', '*', '+', '?', '{1,2}'))
      .map(([body, q]) => `(${body})${q}`);
    const pattern = fc
      .array(fc.oneof(branch, group), { minLength: 1, maxLength: 3 })
      .map((parts) => parts.join('|'));
    const line = fc
      .array(fc.constantFrom('a', 'b', '1', ' ', '_', '!'), { maxLength: 12 })
      .map((chars) => chars.join(''));
    fc.assert(
      fc.property(pattern, line, (p, l) => {
        expect(matches(p, l)).toBe(new RegExp(p).test(l));
      }),
      { numRuns: 3000 },
    );
  });

  it('agrees with RegExp past the cache of state sets, which starts again when full', () => {
    // The sets of a[ab]{11}$ remember where the last 12 characters hold an a: 4,096 of them.
    const pattern = compileLinePattern('a[ab]{11}$');
    const reference = /a[ab]{11}$/;
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'b'), { minLength: 30, maxLength: 60 }), (chars) => {
        const line = chars.join('');
        expect(pattern.test(line)).toBe(reference.test(line));
      }),
      { numRuns: 500 },
    );
  });

  it('matches in time linear in the line where RegExp backtracks exponentially', () => {
    // RegExp takes minutes on this line (2^40 ways to split the a's); the NFA one pass.
    const line = `${'a'.repeat(40)}b`;
    const started = performance.now();
    expect(matches('(a+)+$', line.slice(0, -1))).toBe(true);
    expect(matches('^(a+)+$', line)).toBe(false);
    expect(matches('^(a|a)*$', line)).toBe(false);
    expect(matches('(.*a){20}x', 'a'.repeat(MAX_LINE_LENGTH))).toBe(false);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('reads only the first MAX_LINE_LENGTH characters of a line', () => {
    expect(matches('b', `${'a'.repeat(MAX_LINE_LENGTH)}b`)).toBe(false);
    expect(matches('b', `${'a'.repeat(MAX_LINE_LENGTH - 1)}b`)).toBe(true);
  });

  it.each([
    ['(a', "unclosed '(' at character 1"],
    ['a)', "unmatched ')' at character 2"],
    ['[ab', "unclosed '[' at character 1"],
    ['[]', "an empty class '[]' (write \\] for the character) at character 2"],
    ['*a', 'nothing to repeat at character 1'],
    ['a**', 'nothing to repeat at character 3'],
    ['^*', 'nothing to repeat at character 2'],
    ['a{1000}', 'a repetition count above 100 at character 2'],
    ['a{3,2}', 'a repetition {n,m} with m below n at character 2'],
    ['a{,2}', "'{' starts no repetition {n}, {n,} or {n,m} (write \\{ for the character) at character 2"],
    ['(a)\\1', 'backreferences are not supported at character 4'],
    ['a(?=b)', 'lookahead is not supported (use (...) or (?:...)) at character 2'],
    ['(?<=a)b', 'lookbehind is not supported (use (...) or (?:...)) at character 1'],
    ['(?<name>a)', 'this group syntax is not supported (use (...) or (?:...)) at character 1'],
    ['a(?i)b', '(?i) other than at the start is not supported (use (...) or (?:...)) at character 2'],
    ['\\p{L}', 'the escape \\p is not supported at character 1'],
    ['[z-a]', 'a range out of order at character 3'],
    ['[\\d-z]', 'a range of a class escape at character 4'],
    ['a\\', "a '\\' at the end of the pattern at character 2"],
    ['\\xZZ', '\\x needs two hexadecimal digits at character 1'],
  ])('refuses %j: %s', (pattern, message) => {
    expect(() => compileLinePattern(pattern)).toThrow(
      expect.objectContaining({ constructor: LinePatternError, message }),
    );
  });

  it('refuses a pattern too long, or too large once expanded', () => {
    expect(() => compileLinePattern('a'.repeat(MAX_PATTERN_LENGTH + 1))).toThrow(/longer than 256/);
    expect(() => compileLinePattern('(a{100}){100}')).toThrow(/too large once its repetitions are expanded/);
  });
});
