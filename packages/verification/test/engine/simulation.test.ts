/**
 * The simulation stage with the real simulators, on the fixtures in test/fixtures/simulation: a
 * counter and testbenches that pass, fail a test, call $fatal, write JUnit XML, end without
 * $finish, run long without `timescale, do not compile and never end. Each stage run builds once
 * (in beforeAll where several assertions share it); Verilator builds take seconds, so only the
 * cases that exercise its own code (the generated main, coverage, $fatal, cancel) use it.
 */
import { spawnSync } from 'node:child_process';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { requireTools } from '@lab/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_FINISH_MESSAGE } from '../../src/engine/simulation/simulation-plan.js';
import type { StageOutcome } from '../../src/engine/stage.js';
import { simulationStage } from '../../src/engine/stages/simulation.js';
import { createStageContext, type TestStageContext } from './stage-context.js';

const FIXTURE = fileURLToPath(new URL('../fixtures/simulation', import.meta.url));
const gate = requireTools(['verilator', 'iverilog', 'vvp']);
const BUILD_TIMEOUT_MS = 120_000;

const contexts: TestStageContext[] = [];
afterAll(() => Promise.all(contexts.map((context) => context.cleanup())));

async function contextFor(
  simulator: 'verilator' | 'icarus',
  testbench: string,
  simulation: Record<string, unknown> = {},
  files: Record<string, string> = {},
): Promise<TestStageContext> {
  const verify = {
    top_module: 'counter',
    sources: ['rtl/counter.sv'],
    simulation: { simulator, testbench: [`tb/${testbench}.sv`], plusargs: ['+cycles=5'], ...simulation },
  };
  const context = await createStageContext({
    from: FIXTURE,
    files: { ...files, 'verify.json': JSON.stringify(verify) },
  });
  contexts.push(context);
  return context;
}

interface Run {
  context: TestStageContext;
  outcome: StageOutcome<any, any>;
}

async function simulate(...args: Parameters<typeof contextFor>): Promise<Run> {
  const context = await contextFor(...args);
  return { context, outcome: await simulationStage.run(context) };
}

const artifactNames = (run: Run) => run.context.artifacts.map((artifact) => artifact.name);
const artifactText = (run: Run, name: string) => readFile(join(run.context.artifactsDir, name), 'utf8');

