/** The rejection of a promise, checked to be an AppError with `code` and the given message parts. */
import { AppError } from '@lab/server-kit/errors';
import { expect } from 'vitest';

export async function rejectsWith(
  promise: Promise<unknown>,
  code: string,
  ...fragments: (string | RegExp)[]
): Promise<AppError> {
  const thrown = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(thrown, `expected ${code} to be thrown`).toBeInstanceOf(AppError);
  const error = thrown as AppError;
  expect(error.code, error.message).toBe(code);
  for (const fragment of fragments) {
    if (typeof fragment === 'string') expect(error.message).toContain(fragment);
    else expect(error.message).toMatch(fragment);
  }
  return error;
}
