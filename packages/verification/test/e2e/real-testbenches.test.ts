/**
 * Testbenches and designs as people write them, through the REST API of the real server against
 * the real tools, each verdict compared with running the tool directly in the same test: a
 * testbench printing PASSED or FAILED, a long one without `timescale on both simulators, one
 * that never calls $finish, lint of a design with formal-only files and a waiver file, and FSM
 * coverage of a machine whose state register is an output port.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { requireTools } from '@lab/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createProjectFrom,
  serveVerification,
  submitJob,
  waitForJob,
  type ServiceProcess,
} from '../support/serve.js';

const gate = requireTools(['verilator', 'iverilog', 'vvp', 'yosys', 'g++', 'make', 'cc']);
const SLOW = { timeout: 300_000 };

interface StageResult {
  status: string;
  reason?: string;
  tests_passed?: number;
  tests_failed?: number;
  warnings?: number;
  errors?: number;
  details?: { tests?: { name: string; status: string; reason?: string }[] };
}

const ADDER = [
  'module adder (input logic [3:0] a, input logic [3:0] b, output logic [4:0] sum);',
  '  assign sum = a + b;',
  'endmodule',
  '',
].join('\n');

/** A testbench that checks the adder once and prints the conventional verdict. */
const conventionalBench = (expected: number) =>
  [
    'module tb_adder;',
    "  logic [3:0] a = 4'd7, b = 4'd8;",
    '  logic [4:0] sum;',
    '  adder dut (.a(a), .b(b), .sum(sum));',
    '  initial begin',
    '    #1;',
    `    if (sum == 5'd${expected}) $display("PASSED");`,
    '    else $display("FAILED");',
    '    $finish;',
    '  end',
    'endmodule',
    '',
  ].join('\n');

/** 200 clock cycles of #5, no `timescale: 2,000 time units, past Icarus's old 1000 s guard. */
const LONG_BENCH = [
  'module tb_long;',
  "  logic clk = 1'b0;",
  '  integer cycles = 0;',
  '  always #5 clk = ~clk;',
  '  always @(posedge clk) cycles <= cycles + 1;',
  '  initial begin',
  '    repeat (200) @(posedge clk);',
  '    #1;',
  '    if (cycles == 200 && $time > 1000) $display("PASSED at time %0t", $time);',
  '    else $display("FAILED: %0d cycles at time %0t", cycles, $time);',
  '    $finish;',
  '  end',
  'endmodule',
  '',
].join('\n');

/** Writes `files` under a new directory and answers it. */
function projectDir(root: string, name: string, files: Record<string, string>): string {
  const dir = join(root, 'projects', name);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

/** A program run directly: its exit status and everything it printed. */
function run(command: string, args: string[], cwd: string, timeoutMs = 120_000) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', timeout: timeoutMs });
  const timedOut = (result.error as NodeJS.ErrnoException | undefined)?.code === 'ETIMEDOUT';
  return { status: result.status, timedOut, output: result.stdout + result.stderr };
}

/** iverilog and vvp run by hand on `files` of `dir`. */
function icarusDirectly(dir: string, top: string, files: string[], timeoutMs?: number) {
  const built = run('iverilog', ['-g2012', '-o', 'direct.vvp', '-s', top, ...files], dir);
  expect(built.status).toBe(0);
  return run('vvp', ['-n', 'direct.vvp'], dir, timeoutMs);
}

