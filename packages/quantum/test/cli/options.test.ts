import { InvalidArgumentError } from 'commander';
import { describe, expect, it } from 'vitest';
import {
  erasureFractionOption,
  inputOption,
  integerOption,
  noiseOf,
  probabilityOption,
} from '../../src/cli/options.js';

describe('CLI option parsers', () => {
  it('reads integers and refuses anything else', () => {
    expect(integerOption('1000')).toBe(1000);
    expect(integerOption('-3')).toBe(-3);
    for (const bad of ['1.5', 'ten', '', '1e3'])
      expect(() => integerOption(bad)).toThrow(InvalidArgumentError);
  });
  it('reads probabilities from 0 to 1', () => {
    expect(probabilityOption('0')).toBe(0);
    expect(probabilityOption('0.005')).toBe(0.005);
    for (const bad of ['-0.1', '1.5', 'x', ''])
      expect(() => probabilityOption(bad)).toThrow(InvalidArgumentError);
  });
  it('reads an erasure fraction above 0 and at most 1, and the noise options of the flags', () => {
    expect(erasureFractionOption('0.98')).toBe(0.98);
    expect(erasureFractionOption('1')).toBe(1);
    for (const bad of ['0', '-0.5', '1.01', 'x', ''])
      expect(() => erasureFractionOption(bad)).toThrow(InvalidArgumentError);
    expect(noiseOf({})).toBeUndefined();
    expect(noiseOf({ pauli: 0.01 })).toEqual({ pauli: 0.01 });
    expect(noiseOf({ loss: 0, pauli: 0, erasureFraction: 0.5 })).toEqual({
      loss: 0,
      pauli: 0,
      erasureFraction: 0.5,
    });
  });
  it('accumulates NAME=VALUE inputs as numbers, booleans or bit strings', () => {
    let inputs = inputOption('theta=0.5');
    inputs = inputOption('flag=true', inputs);
    inputs = inputOption('mask="101"', inputs);
    expect(inputs).toEqual({ theta: 0.5, flag: true, mask: 5 });
    expect(() => inputOption('theta')).toThrow(/NAME=VALUE/);
    expect(() => inputOption('theta=abc')).toThrow(/not a number/);
  });
});
