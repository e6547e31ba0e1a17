/**
 * A simulation stage's regression (`simulation.tests`) with Icarus Verilog, on the ALU of
 * test/fixtures/e2e/regression: runs in parallel on the workers the stage may borrow, each with its
 * seed as +seed=N, one build per parameter set, plusargs per test, and every run's verdict and
 * signature compared with running vvp directly on the same build.
 */
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { requireTools } from '@lab/server-kit/testing';
import { afterAll, describe, expect, it } from 'vitest';
import type { RegressionTestResult } from '../../src/engine/simulation/regression.js';
import { simulationStage } from '../../src/engine/stages/simulation.js';
import { createStageContext, type TestStageContext } from './stage-context.js';

const FIXTURE = fileURLToPath(new URL('../fixtures/e2e/regression', import.meta.url));
const gate = requireTools(['iverilog', 'vvp']);
const SLOW = { timeout: 120_000 };

const contexts: TestStageContext[] = [];
afterAll(() => Promise.all(contexts.map((context) => context.cleanup())));

async function regression(
  tests: unknown[],
  options: { idleWorkers?: number; overrides?: Record<string, number>; timeoutSeconds?: number } = {},
): Promise<TestStageContext> {
  const verify = {
    top_module: 'alu',
    simulation: { simulator: 'icarus', trace: false, tests, timeout_seconds: options.timeoutSeconds ?? 300 },
  };
  const context = await createStageContext({
    from: FIXTURE,
    files: { 'verify.json': JSON.stringify(verify) },
    ...(options.idleWorkers === undefined ? {} : { idleWorkers: options.idleWorkers }),
    ...(options.overrides === undefined ? {} : { overrides: options.overrides }),
  });
  contexts.push(context);
  return context;
}

interface Details {
  tests: { name: string; status: string }[];
  regression: {
    seed: number;
    builds: { parameters: Record<string, string> }[];
    tests: RegressionTestResult[];
  };
}

/** What vvp prints for `plusargs` on the stage's build of the given number (1-based). */
function vvpDirectly(context: TestStageContext, build: number, plusargs: string[]): string {
  const compiled = join(context.workDir, 'builds', String(build), 'simulation.vvp');
  const result = spawnSync('vvp', ['-n', compiled, ...plusargs], {
    encoding: 'utf8',
    cwd: context.sourceDir,
  });
  return result.stdout;
}

const lineOf = (text: string, prefix: string) => text.split('\n').find((line) => line.startsWith(prefix));

