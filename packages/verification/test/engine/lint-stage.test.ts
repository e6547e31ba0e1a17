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
