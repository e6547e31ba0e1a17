/** ACVP vector sets for the PQC tests: a copy of the shipped ones with one expected value wrong. */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_VECTORS_DIR } from '../../src/pqc/acvp.js';

/**
 * Copies the shipped vectors into `dir/vectors` with the expected signature of one ML-DSA-65 sigGen
 * case changed by one hex digit, so exactly that known-answer test fails; answers the directory.
 */
export function corruptedVectors(dir: string): string {
  const vectors = join(dir, 'vectors');
  cpSync(DEFAULT_VECTORS_DIR, vectors, { recursive: true });
  const file = join(vectors, 'ML-DSA-sigGen-FIPS204.json');
  const set = JSON.parse(readFileSync(file, 'utf8'));
  const test = set.testGroups[1].tests[0];
  test.signature = (test.signature[0] === '0' ? '1' : '0') + test.signature.slice(1);
  writeFileSync(file, JSON.stringify(set));
  return vectors;
}
