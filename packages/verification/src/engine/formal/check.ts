/**
 * One formal task, as SymbiYosys runs it: Yosys prepares the model (yosys-script.ts), then the
 * task's engines run in the order given until one answers (sby starts them all at once and takes
 * the first answer; one after another is the same answer for less CPU on a shared worker).
 *
 * - bmc: `yosys-smtbmc --keep-going` finds every assertion that fails within `depth` steps.
 * - prove with smtbmc: the bounded check, then k-induction (`yosys-smtbmc -i`) on the rest.
 *   Induction first runs on all of them together. When it does not close, each is tried alone,
 *   in a model from which Yosys removed every other assertion (`chformal -assert -remove`). That
 *   is sound: the bounded check established each assertion for `depth` steps from reset (the base
 *   case); the induction step for one assertion assumes only that assertion (and the design's
 *   assumptions) in the `k` steps before the one it checks, a weaker hypothesis than the full set
 *   gives, so when it still closes, the assertion holds in every reachable state whatever becomes
 *   of the others.
 * - prove with abc pdr: `yosys-abc -c 'read_aiger; fold; strash; pdr'` on the AIGER model, an
 *   unbounded proof of every assertion at once that does not depend on induction. A failure is
 *   replayed by a bounded check of yosys-smtbmc to name the assertions and write the trace.
 * - cover: `yosys-smtbmc -c` reaches each cover, with the trace that reaches it.
 * - live with abc pdr: one AIGER model per liveness cell (its justice properties), each justice
 *   property turned into a safety model (live-to-safe.ts) that pdr proves (the property holds) or
 *   refutes (a lasso on which it never holds: it fails).
 */
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { StageContext } from '../stage.js';
import { abcLineLevel, AbcTranscript } from './abc-output.js';
import { AigerError, readAsciiAiger, writeBinaryAiger, type AigerModel } from './aiger.js';
import { liveToSafe } from './live-to-safe.js';
import type { CoverVerdict, Verdict } from './outcome.js';
import { readProperties, type Property } from './properties.js';
import { SmtbmcTranscript, smtbmcLineLevel, type SmtbmcMode } from './smtbmc-output.js';
import type { FormalEngine, FormalTask } from './task.js';
import type { ToolSession } from './tool-session.js';
import { yosysError, yosysLineLevel } from './yosys-output.js';
import {
  aigerScript,
  isScriptWord,
  liveAigerScript,
  modelScript,
  prepScript,
  smt2Script,
  type AssertionSubset,
} from './yosys-script.js';

/** A check that reached no verdict, for the reason given (the task's verdict is `error`). */
export class FormalCheckError extends Error {
  override name = 'FormalCheckError';
}

const DESIGN = 'design.il';
const PROPERTIES = 'properties.json';
const PREPARED = 'design_prep.il';
const MODEL = 'design.smt2';
const AIGER = 'design_aiger.aig';
const BMC_TRACE = 'bmc_trace_%.vcd';
const COVER_TRACE = 'cover_trace_%.vcd';

type SmtbmcEngine = Extract<FormalEngine, { kind: 'smtbmc' }>;

/** A cell of a module instantiated several times is the same cell in every instance. */
const cellOf = (property: Property) => `${property.module}/${property.cell}`;

/** `<prefix><kind>_<name>.vcd`, with the characters a file name should not hold replaced. */
function artifactName(prefix: string, kind: string, property: Property, taken: Set<string>): string {
  const base = `${prefix}${kind}_${property.name.replace(/[^\w.-]+/g, '_')}`;
  let name = `${base}.vcd`;
  for (let n = 2; taken.has(name); n++) name = `${base}_${n}.vcd`;
  taken.add(name);
  return name;
}

const BOUNDED_CHECK_ENGINE: SmtbmcEngine = { kind: 'smtbmc', solver: 'z3', presat: true, line: 'smtbmc z3' };

export class FormalCheck {
  properties: Property[] = [];
  /** Assertions' verdicts by `Property.key`; those without one are still open. */
  readonly verdicts = new Map<string, Verdict>();
  /** Covers' verdicts by `Property.key` (cover mode). */
  readonly covers = new Map<string, CoverVerdict>();
  /** The engine that gave the answer. */
  engine: FormalEngine | null = null;
  private readonly workDir: string;
  private readonly taken = new Set<string>();
  /** Progress: the bounded-check steps, then one unit per induction run. */
  private progressTotal: number;
  private progressDone = 0;
  /** What runs now, in words, for a time-out's reason. */
  activity = 'yosys was preparing the model';

