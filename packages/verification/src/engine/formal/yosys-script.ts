/**
 * The Yosys scripts of the formal stage, as SymbiYosys 0.23 (the release of Yosys 0.23) writes
 * them in `make_model` (sbysrc/sby_core.py):
 *
 * - `model.ys` ("base"): the task's script, `hierarchy -smtcheck`, the design written as RTLIL;
 *   then the properties listed (see properties.ts).
 * - `prep.ys` ("prep"): `scc -select; simplemap; select -clear`, `memory_nordff`, `clk2fflogic`
 *   (multiclock on) or `async2sync` and `chformal -assume -early`, `opt_clean`, `formalff -setundef
 *   -clk2ff -ff2anyinit`, the properties the mode does not check removed, `opt_clean`, `check`,
 *   `setundef -undriven -anyseq`, `opt -fast`, `rename -witness`, `opt_clean`.
 * - `smt2.ys` ("smt2"): `hierarchy -smtcheck`, `dffunmap`, `write_smt2 -wires`: the design is
 *   not flattened (yosys-smtbmc reads hierarchical models).
 * - `aiger.ys` ("aig", for abc pdr): flattened, mapped to AND gates, `write_aiger`.
 * - `live.ys` (mode live): the same, in ASCII, once per liveness cell (see liveAigerScript).
 *
 * Yosys splits script lines at spaces and reads `;` and `#` as a command separator and a
 * comment, so every file name and cell name put in a script must be a plain word (see
 * `isScriptWord`). Defines go through a generated header instead, so their values are free.
 */
import type { FormalMode } from '../../domain/formal-config.js';

