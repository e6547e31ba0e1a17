/**
 * Formal tasks end to end: projects uploaded to the real server, jobs run with the real tools,
 * and each task's verdict compared with the same tools run by hand in the same test
 * (support/formal-by-hand.ts). The designs are test/fixtures/formal/tasks: a dual-clock design
 * with a (* gclk *) register, a FIFO inside a wrapper, covers reached and unreachable, a liveness
 * property, tri-state drivers, a property k-induction cannot prove at depth 12 but pdr can, and
 * liveness properties in mode live (one holds, one fails, one in two instances of which one fails).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requireTools } from '@lab/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAsciiAiger, writeBinaryAiger } from '../../src/engine/formal/aiger.js';
import { liveToSafe } from '../../src/engine/formal/live-to-safe.js';
import { runByHand, type ByHandTask } from '../support/formal-by-hand.js';
import {
  api,
  createExampleProject,
  createProjectFrom,
  FIXTURES,
  serveVerification,
  submitJob,
  waitForJob,
  type ServiceProcess,
} from '../support/serve.js';

const gate = requireTools(['yosys', 'yosys-smtbmc', 'yosys-abc', 'z3', 'yices-smt2']);
const DESIGNS = join(FIXTURES, 'formal/tasks');
const RTL = join(DESIGNS, 'rtl');
const SLOW = { timeout: 300_000 };

interface TaskResult {
  verdict: string;
  expect: string[];
  status: string;
  engine: string | null;
  reason?: string;
  properties: {
    name: string;
    kind: string;
    status: string;
    step?: number;
    reason?: string;
    counterexample?: string;
  }[];
  covers: { name: string; reached: boolean | null; step?: number; trace?: string; reason?: string }[];
}
interface FormalResults {
  status: string;
  reason?: string;
  properties_proven: number;
  covers_reached: number;
  tasks: Record<string, { verdict: string; expect: string[]; status: string }>;
  details: { tasks: Record<string, TaskResult> };
}

/** The design read as the platform reads it for a verify.json task, for the by-hand runs. */
const readAll = (top: string, ...extra: string[]) => [
  `read_verilog -formal -sv ${['covers', 'fifo', 'handshake', 'live_counter', 'live_go', 'live_pair', 'tri', 'twin_counters', 'twoclk'].map((f) => `${f}.sv`).join(' ')}`,
  `prep -top ${top}`,
  ...extra,
];
const byHand = (task: Omit<ByHandTask, 'sourceDir' | 'depth'> & { depth?: number }) =>
  runByHand({ sourceDir: RTL, depth: 12, ...task });

/**
 * Mode live by hand: Yosys writes the design's AIGER model with its justice properties (assertions
 * assumed, in a shorter flow than the platform's), each is made a safety model, and yosys-abc's
 * pdr answers for each: `proved` or `asserted`.
 */
function liveByHand(dir: string, top: string): string[] {
  const aag = join(dir, `${top}.aag`);
  const flow = [
    ...readAll(top),
    'async2sync',
    'chformal -assert2assume',
    'chformal -cover -remove',
    'chformal -assume -early',
    'opt_clean',
    'setundef -undriven -anyseq',
    'flatten',
    'setattr -unset keep',
    'delete -output',
    'opt -full',
    'techmap',
    'opt -fast',
    'dffunmap',
    'abc -g AND -fast',
    'opt_clean',
    `write_aiger -ascii -I -B -zinit -no-startoffset ${aag}`,
  ];
  execFileSync('yosys', ['-q', '-p', flow.join('; ')], { cwd: RTL });
  const model = readAsciiAiger(readFileSync(aag, 'utf8'));
  return model.justice.map((_, index) => {
    const aig = join(dir, `${top}_${index}.aig`);
    writeFileSync(aig, writeBinaryAiger(liveToSafe(model, index)));
    const out = execFileSync('yosys-abc', ['-c', `read_aiger ${aig}; fold; strash; pdr`], {
      encoding: 'utf8',
    });
    return out.includes('Property proved.') ? 'proved' : /was asserted in frame/.test(out) ? 'asserted' : out;
  });
}

