/**
 * fips_compliance: the known-answer tests of the declared algorithm, from an ACVP vector file (one
 * the platform ships, or the project's own `kat.vectors`), run through the declared operation.
 * `kat.inputs` maps each ACVP test field to an input port, `kat.outputs` each expected field to
 * an output port. Hexadecimal fields become port values in `kat.byte_order` (big-endian: the hex
 * as one number; little-endian: byte i at bits [8i +: 8]); numeric fields (`len`) are the value
 * itself. A test whose values do not fit the ports is counted as not applicable, not run.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { VpErrors } from '../../../errors.js';
import { pathSegments, regularFileBelow } from '../../../domain/project-paths.js';
import type { CryptoOperation, ResolvedCryptoConfig } from '../../../domain/verify-config.js';
import {
  AcvpFormatError,
  MAX_ACVP_FILE_BYTES,
  mergePromptAndExpected,
  parseAcvpVectorSet,
  selectGroups,
  shippedVectorFile,
  SHIPPED_KAT_ALGORITHMS,
  type KatCase,
  type KatVectorSet,
} from '../acvp.js';
import { parseResponseLine } from '../ports.js';
import { SeededRandom } from '../random.js';
import {
  declaredOperation,
  failedCheck,
  operationInputs,
  portIndex,
  skippedCheck,
  type CheckContext,
  type CheckOutcome,
} from './check.js';

type KatSettings = NonNullable<ResolvedCryptoConfig['kat']>;
type ByteOrder = KatSettings['byte_order'];

const REPORTED_FAILURES = 5;

/** A field's value as a port value, or null when it does not fit `width` bits. */
export function fieldToPort(
  value: string | number | boolean,
  width: number,
  order: ByteOrder,
): bigint | null {
  let result: bigint;
  if (typeof value === 'boolean') result = value ? 1n : 0n;
  else if (typeof value === 'number') result = BigInt(value);
  else {
    const bytes = Buffer.from(value.length % 2 === 0 ? value : `0${value}`, 'hex');
    result = order === 'big-endian' ? bytesBigEndian(bytes) : bytesBigEndian(Buffer.from(bytes).reverse());
  }
  return result >> BigInt(width) === 0n ? result : null;
}

const bytesBigEndian = (bytes: Buffer): bigint =>
  bytes.length === 0 ? 0n : BigInt(`0x${bytes.toString('hex')}`);

/** The first `length` bytes of a port value in `order`, as lowercase hex. */
export function portToHex(value: bigint, length: number, order: ByteOrder): string {
  const bytes = Buffer.alloc(length);
  for (let i = 0; i < length; i++) bytes[i] = Number((value >> BigInt(8 * i)) & 0xffn);
  return (order === 'big-endian' ? bytes.reverse() : bytes).toString('hex');
}

/** The text of the project's file at `path` (kat.vectors or kat.expected_results), or what is wrong with it. */
async function projectFile(
  context: CheckContext,
  field: string,
  path: string,
): Promise<string | { error: string }> {
  let segments: string[];
  try {
    segments = pathSegments(path, field);
  } catch (error) {
    if (error instanceof Error && VpErrors.validation.is(error)) return { error: error.message };
    throw error;
  }
  const file = await regularFileBelow(context.stage.sourceDir, segments);
  if ('problem' in file) return { error: `${field}: '${path}' ${file.problem}` };
  if (file.size > MAX_ACVP_FILE_BYTES) return { error: `${field}: '${path}' is larger than 16 MiB` };
  return readFile(join(context.stage.sourceDir, ...segments), 'utf8');
}

async function projectVectors(context: CheckContext, vectors: string, expectedResults: string | undefined) {
  const read = async (field: string, path: string) => {
    const text = await projectFile(context, field, path);
    return typeof text === 'string' ? parseAcvpVectorSet(text) : text;
  };
  const prompt = await read('crypto.kat.vectors', vectors);
  if ('error' in prompt || expectedResults === undefined) return prompt;
  const expected = await read('crypto.kat.expected_results', expectedResults);
  return 'error' in expected ? expected : mergePromptAndExpected(prompt, expected);
}

async function loadVectors(
  context: CheckContext,
  kat: KatSettings,
): Promise<{ set: KatVectorSet; source: string } | { skip: string } | { error: string }> {
  if (kat.vectors === undefined) {
    const shipped = shippedVectorFile(kat.algorithm);
    if (shipped === null) {
      return {
        skip: `the platform ships no vectors for '${kat.algorithm}' (it has ${SHIPPED_KAT_ALGORITHMS.join(', ')}); upload an ACVP file and name it in crypto.kat.vectors`,
      };
    }
    return { set: parseAcvpVectorSet(await readFile(shipped, 'utf8')), source: `shipped:${kat.algorithm}` };
  }
  try {
    const set = await projectVectors(context, kat.vectors, kat.expected_results);
    return 'error' in set ? set : { set, source: `project:${kat.vectors}` };
  } catch (error) {
    if (error instanceof AcvpFormatError) return { error: `crypto.kat.vectors: ${error.message}` };
    throw error;
  }
}

