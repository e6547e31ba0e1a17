/**
 * One formal check, as SymbiYosys runs prove mode with its smtbmc engine: Yosys prepares an
 * SMT2 model, a bounded check (`yosys-smtbmc --keep-going`) finds every assertion that fails
 * within `depth` steps, then k-induction (`yosys-smtbmc -i`) tries to prove the others.
 *
 * Induction first runs on all the assertions that passed the bounded check together. When it
 * does not close, each of them is tried alone, in a model from which Yosys removed every other
 * assertion (`chformal -assert -remove`). That is sound: the bounded check established each
 * assertion for `depth` steps from reset (the base case); the induction step for one assertion
 * assumes only that assertion (and the design's assumptions) in the `k` steps before the one it
 * checks, a weaker hypothesis than the full set gives, so when it still closes, the assertion
 * holds in every reachable state whatever becomes of the others. A property proven alone may
 * need a longer induction than together, never the reverse; an assertion that induction cannot
 * prove alone stays inconclusive.
 */
import { copyFile, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { StageContext } from '../stage.js';
import type { Verdict } from './outcome.js';
import { readProperties, type Property } from './properties.js';
import { SmtbmcTranscript, smtbmcLineLevel, type SmtbmcMode } from './smtbmc-output.js';
import type { ToolSession } from './tool-session.js';
import { yosysError, yosysLineLevel } from './yosys-output.js';
import {
  definesHeader,
  isScriptWord,
  preparationScript,
  subsetScript,
  type AssertionSubset,
} from './yosys-script.js';

/** A check that reached no verdict, for the reason given (the stage fails with it). */
export class FormalCheckError extends Error {
  override name = 'FormalCheckError';
}

const MODEL = 'design.smt2';
const PREPARED = 'design.il';
const PROPERTIES = 'properties.json';
const BMC_TRACE = 'bmc_trace_%.vcd';

/** `cex_<name>.vcd`, with the characters a file name should not hold replaced. */
function counterexampleName(property: Property, taken: ReadonlySet<string>): string {
  const base = `cex_${property.name.replace(/[^\w.-]+/g, '_')}`;
  let name = `${base}.vcd`;
  for (let n = 2; taken.has(name); n++) name = `${base}_${n}.vcd`;
  return name;
}

export class FormalCheck {
  properties: Property[] = [];
  /** By `Property.cell`; properties without one are still open. */
  readonly verdicts = new Map<string, Verdict>();
  private readonly depth: number;
  /** Progress: the bounded-check steps, then one unit per induction run. */
  private progressTotal: number;
  private progressDone = 0;

  constructor(
    private readonly context: StageContext,
    private readonly session: ToolSession,
  ) {
    this.depth = context.config.formal.depth;
    this.progressTotal = this.depth + (context.config.formal.induction ? 1 : 0);
  }

  /** Yosys: the design as an SMT2 model, and its properties. */
  async prepare(): Promise<void> {
    const { config, sourceDir, workDir, tools } = this.context;
    const words = [...config.sources, ...config.include_dirs, config.formal.top, workDir];
    const unreadable = words.find((word) => !isScriptWord(word));
    if (unreadable !== undefined) {
      throw new FormalCheckError(
        `'${unreadable}' cannot be passed to yosys: names with spaces, quotes, ';' or '#' are not supported`,
      );
    }
    let header: string | null = null;
    if (Object.keys(config.defines).length > 0) {
      header = join(workDir, 'defines.vh');
      await writeFile(header, definesHeader(config.defines));
    }
    const script = join(workDir, 'prepare.ys');
    const files = {
      rtlil: join(workDir, PREPARED),
      smt2: join(workDir, MODEL),
      properties: join(workDir, PROPERTIES),
    };
    await writeFile(
      script,
      preparationScript({
        definesHeader: header,
        sources: config.sources,
        includeDirs: config.include_dirs,
        top: config.formal.top,
        files,
      }),
    );
    // From the source directory, so that properties are located by the project's own paths.
    const result = await this.session.run({
      command: tools.yosys,
      args: ['-q', '-s', script],
      cwd: sourceDir,
      levelOf: yosysLineLevel,
    });
    if (result.exitCode !== 0) {
      throw new FormalCheckError(`yosys: ${yosysError(result.tail, result.exitCode)}`);
    }
    this.properties = readProperties(await readFile(files.properties, 'utf8'), config.formal.top);
  }

  /** yosys-smtbmc's bounded check; each failing property gets its counterexample. */
  async boundedCheck(): Promise<void> {
    const args = ['--presat', '--keep-going', '-t', String(this.depth), '--dump-vcd', BMC_TRACE, MODEL];
    const transcript = await this.smtbmc('bmc', args, (step) => this.reportProgress(step));
    if (transcript.unsatisfiableAssumptions) {
      throw new FormalCheckError(
        `the assumptions contradict each other from step ${String(transcript.step)}: no trace satisfies them`,
      );
    }
    if (transcript.status !== 'PASSED' && transcript.status !== 'FAILED') {
      throw new FormalCheckError(
        `yosys-smtbmc stopped without a verdict (status ${String(transcript.status)})`,
      );
    }
    if (transcript.status === 'FAILED' && transcript.failures.length === 0) {
      throw new FormalCheckError('yosys-smtbmc reports a failure without naming the failing assertion');
    }
    const taken = new Set<string>();
    for (const failure of transcript.failures) {
      const property = this.properties.find((candidate) => candidate.report === failure.report);
      if (property === undefined) {
        throw new FormalCheckError(
          `yosys-smtbmc reports an assertion the design does not list: ${failure.report}`,
        );
      }
      const verdict: Verdict = { status: 'failed', step: failure.step };
      if (failure.trace !== null) {
        const artifact = counterexampleName(property, taken);
        taken.add(artifact);
        await copyFile(join(this.context.workDir, failure.trace), join(this.context.artifactsDir, artifact));
        this.context.artifact(artifact, 'text/x-vcd');
        verdict.counterexample = artifact;
      }
      this.verdicts.set(property.cell, verdict);
    }
    this.reportProgress(this.depth);
  }

  /** k-induction over the properties the bounded check did not fail: together, then alone. */
  async induction(): Promise<void> {
    const open = this.properties.filter((property) => !this.verdicts.has(property.cell));
    if (open.length === 0 || !this.context.config.formal.induction) return;
    const failed = this.properties.filter((property) => this.verdicts.has(property.cell));
    // Subset models name assertion cells in a Yosys script: only plain names can be trusted there.
    const editable = this.properties.every((property) => isScriptWord(property.cell));
    if (!editable) {
      this.context.log(
        'WARNING',
        'assertion names unfit for a yosys script: no induction on part of the assertions',
      );
      if (failed.length > 0) return;
    }

    let together = MODEL;
    if (failed.length > 0) {
      together = 'open.smt2';
      await this.writeSubsets([{ remove: cells(failed), smt2: together }]);
    }
    const jointDepth = await this.induct(together);
    if (jointDepth !== null) {
      for (const property of open) {
        this.verdicts.set(property.cell, { status: 'proven', induction_depth: jointDepth });
      }
      return;
    }
    if (open.length === 1 || !editable) return;

    this.progressTotal += open.length;
    const alone = open.map((property, index) => ({
      property,
      subset: {
        remove: cells(this.properties.filter((other) => other !== property)),
        smt2: `alone_${index}.smt2`,
      },
    }));
    await this.writeSubsets(alone.map(({ subset }) => subset));
    for (const { property, subset } of alone) {
      const depth = await this.induct(subset.smt2);
      if (depth !== null) this.verdicts.set(property.cell, { status: 'proven', induction_depth: depth });
    }
  }

  /** Writes the subset models into the work directory. */
  private async writeSubsets(subsets: readonly AssertionSubset[]): Promise<void> {
    const { workDir, tools } = this.context;
    const script = join(workDir, 'subsets.ys');
    await writeFile(script, subsetScript(PREPARED, subsets));
    const result = await this.session.run({
      command: tools.yosys,
      args: ['-q', '-s', script],
      cwd: workDir,
      levelOf: yosysLineLevel,
    });
    if (result.exitCode !== 0) {
      throw new FormalCheckError(`yosys: ${yosysError(result.tail, result.exitCode)}`);
    }
  }

  /** One induction run; answers the induction depth when it closes, null when it does not. */
  private async induct(model: string): Promise<number | null> {
    const transcript = await this.smtbmc('induction', ['-i', '-t', String(this.depth), model]);
    this.reportProgress(this.progressDone + 1);
    if (transcript.status === 'PASSED' && transcript.inductionStep !== null) {
      return this.depth - transcript.inductionStep;
    }
    if (transcript.status === 'FAILED') return null;
    throw new FormalCheckError(
      `yosys-smtbmc stopped without a verdict (status ${String(transcript.status)})`,
    );
  }

  private async smtbmc(
    mode: SmtbmcMode,
    args: readonly string[],
    onStep?: (step: number) => void,
  ): Promise<SmtbmcTranscript> {
    const transcript = new SmtbmcTranscript();
    await this.session.run({
      command: this.context.tools['yosys-smtbmc'],
      args: ['-s', 'z3', ...args],
      cwd: this.context.workDir,
      levelOf: (line) => smtbmcLineLevel(line, mode),
      onLine: (line) => {
        const before = transcript.step;
        transcript.read(line);
        if (transcript.step !== null && transcript.step !== before) onStep?.(transcript.step);
      },
    });
    return transcript;
  }

  private reportProgress(done: number): void {
    this.progressDone = done;
    this.context.progress(done, this.progressTotal);
  }
}

function cells(properties: readonly Property[]): string[] {
  return properties.map((property) => property.cell);
}
