/**
 * Report templates in Liquid, sandboxed: a template is text from a project, so it runs no
 * JavaScript, reads only the own properties of the plain report model (no `constructor`, no
 * `__proto__`), cannot include files (partials come from an empty in-memory map, never the disk),
 * knows only the built-in filters, and is cut off past a size, a time and an allocation budget.
 * Every output is HTML-escaped unless the template says `| raw`.
 */
import { AssertionError, Liquid, LiquidError } from 'liquidjs';
import { VpErrors } from '../../errors.js';
import type { ReportModel } from './report-model.js';

/** The largest template accepted, in characters. */
export const TEMPLATE_MAX_CHARS = 256 * 1024;
/** How long one rendering may take, in milliseconds. */
export const RENDER_LIMIT_MS = 2_000;
/** Liquid's allocation budget for one rendering (strings and arrays it builds), in its own units. */
export const MEMORY_LIMIT = 32 * 1024 * 1024;

const engine = new Liquid({
  templates: {},
  ownPropertyOnly: true,
  strictFilters: true,
  outputEscape: 'escape',
  parseLimit: TEMPLATE_MAX_CHARS,
  renderLimit: RENDER_LIMIT_MS,
  memoryLimit: MEMORY_LIMIT,
});

function templateError(name: string, error: LiquidError | AssertionError) {
  // A limit hit before parsing (the template's length) is an assertion, with no position.
  const position = error instanceof LiquidError ? error.token.getPosition() : undefined;
  return VpErrors.ruleViolation(
    { message: `template '${name}': ${error.message}` },
    {
      details: {
        field: 'template',
        ...(position === undefined ? {} : { line: position[0], column: position[1] }),
        suggestion: 'fix the template: Liquid tags and filters only, over the report model given as `report`',
      },
    },
  );
}

/**
 * Renders `source` with the report model as `report`, the only variable. A template that does
 * not parse, or fails or runs out of budget while rendering, is a VALIDATION_ERROR naming `name`
 * and the line.
 */
export async function renderLiquid(name: string, source: string, model: ReportModel): Promise<string> {
  try {
    // A JSON round trip makes sure the template sees plain data, whatever the model's origin.
    const report = JSON.parse(JSON.stringify(model)) as unknown;
    return (await engine.parseAndRender(source, { report })) as string;
  } catch (error) {
    if (error instanceof LiquidError || error instanceof AssertionError) throw templateError(name, error);
    throw error;
  }
}
