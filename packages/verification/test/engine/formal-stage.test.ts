import { readdir, readFile, readlink } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { requireTools } from '@lab/server-kit/testing';
import { afterEach, describe, expect, it } from 'vitest';
import type { FormalDetails } from '../../src/engine/formal/outcome.js';
import { formalStage } from '../../src/engine/stages/formal.js';
import { createStageContext, type StageContextOptions, type TestStageContext } from './stage-context.js';

const EXAMPLES = fileURLToPath(new URL('../../examples/', import.meta.url));
const NOT_INDUCTIVE = fileURLToPath(new URL('../fixtures/formal/not-inductive', import.meta.url));
const gate = requireTools(['yosys', 'yosys-smtbmc', 'z3']);

let context: TestStageContext | undefined;
const contextFor = async (options: StageContextOptions) => (context = await createStageContext(options));
afterEach(() => context?.cleanup());

const propertiesOf = (details: unknown) => (details as FormalDetails).properties;

/** A project of one design file, `rtl/<top>.sv`. */
const oneFileProject = (top: string, text: string): StageContextOptions => ({
  files: { 'verify.json': JSON.stringify({ top_module: top }), [`rtl/${top}.sv`]: text },
});

/** The processes whose working directory is under `dir` (the stage runs its tools in its directories). */
async function processesUnder(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const pid of (await readdir('/proc')).filter((entry) => /^\d+$/.test(entry))) {
    const cwd = await readlink(`/proc/${pid}/cwd`).catch(() => '');
    if (cwd.startsWith(dir)) found.push(pid);
  }
  return found;
}

describe('formal stage without tools', () => {
  it('is skipped when verify.json disables it', async () => {
    const stage = await contextFor({
      from: join(EXAMPLES, 'counter'),
      overrides: { 'formal.enabled': false },
    });
    await expect(formalStage.run(stage)).resolves.toMatchObject({
      status: 'skipped',
      reason: 'formal verification is disabled in verify.json',
      summary: { properties_proven: 0, properties_failed: 0, properties_inconclusive: 0 },
    });
  });
});

