/**
 * Finding a testbench's top module (the simulation's testbench, the crypto harness) when
 * verify.json does not name it: the module declared in its files that no other module
 * instantiates. The sources are read, not
 * elaborated: comments and strings are removed, modules are found by `module <name>`, and a
 * module counts as instantiated where another module's body has its name followed by a
 * parameter list (`#(`) or an instance name.
 */

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface SourceText {
  path: string;
  text: string;
}

export type TopSearch = { top: string } | { error: string };

const MODULE_NAME = /^[A-Za-z_][\w$]*$/;

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

/** `field` is the verify.json key that names the top, for the message when several are found. */
export function findTestbenchTop(testbenchSources: readonly SourceText[], field: string): TopSearch {
  const modules = modulesOf(testbenchSources);
  if (modules.size === 0) return { error: 'the testbench files declare no module' };
  const tops = [...modules.keys()].filter(
    (candidate) => ![...modules].some(([name, body]) => name !== candidate && instantiates(body, candidate)),
  );
  if (tops.length === 1) return { top: tops[0]! };
  if (tops.length === 0) return { error: 'every testbench module is instantiated by another one' };
  return {
    error: `the testbench files have several top modules (${tops.join(', ')}): name one in ${field}`,
  };
}

/**
 * The top module of `files` (relative to `sourceDir`): the one verify.json names under `field`,
 * which must be a plain name as it is written into generated sources, or the one found.
 */
export async function resolveTop(
  sourceDir: string,
  files: readonly string[],
  named: string | null,
  field: string,
): Promise<TopSearch> {
  if (named !== null) {
    return MODULE_NAME.test(named) ? { top: named } : { error: `${field} is not a module name: ${named}` };
  }
  const sources = await Promise.all(
    files.map(async (path) => ({ path, text: await readFile(join(sourceDir, path), 'utf8') })),
  );
  return findTestbenchTop(sources, field);
}
