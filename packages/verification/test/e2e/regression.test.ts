/**
 * Regressions end to end: the compiled service (`--workers 2`), the ALU of
 * test/fixtures/e2e/regression and its seeded testbench, through the REST API against the real
 * simulators. Every figure is compared with running the tools directly in the same test:
 * verilator_coverage merges the runs' coverage.dat itself, and iverilog/vvp (or the Verilator
 * model the job built) run a seed by hand to give the same signature and verdict.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requireTools } from '@lab/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCoverageData, summariseCoverage } from '../../src/engine/simulation/coverage-data.js';
import {
  api,
  createProjectFrom,
  FIXTURES,
  serveVerification,
  submitJob,
  waitForJob,
  type ServiceProcess,
} from '../support/serve.js';

const gate = requireTools(['verilator', 'verilator_coverage', 'iverilog', 'vvp', 'g++', 'make']);
const SLOW = { timeout: 420_000 };
const JOB_MS = 400_000;
const DESIGN = join(FIXTURES, 'e2e/regression');
const DESIGN_FILES = ['rtl/alu.sv'];

interface RegressionRun {
  name: string;
  seed: number;
  status: string;
  duration: string;
  reason?: string;
}
interface SimulationResults {
  status: string;
  tests_passed: number;
  tests_failed: number;
  coverage: { line: number | null; toggle: number | null };
  regression: { seed: number; tests: RegressionRun[] };
}

const lineOf = (text: string, prefix: string) => text.split('\n').find((line) => line.startsWith(prefix));

function coverageOf(text: string) {
  const report = summariseCoverage(parseCoverageData(text), DESIGN_FILES);
  return { line: report.line.percent, toggle: report.toggle.percent };
}

describe.skipIf(gate.skip)(
  `regressions (real server)${gate.skip ? ` (skipped: ${gate.reason})` : ''}`,
  () => {
    let root: string;
    let dataDir: string;
    let server: ServiceProcess;
    let projects = 0;

    beforeAll(async () => {
      root = mkdtempSync(join(tmpdir(), 'vp-regression-'));
      dataDir = join(root, 'data');
      server = await serveVerification(dataDir, ['--workers', '2']);
    });
    afterAll(async () => {
      await server.stop('SIGKILL');
      rmSync(root, { recursive: true, force: true });
    });

    async function regressionJob(
      simulation: Record<string, unknown>,
      overrides: Record<string, unknown> = {},
    ) {
      projects += 1;
      const verify = { top_module: 'alu', simulation: { trace: false, ...simulation } };
      const project = await createProjectFrom(
        server.url,
        `regression-${projects}`,
        DESIGN,
        'alu',
        {},
        {
          'verify.json': JSON.stringify(verify),
        },
      );
      const jobId = await submitJob(server.url, project, {
        stages: ['simulation'],
        config_overrides: overrides,
      });
      await waitForJob(server.url, jobId, undefined, JOB_MS);
      const results = await api<{ stages: { simulation: SimulationResults } }>(
        server.url,
        'GET',
        `/jobs/${jobId}/results`,
      );
      return { jobId, simulation: results.body.stages.simulation };
    }

    const artifact = async (jobId: string, name: string) => {
      const answer = await api<string>(server.url, 'GET', `/jobs/${jobId}/artifacts/${name}`);
      expect(answer.status).toBe(200);
      return answer.body;
    };

    /** iverilog and vvp by hand: the lines the testbench prints for `plusargs`. */
    function icarusDirectly(parameters: Record<string, string>, plusargs: string[]): string {
      const compiled = join(root, `direct-${Object.values(parameters).join('-') || 'default'}.vvp`);
      const build = spawnSync(
        'iverilog',
        [
          '-g2012',
          '-o',
          compiled,
          ...Object.entries(parameters).map(([name, value]) => `-Ptb_alu.${name}=${value}`),
          'rtl/alu.sv',
          'tb/tb_alu.sv',
        ],
        { cwd: DESIGN, encoding: 'utf8' },
      );
      expect(build.status, build.stderr).toBe(0);
      return spawnSync('vvp', ['-n', compiled, ...plusargs], { encoding: 'utf8' }).stdout;
    }

    it(
      'runs 20 seeded tests with Verilator and merges their coverage as verilator_coverage does',
      SLOW,
      async () => {
        const { jobId, simulation } = await regressionJob({
          simulator: 'verilator',
          tests: [{ name: 'random', count: 20 }],
        });
        expect(simulation).toMatchObject({ status: 'passed', tests_passed: 20, tests_failed: 0 });
        const runs = simulation.regression.tests;
        expect(runs.map((run) => run.name)).toEqual(Array.from({ length: 20 }, (_, i) => `random.${i + 1}`));
        expect(new Set(runs.map((run) => run.seed)).size).toBe(20);
        for (const run of runs) expect(run).toMatchObject({ status: 'passed', duration: expect.any(String) });

        // The same merge by hand, over the files each run wrote.
        const work = join(dataDir, 'jobs', jobId, 'work', 'simulation');
        const files = runs.map((run) => join(work, 'runs', run.name, 'coverage.dat'));
        const expectedFile = join(root, 'expected.dat');
        const merge = spawnSync('verilator_coverage', ['--write', expectedFile, ...files], {
          encoding: 'utf8',
        });
        expect(merge.status, merge.stderr).toBe(0);
        const merged = coverageOf(readFileSync(expectedFile, 'utf8'));
        expect(coverageOf(await artifact(jobId, 'coverage.dat'))).toEqual(merged);
        expect(simulation.coverage).toMatchObject(merged);
        const singles = files.map((file) => coverageOf(readFileSync(file, 'utf8')));
        for (const single of singles) {
          expect(single.line!).toBeLessThanOrEqual(merged.line!);
          expect(single.toggle!).toBeLessThanOrEqual(merged.toggle!);
        }
        // Two operations a run cannot reach all four arms of the ALU; twenty seeds do.
        expect(Math.max(...singles.map((single) => single.line!))).toBeLessThan(merged.line!);

        // Each run's verdict and signature as the job's model gives them when run by hand.
        const model = join(work, 'builds', '1', 'model', 'simulation');
        for (const run of runs.slice(0, 3)) {
          const direct = spawnSync(model, [`+seed=${run.seed}`, `+verilator+seed+${run.seed}`], {
            cwd: root,
            encoding: 'utf8',
          }).stdout;
          const log = await artifact(jobId, `simulation_${run.name}.log`);
          expect(lineOf(log, 'WIDTH')).toBe(`WIDTH 8 SEED ${run.seed}`);
          expect(lineOf(log, 'SIGNATURE')).toBe(lineOf(direct, 'SIGNATURE'));
          expect(lineOf(direct, 'TEST alu')).toBe('TEST alu PASS');
        }
      },
    );

    it('builds Verilator once per parameter set: -G changes what the testbench runs', SLOW, async () => {
      const { jobId, simulation } = await regressionJob({
        simulator: 'verilator',
        coverage: false,
        tests: [
          { name: 'wide', seed: 7 },
          { name: 'narrow', seed: 7, parameters: { WIDTH: '4' } },
        ],
      });
      expect(simulation).toMatchObject({ status: 'passed', tests_passed: 2 });
      const direct = icarusDirectly({ WIDTH: '4' }, ['+seed=7']);
      const narrow = await artifact(jobId, 'simulation_narrow.log');
      expect(lineOf(narrow, 'WIDTH')).toBe('WIDTH 4 SEED 7');
      expect(lineOf(narrow, 'SIGNATURE')).toBe(lineOf(direct, 'SIGNATURE'));
      expect(lineOf(await artifact(jobId, 'simulation_wide.log'), 'SIGNATURE')).toBe(
        lineOf(icarusDirectly({}, ['+seed=7']), 'SIGNATURE'),
      );
      const logs = await api<{ logs: { message: string }[] }>(
        server.url,
        'GET',
        `/jobs/${jobId}/logs?stage=simulation`,
      );
      // The two builds run side by side, so their command lines come in either order.
      const commands = logs.body.logs
        .map((entry) => entry.message)
        .filter((message) => / running \S*verilator /.test(message))
        .sort();
      expect(commands).toHaveLength(2);
      expect(commands[0]).toMatch(/^\[build 1\] /);
      expect(commands[0]).not.toContain(' -G');
      expect(commands[1]).toMatch(/^\[build 2\] running \S*verilator -GWIDTH=4 /);
      expect(await artifact(jobId, 'build_2.log')).toContain('builds/2/model');
    });

    it('runs again with the recorded seeds and gets the same results (Icarus)', SLOW, async () => {
      const tests = [{ name: 'random', count: 20 }];
      const first = await regressionJob({ simulator: 'icarus', tests });
      expect(first.simulation).toMatchObject({ status: 'passed', tests_passed: 20 });
      const again = await regressionJob(
        { simulator: 'icarus', tests },
        { 'simulation.seed': first.simulation.regression.seed },
      );
      expect(again.simulation.regression.seed).toBe(first.simulation.regression.seed);
      expect(again.simulation.regression.tests.map((run) => run.seed)).toEqual(
        first.simulation.regression.tests.map((run) => run.seed),
      );
      for (const run of first.simulation.regression.tests.slice(0, 5)) {
        const before = await artifact(first.jobId, `simulation_${run.name}.log`);
        const after = await artifact(again.jobId, `simulation_${run.name}.log`);
        const direct = icarusDirectly({}, [`+seed=${run.seed}`]);
        expect(lineOf(after, 'SIGNATURE')).toBe(lineOf(before, 'SIGNATURE'));
        expect(lineOf(before, 'SIGNATURE')).toBe(lineOf(direct, 'SIGNATURE'));
      }
      // One run again alone, its seed given back in its entry.
      const seventh = first.simulation.regression.tests[6]!;
      const alone = await regressionJob({
        simulator: 'icarus',
        tests: [{ name: 'again', seed: seventh.seed }],
      });
      expect(alone.simulation.regression.tests).toMatchObject([
        { name: 'again', seed: seventh.seed, status: 'passed' },
      ]);
      expect(lineOf(await artifact(alone.jobId, 'simulation_again.log'), 'SIGNATURE')).toBe(
        lineOf(await artifact(first.jobId, `simulation_${seventh.name}.log`), 'SIGNATURE'),
      );
    });

    it(
      'fails the job on a failing run, with its seed and reason, as vvp fails it (Icarus -P)',
      SLOW,
      async () => {
        const { jobId, simulation } = await regressionJob({
          simulator: 'icarus',
          tests: [
            { name: 'narrow', seed: 11, parameters: { WIDTH: '4' } },
            { name: 'broken', seed: 11, parameters: { WIDTH: '4' }, plusargs: ['+inject_error'] },
          ],
        });
        const direct = icarusDirectly({ WIDTH: '4' }, ['+seed=11', '+inject_error']);
        expect(lineOf(direct, 'TEST alu')).toBe('TEST alu FAIL 2 of 2 results differ from the model');
        expect(simulation).toMatchObject({ status: 'failed', tests_passed: 1, tests_failed: 1 });
        expect(simulation.regression.tests[1]).toMatchObject({
          name: 'broken',
          seed: 11,
          status: 'failed',
          reason: 'alu: 2 of 2 results differ from the model',
        });
        const job = await api<{ status: string; error: { code: string; message: string } }>(
          server.url,
          'GET',
          `/jobs/${jobId}`,
        );
        expect(job.body.status).toBe('failed');
        expect(job.body.error).toMatchObject({ code: 'VERIFICATION_FAILED' });
        expect(lineOf(await artifact(jobId, 'simulation_narrow.log'), 'SIGNATURE')).toBe(
          lineOf(icarusDirectly({ WIDTH: '4' }, ['+seed=11']), 'SIGNATURE'),
        );
      },
    );

    it('refuses more runs than the limit at submission, naming the field', async () => {
      const project = await createProjectFrom(
        server.url,
        'regression-too-many',
        DESIGN,
        'alu',
        {},
        {
          'verify.json': JSON.stringify({
            simulation: { tests: [{ name: 'a', count: 1000 }, { name: 'b' }] },
          }),
        },
      );
      const answer = await api<{ error: { code: string; details: { field: string } } }>(
        server.url,
        'POST',
        `/projects/${project}/jobs`,
        { body: { stages: ['simulation'] } },
      );
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: { field: 'simulation.tests' },
      });
    });
  },
);