/** Whether `word` can stand in a Yosys script as one argument. */
export function isScriptWord(word: string): boolean {
  return /^[^\s"';#]+$/.test(word);
}

/**
 * Commands that run programs or load code (a shell, Tcl, Python, plugins, other scripts): never
 * from a user's script line, which otherwise could do with the service's rights what no route may.
 */
const PROGRAM_COMMANDS = new Set(['!', 'shell', 'exec', 'tcl', 'python', 'plugin', 'script', 'bugpoint']);

/**
 * Why a script line of a project (verify.json's `script`, a .sby `[script]`) may not run, or null.
 * The line is read as Yosys reads it (commands split at `;`, a `#` starting a comment, words at
 * spaces, quotes taken off); a command that runs a program is refused, and so is any word that is
 * an absolute path or climbs out with `..`, so what a script reads or writes stays in the task's
 * own directory.
 */
export function unsafeScriptLine(line: string): string | null {
  if (line.trimStart().startsWith('!')) return "'!' runs a shell command";
  const code = line.split('#', 1)[0] ?? '';
  for (const command of code.split(';')) {
    const words = command
      .trim()
      .split(/\s+/)
      .filter((word) => word !== '')
      .map((word) => word.replace(/^["']|["']$/g, ''));
    const [name] = words;
    if (name !== undefined && PROGRAM_COMMANDS.has(name))
      return `the command '${name}' runs a program or other code`;
    const outside = words.find(
      (word) => /^[/~]/.test(word) || word.split(/[/=]/).includes('..') || /=[/~]/.test(word),
    );
    if (outside !== undefined) return `'${outside}' names a file outside the task's directory`;
  }
  return null;
}

/** A header giving each define to every source read after it. */
export function definesHeader(defines: Readonly<Record<string, string>>): string {
  return Object.entries(defines)
    .map(([name, value]) => `\`define ${name} ${value.replaceAll('\n', '\\\n')}\n`)
    .join('');
}

/** Cells of Yosys's own types (`$...`) that are no property: deleted before the properties are listed. */
const NOT_PROPERTIES = 't:$* t:$assert t:$cover %u t:$live %u %d';

/** The task's script, then the design and its properties written out (paths absolute). */
export function modelScript(script: readonly string[], files: { rtlil: string; properties: string }): string {
  return [
    ...script,
    // The user must name a top module in the script, as with sby.
    'hierarchy -smtcheck',
    `write_rtlil ${files.rtlil}`,
    // What is left is the properties and the instances that hold them, small enough to list.
    `delete ${NOT_PROPERTIES}`,
    'opt_clean -purge',
    `write_json ${files.properties}`,
    '',
  ].join('\n');
}

/** What each mode keeps (sby: bmc and prove check assertions; cover covers; live liveness). */
const MODE_PROPERTIES: Record<FormalMode, string[]> = {
  bmc: ['chformal -live -fair -cover -remove'],
  prove: ['chformal -live -fair -cover -remove'],
  cover: ['chformal -live -fair -remove'],
  live: ['chformal -assert2assume', 'chformal -cover -remove'],
};

export function prepScript(input: {
  rtlil: string;
  prepared: string;
  mode: FormalMode;
  multiclock: boolean;
}): string {
  return [
    `read_rtlil ${input.rtlil}`,
    'scc -select; simplemap; select -clear',
    'memory_nordff',
    ...(input.multiclock ? ['clk2fflogic'] : ['async2sync', 'chformal -assume -early']),
    'opt_clean',
    'formalff -setundef -clk2ff -ff2anyinit',
    ...MODE_PROPERTIES[input.mode],
    'opt_clean',
    'check',
    'setundef -undriven -anyseq',
    'opt -fast',
    'rename -witness',
    'opt_clean',
    `write_rtlil ${input.prepared}`,
    '',
  ].join('\n');
}

export interface AssertionSubset {
  /** Assertion cells to remove, as `<module>/<cell>` (names as in the properties JSON). */
  remove: readonly string[];
  smt2: string;
}

/** The SMT2 model of the prepared design, and one per subset (with some assertions removed). */
export function smt2Script(prepared: string, smt2: string, subsets: readonly AssertionSubset[] = []): string {
  const lines = [`read_rtlil ${prepared}`, 'hierarchy -smtcheck', 'dffunmap', 'design -save model'];
  if (smt2 !== '') lines.push(`write_smt2 -wires ${smt2}`);
  for (const subset of subsets) {
    lines.push('design -load model');
    // Without a selection chformal would remove every assertion.
    if (subset.remove.length > 0) {
      lines.push(['chformal', '-assert', '-remove', ...subset.remove.map(cellSelection)].join(' '));
    }
    lines.push(`write_smt2 -wires ${subset.smt2}`);
  }
  lines.push('');
  return lines.join('\n');
}

/** `<module>/<cell>` as a selection of that cell. */
function cellSelection(moduleCell: string): string {
  const slash = moduleCell.indexOf('/');
  return `${moduleCell.slice(0, slash)}/c:${moduleCell.slice(slash + 1)}`;
}

/** sby's "aig" model: flattened, mapped to AND gates, every assertion one bad-state output. */
export function aigerScript(prepared: string, aiger: string): string {
  return [`read_rtlil ${prepared}`, ...aigerLines(`-I -B -zinit -no-startoffset ${aiger}`), ''].join('\n');
}

/**
 * Mode live: one ASCII AIGER model per liveness cell, every other liveness cell removed, so that
 * the model's justice properties are that cell's (one per instance of its module): write_aiger
 * names no justice property.
 */
export function liveAigerScript(
  prepared: string,
  models: readonly { remove: readonly string[]; aiger: string }[],
): string {
  const lines = [`read_rtlil ${prepared}`, 'design -save live'];
  for (const model of models) {
    lines.push('design -load live');
    if (model.remove.length > 0) {
      lines.push(['chformal', '-live', '-remove', ...model.remove.map(cellSelection)].join(' '));
    }
    lines.push(...aigerLines(`-ascii -I -B -zinit -no-startoffset ${model.aiger}`));
  }
  lines.push('');
  return lines.join('\n');
}

function aigerLines(writeOptions: string): string[] {
  return [
    'hierarchy -simcheck',
    'flatten',
    'setundef -undriven -anyseq',
    'setattr -unset keep',
    'delete -output',
    'opt -full',
    'techmap',
    'opt -fast',
    'memory_map -formal',
    'formalff -clk2ff -ff2anyinit',
    'simplemap',
    'dffunmap',
    'abc -g AND -fast',
    'opt_clean',
    'stat',
    `write_aiger ${writeOptions}`,
  ];
}
