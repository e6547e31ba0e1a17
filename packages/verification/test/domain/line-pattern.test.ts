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

  it('matches in time linear in the line where RegExp backtracks exponentially', () => {
    // RegExp takes minutes on this line (2^40 ways to split the a's); RE2 one pass.
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
    ['(a', 'missing closing ) at character 1'],
    ['a)', 'unexpected ) at character 1'],
    ['[ab', 'missing closing ] at character 1'],
    ['*a', 'missing argument to repetition operator at character 1'],
    ['a**', 'invalid nested repetition operator at character 2'],
    ['a{3,2}', 'invalid repeat count at character 2'],
    ['(a)\\1', 'invalid escape sequence at character 4'],
    ['a(?=b)', 'invalid or unsupported Perl syntax at character 2'],
    ['[z-a]', 'invalid character class range at character 2'],
    ['a\\', 'trailing backslash at end of expression at character 3'],
  ])('refuses %j: %s', (pattern, message) => {
    expect(() => compileLinePattern(pattern)).toThrow(
      expect.objectContaining({ constructor: LinePatternError, message }),
    );
  });

  it('refuses a pattern too long, or too large once expanded', () => {
    expect(() => compileLinePattern('a'.repeat(MAX_PATTERN_LENGTH + 1))).toThrow(/longer than 256/);
    expect(() => compileLinePattern('(a{100}){100}')).toThrow(/invalid repeat count/);
  });
});
