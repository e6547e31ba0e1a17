/**
 * Operations as the trace shows them: the edge at which each one started (a run of edges with
 * `start` high counts once) and its latency, the edges from there to the first later edge with
 * `done` high.
 */
import type { EdgeTrace } from './edge-sampler.js';

export interface OperationSpan {
  startEdge: number;
  /** Null when no later edge has `done` high (the trace ended first). */
  latency: number | null;
}

export function operationSpans(trace: EdgeTrace, start: string, done: string): OperationSpan[] {
  const starts = (trace.highAt.get(start) ?? []).filter((edge, i, all) => i === 0 || all[i - 1] !== edge - 1);
  const dones = trace.highAt.get(done) ?? [];
  let next = 0;
  return starts.map((startEdge) => {
    while (next < dones.length && dones[next]! <= startEdge) next++;
    return { startEdge, latency: next < dones.length ? dones[next]! - startEdge : null };
  });
}

/** The most common value (the smallest of a tie), with how often each value occurs. */
export function mostCommon(values: readonly number[]): { mode: number; histogram: Map<number, number> } {
  const histogram = new Map<number, number>();
  for (const value of values) histogram.set(value, (histogram.get(value) ?? 0) + 1);
  let mode = Number.NaN;
  let best = 0;
  for (const [value, count] of [...histogram].sort(([a], [b]) => a - b)) {
    if (count > best) [mode, best] = [value, count];
  }
  return { mode, histogram };
}
