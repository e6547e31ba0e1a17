/**
 * Windowing for a list of fixed-height rows: which rows a viewport shows, where they sit, and
 * where to scroll to reveal one. Pure arithmetic, so the log view keeps only the visible rows (and
 * a few either side) in the DOM whatever the list's length.
 */

export interface Viewport {
  /** rows in the whole list */
  count: number;
  /** height of one row, px */
  rowHeight: number;
  /** the scroll container's scrollTop, px */
  scrollTop: number;
  /** the scroll container's clientHeight, px */
  height: number;
  /** rows kept in the DOM beyond each edge of the viewport, so a fast scroll shows no gap */
  overscan: number;
}

export interface RowWindow {
  /** first row to render */
  start: number;
  /** one past the last row to render */
  end: number;
  /** height of the whole list, px (the spacer that gives the scrollbar its range) */
  total: number;
}

export function rowWindow({ count, rowHeight, scrollTop, height, overscan }: Viewport): RowWindow {
  const total = count * rowHeight;
  if (count === 0 || rowHeight <= 0) return { start: 0, end: 0, total: Math.max(0, total) };
  // A scrollTop past the end (the list just shrank under a filter) shows the last screenful.
  const top = Math.min(Math.max(0, scrollTop), Math.max(0, total - height));
  const first = Math.floor(top / rowHeight);
  const last = Math.ceil((top + Math.max(0, height)) / rowHeight);
  const start = Math.max(0, first - overscan);
  const end = Math.min(count, last + overscan);
  return { start, end, total };
}

/** The scrollTop that shows the list's end. */
export function endScrollTop(count: number, rowHeight: number, height: number): number {
  return Math.max(0, count * rowHeight - height);
}

/**
 * Whether the viewport shows the list's end, within one row: the log follows new lines only
 * while it does, so scrolling up stops the following.
 */
export function atEnd(viewport: Omit<Viewport, 'overscan'>): boolean {
  const { count, rowHeight, scrollTop, height } = viewport;
  return scrollTop >= endScrollTop(count, rowHeight, height) - rowHeight;
}

/**
 * The scrollTop that brings `index` into view with the least movement: unchanged when the row is
 * already whole on screen, else the row at the top (scrolling up) or the bottom (scrolling down).
 */
export function scrollTopToReveal(
  index: number,
  rowHeight: number,
  scrollTop: number,
  height: number,
): number {
  const rowTop = index * rowHeight;
  const rowBottom = rowTop + rowHeight;
  if (rowTop < scrollTop) return rowTop;
  if (rowBottom > scrollTop + height) return Math.max(0, rowBottom - height);
  return scrollTop;
}
