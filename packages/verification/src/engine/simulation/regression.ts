/**
 * A regression (`simulation.tests` in verify.json): every run of the list's tests, each with its
 * seed, parameters and plusargs, on the service's worker pool (worker-lanes.ts). One build per
 * distinct parameter set, shared by its runs; each run in its own directory (`runs/<name>/`, linking
 * the project's files as a single run's does), judged as a single run is (its TEST lines or JUnit
 * file, an abnormal end a failure); everything within `simulation.timeout_seconds`. With Verilator's
 * coverage, the runs' coverage.dat files are merged by `verilator_coverage --write` and the merged
 * file is read as a single run's is.
 *
 * Artifacts: build.log (build_<n>.log with several parameter sets), simulation_<run>.log,
 * trace_<run>.fst of the runs that failed (with simulation.trace), coverage_merge.log, and the
 * merged coverage.dat and coverage.xml.
 */
import { access, copyFile, mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { findExecutable } from '@lab/server-kit';
import { formatDuration } from '../../domain/durations.js';
import type { StageContext, StageOutcome } from '../stage.js';
import { runOnWorkers } from '../worker-lanes.js';
import {
  COVERAGE_OFF,
  lineAndToggleCoverage,
  type CoverageDetails,
  type CoverageSummary,
} from './coverage-results.js';
import { CoverageFormatError, parseCoverageData, summariseCoverage } from './coverage-data.js';
import { icarusSteps } from './icarus.js';
import { testsOutcome } from './outcome.js';
import {
  drawRegressionSeed,
  parameterArgs,
  planRegression,
  seedPlusargs,
  type RegressionRun,
} from './regression-plan.js';
import { abnormalEnd, buildFailure, exitedNormally, junitResults } from './run-end.js';
import { prepareRunDirectory } from './run-directory.js';
import { COVERAGE_FILE, TRACE_FILE, type SimulationPlan, type SimulatorSteps } from './simulation-plan.js';
import { StepRunner } from './step-runner.js';
import { outputConventions, TestProtocol, type TestCaseResult } from './test-protocol.js';
import { verilatorSteps } from './verilator-build.js';

const MERGED_COVERAGE = 'merged_coverage.dat';
const FSM_NOT_MERGED =
  'FSM coverage is not computed for a regression; line and toggle coverage are merged across its runs';

/** One run of a regression as the results list it. */
export interface RegressionTestResult {
  name: string;
  seed: number;
  status: 'passed' | 'failed';
  duration: string;
  reason?: string;
  parameters: Record<string, string>;
  plusargs: string[];
  /** What the run's testbench reported. */
  cases: TestCaseResult[];
  /** The run's own line and toggle coverage (Verilator), before merging. */
  coverage: { line: number | null; toggle: number | null } | null;
}

interface Build {
  steps: SimulatorSteps;
  failure: string | null;
}

/** A context whose log lines start with `prefix`, so that runs side by side can be told apart. */
const prefixed = (context: StageContext, prefix: string): StageContext => ({
  ...context,
  log: (level, message) => context.log(level, `${prefix}${message}`),
});

/** A run's line and toggle coverage, or null when it wrote no readable coverage.dat. */
async function runCoverage(
  file: string,
  designFiles: readonly string[],
): Promise<RegressionTestResult['coverage']> {
  try {
    const report = summariseCoverage(parseCoverageData(await readFile(file, 'utf8')), designFiles);
    return { line: report.line.percent, toggle: report.toggle.percent };
  } catch (error) {
    if (error instanceof CoverageFormatError || (error as NodeJS.ErrnoException).code === 'ENOENT')
      return null;
    throw error;
  }
}

export async function runRegression(context: StageContext, plan: SimulationPlan): Promise<StageOutcome> {
  const settings = context.config.simulation;
  const { simulator } = settings;
  const regression = planRegression(settings.tests, settings.seed ?? drawRegressionSeed());
  const { builds, runs } = regression;
  context.log(
    'INFO',
    `regression of ${runs.length} runs (${settings.tests.length} tests, ${builds.length} builds), seed ` +
      `${regression.seed}: config_overrides {"simulation.seed": ${regression.seed}} runs it again`,
  );
  const deadline = performance.now() + settings.timeout_seconds * 1000;
  const remainingSeconds = () => Math.max(0, deadline - performance.now()) / 1000;

  const built = await runOnWorkers(
    builds.length,
    async (index): Promise<Build> => {
      const workDir = join(context.workDir, 'builds', String(index + 1));
      await mkdir(workDir, { recursive: true });
      // Plusargs are given per run, after the run command the simulator answers.
      const buildPlan = { ...plan, workDir, plusargs: [] };
      const steps =
        simulator === 'icarus'
          ? await icarusSteps(buildPlan, context.tools)
          : await verilatorSteps(buildPlan, context.tools.verilator);
      const several = builds.length > 1;
      const runner = new StepRunner(
        several ? prefixed(context, `[build ${index + 1}] `) : context,
        remainingSeconds(),
      );
      const overrides = parameterArgs(simulator, plan.testbenchTop, builds[index]!.parameters);
      const output = await runner.run(
        { ...steps.build, args: [...overrides, ...steps.build.args] },
        several ? `build_${index + 1}.log` : 'build.log',
      );
      const tool = simulator === 'icarus' ? 'iverilog' : 'verilator';
      return { steps, failure: exitedNormally(output) ? null : buildFailure(tool, output, settings) };
    },
    () => context.borrowWorker(),
  );

  let finished = 0;
  context.progress(0, runs.length);
  const runOne = async (run: RegressionRun): Promise<RegressionTestResult> => {
    const build = built[run.build]!;
    const { parameters } = builds[run.build]!;
    const entry = { name: run.name, seed: run.seed, parameters, plusargs: run.plusargs };
    if (build.failure !== null) {
      return {
        ...entry,
        status: 'failed',
        duration: formatDuration(0),
        reason: `not run: ${build.failure}`,
        cases: [],
        coverage: null,
      };
    }
    const runDir = join(context.workDir, 'runs', run.name);
    await prepareRunDirectory(plan.sourceDir, runDir, [
      TRACE_FILE,
      COVERAGE_FILE,
      ...(settings.junit === null ? [] : [settings.junit]),
    ]);
    const protocol = new TestProtocol(outputConventions(settings, run.name));
    const startedAt = performance.now();
    const elapsedSeconds = () => (performance.now() - startedAt) / 1000;
    const output = await new StepRunner(prefixed(context, `[${run.name}] `), remainingSeconds()).run(
      {
        ...build.steps.run,
        cwd: runDir,
        // The seed first: $value$plusargs answers the first match, so it is the seed recorded.
        args: [
          ...build.steps.run.args,
          ...seedPlusargs(simulator, run.seed),
          ...settings.plusargs,
          ...run.plusargs,
        ],
      },
      `simulation_${run.name}.log`,
      (line) => {
        if (settings.junit === null) protocol.accept(line, elapsedSeconds());
      },
    );
    const ended = abnormalEnd(output, settings);
    let cases: TestCaseResult[];
    if (settings.junit === null) {
      protocol.finish(ended, elapsedSeconds());
      cases = protocol.tests;
    } else {
      cases = await junitResults(runDir, settings.junit, ended);
    }
    const failed = cases.find((test) => test.status === 'failed');
    const reason =
      failed !== undefined
        ? `${failed.name}: ${failed.reason ?? 'failed'}`
        : cases.length === 0
          ? 'the testbench reported no tests'
          : undefined;
    if (reason !== undefined && settings.trace) {
      // The waveform of a failing run is what one looks at next.
      try {
        await access(join(runDir, TRACE_FILE));
        await copyFile(join(runDir, TRACE_FILE), join(context.artifactsDir, `trace_${run.name}.fst`));
        context.artifact(`trace_${run.name}.fst`, 'application/octet-stream');
      } catch {
        // the run wrote no trace
      }
    }
    const coverage =
      settings.coverage && 'file' in build.steps.coverage
        ? await runCoverage(join(runDir, build.steps.coverage.file), plan.designFiles)
        : null;
    return {
      ...entry,
      status: reason === undefined ? 'passed' : 'failed',
      duration: formatDuration(output.durationMs),
      ...(reason === undefined ? {} : { reason }),
      cases,
      coverage,
    };
  };
  const results = await runOnWorkers(
    runs.length,
    async (index) => {
      const result = await runOne(runs[index]!);
      finished += 1;
      context.progress(finished, runs.length);
      return result;
    },
    () => context.borrowWorker(),
  );

  const coverage = await mergedCoverage(
    context,
    plan,
    built[0]!.steps.coverage,
    results
      .filter((result) => result.coverage !== null)
      .map((result) => join('runs', result.name, COVERAGE_FILE)),
    remainingSeconds(),
  );
  const tests: TestCaseResult[] = results.map((result) => ({
    name: result.name,
    status: result.status,
    ...(result.reason === undefined ? {} : { reason: result.reason }),
  }));
  const outcome = testsOutcome(tests, coverage, { simulator, testbenchTop: plan.testbenchTop });
  const listed = results.map(({ name, seed, status, duration, reason }) => ({
    name,
    seed,
    status,
    duration,
    ...(reason === undefined ? {} : { reason }),
  }));
  return {
    ...outcome,
    summary: { ...outcome.summary, regression: { seed: regression.seed, tests: listed } },
    details: {
      ...outcome.details,
      regression: {
        seed: regression.seed,
        builds: builds.map((build, index) => ({
          parameters: build.parameters,
          status: built[index]!.failure === null ? 'passed' : 'failed',
          ...(built[index]!.failure === null ? {} : { reason: built[index]!.failure }),
        })),
        tests: results,
      },
    },
  };
}

/** Line and toggle coverage of the runs together: their coverage.dat merged by verilator_coverage. */
async function mergedCoverage(
  context: StageContext,
  plan: SimulationPlan,
  source: SimulatorSteps['coverage'],
  files: readonly string[],
  budgetSeconds: number,
): Promise<{ summary: CoverageSummary; details: CoverageDetails }> {
  const without = (reason: string) => ({
    summary: { line: null, toggle: null, fsm: null, reason, fsm_reason: FSM_NOT_MERGED },
    details: { files: [], fsm_machines: [] },
  });
  if (!context.config.simulation.coverage) return without(COVERAGE_OFF);
  if ('reason' in source) return without(source.reason);
  if (files.length === 0) return without('no run of the regression wrote coverage.dat');
  const tool = findExecutable('verilator_coverage');
  if (tool === null)
    return without("verilator_coverage (Verilator) is not on PATH to merge the runs' coverage");
  const merge = await new StepRunner(context, budgetSeconds).run(
    { command: tool, args: ['--write', MERGED_COVERAGE, ...files], cwd: context.workDir },
    'coverage_merge.log',
  );
  if (!exitedNormally(merge)) {
    const cause = merge.timedOut
      ? "the stage's time-out was reached"
      : (merge.firstError ?? `exit code ${merge.exitCode}`);
    return without(`verilator_coverage could not merge the runs' coverage: ${cause}`);
  }
  const { files: covered, ...lineToggle } = await lineAndToggleCoverage(
    context,
    { file: join(context.workDir, MERGED_COVERAGE) },
    plan.designFiles,
  );
  return {
    summary: { ...lineToggle, fsm: null, fsm_reason: FSM_NOT_MERGED },
    details: { files: covered, fsm_machines: [] },
  };
}
