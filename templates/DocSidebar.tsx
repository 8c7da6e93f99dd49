import { useSite } from './context.js';
import { DocSidebarTree } from './DocSidebarTree.js';

/** The docs sidebar on desktop widths (the mobile drawer shows the same tree). */
export function DocSidebar() {
  const site = useSite();
  if (!site.docs) return null;
  return (
    <aside className="doc-sidebar" aria-label="Docs sidebar">
      <nav className="doc-sidebar-nav" aria-label="Docs">
        <DocSidebarTree items={site.docs.sidebar} />
      </nav>
    </aside>
  );
}
