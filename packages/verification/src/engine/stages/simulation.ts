/**
 * The simulation stage: builds the testbench with Verilator (the default) or Icarus Verilog,
 * runs it within `simulation.timeout_seconds` (build and run together), reads its tests from
 * its output (simulation/test-protocol.ts) or its JUnit file, and with Verilator its line and
 * toggle coverage; FSM coverage is computed from the trace (the state machines Yosys finds in
 * the design, and the values their state registers take).
 *
 * Artifacts: build.log and simulation.log (the tools' raw output, text/plain), trace.fst
 * (application/octet-stream: FST has no registered media type), coverage.dat (text/plain) and
 * coverage.xml (Cobertura, application/xml).
 */
import { access, copyFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Stage, StageContext, StageOutcome } from '../stage.js';
import {
  COVERAGE_OFF,
  fsmCoverage,
  lineAndToggleCoverage,
  type CoverageDetails,
  type CoverageSummary,
} from '../simulation/coverage-results.js';
import { runCocotb } from '../simulation/cocotb.js';
import { icarusSteps } from '../simulation/icarus.js';
import { notRunOutcome, skippedOutcome, testsOutcome } from '../simulation/outcome.js';
import { runRegression } from '../simulation/regression.js';
import { prepareRunDirectory, staysInside } from '../simulation/run-directory.js';
import {
  COVERAGE_FILE,
  TRACE_FILE,
  type SimulationPlan,
  type SimulatorSteps,
} from '../simulation/simulation-plan.js';
import { abnormalEnd, buildFailure, exitedNormally, junitResults } from '../simulation/run-end.js';
import { StepRunner } from '../simulation/step-runner.js';
import { resolveTop } from '../simulation/testbench-top.js';
import { outputConventions, TestProtocol, type TestCaseResult } from '../simulation/test-protocol.js';
import { verilatorSteps } from '../simulation/verilator-build.js';

type Settings = StageContext['config']['simulation'];

async function traceArtifact(
  context: StageContext,
  runDir: string,
  settings: Settings,
): Promise<{ path: string } | { reason: string }> {
  if (!settings.trace)
    return { reason: 'FSM coverage is read from the trace, which is off (simulation.trace in verify.json)' };
  const written = join(runDir, TRACE_FILE);
  try {
    await access(written);
  } catch {
    return { reason: 'the simulation wrote no trace' };
  }
  const path = join(context.artifactsDir, TRACE_FILE);
  await copyFile(written, path);
  context.artifact(TRACE_FILE, 'application/octet-stream');
  return { path };
}

async function coverageOf(
  context: StageContext,
  settings: Settings,
  plan: SimulationPlan,
  sources: { coverage: SimulatorSteps['coverage']; trace: { path: string } | { reason: string } },
): Promise<{ summary: CoverageSummary; details: CoverageDetails }> {
  if (!settings.coverage) {
    return {
      summary: { line: null, toggle: null, fsm: null, reason: COVERAGE_OFF, fsm_reason: COVERAGE_OFF },
      details: { files: [], fsm_machines: [] },
    };
  }
  const data =
    'file' in sources.coverage ? { file: join(plan.runDir, sources.coverage.file) } : sources.coverage;
  const { files, ...lineToggle } = await lineAndToggleCoverage(context, data, plan.designFiles);
  const { machines, ...fsm } = await fsmCoverage(context, sources.trace, plan.testbenchTop);
  return { summary: { ...lineToggle, ...fsm }, details: { files, fsm_machines: machines } };
}

async function simulate(context: StageContext): Promise<StageOutcome> {
  const settings = context.config.simulation;
  if (!settings.enabled) return skippedOutcome('simulation is off (simulation.enabled in verify.json)');
  // A cocotb test module replaces the HDL testbench (simulation/cocotb.ts).
  if (settings.cocotb !== null) return runCocotb(context, settings.cocotb);
  if (settings.testbench.length === 0) {
    return skippedOutcome('the project has no testbench files (simulation.testbench in verify.json)');
  }
  const simulator = settings.simulator;
  if (settings.junit !== null && !staysInside(settings.junit)) {
    return notRunOutcome(
      simulator,
      null,
      `simulation.junit must stay inside the simulation's directory: ${settings.junit}`,
    );
  }
  const top = await resolveTop(
    context.sourceDir,
    settings.testbench,
    settings.testbench_top,
    'simulation.testbench_top',
  );
  if ('error' in top) return notRunOutcome(simulator, null, top.error);

  const plan: SimulationPlan = {
    sourceDir: context.sourceDir,
    workDir: context.workDir,
    cacheDir: context.cacheDir,
    runDir: join(context.workDir, 'run'),
    designFiles: context.config.sources,
    testbenchFiles: settings.testbench,
    includeDirs: context.config.include_dirs,
    defines: context.config.defines,
    testbenchTop: top.top,
    coverage: settings.coverage,
    trace: settings.trace,
    plusargs: settings.plusargs,
  };
  if (settings.tests.length > 0) return runRegression(context, plan);
  await prepareRunDirectory(plan.sourceDir, plan.runDir, [
    TRACE_FILE,
    COVERAGE_FILE,
    ...(settings.junit === null ? [] : [settings.junit]),
  ]);
  const steps =
    simulator === 'icarus'
      ? await icarusSteps(plan, context.tools)
      : await verilatorSteps(plan, context.tools.verilator);
  const runner = new StepRunner(context, settings.timeout_seconds);

  const build = await runner.run(steps.build, 'build.log');
  if (!exitedNormally(build)) {
    const tool = simulator === 'icarus' ? 'iverilog' : 'verilator';
    return notRunOutcome(simulator, plan.testbenchTop, buildFailure(tool, build, settings));
  }

  const protocol = new TestProtocol(outputConventions(settings, plan.testbenchTop));
  const startedAt = performance.now();
  const elapsedSeconds = () => (performance.now() - startedAt) / 1000;
  const run = await runner.run(steps.run, 'simulation.log', (line) => {
    if (settings.junit === null && protocol.accept(line, elapsedSeconds())) {
      context.progress(protocol.completed, protocol.total);
    }
  });
  const ended = abnormalEnd(run, settings);
  let tests: TestCaseResult[];
  if (settings.junit === null) {
    if (protocol.finish(ended, elapsedSeconds())) context.progress(protocol.completed, protocol.total);
    tests = protocol.tests;
  } else {
    tests = await junitResults(plan.runDir, settings.junit, ended);
    context.progress(tests.length, tests.length);
  }

  const trace = await traceArtifact(context, plan.runDir, settings);
  const coverage = await coverageOf(context, settings, plan, { coverage: steps.coverage, trace });
  return testsOutcome(tests, coverage, { simulator, testbenchTop: plan.testbenchTop });
}

export const simulationStage: Stage = {
  name: 'simulation',
  tools: (config) => (config.simulation.simulator === 'icarus' ? ['iverilog', 'vvp'] : ['verilator']),
  run: simulate,
};
