import type { ComponentChildren } from 'preact';

/**
 * A table that scrolls sideways on a narrow screen, focusable and named so that a keyboard can
 * scroll it too (axe's scrollable-region-focusable).
 */
export function TableWrap({ label, children }: { label: string; children: ComponentChildren }) {
  return (
    <div class="table-wrap" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

/** A column heading; a numeric column's figures are right-aligned. */
export type Column = string | { label: string; numeric: true };

/** A table's header row. */
export function TableHead({ columns }: { columns: readonly Column[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) =>
          typeof column === 'string' ? (
            <th key={column} scope="col">
              {column}
            </th>
          ) : (
            <th key={column.label} scope="col" class="numeric">
              {column.label}
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}
