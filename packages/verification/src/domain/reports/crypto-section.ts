/**
 * The crypto stage in a report: each check's verdict with its measures, and per operation the
 * TVLA t statistic of both runs at every sample point, laid out for an inline SVG plot with the
 * ±threshold lines. The geometry is computed here so that templates only draw it.
 */
import type { StageRow } from '../../store/jobs.js';

export interface CryptoCheckView {
  name: string;
  status: string;
  reason: string | null;
  /** The check's measures (`violations`, `max_t_value`, ...) as label and text. */
  measures: { label: string; value: string }[];
}

export interface TvlaPlot {
  operation: string;
  threshold: number;
  sample_points: number;
  width: number;
  height: number;
  /** The |t| the plot's vertical range reaches; larger values are drawn at the edge. */
  t_limit: number;
  zero_y: number;
  upper_y: number;
  lower_y: number;
  /** Per run: the SVG polyline points, `x,y x,y ...`. */
  runs: { run: number; points: string; color: string }[];
}

export interface CryptoSection {
  status: string;
  reason: string | null;
  checks_passed: number;
  seed: number | null;
  checks: CryptoCheckView[];
  tvla_plots: TvlaPlot[];
}

const WIDTH = 720;
const HEIGHT = 220;
const MARGIN = 10;
const RUN_COLORS = ['#0969da', '#bf3989'];
const CHECK_ORDER = [
  'constant_time',
  'side_channel',
  'ntt_validation',
  'fips_compliance',
  'entropy_analysis',
];

interface StoredRun {
  run: number;
  t: (number | null)[];
}
interface StoredOperation {
  operation: string;
  max_abs_t?: number;
  runs?: StoredRun[];
}

const measureText = (value: unknown): string =>
  typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);

function checkView(name: string, verdict: Record<string, unknown>): CryptoCheckView {
  const { status, reason, ...measures } = verdict;
  return {
    name,
    status: String(status),
    reason: typeof reason === 'string' ? reason : null,
    measures: Object.entries(measures).map(([key, value]) => ({
      label: key.replaceAll('_', ' '),
      value: measureText(value),
    })),
  };
}

const round1 = (value: number) => Math.round(value * 10) / 10;

export function tvlaPlot(operation: StoredOperation, threshold: number): TvlaPlot {
  const runs = operation.runs ?? [];
  const points = Math.max(1, ...runs.map((run) => run.t.length));
  const largest = Math.max(0, ...runs.flatMap((run) => run.t.map((t) => Math.abs(t ?? 0))));
  const limit = Math.max(threshold * 1.5, Math.min(largest, threshold * 20)) * 1.05;
  const plotHeight = HEIGHT - 2 * MARGIN;
  const y = (t: number) =>
    round1(MARGIN + plotHeight / 2 - (Math.max(-limit, Math.min(limit, t)) / limit) * (plotHeight / 2));
  const x = (j: number) => round1(MARGIN + (points === 1 ? 0 : (j / (points - 1)) * (WIDTH - 2 * MARGIN)));
  return {
    operation: operation.operation,
    threshold,
    sample_points: points,
    width: WIDTH,
    height: HEIGHT,
    t_limit: round1(limit),
    zero_y: y(0),
    upper_y: y(threshold),
    lower_y: y(-threshold),
    runs: runs.map((run, index) => ({
      run: run.run,
      // A zero-variance point has no t; it is drawn on the axis (its count is in the check's measures).
      points: run.t.map((t, j) => `${x(j)},${y(t ?? 0)}`).join(' '),
      color: RUN_COLORS[index % RUN_COLORS.length]!,
    })),
  };
}

export function cryptoSection(row: StageRow): CryptoSection {
  const summary = row.summary ?? {};
  const details = (row.details ?? {}) as {
    seed?: number;
    checks?: Record<string, { details?: { operations?: StoredOperation[] } }>;
  };
  const checks = CHECK_ORDER.filter(
    (name) => typeof summary[name] === 'object' && summary[name] !== null,
  ).map((name) => checkView(name, summary[name] as Record<string, unknown>));
  const sideChannel = summary.side_channel as { threshold?: number } | undefined;
  const operations = details.checks?.side_channel?.details?.operations ?? [];
  return {
    status: row.status,
    reason: row.reason,
    checks_passed: typeof summary.crypto_checks_passed === 'number' ? summary.crypto_checks_passed : 0,
    seed: details.seed ?? null,
    checks,
    tvla_plots:
      sideChannel?.threshold === undefined
        ? []
        : operations.map((op) => tvlaPlot(op, sideChannel.threshold!)),
  };
}