  constructor(
    private readonly context: StageContext,
    private readonly session: ToolSession,
    readonly task: FormalTask,
    /** Put before the name of each artifact (the task's name when the job has several). */
    private readonly artifactPrefix = '',
  ) {
    this.workDir = join(context.workDir, task.name);
    this.progressTotal = task.depth + (task.mode === 'prove' ? 1 : 0);
  }

  get assertions(): Property[] {
    return this.properties.filter((property) => property.kind === 'assert');
  }

  /** Whether the task's mode has something to check in the design. */
  get checkable(): boolean {
    const kind = { bmc: 'assert', prove: 'assert', cover: 'cover', live: 'live' }[this.task.mode];
    return this.properties.some((property) => property.kind === kind);
  }

  /** Yosys: the task's script, the design's properties, and the models its engines read. */
  async prepare(): Promise<void> {
    const { task } = this;
    if (!isScriptWord(this.workDir)) {
      throw new FormalCheckError(`the work directory '${this.workDir}' cannot be passed to yosys`);
    }
    await mkdir(this.workDir, { recursive: true });
    const sourceDir = await this.taskSources();
    if (task.definesHeader !== null) {
      await mkdir(dirname(task.definesHeader.path), { recursive: true });
      await writeFile(task.definesHeader.path, task.definesHeader.text);
    }
    const at = (name: string) => join(this.workDir, name);
    await this.yosys(
      'model.ys',
      modelScript(task.script, { rtlil: at(DESIGN), properties: at(PROPERTIES) }),
      sourceDir,
    );
    const properties = readProperties(await readFile(at(PROPERTIES), 'utf8'));
    if (properties === null) {
      throw new FormalCheckError('the script names no top module: end it with `prep -top <module>`');
    }
    this.properties = properties;
    if (!this.checkable) return;
    const prepared = at(PREPARED);
    await this.yosys(
      'prep.ys',
      prepScript({ rtlil: at(DESIGN), prepared, mode: task.mode, multiclock: task.multiclock }),
    );
    if (task.mode === 'cover' || task.engines.some((engine) => engine.kind === 'smtbmc')) {
      await this.yosys('smt2.ys', smt2Script(prepared, at(MODEL)));
    }
    if (task.mode === 'live') {
      await this.yosys('live.ys', liveAigerScript(prepared, this.liveModels()));
    } else if (task.engines.some((engine) => engine.kind === 'abc')) {
      await this.yosys('aiger.ys', aigerScript(prepared, at(AIGER)));
    }
  }

  /** Mode live: each liveness cell's model, named by its index, without the other cells. */
  private liveModels(): { cell: string; remove: string[]; aiger: string }[] {
    const cells = [...new Set(this.liveness.map(cellOf))];
    // The other cells are removed by name in a Yosys script: only plain names can be trusted there.
    const unfit = cells.find((cell) => !isScriptWord(cell));
    if (unfit !== undefined) {
      throw new FormalCheckError(`the liveness property '${unfit}' has a name unfit for a yosys script`);
    }
    return cells.map((cell, index) => ({
      cell,
      remove: cells.filter((other) => other !== cell),
      aiger: `live_${index}.aag`,
    }));
  }

  private get liveness(): Property[] {
    return this.properties.filter((property) => property.kind === 'live');
  }

  /** Runs the task's mode; the verdicts are in `verdicts` and `covers`. */
  async check(): Promise<void> {
    const { task } = this;
    if (!this.checkable) return;
    for (const engine of task.engines) {
      this.engine = engine;
      if (task.mode === 'cover') {
        if (engine.kind === 'smtbmc') return this.cover(engine);
        continue;
      }
      if (task.mode === 'live') return this.live();
      if (engine.kind === 'abc') {
        if (await this.pdr()) return;
        continue;
      }
      await this.boundedCheck(engine);
      if (task.mode === 'bmc') return;
      // Unlike sby, which stops at the first failure, the others still get their proof.
      if (task.induction) await this.induction(engine);
      if (this.assertions.some((p) => this.verdicts.get(p.key)?.status === 'failed')) return;
      if (this.assertions.every((p) => this.verdicts.has(p.key))) return;
    }
  }

  /** A .sby task's own source directory with its [files] and [file] sections; else the job's copy. */
  private async taskSources(): Promise<string> {
    const { files } = this.task;
    if (files === null) return this.context.sourceDir;
    const dir = join(this.workDir, 'src');
    await mkdir(dir, { recursive: true });
    for (const { dest, source } of files.copies) {
      await copyFile(join(this.context.sourceDir, source), join(dir, dest)).catch((error: unknown) => {
        throw new FormalCheckError(`[files] '${source}': ${(error as Error).message}`);
      });
    }
    for (const [name, text] of files.inline) await writeFile(join(dir, name), text);
    return dir;
  }

