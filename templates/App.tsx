import './styles/index.css';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { PageData, SiteData } from '../src/shared/page-data.js';
import { AnnouncementBar } from './AnnouncementBar.js';
import { PagesContext, PathContext, SidebarStateContext, SiteContext, type PagesRegistry } from './context.js';
import { autoCollapseChanges } from './DocSidebarTree.js';
import { Footer } from './Footer.js';
import { Navbar } from './Navbar.js';

/**
 * The whole page: skip link, announcement bar, navbar, the page's place and
 * the footer. Rendered to HTML at build time and hydrated in the browser.
 * `content` is what the page's place shows: the route's template (from the
 * server's registry.ts, or the client's client-registry.ts, whose blog
 * templates are a chunk of their own), or the client's error or crash view.
 */
export function App({ site, page, pages, content }: { site: SiteData; page: PageData; pages: PagesRegistry; content: ReactNode }) {
  const [expanded, setExpandedState] = useState<Record<string, boolean>>({});
  const [hidden, setHidden] = useState(false);
  const sidebarState = useMemo(
    () => ({ expanded, setExpanded: (changes: Record<string, boolean>) => setExpandedState((prev) => ({ ...prev, ...changes })), hidden, setHidden }),
    [expanded, hidden],
  );
  // docs.autoCollapseCategories: moving into a category opens it and closes its siblings.
  const previousPath = useRef(page.path);
  useEffect(() => {
    const from = previousPath.current;
    previousPath.current = page.path;
    if (from === page.path || !site.docs?.autoCollapseCategories) return;
    const changes = autoCollapseChanges(site.docs.sidebar, from, page.path);
    if (Object.keys(changes).length > 0) setExpandedState((prev) => ({ ...prev, ...changes }));
  }, [page.path, site.docs]);
  return (
    <SiteContext.Provider value={site}>
      <PagesContext.Provider value={pages}>
        <PathContext.Provider value={page.path}>
          <SidebarStateContext.Provider value={sidebarState}>
            <a className="skip-link" href="#main-content">
              Skip to main content
            </a>
            <AnnouncementBar />
            <Navbar />
            <div className="main-wrapper" data-template={page.template}>
              {content}
            </div>
            <Footer />
          </SidebarStateContext.Provider>
        </PathContext.Provider>
      </PagesContext.Provider>
    </SiteContext.Provider>
  );
}
