/**
 * A job's results as `verifyctl` prints them: one row per stage with its counts (`job results`,
 * and the end of `job submit --wait`), and the totals a CI log wants on one line: tests,
 * properties, crypto checks, duration.
 */
import type { Job, Results } from '../client/index.js';
import { fields, table } from './output.js';

type Stages = Results['stages'];

const percent = (value: number | null) => (value === null ? '-' : `${value}%`);

/** What a stage found, in words, from its counts. */
function stageCounts(stages: Stages, name: string): string {
  switch (name) {
    case 'lint': {
      const lint = stages.lint;
      return lint?.errors === undefined ? '' : `${lint.errors} errors, ${lint.warnings ?? 0} warnings`;
    }
    case 'simulation': {
      const sim = stages.simulation;
      if (sim?.tests_passed === undefined) return '';
      const coverage =
        sim.coverage === undefined
          ? ''
          : `; coverage line ${percent(sim.coverage.line)}, toggle ${percent(sim.coverage.toggle)}, fsm ${percent(sim.coverage.fsm)}`;
      return `${sim.tests_passed} tests passed, ${sim.tests_failed ?? 0} failed${coverage}`;
    }
    case 'formal': {
      const formal = stages.formal;
      if (formal?.properties_proven === undefined) return '';
      return (
        `${formal.properties_proven} properties proven, ${formal.properties_failed ?? 0} failed, ` +
        `${formal.properties_inconclusive ?? 0} inconclusive`
      );
    }
    case 'crypto': {
      const { passed, failed, skipped } = cryptoCounts(stages);
      return passed + failed + skipped === 0
        ? ''
        : `${passed} checks passed, ${failed} failed, ${skipped} skipped`;
    }
    default:
      return '';
  }
}

/** The crypto stage's checks by verdict: its fields that are checks, each an object with a `status`. */
function cryptoCounts(stages: Stages): { passed: number; failed: number; skipped: number } {
  const counts = { passed: 0, failed: 0, skipped: 0 };
  for (const value of Object.values(stages.crypto ?? {})) {
    const status = (value as { status?: unknown } | null)?.status;
    if (status === 'passed' || status === 'failed' || status === 'skipped') counts[status] += 1;
  }
  return counts;
}

interface StageRow {
  name: string;
  status: string;
  duration: string;
  result: string;
}

/** One row per stage of the results: status, duration, counts, or the reason it has none. */
export function resultsTable(results: Results): string {
  const rows: StageRow[] = Object.entries(results.stages).map(([name, stage]) => {
    const counts = stageCounts(results.stages, name);
    return {
      name,
      status: stage.status,
      duration: stage.duration ?? '-',
      result: counts === '' ? (stage.reason ?? '') : counts,
    };
  });
  return table(
    [
      { header: 'STAGE', value: (row: StageRow) => row.name },
      { header: 'STATUS', value: (row: StageRow) => row.status },
      { header: 'DURATION', value: (row: StageRow) => row.duration },
      { header: 'RESULT', value: (row: StageRow) => row.result },
    ],
    rows,
  );
}

/** `tests 4 passed, 0 failed; properties 5 proven, ...; crypto checks ...`: what the job checked. */
export function resultTotals(results: Results): string {
  const { simulation, formal } = results.stages;
  const crypto = cryptoCounts(results.stages);
  return [
    `tests ${simulation?.tests_passed ?? 0} passed, ${simulation?.tests_failed ?? 0} failed`,
    `properties ${formal?.properties_proven ?? 0} proven, ${formal?.properties_failed ?? 0} failed, ` +
      `${formal?.properties_inconclusive ?? 0} inconclusive`,
    `crypto checks ${crypto.passed} passed, ${crypto.failed} failed, ${crypto.skipped} skipped`,
  ].join('; ');
}

/** The end of `job submit --wait`: how the job ended, each stage, the totals, and why it failed. */
export function jobSummary(job: Job, results: Results, exitCode: number): string {
  const error =
    job.error === undefined ? [] : [`error: ${job.error.code} in ${job.error.stage}: ${job.error.message}`];
  return [
    `job ${job.job_id} ${job.status}${job.duration === undefined ? '' : ` in ${job.duration}`} (exit code ${exitCode})`,
    resultsTable(results),
    resultTotals(results),
    ...error,
  ].join('\n');
}

type Scalar = string | number | boolean | null;
const isScalar = (value: unknown): value is Scalar => value === null || typeof value !== 'object';
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Rows of flat objects as a table of their scalar fields, in the order they first appear; a field
 * with a line break in some row (lint's source context) does not fit a table: `--json` has it.
 */
function rowsTable(rows: readonly Record<string, unknown>[]): string {
  const cell = (value: unknown): string | undefined =>
    value === undefined ? '' : isScalar(value) ? String(value) : undefined;
  const fits = (key: string) =>
    rows.every((row) => {
      const text = cell(row[key]);
      return text !== undefined && !text.includes('\n');
    });
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))].filter(fits);
  return table(
    keys.map((key) => ({
      header: key.toUpperCase(),
      value: (row: Record<string, unknown>) => cell(row[key]) ?? '',
    })),
    rows,
  );
}

/**
 * One stage's results in full (`job results ID --stage S`): its scalar fields and those of its
 * `details` (formal's depth, crypto's seed), then each list (lint's messages, simulation's tests,
 * formal's properties) and each map of objects (crypto's checks, formal's tasks) as a table. The
 * details are the stage's own and the API leaves their shape open, so they are laid out by what
 * they hold.
 */
export function stageResultText(answer: Record<string, unknown>): string {
  const entries = [answer, isRecord(answer.details) ? answer.details : {}].flatMap((source) =>
    Object.entries(source).filter(([key]) => key !== 'details'),
  );
  const sections = [fields(entries.filter((entry): entry is [string, Scalar] => isScalar(entry[1])))];
  for (const [name, value] of entries) {
    if (Array.isArray(value) && value.length > 0 && value.every(isRecord)) {
      sections.push(`\n${name}:\n${rowsTable(value)}`);
    } else if (isRecord(value) && Object.values(value).length > 0 && Object.values(value).every(isRecord)) {
      const rows = Object.entries(value).map(([key, row]) => ({
        name: key,
        ...(row as Record<string, unknown>),
      }));
      sections.push(`\n${name}:\n${rowsTable(rows)}`);
    }
  }
  return sections.join('\n');
}
