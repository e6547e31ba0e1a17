/**
 * The formal stage: the design's assertions checked with Yosys, yosys-smtbmc and z3, proven
 * by k-induction where it closes (see formal/check.ts for the method, formal/outcome.ts for
 * the statuses). Its files: `formal.log` (every command and output line) and `cex_<property>.vcd`
 * (the counterexample of each failing property).
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FormalCheck, FormalCheckError } from '../formal/check.js';
import { formalOutcome, skippedOutcome, type FormalOutcome } from '../formal/outcome.js';
import { FormalTimeout, ToolSession } from '../formal/tool-session.js';
import type { Stage, StageContext } from '../stage.js';

const LOG_ARTIFACT = 'formal.log';

/** The check's outcome; a check that reached no verdict fails with the reason, keeping what it found. */
async function checkDesign(check: FormalCheck, depth: number): Promise<FormalOutcome> {
  try {
    await check.prepare();
    if (check.properties.length === 0) return skippedOutcome(depth, 'the design has no assertions');
    await check.boundedCheck();
    await check.induction();
    return formalOutcome(depth, check.properties, check.verdicts);
  } catch (error) {
    if (error instanceof FormalCheckError || error instanceof FormalTimeout) {
      return formalOutcome(depth, check.properties, check.verdicts, error.message);
    }
    throw error;
  }
}

async function runFormal(context: StageContext): Promise<FormalOutcome> {
  const { formal, sources } = context.config;
  if (!formal.enabled) return skippedOutcome(formal.depth, 'formal verification is disabled in verify.json');
  if (sources.length === 0) return skippedOutcome(formal.depth, 'the project has no design sources');

  const session = new ToolSession(context, formal.timeout_seconds);
  const outcome = await checkDesign(new FormalCheck(context, session), formal.depth);
  await writeFile(join(context.artifactsDir, LOG_ARTIFACT), session.transcript.join('\n') + '\n');
  context.artifact(LOG_ARTIFACT, 'text/plain');
  return outcome;
}

export const formalStage: Stage = {
  name: 'formal',
  tools: () => ['yosys', 'yosys-smtbmc', 'z3'],
  run: runFormal,
};
