import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hexToBytes } from '@noble/hashes/utils.js';
import { afterAll, describe, expect, it } from 'vitest';
import { runKnownAnswerTests, DEFAULT_VECTORS_DIR, type TestResult } from '../../src/pqc/acvp.js';
import { signatureAlgorithm } from '../../src/pqc/algorithms.js';

interface VectorFile {
  testGroups: { tgId: number; parameterSet: string; tests: Record<string, unknown>[] }[];
}

const FILES = [
  'ML-KEM-keyGen-FIPS203.json',
  'ML-KEM-encapDecap-FIPS203.json',
  'ML-DSA-keyGen-FIPS204.json',
  'ML-DSA-sigGen-FIPS204.json',
  'ML-DSA-sigVer-FIPS204.json',
];

const readSet = (dir: string, file: string) =>
  JSON.parse(readFileSync(join(dir, file), 'utf8')) as VectorFile;

/** Test cases in the shipped files, counted from the JSON itself. */
const SHIPPED_CASES = FILES.map((file) =>
  readSet(DEFAULT_VECTORS_DIR, file).testGroups.reduce((sum, group) => sum + group.tests.length, 0),
);
const TOTAL_CASES = SHIPPED_CASES.reduce((a, b) => a + b, 0);

const scratch: string[] = [];
afterAll(() => scratch.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A copy of the shipped vectors that a test may change. */
function copyVectors(): string {
  const dir = mkdtempSync(join(tmpdir(), 'hv-acvp-'));
  scratch.push(dir);
  cpSync(DEFAULT_VECTORS_DIR, dir, { recursive: true });
  return dir;
}

/** Changes the case `tcId` of `file` (in the group of `parameterSet`) in place. */
function editCase(
  dir: string,
  file: string,
  parameterSet: string,
  tcId: number,
  edit: (test: Record<string, unknown>) => void,
): void {
  const set = readSet(dir, file);
  const test = set.testGroups
    .filter((g) => g.parameterSet === parameterSet)
    .flatMap((g) => g.tests)
    .find((t) => t.tcId === tcId);
  if (test === undefined) throw new Error(`${file} has no ${parameterSet} case ${tcId}`);
  edit(test);
  writeFileSync(join(dir, file), JSON.stringify(set));
}

/** The hex string with one digit changed (case kept), at `index`. */
function flipHexDigit(hex: string, index = 40): string {
  const digit = hex[index]!;
  const flipped = (parseInt(digit, 16) ^ 1).toString(16);
  const same = digit === digit.toUpperCase() ? flipped.toUpperCase() : flipped;
  return hex.slice(0, index) + same + hex.slice(index + 1);
}

const failures = (results: TestResult[]) => results.filter((r) => !r.passed);

describe('ACVP known-answer tests', () => {
  it('passes every shipped case, one result per test case in the files', () => {
    expect(
      readdirSync(DEFAULT_VECTORS_DIR)
        .filter((f) => f.endsWith('.json'))
        .sort(),
    ).toEqual([...FILES].sort());
    expect(TOTAL_CASES).toBeGreaterThanOrEqual(30);
    const results = runKnownAnswerTests();
    expect(results).toHaveLength(TOTAL_CASES);
    expect(failures(results)).toEqual([]);
    expect(new Set(results.map((r) => r.name)).size).toBe(TOTAL_CASES);
    expect(results.every((r) => r.kind === 'kat' && r.duration_ms >= 0)).toBe(true);
    // Every parameter set of both families is covered by each of its modes.
    for (const mode of ['keyGen', 'encapDecap'])
      for (const set of ['ML-KEM-512', 'ML-KEM-768', 'ML-KEM-1024'])
        expect(results.some((r) => r.name.startsWith(`${set} ${mode} tcId `))).toBe(true);
    for (const mode of ['keyGen', 'sigGen', 'sigVer'])
      for (const set of ['ML-DSA-44', 'ML-DSA-65', 'ML-DSA-87'])
        expect(results.some((r) => r.name.startsWith(`${set} ${mode} tcId `))).toBe(true);
  });

  it('fails exactly the case whose expected ek was changed, saying what differed', () => {
    const dir = copyVectors();
    editCase(dir, 'ML-KEM-keyGen-FIPS203.json', 'ML-KEM-768', 26, (t) => {
      t.ek = flipHexDigit(t.ek as string);
    });
    const results = runKnownAnswerTests(dir);
    expect(results).toHaveLength(TOTAL_CASES);
    expect(failures(results)).toEqual([
      expect.objectContaining({
        name: 'ML-KEM-768 keyGen tcId 26',
        algorithm: 'ML-KEM-768',
        error: 'ek differs from the expected value',
      }),
    ]);
  });

  it('fails exactly the case whose expected signature was changed', () => {
    const dir = copyVectors();
    editCase(dir, 'ML-DSA-sigGen-FIPS204.json', 'ML-DSA-65', 71, (t) => {
      t.signature = flipHexDigit(t.signature as string, 1000);
    });
    const results = runKnownAnswerTests(dir);
    expect(results).toHaveLength(TOTAL_CASES);
    expect(failures(results)).toEqual([
      expect.objectContaining({
        name: 'ML-DSA-65 sigGen tcId 71',
        error: 'signature differs from the expected value',
      }),
    ]);
  });

  it('fails a decapsulation case whose expected shared secret was changed', () => {
    const dir = copyVectors();
    editCase(dir, 'ML-KEM-encapDecap-FIPS203.json', 'ML-KEM-1024', 97, (t) => {
      t.k = flipHexDigit(t.k as string, 0);
    });
    expect(failures(runKnownAnswerTests(dir))).toEqual([
      expect.objectContaining({
        name: 'ML-KEM-1024 encapDecap tcId 97',
        error: 'k differs from the expected value',
      }),
    ]);
  });

  it('gives a failed entry for a missing file, and still runs the others', () => {
    const dir = copyVectors();
    rmSync(join(dir, 'ML-DSA-sigVer-FIPS204.json'));
    const results = runKnownAnswerTests(dir);
    const sigVerCases = SHIPPED_CASES[FILES.indexOf('ML-DSA-sigVer-FIPS204.json')]!;
    expect(results).toHaveLength(TOTAL_CASES - sigVerCases + 1);
    expect(failures(results)).toEqual([
      expect.objectContaining({
        name: 'ML-DSA sigVer vectors',
        algorithm: 'ML-DSA',
        error: expect.stringContaining('ML-DSA-sigVer-FIPS204.json is missing'),
      }),
    ]);
  });

  it('gives a failed entry for a malformed JSON file', () => {
    const dir = copyVectors();
    writeFileSync(join(dir, 'ML-KEM-encapDecap-FIPS203.json'), '{"testGroups": [ {"tgId": 1,');
    const results = runKnownAnswerTests(dir);
    expect(failures(results)).toEqual([
      expect.objectContaining({ name: 'ML-KEM encapDecap vectors', error: expect.stringMatching(/JSON/) }),
    ]);
  });

  it.each([
    ['no test groups', { algorithm: 'ML-KEM', mode: 'keyGen', revision: 'FIPS203', testGroups: [] }],
    [
      'a group without tests',
      { testGroups: [{ tgId: 7, parameterSet: 'ML-KEM-512', tests: [] }] },
      'group 7 has no tests',
    ],
    [
      'an unknown parameter set',
      { testGroups: [{ tgId: 1, parameterSet: 'ML-KEM-2048', tests: [{ tcId: 1 }] }] },
      "unknown PQC algorithm 'ML-KEM-2048'",
    ],
  ])('gives a failed entry for a file with %s', (_what, content, message = 'no test groups') => {
    const dir = copyVectors();
    writeFileSync(join(dir, 'ML-KEM-keyGen-FIPS203.json'), JSON.stringify(content));
    expect(failures(runKnownAnswerTests(dir))).toEqual([
      expect.objectContaining({ name: 'ML-KEM keyGen vectors', error: message }),
    ]);
  });

  it('fails every file, and passes none, when the directory does not exist', () => {
    const results = runKnownAnswerTests(join(tmpdir(), 'hv-acvp-no-such-dir'));
    expect(results).toHaveLength(FILES.length);
    expect(results.every((r) => !r.passed && /is missing/.test(r.error ?? ''))).toBe(true);
  });

  it('checks that the sigVer cases marked testPassed: false are rejected', () => {
    const set = readSet(DEFAULT_VECTORS_DIR, 'ML-DSA-sigVer-FIPS204.json');
    const rejected = set.testGroups.flatMap((g) =>
      g.tests.filter((t) => t.testPassed === false).map((t) => ({ group: g, test: t })),
    );
    expect(rejected.length).toBeGreaterThan(0);
    const results = runKnownAnswerTests();
    for (const { group, test } of rejected) {
      const name = `${group.parameterSet} sigVer tcId ${String(test.tcId)}`;
      expect(results.find((r) => r.name === name)).toMatchObject({ passed: true });
      // And the library does reject them (the external-interface ones, checked here directly).
      if (typeof test.message === 'string') {
        const dsa = signatureAlgorithm(group.parameterSet)!;
        const hex = (field: string) => hexToBytes(test[field] as string);
        expect(dsa.verify(hex('signature'), hex('message'), hex('pk'), hex('context'))).toBe(false);
      }
    }

    // A result that disagrees with testPassed fails the case, in either direction.
    const dir = copyVectors();
    const [invalid] = rejected;
    editCase(
      dir,
      'ML-DSA-sigVer-FIPS204.json',
      invalid!.group.parameterSet,
      invalid!.test.tcId as number,
      (t) => {
        t.testPassed = true;
      },
    );
    const valid = set.testGroups
      .flatMap((g) => g.tests.map((t) => ({ group: g, test: t })))
      .find(({ test }) => test.testPassed === true)!;
    editCase(dir, 'ML-DSA-sigVer-FIPS204.json', valid.group.parameterSet, valid.test.tcId as number, (t) => {
      t.testPassed = false;
    });
    const failed = failures(runKnownAnswerTests(dir));
    expect(failed).toHaveLength(2);
    expect(failed).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          name: `${invalid!.group.parameterSet} sigVer tcId ${String(invalid!.test.tcId)}`,
          error: 'verification gave false, expected true',
        }),
        expect.objectContaining({
          name: `${valid.group.parameterSet} sigVer tcId ${String(valid.test.tcId)}`,
          error: 'verification gave true, expected false',
        }),
      ]),
    );
  });
});
