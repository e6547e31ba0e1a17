/**
 * The syntax-error corpus: every file under `fixtures/qasm/invalid-syntax/` is a realistic
 * mistake whose first line states the error, `// error: LINE:COLUMN <part of the message>`.
 * And the other way round: every `.qasm` fixture outside an `invalid*` directory must parse.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from '../../src/qasm/parser.js';
import { expectAppError } from '@lab/server-kit/testing';

const FIXTURES = join(import.meta.dirname, '../fixtures/qasm');
const INVALID_SYNTAX = join(FIXTURES, 'invalid-syntax');
const EXPECTATION = /^\/\/ error: (\d+):(\d+) (.+)$/;

function invalidSyntaxFiles(): string[] {
  return readdirSync(INVALID_SYNTAX)
    .filter((name) => name.endsWith('.qasm'))
    .sort();
}

/** Every `.qasm` file under the fixtures, skipping directories whose name starts with `invalid`. */
function validFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith('invalid') ? [] : validFiles(path);
    return entry.name.endsWith('.qasm') ? [path] : [];
  });
}

describe('invalid-syntax corpus', () => {
  it('holds at least 25 programs', () => {
    expect(invalidSyntaxFiles().length).toBeGreaterThanOrEqual(25);
  });

  it.each(invalidSyntaxFiles())('%s', (name) => {
    const source = readFileSync(join(INVALID_SYNTAX, name), 'utf8');
    const expectation = EXPECTATION.exec(source.split('\n')[0] ?? '');
    if (expectation === null)
      throw new Error(`${name}: the first line must be '// error: LINE:COLUMN message'`);
    const [, line, column, fragment = ''] = expectation;
    const error = expectAppError(() => parse(source, { file: name }), 'INVALID_QASM', fragment);
    expect(error.details).toMatchObject({ file: name, line: Number(line), column: Number(column) });
  });
});

const valid = validFiles(FIXTURES).map((path) => relative(FIXTURES, path));

describe.skipIf(valid.length === 0)('valid fixtures parse', () => {
  it.each(valid)('%s', (path) => {
    expect(() => parse(readFileSync(join(FIXTURES, path), 'utf8'), { file: path })).not.toThrow();
  });
});
