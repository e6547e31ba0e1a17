import type { ComponentChildren } from 'preact';
import { useEffect } from 'preact/hooks';

export interface PageProps {
  /** The h1, and the document title before " · Verification platform". */
  title: string;
  /** Buttons or links beside the title (the page's main actions). */
  actions?: ComponentChildren;
  children?: ComponentChildren;
}

/** A page's frame: the document title, one h1 and its actions, then the content. */
export function Page({ title, actions, children }: PageProps) {
  useEffect(() => {
    document.title = `${title} · Verification platform`;
  }, [title]);
  return (
    <>
      <div class="page-header">
        <h1>{title}</h1>
        {actions === undefined ? null : <div class="page-actions">{actions}</div>}
      </div>
      {children}
    </>
  );
}
