/**
 * ntt_validation: `vectors` random polynomials (256 coefficients uniform in [0, q)) through the
 * declared operation, each output coefficient compared, modulo q, with the platform's reference
 * NTT (ntt-reference.ts) in the design's declared ordering and Montgomery convention.
 *
 * Packing: coefficient i of a port of width W sits at bits [i*w +: w], w = floor(W / 256), which
 * must hold a coefficient (12 bits for Kyber, 23 for Dilithium).
 */
import type { ResolvedCryptoConfig } from '../../../domain/verify-config.js';
import { NTT_PARAMETERS, ntt, toMontgomery, toNaturalOrder } from '../ntt-reference.js';
import { packElements, parseResponseLine, unpackElements } from '../ports.js';
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

const COEFFICIENTS = 256;
const REPORTED_MISMATCHES = 5;

type NttSettings = NonNullable<ResolvedCryptoConfig['ntt']>;

/** The operation and its port positions, or why the declaration cannot be used. */
function plan(settings: ResolvedCryptoConfig, ntt: NttSettings) {
  const operation = declaredOperation(settings, 'ntt', ntt.operation);
  if ('error' in operation) return operation;
  const input = portIndex(operation.inputs, ntt.input);
  const output = portIndex(operation.outputs, ntt.output);
  if (input < 0) return { error: `crypto.ntt.input '${ntt.input}' is not an input of '${ntt.operation}'` };
  if (output < 0)
    return { error: `crypto.ntt.output '${ntt.output}' is not an output of '${ntt.operation}'` };
  const bits = NTT_PARAMETERS[ntt.variant].coefficientBits;
  for (const port of [operation.inputs[input]!, operation.outputs[output]!]) {
    if (Math.floor(port.width / COEFFICIENTS) < bits) {
      return {
        error: `port '${port.name}' (${port.width} bits) cannot hold 256 coefficients of ${bits} bits`,
      };
    }
  }
  return { operation, input, output };
}

function expectedTransform(declared: NttSettings, poly: number[]): number[] {
  const standard = ntt(declared.variant, poly);
  const ordered = declared.ordering === 'natural' ? toNaturalOrder(declared.variant, standard) : standard;
  return declared.montgomery ? toMontgomery(declared.variant, ordered) : ordered;
}

export async function nttValidationCheck(context: CheckContext): Promise<CheckOutcome> {
  const declared = context.settings.ntt;
  if (declared === undefined) return skippedCheck('the design declares no NTT (crypto.ntt in verify.json)');
  if (!declared.enabled) return skippedCheck('crypto.ntt.enabled is false');
  const planned = plan(context.settings, declared);
  if ('error' in planned) return failedCheck(planned.error);
  const { operation, input, output } = planned;
  const { q } = NTT_PARAMETERS[declared.variant];
  const inputWidth = Math.floor(operation.inputs[input]!.width / COEFFICIENTS);
  const outputWidth = Math.floor(operation.outputs[output]!.width / COEFFICIENTS);

  const random = new SeededRandom(context.seed, 'ntt_validation');
  const polynomials = Array.from({ length: declared.vectors }, () =>
    Array.from({ length: COEFFICIENTS }, () => Number(random.below(BigInt(q)))),
  );
  const lines = polynomials.map((poly) => ({
    operation: declared.operation,
    inputs: operationInputs(operation, random, (_port, index) =>
      index === input ? packElements(poly.map(BigInt), inputWidth) : undefined,
    ),
  }));
  const run = await context.harness.run({ name: 'ntt_validation', lines, trace: false, seed: context.seed });
  if (!run.ok) return failedCheck(run.reason);

  let mismatches = 0;
  const first: Record<string, unknown>[] = [];
  for (const [vector, poly] of polynomials.entries()) {
    const values = parseResponseLine(run.responses[vector]!, operation.outputs);
    if ('error' in values)
      return failedCheck(`response ${vector + 1} of '${declared.operation}': ${values.error}`);
    const actual = unpackElements(values[output]!, outputWidth, COEFFICIENTS).map((c) =>
      Number(c % BigInt(q)),
    );
    const expected = expectedTransform(declared, poly);
    expected.forEach((coefficient, index) => {
      if (actual[index] === coefficient) return;
      mismatches++;
      if (first.length < REPORTED_MISMATCHES)
        first.push({ vector, index, expected: coefficient, actual: actual[index] });
    });
  }
  const summary = { mismatches, vectors: declared.vectors, coefficients: declared.vectors * COEFFICIENTS };
  const details = {
    variant: declared.variant,
    q,
    ordering: declared.ordering,
    montgomery: declared.montgomery,
    first_mismatches: first,
  };
  if (mismatches === 0) return { status: 'passed', summary, details };
  return failedCheck(
    `${mismatches} of ${summary.coefficients} coefficients differ from the reference ${declared.variant} NTT`,
    summary,
    details,
  );
}
