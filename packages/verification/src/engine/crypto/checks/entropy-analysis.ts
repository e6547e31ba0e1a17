/**
 * entropy_analysis: samples of the declared entropy source, read from an operation's output port
 * (sample i of a port at bits [i*b +: b], b = bits_per_sample), assessed with the NIST
 * SP 800-90B estimators (entropy-estimators.ts). Passes when the assessed min-entropy per sample
 * is at least the design's claim.
 */
import { assessMinEntropy } from '../entropy-estimators.js';
import { parseResponseLine, unpackElements } from '../ports.js';
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

const round = (value: number) => Math.round(value * 10_000) / 10_000;

export async function entropyAnalysisCheck(context: CheckContext): Promise<CheckOutcome> {
  const declared = context.settings.entropy;
  if (declared === undefined)
    return skippedCheck('the design declares no entropy source (crypto.entropy in verify.json)');
  if (!declared.enabled) return skippedCheck('crypto.entropy.enabled is false');
  const operation = declaredOperation(context.settings, 'entropy', declared.operation);
  if ('error' in operation) return failedCheck(operation.error);
  const output = portIndex(operation.outputs, declared.output);
  if (output < 0)
    return failedCheck(
      `crypto.entropy.output '${declared.output}' is not an output of '${declared.operation}'`,
    );
  const perOperation = Math.floor(operation.outputs[output]!.width / declared.bits_per_sample);
  if (perOperation === 0) {
    return failedCheck(
      `output '${declared.output}' is narrower than one sample of ${declared.bits_per_sample} bits`,
    );
  }
  const random = new SeededRandom(context.seed, 'entropy_analysis');
  const lines = Array.from({ length: Math.ceil(declared.samples / perOperation) }, () => ({
    operation: declared.operation,
    inputs: operationInputs(operation, random),
  }));
  const run = await context.harness.run({
    name: 'entropy_analysis',
    lines,
    trace: false,
    seed: context.seed,
  });
  if (!run.ok) return failedCheck(run.reason);

  const samples = new Uint8Array(lines.length * perOperation);
  for (const [i, line] of run.responses.entries()) {
    const values = parseResponseLine(line, operation.outputs);
    if ('error' in values)
      return failedCheck(`response ${i + 1} of '${declared.operation}': ${values.error}`);
    unpackElements(values[output]!, declared.bits_per_sample, perOperation).forEach((sample, j) => {
      samples[i * perOperation + j] = Number(sample);
    });
  }
  const assessed = samples.subarray(0, declared.samples);
  let assessment;
  try {
    assessment = assessMinEntropy(assessed, declared.bits_per_sample);
  } catch (error) {
    if (error instanceof RangeError) return skippedCheck(`too few samples for SP 800-90B: ${error.message}`);
    throw error;
  }
  const minEntropy = round(assessment.minEntropy);
  const summary = { min_entropy: minEntropy, claim: declared.min_entropy_claim, samples: assessed.length };
  const details = {
    bits_per_sample: declared.bits_per_sample,
    estimators: assessment.estimators.map((e) => ({ ...e, minEntropy: round(e.minEntropy) })),
  };
  if (assessment.minEntropy >= declared.min_entropy_claim) return { status: 'passed', summary, details };
  return failedCheck(
    `the assessed min-entropy, ${minEntropy} bits per sample, is below the claimed ${declared.min_entropy_claim}`,
    summary,
    details,
  );
}
