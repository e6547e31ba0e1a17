/**
 * The simulation stage with a cocotb test module (test/fixtures/cocotb: an accumulator and three
 * tests, two passing, one failing) on Icarus and Verilator, against real cocotb in the managed
 * environment, each verdict compared with cocotb's runner called directly on the same files. The
 * environment is created once in a cache directory shared by the file's contexts.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expectAppErrorAsync, requireTools } from '@lab/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COCOTB_VERSION, cocotbPython } from '../../src/engine/simulation/cocotb-env.js';
import { CocotbProgress, icarusTraceModule } from '../../src/engine/simulation/cocotb.js';
import type { StageOutcome } from '../../src/engine/stage.js';
import { simulationStage } from '../../src/engine/stages/simulation.js';
import { createStageContext, type TestStageContext } from './stage-context.js';

const FIXTURE = fileURLToPath(new URL('../fixtures/cocotb', import.meta.url));
const gate = requireTools(['python3', 'iverilog', 'vvp', 'verilator', 'g++', 'make']);
const SLOW_MS = 300_000;

let cacheDir: string;
let python: string;
const contexts: TestStageContext[] = [];

beforeAll(async () => {
  if (gate.skip) return;
  cacheDir = await mkdtemp(join(tmpdir(), 'cocotb-cache-'));
  python = await cocotbPython({
    cacheDir,
    signal: new AbortController().signal,
    timeoutMs: SLOW_MS,
    log: () => undefined,
  });
}, SLOW_MS);
afterAll(async () => {
  await Promise.all(contexts.map((context) => context.cleanup()));
  if (cacheDir !== undefined) await rm(cacheDir, { recursive: true, force: true });
});

async function contextFor(
  simulation: Record<string, unknown>,
  files: Record<string, string> = {},
): Promise<TestStageContext> {
  const verify = {
    top_module: 'acc',
    simulation: { cocotb: { module: 'test_acc', toplevel: 'acc' }, ...simulation },
  };
  const context = await createStageContext({
    from: FIXTURE,
    files: { ...files, 'verify.json': JSON.stringify(verify) },
  });
  context.cacheDir = cacheDir;
  contexts.push(context);
  return context;
}

/** cocotb's own runner on the fixture, without the platform: [tests, failed] from its results.xml. */
function runnerDirectly(simulator: 'icarus' | 'verilator'): [number, number] {
  const script = [
    'import sys, warnings',
    'warnings.simplefilter("ignore")',
    'from cocotb.runner import get_runner, get_results',
    'fixture, work, sim = sys.argv[1:4]',
    'sys.path.insert(0, fixture + "/tests")',
    'runner = get_runner(sim)',
    'runner.build(verilog_sources=[fixture + "/rtl/acc.sv"], hdl_toplevel="acc", build_dir=work + "/build", always=True)',
    'xml = runner.test(test_module="test_acc", hdl_toplevel="acc", build_dir=work + "/build", test_dir=work)',
    'print("COUNTS", *get_results(xml))',
  ].join('\n');
  const work = join(cacheDir, `direct-${simulator}`);
  const run = spawnSync(python, ['-c', script, FIXTURE, work, simulator], {
    encoding: 'utf8',
    timeout: SLOW_MS,
  });
  const counts = /^COUNTS (\d+) (\d+)$/m.exec(run.stdout);
  if (counts === null) throw new Error(`cocotb's runner failed: ${run.stdout}\n${run.stderr}`);
  return [Number(counts[1]), Number(counts[2])];
}

