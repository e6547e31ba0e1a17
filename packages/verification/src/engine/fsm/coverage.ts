/**
 * FSM coverage, computed by the platform from a simulation's trace:
 *
 * 1. Yosys finds the design's state machines: each one's module, state register, state codes
 *    and transitions (extract.ts, fsm-info.ts); the codes get names from the module's
 *    localparams or enums when they can be told (state-names.ts).
 * 2. The trace (FST through the fst-dump helper, or VCD when the file ends in `.vcd`) is
 *    searched for the instances: every scope holding a variable with the register's name and
 *    width, below a root scope (below `testbenchTop` when it is given), and of the machine's
 *    module when the trace names the module of its scopes.
 * 3. Each instance's register values give its visited states and taken transitions
 *    (machine-coverage.ts).
 *
 * The percentage counts states and transitions alike, over every instance found:
 * `100 × (visited states + taken transitions) / (states + transitions)`, two decimals. It is
 * null, with the reason, when there is no state machine, no instance of one in the trace, or a
 * tool needed on the way fails; a failure here never fails the simulation.
 */
import { access, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { ToolName } from '../tools.js';
import { FsmCoverageUnavailable } from './errors.js';
import { extractStateMachines } from './extract.js';
import type { ExtractedFsm } from './fsm-info.js';
import { fstDumpExecutable } from './fst-helper.js';
import { FstReader } from './fst-reader.js';
import { machineCoverage, percentOf, type FsmMachine } from './machine-coverage.js';
import { stateNames } from './state-names.js';
import type { TraceReader, TraceScope, TraceVariable } from './trace.js';
import { VcdReader } from './vcd-reader.js';

export type { FsmMachine } from './machine-coverage.js';

export interface FsmCoverageOptions {
  /** The job's copy of the project's files; the paths below are relative to it. */
  sourceDir: string;
  sources: string[];
  includeDirs: string[];
  defines: Record<string, string>;
  /** The design's top module. */
  top: string;
  /** The simulation's trace: FST, or VCD when the name ends in `.vcd`. */
  tracePath: string;
  /** A directory of the caller's for Yosys's script. */
  workDir: string;
  tools: Record<ToolName, string>;
  signal: AbortSignal;
  /**
   * Where the fst-dump helper is built and kept. Give a lasting directory (say, the service's
   * data directory) to build it once; the default, the parent of `workDir`, builds it once per job.
   */
  cacheDir?: string;
  /** The testbench's top module: only instances below it count. */
  testbenchTop?: string;
}

export interface FsmCoverageReport {
  percent: number | null;
  reason?: string;
  machines: FsmMachine[];
}

interface Instance {
  fsm: ExtractedFsm;
  scope: TraceScope;
  variable: TraceVariable;
}

function instancesIn(
  scopes: readonly TraceScope[],
  fsm: ExtractedFsm,
  testbenchTop: string | undefined,
): Instance[] {
  return scopes.flatMap((scope) => {
    const parents = scope.path.slice(0, -1);
    const below = testbenchTop === undefined ? parents.length > 0 : parents.includes(testbenchTop);
    if (!below || (scope.component !== null && scope.component !== fsm.module)) return [];
    const variable = scope.variables.find((v) => v.name === fsm.register && v.width === fsm.width);
    return variable === undefined ? [] : [{ fsm, scope, variable }];
  });
}

async function traceReader(options: FsmCoverageOptions): Promise<TraceReader> {
  await access(options.tracePath).catch(() => {
    throw new FsmCoverageUnavailable(`there is no trace to read (${options.tracePath})`);
  });
  if (options.tracePath.endsWith('.vcd')) return new VcdReader(options.tracePath);
  const cacheDir = options.cacheDir ?? dirname(options.workDir);
  const executable = await fstDumpExecutable({
    cacheDir,
    verilator: options.tools.verilator,
    signal: options.signal,
  });
  return new FstReader(options.tracePath, { executable, cwd: options.workDir, signal: options.signal });
}

const machineLabel = (fsm: ExtractedFsm) => `${fsm.module} (${fsm.width}-bit '${fsm.register}')`;

async function coverage(options: FsmCoverageOptions): Promise<FsmCoverageReport> {
  const machines = await extractStateMachines(options, {
    yosys: options.tools.yosys,
    workDir: options.workDir,
    signal: options.signal,
  });
  if (machines.length === 0) {
    return { percent: null, reason: 'yosys finds no state machine in the design', machines: [] };
  }

  const reader = await traceReader(options);
  const scopes = await reader.scopes();
  const instances = machines.flatMap((fsm) => instancesIn(scopes, fsm, options.testbenchTop));
  if (instances.length === 0) {
    const reason = `the trace has no instance of ${machines.map(machineLabel).join(', ')}`;
    return { percent: null, reason, machines: [] };
  }
  const changes = await reader.changes([...new Set(instances.map((i) => i.variable.id))]);
  const texts = await Promise.all(
    options.sources.map((source) => readFile(join(options.sourceDir, source), 'utf8')),
  );
  const covered = instances.map(({ fsm, scope, variable }) =>
    machineCoverage(fsm, scope.path.join('.'), changes.get(variable.id) ?? [], stateNames(texts, fsm)),
  );
  const count = (machine: FsmMachine) => ({
    points: machine.states.length + machine.transitions.length,
    hit: machine.states.filter((s) => s.visited).length + machine.transitions.filter((t) => t.taken).length,
  });
  const totals = covered
    .map(count)
    .reduce((sum, c) => ({ points: sum.points + c.points, hit: sum.hit + c.hit }), { points: 0, hit: 0 });
  return { percent: percentOf(totals.hit, totals.points), machines: covered };
}

/** FSM coverage of a simulation's trace; see the top of this file for what it counts. */
export async function computeFsmCoverage(options: FsmCoverageOptions): Promise<FsmCoverageReport> {
  try {
    return await coverage(options);
  } catch (error) {
    if (!(error instanceof FsmCoverageUnavailable)) throw error;
    return { percent: null, reason: error.message, machines: [] };
  }
}
