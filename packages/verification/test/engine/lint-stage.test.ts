import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { requireTools } from '@lab/server-kit/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { lintStage, type LintDetails } from '../../src/engine/stages/lint.js';
import { createStageContext, type StageContextOptions, type TestStageContext } from './stage-context.js';

const EXAMPLE = fileURLToPath(new URL('../../examples/lint-warnings', import.meta.url));
const gate = requireTools(['verilator']);

// The `include and the define are needed to reach the one syntax error: without `-I inc` or
// `-DWIDTH=4` Verilator would report other errors first.
const SYNTAX_ERROR: StageContextOptions = {
  files: {
    'verify.json': JSON.stringify({
      top_module: 'top',
      sources: ['rtl/broken.sv'],
      include_dirs: ['inc'],
      defines: { WIDTH: '4' },
    }),
    'inc/widths.svh': '`define BUS [`WIDTH-1:0]\n',
    'rtl/broken.sv': [
      '`include "widths.svh"',
      'module top (',
      '    input  logic `BUS a,',
      '    output logic `BUS y',
      ');',
      '  assign y = a',
      'endmodule',
      '',
    ].join('\n'),
  },
};

let context: TestStageContext | undefined;
const contextFor = async (options: StageContextOptions) => (context = await createStageContext(options));
afterEach(() => context?.cleanup());

