/**
 * The search dialog's results (lazy search chunk; the dialog's frame, field and keyboard handling
 * are in the client bundle, templates/SearchButton.tsx): the listbox with one group per page (the
 * page, then its matching sections), the status line, the recent searches and the link to the
 * /search page.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { PageResult } from '../../src/shared/search/engine.js';
import { withBase } from '../../src/shared/url.js';
import type { SearchResultsProps } from '../SearchButton.js';
import { Excerpt } from './Excerpt.js';
import { recentSearches, rememberSearch } from './runtime.js';
import { useSearch } from './use-search.js';

export function SearchResults({ baseUrl, searchPage, query, setQuery, engine, active, setActive, onOptions, onChosen, listRef }: SearchResultsProps) {
  const { results, failed, pending } = useSearch(engine, query, 8);
  const [recent] = useState(recentSearches);

  // Options in order: each page, then its sections.
  const options = useMemo(() => (results ?? []).flatMap((page) => [page.url, ...page.sections.map((section) => section.url)]), [results]);
  // Back to the first result when the results change, not when their excerpts come in (the
  // options' identity changes with those; their URLs are what counts).
  const optionKey = options.join(' ');
  useEffect(() => {
    onOptions(options);
    setActive(0);
  }, [optionKey]);
  // The titles' and headings' characters outside ASCII (SearchManifest.glyphs), laid out unseen in
  // a task of their own once the manifest is here, while the reader has typed nothing: the fonts
  // the browser must find for them are found before the first results need them. Once a query is
  // on its way the results lay them out themselves (warming them then only delays the results).
  const [glyphs, setGlyphs] = useState('');
  const typed = useRef(query);
  typed.current = query;
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    engine.prepare().then((manifest) => {
      if (!live || !manifest?.glyphs) return;
      timer = setTimeout(() => !typed.current.trim() && setGlyphs(manifest.glyphs ?? ''), 0);
    });
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [engine]);

  const chosen = () => {
    rememberSearch(query);
    onChosen();
  };
  let option = -1;
  return (
    <>
      <div ref={listRef} id="search-listbox" role="listbox" aria-label="Results" aria-busy={pending} className="search-results">
        {(results ?? []).map((page, p) => (
          <div key={page.url} role="group" aria-labelledby={`search-group-${p}`} className="search-group">
            {[page, ...page.sections].map((entry, i) => {
              option++;
              const index = option;
              const isPage = i === 0;
              return (
                <a
                  key={entry.url}
                  id={`search-option-${index}`}
                  role="option"
                  tabIndex={-1}
                  aria-selected={index === active}
                  className={`search-option${isPage ? ' search-option-page' : ''}${index === active ? ' active' : ''}`}
                  href={withBase(baseUrl, entry.url)}
                  onMouseMove={() => index !== active && setActive(index)}
                  onClick={chosen}
                >
                  {isPage ? (
                    <span className="search-option-title" id={`search-group-${p}`}>
                      {page.title}
                      <span className="search-label">{page.label}</span>
                    </span>
                  ) : (
                    <span className="search-option-heading">{(entry as PageResult['sections'][number]).heading}</span>
                  )}
                  <Excerpt parts={entry.excerpt} />
                </a>
              );
            })}
          </div>
        ))}
      </div>
      <div className="search-status" role="status">
        {failed ? 'Search is unavailable right now.' : !query.trim() ? null : results && !results.length ? `No results for “${query.trim()}”.` : null}
      </div>
      {!query.trim() && recent.length ? (
        <div className="search-recent">
          <p className="search-recent-title">Recent searches</p>
          <ul>
            {recent.map((entry) => (
              <li key={entry}>
                <button type="button" onClick={() => setQuery(entry)}>
                  {entry}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <p className="search-footer">
        <a href={withBase(baseUrl, `${searchPage}${query.trim() ? `?q=${encodeURIComponent(query.trim())}` : ''}`)} onClick={chosen}>
          All results
        </a>
      </p>
      {glyphs ? (
        <div className="search-glyphs" aria-hidden="true">
          <span className="search-option-title">{glyphs}</span>
          <span className="search-option-heading">{glyphs}</span>
          <span className="search-excerpt">{glyphs}</span>
        </div>
      ) : null}
    </>
  );
}
