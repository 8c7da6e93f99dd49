import { type ComponentType, useEffect, useRef, useState } from 'react';
import { withBase } from '../src/shared/url.js';
import { usePath, useSite } from './context.js';
import { loadSearch } from './search/load.js';

export interface SearchDialogProps {
  baseUrl: string;
  /** Route of the /search page. */
  searchPage: string;
  /** Closes the dialog; `restore` puts the focus back where it was (not after choosing a result). */
  onClose(restore: boolean): void;
  /** What the reader typed between opening search and the dialog being there. */
  initialQuery?: string;
  /**
   * Called by the dialog once its field has the focus: everything typed since search opened
   * (keys go on arriving until then, and are kept here), and from then on the field takes them.
   */
  takeTypedAhead?(): string;
}

/** The dialog and the search engine are their own chunk, fetched on intent (hover, focus) or on open. */
const loadDialog = () => loadSearch().then((chunk) => chunk.SearchDialog);
const preload = () => loadSearch().catch(() => {});

/**
 * The navbar's search button. Without JavaScript it is a plain link to the /search page; with
 * it, it opens the search dialog, as Ctrl K / ⌘ K and `/` do anywhere on the page.
 */
export function SearchButton() {
  const site = useSite();
  const path = usePath();
  const searchPage = site.search?.page ?? '/search';
  const href = withBase(site.baseUrl, searchPage);
  // Open for the page it was opened on: a navigation closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const [Dialog, setDialog] = useState<ComponentType<SearchDialogProps> | null>(null);
  const [apple, setApple] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  // The focus going back after a close: dropped if search opens again first (it would take the new dialog's focus).
  const restoring = useRef<ReturnType<typeof setTimeout>>(undefined);
  // Keys typed after Ctrl K while the dialog's chunk is on its way: they become its first query.
  const typedAhead = useRef<string | null>(null);
  // Reassigned at every render: the keyboard listener (added once) calls the current one.
  const open = useRef(() => {});
  open.current = () => {
    if (openOn === path) return;
    clearTimeout(restoring.current);
    opener.current = document.activeElement as HTMLElement | null;
    typedAhead.current = '';
    setOpenOn(path);
    loadDialog().then(
      (component) => setDialog(() => component),
      () => location.assign(href),
    );
  };

  useEffect(() => {
    setApple(/Mac|iPhone|iPad/.test(navigator.platform));
    const onKey = (event: KeyboardEvent) => {
      if (typedAhead.current !== null && !event.ctrlKey && !event.metaKey && !event.altKey) {
        // The dialog is not there yet: keep what is typed for it.
        if (event.key.length === 1) typedAhead.current += event.key;
        else if (event.key === 'Backspace') typedAhead.current = typedAhead.current.slice(0, -1);
        else if (event.key === 'Escape') {
          typedAhead.current = null;
          setOpenOn(null);
        } else return;
        event.preventDefault();
        return;
      }
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
    typedAhead.current = null;
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
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2">
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-4-4" />
        </svg>
        <span className="search-button-label">Search</span>
        <kbd className="search-button-keys">{apple ? '⌘ K' : 'Ctrl K'}</kbd>
      </a>
      {openOn === path && Dialog ? (
        <Dialog
          baseUrl={site.baseUrl}
          searchPage={searchPage}
          onClose={close}
          initialQuery={typedAhead.current ?? ''}
          takeTypedAhead={() => takeTypedAhead(typedAhead)}
        />
      ) : null}
    </>
  );
}

/** The keys typed ahead, once, when the dialog's own field has the focus (they are no longer caught after). */
function takeTypedAhead(typedAhead: { current: string | null }): string {
  const typed = typedAhead.current ?? '';
  typedAhead.current = null;
  return typed;
}
