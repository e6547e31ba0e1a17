/**
 * Reading NIST ACVP known-answer vector sets, the input of the crypto stage's `fips_compliance`
 * check (docs/crypto-harness.md). ACVP files come in the shapes people actually hold, and all of
 * them read to one `KatVectorSet`:
 *
 * - one vector set whose tests hold inputs and expected results together (the ACVP-Server's
 *   `internalProjection.json`, and the files this package ships in vectors/acvp/);
 * - the same in the protocol's wire form, `[{ "acvVersion": ... }, { vector set }]`;
 * - a prompt and its expected results, two files read separately and merged by
 *   `mergePromptAndExpected` (same vsId, tgId and tcId).
 *
 * A file is untrusted upload, so it is bounded (16 MiB, 100 000 test cases) and checked against
 * a TypeBox schema; every refusal is an `AcvpFormatError` naming the JSON path of the problem.
 *
 * Monte Carlo (MCT) and large-data (LDT) groups are not one operation per case: an MCT case
 * chains thousands of operations and an LDT message expands to gigabytes. Their structured fields
 * (`resultsArray`, `largeMsg`) are accepted so official files parse, and their groups are left
 * out of the result.
 */
import { fileURLToPath } from 'node:url';
import { Type } from 'typebox';
import { Compile } from 'typebox/compile';
import type { TLocalizedValidationError as SchemaIssue } from 'typebox/error';

export type KatValue = string | number | boolean;

export interface KatCase {
  tcId: number;
  /** Every field of the test case but tcId: its inputs and expected results. */
  fields: Record<string, KatValue>;
}

export interface KatGroup {
  tgId: number;
  /** Every field of the test group but its tests (tgId, testType, direction, keyLen, ...). */
  properties: Record<string, KatValue>;
  tests: KatCase[];
}

export interface KatVectorSet {
  algorithm: string;
  mode: string | null;
  revision: string | null;
  vsId: number | null;
  groups: KatGroup[];
}

export class AcvpFormatError extends Error {
  override name = 'AcvpFormatError';
}

export const MAX_ACVP_FILE_BYTES = 16 * 1024 * 1024;
export const MAX_ACVP_TEST_CASES = 100_000;

/** The algorithms the platform ships vectors for, as the files' `algorithm` field names them. */
export const SHIPPED_KAT_ALGORITHMS = ['SHA3-256', 'SHA3-512', 'SHA2-256', 'ACVP-AES-ECB'] as const;

/**
 * The shipped vector file of `algorithm`, or null when none is shipped. The path is relative to
 * this module, which sits three levels below the package root both as source (src/engine/crypto)
 * and compiled (dist/engine/crypto).
 */
export function shippedVectorFile(algorithm: string): string | null {
  if (!(SHIPPED_KAT_ALGORITHMS as readonly string[]).includes(algorithm)) return null;
  return fileURLToPath(new URL(`../../../vectors/acvp/${algorithm}.json`, import.meta.url));
}

const Id = Type.Integer({ minimum: 0 });
const GroupValue = Type.Union([Type.String(), Type.Number(), Type.Boolean()], {
  description: 'a string, a number or a boolean',
});
// Test values go onto the design's ports, so their strings must be hexadecimal.
const TestValue = Type.Union([Type.String({ pattern: '^[0-9A-Fa-f]*$' }), Type.Number(), Type.Boolean()], {
  description: 'a hexadecimal string, a number or a boolean',
});

const TestCaseSchema = Type.Object(
  {
    tcId: Id,
    // Monte Carlo results and large-data messages: read so official files parse, then left out.
    resultsArray: Type.Optional(Type.Array(Type.Record(Type.String(), GroupValue))),
    largeMsg: Type.Optional(Type.Record(Type.String(), GroupValue)),
  },
  { additionalProperties: TestValue },
);

const TestGroupSchema = Type.Object(
  { tgId: Id, tests: Type.Array(TestCaseSchema) },
  { additionalProperties: GroupValue },
);

const VectorSetSchema = Type.Object({
  algorithm: Type.String({ minLength: 1, maxLength: 128 }),
  mode: Type.Optional(Type.String({ maxLength: 128 })),
  revision: Type.Optional(Type.String({ maxLength: 128 })),
  vsId: Type.Optional(Id),
  testGroups: Type.Array(TestGroupSchema),
});

/** The shapes the schema admits, as the normalisation below reads them. */
interface RawCase {
  tcId: number;
  [field: string]: unknown;
}
interface RawGroup {
  tgId: number;
  tests: RawCase[];
  [property: string]: unknown;
}
interface RawVectorSet {
  algorithm: string;
  mode?: string;
  revision?: string;
  vsId?: number;
  testGroups: RawGroup[];
}

// Compiled once: on a 16 MiB file the compiled check takes tens of milliseconds where Value.Check
// takes about a second.
const vectorSetValidator = Compile(VectorSetSchema);

const unescapePointer = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~');

