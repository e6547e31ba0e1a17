/**
 * Finding the testbench's top module when verify.json does not name it: the module declared
 * in the testbench files that no other module instantiates. The sources are read, not
 * elaborated: comments and strings are removed, modules are found by `module <name>`, and a
 * module counts as instantiated where another module's body has its name followed by a
 * parameter list (`#(`) or an instance name.
 */

export interface SourceText {
  path: string;
  text: string;
}

export type TopSearch = { top: string } | { error: string };

const IDENTIFIER = String.raw`[A-Za-z_][\w$]*`;
const MODULE = new RegExp(
  String.raw`\b(?:module|macromodule)\s+(?:(?:static|automatic)\s+)?(${IDENTIFIER})([\s\S]*?)\bendmodule\b`,
  'g',
);

/** The text without comments and string literals (replaced by spaces, so offsets stay). */
export function stripCommentsAndStrings(text: string): string {
  return text.replace(/\/\/[^\n]*|\/\*[\s\S]*?\*\/|"(?:\\.|[^"\\\n])*"/g, (match) =>
    match.replace(/[^\n]/g, ' '),
  );
}

function modulesOf(sources: readonly SourceText[]): Map<string, string> {
  const modules = new Map<string, string>();
  for (const source of sources) {
    for (const match of stripCommentsAndStrings(source.text).matchAll(MODULE)) {
      modules.set(match[1]!, match[2] ?? '');
    }
  }
  return modules;
}

const escapeRegExp = (text: string) => text.replace(/[$]/g, '\\$&');

function instantiates(body: string, module: string): boolean {
  return new RegExp(String.raw`(?<![\w$.])${escapeRegExp(module)}\s*(?:#|${IDENTIFIER}\s*[([])`).test(body);
}

export function findTestbenchTop(testbenchSources: readonly SourceText[]): TopSearch {
  const modules = modulesOf(testbenchSources);
  if (modules.size === 0) return { error: 'the testbench files declare no module' };
  const tops = [...modules.keys()].filter(
    (candidate) => ![...modules].some(([name, body]) => name !== candidate && instantiates(body, candidate)),
  );
  if (tops.length === 1) return { top: tops[0]! };
  if (tops.length === 0) return { error: 'every testbench module is instantiated by another one' };
  return {
    error: `the testbench files have several top modules (${tops.join(', ')}): name one in simulation.testbench_top`,
  };
}
