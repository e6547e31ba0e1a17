/**
 * The crypto stage with Icarus Verilog on the toy cipher of test/fixtures/crypto: a two-share
 * masked XOR with a harness that follows the contract, and defines that plant each fault the
 * checks must find. (The NTT and entropy checks run on examples/crypto-accelerator, in the e2e
 * tests.)
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { requireTools } from '@lab/server-kit/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { NO_FINISH_MESSAGE } from '../../src/engine/simulation/simulation-plan.js';
import { cryptoStage } from '../../src/engine/stages/crypto.js';
import type { StageOutcome } from '../../src/engine/stage.js';
import { createStageContext, type TestStageContext } from './stage-context.js';

const FIXTURE = fileURLToPath(new URL('../fixtures/crypto', import.meta.url));
const gate = requireTools(['iverilog', 'vvp']);
const proofTools = requireTools(['iverilog', 'vvp', 'yosys', 'yosys-smtbmc', 'z3']);
const TIMEOUT_MS = 60_000;

const contexts: TestStageContext[] = [];
afterAll(() => Promise.all(contexts.map((context) => context.cleanup())));

interface Run {
  context: TestStageContext;
  outcome: StageOutcome<Record<string, any>, Record<string, any>>;
}

async function runCrypto(
  defines: Record<string, string> = {},
  crypto: Record<string, unknown> = {},
  files: Record<string, string> = {},
): Promise<Run> {
  const verify = JSON.parse(await readFile(join(FIXTURE, 'verify.json'), 'utf8'));
  verify.defines = defines;
  verify.crypto = { ...verify.crypto, ...crypto };
  const context = await createStageContext({
    from: FIXTURE,
    files: { ...files, 'verify.json': JSON.stringify(verify) },
  });
  contexts.push(context);
  return { context, outcome: (await cryptoStage.run(context)) as Run['outcome'] };
}

describe.skipIf(gate.skip)('the crypto stage on the toy cipher', () => {
  it(
    'passes the checks that apply, skips the others with their reasons, and records the seed',
    async () => {
      const { outcome, context } = await runCrypto();
      expect(outcome.status).toBe('passed');
      expect(outcome.summary.crypto_checks_passed).toBe(3);
      expect(outcome.summary.constant_time).toEqual({ status: 'passed', violations: 0 });
      expect(outcome.summary.side_channel).toMatchObject({
        status: 'passed',
        threshold: 4.5,
        leaking_points: 0,
      });
      expect(outcome.summary.side_channel.max_t_value).toBeLessThan(4.5);
      expect(outcome.summary.fips_compliance).toEqual({
        status: 'passed',
        algorithm: 'TOY-XOR',
        vectors_run: 16,
        vectors_failed: 0,
        vectors_not_applicable: 1,
      });
      expect(outcome.summary.ntt_validation).toEqual({
        status: 'skipped',
        reason: 'the design declares no NTT (crypto.ntt in verify.json)',
      });
      expect(outcome.summary.entropy_analysis.status).toBe('skipped');
      expect(outcome.details.seed).toBe(1234);
      const timing = outcome.details.checks.constant_time.details.operations[0];
      expect(timing).toMatchObject({ operation: 'encrypt', samples: 32, latency_cycles: 5, violations: 0 });
      expect(context.artifacts.map((a) => a.name)).toEqual(
        expect.arrayContaining(['crypto_build.log', 'power_trace.csv', 'tvla_results.json']),
      );
      const tvla = JSON.parse(await readFile(join(context.artifactsDir, 'tvla_results.json'), 'utf8'));
      expect(tvla.operations[0].runs).toHaveLength(2);
      expect(tvla.operations[0].runs[0].t).toHaveLength(tvla.operations[0].sample_points);
      const csv = (await readFile(join(context.artifactsDir, 'power_trace.csv'), 'utf8')).trim().split('\n');
      expect(csv[0]).toMatch(/^operation,run,trace,group,p0,p1,/);
      expect(csv).toHaveLength(1 + 2 * 100);
      expect(context.progressUpdates.at(-1)).toEqual({ completed: 5, total: 5 });
    },
    TIMEOUT_MS,
  );

  it(
    'draws the same values again from the same seed',
    async () => {
      const [first, second] = [await runCrypto(), await runCrypto()];
      const trace = (run: Run) => readFile(join(run.context.artifactsDir, 'power_trace.csv'), 'utf8');
      expect(await trace(first)).toBe(await trace(second));
    },
    TIMEOUT_MS,
  );

  it(
    'finds a secret-dependent latency: constant_time counts the violations',
    async () => {
      const { outcome } = await runCrypto({ VARIABLE_TIME: '1' });
      expect(outcome.status).toBe('failed');
      expect(outcome.summary.constant_time.status).toBe('failed');
      expect(outcome.summary.constant_time.violations).toBeGreaterThan(0);
      const timing = outcome.details.checks.constant_time.details.operations[0];
      expect(timing.latency_max).toBeGreaterThan(timing.latency_min);
      expect(timing.examples[0].secrets).toHaveProperty('key');
    },
    TIMEOUT_MS,
  );

  it(
    'finds an unmasked key in the power trace: side_channel fails in both runs at the same points',
    async () => {
      const { outcome } = await runCrypto({ UNMASKED: '1' });
      expect(outcome.summary.constant_time.status).toBe('passed');
      expect(outcome.summary.side_channel.status).toBe('failed');
      expect(outcome.summary.side_channel.max_t_value).toBeGreaterThan(4.5);
      expect(outcome.summary.side_channel.leaking_points).toBeGreaterThan(0);
      expect(outcome.summary.fips_compliance.status).toBe('passed');
    },
    TIMEOUT_MS,
  );

  it(
    'finds a wrong result: fips_compliance fails with the test cases that differ',
    async () => {
      const { outcome } = await runCrypto({ WRONG_RESULT: '1' });
      expect(outcome.summary.fips_compliance.status).toBe('failed');
      expect(outcome.summary.fips_compliance.vectors_failed).toBeGreaterThan(0);
      const [first] = outcome.details.checks.fips_compliance.details.first_failures;
      expect(first).toMatchObject({ tgId: 1, field: 'ct' });
      expect(parseInt(first.actual, 16) & 0xfe).toBe(parseInt(first.expected, 16) & 0xfe);
    },
    TIMEOUT_MS,
  );

  it.skipIf(proofTools.skip)(
    `proves the masked cipher's timing independent of the key with two copies, and refutes the variable-time one${proofTools.skip ? ` (skipped: ${proofTools.reason})` : ''}`,
    async () => {
      const formal = { secrets: ['key_share0', 'key_share1'], depth: 12 };
      const constant = await runCrypto({}, { constant_time: { samples: 8, formal } });
      expect(constant.outcome.summary.constant_time).toMatchObject({ status: 'passed', violations: 0 });
      expect(['proven', 'bounded']).toContain(constant.outcome.summary.constant_time.formal);
      expect(constant.context.artifacts.map((a) => a.name)).toContain('constant_time_proof.log');
      const miter = await readFile(
        join(constant.context.workDir, 'constant_time_proof', 'constant_time_miter.sv'),
        'utf8',
      );
      expect(miter).toContain('.key_share0(key_share0_a)');
      expect(miter).toContain('.pt(pt),');

      const variable = await runCrypto({ VARIABLE_TIME: '1' }, { constant_time: { samples: 8, formal } });
      const verdict = variable.outcome.summary.constant_time;
      expect(verdict).toMatchObject({ status: 'failed', formal: 'failed' });
      expect(verdict.reason).toMatch(
        /two copies of the design given different secrets raise done in different cycles at cycle \d+ \(counterexample cex_constant_time_done_equal\.vcd\)/,
      );
      expect(variable.context.artifacts.map((a) => a.name)).toContain('cex_constant_time_done_equal.vcd');

      const wrongPort = await runCrypto({}, { constant_time: { samples: 8, formal: { secrets: ['key'] } } });
      expect(wrongPort.outcome.summary.constant_time.reason).toBe(
        "the two-copy proof reached no verdict: crypto.constant_time.formal: 'key' is not an input of toy_cipher",
      );
    },
    TIMEOUT_MS,
  );

  it(
    'stops an operation that never ends at max_cycles, through the generated watchdog',
    async () => {
      const { outcome } = await runCrypto({ HANG: '1' });
      expect(outcome.status).toBe('failed');
      expect(outcome.summary.constant_time.reason).toMatch(
        /operation 'encrypt' gave no done within 64 cycles \(max_cycles\)/,
      );
    },
    TIMEOUT_MS,
  );

  it(
    'stops a harness that never calls $finish at its cycle budget, and names a clock the trace lacks',
    async () => {
      // Its clock keeps running, so the simulation never runs out of events, and with the trace on
      // it would write without end. The budget: 32 operations of at most 64 cycles, and 10,000 more.
      const noFinish = await runCrypto({ NO_FINISH: '1' });
      expect(noFinish.outcome.summary.constant_time.reason).toMatch(
        /the run passed its budget of 12048 clock cycles .*does the harness call \$finish after the last operation\?/,
      );
      const wrongClock = await runCrypto({}, { clock: 'clock' });
      // The generated watchdog names the clock, so iverilog finds it missing before any run.
      expect(wrongClock.outcome.status).toBe('failed');
      expect(wrongClock.outcome.reason).toMatch(/^the iverilog build failed: .*toy_harness\.dut\.clock/);
    },
    TIMEOUT_MS,
  );

  it(
    'passes a harness without `timescale whose runs last far past 1,000 units of the default 1 s',
    async () => {
      // 64 operations of 20 cycles at #5: about 14,000 time units in the constant-time run alone.
      const { outcome } = await runCrypto(
        { SLOW: '1', DEFAULT_TIMESCALE: '1' },
        { constant_time: { samples: 64 }, side_channel: { traces: 20 } },
      );
      expect(outcome.status).toBe('passed');
      expect(outcome.summary.crypto_checks_passed).toBe(3);
      const timing = outcome.details.checks.constant_time.details.operations[0];
      expect(timing).toMatchObject({ operation: 'encrypt', samples: 64, latency_cycles: 20, violations: 0 });
      expect(outcome.summary.fips_compliance).toMatchObject({ status: 'passed', vectors_failed: 0 });
    },
    TIMEOUT_MS,
  );

  it(
    'fails a harness run that runs out of events without $finish, saying so',
    async () => {
      const { outcome } = await runCrypto({ STOP_CLOCK: '1', NO_FINISH: '1', DEFAULT_TIMESCALE: '1' });
      expect(outcome.status).toBe('failed');
      const reason = outcome.summary.constant_time.reason as string;
      expect(reason).toMatch(/^the harness run 'constant_time_encrypt' failed: FATAL: /);
      expect(reason).toContain(NO_FINISH_MESSAGE);
    },
    TIMEOUT_MS,
  );

  it(
    'reports a build error, and is skipped without a harness',
    async () => {
      const broken = await runCrypto(
        {},
        {},
        { 'tb/toy_harness.sv': 'module toy_harness; initial begin oops end endmodule\n' },
      );
      expect(broken.outcome.status).toBe('failed');
      expect(broken.outcome.reason).toMatch(/^the iverilog build failed/);
      const none = await runCrypto({}, { harness: [] });
      expect(none.outcome).toMatchObject({
        status: 'skipped',
        reason: 'the project declares no crypto harness (crypto.harness in verify.json)',
      });
    },
    TIMEOUT_MS,
  );

  it(
    'refuses a vector file outside the project and one of another algorithm',
    async () => {
      const outside = await runCrypto(
        {},
        {
          kat: {
            operation: 'encrypt',
            algorithm: 'TOY-XOR',
            vectors: '../toy.json',
            inputs: { key: 'key' },
            outputs: { ct: 'ct' },
          },
        },
      );
      expect(outside.outcome.summary.fips_compliance.reason).toMatch(
        /'\.\.\/toy\.json' has a '\.' or '\.\.' segment/,
      );
      const other = await runCrypto(
        {},
        {
          kat: {
            operation: 'encrypt',
            algorithm: 'SHA3-256',
            vectors: 'vectors/toy-xor.json',
            inputs: { key: 'key' },
            outputs: { ct: 'ct' },
          },
        },
      );
      expect(other.outcome.summary.fips_compliance.reason).toBe(
        "the vector file is for 'TOY-XOR', not the declared 'SHA3-256'",
      );
    },
    TIMEOUT_MS,
  );
});