describe.skipIf(gate.skip)(
  `real testbenches (real server, real tools)${gate.skip ? ` (skipped: ${gate.reason})` : ''}`,
  () => {
    let root: string;
    let server: ServiceProcess;
    let base: string;

    beforeAll(async () => {
      root = mkdtempSync(join(tmpdir(), 'vp-testbenches-'));
      server = await serveVerification(join(root, 'data'), ['--workers', '2']);
      base = server.url;
    });
    afterAll(async () => {
      await server?.stop();
      rmSync(root, { recursive: true, force: true });
    });

    /** Creates the project, runs the job to its end, answers the stage's full results. */
    async function runStage(
      name: string,
      dir: string,
      top: string,
      stage: 'lint' | 'simulation',
      overrides: Record<string, unknown> = {},
    ): Promise<StageResult> {
      const project = await createProjectFrom(base, name, dir, top);
      const jobId = await submitJob(base, project, { stages: [stage], config_overrides: overrides });
      await waitForJob(base, jobId, undefined, 280_000);
      const answer = await api<StageResult>(base, 'GET', `/jobs/${jobId}/results/${stage}`);
      expect(answer.status).toBe(200);
      return answer.body;
    }

    it('reads a testbench printing PASSED or FAILED as one test, as its own output says', SLOW, async () => {
      for (const [name, expected, verdict] of [
        ['conventional-pass', 15, 'passed'],
        ['conventional-fail', 14, 'failed'],
      ] as const) {
        const dir = projectDir(root, name, {
          'rtl/adder.sv': ADDER,
          'tb/tb_adder.sv': conventionalBench(expected),
          'verify.json': JSON.stringify({
            simulation: { simulator: 'icarus', coverage: false, trace: false },
          }),
        });
        const direct = icarusDirectly(dir, 'tb_adder', ['rtl/adder.sv', 'tb/tb_adder.sv']);
        expect(direct.status).toBe(0);
        expect(direct.output.trim()).toBe(verdict === 'passed' ? 'PASSED' : 'FAILED');

        const simulation = await runStage(name, dir, 'adder', 'simulation');
        expect(simulation).toMatchObject({
          status: verdict,
          tests_passed: verdict === 'passed' ? 1 : 0,
          tests_failed: verdict === 'passed' ? 0 : 1,
        });
        expect(simulation.details?.tests).toEqual([
          expect.objectContaining({
            name: 'tb_adder',
            status: verdict,
            ...(verdict === 'failed' ? { reason: 'FAILED' } : {}),
          }),
        ]);
      }
    });

    it(
      'takes its own patterns from config_overrides, and refuses one it cannot run with 400',
      SLOW,
      async () => {
        const dir = projectDir(root, 'own-patterns', {
          'rtl/adder.sv': ADDER,
          'tb/tb_adder.sv': conventionalBench(15).replace('"PASSED"', '"result: good"'),
          'verify.json': JSON.stringify({
            simulation: { simulator: 'icarus', coverage: false, trace: false },
          }),
        });
        expect(icarusDirectly(dir, 'tb_adder', ['rtl/adder.sv', 'tb/tb_adder.sv']).output.trim()).toBe(
          'result: good',
        );
        const unread = await runStage('own-patterns', dir, 'adder', 'simulation');
        expect(unread).toMatchObject({ status: 'failed', reason: 'the testbench reported no tests' });

        const project = await createProjectFrom(base, 'own-patterns-2', dir, 'adder');
        const refused = await api<{ error: { code: string; details: Record<string, unknown> } }>(
          base,
          'POST',
          `/projects/${project}/jobs`,
          { body: { stages: ['simulation'], config_overrides: { 'simulation.pass_pattern': '(good)\\1' } } },
        );
        expect(refused.status).toBe(400);
        expect(refused.body.error).toMatchObject({
          code: 'VALIDATION_ERROR',
          details: { field: 'simulation.pass_pattern', position: 6 },
        });
        const jobId = await submitJob(base, project, {
          stages: ['simulation'],
          config_overrides: { 'simulation.pass_pattern': '^result: good$' },
        });
        await waitForJob(base, jobId);
        const read = await api<StageResult>(base, 'GET', `/jobs/${jobId}/results/simulation`);
        expect(read.body).toMatchObject({ status: 'passed', tests_passed: 1, tests_failed: 0 });
      },
    );

    it(
      'passes 200 clocks of #5 without `timescale under Icarus and Verilator, as each does alone',
      SLOW,
      async () => {
        const dir = projectDir(root, 'long', {
          'rtl/adder.sv': ADDER,
          'tb/tb_long.sv': LONG_BENCH,
          'verify.json': JSON.stringify({ simulation: { coverage: false, trace: false } }),
        });
        const icarus = icarusDirectly(dir, 'tb_long', ['tb/tb_long.sv']);
        expect(icarus).toMatchObject({ status: 0, output: 'PASSED at time 1996\n' });
        const built = run(
          'verilator',
          [
            '--binary',
            '--timing',
            '-Wno-fatal',
            '--top-module',
            'tb_long',
            '--Mdir',
            'direct_obj',
            'tb/tb_long.sv',
          ],
          dir,
          240_000,
        );
        expect(built.status).toBe(0);
        const verilator = run(join(dir, 'direct_obj', 'Vtb_long'), [], dir);
        expect(verilator.status).toBe(0);
        expect(verilator.output).toContain('PASSED at time 1996');
        rmSync(join(dir, 'direct_obj'), { recursive: true });
        rmSync(join(dir, 'direct.vvp'));

        for (const simulator of ['icarus', 'verilator']) {
          const simulation = await runStage(`long-${simulator}`, dir, 'adder', 'simulation', {
            'simulation.simulator': simulator,
          });
          expect(simulation).toMatchObject({ status: 'passed', tests_passed: 1, tests_failed: 0 });
        }
      },
    );

    it('passes it under `timescale 1ns/1ps too, and fails one that runs out of events', SLOW, async () => {
      const dir = projectDir(root, 'long-ns', {
        'rtl/adder.sv': ADDER,
        'tb/tb_long.sv': `\`timescale 1ns/1ps\n${LONG_BENCH}`,
        'verify.json': JSON.stringify({ simulation: { simulator: 'icarus', coverage: false, trace: false } }),
      });
      // %t prints in the precision's unit: 1,996 ns.
      expect(icarusDirectly(dir, 'tb_long', ['tb/tb_long.sv']).output).toBe('PASSED at time 1996000\n');
      expect(await runStage('long-ns', dir, 'adder', 'simulation')).toMatchObject({ status: 'passed' });

      // Without $finish, the clock stopped: vvp alone exits 0 in silence after the PASSED line.
      const stopped = LONG_BENCH.replace(
        'always #5 clk = ~clk;',
        'initial repeat (400) #5 clk = ~clk;',
      ).replace('    $finish;\n', '');
      const out = projectDir(root, 'out-of-events', {
        'rtl/adder.sv': ADDER,
        'tb/tb_long.sv': stopped,
        'verify.json': JSON.stringify({ simulation: { simulator: 'icarus', coverage: false, trace: false } }),
      });
      expect(icarusDirectly(out, 'tb_long', ['tb/tb_long.sv'])).toMatchObject({
        status: 0,
        output: 'PASSED at time 1996\n',
      });
      const simulation = await runStage('out-of-events', out, 'adder', 'simulation');
      expect(simulation).toMatchObject({ status: 'failed', tests_passed: 0, tests_failed: 1 });
      expect(simulation.details?.tests).toEqual([
        expect.objectContaining({
          name: 'tb_long',
          status: 'failed',
          reason: expect.stringContaining('the simulation ran out of events without calling $finish'),
        }),
      ]);
    });

    it('ends a testbench that never calls $finish at the stage time-out, saying so', SLOW, async () => {
      const endless = LONG_BENCH.replace('repeat (200)', 'repeat (2000000000)');
      const dir = projectDir(root, 'endless', {
        'rtl/adder.sv': ADDER,
        'tb/tb_long.sv': endless,
        'verify.json': JSON.stringify({
          simulation: { simulator: 'icarus', coverage: false, trace: false, timeout_seconds: 5 },
        }),
      });
      const direct = icarusDirectly(dir, 'tb_long', ['tb/tb_long.sv'], 3000);
      expect(direct.timedOut).toBe(true);
      const simulation = await runStage('endless', dir, 'adder', 'simulation');
      expect(simulation).toMatchObject({
        status: 'failed',
        tests_failed: 1,
        reason: expect.stringContaining("the simulation ran past the stage's time-out of 5 s"),
      });
    });

    it('lints without the formal-only files lint.exclude names, honouring a waiver file', SLOW, async () => {
      const files = {
        'rtl/reg4.sv': [
          'module reg4 (input logic clk, input logic rst, input logic [3:0] d, input logic spare,',
          '             output logic [3:0] q);',
          "  always_ff @(posedge clk) q <= rst ? 4'd0 : d;",
          '`ifdef FORMAL',
          '  always @(posedge clk) if (!rst) assert (q == $past(d));',
          '`endif',
          'endmodule',
          '',
        ].join('\n'),
        'formal/reg4_props.sv': [
          'module reg4_props (input logic clk, input logic rst, input logic [3:0] q);',
          '  rand const logic [3:0] k;',
          "  assert property (rst |-> q == 4'd0);",
          'endmodule',
          '',
        ].join('\n'),
        'lint/waivers.vlt':
          '`verilator_config\nlint_off -rule UNUSEDSIGNAL -file "rtl/reg4.sv" -match "*spare*"\n',
      };
      const verilator = (dir: string, args: string[]) =>
        run('verilator', ['--lint-only', '-Wall', '--top-module', 'reg4', ...args], dir);

      const plain = projectDir(root, 'lint-plain', { ...files, 'verify.json': '{}' });
      const directAll = verilator(plain, ['formal/reg4_props.sv', 'rtl/reg4.sv']);
      expect(directAll.status).not.toBe(0);
      expect(directAll.output).toContain('syntax error, unexpected rand');
      expect(await runStage('lint-plain', plain, 'reg4', 'lint')).toMatchObject({
        status: 'failed',
        errors: 1,
      });

      const excluded = projectDir(root, 'lint-excluded', {
        ...files,
        'verify.json': JSON.stringify({ lint: { exclude: ['formal/*.sv'], warnings_as_errors: true } }),
      });
      const directRtl = verilator(excluded, ['rtl/reg4.sv']);
      expect(directRtl.output).toContain(
        "%Warning-UNUSEDSIGNAL: rtl/reg4.sv:1:81: Signal is not used: 'spare'",
      );
      expect(await runStage('lint-excluded', excluded, 'reg4', 'lint')).toMatchObject({
        status: 'failed',
        errors: 0,
        warnings: 1,
      });

      const waived = projectDir(root, 'lint-waived', {
        ...files,
        'verify.json': JSON.stringify({
          lint: { exclude: ['formal/*.sv'], waivers: ['lint/waivers.vlt'], warnings_as_errors: true },
        }),
      });
      expect(verilator(waived, ['lint/waivers.vlt', 'rtl/reg4.sv'])).toMatchObject({ status: 0, output: '' });
      expect(await runStage('lint-waived', waived, 'reg4', 'lint')).toMatchObject({
        status: 'passed',
        errors: 0,
        warnings: 0,
      });
    });

    it('measures FSM coverage of a machine whose state register is an output port', SLOW, async () => {
      const dir = projectDir(root, 'fsm-port', {
        'rtl/handshake.sv': [
          'module handshake (input logic clk, input logic rst, input logic go, output logic [1:0] state);',
          "  localparam logic [1:0] IDLE = 2'd0, RUN = 2'd1, DONE = 2'd2, ERROR = 2'd3;",
          '  always_ff @(posedge clk)',
          '    if (rst) state <= IDLE;',
          '    else case (state)',
          '      IDLE: if (go) state <= RUN;',
          '      RUN: state <= go ? DONE : ERROR;',
          '      default: state <= IDLE;',
          '    endcase',
          'endmodule',
          '',
        ].join('\n'),
        'tb/tb_handshake.sv': [
          'module tb_handshake;',
          "  logic clk = 1'b0, rst = 1'b1, go = 1'b0;",
          '  logic [1:0] state;',
          '  handshake dut (.clk(clk), .rst(rst), .go(go), .state(state));',
          '  always #5 clk = ~clk;',
          '  always @(posedge clk) #1 $display("state %0d", state);',
          '  initial begin',
          "    repeat (2) @(negedge clk); rst = 1'b0; go = 1'b1;",
          '    repeat (4) @(negedge clk);',
          '    $display("PASSED");',
          '    $finish;',
          '  end',
          'endmodule',
          '',
        ].join('\n'),
        'verify.json': JSON.stringify({ simulation: { simulator: 'icarus' } }),
      });
      // Yosys alone leaves the register out, for driving a port.
      const yosys = run(
        'yosys',
        [
          '-p',
          'read_verilog -sv rtl/handshake.sv; proc; opt -nodffe -nosdff; fsm_detect; fsm_extract; fsm_info',
        ],
        dir,
      );
      expect(yosys.output).toContain('Not marking handshake.state as FSM state register:');
      expect(yosys.output).toContain('Register is connected to module port.');
      // The states the simulation goes through, as the testbench prints them: IDLE RUN DONE, never ERROR.
      const direct = icarusDirectly(dir, 'tb_handshake', ['rtl/handshake.sv', 'tb/tb_handshake.sv']);
      const visited = new Set([...direct.output.matchAll(/^state (\d)$/gm)].map((m) => Number(m[1])));
      expect([...visited].sort()).toEqual([0, 1, 2]);

      const project = await createProjectFrom(base, 'fsm-port', dir, 'handshake');
      const jobId = await submitJob(base, project, { stages: ['simulation'] });
      await waitForJob(base, jobId);
      const coverage = await api<{
        fsm: number | null;
        fsm_reason?: string;
        fsm_machines: { register: string; states: { value: number; name?: string; visited: boolean }[] }[];
      }>(base, 'GET', `/jobs/${jobId}/results/coverage`);
      expect(coverage.body.fsm_machines).toHaveLength(1);
      const [machine] = coverage.body.fsm_machines;
      expect(machine?.register).toBe('state');
      expect(
        machine?.states
          .filter((state) => state.visited)
          .map((state) => state.value)
          .sort(),
      ).toEqual([...visited].sort());
      expect(machine?.states.find((state) => state.value === 3)).toEqual({
        value: 3,
        name: 'ERROR',
        visited: false,
      });
      expect(coverage.body.fsm).toBeGreaterThan(0);
      expect(coverage.body.fsm).toBeLessThan(100);
    });
  },
);