/** The ids of the processes whose command line contains `text`. */
function processesRunning(text: string): string[] {
  return spawnSync('pgrep', ['-f', text], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
}

describe('simulation stage without a simulation to run', () => {
  it('is skipped when simulation is off', async () => {
    const context = await contextFor('verilator', 'tb_pass', { enabled: false });
    expect(await simulationStage.run(context)).toEqual({
      status: 'skipped',
      reason: 'simulation is off (simulation.enabled in verify.json)',
      summary: {},
      details: null,
    });
  });

  it('is skipped when the project has no testbench', async () => {
    const context = await contextFor('verilator', 'tb_pass', { testbench: [] });
    const outcome = await simulationStage.run(context);
    expect(outcome.status).toBe('skipped');
    expect(outcome.reason).toContain('no testbench files');
  });

  it('fails when the named testbench top is not a module name', async () => {
    const context = await contextFor('icarus', 'tb_pass', { testbench_top: 'tb); $system("id"); //' });
    const outcome = await simulationStage.run(context);
    expect(outcome.status).toBe('failed');
    expect(outcome.reason).toMatch(/^simulation.testbench_top is not a module name/);
  });

  it('fails when the JUnit file would leave the simulation directory', async () => {
    const context = await contextFor('icarus', 'tb_junit', { junit: '../escape.xml' });
    const outcome = await simulationStage.run(context);
    expect(outcome.status).toBe('failed');
    expect(outcome.reason).toContain("must stay inside the simulation's directory");
  });
});

describe.skipIf(gate.skip)(
  `simulation stage with Verilator${gate.skip ? ` (skipped: ${gate.reason})` : ''}`,
  () => {
    let passing: Run;
    let fatal: Run;
    let noFinish: Run;
    beforeAll(async () => {
      passing = await simulate('verilator', 'tb_pass');
      fatal = await simulate('verilator', 'tb_fatal');
      noFinish = await simulate('verilator', 'tb_no_finish', { coverage: false, trace: false });
    }, 3 * BUILD_TIMEOUT_MS);

    it('passes a testbench whose tests pass, found as the module nothing instantiates', () => {
      expect(passing.outcome.status).toBe('passed');
      expect(passing.outcome.summary).toMatchObject({ tests_passed: 3, tests_failed: 0 });
      expect(passing.outcome.details).toMatchObject({ simulator: 'verilator', testbench_top: 'tb_pass' });
      // count passes only with the +cycles=5 plusarg; expected_file reads memory/expected.hex relatively.
      expect(passing.outcome.details.tests.map((test: any) => [test.name, test.status])).toEqual([
        ['reset', 'passed'],
        ['count', 'passed'],
        ['expected_file', 'passed'],
      ]);
      expect(passing.context.progressUpdates).toEqual([
        { completed: 0, total: 3 },
        { completed: 1, total: 3 },
        { completed: 2, total: 3 },
        { completed: 3, total: 3 },
      ]);
    });

    it('measures line and toggle coverage of the design as coverage.dat reports it', async () => {
      // coverage.dat of rtl/counter.sv: line points block@11 (6), if-rst arm@12 (1), en arm@15 (5),
      // implicit else@15 (0): 3 of 4. Toggles: clk, rst, en, count[0..2] toggled; count[3] and
      // wrapped never (5 cycles from 0): 6 of 8.
      expect(passing.outcome.summary.coverage).toEqual({
        line: 75,
        toggle: 75,
        fsm: null,
        fsm_reason: 'yosys finds no state machine in the design',
      });
      const raw = await artifactText(passing, 'coverage.dat');
      const designPoints = raw.split('\n').filter((line) => line.includes('\x01f\x02rtl/counter.sv\x01'));
      const toggles = designPoints.filter((line) => line.includes('\x02v_toggle/'));
      expect(toggles.filter((line) => !line.endsWith("' 0"))).toHaveLength(6);
      expect(toggles).toHaveLength(8);
      const [file] = passing.outcome.details.coverage.files;
      expect(file).toMatchObject({
        file: 'rtl/counter.sv',
        line: { covered: 3, total: 4, percent: 75 },
        toggle: { covered: 6, total: 8, percent: 75 },
      });
      expect(file.lines).toContainEqual({ line: 15, hits: 5, branches: { covered: 1, total: 2 } });
      expect(file.toggles).toContainEqual({ line: 9, signal: 'wrapped', hits: 0 });
      expect(await artifactText(passing, 'coverage.xml')).toContain(
        '<line number="15" hits="5" branch="true" condition-coverage="50% (1/2)"/>',
      );
    });

    it('writes the trace, the coverage and the logs as artifacts', async () => {
      expect(passing.context.artifacts).toEqual([
        { name: 'build.log', contentType: 'text/plain' },
        { name: 'simulation.log', contentType: 'text/plain' },
        { name: 'trace.fst', contentType: 'application/octet-stream' },
        { name: 'coverage.dat', contentType: 'text/plain' },
        { name: 'coverage.xml', contentType: 'application/xml' },
      ]);
      expect((await stat(join(passing.context.artifactsDir, 'trace.fst'))).size).toBeGreaterThan(0);
      expect(await artifactText(passing, 'simulation.log')).toContain('TEST expected_file PASS\n');
      expect(passing.context.logs).toContainEqual({ level: 'INFO', message: 'TEST count PASS' });
      expect(passing.context.logs).toContainEqual(
        expect.objectContaining({
          level: 'WARNING',
          message: expect.stringMatching(/^%Warning-TIMESCALEMOD: rtl\/counter\.sv/),
        }),
      );
    });

    it('fails the test in progress at a $fatal, and still saves the trace and coverage', () => {
      expect(fatal.outcome.status).toBe('failed');
      expect(fatal.outcome.details.tests).toEqual([
        expect.objectContaining({ name: 'reset', status: 'passed' }),
        expect.objectContaining({
          name: 'wrap',
          status: 'failed',
          reason: expect.stringContaining('no wrap after 15 cycles: count is 15'),
        }),
      ]);
      expect(fatal.outcome.reason).toMatch(/^1 of 2 tests failed; first: wrap: /);
      expect(artifactNames(fatal)).toEqual(
        expect.arrayContaining(['trace.fst', 'coverage.dat', 'coverage.xml']),
      );
      expect(fatal.context.logs).toContainEqual({
        level: 'ERROR',
        message: expect.stringContaining('no wrap after 15'),
      });
    });

    it('fails a simulation that ends without $finish; without coverage and trace says why', () => {
      expect(noFinish.outcome.status).toBe('failed');
      expect(noFinish.outcome.details.tests).toEqual([
        expect.objectContaining({ name: 'reset', status: 'passed' }),
        expect.objectContaining({
          name: '<simulation>',
          status: 'failed',
          reason: `%Error: ${NO_FINISH_MESSAGE}`,
        }),
      ]);
      expect(noFinish.outcome.summary.coverage).toEqual({
        line: null,
        toggle: null,
        fsm: null,
        reason: 'coverage is off (simulation.coverage in verify.json)',
        fsm_reason: 'coverage is off (simulation.coverage in verify.json)',
      });
      expect(artifactNames(noFinish)).toEqual(['build.log', 'simulation.log']);
    });

    it('fails on a compile error, naming the first error', async () => {
      const { outcome } = await simulate('verilator', 'tb_syntax_error');
      expect(outcome.status).toBe('failed');
      expect(outcome.reason).toMatch(
        /^the verilator build failed: %Error: tb\/tb_syntax_error\.sv:7:3: syntax error/,
      );
      expect(outcome.summary).toMatchObject({ tests_passed: 0, tests_failed: 0 });
    });

    it(
      'is cancelled mid-simulation, leaving no process behind',
      async () => {
        const context = await contextFor('verilator', 'tb_forever', { coverage: false, trace: false });
        const binary = join(context.workDir, 'model', 'simulation');
        let runningWhenCancelled: string[] = [];
        const logged = context.logs;
        context.log = (level, message) => {
          logged.push({ level, message });
          if (message !== 'TEST forever START') return;
          runningWhenCancelled = processesRunning(binary);
          context.controller.abort();
        };
        await expect(simulationStage.run(context)).rejects.toMatchObject({ name: 'AbortError' });
        expect(runningWhenCancelled).toHaveLength(1);
        expect(processesRunning(binary)).toEqual([]);
      },
      BUILD_TIMEOUT_MS,
    );
  },
);

describe.skipIf(gate.skip)(
  `simulation stage with Icarus Verilog${gate.skip ? ` (skipped: ${gate.reason})` : ''}`,
  () => {
    it('passes a testbench whose tests pass, with no coverage and a trace', async () => {
      const { outcome, context } = await simulate('icarus', 'tb_pass');
      expect(outcome.status).toBe('passed');
      expect(outcome.summary).toEqual({
        tests_passed: 3,
        tests_failed: 0,
        coverage: {
          line: null,
          toggle: null,
          fsm: null,
          reason: 'Icarus Verilog collects no coverage',
          fsm_reason: 'yosys finds no state machine in the design',
        },
      });
      expect(context.artifacts.map((artifact) => artifact.name)).toEqual([
        'build.log',
        'simulation.log',
        'trace.fst',
      ]);
    });

    it('fails a testbench with a failing test, counting without a TESTS line', async () => {
      const { outcome, context } = await simulate('icarus', 'tb_fail');
      expect(outcome.status).toBe('failed');
      expect(outcome.reason).toBe('1 of 2 tests failed; first: count_disabled: count is 0, expected 3');
      expect(outcome.summary).toMatchObject({ tests_passed: 1, tests_failed: 1 });
      expect(context.progressUpdates).toEqual([
        { completed: 1, total: 1 },
        { completed: 2, total: 2 },
      ]);
      expect(context.logs).toContainEqual({
        level: 'ERROR',
        message: 'TEST count_disabled FAIL count is 0, expected 3',
      });
    });

    it('fails the test in progress at a $fatal', async () => {
      const { outcome } = await simulate('icarus', 'tb_fatal');
      expect(outcome.details.tests.at(-1)).toMatchObject({
        name: 'wrap',
        status: 'failed',
        reason: 'FATAL: tb/tb_fatal.sv:20: no wrap after 15 cycles: count is 15',
      });
    });

    it('reads the JUnit file instead of TEST lines', async () => {
      const { outcome, context } = await simulate('icarus', 'tb_junit', { junit: 'results/junit.xml' });
      expect(outcome.details.tests).toEqual([
        { name: 'counter.reset', status: 'passed', time_seconds: 0.002 },
        { name: 'counter.count', status: 'failed', reason: 'count < 3 & en=1: 2' },
      ]);
      expect(outcome.summary).toMatchObject({ tests_passed: 1, tests_failed: 1 });
      expect(context.progressUpdates).toEqual([{ completed: 2, total: 2 }]);
    });

    it('fails a simulation that ends without $finish', async () => {
      const { outcome } = await simulate('icarus', 'tb_no_finish');
      expect(outcome.details.tests.at(-1)).toMatchObject({
        name: '<simulation>',
        status: 'failed',
        reason: expect.stringContaining(NO_FINISH_MESSAGE),
      });
    });

    it('passes a long testbench without `timescale: 300 cycles of #5 are 3,000 units of the default 1 s', async () => {
      const { outcome } = await simulate('icarus', 'tb_no_timescale');
      expect(outcome.status).toBe('passed');
      expect(outcome.details.tests).toEqual([
        expect.objectContaining({ name: 'count_300', status: 'passed' }),
      ]);
    });

    // The latest times each timescale allows a testbench, in its units: the guard against an end
    // without $finish waits until the end of Icarus's 64-bit time (2^64 - 1 ticks of the precision:
    // 1.8e19 s, 1.8e7 s at 1 ps, 18,446 s at 1 fs).
    it.each([
      ['no `timescale', '', "64'd1_000_000_000_000_000"],
      ['`timescale 1ns/1ps', '`timescale 1ns/1ps', "64'd5_000_000_000_000"],
      ['`timescale 1s/1fs', '`timescale 1s/1fs', "64'd18_000"],
    ])(
      'judges a testbench ending late under %s by its output, and one that runs out of events then as such',
      async (_what, timescale, delay) => {
        const testbench = (finish: boolean) =>
          [
            timescale,
            'module tb_late;',
            '  initial begin',
            `    #(${delay});`,
            '    $display("TEST late PASS at %0t", $time);',
            ...(finish ? ['    $finish;'] : []),
            '  end',
            'endmodule',
            '',
          ].join('\n');
        const quick = { coverage: false, trace: false };
        const finished = await simulate('icarus', 'tb_late', quick, { 'tb/tb_late.sv': testbench(true) });
        expect(finished.outcome.status).toBe('passed');
        expect(finished.outcome.details.tests).toEqual([
          expect.objectContaining({ name: 'late', status: 'passed' }),
        ]);
        const ranOut = await simulate('icarus', 'tb_late', quick, { 'tb/tb_late.sv': testbench(false) });
        expect(ranOut.outcome.status).toBe('failed');
        expect(ranOut.outcome.details.tests).toEqual([
          expect.objectContaining({ name: 'late', status: 'passed' }),
          expect.objectContaining({
            name: '<simulation>',
            status: 'failed',
            reason: expect.stringContaining(NO_FINISH_MESSAGE),
          }),
        ]);
      },
    );

    it('fails on a compile error, naming the first error', async () => {
      const { outcome } = await simulate('icarus', 'tb_syntax_error');
      expect(outcome.reason).toBe('the iverilog build failed: tb/tb_syntax_error.sv:7: syntax error');
    });

    it('stops a simulation at the time-out and fails the test in progress', async () => {
      const { outcome } = await simulate('icarus', 'tb_forever', { timeout_seconds: 1 });
      expect(outcome.status).toBe('failed');
      expect(outcome.reason).toContain("past the stage's time-out of 1 s");
    });

    it('looks for state machines in the trace, and says why FSM coverage is null when there are none', async () => {
      const { outcome } = await simulate('icarus', 'tb_pass');
      expect(outcome.summary.coverage.fsm).toBeNull();
      expect(outcome.summary.coverage.fsm_reason).toBe('yosys finds no state machine in the design');
      expect(outcome.details.coverage.fsm_machines).toEqual([]);
    });
  },
);