/** A JSON pointer (`/testGroups/2/tests/5/tcId`) as a path (`testGroups[2].tests[5].tcId`). */
function jsonPath(pointer: string, prefix: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map(unescapePointer)
    .reduce(
      (path, segment) =>
        /^\d+$/.test(segment) ? `${path}[${segment}]` : path === '' ? segment : `${path}.${segment}`,
      prefix,
    );
}

const withArticle = (noun: string) => `${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}`;

/** The schema a `schemaPath` (`#/properties/testGroups/items`) points at. */
function schemaAt(schemaPath: string): { description?: string } | undefined {
  return schemaPath
    .split('/')
    .slice(1)
    .map(unescapePointer)
    .reduce<unknown>(
      (node, segment) => (node as Record<string, unknown> | undefined)?.[segment],
      VectorSetSchema,
    ) as { description?: string } | undefined;
}

/** What the value at the issue's path should have been, in words. */
function expectation(issue: SchemaIssue): string {
  switch (issue.keyword) {
    case 'type':
      return `expected ${withArticle(String(issue.params.type))}`;
    case 'anyOf':
      return `expected ${schemaAt(issue.schemaPath)?.description ?? 'another kind of value'}`;
    case 'minimum':
      return `expected at least ${issue.params.limit}`;
    case 'minLength':
      return `expected at least ${issue.params.limit} characters`;
    case 'maxLength':
      return `expected at most ${issue.params.limit} characters`;
    default:
      return issue.message;
  }
}

/**
 * The first schema issue as a message. The alternatives of a union each report their own
 * mismatch before the union does; the union's own issue says what would have done.
 */
function describeIssue(issues: SchemaIssue[], prefix: string): string {
  const first = issues[0]!;
  const atPath = issues.filter((issue) => issue.instancePath === first.instancePath);
  const issue = atPath.find((candidate) => candidate.keyword === 'anyOf') ?? first;
  const path = jsonPath(issue.instancePath, prefix);
  if (issue.keyword === 'required') {
    const [missing] = issue.params.requiredProperties;
    return `${path === '' ? '' : `${path}.`}${missing}: missing`;
  }
  return `${path === '' ? 'the vector set' : path}: ${expectation(issue)}`;
}

function parseJson(text: string): unknown {
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > MAX_ACVP_FILE_BYTES) {
    throw new AcvpFormatError(`the file is ${bytes} bytes; at most ${MAX_ACVP_FILE_BYTES} (16 MiB) are read`);
  }
  try {
    // Editors on Windows may start the file with a byte-order mark, which JSON does not allow.
    return JSON.parse(text.replace(/^\uFEFF/, '')) as unknown;
  } catch (error) {
    throw new AcvpFormatError(`not JSON: ${(error as Error).message}`);
  }
}

/** The vector set of the wire form `[{ acvVersion }, { vector set }]`, with its path prefix. */
function unwrapWireForm(json: unknown): { set: unknown; prefix: string } {
  if (!Array.isArray(json)) return { set: json, prefix: '' };
  const [version, set] = json as unknown[];
  const versioned = typeof (version as { acvVersion?: unknown } | null)?.acvVersion === 'string';
  if (json.length !== 2 || !versioned) {
    throw new AcvpFormatError(
      'the vector set: expected an object, or [{ "acvVersion": ... }, { vector set }]',
    );
  }
  return { set, prefix: '[1]' };
}

/** Counted before the schema check, so an oversized file is refused without walking it all. */
function countTestCases(set: unknown): number {
  const groups = (set as { testGroups?: unknown } | null)?.testGroups;
  if (!Array.isArray(groups)) return 0;
  return groups.reduce<number>((count, group) => {
    const tests = (group as { tests?: unknown } | null)?.tests;
    return count + (Array.isArray(tests) ? tests.length : 0);
  }, 0);
}

function checkSchema(set: unknown, prefix: string): RawVectorSet {
  const cases = countTestCases(set);
  if (cases > MAX_ACVP_TEST_CASES) {
    throw new AcvpFormatError(
      `${jsonPath('/testGroups', prefix)}: ${cases} test cases; at most ${MAX_ACVP_TEST_CASES} are read`,
    );
  }
  if (vectorSetValidator.Check(set)) return set;
  throw new AcvpFormatError(describeIssue(vectorSetValidator.Errors(set), prefix));
}

/** tgIds are unique within the set, and so are tcIds (merging and reports go by them). */
function checkUniqueIds(set: RawVectorSet, prefix: string): void {
  const groups = new Map<number, number>();
  const cases = new Map<number, string>();
  set.testGroups.forEach((group, g) => {
    const groupPath = jsonPath(`/testGroups/${g}`, prefix);
    const earlierGroup = groups.get(group.tgId);
    if (earlierGroup !== undefined) {
      const earlierPath = jsonPath(`/testGroups/${earlierGroup}`, prefix);
      throw new AcvpFormatError(`${groupPath}.tgId: ${group.tgId} is already the tgId of ${earlierPath}`);
    }
    groups.set(group.tgId, g);
    group.tests.forEach((test, t) => {
      const casePath = `${groupPath}.tests[${t}]`;
      const earlierCase = cases.get(test.tcId);
      if (earlierCase !== undefined) {
        throw new AcvpFormatError(`${casePath}.tcId: ${test.tcId} is already the tcId of ${earlierCase}`);
      }
      cases.set(test.tcId, casePath);
    });
  });
}