describe.skipIf(gate.skip)(`lint stage${gate.skip ? ` (skipped: ${gate.reason})` : ''}`, () => {
  it('passes the lint-warnings example with the seven warnings Verilator prints', async () => {
    const stage = await contextFor({ from: EXAMPLE });
    const outcome = await lintStage.run(stage);
    expect(outcome).toMatchObject({ status: 'passed', summary: { warnings: 7, errors: 0 } });
    const { messages } = outcome.details as LintDetails;
    expect(new Set(messages.map((m) => m.code))).toEqual(
      new Set(['DECLFILENAME', 'WIDTH', 'UNUSEDPARAM', 'UNUSEDSIGNAL', 'BLKSEQ']),
    );
    expect(messages.every((m) => m.file === 'rtl/checksum.sv')).toBe(true);

    const log = await readFile(join(stage.artifactsDir, 'lint.log'), 'utf8');
    expect(log).toContain('%Error: Exiting due to 7 warning(s)');
    expect(stage.artifacts).toEqual([{ name: 'lint.log', contentType: 'text/plain' }]);
    expect(stage.logs.filter((l) => l.level === 'WARNING' && l.message.startsWith('%Warning-'))).toHaveLength(
      7,
    );
  });

  it('fails on warnings when lint.warnings_as_errors is set', async () => {
    const outcome = await lintStage.run(
      await contextFor({ from: EXAMPLE, overrides: { 'lint.warnings_as_errors': true } }),
    );
    expect(outcome).toMatchObject({ status: 'failed', summary: { warnings: 7, errors: 0 } });
    expect(outcome.reason).toContain('warnings_as_errors');
  });

  it('fails on a syntax error, located in the source directory', async () => {
    const outcome = await lintStage.run(await contextFor(SYNTAX_ERROR));
    expect(outcome).toMatchObject({ status: 'failed', summary: { errors: 1 } });
    expect((outcome.details as LintDetails).messages).toEqual([
      expect.objectContaining({ severity: 'error', file: 'rtl/broken.sv', line: 7, column: 1 }),
    ]);
  });

  describe('formal-only code and waivers', () => {
    // A design with its formal properties apart: `rand const` and an unclocked concurrent
    // assertion, which Verilator refuses and Yosys's read_verilog -formal accepts.
    const DESIGN = {
      'rtl/reg4.sv': [
        'module reg4 (input logic clk, input logic rst, input logic [3:0] d, output logic [3:0] q);',
        "  always_ff @(posedge clk) q <= rst ? 4'd0 : d;",
        '`ifdef FORMAL',
        '  rand const logic [3:0] k;',
        '  always @* assert (k == k);',
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
      // `spare` is read by nothing: UNUSEDSIGNAL, which the waiver file turns off.
      'rtl/top.sv': [
        'module top (input logic clk, input logic rst, input logic [3:0] d, input logic spare, output logic [3:0] q);',
        '  reg4 r (.clk(clk), .rst(rst), .d(d), .q(q));',
        'endmodule',
        '',
      ].join('\n'),
      'lint/waivers.vlt': ['`verilator_config', 'lint_off -rule UNUSEDSIGNAL -file "rtl/top.sv"', ''].join(
        '\n',
      ),
    };
    const withConfig = (lint: Record<string, unknown>, defines: Record<string, string> = {}) =>
      contextFor({
        files: { ...DESIGN, 'verify.json': JSON.stringify({ top_module: 'top', defines, lint }) },
      });

    /** Verilator run by hand in the project's directory: its exit code and its closing counts. */
    const verilatorDirectly = (cwd: string, args: string[]) => {
      const run = spawnSync('verilator', ['--lint-only', '-Wall', '--top-module', 'top', ...args], {
        cwd,
        encoding: 'utf8',
      });
      return { status: run.status, output: run.stderr + run.stdout };
    };

    it('fails on formal-only files as Verilator does, and leaves out those lint.exclude names', async () => {
      const everything = await withConfig({});
      const failed = await lintStage.run(everything);
      const direct = verilatorDirectly(everything.sourceDir, [
        'formal/reg4_props.sv',
        'rtl/reg4.sv',
        'rtl/top.sv',
      ]);
      expect(direct.status).not.toBe(0);
      expect(direct.output).toContain('syntax error, unexpected rand');
      expect(failed).toMatchObject({ status: 'failed', summary: { errors: 1 } });
      expect((failed.details as LintDetails).messages[0]).toMatchObject({
        file: 'formal/reg4_props.sv',
        line: 2,
        message: expect.stringContaining('unexpected rand'),
      });

      const excluded = await withConfig({ exclude: ['formal/*.sv'] });
      const outcome = await lintStage.run(excluded);
      expect(outcome).toMatchObject({ status: 'passed', summary: { errors: 0, warnings: 1 } });
      expect(excluded.logs).toContainEqual({
        level: 'INFO',
        message: 'not linted (lint.exclude): formal/reg4_props.sv',
      });
      const log = await readFile(join(excluded.artifactsDir, 'lint.log'), 'utf8');
      expect(log.split('\n')[0]).toBe(
        '$ verilator --lint-only -Wall --top-module top rtl/reg4.sv rtl/top.sv',
      );
    });

    it('leaves FORMAL undefined, so code under `ifdef FORMAL is not linted, even when defines names it', async () => {
      const context = await withConfig({ exclude: ['formal/*.sv'] }, { FORMAL: '1' });
      const outcome = await lintStage.run(context);
      expect(outcome).toMatchObject({ status: 'passed', summary: { errors: 0 } });
      expect(context.logs).toContainEqual({
        level: 'INFO',
        message: 'FORMAL is left undefined: code under `ifdef FORMAL is not linted',
      });
      // What it avoids: with FORMAL defined, Verilator reads the formal code and refuses it.
      const direct = verilatorDirectly(context.sourceDir, ['-DFORMAL=1', 'rtl/reg4.sv', 'rtl/top.sv']);
      expect(direct.output).toContain('syntax error, unexpected rand');
    });

    it("honours Verilator waiver files, whose -file names the project's paths", async () => {
      const unwaived = await lintStage.run(await withConfig({ exclude: ['formal/*.sv'] }));
      expect((unwaived.details as LintDetails).messages).toEqual([
        expect.objectContaining({ code: 'UNUSEDSIGNAL', file: 'rtl/top.sv' }),
      ]);
      const waived = await withConfig({
        exclude: ['formal/*.sv'],
        waivers: ['lint/*.vlt'],
        warnings_as_errors: true,
      });
      const outcome = await lintStage.run(waived);
      expect(outcome).toMatchObject({ status: 'passed', summary: { errors: 0, warnings: 0 } });
      const direct = verilatorDirectly(waived.sourceDir, ['lint/waivers.vlt', 'rtl/reg4.sv', 'rtl/top.sv']);
      expect(direct).toEqual({ status: 0, output: '' });
    });

    it('is skipped when every source is excluded', async () => {
      const outcome = await lintStage.run(await withConfig({ exclude: ['**/*.sv'] }));
      expect(outcome).toMatchObject({
        status: 'skipped',
        reason: 'every design source is excluded from lint (lint.exclude)',
      });
    });
  });

  it('throws an AbortError when cancelled', async () => {
    const stage = await contextFor({ from: EXAMPLE });
    stage.controller.abort();
    await expect(lintStage.run(stage)).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('lint stage configuration', () => {
  it('is skipped with a reason when lint.enabled is false', async () => {
    const outcome = await lintStage.run(
      await contextFor({ from: EXAMPLE, overrides: { 'lint.enabled': false } }),
    );
    expect(outcome.status).toBe('skipped');
    expect(outcome.reason).toContain('lint.enabled');
  });
});