  private async yosys(scriptName: string, script: string, cwd = this.workDir): Promise<void> {
    const path = join(this.workDir, scriptName);
    await writeFile(path, script);
    this.activity = `yosys was running ${scriptName}`;
    const result = await this.session.run({
      command: this.context.tools.yosys,
      args: ['-q', '-s', path],
      cwd,
      levelOf: yosysLineLevel,
      activity: () => this.describe(),
    });
    if (result.exitCode !== 0) {
      throw new FormalCheckError(`yosys: ${yosysError(result.tail, result.exitCode)}`);
    }
  }

  private describe(): string {
    return `task ${this.task.name}: ${this.activity}`;
  }

  /** yosys-smtbmc's bounded check; each failing assertion gets its counterexample. */
  private async boundedCheck(engine: SmtbmcEngine, depth = this.task.depth): Promise<void> {
    const args = ['--keep-going', '-t', String(depth), '--dump-vcd', BMC_TRACE, MODEL];
    const transcript = await this.smtbmc(engine, 'bmc', args, (step) => this.reportProgress(step));
    if (transcript.unsatisfiableAssumptions) {
      throw new FormalCheckError(
        `the assumptions contradict each other from step ${String(transcript.step)}: no trace satisfies them`,
      );
    }
    this.requireStatus(transcript, ['PASSED', 'FAILED']);
    if (transcript.status === 'FAILED' && transcript.failures.length === 0) {
      throw new FormalCheckError('yosys-smtbmc reports a failure without naming the failing assertion');
    }
    for (const failure of transcript.failures) {
      const property = this.reported(failure.scope, failure.report, 'assert');
      const verdict: Verdict = { status: 'failed', step: failure.step };
      if (failure.trace !== null)
        verdict.counterexample = await this.keepTrace(failure.trace, 'cex', property);
      this.verdicts.set(property.key, verdict);
    }
    this.reportProgress(this.task.depth);
  }

  /**
   * k-induction over the assertions the bounded check did not fail: together (in a model without
   * the failed ones, when some failed), then alone. A cell of a module instantiated several times
   * is removed or kept in every instance, so an instance shares the verdict of its siblings' cell.
   */
  private async induction(engine: SmtbmcEngine): Promise<void> {
    const failedCells = new Set(
      this.assertions.filter((property) => this.verdicts.has(property.key)).map(cellOf),
    );
    const open = this.assertions.filter((property) => !failedCells.has(cellOf(property)));
    if (open.length === 0) return;
    const cells = [...new Set(open.map(cellOf))];
    // Subset models name assertion cells in a Yosys script: only plain names can be trusted there.
    const editable = [...cells, ...failedCells].every(isScriptWord);
    if (!editable) {
      this.context.log(
        'WARNING',
        'assertion names unfit for a yosys script: no induction on part of the assertions',
      );
      if (failedCells.size > 0) return;
    }
    let together = MODEL;
    if (failedCells.size > 0) {
      together = 'open.smt2';
      await this.yosys('open.ys', smt2Script(PREPARED, '', [{ remove: [...failedCells], smt2: together }]));
    }
    const jointDepth = await this.induct(engine, together);
    if (jointDepth !== null) {
      for (const property of open) {
        this.verdicts.set(property.key, { status: 'proven', induction_depth: jointDepth });
      }
      return;
    }
    if (cells.length === 1 || !editable) return;
    const alone = cells.map((cell, index): AssertionSubset & { cell: string } => ({
      cell,
      remove: [...cells.filter((other) => other !== cell), ...failedCells],
      smt2: `alone_${index}.smt2`,
    }));
    this.progressTotal += alone.length;
    await this.yosys('subsets.ys', smt2Script(PREPARED, '', alone));
    for (const subset of alone) {
      const depth = await this.induct(engine, subset.smt2);
      if (depth === null) continue;
      for (const property of open.filter((candidate) => cellOf(candidate) === subset.cell)) {
        this.verdicts.set(property.key, { status: 'proven', induction_depth: depth });
      }
    }
  }