describe.skipIf(gate.skip)('cocotb on the simulation stage', () => {
  describe.each(['icarus', 'verilator'] as const)('%s', (simulator) => {
    let context: TestStageContext;
    let outcome: StageOutcome;
    beforeAll(async () => {
      context = await contextFor({ simulator });
      outcome = await simulationStage.run(context);
    }, SLOW_MS);

    it(
      "counts each cocotb test as cocotb's runner does: two passed, one failed",
      () => {
        const [tests, failed] = runnerDirectly(simulator);
        expect([tests, failed]).toEqual([3, 1]);
        expect(outcome.status).toBe('failed');
        expect(outcome.summary).toMatchObject({ tests_passed: tests - failed, tests_failed: failed });
        expect(outcome.reason).toMatch(/^1 of 3 tests failed; first: test_acc\.sums_past_the_width/);
        const details = outcome.details as { tests: { name: string; status: string }[]; cocotb: unknown };
        expect(details.tests.map((test) => [test.name, test.status])).toEqual([
          ['test_acc.accumulates', 'passed'],
          ['test_acc.holds_without_enable', 'passed'],
          ['test_acc.sums_past_the_width', 'failed'],
        ]);
        expect(details.cocotb).toEqual({
          module: 'test_acc',
          module_file: 'tests/test_acc.py',
          toplevel: 'acc',
          version: COCOTB_VERSION,
        });
      },
      SLOW_MS,
    );

    it("streams cocotb's lines into the log and the progress as tests end", () => {
      const messages = context.logs.map((entry) => entry.message);
      expect(messages).toContainEqual(
        expect.stringMatching(/cocotb\.regression\s+running accumulates \(1\/3\)/),
      );
      expect(messages).toContainEqual(expect.stringMatching(/sums_past_the_width failed/));
      expect(context.progressUpdates).toContainEqual({ completed: 2, total: 3 });
      expect(context.progressUpdates.at(-1)).toEqual({ completed: 3, total: 3 });
      expect(context.artifacts.map((artifact) => artifact.name)).toEqual(
        expect.arrayContaining(['build.log', 'simulation.log', 'results.xml', 'trace.fst']),
      );
    });

    it('takes coverage from the simulator', () => {
      const coverage = (outcome.summary as { coverage: Record<string, unknown> }).coverage;
      if (simulator === 'icarus') {
        expect(coverage).toMatchObject({
          line: null,
          toggle: null,
          reason: 'Icarus Verilog collects no coverage',
        });
      } else {
        expect(coverage.line).toBeGreaterThan(0);
        expect(coverage.toggle).toBeGreaterThan(0);
        const details = outcome.details as { coverage: { files: { file: string }[] } };
        expect(details.coverage.files.map((file) => file.file)).toEqual(['rtl/acc.sv']);
      }
    });
  });

  it(
    'fails before any build when the toplevel is no module of the design',
    async () => {
      const context = await contextFor({
        simulator: 'icarus',
        cocotb: { module: 'test_acc', toplevel: 'nosuch' },
      });
      const outcome = await simulationStage.run(context);
      expect(outcome.status).toBe('failed');
      expect(outcome.reason).toBe(
        "simulation.cocotb.toplevel 'nosuch' is not a module of the design sources (they declare acc)",
      );
      expect(outcome.summary).toMatchObject({ tests_passed: 0, tests_failed: 0 });
    },
    SLOW_MS,
  );

  it(
    "fails with the compiler's first error when the design does not build",
    async () => {
      const context = await contextFor(
        { simulator: 'icarus' },
        { 'rtl/broken.sv': 'module broken;\n  wire w = ;\nendmodule\n' },
      );
      const outcome = await simulationStage.run(context);
      expect(outcome.status).toBe('failed');
      expect(outcome.reason).toMatch(/^the icarus build failed: rtl\/broken\.sv:2: syntax error/);
      expect(context.artifacts.map((artifact) => artifact.name)).toContain('build.log');
    },
    SLOW_MS,
  );

  it(
    'stops a module that never ends at the time-out, killing the simulator',
    async () => {
      const hang = [
        'import cocotb',
        'from cocotb.triggers import Timer',
        '@cocotb.test()',
        'async def forever(dut):',
        '    while True:',
        '        await Timer(1, "ns")',
      ].join('\n');
      const context = await contextFor(
        { simulator: 'icarus', timeout_seconds: 8, cocotb: { module: 'test_hang', toplevel: 'acc' } },
        { 'tests/test_hang.py': hang },
      );
      const started = performance.now();
      const outcome = await simulationStage.run(context);
      expect(performance.now() - started).toBeLessThan(20_000);
      expect(outcome.status).toBe('failed');
      expect(outcome.reason).toMatch(/the cocotb run ran past the stage's time-out of 8 s/);
      // Printed before the kill, so it came as printed: a buffered line would have died with the process.
      expect(context.logs.map((entry) => entry.message)).toContainEqual(
        expect.stringMatching(/cocotb\.regression\s+running forever \(1\/1\)/),
      );
      expect(context.progressUpdates).toContainEqual({ completed: 0, total: 1 });
      const leftover = spawnSync('pgrep', ['-f', context.workDir], { encoding: 'utf8' });
      expect(leftover.stdout.trim()).toBe('');
    },
    SLOW_MS,
  );

  it(
    'reports a creation cut short by its time limit as a TOOL_ERROR, and makes the environment again next time',
    async () => {
      const fresh = await mkdtemp(join(tmpdir(), 'cocotb-cache-'));
      try {
        const logs: string[] = [];
        const request = {
          cacheDir: fresh,
          signal: new AbortController().signal,
          timeoutMs: 20,
          log: (_level: string, message: string) => logs.push(message),
        };
        const error = await expectAppErrorAsync(
          cocotbPython(request),
          'TOOL_ERROR',
          'cocotb: creating the virtual environment ran past its time limit',
        );
        expect(error.message).toMatch(/the cocotb environment was not created$/);
        expect(logs[0]).toMatch(
          /^creating the cocotb 1\.8\.1 environment cache\/cocotb-1\.8\.1-\w+ \(first use\)$/,
        );
        const made = await cocotbPython({ ...request, timeoutMs: SLOW_MS });
        expect(
          spawnSync(made, ['-c', 'import cocotb; print(cocotb.__version__)'], {
            encoding: 'utf8',
          }).stdout.trim(),
        ).toBe(COCOTB_VERSION);
      } finally {
        await rm(fresh, { recursive: true, force: true });
      }
    },
    SLOW_MS,
  );

  it('reuses the environment once created', async () => {
    const logs: string[] = [];
    const again = await cocotbPython({
      cacheDir,
      signal: new AbortController().signal,
      timeoutMs: 10_000,
      log: (_level, message) => logs.push(message),
    });
    expect(again).toBe(python);
    expect(logs).toEqual([
      expect.stringMatching(/^using the cocotb 1\.8\.1 environment cache\/cocotb-1\.8\.1-/),
    ]);
  });
});

describe('cocotb helpers', () => {
  it("counts progress from cocotb's regression lines", () => {
    const progress = new CocotbProgress();
    const lines = [
      '     0.00ns INFO     cocotb.regression                  running accumulates (1/3)',
      '    50.00ns INFO     cocotb.regression                  accumulates passed',
      '    50.00ns INFO     cocotb.regression                  running holds (2/3)',
      '   100.00ns INFO     cocotb.regression                  holds failed',
      'AssertionError: the run passed',
    ];
    expect(lines.map((line) => progress.accept(line))).toEqual([true, true, true, true, false]);
    expect([progress.completed, progress.total]).toEqual([2, 3]);
  });

  it('dumps the toplevel from a module of its own', () => {
    expect(icarusTraceModule('acc')).toContain('$dumpvars(0, acc);');
  });
});