const MULTI_OPERATION_TEST_TYPES = ['MCT', 'LDT'];

/** A group whose every case is one operation with known inputs and outputs. */
function isKnownAnswerGroup(group: RawGroup): boolean {
  if (MULTI_OPERATION_TEST_TYPES.includes(String(group.testType))) return false;
  return group.tests.every((test) => test.resultsArray === undefined && test.largeMsg === undefined);
}

function withoutKey(record: Record<string, unknown>, key: string): Record<string, KatValue> {
  return Object.fromEntries(Object.entries(record).filter(([name]) => name !== key)) as Record<
    string,
    KatValue
  >;
}

function toKatGroup(group: RawGroup): KatGroup {
  return {
    tgId: group.tgId,
    properties: withoutKey(group, 'tests'),
    tests: group.tests.map((test) => ({ tcId: test.tcId, fields: withoutKey(test, 'tcId') })),
  };
}

/**
 * One ACVP vector set from the text of its file: a vector set object, or the wire form
 * `[{ "acvVersion": ... }, { vector set }]`. Throws AcvpFormatError.
 */
export function parseAcvpVectorSet(text: string): KatVectorSet {
  const { set, prefix } = unwrapWireForm(parseJson(text));
  const raw = checkSchema(set, prefix);
  checkUniqueIds(raw, prefix);
  return {
    algorithm: raw.algorithm,
    mode: raw.mode ?? null,
    revision: raw.revision ?? null,
    vsId: raw.vsId ?? null,
    groups: raw.testGroups.filter(isKnownAnswerGroup).map(toKatGroup),
  };
}

/** `prompt` with `expected`'s entries added; a key both hold must hold the same value. */
function mergeRecords(
  prompt: Record<string, KatValue>,
  expected: Record<string, KatValue>,
  where: string,
): Record<string, KatValue> {
  for (const [key, value] of Object.entries(expected)) {
    if (Object.hasOwn(prompt, key) && prompt[key] !== value) {
      throw new AcvpFormatError(
        `${where}: ${key} is ${JSON.stringify(prompt[key])} in the prompt and ${JSON.stringify(value)} in the expected results`,
      );
    }
  }
  return { ...prompt, ...expected };
}

function mergeGroup(prompt: KatGroup, expected: KatGroup | undefined): KatGroup {
  const where = `tgId ${prompt.tgId}`;
  if (expected === undefined)
    throw new AcvpFormatError(`${where}: the expected results have no such test group`);
  const expectedCases = new Map(expected.tests.map((test) => [test.tcId, test]));
  return {
    tgId: prompt.tgId,
    properties: mergeRecords(prompt.properties, expected.properties, where),
    tests: prompt.tests.map((test) => {
      const answer = expectedCases.get(test.tcId);
      const caseWhere = `${where}, tcId ${test.tcId}`;
      if (answer === undefined)
        throw new AcvpFormatError(`${caseWhere}: the expected results have no such test case`);
      return { tcId: test.tcId, fields: mergeRecords(test.fields, answer.fields, caseWhere) };
    }),
  };
}

/**
 * A prompt file and its expected-results file as one vector set. Every test case of the prompt
 * needs its expected results. Groups and cases only the expected results hold are ignored: the
 * prompt's large-data groups are left out when it is read, while their answers are plain.
 */
export function mergePromptAndExpected(prompt: KatVectorSet, expected: KatVectorSet): KatVectorSet {
  for (const key of ['algorithm', 'mode', 'revision', 'vsId'] as const) {
    if (prompt[key] !== null && expected[key] !== null && prompt[key] !== expected[key]) {
      throw new AcvpFormatError(
        `${key}: ${JSON.stringify(prompt[key])} in the prompt, ${JSON.stringify(expected[key])} in the expected results`,
      );
    }
  }
  const expectedGroups = new Map(expected.groups.map((group) => [group.tgId, group]));
  return {
    algorithm: prompt.algorithm,
    mode: prompt.mode ?? expected.mode,
    revision: prompt.revision ?? expected.revision,
    vsId: prompt.vsId ?? expected.vsId,
    groups: prompt.groups.map((group) => mergeGroup(group, expectedGroups.get(group.tgId))),
  };
}

/** The groups whose properties equal every entry of `filter` (`{ direction: 'encrypt' }`). */
export function selectGroups(set: KatVectorSet, filter: Record<string, KatValue>): KatGroup[] {
  const wanted = Object.entries(filter);
  return set.groups.filter((group) =>
    wanted.every(([key, value]) => Object.hasOwn(group.properties, key) && group.properties[key] === value),
  );
}
