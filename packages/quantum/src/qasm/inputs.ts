/**
 * Values for `input` declarations from the caller's `inputs`, checked against the declared
 * type. A wrong value is the caller's mistake, not the program's: INVALID_RUN_OPTIONS naming
 * `inputs.<name>`.
 */
import { QuantumErrors } from '../errors.js';
import {
  bitValue,
  boolValue,
  convert,
  floatValue,
  formatType,
  intValue,
  type Concrete,
  type ScalarType,
} from './classical.js';

/** The value of an `input` from the caller's inputs, checked against its type. */
export function inputValue(name: string, type: ScalarType, given: number | boolean): Concrete {
  const refuse = (reason: string): never => {
    throw QuantumErrors.invalidRunOptions(
      { field: `inputs.${name}`, reason },
      { details: { field: `inputs.${name}`, reason } },
    );
  };
  switch (type.kind) {
    case 'bool':
      if (typeof given !== 'boolean') refuse(`must be true or false (the input is bool), got ${given}`);
      return boolValue(given as boolean);
    case 'float':
    case 'angle':
      if (typeof given !== 'number' || !Number.isFinite(given))
        refuse(`must be a finite number (the input is ${formatType(type)}), got ${String(given)}`);
      return convert(floatValue(given as number), type, undefined);
    case 'bit': {
      const n = typeof given === 'boolean' ? Number(given) : given;
      const limit = 2 ** (type.size ?? 1);
      if (!Number.isInteger(n) || n < 0 || n >= limit)
        refuse(
          `must be an integer from 0 to ${limit - 1} (the input is ${formatType(type)}), got ${String(given)}`,
        );
      return bitValue(BigInt(n), type.size);
    }
    default:
      if (typeof given !== 'number' || !Number.isSafeInteger(given))
        refuse(`must be an integer (the input is ${formatType(type)}), got ${String(given)}`);
      return intValue(BigInt(given), type.kind, type.size);
  }
}

/**
 * The numbers among `inputs`, as run parameters: they bind the free parameters of the same name
 * (a JSON circuit's, which has no input declarations); a circuit ignores names it does not use.
 */
export function inputParameters(
  inputs: Readonly<Record<string, number | boolean>> = {},
): Record<string, number> {
  return Object.fromEntries(
    Object.entries(inputs).filter((entry): entry is [string, number] => typeof entry[1] === 'number'),
  );
}
