import { AppError } from '../errors.js';
import { expect } from 'vitest';

/** Runs `fn`, expecting an AppError with `code` whose message contains every fragment. */
export function expectAppError(fn: () => unknown, code: string, ...fragments: (string | RegExp)[]): AppError {
  let thrown: unknown;
  try {
    fn();
  } catch (error) {
    thrown = error;
  }
  return checkAppError(thrown, code, fragments);
}

/** The same for a promise. */
export async function expectAppErrorAsync(
  promise: Promise<unknown>,
  code: string,
  ...fragments: (string | RegExp)[]
): Promise<AppError> {
  let thrown: unknown;
  try {
    await promise;
  } catch (error) {
    thrown = error;
  }
  return checkAppError(thrown, code, fragments);
}

function checkAppError(thrown: unknown, code: string, fragments: readonly (string | RegExp)[]): AppError {
  expect(thrown, `expected ${code} to be thrown`).toBeInstanceOf(AppError);
  const error = thrown as AppError;
  expect(error.code, error.message).toBe(code);
  for (const f of fragments) {
    if (typeof f === 'string') expect(error.message).toContain(f);
    else expect(error.message).toMatch(f);
  }
  return error;
}