  /** One induction run; answers the induction depth when it closes, null when it does not. */
  private async induct(engine: SmtbmcEngine, model: string): Promise<number | null> {
    const transcript = await this.smtbmc(engine, 'induction', ['-i', '-t', String(this.task.depth), model]);
    this.reportProgress(this.progressDone + 1);
    this.requireStatus(transcript, ['PASSED', 'FAILED']);
    if (transcript.status === 'PASSED' && transcript.inductionStep !== null) {
      return this.task.depth - transcript.inductionStep;
    }
    return null;
  }

  /** Cover mode: each cover reached (with its trace) or not within `depth` steps. */
  private async cover(engine: SmtbmcEngine): Promise<void> {
    const args = ['-c', '-t', String(this.task.depth), '--dump-vcd', COVER_TRACE, MODEL];
    const transcript = await this.smtbmc(engine, 'cover', args, (step) => this.reportProgress(step));
    if (transcript.unsatisfiableAssumptions) {
      throw new FormalCheckError(
        `the assumptions contradict each other from step ${String(transcript.step)}: no trace satisfies them`,
      );
    }
    this.requireStatus(transcript, ['PASSED', 'FAILED']);
    const covers = this.properties.filter((property) => property.kind === 'cover');
    // yosys-smtbmc names a cover without its instance: instances of one module are taken in order.
    const next = (report: string) =>
      covers.find((cover) => cover.report === report && !this.covers.has(cover.key));
    for (const reached of transcript.reached) {
      const property = next(reached.report);
      if (property === undefined) {
        throw new FormalCheckError(
          `yosys-smtbmc reaches a cover the design does not list: ${reached.report}`,
        );
      }
      const verdict: CoverVerdict = { reached: true, step: reached.step };
      if (reached.trace !== null) verdict.trace = await this.keepTrace(reached.trace, 'cover', property);
      this.covers.set(property.key, verdict);
    }
    for (const report of transcript.unreached) {
      const property = next(report);
      if (property !== undefined) this.covers.set(property.key, { reached: false });
    }
    for (const failure of transcript.failures) {
      const property = this.reported(failure.scope, failure.report, 'assert');
      if (this.verdicts.has(property.key)) continue;
      const verdict: Verdict = { status: 'failed', step: failure.step };
      if (failure.trace !== null)
        verdict.counterexample = await this.keepTrace(failure.trace, 'cex', property);
      this.verdicts.set(property.key, verdict);
    }
    this.reportProgress(this.task.depth);
  }

  /**
   * Mode live: pdr on the safety model of each justice property of each liveness cell's model.
   * A cell of a module instantiated several times has one justice property per instance, in an
   * order the model does not name: all proven proves every instance; all failing fails them; a
   * mix leaves them inconclusive, with the reason.
   */
  private async live(): Promise<void> {
    const models = this.liveModels();
    const checks: { model: AigerModel; instances: Property[]; aiger: string }[] = [];
    for (const { cell, aiger } of models) {
      const instances = this.liveness.filter((property) => cellOf(property) === cell);
      let model: AigerModel;
      try {
        model = readAsciiAiger(await readFile(join(this.workDir, aiger), 'utf8'));
      } catch (error) {
        if (!(error instanceof AigerError)) throw error;
        throw new FormalCheckError(`${aiger}: ${error.message}`);
      }
      if (model.justice.length !== instances.length) {
        throw new FormalCheckError(
          `${aiger} holds ${model.justice.length} justice properties for the ${instances.length} instances of ${cell}`,
        );
      }
      checks.push({ model, instances, aiger });
    }
    this.progressTotal = this.liveness.length;
    let done = 0;
    for (const { model, instances, aiger } of checks) {
      const answers: ('pass' | 'fail' | null)[] = [];
      for (let index = 0; index < model.justice.length; index++) {
        const safety = aiger.replace(/\.aag$/, `_l2s_${index}.aig`);
        await writeFile(join(this.workDir, safety), writeBinaryAiger(liveToSafe(model, index)));
        const name =
          instances.length === 1
            ? (instances[0]?.name ?? '')
            : `${cellOf(instances[0]!)} (instance ${index + 1} of ${instances.length})`;
        answers.push((await this.runPdr(safety, `on liveness property ${name}`)).status);
        this.reportProgress(++done);
      }
      const verdict: Verdict | null = answers.every((answer) => answer === 'pass')
        ? { status: 'proven' }
        : answers.every((answer) => answer === 'fail')
          ? { status: 'failed' }
          : answers.includes('fail') && answers.includes('pass')
            ? {
                status: 'inconclusive',
                reason: `${answers.filter((answer) => answer === 'fail').length} of the ${instances.length} instances fail, and the model does not say which`,
              }
            : null;
      if (verdict !== null) for (const property of instances) this.verdicts.set(property.key, verdict);
    }
  }

