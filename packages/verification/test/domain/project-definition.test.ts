import Value from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { KNOWN_PDKS, normalisePdk, TargetPdkSchema } from '../../src/domain/project-definition.js';

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
