/**
 * Reads a program and splices in the files it includes, so the importer sees one list of
 * statements whose spans still name their files. The built-in `stdgates.inc` and `qelib1.inc`
 * stay `Include` statements (the importer declares their gates); any other include goes
 * through the caller's resolver, at most `MAX_INCLUDE_DEPTH` levels deep and without cycles.
 */
import { AppError } from '@lab/server-kit/errors';
import type { Include, Program, Statement } from './ast.js';
import { qasmError } from './diagnostics.js';
import { parse } from './parser.js';
import { QELIB1_INC, STDGATES_INC } from './stdlib.js';

/** How deep includes may nest (the top file includes at depth 1). */
export const MAX_INCLUDE_DEPTH = 8;

/** Reads an include that is not built in; `from` is the including file (undefined for the top source). */
export type IncludeResolver = (path: string, from: string | undefined) => { file: string; source: string };

export const isBuiltinInclude = (path: string): boolean => path === STDGATES_INC || path === QELIB1_INC;

/** The top program with every non-built-in include at global scope replaced by the included statements. */
export function loadProgram(
  source: string,
  file: string | undefined,
  resolve: IncludeResolver | undefined,
): Program {
  const program = parse(source, file === undefined ? {} : { file });
  const chain = file === undefined ? [] : [file];
  return { ...program, statements: splice(program.statements, { from: file, depth: 0, chain, resolve }) };
}

interface SpliceContext {
  /** The file whose statements are spliced. */
  readonly from: string | undefined;
  /** How deep `from` is included (the top file is 0). */
  readonly depth: number;
  /** The files being read, outermost first, for cycles. */
  readonly chain: readonly string[];
  readonly resolve: IncludeResolver | undefined;
}

function splice(statements: readonly Statement[], context: SpliceContext): Statement[] {
  return statements.flatMap((statement): Statement[] => {
    if (statement.kind !== 'Include' || isBuiltinInclude(statement.path)) return [statement];
    if (context.depth + 1 > MAX_INCLUDE_DEPTH)
      throw qasmError(statement.span, `includes nest more than ${MAX_INCLUDE_DEPTH} levels deep`);
    const { file, source } = read(statement, context.from, context.resolve);
    if (context.chain.includes(file)) {
      const cycle = [...context.chain.slice(context.chain.indexOf(file)), file].map((f) => `'${f}'`);
      throw qasmError(statement.span, `include cycle: ${cycle.join(' includes ')}`);
    }
    const included = parse(source, { file });
    return splice(included.statements, {
      from: file,
      depth: context.depth + 1,
      chain: [...context.chain, file],
      resolve: context.resolve,
    });
  });
}

function read(
  statement: Include,
  from: string | undefined,
  resolve: IncludeResolver | undefined,
): { file: string; source: string } {
  if (resolve === undefined) {
    throw qasmError(
      statement.span,
      `cannot include '${statement.path}': only the built-in '${STDGATES_INC}' and '${QELIB1_INC}' are available here`,
    );
  }
  try {
    return resolve(statement.path, from);
  } catch (error) {
    if (
      error instanceof AppError &&
      (error.code === 'INVALID_QASM' || error.code === 'UNSUPPORTED_QASM_FEATURE')
    )
      throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw qasmError(statement.span, `cannot include '${statement.path}': ${reason}`, { cause: error });
  }
}
