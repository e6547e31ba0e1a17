/**
 * constant_time: for each operation with a secret input, `samples` operations with the public
 * inputs fixed and the secrets (and any randomness) drawn afresh; the latency of each, from the
 * trace, is compared with the most common one. `violations` counts the operations that differ.
 * With `constant_time.formal` declared, the two-copy proof (constant-time-proof.ts) runs as well,
 * and its verdict is `formal`: `proven`, `bounded` (holds for `depth` cycles; induction did not
 * close) or `failed`.
 */
import { proveConstantTime, type ProofResult } from './constant-time-proof.js';
import { SeededRandom } from '../random.js';
import { mostCommon } from '../timing.js';
import {
  describeInputs,
  failedCheck,
  operationInputs,
  secretOperations,
  withPublicFixed,
  skippedCheck,
  type CheckContext,
  type CheckOutcome,
} from './check.js';
import { tracedOperations } from './traced-run.js';

const EXAMPLES = 5;

async function latencyCheck(context: CheckContext): Promise<CheckOutcome> {
  const { settings } = context;
  const operations = secretOperations(settings);
  if (operations.length === 0) {
    return skippedCheck('no operation declares a secret input (crypto.operations.*.inputs[].role)');
  }
  const perOperation: Record<string, unknown>[] = [];
  let violations = 0;
  for (const [name, operation] of operations) {
    const random = new SeededRandom(context.seed, `constant_time:${name}`);
    const fixed = operationInputs(operation, random);
    const lines = Array.from({ length: settings.constant_time.samples }, () => ({
      operation: name,
      inputs: withPublicFixed(operation, random, fixed),
    }));
    const traced = await tracedOperations(context, operation, {
      name: `constant_time_${name}`,
      lines,
      seed: context.seed,
    });
    if ('error' in traced) return failedCheck(traced.error);
    const latencies = traced.spans.map((span) => span.latency);
    const { mode, histogram } = mostCommon(latencies);
    const differing = latencies.flatMap((latency, i) => (latency === mode ? [] : [i]));
    violations += differing.length;
    perOperation.push({
      operation: name,
      samples: lines.length,
      latency_cycles: mode,
      latency_min: Math.min(...latencies),
      latency_max: Math.max(...latencies),
      histogram: Object.fromEntries([...histogram].map(([latency, count]) => [String(latency), count])),
      violations: differing.length,
      examples: differing.slice(0, EXAMPLES).map((i) => ({
        latency: latencies[i],
        secrets: describeInputs(operation, lines[i]!.inputs, (port) => port.role === 'secret'),
      })),
    });
  }
  const details = { operations: perOperation };
  if (violations === 0) return { status: 'passed', summary: { violations }, details };
  return failedCheck(
    `${violations} operation${violations === 1 ? '' : 's'} took a different number of cycles than the majority`,
    { violations },
    details,
  );
}

function withProof(measured: CheckOutcome, proof: ProofResult | { error: string }): CheckOutcome {
  const ran = measured.status !== 'skipped';
  const summary = { ...(ran ? measured.summary : {}), formal: 'error' in proof ? 'error' : proof.status };
  const details = { ...measured.details, proof };
  if ('error' in proof)
    return failedCheck(`the two-copy proof reached no verdict: ${proof.error}`, summary, details);
  if (proof.status === 'failed') {
    const at = proof.step === undefined ? '' : ` at cycle ${proof.step}`;
    return failedCheck(
      `two copies of the design given different secrets raise done in different cycles${at}` +
        (proof.counterexample === undefined ? '' : ` (counterexample ${proof.counterexample})`),
      summary,
      details,
    );
  }
  if (measured.status === 'failed') return { ...measured, summary, details };
  return { status: 'passed', summary, details };
}

export async function constantTimeCheck(context: CheckContext): Promise<CheckOutcome> {
  const { settings } = context;
  if (!settings.constant_time.enabled) return skippedCheck('crypto.constant_time.enabled is false');
  const measured = await latencyCheck(context);
  const proof = settings.constant_time.formal;
  // A harness that could not run says nothing of the design; the proof would not change that.
  const harnessFailed = measured.status === 'failed' && !('violations' in measured.summary);
  if (proof === undefined || !proof.enabled || harnessFailed) return measured;
  const result = await proveConstantTime({
    stage: context.stage,
    proof,
    clock: settings.clock,
    timeoutSeconds: settings.timeout_seconds,
  });
  return withProof(measured, result);
}
