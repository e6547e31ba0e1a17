/**
 * Formal tasks: what one SymbiYosys task is (mode, depth, multiclock, expect, engines, the Yosys
 * script reading the design), built from a `.sby` file of the project or from verify.json's
 * formal section. A job without tasks has one, named `default`.
 */
import { posix } from 'node:path';
import {
  FORMAL_EXPECT,
  FORMAL_MODES,
  SMTBMC_SOLVERS,
  type FormalExpect,
  type FormalMode,
  type ResolvedFormalConfig,
  type SmtbmcSolver,
} from '../../domain/formal-config.js';
import { definesHeader, isScriptWord, unsafeScriptLine } from './yosys-script.js';
import { sbyTaskList, sbyTaskSettings, type SbyFileEntry } from './sby-file.js';

export class FormalTaskError extends Error {
  override name = 'FormalTaskError';
}

export type FormalEngine =
  | { kind: 'smtbmc'; solver: SmtbmcSolver; presat: boolean; line: string }
  | { kind: 'abc'; command: 'pdr'; line: string };

export interface FormalTask {
  name: string;
  mode: FormalMode;
  depth: number;
  multiclock: boolean;
  expect: FormalExpect[];
  engines: FormalEngine[];
  /** prove mode with smtbmc: k-induction after the bounded check. */
  induction: boolean;
  /** Yosys commands that read the design and name its top (`prep -top`), as a .sby [script]. */
  script: string[];
  /** verify.json's defines, as a header the script reads first (see definesHeader); null: none. */
  definesHeader: { path: string; text: string } | null;
  /**
   * A .sby task's files ([files] relative to the .sby file's directory, and [file] texts), put in
   * the task's own source directory where its script runs; null: the script runs in the job's copy.
   */
  files: { copies: SbyFileEntry[]; inline: Map<string, string> } | null;
  /** Seconds, from a .sby `timeout` option; the stage's own limit applies as well. */
  timeoutSeconds: number | null;
}

export const DEFAULT_TASK = 'default';

/**
 * One `[engines]` line, as sby's smtbmc and abc engines take it (the ones the platform runs).
 * Mode live takes `abc pdr` only, on the liveness-to-safety model (live-to-safe.ts): sby's own
 * engine there, `aiger suprove`, is in neither Debian nor PyPI, and smtbmc does not check liveness.
 */
export function parseEngine(line: string, mode: FormalMode): FormalEngine {
  const [kind, ...args] = line.trim().split(/\s+/);
  if (mode === 'live' && !(kind === 'abc' && args.join(' ') === 'pdr')) {
    throw new FormalTaskError(
      `engine '${line}' is not supported in mode live: the platform checks liveness with abc pdr ` +
        '(in place of aiger suprove, which is not installed)',
    );
  }
  if (kind === 'smtbmc') {
    let presat = true;
    // With no solver named, yosys-smtbmc uses yices, so sby does too.
    let solver: SmtbmcSolver = 'yices';
    let solvers = 0;
    for (const arg of args) {
      if (arg === '--nopresat') presat = false;
      else if (arg === '--presat') presat = true;
      else if ((SMTBMC_SOLVERS as readonly string[]).includes(arg) && solvers++ === 0) {
        solver = arg as SmtbmcSolver;
      } else {
        throw new FormalTaskError(
          `engine '${line}': '${arg}' is not supported (smtbmc takes --presat, --nopresat and one solver: ${SMTBMC_SOLVERS.join(', ')})`,
        );
      }
    }
    return { kind: 'smtbmc', solver, presat, line };
  }
  if (kind === 'abc') {
    if (args.length !== 1 || args[0] !== 'pdr') {
      throw new FormalTaskError(`engine '${line}': the platform runs abc with the pdr command only`);
    }
    if (mode !== 'prove' && mode !== 'live') {
      throw new FormalTaskError(`engine '${line}': abc pdr is only valid in modes prove and live`);
    }
    return { kind: 'abc', command: 'pdr', line };
  }
  throw new FormalTaskError(`engine '${line}' is not supported (the platform runs smtbmc and abc pdr)`);
}

function parseExpect(value: string): FormalExpect[] {
  const expect = value.split(',').map((word) => word.trim().toLowerCase());
  for (const word of expect) {
    if (!(FORMAL_EXPECT as readonly string[]).includes(word)) {
      throw new FormalTaskError(`option expect: '${word}' is not one of ${FORMAL_EXPECT.join(', ')}`);
    }
  }
  return expect as FormalExpect[];
}

function onOff(name: string, value: string): boolean {
  if (value === 'on') return true;
  if (value === 'off') return false;
  throw new FormalTaskError(`option ${name}: '${value}' is neither on nor off`);
}

function positiveInteger(name: string, value: string, maximum: number): number {
  const number = Number(value);
  if (!/^\d+$/.test(value) || number < 1 || number > maximum) {
    throw new FormalTaskError(`option ${name}: '${value}' is not an integer from 1 to ${maximum}`);
  }
  return number;
}

/** The script lines of a project, each one checked by unsafeScriptLine. */
function checkedScript(lines: readonly string[]): string[] {
  for (const line of lines) {
    const reason = unsafeScriptLine(line);
    if (reason !== null) throw new FormalTaskError(`script line '${line.trim()}': ${reason}`);
  }
  return [...lines];
}

/** A name a task's source directory may hold: one plain file name, nothing outside it. */
const isPlainName = (name: string) => name !== '' && name !== '.' && name !== '..' && !name.includes('/');

