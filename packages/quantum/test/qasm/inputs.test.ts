import { describe, expect, it } from 'vitest';
import { inputParameters } from '../../src/qasm/inputs.js';

describe('inputParameters', () => {
  it('keeps the numeric inputs as run parameters and leaves out the booleans', () => {
    expect(inputParameters({ theta: 0.5, n: 3, flag: true })).toEqual({ theta: 0.5, n: 3 });
    expect(inputParameters()).toEqual({});
  });
});