describe.skipIf(gate.skip)(`formal stage${gate.skip ? ` (skipped: ${gate.reason})` : ''}`, () => {
  it('proves every property of the counter example by induction', async () => {
    const stage = await contextFor({ from: join(EXAMPLES, 'counter') });
    const outcome = await formalStage.run(stage);
    expect(outcome).toMatchObject({
      status: 'passed',
      summary: { properties_proven: 5, properties_failed: 0, properties_inconclusive: 0 },
      details: { depth: 20 },
    });
    expect(outcome.reason).toBeUndefined();
    const properties = propertiesOf(outcome.details);
    expect(properties.map((p) => p.name)).toEqual(['p_in_range', 'p_reset', 'p_hold', 'p_wrap', 'p_step']);
    expect(properties[0]).toMatchObject({ source: 'rtl/counter.sv:31', status: 'proven' });
    expect(properties.every((p) => p.induction_depth !== undefined && p.induction_depth <= 20)).toBe(true);

    expect(stage.artifacts).toEqual([{ name: 'formal.log', contentType: 'text/plain' }]);
    const log = await readFile(join(stage.artifactsDir, 'formal.log'), 'utf8');
    expect(log).toContain('Temporal induction successful.');
    expect(stage.logs.some((l) => l.level === 'ERROR')).toBe(false);
    expect(stage.progressUpdates.at(-1)).toEqual({ completed: 21, total: 21 });
  });

  it('catches the planted FIFO bug with a counterexample for each failing property', async () => {
    const stage = await contextFor({ from: join(EXAMPLES, 'fifo') });
    const outcome = await formalStage.run(stage);
    expect(outcome).toMatchObject({
      status: 'failed',
      summary: { properties_proven: 2, properties_failed: 2, properties_inconclusive: 0 },
    });
    expect(outcome.reason).toBe(
      '2 of 4 properties fail within 20 steps: p_count_matches_pointers, p_pointers_in_range',
    );
    const byName = new Map(propertiesOf(outcome.details).map((p) => [p.name, p]));
    // Four writes fill the FIFO after reset; the read and write at step 5 miscount; the
    // assertion, sampled at one clock edge, fails at the next.
    expect(byName.get('p_count_matches_pointers')).toEqual({
      name: 'p_count_matches_pointers',
      source: 'rtl/fifo.sv:65',
      kind: 'assert',
      status: 'failed',
      step: 7,
      counterexample: 'cex_p_count_matches_pointers.vcd',
    });
    expect(byName.get('p_pointers_in_range')).toMatchObject({ status: 'failed', step: 11 });
    expect(byName.get('p_count_bounded')).toMatchObject({ status: 'proven' });

    const vcd = await readFile(join(stage.artifactsDir, 'cex_p_count_matches_pointers.vcd'), 'utf8');
    expect(vcd).toMatch(/\$var wire 3 \S+ count \$end/);
    expect(vcd).toContain('$enddefinitions $end');
    expect(vcd).toMatch(/^#70\b/m);
    expect(stage.artifacts).toContainEqual({
      name: 'cex_p_pointers_in_range.vcd',
      contentType: 'text/x-vcd',
    });

    // The counts are yosys-smtbmc's own: one first report per failing assertion.
    const log = await readFile(join(stage.artifactsDir, 'formal.log'), 'utf8');
    const firstReports = log
      .split('\n')
      .filter((l) => l.includes('Assert failed') && !l.includes('[failed before]'));
    expect(firstReports).toHaveLength(2);
    expect(
      stage.logs.filter((l) => l.level === 'ERROR' && l.message.includes('Assert failed')),
    ).not.toHaveLength(0);
  });

  it('leaves a property that holds but is not inductive inconclusive, and proves its neighbour alone', async () => {
    const stage = await contextFor({ from: NOT_INDUCTIVE });
    const outcome = await formalStage.run(stage);
    expect(outcome).toMatchObject({
      status: 'passed',
      reason: '1 of 2 properties hold for 20 steps but are not proven by induction: p_same_half',
      summary: { properties_proven: 1, properties_failed: 0, properties_inconclusive: 1 },
    });
    expect(propertiesOf(outcome.details)).toEqual([
      { name: 'p_same_half', source: 'rtl/twin_counters.sv:35', kind: 'assert', status: 'inconclusive' },
      {
        name: 'rtl/twin_counters.sv:36',
        kind: 'assert',
        source: 'rtl/twin_counters.sv:36',
        status: 'proven',
        induction_depth: 2,
      },
    ]);
    // Together, then each alone: three induction runs.
    const log = await readFile(join(stage.artifactsDir, 'formal.log'), 'utf8');
    expect(log.match(/yosys-smtbmc -s z3 -i /g)).toHaveLength(3);
  });

  it('leaves every property inconclusive when induction is off', async () => {
    const stage = await contextFor({
      from: join(EXAMPLES, 'counter'),
      overrides: { 'formal.induction': false },
    });
    await expect(formalStage.run(stage)).resolves.toMatchObject({
      status: 'passed',
      summary: { properties_proven: 0, properties_failed: 0, properties_inconclusive: 5 },
    });
  });

  it('fails with the Yosys error when the design does not parse', async () => {
    const stage = await contextFor(
      oneFileProject('broken', 'module broken(input logic clk);\n  assign x = ;\nendmodule\n'),
    );
    const outcome = await formalStage.run(stage);
    expect(outcome.status).toBe('failed');
    expect(outcome.reason).toMatch(/^yosys: rtl\/broken\.sv:2: ERROR: syntax error/);
    expect(stage.logs).toContainEqual({
      level: 'ERROR',
      message: expect.stringContaining('ERROR: syntax error'),
    });
  });

  it('fails when the design has nothing to check, instead of passing it', async () => {
    const stage = await contextFor(
      oneFileProject('plain', 'module plain(input logic a, output logic y);\n  assign y = !a;\nendmodule\n'),
    );
    await expect(formalStage.run(stage)).resolves.toMatchObject({
      status: 'failed',
      reason: 'nothing to check: mode prove checks assertions and the design has none',
      summary: { tasks: { default: { verdict: 'error', expect: ['pass', 'unknown'], status: 'failed' } } },
    });
  });

  it('fails when the assumptions contradict each other', async () => {
    const design = [
      'module liar(input logic clk, input logic a);',
      '  always_comb begin assume (a); assume (!a); end',
      '  always_ff @(posedge clk) p_true : assert (1);',
      'endmodule',
      '',
    ].join('\n');
    const stage = await contextFor(oneFileProject('liar', design));
    await expect(formalStage.run(stage)).resolves.toMatchObject({
      status: 'failed',
      reason: 'the assumptions contradict each other from step 0: no trace satisfies them',
      summary: { properties_inconclusive: 1 },
    });
  });

  it('stops at the time-out with the reason, naming the step reached and the solver', async () => {
    const stage = await contextFor({
      from: join(EXAMPLES, 'counter'),
      overrides: { 'formal.depth': 1000, 'formal.timeout_seconds': 1 },
    });
    await expect(formalStage.run(stage)).resolves.toMatchObject({
      status: 'failed',
      reason: expect.stringMatching(
        /^the formal check did not finish within 1 s: task default: yosys-smtbmc with z3 was at step \d+ of the bounded check \(depth 1000\)$/,
      ),
      summary: { properties_inconclusive: 5 },
    });
  });

  it('throws an AbortError when cancelled and leaves no process behind', async () => {
    const stage = await contextFor({ from: join(EXAMPLES, 'counter'), overrides: { 'formal.depth': 1000 } });
    const stageDirs = join(stage.workDir, '..');
    let runningAtCancel: Promise<string[]> | undefined;
    const log = stage.log.bind(stage);
    stage.log = (level, message) => {
      log(level, message);
      if (runningAtCancel === undefined && message.includes('Checking assertions in step 5..')) {
        runningAtCancel = processesUnder(stageDirs).finally(() => stage.controller.abort());
      }
    };
    await expect(formalStage.run(stage)).rejects.toMatchObject({ name: 'AbortError' });
    // yosys-smtbmc and its z3 were seen running, and are gone.
    expect((await runningAtCancel)?.length).toBeGreaterThanOrEqual(2);
    expect(await processesUnder(stageDirs)).toEqual([]);
  });
});
