/**
 * The search dialog (lazy chunk, opened by SearchButton): a WAI-ARIA combobox whose listbox
 * holds one group per page (the page, then its matching sections). ↑/↓ move, Enter opens the
 * active result through the client router (a click on its link), Esc closes; Tab stays inside.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { PageResult } from '../../src/shared/search/engine.js';
import { withBase } from '../../src/shared/url.js';
import type { SearchDialogProps } from '../SearchButton.js';
import { Excerpt } from './Excerpt.js';
import { recentSearches, rememberSearch, searchEngine } from './runtime.js';
import { useSearch } from './use-search.js';

export function SearchDialog({ baseUrl, searchPage, onClose, initialQuery = '', takeTypedAhead }: SearchDialogProps) {
  const engine = useMemo(() => searchEngine(baseUrl), [baseUrl]);
  const [query, setQuery] = useState(initialQuery);
  const { results, failed, pending } = useSearch(engine, query, 8);
  const [active, setActive] = useState(0);
  const [recent] = useState(recentSearches);
  const input = useRef<HTMLInputElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLDivElement>(null);

  // Options in order: each page, then its sections.
  const options = useMemo(() => (results ?? []).flatMap((page) => [page.url, ...page.sections.map((section) => section.url)]), [results]);
  // Back to the first result when the results change, not when their excerpts come in.
  const optionKey = options.join(' ');
  useEffect(() => setActive(0), [optionKey]);
  // Asked as soon as it is typed (in the handler or the effect): the fetches start before React
  // renders and the browser lays out.
  const ask = (value: string) => {
    if (value.trim()) engine.answer(value, { limit: 8 }).full.catch(() => {});
  };
  // A layout effect: shown and focused in the task that commits it. In a passive effect (after the
  // paint) the keys typed in between reached neither the button's catcher nor the field, and were
  // lost (1 to 3 of "kafka" typed at once after Ctrl K, in 4 of 6 runs). The keys that came after
  // the render's initial query are taken here.
  useLayoutEffect(() => {
    const dialog = panel.current;
    // The class first: one style and layout pass for it, the top layer and the focus.
    document.body.classList.add('scroll-locked');
    // A popover, not showModal(): the top layer and a backdrop the same, but showModal() makes the
    // whole page inert, which restyles every element of it (measured on /docs/usage: 27-63 ms
    // against 7-13 ms, most of the time to a first result). The page behind is covered by this
    // element (the overlay around the panel), Tab stays in here (onKeyDown) and aria-modal tells
    // assistive technology.
    if (dialog?.showPopover && !dialog.matches(':popover-open')) dialog.showPopover();
    input.current?.focus();
    const typed = takeTypedAhead?.();
    if (typed !== undefined && typed !== initialQuery) {
      setQuery(typed);
      ask(typed);
    }
    return () => {
      document.body.classList.remove('scroll-locked');
      if (dialog?.isConnected && dialog.matches(':popover-open')) dialog.hidePopover();
    };
  }, []);
  useEffect(() => {
    list.current?.querySelector(`#search-option-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active]);
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

  const choose = (index: number) => {
    const link = list.current?.querySelector<HTMLAnchorElement>(`#search-option-${index}`);
    if (link) link.click();
  };
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose(true);
    } else if (event.key === 'ArrowDown' && options.length) {
      event.preventDefault();
      setActive((active + 1) % options.length);
    } else if (event.key === 'ArrowUp' && options.length) {
      event.preventDefault();
      setActive((active - 1 + options.length) % options.length);
    } else if (event.key === 'Enter' && options.length && event.target === input.current) {
      event.preventDefault();
      choose(active);
    } else if (event.key === 'Tab') {
      // The focus stays in the dialog: the field and the close button.
      const items = Array.from(panel.current?.querySelectorAll<HTMLElement>('input, button') ?? []);
      const at = items.indexOf(document.activeElement as HTMLElement);
      event.preventDefault();
      items[(at + (event.shiftKey ? items.length - 1 : 1)) % items.length]?.focus();
    }
  };
  const onChosen = () => {
    rememberSearch(query);
    onClose(false);
  };

  let option = -1;
  const open = !!results?.length;
  // A modal dialog in the top layer (no ancestor's backdrop-filter or transform can trap it). A
  // press beside the panel lands on this element, the overlay, and closes it.
  return (
    <div
      ref={panel}
      role="dialog"
      aria-modal="true"
      popover="manual"
      // A press on its text focuses the dialog itself, not the page: Tab and Esc still reach onKeyDown.
      tabIndex={-1}
      className="search-dialog"
      aria-label="Search the site"
      onKeyDown={onKeyDown}
      onMouseDown={(event) => event.target === event.currentTarget && onClose(true)}
    >
      <div className="search-panel">
        <div className="search-field">
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2">
            <circle cx="11" cy="11" r="7" />
            <path d="m20 20-4-4" />
          </svg>
          <input
            ref={input}
            type="search"
            role="combobox"
            aria-label="Search"
            aria-expanded={open}
            aria-controls="search-listbox"
            aria-autocomplete="list"
            {...(open ? { 'aria-activedescendant': `search-option-${active}` } : {})}
            placeholder="Search docs, blog and API"
            autoComplete="off"
            spellCheck={false}
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              ask(event.target.value);
            }}
          />
          <button type="button" className="search-close" onClick={() => onClose(true)}>
            Esc<span className="sr-only"> (close search)</span>
          </button>
        </div>
        <div ref={list} id="search-listbox" role="listbox" aria-label="Results" aria-busy={pending} className="search-results">
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
                    onClick={onChosen}
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
          <a href={withBase(baseUrl, `${searchPage}${query.trim() ? `?q=${encodeURIComponent(query.trim())}` : ''}`)} onClick={onChosen}>
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
      </div>
    </div>
  );
}
