#!/usr/bin/env node
/**
 * Writes the ACVP known-answer vector files the platform ships (vectors/acvp/), one per
 * algorithm, in the ACVP-Server's internalProjection form: every test case holds its inputs and
 * its expected results.
 *
 * Provenance. The expected results are computed with node:crypto, that is the OpenSSL that Node
 * is built with; these are not official ACVP vector sets and carry `"isSample": true`. Before
 * writing anything, the script checks that node:crypto reproduces the published example values
 * that open each file:
 *   - SHA3-256, SHA3-512: the 0-bit and the 1600-bit (0xA3 x 200) messages of NIST's FIPS 202
 *     example values, and the message "abc";
 *   - SHA2-256: FIPS 180-2 Appendix B.1 ("abc") and B.2 (the 448-bit two-block message);
 *   - ACVP-AES-ECB: FIPS 197 Appendix B (the cipher example) and C.1, C.2, C.3 (AES-128, -192,
 *     -256), each encrypted and decrypted.
 * The other messages, keys and plaintexts come from a seeded deterministic generator (AES-256 in
 * counter mode, keyed by SHA-256 of a stream name), so running the script again writes the same
 * bytes. Hash messages are byte-oriented, of every length from 0 to 300 bytes: single-block and
 * multi-block messages, and every padding boundary of SHA-256 (64-byte blocks), SHA3-512 (72)
 * and SHA3-256 (136). As in ACVP, `len` is in bits and hex is upper case; the empty message is "".
 *
 * Usage: node scripts/generate-acvp-vectors.mjs (from packages/verification, or anywhere).
 */
