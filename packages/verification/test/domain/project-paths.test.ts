import Value from 'typebox/value';
import { Type } from 'typebox';
import { expectAppError } from '@lab/server-kit/testing';
import { describe, expect, it } from 'vitest';
import {
  MAX_PATH_LENGTH,
  pathSegments,
  PROJECT_PATH_PATTERN,
  assertStorable,
  MAX_SEGMENT_BYTES,
} from '../../src/domain/project-paths.js';

const accepts = (path: string) => {
  try {
    pathSegments(path, 'path');
    return true;
  } catch {
    return false;
  }
};

describe('project paths', () => {
  it('has a pattern that accepts exactly the paths pathSegments accepts', () => {
    // Every string of up to four characters over the characters the rules are about.
    const alphabet = ['a', '.', '/', '\\', '\u0000', '\u001f', '\u007f', '\u009f', '\u2028', ' ', 'é', '😀'];
    const pattern = new RegExp(PROJECT_PATH_PATTERN, 'u');
    let strings = [''];
    let checked = 0;
    for (let length = 1; length <= 4; length += 1) {
      strings = strings.flatMap((prefix) => alphabet.map((c) => prefix + c));
      for (const path of strings) {
        expect(pattern.test(path), JSON.stringify(path)).toBe(accepts(path));
        checked += 1;
      }
    }
    expect(checked).toBe(12 + 12 ** 2 + 12 ** 3 + 12 ** 4);
    for (const path of ['rtl/counter.v', '...', '.hidden/..x/x..', 'a b/ü.sv'])
      expect(pattern.test(path)).toBe(true);
  });

  it('uses no lookaround or property escape, which Python and Rust engines read differently or not at all', () => {
    expect(PROJECT_PATH_PATTERN).not.toMatch(/\(\?[=!<]|\\[pP]\{|\\u\{/);
  });

  it('counts characters as JSON Schema does, by code point, so the documented maxLength is the one applied', () => {
    const schema = Type.String({ maxLength: MAX_PATH_LENGTH, pattern: PROJECT_PATH_PATTERN });
    for (const count of [MAX_PATH_LENGTH, MAX_PATH_LENGTH + 1]) {
      const path = '😀'.repeat(count);
      expect(accepts(path), `${count}`).toBe(Value.Check(schema, path));
    }
    expect(accepts('😀'.repeat(MAX_PATH_LENGTH))).toBe(true);
  });

  it('refuses with VALIDATION_ERROR what reaches it past a schema', () => {
    expect(expectAppError(() => pathSegments('../x', 'path'), 'VALIDATION_ERROR', "'..'").kind).toBe(
      'invalid',
    );
  });

  it('bounds each name and the whole path in bytes before a file is stored', () => {
    const fits = 'n'.repeat(MAX_SEGMENT_BYTES);
    expect(() => assertStorable([fits], 'files[]', fits)).not.toThrow();
    const tooLong = `${'é'.repeat(MAX_SEGMENT_BYTES / 2)}é`;
    const error = expectAppError(
      () => assertStorable(['rtl', tooLong], 'files[]', `rtl/${tooLong}`),
      'VALIDATION_ERROR',
      `longer than ${MAX_SEGMENT_BYTES} bytes`,
    );
    expect(error.details).toMatchObject({ field: 'files[]', path: `rtl/${tooLong}` });
  });
});
