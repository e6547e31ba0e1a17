/**
 * The OpenQASM fixture corpus under `test/fixtures/qasm/`: listing its programs, reading the
 * comment header each one starts with, and an include resolver confined to the fixtures.
 *
 * A header is the run of `// key: value` lines at the top of a file:
 *
 *     // name: teleportation with feed-forward     what the program shows
 *     // covers: feed-forward, if-bit              constructs it exercises (checked against a list)
 *     // inputs: {"theta": 0.5}                    values of `input`s, given at import
 *     // parameters: {"phi": 1.2}                  values of free parameters, given at run
 *     // expect: {"000": 0.25, ...}                the ideal distribution of the counts keys
 *     // warnings: 1                               how many warnings the import gives
 *     // warning: 13:1 delay                       one of them: position and message fragment
 *     // error: 5:4 INVALID_QASM out of range      the error an invalid program raises
 *     // file: includes/broken-gates.inc           the file that error is in, if not the program
 *     // source: openqasm/openqasm examples/...     where a program copied from elsewhere comes from
 *
 * Files are named by their path relative to the fixtures directory (`valid/bell.qasm`), which
 * is also the name given to the importer, so error positions carry it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Type, type Static, type TSchema } from 'typebox';
import Value from 'typebox/value';
import type { IncludeResolver } from '../../src/qasm/importer.js';

export const FIXTURES_DIR = fileURLToPath(new URL('../fixtures/qasm/', import.meta.url));

const Probabilities = Type.Record(
  Type.String({ pattern: '^[01]+$' }),
  Type.Number({ minimum: 0, maximum: 1 }),
);
const Inputs = Type.Record(Type.String(), Type.Union([Type.Number(), Type.Boolean()]));
const Parameters = Type.Record(Type.String(), Type.Number());

/** `13:1 delay`: a position and a fragment of the message. */
export interface ExpectedDiagnostic {
  readonly line: number;
  readonly column: number;
  readonly fragment: string;
}

export interface ExpectedError extends ExpectedDiagnostic {
  readonly code: string;
  /** The file the error is in, relative to the fixtures directory. */
  readonly file: string;
}

export interface FixtureHeader {
  readonly name: string;
  readonly covers: readonly string[];
  readonly inputs?: Static<typeof Inputs>;
  readonly parameters?: Static<typeof Parameters>;
  readonly expect?: Static<typeof Probabilities>;
  readonly warnings?: number;
  readonly warning: readonly ExpectedDiagnostic[];
  readonly error?: ExpectedError;
  readonly source?: string;
}

export interface Fixture {
  /** Path relative to the fixtures directory, with `/` separators: `valid/bell.qasm`. */
  readonly file: string;
  readonly source: string;
  readonly header: FixtureHeader;
}

const HEADER_KEYS = new Set([
  'name',
  'covers',
  'inputs',
  'parameters',
  'expect',
  'warnings',
  'warning',
  'error',
  'file',
  'source',
]);
const HEADER_LINE = /^\/\/ ([a-z]+): (.*)$/;
const DIAGNOSTIC = /^(\d+):(\d+) (.+)$/;
const ERROR = /^(\d+):(\d+) ([A-Z_]+) (.+)$/;

/** Every `.qasm` program of one fixtures subdirectory (`valid`, `valid-2.0`, `invalid`), sorted. */
export function loadFixtures(subdirectory: string): Fixture[] {
  return readdirSync(join(FIXTURES_DIR, subdirectory))
    .filter((name) => name.endsWith('.qasm'))
    .sort()
    .map((name) => {
      const file = `${subdirectory}/${name}`;
      const source = readFileSync(join(FIXTURES_DIR, subdirectory, name), 'utf8');
      return { file, source, header: readHeader(source, file) };
    });
}

/** The header of a fixture; a malformed one throws, naming the file, so a typo cannot pass unseen. */
export function readHeader(source: string, file: string): FixtureHeader {
  const fields = new Map<string, string[]>();
  for (const line of source.split(/\r?\n/)) {
    const match = HEADER_LINE.exec(line);
    if (match === null || !HEADER_KEYS.has(match[1]!)) break;
    fields.set(match[1]!, [...(fields.get(match[1]!) ?? []), match[2]!.trim()]);
  }
  const fail = (reason: string): never => {
    throw new Error(`${file}: fixture header: ${reason}`);
  };
  const single = (key: string): string | undefined => {
    const values = fields.get(key);
    if (values !== undefined && values.length > 1) fail(`'${key}' is given more than once`);
    return values?.[0];
  };
  const json = <S extends TSchema>(key: string, schema: S): Static<S> | undefined => {
    const text = single(key);
    if (text === undefined) return undefined;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      fail(`'${key}' is not JSON: ${text}`);
    }
    if (!Value.Check(schema, value)) fail(`'${key}' has the wrong shape: ${text}`);
    return value as Static<S>;
  };

  const name = single('name') ?? fail("no 'name'");
  const covers = (single('covers') ?? '')
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
  const warningsText = single('warnings');
  const warnings = warningsText === undefined ? undefined : Number(warningsText);
  if (warnings !== undefined && !Number.isInteger(warnings)) fail(`'warnings' is not an integer`);
  const warning = (fields.get('warning') ?? []).map((text) => {
    const match = DIAGNOSTIC.exec(text) ?? fail(`'warning' is not LINE:COLUMN FRAGMENT: ${text}`);
    return { line: Number(match[1]), column: Number(match[2]), fragment: match[3]! };
  });
  const errorText = single('error');
  let error: ExpectedError | undefined;
  if (errorText !== undefined) {
    const match = ERROR.exec(errorText) ?? fail(`'error' is not LINE:COLUMN CODE FRAGMENT: ${errorText}`);
    error = {
      line: Number(match[1]),
      column: Number(match[2]),
      code: match[3]!,
      fragment: match[4]!,
      file: single('file') ?? file,
    };
  }
  const inputs = json('inputs', Inputs);
  const parameters = json('parameters', Parameters);
  const expected = json('expect', Probabilities);
  const origin = single('source');
  return {
    name,
    covers,
    warning,
    ...(inputs === undefined ? {} : { inputs }),
    ...(parameters === undefined ? {} : { parameters }),
    ...(expected === undefined ? {} : { expect: expected }),
    ...(warnings === undefined ? {} : { warnings }),
    ...(error === undefined ? {} : { error }),
    ...(origin === undefined ? {} : { source: origin }),
  };
}

/**
 * Reads `include "path";` relative to the including file, as a command-line tool would, but
 * only inside the fixtures directory. Returned file names are relative to that directory.
 */
export const resolveFixtureInclude: IncludeResolver = (path, from) => {
  const base = from === undefined ? FIXTURES_DIR : dirname(join(FIXTURES_DIR, from));
  const target = resolve(base, path);
  const file = relative(FIXTURES_DIR, target);
  if (file.startsWith('..') || file === '') throw new Error(`include '${path}' is outside the fixtures`);
  return { file: file.split(sep).join('/'), source: readFileSync(target, 'utf8') };
};
