import { type ComponentType, type RefObject, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { createSearch } from '../src/shared/search/engine.js';
import { withBase } from '../src/shared/url.js';
import { usePath, useSite } from './context.js';
import { loadSearch } from './search/load.js';

/** What the search chunk's results part (templates/search/SearchResults.tsx) gets from the dialog. */
export interface SearchResultsProps {
  baseUrl: string;
  /** Route of the /search page. */
  searchPage: string;
  query: string;
  setQuery(query: string): void;
  /** The engine this dialog asks (one per opening: the manifest is checked again). */
  engine: SearchEngine;
  active: number;
  setActive(index: number): void;
  /** The options' URLs in order (each page, then its sections), whenever they change. */
  onOptions(urls: string[]): void;
  /** A result was chosen: the dialog closes without giving the focus back. */
  onChosen(): void;
  /** The listbox element (the dialog's keyboard handling clicks its options). */
  listRef: RefObject<HTMLDivElement | null>;
}

/** The search chunk's engine (runtime.ts searchEngine); a type only, its code is in the chunk. */
export type SearchEngine = ReturnType<typeof createSearch>;

interface SearchChunk {
  SearchResults: ComponentType<SearchResultsProps>;
  searchEngine(baseUrl: string): SearchEngine;
}

/** The results and the engine are their own chunk, fetched on intent (hover, focus) or on open. */
const preload = () => loadSearch().catch(() => {});

/**
 * The navbar's search button. Without JavaScript it is a plain link to the /search page; with
 * it, it opens the search dialog, as Ctrl K / ⌘ K and `/` do anywhere on the page. The dialog's
 * frame (this file) is shown and its field focused in the opening key's own task, so every key
 * typed after it is in the field; the results come with the search chunk.
 */
export function SearchButton() {
  const site = useSite();
  const path = usePath();
  const searchPage = site.search?.page ?? '/search';
  const href = withBase(site.baseUrl, searchPage);
  // Open for the page it was opened on: a navigation closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const [chunk, setChunk] = useState<SearchChunk | null>(null);
  const [apple, setApple] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  // The focus going back after a close: dropped if search opens again first (it would take the new dialog's focus).
  const restoring = useRef<ReturnType<typeof setTimeout>>(undefined);
  // Reassigned at every render: the keyboard listener (added once) calls the current one.
  const open = useRef(() => {});
  open.current = () => {
    if (openOn === path) return;
    clearTimeout(restoring.current);
    opener.current = document.activeElement as HTMLElement | null;
    // Asked for first: the chunk's and the manifest's requests leave before the frame's render.
    loadSearch().then(
      (loaded) => setChunk(loaded),
      () => location.assign(href),
    );
    // Committed now, its layout effect focusing the field: the next key lands in it.
    flushSync(() => setOpenOn(path));
  };

  useEffect(() => {
    setApple(/Mac|iPhone|iPad/.test(navigator.platform));
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const typing = !!target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
      const shortcut = event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;
      if (shortcut || (event.key === '/' && !typing && !event.ctrlKey && !event.metaKey && !event.altKey)) {
        event.preventDefault();
        open.current();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const close = (restore: boolean) => {
    setOpenOn(null);
    // After the dialog is gone: while it is open the page behind it is inert and cannot take the focus.
    const target = opener.current;
    if (restore) restoring.current = setTimeout(() => target?.focus());
  };
  return (
    <>
      <a
        href={href}
        className="search-button"
        aria-label="Search"
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K /"
        onClick={(event) => {
          if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey || event.button !== 0) return;
          event.preventDefault();
          open.current();
        }}
        onMouseEnter={preload}
        onFocus={preload}
      >
        <SearchIcon />
        <span className="search-button-label">Search</span>
        <kbd className="search-button-keys">{apple ? '⌘ K' : 'Ctrl K'}</kbd>
      </a>
      {openOn === path ? <SearchDialog baseUrl={site.baseUrl} searchPage={searchPage} chunk={chunk} onClose={close} /> : null}
    </>
  );
}

function SearchIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2">
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-4-4" />
    </svg>
  );
}

/**
 * The search dialog: a WAI-ARIA combobox whose listbox holds one group per page (the page, then
 * its matching sections; the chunk's SearchResults). ↑/↓ move, Enter opens the active result
 * through the client router (a click on its link), Esc closes; Tab stays inside.
 */
function SearchDialog({
  baseUrl,
  searchPage,
  chunk,
  onClose,
}: {
  baseUrl: string;
  searchPage: string;
  chunk: SearchChunk | null;
  /** `restore` puts the focus back where it was (not after choosing a result). */
  onClose(restore: boolean): void;
}) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [options, setOptions] = useState<string[]>([]);
  const engine = useMemo(() => chunk?.searchEngine(baseUrl), [chunk, baseUrl]);
  const input = useRef<HTMLInputElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLDivElement>(null);

  // A layout effect: shown and focused in the task that commits it (the opening key's, flushSync).
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
    return () => {
      document.body.classList.remove('scroll-locked');
      if (dialog?.isConnected && dialog.matches(':popover-open')) dialog.hidePopover();
    };
  }, []);
  // What was typed before the chunk came is asked as soon as it is here, before the results part's
  // first paint (its own effect, which asks again and shares the fetches, runs after that paint).
  useLayoutEffect(() => {
    if (engine && query.trim()) engine.answer(query, { limit: 8 }).full.catch(() => {});
  }, [engine]);
  useEffect(() => {
    list.current?.querySelector(`#search-option-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  const onKeyDown = (event: React.KeyboardEvent) => {
    const count = options.length;
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose(true);
    } else if (event.key === 'ArrowDown' && count) {
      event.preventDefault();
      setActive((active + 1) % count);
    } else if (event.key === 'ArrowUp' && count) {
      event.preventDefault();
      setActive((active - 1 + count) % count);
    } else if (event.key === 'Enter' && count && event.target === input.current) {
      event.preventDefault();
      list.current?.querySelector<HTMLAnchorElement>(`#search-option-${active}`)?.click();
    } else if (event.key === 'Tab') {
      // The focus stays in the dialog: the field and the buttons.
      const items = Array.from(panel.current?.querySelectorAll<HTMLElement>('input, button') ?? []);
      const at = items.indexOf(document.activeElement as HTMLElement);
      event.preventDefault();
      items[(at + (event.shiftKey ? items.length - 1 : 1)) % items.length]?.focus();
    }
  };

  const Results = chunk?.SearchResults;
  const expanded = options.length > 0;
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
          <SearchIcon />
          <input
            ref={input}
            type="search"
            role="combobox"
            aria-label="Search"
            aria-expanded={expanded}
            aria-controls="search-listbox"
            aria-autocomplete="list"
            {...(expanded ? { 'aria-activedescendant': `search-option-${active}` } : {})}
            placeholder="Search docs, blog and API"
            autoComplete="off"
            spellCheck={false}
            value={query}
            onChange={(event) => {
              const value = event.target.value;
              setQuery(value);
              // Asked in the key's own event: the fetches start before React renders and the browser lays out.
              if (value.trim()) engine?.answer(value, { limit: 8 }).full.catch(() => {});
            }}
          />
          <button type="button" className="search-close" onClick={() => onClose(true)}>
            Esc<span className="sr-only"> (close search)</span>
          </button>
        </div>
        {Results && engine ? (
          <Results
            baseUrl={baseUrl}
            searchPage={searchPage}
            query={query}
            setQuery={setQuery}
            engine={engine}
            active={active}
            setActive={setActive}
            onOptions={setOptions}
            onChosen={() => onClose(false)}
            listRef={list}
          />
        ) : (
          // The listbox the field controls, empty until the results' chunk is here.
          <div ref={list} id="search-listbox" role="listbox" aria-label="Results" aria-busy={query.trim() !== ''} className="search-results" />
        )}
      </div>
    </div>
  );
}
