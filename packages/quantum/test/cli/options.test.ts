import { InvalidArgumentError } from 'commander';
import { describe, expect, it } from 'vitest';
import { inputOption, integerOption, probabilityOption } from '../../src/cli/options.js';

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
  it('accumulates NAME=VALUE inputs as numbers, booleans or bit strings', () => {
    let inputs = inputOption('theta=0.5');
    inputs = inputOption('flag=true', inputs);
    inputs = inputOption('mask="101"', inputs);
    expect(inputs).toEqual({ theta: 0.5, flag: true, mask: 5 });
    expect(() => inputOption('theta')).toThrow(/NAME=VALUE/);
    expect(() => inputOption('theta=abc')).toThrow(/not a number/);
  });
});