interface Mapping {
  operation: CryptoOperation;
  inputs: [field: string, index: number][];
  outputs: [field: string, index: number][];
}

/** Each ACVP field of `entries` with the position of the port it names, or the first that names none. */
function fieldPorts(
  entries: Record<string, string>,
  ports: readonly { name: string }[],
  kind: 'input' | 'output',
  operation: string,
): [field: string, index: number][] | { error: string } {
  const resolved: [string, number][] = [];
  for (const [field, port] of Object.entries(entries)) {
    const index = portIndex(ports, port);
    if (index < 0) {
      return { error: `crypto.kat maps '${field}' to '${port}', which is not an ${kind} of '${operation}'` };
    }
    resolved.push([field, index]);
  }
  return resolved;
}

function mapping(context: CheckContext, kat: KatSettings): Mapping | { error: string } {
  const operation = declaredOperation(context.settings, 'kat', kat.operation);
  if ('error' in operation) return operation;
  const inputs = fieldPorts(kat.inputs, operation.inputs, 'input', kat.operation);
  if ('error' in inputs) return inputs;
  const outputs = fieldPorts(kat.outputs, operation.outputs, 'output', kat.operation);
  if ('error' in outputs) return outputs;
  if (outputs.length === 0) return { error: 'crypto.kat.outputs maps no expected field to an output port' };
  return { operation, inputs, outputs };
}

/** The test's input values in port order, or null when a field is missing or does not fit. */
function testInputs(test: KatCase, map: Mapping, kat: KatSettings, random: SeededRandom): bigint[] | null {
  const chosen = new Map<number, bigint | null>();
  for (const [field, index] of map.inputs) {
    const value = test.fields[field];
    chosen.set(
      index,
      value === undefined ? null : fieldToPort(value, map.operation.inputs[index]!.width, kat.byte_order),
    );
  }
  if ([...chosen.values()].includes(null)) return null;
  const expectedFit = map.outputs.every(([field, index]) => {
    const value = test.fields[field];
    return typeof value === 'string' && value.length / 2 <= map.operation.outputs[index]!.width / 8;
  });
  return expectedFit
    ? operationInputs(map.operation, random, (_port, index) => chosen.get(index) ?? undefined)
    : null;
}

export async function fipsComplianceCheck(context: CheckContext): Promise<CheckOutcome> {
  const kat = context.settings.kat;
  if (kat === undefined)
    return skippedCheck(
      'the design declares no algorithm with known-answer tests (crypto.kat in verify.json)',
    );
  if (!kat.enabled) return skippedCheck('crypto.kat.enabled is false');
  const map = mapping(context, kat);
  if ('error' in map) return failedCheck(map.error);
  const loaded = await loadVectors(context, kat);
  if ('skip' in loaded) return skippedCheck(loaded.skip);
  if ('error' in loaded) return failedCheck(loaded.error);
  const { set, source } = loaded;
  if (set.algorithm !== kat.algorithm) {
    return failedCheck(`the vector file is for '${set.algorithm}', not the declared '${kat.algorithm}'`);
  }
  const random = new SeededRandom(context.seed, 'fips_compliance');
  const runnable: { test: KatCase; tgId: number; inputs: bigint[] }[] = [];
  let notApplicable = 0;
  for (const group of selectGroups(set, kat.groups)) {
    for (const test of group.tests) {
      const inputs = testInputs(test, map, kat, random);
      if (inputs === null) notApplicable++;
      else runnable.push({ test, tgId: group.tgId, inputs });
    }
  }
  if (runnable.length === 0) {
    return skippedCheck(
      `none of the ${notApplicable} test cases of ${source} fits the ports of '${kat.operation}'`,
    );
  }
  const run = await context.harness.run({
    name: 'fips_compliance',
    lines: runnable.map(({ inputs }) => ({ operation: kat.operation, inputs })),
    trace: false,
    seed: context.seed,
  });
  if (!run.ok) return failedCheck(run.reason);

  const failures: Record<string, unknown>[] = [];
  let failed = 0;
  runnable.forEach(({ test, tgId }, i) => {
    const values = parseResponseLine(run.responses[i]!, map.operation.outputs);
    for (const [field, index] of map.outputs) {
      const expected = String(test.fields[field]).toLowerCase();
      const actual =
        'error' in values ? values.error : portToHex(values[index]!, expected.length / 2, kat.byte_order);
      if (actual === expected) continue;
      failed++;
      if (failures.length < REPORTED_FAILURES)
        failures.push({ tgId, tcId: test.tcId, field, expected, actual });
      break;
    }
  });
  const summary = {
    algorithm: kat.algorithm,
    vectors_run: runnable.length,
    vectors_failed: failed,
    vectors_not_applicable: notApplicable,
  };
  const details = { source, vsId: set.vsId, revision: set.revision, first_failures: failures };
  if (failed === 0) return { status: 'passed', summary, details };
  return failedCheck(
    `${failed} of ${runnable.length} known-answer tests of ${kat.algorithm} failed`,
    summary,
    details,
  );
}
