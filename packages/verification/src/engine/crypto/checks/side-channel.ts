/**
 * side_channel: the TVLA fixed-versus-random test (Goodwill et al., 2011) on a simulated power
 * trace. For each operation with a secret input, two independent runs of `traces` operations,
 * each randomly with the fixed secret or a fresh one (public inputs fixed, randomness always
 * fresh); at every sample point Welch's t between the two groups. The design leaks when both runs
 * exceed the threshold at the same point: one run alone may do so by chance.
 *
 * Artifacts: power_trace.csv (one row per trace: operation, run, trace, group, then its samples
 * `p0`, `p1`, ...) and tvla_results.json (t per sample point, per run).
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CryptoOperation } from '../../../domain/verify-config.js';
import { SeededRandom } from '../random.js';
import { RunningMoments, tvlaVerdict, welchT, type WelchResult } from '../welch.js';
import {
  failedCheck,
  operationInputs,
  secretOperations,
  skippedCheck,
  withPublicFixed,
  type CheckContext,
  type CheckOutcome,
} from './check.js';
import { tracedOperations } from './traced-run.js';

export const POWER_TRACE_FILE = 'power_trace.csv';
export const TVLA_RESULTS_FILE = 'tvla_results.json';

const RUNS = 2;
const REPORTED_POINTS = 20;
const round = (value: number) => Math.round(value * 1000) / 1000;

interface RunStatistics {
  run: number;
  traces_fixed: number;
  traces_random: number;
  t: (number | null)[];
  results: WelchResult[];
}

type PowerRow = (group: 'fixed' | 'random', trace: number, samples: readonly number[]) => void;

async function tvlaRun(
  context: CheckContext,
  name: string,
  operation: CryptoOperation,
  fixed: readonly bigint[],
  run: number,
  writeRow: PowerRow,
): Promise<RunStatistics | { error: string }> {
  const { settings } = context;
  const random = new SeededRandom(context.seed, `side_channel:${name}:run${run}`);
  const groups: ('fixed' | 'random')[] = Array.from({ length: settings.side_channel.traces }, () =>
    random.coin() ? 'fixed' : 'random',
  );
  const lines = groups.map((group) => ({
    operation: name,
    inputs:
      group === 'fixed'
        ? operationInputs(operation, random, (port, index) =>
            port.role === 'random' ? undefined : fixed[index],
          )
        : withPublicFixed(operation, random, fixed),
  }));
  const fixedTraces = groups.filter((group) => group === 'fixed').length;
  const randomTraces = groups.length - fixedTraces;
  if (fixedTraces < 2 || randomTraces < 2) {
    return { error: `run ${run} drew fewer than two traces of one group; raise side_channel.traces` };
  }
  const traced = await tracedOperations(context, operation, {
    name: `side_channel_${name}_run${run}`,
    lines,
    seed: context.seed + run,
  });
  if ('error' in traced) return traced;
  const { trace, spans } = traced;
  const points = Math.max(...spans.map((span) => span.latency)) + 1;
  const moments = { fixed: [] as RunningMoments[], random: [] as RunningMoments[] };
  for (let j = 0; j < points; j++) {
    moments.fixed.push(new RunningMoments());
    moments.random.push(new RunningMoments());
  }
  spans.forEach((span, k) => {
    const samples = Array.from({ length: points }, (_, j) => trace.power[span.startEdge + j] ?? 0);
    const group = groups[k]!;
    samples.forEach((sample, j) => moments[group][j]!.push(sample));
    writeRow(group, k, samples);
  });
  const results = moments.fixed.map((fixedPoint, j) => welchT(fixedPoint, moments.random[j]!));
  return {
    run,
    traces_fixed: fixedTraces,
    traces_random: randomTraces,
    t: results.map((r) => (r.t === null ? null : round(r.t))),
    results,
  };
}

export async function sideChannelCheck(context: CheckContext): Promise<CheckOutcome> {
  const { settings, stage } = context;
  if (!settings.side_channel.enabled) return skippedCheck('crypto.side_channel.enabled is false');
  const operations = secretOperations(settings);
  if (operations.length === 0) {
    return skippedCheck('no operation declares a secret input (crypto.operations.*.inputs[].role)');
  }
  const threshold = settings.side_channel.threshold;
  const rows: string[] = [];
  let widest = 0;
  const perOperation: Record<string, unknown>[] = [];
  let failure: string | null = null;
  for (const [name, operation] of operations) {
    const fixed = operationInputs(operation, new SeededRandom(context.seed, `side_channel:${name}:fixed`));
    const runs: RunStatistics[] = [];
    for (let run = 1; run <= RUNS && failure === null; run++) {
      const statistics = await tvlaRun(context, name, operation, fixed, run, (group, trace, samples) => {
        widest = Math.max(widest, samples.length);
        rows.push(`${name},${run},${trace},${group},${samples.join(',')}`);
      });
      if ('error' in statistics) failure = statistics.error;
      else runs.push(statistics);
    }
    if (failure !== null) break;
    const verdict = tvlaVerdict(
      runs.map((run) => run.results),
      threshold,
    );
    perOperation.push({
      operation: name,
      sample_points: Math.min(...runs.map((run) => run.t.length)),
      leaking_points: verdict.leakingPoints.length,
      first_leaking_points: verdict.leakingPoints.slice(0, REPORTED_POINTS),
      max_abs_t: round(verdict.maxAbsT),
      zero_variance_points: verdict.zeroVariancePoints,
      unbounded_points: verdict.infinitePoints,
      runs: runs.map(({ results: _results, ...run }) => run),
    });
  }
  const header = ['operation', 'run', 'trace', 'group', ...Array.from({ length: widest }, (_, j) => `p${j}`)];
  await writeFile(join(stage.artifactsDir, POWER_TRACE_FILE), [header.join(','), ...rows, ''].join('\n'));
  stage.artifact(POWER_TRACE_FILE, 'text/csv');
  if (failure !== null) return failedCheck(failure);

  await writeFile(
    join(stage.artifactsDir, TVLA_RESULTS_FILE),
    JSON.stringify({
      method: 'TVLA fixed-vs-random, Welch t',
      threshold,
      seed: context.seed,
      operations: perOperation,
    }),
  );
  stage.artifact(TVLA_RESULTS_FILE, 'application/json');
  const maxT = Math.max(...perOperation.map((op) => op.max_abs_t as number));
  const leakingPoints = perOperation.reduce((sum, op) => sum + (op.leaking_points as number), 0);
  const summary = { max_t_value: maxT, threshold, leaking_points: leakingPoints };
  const details = { operations: perOperation };
  if (leakingPoints === 0) return { status: 'passed', summary, details };
  return failedCheck(
    `both runs exceed |t| = ${threshold} at ${leakingPoints} sample point${leakingPoints === 1 ? '' : 's'}: the power trace depends on the secret`,
    summary,
    details,
  );
}
