/**
 * The results of a job in the spec's shape: per stage its status and counts (a skipped stage
 * says why), the overall status, and the coverage in full for `/results/coverage`.
 */
import { VpErrors } from '../errors.js';
import type { JobRow, StageRow } from '../store/jobs.js';
import { formatDuration } from './durations.js';

export interface StageResultView {
  status: string;
  reason?: string;
  duration?: string;
  [count: string]: unknown;
}

function stageResult(row: StageRow): StageResultView {
  return {
    status: row.status,
    ...(row.reason === null ? {} : { reason: row.reason }),
    ...(row.duration_ms === null ? {} : { duration: formatDuration(row.duration_ms) }),
    ...(row.summary ?? {}),
  };
}

export function jobResults(job: JobRow, stages: readonly StageRow[]) {
  return {
    job_id: job.id,
    project_id: job.project_id,
    overall_status: job.status,
    ...(job.error === null ? {} : { error: job.error }),
    stages: Object.fromEntries(stages.map((row) => [row.stage, stageResult(row)])),
  };
}

/** The simulation stage's coverage: the summary percentages and the per-file points. */
export function coverageResults(job: JobRow, stages: readonly StageRow[]) {
  const simulation = stages.find((row) => row.stage === 'simulation');
  if (simulation === undefined) {
    throw VpErrors.notFound(
      { resource: 'coverage of job', id: job.id },
      { details: { reason: 'the job has no simulation stage' } },
    );
  }
  if (simulation.summary === null) {
    throw VpErrors.notFound(
      { resource: 'coverage of job', id: job.id },
      { details: { reason: `the simulation stage is ${simulation.status}`, status: simulation.status } },
    );
  }
  const summary = simulation.summary as { coverage?: Record<string, unknown> };
  const details = (simulation.details ?? {}) as { coverage?: Record<string, unknown> };
  return {
    job_id: job.id,
    status: simulation.status,
    ...(summary.coverage ?? { line: null, toggle: null, fsm: null }),
    ...(details.coverage ?? { files: [] }),
  };
}

/** One stage's result in full: its counts and everything behind them (messages, tests, properties). */
export function stageResults(job: JobRow, stages: readonly StageRow[], name: string) {
  const row = stages.find((stage) => stage.stage === name);
  if (row === undefined) {
    throw VpErrors.notFound(
      { resource: `${name} stage of job`, id: job.id },
      { details: { field: 'stage', suggestion: `the job ran ${stages.map((s) => s.stage).join(', ')}` } },
    );
  }
  return { job_id: job.id, stage: row.stage, ...stageResult(row), details: row.details ?? null };
}
