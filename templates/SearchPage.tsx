import { type ComponentType, useEffect, useState } from 'react';
import type { PageData } from '../src/shared/page-data.js';
import { useSite } from './context.js';
import { loadSearch } from './search/load.js';

/**
 * The /search page (`/search?q=…`): the same results as the dialog, full-page and linkable. The
 * server renders the shell and a note that search needs JavaScript (hidden by CSS once the client
 * runs); the results part is the lazy search chunk.
 */
export function SearchPage({ page }: { page: PageData<'search'> }) {
  const site = useSite();
  const [Body, setBody] = useState<ComponentType<{ baseUrl: string }> | null>(null);
  useEffect(() => {
    loadSearch().then(
      (chunk) => setBody(() => chunk.SearchPageBody),
      () => {},
    );
  }, []);
  return (
    <main id="main-content" className="page-main" tabIndex={-1}>
      <div className="page-container narrow search-page">
        <h1 className="doc-title">{page.props.title}</h1>
        <p className="search-needs-js">Search needs JavaScript.</p>
        {Body ? <Body baseUrl={site.baseUrl} /> : null}
      </div>
    </main>
  );
}
