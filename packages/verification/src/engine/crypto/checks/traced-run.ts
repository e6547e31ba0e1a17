/**
 * A campaign run with the design's trace, read into the operations it shows: each one's start
 * edge and latency. The timing and power checks both stand on it.
 */
import type { CryptoOperation } from '../../../domain/verify-config.js';
import { sampleEdges, type EdgeTrace } from '../edge-sampler.js';
import type { Campaign } from '../harness.js';
import { operationSpans } from '../timing.js';
import type { CheckContext } from './check.js';

export interface TracedOperations {
  trace: EdgeTrace;
  /** One per stimulus line, in order; every one completed. */
  spans: { startEdge: number; latency: number }[];
}

export async function tracedOperations(
  context: CheckContext,
  operation: CryptoOperation,
  campaign: Omit<Campaign, 'trace'>,
): Promise<TracedOperations | { error: string }> {
  const run = await context.harness.run({ ...campaign, trace: true });
  if (!run.ok) return { error: run.reason };
  const trace = await sampleEdges(run.tracePath!, {
    scope: context.scope,
    clock: context.settings.clock,
    watch: [operation.start, operation.done],
  });
  const spans = operationSpans(trace, operation.start, operation.done);
  const completed = spans.flatMap(({ startEdge, latency }) =>
    latency === null ? [] : [{ startEdge, latency }],
  );
  if (spans.length !== campaign.lines.length || completed.length !== spans.length) {
    return {
      error: `the trace of '${campaign.name}' shows ${completed.length} completed operations of ${campaign.lines.length}: does the harness follow the start/done handshake?`,
    };
  }
  return { trace, spans: completed };
}