  /** yosys-abc's pdr on an AIGER file of the work directory. */
  private async runPdr(aiger: string, what = ''): Promise<AbcTranscript> {
    const transcript = new AbcTranscript();
    const running = `yosys-abc was running pdr${what === '' ? '' : ` ${what}`}`;
    this.activity = running;
    const script = `read_aiger ${aiger}; fold; strash; pdr -v`;
    await this.session.run({
      command: this.context.tools['yosys-abc'],
      args: ['-c', script],
      cwd: this.workDir,
      levelOf: abcLineLevel,
      onLine: (line) => {
        transcript.read(line);
        if (transcript.frame !== null) this.activity = `${running} at frame ${transcript.frame}`;
      },
      activity: () => this.describe(),
    });
    return transcript;
  }

  /** abc pdr; answers whether it reached a verdict. */
  private async pdr(): Promise<boolean> {
    const transcript = await this.runPdr(AIGER);
    if (transcript.status === 'pass') {
      for (const property of this.assertions) {
        if (!this.verdicts.has(property.key)) this.verdicts.set(property.key, { status: 'proven' });
      }
      return true;
    }
    if (transcript.status === 'fail') {
      // Which assertions fail, and the trace: replayed by yosys-smtbmc to the frame pdr reached.
      const depth = Math.max(this.task.depth, (transcript.failedFrame ?? 0) + 1);
      if (!(await this.hasModel())) await this.yosys('smt2.ys', smt2Script(PREPARED, MODEL));
      await this.boundedCheck(BOUNDED_CHECK_ENGINE, depth);
      if (!this.assertions.some((p) => this.verdicts.get(p.key)?.status === 'failed')) {
        throw new FormalCheckError(
          `abc pdr finds a failure in frame ${String(transcript.failedFrame)} that yosys-smtbmc does not reproduce within ${depth} steps`,
        );
      }
      return true;
    }
    return false;
  }

  private async hasModel(): Promise<boolean> {
    return readFile(join(this.workDir, MODEL)).then(
      () => true,
      () => false,
    );
  }

  private async smtbmc(
    engine: SmtbmcEngine,
    mode: SmtbmcMode,
    args: readonly string[],
    onStep?: (step: number) => void,
  ): Promise<SmtbmcTranscript> {
    const transcript = new SmtbmcTranscript();
    const phase = { bmc: 'the bounded check', induction: 'induction', cover: 'cover reachability' }[mode];
    const tool = `yosys-smtbmc with ${engine.solver}`;
    this.activity = `${tool} was starting ${phase}`;
    const presat = engine.presat && mode !== 'induction' ? ['--presat'] : [];
    await this.session.run({
      command: this.context.tools['yosys-smtbmc'],
      args: ['-s', engine.solver, ...presat, ...args],
      cwd: this.workDir,
      levelOf: (line) => smtbmcLineLevel(line, mode),
      onLine: (line) => {
        const before = transcript.step;
        transcript.read(line);
        if (transcript.step !== null && transcript.step !== before) {
          this.activity = `${tool} was at step ${transcript.step} of ${phase} (depth ${this.task.depth})`;
          onStep?.(transcript.step);
        }
      },
      activity: () => this.describe(),
    });
    return transcript;
  }

  private requireStatus(transcript: SmtbmcTranscript, expected: readonly string[]): void {
    if (transcript.status === null || !expected.includes(transcript.status)) {
      throw new FormalCheckError(
        `yosys-smtbmc stopped without a verdict (status ${String(transcript.status)})`,
      );
    }
  }

  private reported(scope: string, report: string, kind: Property['kind']): Property {
    const property = this.properties.find(
      (candidate) => candidate.kind === kind && candidate.scope === scope && candidate.report === report,
    );
    if (property === undefined) {
      throw new FormalCheckError(
        `yosys-smtbmc reports a property the design does not list: ${scope}: ${report}`,
      );
    }
    return property;
  }

  /** Copies a trace into the artifacts; answers its artifact name. */
  private async keepTrace(trace: string, kind: string, property: Property): Promise<string> {
    const artifact = artifactName(this.artifactPrefix, kind, property, this.taken);
    await copyFile(join(this.workDir, trace), join(this.context.artifactsDir, artifact));
    this.context.artifact(artifact, 'text/x-vcd');
    return artifact;
  }

  private reportProgress(done: number): void {
    this.progressDone = done;
    this.context.progress(done, this.progressTotal);
  }
}
