import { createCipheriv, createDecipheriv, createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  AcvpFormatError,
  MAX_ACVP_FILE_BYTES,
  MAX_ACVP_TEST_CASES,
  mergePromptAndExpected,
  parseAcvpVectorSet,
  selectGroups,
  SHIPPED_KAT_ALGORITHMS,
  shippedVectorFile,
  type KatCase,
  type KatGroup,
  type KatVectorSet,
} from '../../../src/engine/crypto/acvp.js';

// Excerpts of the ACVP-Server's published sample vector sets, all with vsId 0; the commit each
// came from is in fixtures/acvp/README.md:
//   aes-ecb-internal-projection.json   gen-val/json-files/ACVP-AES-ECB-1.0/internalProjection.json
//   aes-ecb-prompt.json                gen-val/json-files/ACVP-AES-ECB-1.0/prompt.json
//   aes-ecb-expected-results.json      gen-val/json-files/ACVP-AES-ECB-1.0/expectedResults.json
//   sha2-256-internal-projection.json  gen-val/json-files/SHA2-256-1.0/internalProjection.json
//   sha3-256-internal-projection.json  gen-val/json-files/SHA3-256-2.0/internalProjection.json
const fixture = (name: string) => readFileSync(new URL(`./fixtures/acvp/${name}`, import.meta.url), 'utf8');

const shippedText = (algorithm: string) => readFileSync(shippedVectorFile(algorithm)!, 'utf8');
const shipped = (algorithm: string) => parseAcvpVectorSet(shippedText(algorithm));

const NODE_HASH: Record<string, string> = {
  'SHA3-256': 'sha3-256',
  'SHA3-512': 'sha3-512',
  'SHA2-256': 'sha256',
};
const HASH_ALGORITHMS = Object.keys(NODE_HASH);

const hex = (value: unknown) => String(value);

/** The digest of a byte-oriented case, by node:crypto (OpenSSL). */
function digest(algorithm: string, test: KatCase): string {
  const bits = Number(test.fields.len);
  const message = Buffer.from(hex(test.fields.msg), 'hex').subarray(0, bits / 8);
  return createHash(NODE_HASH[algorithm]!).update(message).digest('hex').toUpperCase();
}

/** One AES-ECB block of a case, by node:crypto: ct when encrypting, pt when decrypting. */
function aesEcb(group: KatGroup, test: KatCase): string {
  const name = `aes-${String(group.properties.keyLen)}-ecb`;
  const key = Buffer.from(hex(test.fields.key), 'hex');
  const encrypt = group.properties.direction === 'encrypt';
  const cipher = encrypt ? createCipheriv(name, key, null) : createDecipheriv(name, key, null);
  cipher.setAutoPadding(false);
  const input = Buffer.from(hex(encrypt ? test.fields.pt : test.fields.ct), 'hex');
  return Buffer.concat([cipher.update(input), cipher.final()])
    .toString('hex')
    .toUpperCase();
}

const aesAnswer = (group: KatGroup, test: KatCase) =>
  hex(group.properties.direction === 'encrypt' ? test.fields.ct : test.fields.pt);

const allCases = (set: KatVectorSet) => set.groups.flatMap((group) => group.tests);
const caseById = (set: KatVectorSet, tcId: number) => allCases(set).find((test) => test.tcId === tcId);