import { createCipheriv, createDecipheriv, createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const OUTPUT_DIR = fileURLToPath(new URL('../vectors/acvp/', import.meta.url));
const LONGEST_MESSAGE_BYTES = 300;
const AES_CASES_PER_GROUP = 48;

const toHex = (bytes) => Buffer.from(bytes).toString('hex').toUpperCase();
const fromHex = (hex) => Buffer.from(hex, 'hex');

/** A deterministic byte source: AES-256-CTR keystream keyed by SHA-256 of `name`. */
function seededBytes(name) {
  const key = createHash('sha256').update(`acvp-vectors:${name}`).digest();
  const cipher = createCipheriv('aes-256-ctr', key, Buffer.alloc(16));
  return (count) => cipher.update(Buffer.alloc(count));
}

const A3_x200 = 'A3'.repeat(200);
const ABC = toHex('abc');

const HASHES = [
  {
    algorithm: 'SHA3-256',
    nodeName: 'sha3-256',
    revision: '2.0',
    examples: [
      ['', 'a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a'],
      [ABC, '3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532'],
      [A3_x200, '79f38adec5c20307a98ef76e8324afbfd46cfd81b22e3973c65fa1bd9de31787'],
    ],
  },
  {
    algorithm: 'SHA3-512',
    nodeName: 'sha3-512',
    revision: '2.0',
    examples: [
      [
        '',
        'a69f73cca23a9ac5c8b567dc185a756e97c982164fe25859e0d1dcc1475c80a6' +
          '15b2123af1f5f94c11e3e9402c3ac558f500199d95b6d3e301758586281dcd26',
      ],
      [
        ABC,
        'b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e' +
          '10e116e9192af3c91a7ec57647e3934057340b4cf408d5a56592f8274eec53f0',
      ],
      [
        A3_x200,
        'e76dfad22084a8b1467fcf2ffa58361bec7628edf5f3fdc0e4805dc48caeeca8' +
          '1b7c13c30adf52a3659584739a2df46be589c51ca1a4a8416df6545a1ce8ba00',
      ],
    ],
  },
  {
    algorithm: 'SHA2-256',
    nodeName: 'sha256',
    revision: '1.0',
    examples: [
      [ABC, 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
      [
        toHex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq'),
        '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
      ],
    ],
  },
];

const FIPS_197_PLAINTEXT = '00112233445566778899aabbccddeeff';
const AES_EXAMPLES = {
  128: [
    [
      '2b7e151628aed2a6abf7158809cf4f3c',
      '3243f6a8885a308d313198a2e0370734',
      '3925841d02dc09fbdc118597196a0b32',
    ],
    ['000102030405060708090a0b0c0d0e0f', FIPS_197_PLAINTEXT, '69c4e0d86a7b0430d8cdb78070b4c55a'],
  ],
  192: [
    [
      '000102030405060708090a0b0c0d0e0f1011121314151617',
      FIPS_197_PLAINTEXT,
      'dda97ca4864cdfe06eaf70a0ec0d7191',
    ],
  ],
  256: [
    [
      '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f',
      FIPS_197_PLAINTEXT,
      '8ea2b7ca516745bfeafc49904b496089',
    ],
  ],
};

const digest = (nodeName, msgHex) => toHex(createHash(nodeName).update(fromHex(msgHex)).digest());

/** One AES block through ECB, without padding (ACVP's AES-ECB works on whole blocks). */
function aesEcb(direction, keyHex, inputHex) {
  const name = `aes-${keyHex.length * 4}-ecb`;
  const cipher =
    direction === 'encrypt'
      ? createCipheriv(name, fromHex(keyHex), null)
      : createDecipheriv(name, fromHex(keyHex), null);
  cipher.setAutoPadding(false);
  return toHex(Buffer.concat([cipher.update(fromHex(inputHex)), cipher.final()]));
}

function assertEqual(what, actual, expected) {
  if (actual !== expected.toUpperCase()) {
    throw new Error(`node:crypto does not reproduce ${what}: ${actual}, published ${expected.toUpperCase()}`);
  }
}

/** Refuses to go on unless node:crypto reproduces every published example value. */
function checkPublishedExamples() {
  for (const { algorithm, nodeName, examples } of HASHES) {
    for (const [msg, md] of examples)
      assertEqual(`${algorithm} of ${msg.length * 4} bits`, digest(nodeName, msg), md);
  }
  for (const [keyLen, examples] of Object.entries(AES_EXAMPLES)) {
    for (const [key, pt, ct] of examples) {
      assertEqual(`AES-${keyLen} encryption with key ${key}`, aesEcb('encrypt', key, pt), ct);
      assertEqual(`AES-${keyLen} decryption with key ${key}`, aesEcb('decrypt', key, ct), pt);
    }
  }
}

const vectorSet = (algorithm, revision, testGroups) => ({
  vsId: 0,
  algorithm,
  revision,
  isSample: true,
  testGroups,
});

function hashVectorSet({ algorithm, nodeName, revision, examples }) {
  const random = seededBytes(algorithm);
  const messages = [
    ...examples.map(([msg]) => msg.toUpperCase()),
    ...Array.from({ length: LONGEST_MESSAGE_BYTES + 1 }, (_, bytes) => toHex(random(bytes))),
  ];
  const tests = messages.map((msg, i) => ({
    tcId: i + 1,
    msg,
    len: msg.length * 4,
    md: digest(nodeName, msg),
  }));
  return vectorSet(algorithm, revision, [{ tgId: 1, testType: 'AFT', tests }]);
}

/** One AFT group: the published examples of the key length first, then seeded keys and blocks. */
function aesGroup(tgId, direction, keyLen, firstTcId, random) {
  const examples = AES_EXAMPLES[keyLen].map(([key, pt, ct]) => [key, direction === 'encrypt' ? pt : ct]);
  const seeded = Array.from({ length: AES_CASES_PER_GROUP }, () => [
    toHex(random(keyLen / 8)),
    toHex(random(16)),
  ]);
  const tests = [...examples, ...seeded].map(([key, input], i) => {
    const output = aesEcb(direction, key, input);
    const tcId = firstTcId + i;
    return direction === 'encrypt'
      ? { tcId, key: key.toUpperCase(), pt: input.toUpperCase(), ct: output }
      : { tcId, key: key.toUpperCase(), ct: input.toUpperCase(), pt: output };
  });
  return { tgId, testType: 'AFT', direction, keyLen, tests };
}

function aesVectorSet() {
  const random = seededBytes('ACVP-AES-ECB');
  const groups = [];
  let nextTcId = 1;
  for (const direction of ['encrypt', 'decrypt']) {
    for (const keyLen of [128, 192, 256]) {
      const group = aesGroup(groups.length + 1, direction, keyLen, nextTcId, random);
      nextTcId += group.tests.length;
      groups.push(group);
    }
  }
  return vectorSet('ACVP-AES-ECB', '1.0', groups);
}

function main() {
  checkPublishedExamples();
  // Built in full before the first write, so a failure leaves the old files as they were.
  const sets = [...HASHES.map(hashVectorSet), aesVectorSet()];
  mkdirSync(OUTPUT_DIR, { recursive: true });
  for (const set of sets) {
    const text = `${JSON.stringify(set, null, 2)}\n`;
    const file = `${OUTPUT_DIR}${set.algorithm}.json`;
    writeFileSync(file, text);
    const cases = set.testGroups.reduce((count, group) => count + group.tests.length, 0);
    console.log(`${file}: ${cases} test cases, ${Buffer.byteLength(text)} bytes`);
  }
}

main();
