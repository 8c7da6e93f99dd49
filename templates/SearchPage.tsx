import { type ComponentType, useEffect, useState } from 'react';
import type { PageData } from '../src/shared/page-data.js';

/**
 * The /search page (`/search?q=…`): the same results as the dialog, full-page and linkable. The
 * server renders the shell and a note that search needs JavaScript (hidden by CSS once the client
 * runs); the results part is the lazy search chunk.
 */
export function SearchPage({ page }: { page: PageData<'search'> }) {
  const [Body, setBody] = useState<ComponentType | null>(null);
  useEffect(() => {
    import('./search/SearchPageBody.js').then(
      (module) => setBody(() => module.SearchPageBody),
      () => {},
    );
  }, []);
  return (
    <main id="main-content" className="page-main" tabIndex={-1}>
      <div className="page-container narrow search-page">
        <h1 className="doc-title">{page.props.title}</h1>
        <p className="search-needs-js">Search needs JavaScript. Turn it on to search, or browse the documentation and the blog from the navbar.</p>
        {Body ? <Body /> : null}
      </div>
    </main>
  );
}