const errorOf = (run: () => unknown): Error => {
  try {
    run();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected an error');
};

const expectFormatError = (run: () => unknown, message: string) => {
  const error = errorOf(run);
  expect(error).toBeInstanceOf(AcvpFormatError);
  expect(error.message).toBe(message);
};

describe('shipped vectors', () => {
  it.each(SHIPPED_KAT_ALGORITHMS)('%s: a vector set of that algorithm, under 200 KB', (algorithm) => {
    const file = shippedVectorFile(algorithm)!;
    expect(file.endsWith(`/vectors/acvp/${algorithm}.json`)).toBe(true);
    expect(statSync(file).size).toBeLessThan(200 * 1024);
    const set = shipped(algorithm);
    expect(set.algorithm).toBe(algorithm);
    expect(set.vsId).toBe(0);
    expect(allCases(set).map((test) => test.tcId)).toEqual(allCases(set).map((_, i) => i + 1));
  });

  it('has no file for an algorithm it does not ship', () => {
    expect(shippedVectorFile('SHA3-384')).toBeNull();
    expect(shippedVectorFile('../../../package')).toBeNull();
  });

  it.each(HASH_ALGORITHMS)('%s: every digest is what node:crypto computes', (algorithm) => {
    const set = shipped(algorithm);
    expect(set.groups.map((group) => group.properties)).toEqual([{ tgId: 1, testType: 'AFT' }]);
    for (const test of allCases(set)) {
      expect(test.fields.msg).toMatch(/^([0-9A-F]{2})*$/);
      expect(test.fields.len).toBe(hex(test.fields.msg).length * 4);
      expect(test.fields.md, `tcId ${test.tcId}`).toBe(digest(algorithm, test));
    }
  });

  it.each(HASH_ALGORITHMS)('%s: messages of every length from 0 to 300 bytes', (algorithm) => {
    const lengths = new Set(allCases(shipped(algorithm)).map((test) => Number(test.fields.len) / 8));
    for (let bytes = 0; bytes <= 300; bytes++) expect(lengths.has(bytes), `${bytes} bytes`).toBe(true);
  });

  it('AES-ECB: encrypt and decrypt groups for each key length, every block what node:crypto computes', () => {
    const set = shipped('ACVP-AES-ECB');
    expect(
      set.groups.map(({ properties: { direction, keyLen } }) => `${String(direction)} ${String(keyLen)}`),
    ).toEqual(['encrypt 128', 'encrypt 192', 'encrypt 256', 'decrypt 128', 'decrypt 192', 'decrypt 256']);
    for (const group of set.groups) {
      for (const test of group.tests) {
        expect(hex(test.fields.key).length * 4).toBe(group.properties.keyLen);
        expect(aesAnswer(group, test), `tcId ${test.tcId}`).toBe(aesEcb(group, test));
      }
    }
  });

  it('opens each hash file with the published example values', () => {
    const fields = (algorithm: string, tcId: number) => caseById(shipped(algorithm), tcId)?.fields;
    expect(fields('SHA3-256', 1)).toEqual({
      msg: '',
      len: 0,
      md: 'A7FFC6F8BF1ED76651C14756A061D662F580FF4DE43B49FA82D80A4B80F8434A',
    });
    expect(fields('SHA3-256', 2)).toEqual({
      msg: '616263',
      len: 24,
      md: '3A985DA74FE225B2045C172D6BD390BD855F086E3E9D525B46BFE24511431532',
    });
    expect(fields('SHA3-256', 3)?.md).toBe(
      '79F38ADEC5C20307A98EF76E8324AFBFD46CFD81B22E3973C65FA1BD9DE31787',
    );
    expect(fields('SHA3-512', 1)?.md).toMatch(
      /^A69F73CCA23A9AC5C8B567DC185A756E97C982164FE25859E0D1DCC1475C80A6/,
    );
    expect(fields('SHA3-512', 2)?.md).toMatch(
      /^B751850B1A57168A5693CD924B6B096E08F621827444F70D884F5D0240D2712E/,
    );
    expect(fields('SHA2-256', 1)).toEqual({
      msg: '616263',
      len: 24,
      md: 'BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD',
    });
    expect(fields('SHA2-256', 2)?.md).toBe(
      '248D6A61D20638B8E5C026930C3E6039A33CE45964FF2167F6ECEDD419DB06C1',
    );
  });

  it('opens each AES group with the FIPS 197 examples of its key length', () => {
    const set = shipped('ACVP-AES-ECB');
    const first = (direction: string, keyLen: number) =>
      selectGroups(set, { direction, keyLen })[0]!.tests.find(
        (test) => test.fields.pt === '00112233445566778899AABBCCDDEEFF',
      )?.fields;
    expect(first('encrypt', 128)).toEqual({
      key: '000102030405060708090A0B0C0D0E0F',
      pt: '00112233445566778899AABBCCDDEEFF',
      ct: '69C4E0D86A7B0430D8CDB78070B4C55A',
    });
    expect(first('encrypt', 192)?.ct).toBe('DDA97CA4864CDFE06EAF70A0EC0D7191');
    expect(first('encrypt', 256)?.ct).toBe('8EA2B7CA516745BFEAFC49904B496089');
    expect(first('decrypt', 128)?.ct).toBe('69C4E0D86A7B0430D8CDB78070B4C55A');
    expect(first('decrypt', 256)?.key).toBe(
      '000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F',
    );
    expect(caseById(set, 1)?.fields).toEqual({
      key: '2B7E151628AED2A6ABF7158809CF4F3C',
      pt: '3243F6A8885A308D313198A2E0370734',
      ct: '3925841D02DC09FBDC118597196A0B32',
    });
  });
});

describe('published ACVP excerpts', () => {
  it('reads an AES-ECB internal projection, and node:crypto agrees with it', () => {
    const set = parseAcvpVectorSet(fixture('aes-ecb-internal-projection.json'));
    expect(set).toMatchObject({ algorithm: 'ACVP-AES-ECB', mode: null, revision: '1.0', vsId: 0 });
    const [group] = set.groups;
    expect(group!.properties).toEqual({
      tgId: 1,
      testType: 'AFT',
      internalTestType: 'GFSBox',
      direction: 'encrypt',
      keyLen: 128,
    });
    expect(group!.tests).toHaveLength(7);
    expect(group!.tests[0]).toEqual({
      tcId: 1,
      fields: {
        pt: 'B26AEB1874E47CA8358FF22378F09144',
        key: '00000000000000000000000000000000',
        ct: '459264F4798F6A78BACB89C15ED3D601',
      },
    });
    for (const test of group!.tests) expect(test.fields.ct).toBe(aesEcb(group!, test));
  });

  it.each([
    ['SHA2-256', 'sha2-256-internal-projection.json', [6, 7]],
    ['SHA3-256', 'sha3-256-internal-projection.json', [3]],
  ])('reads a %s internal projection, and node:crypto agrees with it', (algorithm, file, tcIds) => {
    const set = parseAcvpVectorSet(fixture(file));
    expect(set.algorithm).toBe(algorithm);
    expect(allCases(set).map((test) => test.tcId)).toEqual(tcIds);
    for (const test of allCases(set)) expect(test.fields.md).toBe(digest(algorithm, test));
  });

  it('merges a prompt with its expected results into the internal projection', () => {
    const merged = mergePromptAndExpected(
      parseAcvpVectorSet(fixture('aes-ecb-prompt.json')),
      parseAcvpVectorSet(fixture('aes-ecb-expected-results.json')),
    );
    const projection = parseAcvpVectorSet(fixture('aes-ecb-internal-projection.json'));
    expect(merged.groups.map((group) => group.tgId)).toEqual([1, 2]);
    expect(merged.groups[0]!.tests).toEqual(projection.groups[0]!.tests);
    expect(merged.groups[1]!.properties).toEqual({
      tgId: 2,
      testType: 'AFT',
      direction: 'encrypt',
      keyLen: 128,
    });
    for (const group of merged.groups) {
      for (const test of group.tests) expect(test.fields.ct).toBe(aesEcb(group, test));
    }
  });
});

describe('the wire form', () => {
  it('reads [{ acvVersion }, { vector set }] as the vector set', () => {
    const text = fixture('aes-ecb-internal-projection.json');
    const wire = `[{ "acvVersion": "1.0" }, ${text}]`;
    expect(parseAcvpVectorSet(wire)).toEqual(parseAcvpVectorSet(text));
  });

  it('names paths inside the vector set with its index', () => {
    const set = JSON.parse(fixture('aes-ecb-internal-projection.json'));
    set.testGroups[0].tests[2].tcId = 'three';
    expectFormatError(
      () => parseAcvpVectorSet(JSON.stringify([{ acvVersion: '1.0' }, set])),
      '[1].testGroups[0].tests[2].tcId: expected an integer',
    );
  });

  it.each([
    ['no acvVersion', [{}, { algorithm: 'SHA3-256', testGroups: [] }]],
    ['three entries', [{ acvVersion: '1.0' }, { algorithm: 'SHA3-256', testGroups: [] }, {}]],
    ['a bare array of groups', [{ tgId: 1, tests: [] }]],
  ])('refuses an array that is not the wire form: %s', (_, json) => {
    expectFormatError(
      () => parseAcvpVectorSet(JSON.stringify(json)),
      'the vector set: expected an object, or [{ "acvVersion": ... }, { vector set }]',
    );
  });
});

describe('merging a prompt and its expected results', () => {
  const set = (groups: KatGroup[], overrides: Partial<KatVectorSet> = {}): KatVectorSet => ({
    algorithm: 'SHA3-256',
    mode: null,
    revision: '2.0',
    vsId: 42,
    groups,
    ...overrides,
  });
  const group = (tgId: number, tests: KatCase[], properties = {}): KatGroup => ({
    tgId,
    properties: { tgId, ...properties },
    tests,
  });
  const prompt = set([
    group(
      1,
      [
        { tcId: 1, fields: { msg: '', len: 0 } },
        { tcId: 2, fields: { msg: '61', len: 8 } },
      ],
      {
        testType: 'AFT',
      },
    ),
  ]);
  const answers = set([
    group(1, [
      { tcId: 1, fields: { md: 'AA' } },
      { tcId: 2, fields: { md: 'BB' } },
    ]),
  ]);

  it('puts each answer with its case and keeps the group properties', () => {
    expect(mergePromptAndExpected(prompt, answers).groups).toEqual([
      group(
        1,
        [
          { tcId: 1, fields: { msg: '', len: 0, md: 'AA' } },
          { tcId: 2, fields: { msg: '61', len: 8, md: 'BB' } },
        ],
        { testType: 'AFT' },
      ),
    ]);
  });

  it('takes the identity the prompt lacks from the expected results', () => {
    const merged = mergePromptAndExpected({ ...prompt, vsId: null, revision: null }, answers);
    expect(merged).toMatchObject({ vsId: 42, revision: '2.0' });
  });

  it('refuses a test case without its expected results', () => {
    const partial = set([group(1, [{ tcId: 1, fields: { md: 'AA' } }])]);
    expectFormatError(
      () => mergePromptAndExpected(prompt, partial),
      'tgId 1, tcId 2: the expected results have no such test case',
    );
  });

  it('refuses a test group without its expected results', () => {
    expectFormatError(
      () => mergePromptAndExpected(prompt, set([group(2, [])])),
      'tgId 1: the expected results have no such test group',
    );
  });

  it('refuses files of two different vector sets', () => {
    expectFormatError(
      () => mergePromptAndExpected(prompt, { ...answers, vsId: 43 }),
      'vsId: 42 in the prompt, 43 in the expected results',
    );
    expectFormatError(
      () => mergePromptAndExpected(prompt, { ...answers, algorithm: 'SHA3-512' }),
      'algorithm: "SHA3-256" in the prompt, "SHA3-512" in the expected results',
    );
  });

  it('refuses a field the two files give different values', () => {
    const disagreeing = set([
      group(1, [
        { tcId: 1, fields: { md: 'AA', len: 8 } },
        { tcId: 2, fields: { md: 'BB' } },
      ]),
    ]);
    expectFormatError(
      () => mergePromptAndExpected(prompt, disagreeing),
      'tgId 1, tcId 1: len is 0 in the prompt and 8 in the expected results',
    );
  });

  it('ignores answers to groups the prompt does not hold', () => {
    const more = set([...answers.groups, group(9, [{ tcId: 99, fields: { md: 'CC' } }])]);
    expect(mergePromptAndExpected(prompt, more).groups.map((g) => g.tgId)).toEqual([1]);
  });
});

describe('schema errors', () => {
  const valid = () => ({
    vsId: 1,
    algorithm: 'SHA3-256',
    revision: '2.0',
    testGroups: [
      { tgId: 1, testType: 'AFT', tests: [{ tcId: 1, msg: '', len: 0, md: 'AA' }] },
      {
        tgId: 2,
        testType: 'AFT',
        tests: [
          { tcId: 2, msg: '61', len: 8, md: 'BB' },
          { tcId: 3, msg: '6162', len: 16, md: 'CC' },
        ],
      },
    ],
  });
  /** The parse of the valid set after `edit` changed it in place. */
  const parseEdited = (edit: (set: any) => unknown) => {
    const set = valid();
    edit(set);
    return () => parseAcvpVectorSet(JSON.stringify(set));
  };

  it('reads a valid set, booleans and numbers included', () => {
    const set = parseAcvpVectorSet(
      JSON.stringify({
        ...valid(),
        testGroups: [{ tgId: 7, tests: [{ tcId: 1, testPassed: false, count: 3 }] }],
      }),
    );
    expect(set.groups[0]!.tests[0]!.fields).toEqual({ testPassed: false, count: 3 });
  });

  it.each<[string, (set: any) => unknown, string]>([
    [
      'a fractional tcId',
      (s) => (s.testGroups[1].tests[1].tcId = 2.5),
      'testGroups[1].tests[1].tcId: expected an integer',
    ],
    [
      'a string tcId',
      (s) => (s.testGroups[1].tests[0].tcId = '2'),
      'testGroups[1].tests[0].tcId: expected an integer',
    ],
    ['a missing tcId', (s) => delete s.testGroups[1].tests[1].tcId, 'testGroups[1].tests[1].tcId: missing'],
    ['a negative tgId', (s) => (s.testGroups[0].tgId = -1), 'testGroups[0].tgId: expected at least 0'],
    [
      'a test value that is not hexadecimal',
      (s) => (s.testGroups[0].tests[0].msg = 'abc!'),
      'testGroups[0].tests[0].msg: expected a hexadecimal string, a number or a boolean',
    ],
    [
      'a structured test value',
      (s) => (s.testGroups[0].tests[0].md = ['AA']),
      'testGroups[0].tests[0].md: expected a hexadecimal string, a number or a boolean',
    ],
    [
      'a null group property',
      (s) => (s.testGroups[1].direction = null),
      'testGroups[1].direction: expected a string, a number or a boolean',
    ],
    [
      'tests that are not a list',
      (s) => (s.testGroups[0].tests = {}),
      'testGroups[0].tests: expected an array',
    ],
    ['no algorithm', (s) => delete s.algorithm, 'algorithm: missing'],
    ['no test groups', (s) => delete s.testGroups, 'testGroups: missing'],
    ['a numeric revision', (s) => (s.revision = 2), 'revision: expected a string'],
    [
      'a repeated tcId',
      (s) => (s.testGroups[1].tests[1].tcId = 1),
      'testGroups[1].tests[1].tcId: 1 is already the tcId of testGroups[0].tests[0]',
    ],
    [
      'a repeated tgId',
      (s) => (s.testGroups[1].tgId = 1),
      'testGroups[1].tgId: 1 is already the tgId of testGroups[0]',
    ],
  ])('names the path of %s', (_, edit, message) => {
    expectFormatError(parseEdited(edit), message);
  });

  it('refuses a vector set that is not an object', () => {
    expectFormatError(() => parseAcvpVectorSet('42'), 'the vector set: expected an object');
  });

  it('refuses text that is not JSON', () => {
    expect(errorOf(() => parseAcvpVectorSet('{"algorithm": '))).toBeInstanceOf(AcvpFormatError);
    expect(errorOf(() => parseAcvpVectorSet('<<<<<<< HEAD')).message).toMatch(/^not JSON: /);
  });

  it('reads a file that starts with a byte-order mark', () => {
    expect(parseAcvpVectorSet(`\uFEFF${JSON.stringify(valid())}`).vsId).toBe(1);
  });
});

describe('limits', () => {
  const withCases = (count: number) =>
    JSON.stringify({
      algorithm: 'SHA3-256',
      testGroups: [{ tgId: 1, tests: Array.from({ length: count }, (_, i) => ({ tcId: i + 1 })) }],
    });

  it(`reads ${MAX_ACVP_TEST_CASES} test cases and refuses one more`, () => {
    expect(parseAcvpVectorSet(withCases(MAX_ACVP_TEST_CASES)).groups[0]!.tests).toHaveLength(
      MAX_ACVP_TEST_CASES,
    );
    expectFormatError(
      () => parseAcvpVectorSet(withCases(MAX_ACVP_TEST_CASES + 1)),
      `testGroups: ${MAX_ACVP_TEST_CASES + 1} test cases; at most ${MAX_ACVP_TEST_CASES} are read`,
    );
  });

  it('refuses a file over 16 MiB before parsing it', () => {
    const text = withCases(1) + ' '.repeat(MAX_ACVP_FILE_BYTES);
    expectFormatError(
      () => parseAcvpVectorSet(text),
      `the file is ${text.length} bytes; at most ${MAX_ACVP_FILE_BYTES} (16 MiB) are read`,
    );
  });

  it('counts bytes, not characters', () => {
    const text = JSON.stringify({ algorithm: 'é'.repeat(MAX_ACVP_FILE_BYTES / 2), testGroups: [] });
    expect(errorOf(() => parseAcvpVectorSet(text)).message).toMatch(/^the file is \d+ bytes/);
  });
});

describe('Monte Carlo and large-data groups', () => {
  it('leaves them out, whether the test type or the structured fields say so', () => {
    const set = parseAcvpVectorSet(
      JSON.stringify({
        algorithm: 'SHA2-256',
        testGroups: [
          { tgId: 1, testType: 'AFT', tests: [{ tcId: 1, msg: '61', len: 8, md: 'AA' }] },
          { tgId: 2, testType: 'MCT', mctVersion: 'standard', tests: [{ tcId: 2, msg: '61', len: 8 }] },
          {
            tgId: 3,
            tests: [{ tcId: 3, resultsArray: [{ md: 'AA' }, { md: 'BB' }] }],
          },
          {
            tgId: 4,
            testType: 'LDT',
            tests: [
              {
                tcId: 4,
                largeMsg: {
                  content: 'AB',
                  contentLength: 8,
                  fullLength: 8589934592,
                  expansionTechnique: 'repeating',
                },
              },
            ],
          },
        ],
      }),
    );
    expect(set.groups.map((group) => group.tgId)).toEqual([1]);
  });
});

describe('selectGroups', () => {
  const set = shipped('ACVP-AES-ECB');
  const selected = (filter: Record<string, string | number | boolean>) =>
    selectGroups(set, filter).map((group) => group.tgId);

  it('keeps the groups whose properties equal every entry of the filter', () => {
    expect(selected({ direction: 'encrypt' })).toEqual([1, 2, 3]);
    expect(selected({ direction: 'decrypt', keyLen: 256 })).toEqual([6]);
    expect(selected({ testType: 'AFT' })).toEqual([1, 2, 3, 4, 5, 6]);
    expect(selected({})).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('compares values exactly and needs every key present', () => {
    expect(selected({ keyLen: '128' })).toEqual([]);
    expect(selected({ testType: 'MCT' })).toEqual([]);
    expect(selected({ constructor: 'x' })).toEqual([]);
  });
});
