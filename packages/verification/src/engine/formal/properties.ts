/**
 * The properties of a prepared design: its assertion cells, read from the Yosys JSON the
 * preparation script writes (the flattened top module holding nothing but them).
 */

export interface Property {
  /** The cell's name as Yosys JSON gives it and as a selection (`c:<cell>`) finds it. */
  cell: string;
  /** What the user reads: the assertion's label, or its source location when it has none. */
  name: string;
  /** `file:line` of the assertion. */
  source: string;
  /** How yosys-smtbmc names it in `Assert failed in <top>: <report>` lines. */
  report: string;
}

interface YosysCell {
  type: string;
  hide_name: number;
  attributes: Record<string, string>;
}

interface YosysJson {
  modules: Record<string, { cells: Record<string, YosysCell> }>;
}

/**
 * `rtl/fifo.sv:64.7-64.67` (file, start line.column, end line.column) → `rtl/fifo.sv:64`. The
 * end line it is: Yosys starts an unlabelled assertion where the statement before it ended.
 */
export function sourceLine(src: string): string {
  const match = /^(.*):\d+\.\d+-(\d+)\.\d+$/.exec(src);
  return match === null ? src : `${match[1]}:${match[2]}`;
}

/**
 * yosys-smtbmc names an assertion as write_smt2 declared it: a labelled one by its label, an
 * unlabelled one by `<src> (<cell>)`; write_smt2 writes every `\` of a name as `/`.
 */
function smtbmcReport(cell: string, labelled: boolean, src: string | undefined): string {
  const smt2Name = cell.replaceAll('\\', '/');
  return labelled || src === undefined ? smt2Name : `${src} (${smt2Name})`;
}

/** The assertions of `top`, in source order; names made unique with a `#<n>` suffix. */
export function readProperties(json: string, top: string): Property[] {
  const cells = (JSON.parse(json) as YosysJson).modules[top]?.cells ?? {};
  const properties = Object.entries(cells)
    .filter(([, cell]) => cell.type === '$assert')
    .map(([cell, { hide_name, attributes }]): Property => {
      const labelled = hide_name === 0;
      const source = attributes.src === undefined ? '' : sourceLine(attributes.src);
      const name = labelled || source === '' ? cell : source;
      return { cell, name, source, report: smtbmcReport(cell, labelled, attributes.src) };
    })
    .sort(
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
