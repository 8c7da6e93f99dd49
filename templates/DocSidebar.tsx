import { useContext } from 'react';
import { SidebarStateContext, useSite } from './context.js';
import { DocSidebarTree } from './DocSidebarTree.js';

/**
 * The docs sidebar on desktop widths (the mobile drawer shows the same tree). With
 * `docs.hideableSidebar` a button at its foot hides it to a narrow strip, and a button
 * on that strip brings it back; the choice holds while the reader moves between pages.
 */
export function DocSidebar() {
  const site = useSite();
  const state = useContext(SidebarStateContext);
  if (!site.docs) return null;
  const hideable = site.docs.hideableSidebar;
  const hidden = hideable && state.hidden;
  const nav = (
    <nav className="doc-sidebar-nav" aria-label="Docs">
      <DocSidebarTree items={site.docs.sidebar} />
    </nav>
  );
  if (hidden) {
    return (
      <aside className="doc-sidebar doc-sidebar-hidden" aria-label="Docs sidebar">
        <button type="button" className="sidebar-expand-button" title="Expand sidebar" aria-label="Expand sidebar" onClick={() => state.setHidden(false)}>
          <span aria-hidden="true" className="sidebar-toggle-icon" />
        </button>
      </aside>
    );
  }
  return (
    <aside className="doc-sidebar" aria-label="Docs sidebar">
      {hideable ? (
        // The button sits at the foot of the viewport-high sidebar, under the scrolling tree.
        <div className="doc-sidebar-hideable">
          {nav}
          <button
            type="button"
            className="sidebar-collapse-button"
            title="Collapse sidebar"
            aria-label="Collapse sidebar"
            onClick={() => state.setHidden(true)}
          >
            <span aria-hidden="true" className="sidebar-toggle-icon" />
          </button>
        </div>
      ) : (
        nav
      )}
    </aside>
  );
}
