/**
 * The report model: everything a report shows about a finished job, as plain JSON data. Every
 * renderer reads this and only this, and it is all a custom template is given, so it carries no
 * functions, no class instances and nothing a template could use to reach beyond it.
 */
import type { FsmMachine } from '../../engine/fsm/machine-coverage.js';
import type { LintMessage } from '../../engine/lint/verilator-messages.js';
import type { PropertyResult } from '../../engine/formal/outcome.js';
import type { CoverageCounts, FileCoverage } from '../../engine/simulation/coverage-data.js';
import type { TestCaseResult } from '../../engine/simulation/test-protocol.js';
import type { ArtifactRow, JobRow, StageRow } from '../../store/jobs.js';
import { formatDuration } from '../durations.js';
import { cryptoSection, type CryptoSection } from './crypto-section.js';

export interface StageTiming {
  name: string;
  status: string;
  reason: string | null;
  started_at: string | null;
  finished_at: string | null;
  duration: string | null;
  duration_ms: number | null;
  /** The stage's counts, as in `/results` (warnings, tests_passed, properties_failed...). */
  counts: Record<string, number>;
}

export interface LintSection {
  status: string;
  warnings: number;
  errors: number;
  messages: Omit<LintMessage, 'context'>[];
}

export interface CoverageSection {
  line: number | null;
  toggle: number | null;
  fsm: number | null;
  reason: string | null;
  files: { file: string; line: CoverageCounts; toggle: CoverageCounts }[];
  fsm_machines: {
    module: string;
    instance: string;
    register: string;
    states_visited: number;
    states_total: number;
    state_coverage: number;
    transition_coverage: number | null;
  }[];
}

export interface SimulationSection {
  status: string;
  tests_passed: number;
  tests_failed: number;
  tests: { name: string; status: string; reason: string | null }[];
  coverage: CoverageSection;
}

export interface FormalSection {
  status: string;
  /** The stage's reason: why it failed, or which properties stayed inconclusive. */
  reason: string | null;
  depth: number | null;
  proven: number;
  failed: number;
  inconclusive: number;
  properties: {
    name: string;
    source: string;
    status: string;
    step: number | null;
    counterexample: string | null;
    /** The counterexample artifact's download address, relative to the server. */
    counterexample_url: string | null;
  }[];
}

export interface ReportModel {
  generated_at: string;
  job: {
    id: string;
    project_id: string;
    status: string;
    submitted_at: string;
    started_at: string | null;
    finished_at: string | null;
    duration: string | null;
    error: { stage: string; code: string; message: string } | null;
  };
  stages: StageTiming[];
  /** Each section is null when the report leaves its stage out or the stage produced nothing. */
  lint: LintSection | null;
  simulation: SimulationSection | null;
  formal: FormalSection | null;
  crypto: CryptoSection | null;
}

export interface ReportSource {
  job: JobRow;
  stages: readonly StageRow[];
  artifacts: readonly ArtifactRow[];
  apiPrefix: string;
  generatedAt: string;
}

const numbersOf = (summary: Record<string, unknown> | null): Record<string, number> =>
  Object.fromEntries(
    Object.entries(summary ?? {}).filter(([, value]) => typeof value === 'number'),
  ) as Record<string, number>;

const durationOf = (start: string | null, end: string | null) =>
  start === null || end === null ? null : formatDuration(Date.parse(end) - Date.parse(start));

function stageTiming(row: StageRow): StageTiming {
  return {
    name: row.stage,
    status: row.status,
    reason: row.reason,
    started_at: row.started_at,
    finished_at: row.finished_at,
    duration: row.duration_ms === null ? null : formatDuration(row.duration_ms),
    duration_ms: row.duration_ms,
    counts: numbersOf(row.summary),
  };
}

function lintSection(row: StageRow): LintSection {
  const summary = numbersOf(row.summary);
  const details = (row.details ?? { messages: [] }) as { messages: LintMessage[] };
  return {
    status: row.status,
    warnings: summary.warnings ?? 0,
    errors: summary.errors ?? 0,
    messages: details.messages.map(({ severity, code, file, line, column, message }) => ({
      severity,
      code,
      file,
      line,
      column,
      message,
    })),
  };
}

