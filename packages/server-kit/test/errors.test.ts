import { describe, expect, it } from 'vitest';
import { AppError, defineError } from '../src/index.js';

describe('defineError', () => {
  const VmNotFound = defineError<{ name: string }>(
    'VM_NOT_FOUND',
    'not_found',
    (p) => `VM '${p.name}' does not exist`,
  );

  it('makes AppErrors with the code, kind, templated message, details and cause', () => {
    const cause = new Error('underneath');
    const error = VmNotFound({ name: 'web' }, { details: { name: 'web' }, cause });
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      code: 'VM_NOT_FOUND',
      kind: 'not_found',
      message: "VM 'web' does not exist",
    });
    expect(error.details).toEqual({ name: 'web' });
    expect(error.cause).toBe(cause);
  });

  it('recognises its own errors only', () => {
    const Other = defineError('OTHER', 'conflict', () => 'other');
    expect(VmNotFound.is(VmNotFound({ name: 'a' }))).toBe(true);
    expect(VmNotFound.is(Other())).toBe(false);
    expect(VmNotFound.is(new Error('VM_NOT_FOUND'))).toBe(false);
  });

  it('refuses a code that is not UPPER_SNAKE_CASE when the catalogue is defined', () => {
    expect(() => defineError('vmNotFound', 'not_found', () => '')).toThrow(/UPPER_SNAKE_CASE/);
    expect(() => defineError('VM-NOT-FOUND', 'not_found', () => '')).toThrow(/UPPER_SNAKE_CASE/);
  });
});
