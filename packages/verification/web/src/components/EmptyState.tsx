import type { ComponentChildren } from 'preact';

/** What a list shows when it has nothing, and what to do about it. */
export function EmptyState({ children }: { children?: ComponentChildren }) {
  return <div class="empty-state">{children}</div>;
}
