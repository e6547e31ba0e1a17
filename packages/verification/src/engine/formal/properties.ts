/**
 * The properties of a design: its assertion, cover and liveness cells in every module instance
 * under the top, read from the Yosys JSON the model script writes (each module holding nothing
 * but those cells and its submodule instances). The design is not flattened, as SymbiYosys does
 * not flatten it, so a property inside a module instantiated twice is two properties.
 */

export type PropertyKind = 'assert' | 'cover' | 'live';

export interface Property {
  kind: PropertyKind;
  /** Unique in the design: the instance path and the cell (`u_fifo/p_count`); verdicts are keyed by it. */
  key: string;
  /** The module holding the cell. */
  module: string;
  /** The cell's name as Yosys JSON gives it and as a selection (`<module>/c:<cell>`) finds it. */
  cell: string;
  /** What the user reads: the label (or source location), after the instance path (`u_fifo.p_count`). */
  name: string;
  /** `file:line` of the property. */
  source: string;
  /** yosys-smtbmc's scope of the instance (`<top>.u_fifo`), as in `Assert failed in <scope>: ...`. */
  scope: string;
  /** How yosys-smtbmc names it in its messages. */
  report: string;
}

interface YosysCell {
  type: string;
  hide_name: number;
  attributes: Record<string, string>;
}

interface YosysJson {
  modules: Record<string, { attributes?: Record<string, string>; cells?: Record<string, YosysCell> }>;
}

const KINDS: Record<string, PropertyKind> = { $assert: 'assert', $cover: 'cover', $live: 'live' };

/**
 * `rtl/fifo.sv:64.7-64.67` (file, start line.column, end line.column) → `rtl/fifo.sv:64`. The
 * end line it is: Yosys starts an unlabelled assertion where the statement before it ended.
 */
export function sourceLine(src: string): string {
  const match = /^(.*):\d+\.\d+-(\d+)\.\d+$/.exec(src);
  return match === null ? src : `${match[1]}:${match[2]}`;
}

/**
 * yosys-smtbmc names a property as write_smt2 declared it: a labelled one by its label, an
 * unlabelled one by `<src> (<cell>)`; write_smt2 writes every `\` of a name as `/`.
 */
function smtbmcReport(cell: string, labelled: boolean, src: string | undefined): string {
  const smt2Name = cell.replaceAll('\\', '/');
  return labelled || src === undefined ? smt2Name : `${src} (${smt2Name})`;
}

/**
 * The properties of the top module (the one `hierarchy` marks `top`) and of every instance below
 * it, in source order; names made unique with `#<n>`. Null when no module is marked top.
 */
export function readProperties(json: string): Property[] | null {
  const { modules } = JSON.parse(json) as YosysJson;
  const top = Object.keys(modules).find((name) => /^0*1$/.test(modules[name]?.attributes?.top ?? ''));
  if (top === undefined) return null;
  const properties: Property[] = [];
  const visit = (module: string, path: string[]): void => {
    for (const [cell, { type, hide_name, attributes }] of Object.entries(modules[module]?.cells ?? {})) {
      const kind = KINDS[type];
      if (kind === undefined) {
        // An instance of a module of the design (cells of Yosys's own types start with `$`).
        if (!type.startsWith('$') && modules[type] !== undefined) visit(type, [...path, cell]);
        continue;
      }
      const labelled = hide_name === 0;
      const source = attributes.src === undefined ? '' : sourceLine(attributes.src);
      const local = labelled || source === '' ? cell : source;
      properties.push({
        kind,
        key: [...path, cell].join('/'),
        module,
        cell,
        name: [...path, local].join('.'),
        source,
        scope: [top, ...path].join('.'),
        report: smtbmcReport(cell, labelled, attributes.src),
      });
    }
  };
  visit(top, []);
  properties.sort(
    (a, b) => a.source.localeCompare(b.source, 'en', { numeric: true }) || a.name.localeCompare(b.name),
  );
  const seen = new Map<string, number>();
  for (const property of properties) {
    const count = (seen.get(property.name) ?? 0) + 1;
    seen.set(property.name, count);
    if (count > 1) property.name = `${property.name}#${count}`;
  }
  return properties;
}
