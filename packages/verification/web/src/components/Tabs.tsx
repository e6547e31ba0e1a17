export interface Tab {
  id: string;
  label: string;
  href: string;
}

/**
 * A page's sections as links, so each tab has its own URL (shareable, survives a reload); the
 * current one is marked with aria-current for assistive technology and the underline.
 */
export function Tabs({
  tabs,
  current,
  label = 'Sections',
}: {
  tabs: Tab[];
  current: string;
  label?: string;
}) {
  return (
    <nav class="tabs" aria-label={label}>
      {tabs.map((tab) => (
        <a key={tab.id} href={tab.href} class="tab" aria-current={tab.id === current ? 'page' : undefined}>
          {tab.label}
        </a>
      ))}
    </nav>
  );
}