describe.skipIf(gate.skip)(
  `formal tasks (real server, real tools)${gate.skip ? ` (skipped: ${gate.reason})` : ''}`,
  () => {
    let root: string;
    let server: ServiceProcess;
    let base: string;
    const formalOf = async (jobId: string) => {
      const summary = (
        await api<{ stages: { formal: FormalResults } }>(base, 'GET', `/jobs/${jobId}/results`)
      ).body;
      const full = (await api<FormalResults>(base, 'GET', `/jobs/${jobId}/results/formal`)).body;
      return { ...summary.stages.formal, details: full.details };
    };
    const artifact = async (jobId: string, name: string) =>
      api<string>(base, 'GET', `/jobs/${jobId}/artifacts/${name}`);

    beforeAll(async () => {
      root = mkdtempSync(join(tmpdir(), 'vp-formal-'));
      server = await serveVerification(join(root, 'data'), ['--workers', '2']);
      base = server.url;
    });
    afterAll(async () => {
      await server.stop();
      rmSync(root, { recursive: true, force: true });
    });

    describe('tasks of verify.json', () => {
      let jobId: string;
      let formal: FormalResults;
      let tasks: Record<string, TaskResult>;
      beforeAll(async () => {
        const project = await createProjectFrom(base, 'formal-tasks', DESIGNS, 'fifo_top');
        jobId = await submitJob(base, project, { stages: ['formal'] });
        await waitForJob(base, jobId);
        formal = await formalOf(jobId);
        tasks = formal.details.tasks;
      }, SLOW.timeout);

      it('gives each task its verdict, expect and status, in /results and in full', () => {
        expect(Object.keys(formal.tasks)).toEqual([
          'multiclock',
          'multiclock_off',
          'fifo',
          'fifo_yices',
          'covers',
          'covers_in_prove',
          'liveness',
          'tristate',
          'tristate_plain',
          'induction',
          'pdr',
          'live_holds',
          'live_fails',
          'live_pair',
        ]);
        for (const [name, task] of Object.entries(tasks)) {
          expect(formal.tasks[name]).toEqual({
            verdict: task.verdict,
            expect: task.expect,
            status: task.status,
          });
        }
        // Two tasks fail as they should (an unreached cover; covers only, in prove mode): the job fails.
        expect(formal.status).toBe('failed');
        expect(formal.reason).toContain('task covers: fail, expected pass');
        expect(formal.reason).toContain('task covers_in_prove: error, expected pass');
      });

      it('proves the dual-clock design with multiclock on, and fails it without, as the tools do', async () => {
        const on = await byHand({ script: readAll('twoclk'), mode: 'prove', multiclock: true, engine: 'z3' });
        expect([on.bmc, on.induction]).toEqual(['PASSED', 'PASSED']);
        expect(tasks.multiclock).toMatchObject({ verdict: 'pass', status: 'passed', engine: 'smtbmc z3' });
        expect(tasks.multiclock!.properties).toEqual([
          expect.objectContaining({ name: 'p_qa_holds', status: 'proven' }),
        ]);

        const off = await byHand({ script: readAll('twoclk'), mode: 'prove', engine: 'z3' });
        expect(off.bmc).toBe('FAILED');
        expect(off.failed).toEqual([{ scope: 'twoclk', name: 'p_qa_holds' }]);
        // expect fail: the task that is meant to fail passes when it fails.
        expect(tasks.multiclock_off).toMatchObject({ verdict: 'fail', expect: ['fail'], status: 'passed' });
        expect(tasks.multiclock_off!.properties[0]).toMatchObject({
          name: 'p_qa_holds',
          status: 'failed',
          counterexample: 'multiclock_off_cex_p_qa_holds.vcd',
        });
      });

      it('proves the FIFO in its wrapper without flattening it, with z3 and with yices', async () => {
        const z3 = await byHand({ script: readAll('fifo_top'), mode: 'prove', engine: 'z3' });
        expect([z3.bmc, z3.induction]).toEqual(['PASSED', 'PASSED']);
        expect(tasks.fifo!.verdict).toBe('pass');
        expect(tasks.fifo!.properties.map((p) => [p.name, p.status])).toEqual([
          ['u_fifo.p_count_bounded', 'proven'],
          ['u_fifo.p_pointers', 'proven'],
          ['p_not_both', 'proven'],
        ]);
        // The SMT2 model keeps the FIFO a module of its own: nothing flattened it.
        const model = readFileSync(join(root, 'data/jobs', jobId, 'work/formal/fifo/design.smt2'), 'utf8');
        expect(model).toContain('; yosys-smt2-module sync_fifo');
        expect(readFileSync(join(root, 'data/jobs', jobId, 'work/formal/fifo/smt2.ys'), 'utf8')).not.toMatch(
          /flatten/,
        );

        const yices = await byHand({ script: readAll('fifo_top'), mode: 'bmc', engine: 'yices' });
        expect(yices.bmc).toBe('PASSED');
        expect(yices.output.join('\n')).toContain('Solver: yices');
        expect(tasks.fifo_yices).toMatchObject({ verdict: 'pass', engine: 'smtbmc yices' });
      });

      it('reaches the covers the tools reach, at the same steps, with their traces, and not the unreachable one', async () => {
        const hand = await byHand({ script: readAll('covers'), mode: 'cover', engine: 'z3' });
        expect(hand.bmc).toBe('FAILED');
        expect(hand.unreached).toEqual(['c_twelve']);
        expect(tasks.covers).toMatchObject({ verdict: 'fail', status: 'failed' });
        expect(tasks.covers!.reason).toBe('1 of 3 covers are not reached within 12 steps: c_twelve');
        for (const { name, step } of hand.reached) {
          expect(tasks.covers!.covers).toContainEqual({
            name,
            source: expect.any(String),
            reached: true,
            step,
            trace: `covers_cover_${name}.vcd`,
          });
          const trace = await artifact(jobId, `covers_cover_${name}.vcd`);
          expect(trace.status).toBe(200);
          expect(trace.body).toContain('$enddefinitions $end');
        }
        expect(tasks.covers!.covers).toContainEqual({
          name: 'c_twelve',
          source: 'rtl/covers.sv:12',
          reached: false,
        });
        expect(formal.covers_reached).toBe(2);
      });

      it('does not pass a design whose only properties are covers in prove mode, and says why', () => {
        expect(tasks.covers_in_prove).toMatchObject({
          verdict: 'error',
          status: 'failed',
          reason: 'nothing to check: mode prove checks assertions and the design has none (it has 3 covers)',
        });
        expect(tasks.covers_in_prove!.covers.map((c) => [c.reached, c.reason])).toEqual(
          Array(3).fill([null, 'mode prove does not check covers (mode cover does)']),
        );
      });

      it('reports the liveness property not checked, with the reason, beside the proven assertion', async () => {
        const hand = await byHand({ script: readAll('handshake'), mode: 'prove', engine: 'z3' });
        expect([hand.bmc, hand.induction]).toEqual(['PASSED', 'PASSED']);
        expect(tasks.liveness!.properties).toEqual([
          expect.objectContaining({ name: 'p_ack_follows', kind: 'assert', status: 'proven' }),
          expect.objectContaining({
            name: 'p_eventually_ack',
            kind: 'live',
            status: 'not_checked',
            reason: 'mode prove does not check liveness (mode live does)',
          }),
        ]);
        expect(tasks.liveness!.reason).toBe('not checked in mode prove: p_eventually_ack');
      });

      it('checks the tri-state design with a tribuf -formal script line, and fails as Yosys does without', async () => {
        const withLine = await byHand({
          script: readAll('shared_bus', 'flatten', 'tribuf -formal'),
          mode: 'prove',
          engine: 'z3',
        });
        expect([withLine.bmc, withLine.induction]).toEqual(['PASSED', 'PASSED']);
        expect(tasks.tristate).toMatchObject({ verdict: 'pass', status: 'passed' });
        expect(tasks.tristate!.properties.length).toBeGreaterThan(1);

        const without = await byHand({ script: readAll('shared_bus'), mode: 'prove', engine: 'z3' });
        expect(without.yosysError).toContain('Found multiple drivers for \\bus.');
        expect(tasks.tristate_plain).toMatchObject({ verdict: 'error', expect: ['error'], status: 'passed' });
        expect(tasks.tristate_plain!.reason).toContain('yosys: ERROR: Found multiple drivers for \\bus.');
      });

      it('proves with abc pdr what k-induction at depth 12 cannot', async () => {
        const induction = await byHand({ script: readAll('twin_counters'), mode: 'prove', engine: 'z3' });
        expect([induction.bmc, induction.induction]).toEqual(['PASSED', 'FAILED']);
        expect(tasks.induction).toMatchObject({ verdict: 'unknown', expect: ['unknown'], status: 'passed' });
        const pdr = await byHand({ script: readAll('twin_counters'), mode: 'prove', engine: 'abc pdr' });
        expect(pdr.pdr).toBe('proved');
        expect(tasks.pdr).toMatchObject({ verdict: 'pass', status: 'passed', engine: 'abc pdr' });
        expect(tasks.pdr!.properties.map((p) => p.status)).toEqual(['proven', 'proven']);
      });

      it('proves a liveness property that holds and fails one that does not in mode live, as pdr by hand does', () => {
        expect(liveByHand(root, 'live_counter')).toEqual(['proved']);
        expect(tasks.live_holds).toMatchObject({ verdict: 'pass', status: 'passed', engine: 'abc pdr' });
        expect(tasks.live_holds!.properties).toEqual([
          expect.objectContaining({ name: 'p_reaches_five', kind: 'live', status: 'proven' }),
        ]);

        expect(liveByHand(root, 'live_go')).toEqual(['asserted']);
        expect(tasks.live_fails).toMatchObject({ verdict: 'fail', expect: ['fail'], status: 'passed' });
        expect(tasks.live_fails!.properties).toEqual([
          expect.objectContaining({ name: 'p_reaches_five', kind: 'live', status: 'failed' }),
        ]);
        expect(tasks.live_fails!.reason).toContain(
          '1 of 1 liveness properties fail (a trace loops forever without them): p_reaches_five',
        );
        // Two instances of live_go, one free to stop: pdr by hand proves one justice property and
        // refutes the other, and the model does not say which instance is which.
        expect(liveByHand(root, 'live_pair').sort()).toEqual(['asserted', 'proved']);
        expect(tasks.live_pair).toMatchObject({ verdict: 'unknown', expect: ['unknown'], status: 'passed' });
        expect(tasks.live_pair!.properties.map((p) => [p.name, p.status, p.reason])).toEqual([
          [
            'u_always.p_reaches_five',
            'inconclusive',
            '1 of the 2 instances fail, and the model does not say which',
          ],
          [
            'u_maybe.p_reaches_five',
            'inconclusive',
            '1 of the 2 instances fail, and the model does not say which',
          ],
        ]);
        expect(tasks.live_pair!.reason).toBe(
          '2 of 2 liveness properties are neither proven nor refuted: u_always.p_reaches_five, u_maybe.p_reaches_five',
        );

        // The safety model: one input more (save), the latches doubled plus saved and one seen latch.
        const work = join(root, 'data/jobs', jobId, 'work/formal/live_fails');
        const model = readAsciiAiger(readFileSync(join(work, 'live_0.aag'), 'utf8'));
        expect(model.justice).toHaveLength(1);
        const header = readFileSync(join(work, 'live_0_l2s_0.aig'), 'latin1').split('\n', 1)[0]!.split(' ');
        expect(header.slice(2, 4).map(Number)).toEqual([model.inputs + 1, 2 * model.latches.length + 2]);
      });
    });

    it(
      'runs a .sby file as SymbiYosys would: its tasks, options, engines, script and files',
      SLOW,
      async () => {
        const project = await createProjectFrom(
          base,
          'formal-sby',
          DESIGNS,
          'twoclk',
          {},
          {
            'verify.json': JSON.stringify({ top_module: 'twoclk', formal: { sby: 'checks.sby' } }),
          },
        );
        const jobId = await submitJob(base, project, { stages: ['formal'] });
        await waitForJob(base, jobId);
        const { details } = await formalOf(jobId);
        const tasks = details.tasks;
        expect(Object.keys(tasks)).toEqual(['prove_mc', 'cover', 'pdr', 'fail', 'live']);

        const sbyScript = (file: string, top: string) => [`read -formal ${file}`, `prep -top ${top}`];
        const mc = await byHand({
          script: sbyScript('twoclk.sv', 'twoclk'),
          mode: 'prove',
          multiclock: true,
          engine: 'yices',
        });
        expect([mc.bmc, mc.induction]).toEqual(['PASSED', 'PASSED']);
        expect(tasks.prove_mc).toMatchObject({ verdict: 'pass', engine: 'smtbmc yices', depth: 12 });

        const cover = await byHand({
          script: sbyScript('covers.sv', 'covers'),
          mode: 'cover',
          engine: 'yices',
        });
        expect(
          tasks.cover!.covers.filter((c) => c.reached).map((c) => ({ name: c.name, step: c.step })),
        ).toEqual(cover.reached);

        const pdr = await byHand({
          script: sbyScript('twin_counters.sv', 'twin_counters'),
          mode: 'prove',
          engine: 'abc pdr',
        });
        expect(pdr.pdr).toBe('proved');
        expect(tasks.pdr).toMatchObject({ verdict: 'pass', engine: 'abc pdr' });

        const fail = await byHand({ script: sbyScript('twoclk.sv', 'twoclk'), mode: 'bmc', engine: 'yices' });
        expect(fail.bmc).toBe('FAILED');
        expect(tasks.fail).toMatchObject({ verdict: 'fail', expect: ['fail'], status: 'passed' });

        // Mode live with abc pdr (tagged aig with the pdr task): the request is acknowledged.
        expect(liveByHand(root, 'handshake')).toEqual(['proved']);
        expect(tasks.live).toMatchObject({ verdict: 'pass', status: 'passed', engine: 'abc pdr' });
        expect(tasks.live!.properties).toEqual([
          expect.objectContaining({
            name: 'p_ack_follows',
            status: 'not_checked',
            reason: 'mode live assumes the assertions',
          }),
          expect.objectContaining({ name: 'p_eventually_ack', kind: 'live', status: 'proven' }),
        ]);
        // Each task ran its script in its own copy of the [files], as sby does.
        expect(readFileSync(join(root, 'data/jobs', jobId, 'work/formal/cover/src/covers.sv'), 'utf8')).toBe(
          readFileSync(join(RTL, 'covers.sv'), 'utf8'),
        );
      },
    );

    it(
      'names the step reached and the solver when the time runs out, where the tools by hand do not finish either',
      SLOW,
      async () => {
        const project = await createExampleProject(base, 'formal-timeout', 'counter', 'counter');
        const jobId = await submitJob(base, project, {
          stages: ['formal'],
          config_overrides: { 'formal.depth': 1000, 'formal.timeout_seconds': 2 },
        });
        await waitForJob(base, jobId);
        const formal = await formalOf(jobId);
        expect(formal.status).toBe('failed');
        expect(formal.reason).toMatch(
          /^the formal check did not finish within 2 s: task default: yosys-smtbmc with z3 was at step \d+ of the bounded check \(depth 1000\)$/,
        );
        const hand = await runByHand({
          sourceDir: join(FIXTURES, '../../examples/counter'),
          script: ['read_verilog -formal -sv rtl/counter.sv', 'prep -top counter'],
          mode: 'bmc',
          depth: 1000,
          engine: 'z3',
          timeoutSeconds: 2,
        });
        expect(hand.timedOut).toBe(true);
        expect(hand.bmc).toBeNull();
      },
    );
  },
);
