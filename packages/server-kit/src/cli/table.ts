/**
 * Plain-text layouts of the command-line tools' human output (`hvctl`, `verifyctl`): a table with
 * a header row and columns padded to their widest cell, and an aligned list of labelled fields for
 * one object. Lines carry no trailing spaces, so the output diffs and greps cleanly.
 */

export interface Column<R> {
  header: string;
  value(row: R): string;
  /** Numbers read better right-aligned. */
  align?: 'left' | 'right';
}

const GAP = '  ';

export function formatTable<R>(columns: readonly Column<R>[], rows: readonly R[]): string {
  const cells = rows.map((row) => columns.map((column) => column.value(row)));
  const widths = columns.map((column, i) =>
    Math.max(column.header.length, ...cells.map((line) => (line[i] ?? '').length)),
  );
  const render = (line: readonly string[]): string =>
    line
      .map((cell, i) => {
        const width = widths[i] ?? 0;
        return columns[i]?.align === 'right' ? cell.padStart(width) : cell.padEnd(width);
      })
      .join(GAP)
      .trimEnd();
  return [render(columns.map((column) => column.header)), ...cells.map(render)].join('\n');
}

/** `label:` then the value, values aligned in one column; a multi-line value stays under itself. */
export function formatFields(fields: readonly (readonly [label: string, value: string])[]): string {
  const width = Math.max(0, ...fields.map(([label]) => label.length + 1));
  return fields
    .map(([label, value]) => {
      const [first = '', ...rest] = value.split('\n');
      const head = `${`${label}:`.padEnd(width)}${GAP}${first}`.trimEnd();
      return [head, ...rest.map((line) => `${' '.repeat(width)}${GAP}${line}`.trimEnd())].join('\n');
    })
    .join('\n');
}