/** A [files] path must stay inside the project, and land in the task's source directory. */
function checkedSource(sbyDir: string, entry: SbyFileEntry): SbyFileEntry {
  const source = posix.normalize(posix.join(sbyDir, entry.source));
  if (entry.source.startsWith('/') || source.startsWith('..') || !isPlainName(entry.dest)) {
    throw new FormalTaskError(`[files] '${entry.source}' is outside the project or not a plain file name`);
  }
  return { dest: entry.dest, source };
}

/** One task of a .sby file (`name` null: the file has no tasks, the task is `default`). */
function sbyTask(text: string, sbyPath: string, name: string | null): FormalTask {
  const where = name === null ? sbyPath : `${sbyPath}, task ${name}`;
  try {
    const settings = sbyTaskSettings(text, name);
    const options = new Map(settings.options);
    const take = (option: string): string | undefined => {
      const value = options.get(option);
      options.delete(option);
      return value;
    };
    const modeValue = take('mode');
    if (modeValue === undefined) throw new FormalTaskError('the mode option is missing');
    if (!(FORMAL_MODES as readonly string[]).includes(modeValue)) {
      throw new FormalTaskError(`option mode: '${modeValue}' is not one of ${FORMAL_MODES.join(', ')}`);
    }
    const mode = modeValue as FormalMode;
    const depth = take('depth');
    const multiclock = take('multiclock');
    const expect = take('expect');
    const timeout = take('timeout');
    const [unsupported] = options.keys();
    if (unsupported !== undefined) throw new FormalTaskError(`option '${unsupported}' is not supported`);
    const engineLines = settings.engines.filter((engine) => engine.mode === null || engine.mode === mode);
    if (engineLines.length === 0) throw new FormalTaskError('there is no engine for this task');
    const sbyDir = posix.dirname(sbyPath);
    const [badName] = [...settings.inlineFiles.keys()].filter((file) => !isPlainName(file));
    if (badName !== undefined) throw new FormalTaskError(`[file ${badName}]: not a plain file name`);
    return {
      name: name ?? DEFAULT_TASK,
      mode,
      depth: depth === undefined ? 20 : positiveInteger('depth', depth, 1000),
      multiclock: multiclock === undefined ? false : onOff('multiclock', multiclock),
      expect: expect === undefined ? ['pass'] : parseExpect(expect),
      engines: engineLines.map((engine) => parseEngine(engine.words.join(' '), mode)),
      induction: true,
      script: checkedScript(settings.script),
      definesHeader: null,
      files: {
        copies: settings.files.map((entry) => checkedSource(sbyDir === '.' ? '' : sbyDir, entry)),
        inline: settings.inlineFiles,
      },
      timeoutSeconds: timeout === undefined ? null : positiveInteger('timeout', timeout, 3600),
    };
  } catch (error) {
    if (error instanceof Error && (error.name === 'FormalTaskError' || error.name === 'SbyFileError')) {
      throw new FormalTaskError(`${where}: ${error.message}`);
    }
    throw error;
  }
}

/** The tasks of a .sby file the job runs: those named, else the file's default tasks. */
export function tasksFromSby(
  text: string,
  sbyPath: string,
  requested: readonly string[] | null,
): FormalTask[] {
  const { tasks, defaults } = sbyTaskList(text);
  if (tasks.length === 0) return [sbyTask(text, sbyPath, null)];
  return (requested ?? defaults).map((name) => sbyTask(text, sbyPath, name));
}

export interface DesignReading {
  sources: readonly string[];
  includeDirs: readonly string[];
  defines: Readonly<Record<string, string>>;
  /** The stage's work directory; each task's defines header is written in `<workDir>/<task>/`. */
  workDir: string;
}

/**
 * The tasks verify.json's formal section describes: task_options' (or those named), else one.
 * Each reads the design as `read_verilog -formal -sv` (which defines FORMAL) and `prep -top`,
 * then runs the section's script lines and the task's own.
 */
export function tasksFromConfig(formal: ResolvedFormalConfig, design: DesignReading): FormalTask[] {
  const options = formal.task_options ?? {};
  const names = formal.tasks ?? (Object.keys(options).length > 0 ? Object.keys(options) : [DEFAULT_TASK]);
  return names.map((name) => {
    const own = options[name] ?? {};
    const mode = own.mode ?? formal.mode;
    const defines = { ...design.defines, ...own.defines };
    const top = own.top ?? formal.top;
    const header =
      Object.keys(defines).length === 0
        ? null
        : { path: posix.join(design.workDir, name, 'defines.vh'), text: definesHeader(defines) };
    const words = [...design.sources, ...design.includeDirs, top, header?.path ?? ''];
    const unreadable = words.find((word) => word !== '' && !isScriptWord(word));
    if (unreadable !== undefined) {
      throw new FormalTaskError(
        `'${unreadable}' cannot be passed to yosys: names with spaces, quotes, ';' or '#' are not supported`,
      );
    }
    const read = [
      'read_verilog',
      '-formal',
      '-sv',
      ...design.includeDirs.map((dir) => `-I${dir}`),
      ...(header === null ? [] : [header.path]),
      ...design.sources,
    ];
    try {
      return {
        name,
        mode,
        depth: own.depth ?? formal.depth,
        multiclock: own.multiclock ?? formal.multiclock,
        expect: own.expect ?? formal.expect,
        engines: (own.engines ?? formal.engines).map((line) => parseEngine(line, mode)),
        induction: formal.induction,
        script: [
          read.join(' '),
          `prep -top ${top}`,
          ...checkedScript([...formal.script, ...(own.script ?? [])]),
        ],
        definesHeader: header,
        files: null,
        timeoutSeconds: null,
      };
    } catch (error) {
      if (error instanceof FormalTaskError)
        throw new FormalTaskError(`formal task ${name}: ${error.message}`);
      throw error;
    }
  });
}
