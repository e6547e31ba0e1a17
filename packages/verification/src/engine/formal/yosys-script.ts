/**
 * The Yosys scripts of the formal stage. The preparation follows what SymbiYosys does for its
 * smtbmc engine in prove mode (read with -formal, prep, flatten, async2sync, assumptions moved
 * early, memory_nordff, undriven wires made free inputs, dffunmap, write_smt2 -wires); the
 * subset scripts write copies of that design keeping only some of its assertions.
 *
 * Yosys splits script lines at spaces and reads `;` and `#` as a command separator and a
 * comment, so every file name and cell name put in a script must be a plain word (see
 * `isScriptWord`). Defines go through a generated header instead, so their values are free.
 */

/** Whether `word` can stand in a Yosys script as one argument. */
export function isScriptWord(word: string): boolean {
  return /^[^\s"';#]+$/.test(word);
}

export interface PreparationFiles {
  /** The prepared design, read again by the subset scripts. */
  rtlil: string;
  smt2: string;
  /** The assertion cells with their attributes, as Yosys JSON (see properties.ts). */
  properties: string;
}

export interface PreparationInput {
  /** Read first, when there are defines: `define lines (see definesHeader). */
  definesHeader: string | null;
  sources: readonly string[];
  includeDirs: readonly string[];
  top: string;
  files: PreparationFiles;
}

/** A header giving each define to every source read after it. */
export function definesHeader(defines: Readonly<Record<string, string>>): string {
  return Object.entries(defines)
    .map(([name, value]) => `\`define ${name} ${value.replaceAll('\n', '\\\n')}\n`)
    .join('');
}

export function preparationScript(input: PreparationInput): string {
  const includes = input.includeDirs.map((dir) => `-I${dir}`);
  const reads = [...(input.definesHeader === null ? [] : [input.definesHeader]), ...input.sources];
  return [
    ['read_verilog', '-formal', '-sv', ...includes, ...reads].join(' '),
    `prep -top ${input.top}`,
    // Flattening merges each instance's location into the `src` of the cells inside it; the
    // assertion's own location is kept aside so that it alone names the property.
    'attrmap -rename src formal_src t:$assert',
    'flatten',
    'setattr -unset src t:$assert',
    'attrmap -rename formal_src src t:$assert',
    // Prove mode checks safety properties only.
    'chformal -live -fair -cover -remove',
    'async2sync',
    'chformal -assume -early',
    'memory_nordff',
    'setundef -undriven -anyseq',
    'opt_clean',
    'dffunmap',
    `write_rtlil ${input.files.rtlil}`,
    `write_smt2 -wires ${input.files.smt2}`,
    // What is left is the assertions alone, small enough to list them with their attributes.
    'delete t:* t:$assert %d',
    'opt_clean -purge',
    `write_json ${input.files.properties}`,
    '',
  ].join('\n');
}

export interface AssertionSubset {
  /** Assertion cells to remove (names as in the properties JSON). */
  remove: readonly string[];
  smt2: string;
}

/** Writes one SMT2 model per subset: the prepared design without the subset's removed assertions. */
export function subsetScript(rtlil: string, subsets: readonly AssertionSubset[]): string {
  const lines = [`read_rtlil ${rtlil}`, 'design -save prepared'];
  for (const subset of subsets) {
    lines.push('design -load prepared');
    // Without a selection chformal would remove every assertion.
    if (subset.remove.length > 0) {
      lines.push(['chformal', '-assert', '-remove', ...subset.remove.map((cell) => `c:${cell}`)].join(' '));
    }
    lines.push(`write_smt2 -wires ${subset.smt2}`);
  }
  lines.push('');
  return lines.join('\n');
}
