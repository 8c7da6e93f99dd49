/** The results part of the /search page (lazy search chunk): a field bound to `?q=` and the results. */
import { useEffect, useMemo, useState } from 'react';
import { withBase } from '../../src/shared/url.js';
import { Excerpt } from './Excerpt.js';
import { rememberSearch, searchEngine } from './runtime.js';
import { useSearch } from './use-search.js';

export function SearchPageBody({ baseUrl }: { baseUrl: string }) {
  const engine = useMemo(() => searchEngine(baseUrl), [baseUrl]);
  const [query, setQuery] = useState(() => new URLSearchParams(location.search).get('q') ?? '');
  const { results, failed, pending } = useSearch(engine, query, 30);
  // The URL follows the field (replacing the entry: typing is not history), keeping the router's state.
  useEffect(() => {
    const url = new URL(location.href);
    if (query.trim()) url.searchParams.set('q', query.trim());
    else url.searchParams.delete('q');
    if (url.href !== location.href) history.replaceState(history.state, '', url.href);
  }, [query]);
  const trimmed = query.trim();
  return (
    <div className="search-page-body">
      <input
        type="search"
        className="search-page-input"
        aria-label="Search the site"
        placeholder="Search docs, blog and API"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      <p className="search-status" role="status">
        {failed
          ? 'Search is unavailable right now.'
          : trimmed && results
            ? results.length
              ? `${results.length} page${results.length === 1 ? '' : 's'} found for “${trimmed}”.`
              : `No results for “${trimmed}”.`
            : null}
      </p>
      <ol className="search-page-results" aria-busy={pending}>
        {(results ?? []).map((page) => (
          <li key={page.url} className="search-page-result">
            <a className="search-page-title" href={withBase(baseUrl, page.url)} onClick={() => rememberSearch(query)}>
              {page.title}
            </a>
            <span className="search-label">{page.label}</span>
            {page.excerpt === null || page.excerpt.length ? (
              <p>
                <Excerpt parts={page.excerpt} />
              </p>
            ) : null}
            {page.sections.length ? (
              <ul>
                {page.sections.map((section) => (
                  <li key={section.url}>
                    <a href={withBase(baseUrl, section.url)} onClick={() => rememberSearch(query)}>
                      {section.heading}
                    </a>
                    <Excerpt parts={section.excerpt} />
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ol>
    </div>
  );
}
