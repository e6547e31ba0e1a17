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
