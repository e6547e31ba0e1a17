import { describe, expect, it } from 'vitest';
import { globToRegExp, isGlob, matchGlob } from '../../src/domain/glob.js';

const FILES = ['top.v', 'rtl/a.v', 'rtl/b.sv', 'rtl/core/alu.v', 'rtl/core/deep/x.v', 'tb/tb_a.v', 'a+b.v'];

describe('globs', () => {
  it.each([
    ['*.v', ['top.v', 'a+b.v']],
    ['rtl/*.v', ['rtl/a.v']],
    ['rtl/?.v', ['rtl/a.v']],
    ['rtl/*.?v', ['rtl/b.sv']],
    ['**/*.v', ['top.v', 'rtl/a.v', 'rtl/core/alu.v', 'rtl/core/deep/x.v', 'tb/tb_a.v', 'a+b.v']],
    ['rtl/**/*.v', ['rtl/a.v', 'rtl/core/alu.v', 'rtl/core/deep/x.v']],
    ['rtl/**', ['rtl/a.v', 'rtl/b.sv', 'rtl/core/alu.v', 'rtl/core/deep/x.v']],
    ['**/tb_*', ['tb/tb_a.v']],
    ['a+b.v', ['a+b.v']],
    ['rtl/a.v', ['rtl/a.v']],
  ])('%s', (glob, matched) => {
    expect(matchGlob(FILES, glob)).toEqual(matched);
  });

  it('treats regular-expression characters literally', () => {
    expect(globToRegExp('a.(b)|c$').test('a.(b)|c$')).toBe(true);
    expect(globToRegExp('a.v').test('abv')).toBe(false);
  });

  it('tells globs from plain paths', () => {
    expect(isGlob('rtl/*.v')).toBe(true);
    expect(isGlob('rtl/a?.v')).toBe(true);
    expect(isGlob('rtl/a.v')).toBe(false);
  });
});