function machineSummary(machine: FsmMachine): CoverageSection['fsm_machines'][number] {
  return {
    module: machine.module,
    instance: machine.instance,
    register: machine.register,
    states_visited: machine.states.filter((state) => state.visited).length,
    states_total: machine.states.length,
    state_coverage: machine.state_coverage,
    transition_coverage: machine.transition_coverage,
  };
}

function simulationSection(row: StageRow): SimulationSection {
  const summary = (row.summary ?? {}) as {
    tests_passed?: number;
    tests_failed?: number;
    coverage?: { line: number | null; toggle: number | null; fsm: number | null; reason?: string };
  };
  const details = (row.details ?? {}) as {
    tests?: TestCaseResult[];
    coverage?: { files: FileCoverage[]; fsm_machines: FsmMachine[] };
  };
  // The per-line hits stay out: the report shows each file's totals, the API has the rest.
  return {
    status: row.status,
    tests_passed: summary.tests_passed ?? 0,
    tests_failed: summary.tests_failed ?? 0,
    tests: (details.tests ?? []).map((test) => ({
      name: test.name,
      status: test.status,
      reason: test.reason ?? null,
    })),
    coverage: {
      line: summary.coverage?.line ?? null,
      toggle: summary.coverage?.toggle ?? null,
      fsm: summary.coverage?.fsm ?? null,
      reason: summary.coverage?.reason ?? null,
      files: (details.coverage?.files ?? []).map(({ file, line, toggle }) => ({ file, line, toggle })),
      fsm_machines: (details.coverage?.fsm_machines ?? []).map(machineSummary),
    },
  };
}

function formalSection(row: StageRow, source: ReportSource): FormalSection {
  const summary = numbersOf(row.summary);
  const details = (row.details ?? {}) as { depth?: number; properties?: PropertyResult[] };
  const artifactUrl = (name: string) =>
    source.artifacts.some((artifact) => artifact.name === name)
      ? `${source.apiPrefix}/jobs/${source.job.id}/artifacts/${encodeURIComponent(name)}`
      : null;
  return {
    status: row.status,
    reason: row.reason,
    depth: details.depth ?? null,
    proven: summary.properties_proven ?? 0,
    failed: summary.properties_failed ?? 0,
    inconclusive: summary.properties_inconclusive ?? 0,
    properties: (details.properties ?? []).map((property) => ({
      name: property.name,
      source: property.source,
      status: property.status,
      step: property.step ?? null,
      counterexample: property.counterexample ?? null,
      counterexample_url: property.counterexample === undefined ? null : artifactUrl(property.counterexample),
    })),
  };
}

/** The model of a report on `include`, a subset of the job's stages, in the job's order. */
export function buildReportModel(source: ReportSource, include: readonly string[]): ReportModel {
  const { job } = source;
  const rows = source.stages.filter((row) => include.includes(row.stage));
  const ran = (name: string) => rows.find((row) => row.stage === name && row.details !== null);
  const lint = ran('lint');
  const simulation = ran('simulation');
  const formal = ran('formal');
  const crypto = ran('crypto');
  return {
    generated_at: source.generatedAt,
    job: {
      id: job.id,
      project_id: job.project_id,
      status: job.status,
      submitted_at: job.submitted_at,
      started_at: job.started_at,
      finished_at: job.finished_at,
      duration: durationOf(job.started_at, job.finished_at),
      error:
        job.error === null
          ? null
          : { stage: job.error.stage, code: job.error.code, message: job.error.message },
    },
    stages: rows.map(stageTiming),
    lint: lint === undefined ? null : lintSection(lint),
    simulation: simulation === undefined ? null : simulationSection(simulation),
    formal: formal === undefined ? null : formalSection(formal, source),
    crypto: crypto === undefined ? null : cryptoSection(crypto),
  };
}
