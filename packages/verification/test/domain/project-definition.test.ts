import Value from 'typebox/value';
import { expectAppError } from '@lab/server-kit/testing';
import { describe, expect, it } from 'vitest';
import {
  assertWellFormedName,
  KNOWN_PDKS,
  normalisePdk,
  PROJECT_NAME_PATTERN,
  TargetPdkSchema,
} from '../../src/domain/project-definition.js';

describe('target PDK identifiers', () => {
  it('accepts any identifier of the documented form, known or not', () => {
    for (const pdk of [
      'sky130',
      'tsmc28hpc',
      'gf22fdx',
      ...KNOWN_PDKS,
      '7nm',
      'a',
      'p'.repeat(64),
      'x_1.2+b-3',
    ]) {
      expect(Value.Check(TargetPdkSchema, pdk), pdk).toBe(true);
    }
  });

  it('refuses an empty one, a long one, and one with a character outside the pattern', () => {
    for (const pdk of [
      '',
      'p'.repeat(65),
      '-sky130',
      '.hidden',
      'sky 130',
      'a/b',
      'sky130\n',
      'ß130',
      'tsmc:28',
    ]) {
      expect(Value.Check(TargetPdkSchema, pdk), JSON.stringify(pdk)).toBe(false);
    }
  });

  it('gives a known kit in another case its own spelling and leaves the others as they are', () => {
    expect(normalisePdk('SKY130A')).toBe('sky130A');
    expect(normalisePdk('sky130b')).toBe('sky130B');
    expect(normalisePdk('Generic')).toBe('generic');
    for (const pdk of KNOWN_PDKS) expect(normalisePdk(pdk)).toBe(pdk);
    expect(normalisePdk('sky130')).toBe('sky130');
    expect(normalisePdk('TSMC28HPC')).toBe('TSMC28HPC');
  });
});

describe('project names', () => {
  const name = new RegExp(PROJECT_NAME_PATTERN, 'u');
  /** What the pattern stands for: no control, format or private-use character, nor U+FFFE or U+FFFF. */
  const forbidden = /^[\p{Cc}\p{Cf}\p{Co}\uFFFE\uFFFF]$/u;
  const space = /^[\p{Zs}\u2028\u2029]$/u;

  it('refuses every control, format and private-use character of the BMP, and nothing else but spaces at the ends', () => {
    for (let code = 0; code <= 0xffff; code += 1) {
      // Lone surrogates are assertWellFormedName's (below).
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const c = String.fromCharCode(code);
      const where = `U+${code.toString(16).padStart(4, '0')}`;
      expect(name.test(`a${c}b`), where).toBe(!forbidden.test(c));
      expect(name.test(c), where).toBe(!forbidden.test(c) && !space.test(c));
    }
  });

  it('accepts names from any script, emoji included, and refuses the invisible ones', () => {
    for (const ok of ['counter', 'Zähler – v2 (ihp)', '計数器', '🚀 rocket', 'a\u2028b', 'x'.repeat(100)]) {
      expect(name.test(ok), ok).toBe(true);
    }
    for (const bad of [
      'a\u200bb',
      'a\u202eb',
      '\ufeffa',
      'a\u2066b',
      'a\ue000',
      'a\uffff',
      ' a',
      'a\u3000',
    ]) {
      expect(name.test(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('is written without property escapes, so Python and Rust engines read it as JavaScript does', () => {
    expect(PROJECT_NAME_PATTERN).not.toMatch(/\\[pP]\{|\\u\{|\\s|\\ud[89a-f]/i);
  });

  it('refuses a lone surrogate with VALIDATION_ERROR, and accepts a pair', () => {
    const error = expectAppError(
      () => assertWellFormedName('a\ud800b'),
      'VALIDATION_ERROR',
      'lone surrogate',
    );
    expect([error.kind, error.details.field]).toEqual(['invalid', 'name']);
    expect(() => assertWellFormedName('a\udfffb')).toThrow();
    expect(() => assertWellFormedName('a\ud83d\ude80b')).not.toThrow();
  });
});