describe.skipIf(gate.skip)(`regression with Icarus${gate.skip ? ` (skipped: ${gate.reason})` : ''}`, () => {
  it('runs seeded tests two at a time, each verdict and signature as vvp gives them', SLOW, async () => {
    const context = await regression(
      [
        { name: 'random', count: 6 },
        { name: 'fixed', seed: 42 },
      ],
      {
        idleWorkers: 1,
      },
    );
    const outcome = await simulationStage.run(context);
    const details = outcome.details as Details;
    expect(outcome.status).toBe('passed');
    expect(outcome.summary).toMatchObject({ tests_passed: 7, tests_failed: 0 });
    expect(context.maxBorrowed).toBe(1);
    const runs = details.regression.tests;
    expect(runs.map((run) => run.name)).toEqual([
      'random.1',
      'random.2',
      'random.3',
      'random.4',
      'random.5',
      'random.6',
      'fixed',
    ]);
    expect(runs.at(-1)!.seed).toBe(42);
    expect(new Set(runs.map((run) => run.seed)).size).toBe(7);
    expect(details.regression.builds).toHaveLength(1);
    for (const run of runs) {
      const log = await readFile(join(context.artifactsDir, `simulation_${run.name}.log`), 'utf8');
      const direct = vvpDirectly(context, 1, [`+seed=${run.seed}`]);
      expect(lineOf(log, 'WIDTH')).toBe(`WIDTH 8 SEED ${run.seed}`);
      expect(lineOf(direct, 'WIDTH')).toBe(`WIDTH 8 SEED ${run.seed}`);
      expect(lineOf(log, 'SIGNATURE')).toBe(lineOf(direct, 'SIGNATURE'));
      expect(lineOf(direct, 'TEST alu')).toBe('TEST alu PASS');
      expect(run.status).toBe('passed');
    }
    expect(context.progressUpdates.at(-1)).toEqual({ completed: 7, total: 7 });
  });

  it('gives the same seeds again for the same regression seed', SLOW, async () => {
    const first = await regression([{ name: 'random', count: 3 }], {
      overrides: { 'simulation.seed': 12345 },
    });
    const second = await regression([{ name: 'random', count: 3 }], {
      overrides: { 'simulation.seed': 12345 },
    });
    const regressionOf = async (context: TestStageContext) =>
      ((await simulationStage.run(context)).details as Details).regression;
    const once = await regressionOf(first);
    const again = await regressionOf(second);
    expect(once.seed).toBe(12345);
    expect(again.tests.map((run) => run.seed)).toEqual(once.tests.map((run) => run.seed));
    expect(again.tests.map((run) => run.status)).toEqual(['passed', 'passed', 'passed']);
  });

  it('builds once per parameter set, and fails the runs whose plusargs break the model', SLOW, async () => {
    const context = await regression(
      [
        { name: 'wide', seed: 7 },
        { name: 'narrow', seed: 7, parameters: { WIDTH: '4' } },
        { name: 'narrow_long', seed: 8, parameters: { WIDTH: '4', OPS: '40' } },
        { name: 'also_narrow', seed: 9, parameters: { WIDTH: '4' } },
        { name: 'broken', seed: 7, plusargs: ['+inject_error'] },
      ],
      { idleWorkers: 3 },
    );
    const outcome = await simulationStage.run(context);
    const details = outcome.details as Details;
    expect(details.regression.builds.map((build) => build.parameters)).toEqual([
      {},
      { WIDTH: '4' },
      { WIDTH: '4', OPS: '40' },
    ]);
    const byName = new Map(details.regression.tests.map((run) => [run.name, run]));
    const log = (name: string) => readFile(join(context.artifactsDir, `simulation_${name}.log`), 'utf8');
    expect(lineOf(await log('wide'), 'WIDTH')).toBe('WIDTH 8 SEED 7');
    expect(lineOf(await log('narrow'), 'WIDTH')).toBe('WIDTH 4 SEED 7');
    expect(lineOf(await log('narrow'), 'SIGNATURE')).toBe(
      lineOf(vvpDirectly(context, 2, ['+seed=7']), 'SIGNATURE'),
    );
    expect(lineOf(await log('narrow'), 'SIGNATURE')).not.toBe(lineOf(await log('wide'), 'SIGNATURE'));
    expect(byName.get('broken')).toMatchObject({ status: 'failed', seed: 7, plusargs: ['+inject_error'] });
    expect(byName.get('broken')!.reason).toBe('alu: 2 of 2 results differ from the model');
    const direct = vvpDirectly(context, 1, ['+seed=7', '+inject_error']);
    expect(lineOf(direct, 'TEST alu')).toBe('TEST alu FAIL 2 of 2 results differ from the model');
    expect(outcome.status).toBe('failed');
    expect(outcome.summary).toMatchObject({ tests_passed: 4, tests_failed: 1 });
    expect(outcome.reason).toBe(
      '1 of 5 tests failed; first: broken: alu: 2 of 2 results differ from the model',
    );
    expect(context.artifacts.map((artifact) => artifact.name)).toEqual(
      expect.arrayContaining(['build_1.log', 'build_2.log', 'build_3.log', 'simulation_broken.log']),
    );
  });

  it('fails every run of a build that does not compile, each with its seed', SLOW, async () => {
    const context = await regression([
      { name: 'ok', seed: 3 },
      { name: 'zero', seed: 4, count: 2, parameters: { WIDTH: '0' } },
    ]);
    const outcome = await simulationStage.run(context);
    const runs = (outcome.details as Details).regression.tests;
    const direct = spawnSync(
      'iverilog',
      ['-g2012', '-o', '/dev/null', '-Ptb_alu.WIDTH=0', 'rtl/alu.sv', 'tb/tb_alu.sv'],
      {
        cwd: context.sourceDir,
        encoding: 'utf8',
      },
    );
    expect(direct.status).not.toBe(0);
    expect(runs.map(({ name, seed, status }) => ({ name, seed, status }))).toEqual([
      { name: 'ok', seed: 3, status: 'passed' },
      { name: 'zero.1', seed: 4, status: 'failed' },
      { name: 'zero.2', seed: 5, status: 'failed' },
    ]);
    expect(context.progressUpdates.at(-1)).toEqual({ completed: 3, total: 3 });
    expect(runs[1]!.reason).toMatch(
      /^not run: the iverilog build failed: .*part select state\[-1:0\] is out of order/,
    );
    expect(outcome.status).toBe('failed');
  });
  it(
    'bounds the runs by the stage time-out: the one running is stopped, the ones after fail at once',
    SLOW,
    async () => {
      const context = await regression(
        [
          { name: 'endless', seed: 1, parameters: { OPS: '2000000000' } },
          { name: 'after', seed: 2, count: 2 },
        ],
        { timeoutSeconds: 2 },
      );
      const started = performance.now();
      const outcome = await simulationStage.run(context);
      expect(performance.now() - started).toBeLessThan(15_000);
      const runs = (outcome.details as Details).regression.tests;
      const timedOut = "the simulation ran past the stage's time-out of 2 s";
      expect(runs.map(({ name, seed, status }) => ({ name, seed, status }))).toEqual([
        { name: 'endless', seed: 1, status: 'failed' },
        { name: 'after.1', seed: 2, status: 'failed' },
        { name: 'after.2', seed: 3, status: 'failed' },
      ]);
      for (const run of runs) expect(run.reason).toContain(timedOut);
      expect(outcome.status).toBe('failed');
    },
  );

  it('stops every run on cancel and throws as a cancelled stage does', SLOW, async () => {
    const context = await regression([{ name: 'endless', parameters: { OPS: '2000000000' }, count: 3 }], {
      idleWorkers: 1,
    });
    const running = simulationStage.run(context);
    while (!context.logs.some((entry) => entry.message.startsWith('[endless.2] running '))) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    context.controller.abort();
    await expect(running).rejects.toMatchObject({ name: 'AbortError' });
    expect(context.logs.some((entry) => entry.message.startsWith('[endless.3] '))).toBe(false);
  });
});
