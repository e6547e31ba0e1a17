/**
 * What the results pages read from the platform: the summary, each stage's details, the coverage,
 * the artifacts, and a project file's text for the heat map.
 *
 * The OpenAPI document types a stage's `details` as unknown (each stage writes its own), so the
 * fields the pages read are named here, after the engine's types they come from (cited on each;
 * results-data.test.ts checks at type-check time that each engine type fits its page type).
 */
import { api, call, type Schemas } from '../../api/client.js';
import { errorFromAnswer } from '../../../../src/client/errors.js';
import type { FsmMachine } from '../../../../src/engine/fsm/machine-coverage.js';
import { fileApiPath, fileHref } from '../projects/file-tree.js';

export type Job = Schemas['Job'];
export type Results = Schemas['Results'];
export type StageName = 'lint' | 'simulation' | 'formal' | 'crypto';
export const STAGE_ORDER: readonly StageName[] = ['lint', 'simulation', 'formal', 'crypto'];

/** src/engine/lint/verilator-messages.ts, LintMessage. */
export interface LintMessage {
  severity: 'warning' | 'error';
  code: string | null;
  file: string | null;
  line: number | null;
  column: number | null;
  message: string;
  context: string[];
}

/** src/engine/simulation/test-protocol.ts, TestCaseResult. */
export interface TestCase {
  name: string;
  status: 'passed' | 'failed';
  reason?: string;
  time_seconds?: number;
}

/** src/engine/simulation/coverage-data.ts, FileCoverage. */
export interface FileCoverage {
  file: string;
  line: { covered: number; total: number; percent: number | null };
  toggle: { covered: number; total: number; percent: number | null };
  lines: { line: number; hits: number; branches?: { covered: number; total: number } }[];
  toggles: { line: number; signal: string; hits: number }[];
}

export type Coverage = Pick<Schemas['Coverage'], 'job_id' | 'status' | 'line' | 'toggle' | 'fsm'> & {
  reason?: string;
  fsm_reason?: string;
  files: FileCoverage[];
  fsm_machines?: FsmMachine[];
};

/** src/engine/formal/outcome.ts, PropertyResult. */
export interface FormalProperty {
  name: string;
  source: string;
  kind: 'assert' | 'live';
  status: 'proven' | 'failed' | 'inconclusive' | 'not_checked';
  step?: number;
  counterexample?: string;
  induction_depth?: number;
  reason?: string;
}

/** src/engine/formal/outcome.ts, CoverResult. */
export interface FormalCover {
  name: string;
  source: string;
  reached: boolean | null;
  step?: number;
  trace?: string;
  reason?: string;
}

/** src/engine/formal/outcome.ts, TaskResult and FormalDetails. */
export interface FormalTask {
  mode: string;
  depth: number;
  engine: string | null;
  verdict: 'pass' | 'fail' | 'unknown' | 'error';
  expect: string[];
  status: 'passed' | 'failed';
  reason?: string;
  properties: FormalProperty[];
  covers: FormalCover[];
}

/** The details the pages read (crypto's checks are all in the summary, and the TVLA artifact). */
export interface StageDetails {
  lint: { messages: LintMessage[] };
  simulation: { simulator: string; testbench_top: string | null; tests: TestCase[] };
  formal: { depth: number; properties: FormalProperty[]; tasks: Record<string, FormalTask> };
}
export type DetailedStage = keyof StageDetails;

export interface StageResult<S extends DetailedStage> {
  stage: S;
  status: string;
  reason?: string;
  duration?: string;
  /** null for a stage that wrote none (skipped before it began). */
  details: StageDetails[S] | null;
}

/** src/engine/crypto/checks/side-channel.ts, the tvla_results.json artifact. */
export interface TvlaResults {
  method: string;
  threshold: number;
  seed: number;
  operations: {
    operation: string;
    sample_points: number;
    leaking_points: number;
    first_leaking_points: number[];
    max_abs_t: number;
    zero_variance_points: number;
    unbounded_points: number;
    runs: { run: number; traces_fixed: number; traces_random: number; t: (number | null)[] }[];
  }[];
}

export type Artifact = Awaited<ReturnType<typeof listArtifacts>>['artifacts'][number];

export function loadResults(id: string, signal: AbortSignal): Promise<Results> {
  return call(api.GET('/api/v1/jobs/{id}/results', { params: { path: { id } }, signal }));
}

export async function loadStage<S extends DetailedStage>(id: string, stage: S, signal: AbortSignal) {
  const answer = await call(
    api.GET('/api/v1/jobs/{id}/results/{stage}', { params: { path: { id, stage } }, signal }),
  );
  return answer as unknown as StageResult<S>;
}

export async function loadCoverage(id: string, signal: AbortSignal): Promise<Coverage> {
  const answer = await call(
    api.GET('/api/v1/jobs/{id}/results/coverage', { params: { path: { id } }, signal }),
  );
  return answer as unknown as Coverage;
}

export function listArtifacts(id: string, signal?: AbortSignal) {
  return call(
    api.GET('/api/v1/jobs/{id}/artifacts', { params: { path: { id } }, ...(signal ? { signal } : {}) }),
  );
}

/** An artifact's text (a VCD, tvla_results.json). */
export function artifactText(id: string, name: string, signal: AbortSignal): Promise<string> {
  return call(
    api.GET('/api/v1/jobs/{id}/artifacts/{name}', {
      params: { path: { id, name } },
      parseAs: 'text',
      signal,
    }),
  );
}

/** A project file's text: the heat map's source. */
export async function projectFileText(projectId: string, path: string, signal: AbortSignal): Promise<string> {
  const response = await fetch(fileApiPath(projectId, path), { credentials: 'same-origin', signal });
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw errorFromAnswer(response.status, body);
  }
  return response.text();
}

/** The link to a line of a project's file in the source viewer. */
export function sourceHref(projectId: string, file: string, line?: number | null): string {
  return `${fileHref(projectId, file)}${line ? `#L${line}` : ''}`;
}
