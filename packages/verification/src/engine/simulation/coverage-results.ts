/**
 * The coverage of a finished run: line and toggle coverage from coverage.dat (Verilator), with
 * coverage.dat and its Cobertura form coverage.xml as artifacts, and FSM coverage computed from
 * the trace (fsm/). Every number that is missing is
 * null with the reason why.
 */
import { copyFile, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { computeFsmCoverage } from '../fsm/coverage.js';
import type { StageContext } from '../stage.js';
import { COVERAGE_FILE } from './simulation-plan.js';
import { coberturaXml } from './cobertura.js';
import {
  CoverageFormatError,
  parseCoverageData,
  summariseCoverage,
  type CoveragePoint,
  type FileCoverage,
} from './coverage-data.js';

export interface CoverageSummary {
  line: number | null;
  toggle: number | null;
  fsm: number | null;
  /** Why line and toggle are null. */
  reason?: string;
  fsm_reason?: string;
}
export interface CoverageDetails {
  files: FileCoverage[];
  fsm_machines: unknown[];
}

export const COVERAGE_XML = 'coverage.xml';
export const COVERAGE_OFF = 'coverage is off (simulation.coverage in verify.json)';

type LineToggle = Pick<CoverageSummary, 'line' | 'toggle' | 'reason'> & { files: FileCoverage[] };

/** Reads the run's coverage.dat (`null` when the simulator writes none, with `reason`). */
export async function lineAndToggleCoverage(
  context: StageContext,
  source: { file: string } | { reason: string },
  designFiles: readonly string[],
): Promise<LineToggle> {
  if ('reason' in source) return { line: null, toggle: null, reason: source.reason, files: [] };
  let text: string;
  try {
    text = await readFile(source.file, 'utf8');
  } catch {
    return { line: null, toggle: null, reason: 'the simulation wrote no coverage.dat', files: [] };
  }
  let points: CoveragePoint[];
  try {
    points = parseCoverageData(text);
  } catch (error) {
    if (!(error instanceof CoverageFormatError)) throw error;
    return {
      line: null,
      toggle: null,
      reason: `coverage.dat could not be read: ${error.message}`,
      files: [],
    };
  }
  await copyFile(source.file, join(context.artifactsDir, COVERAGE_FILE));
  context.artifact(COVERAGE_FILE, 'text/plain');
  const report = summariseCoverage(points, designFiles);
  await writeFile(join(context.artifactsDir, COVERAGE_XML), coberturaXml(report.files, new Date()));
  context.artifact(COVERAGE_XML, 'application/xml');
  return {
    line: report.line.percent,
    toggle: report.toggle.percent,
    ...(report.line.percent === null && report.toggle.percent === null
      ? { reason: 'the design sources have no coverage points' }
      : {}),
    files: report.files,
  };
}

/** FSM coverage of the design, from the run's trace (null, with the reason, without a trace). */
export async function fsmCoverage(
  context: StageContext,
  trace: { path: string } | { reason: string },
  testbenchTop: string,
): Promise<{ fsm: number | null; fsm_reason?: string; machines: unknown[] }> {
  if ('reason' in trace) return { fsm: null, fsm_reason: trace.reason, machines: [] };
  const { config } = context;
  const result = await computeFsmCoverage({
    sourceDir: context.sourceDir,
    sources: config.sources,
    includeDirs: config.include_dirs,
    defines: config.defines,
    top: config.top_module,
    tracePath: trace.path,
    workDir: context.workDir,
    tools: context.tools,
    signal: context.signal,
    cacheDir: context.cacheDir,
    testbenchTop,
  });
  return {
    fsm: result.percent,
    ...(result.percent === null ? { fsm_reason: result.reason ?? 'the trace shows no state machine' } : {}),
    machines: result.machines,
  };
}
