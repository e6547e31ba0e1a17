/**
 * The crypto stage: builds the project's crypto harness with Icarus Verilog and runs the five
 * checks (constant_time, side_channel, ntt_validation, fips_compliance, entropy_analysis) through
 * it, each on its own campaign of operations (docs/crypto-harness.md). The stage fails when a check
 * fails, passes when none fails and one passed, and is skipped when no check applies.
 *
 * Summary: `crypto_checks_passed` and each check's status with its counts, as `/results` shows
 * them. Details: the seed (a job run again with it draws the same values) and what is behind each
 * verdict. Artifacts: crypto_build.log, one crypto_<campaign>.log per campaign, power_trace.csv
 * and tvla_results.json.
 */
import {
  CHECK_NAMES,
  failedCheck,
  type CheckContext,
  type CheckName,
  type CheckOutcome,
} from '../crypto/checks/check.js';
import { constantTimeCheck } from '../crypto/checks/constant-time.js';
import { entropyAnalysisCheck } from '../crypto/checks/entropy-analysis.js';
import { fipsComplianceCheck } from '../crypto/checks/fips-compliance.js';
import { nttValidationCheck } from '../crypto/checks/ntt-validation.js';
import { sideChannelCheck } from '../crypto/checks/side-channel.js';
import { TraceSignalError } from '../crypto/edge-sampler.js';
import { CryptoHarness } from '../crypto/harness.js';
import { drawSeed } from '../crypto/random.js';
import { skippedOutcome } from '../simulation/outcome.js';
import { resolveTop } from '../simulation/testbench-top.js';
import type { Stage, StageContext, StageOutcome } from '../stage.js';

const CHECKS: Record<CheckName, (context: CheckContext) => Promise<CheckOutcome>> = {
  constant_time: constantTimeCheck,
  side_channel: sideChannelCheck,
  ntt_validation: nttValidationCheck,
  fips_compliance: fipsComplianceCheck,
  entropy_analysis: entropyAnalysisCheck,
};

/** A check that meets a trace without the declared ports fails with that, not the stage. */
async function runCheck(name: CheckName, context: CheckContext): Promise<CheckOutcome> {
  try {
    return await CHECKS[name](context);
  } catch (error) {
    if (error instanceof TraceSignalError) return failedCheck(error.message);
    throw error;
  }
}

function stageOutcome(seed: number, top: string, outcomes: Map<CheckName, CheckOutcome>): StageOutcome {
  const entries = [...outcomes];
  const passed = entries.filter(([, o]) => o.status === 'passed').length;
  const failed = entries.filter(([, o]) => o.status === 'failed').map(([name]) => name);
  const verdict = ({ status, reason, summary }: CheckOutcome) => ({
    status,
    ...(reason === undefined ? {} : { reason }),
    ...summary,
  });
  const summary = {
    crypto_checks_passed: passed,
    ...Object.fromEntries(entries.map(([name, outcome]) => [name, verdict(outcome)])),
  };
  const details = {
    seed,
    harness_top: top,
    checks: Object.fromEntries(
      entries.map(([name, outcome]) => [name, { ...verdict(outcome), details: outcome.details }]),
    ),
  };
  if (failed.length > 0)
    return { status: 'failed', reason: `failed checks: ${failed.join(', ')}`, summary, details };
  if (passed > 0) return { status: 'passed', summary, details };
  return { status: 'skipped', reason: 'no crypto check applies to the declared interface', summary, details };
}

async function runCrypto(context: StageContext): Promise<StageOutcome> {
  const settings = context.config.crypto;
  if (!settings.enabled) return skippedOutcome('the crypto stage is off (crypto.enabled in verify.json)');
  if (settings.harness.length === 0) {
    return skippedOutcome('the project declares no crypto harness (crypto.harness in verify.json)');
  }
  const top = await resolveTop(
    context.sourceDir,
    settings.harness,
    settings.harness_top,
    'crypto.harness_top',
  );
  const seed = settings.seed ?? drawSeed();
  const notRun = (reason: string): StageOutcome => ({
    status: 'failed',
    reason,
    summary: { crypto_checks_passed: 0 },
    details: { seed, harness_top: 'top' in top ? top.top : null, checks: {} },
  });
  if ('error' in top) return notRun(top.error);
  context.log('INFO', `crypto checks with seed ${seed} (crypto.seed in verify.json repeats them)`);
  const harness = await CryptoHarness.build(context, top.top);
  if ('error' in harness) return notRun(harness.error);

  const checkContext: CheckContext = {
    stage: context,
    harness,
    settings,
    seed,
    scope: `${top.top}.${settings.dut}`,
  };
  const outcomes = new Map<CheckName, CheckOutcome>();
  for (const [index, name] of CHECK_NAMES.entries()) {
    context.progress(index, CHECK_NAMES.length);
    const outcome = await runCheck(name, checkContext);
    context.log(
      outcome.status === 'failed' ? 'ERROR' : 'INFO',
      `check ${name}: ${outcome.status}${outcome.reason === undefined ? '' : ` (${outcome.reason})`}`,
    );
    outcomes.set(name, outcome);
  }
  context.progress(CHECK_NAMES.length, CHECK_NAMES.length);
  return stageOutcome(seed, top.top, outcomes);
}

export const cryptoStage: Stage = {
  name: 'crypto',
  tools: (config) =>
    config.crypto.constant_time.formal?.enabled === true
      ? ['iverilog', 'vvp', 'yosys', 'yosys-smtbmc', 'z3']
      : ['iverilog', 'vvp'],
  run: runCrypto,
};
