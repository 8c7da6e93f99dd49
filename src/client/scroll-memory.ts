/**
 * Remembers the scroll position of each history entry, so back and forward
 * restore where the reader was. Every entry the client touches carries an id
 * in `history.state`; positions are kept by id in memory and saved to
 * sessionStorage when the page is hidden, so a reload restores them too.
 */
const KEY = 'folio.scroll';
const LIMIT = 100;

interface EntryState {
  folioEntry?: string;
}

const newId = () => Math.random().toString(36).slice(2, 10);

export interface ScrollMemory {
  /** Records the current position for the current entry (call before leaving it). */
  save(): void;
  /** The saved position of the current entry, if any. */
  saved(): number | undefined;
  /** Pushes a new entry (with a fresh id) for `url`, after saving the current one. */
  push(url: string): void;
  /** Replaces the current entry's URL, keeping its id. */
  replace(url: string): void;
  /** Adopts the entry the browser moved to (popstate, hashchange); gives it an id if it has none. */
  adopt(): void;
}

export function createScrollMemory(): ScrollMemory {
  const positions = new Map<string, number>();
  try {
    const stored = JSON.parse(window.sessionStorage.getItem(KEY) ?? '{}') as Record<string, unknown>;
    for (const [id, y] of Object.entries(stored)) if (typeof y === 'number') positions.set(id, y);
  } catch {
    // No session storage: positions live as long as the page.
  }
  const stateOf = () => (history.state ?? {}) as EntryState & Record<string, unknown>;
  let current = stateOf().folioEntry ?? newId();
  const stamp = (url?: string) => history.replaceState({ ...stateOf(), folioEntry: current }, '', url);
  stamp();
  const memory: ScrollMemory = {
    save() {
      positions.delete(current);
      positions.set(current, window.scrollY);
      while (positions.size > LIMIT) positions.delete(positions.keys().next().value as string);
    },
    saved: () => positions.get(current),
    push(url) {
      memory.save();
      current = newId();
      history.pushState({ folioEntry: current } satisfies EntryState, '', url);
    },
    replace(url) {
      stamp(url);
    },
    adopt() {
      const id = stateOf().folioEntry;
      current = id ?? newId();
      if (!id) stamp();
    },
  };
  window.addEventListener('pagehide', () => {
    memory.save();
    try {
      window.sessionStorage.setItem(KEY, JSON.stringify(Object.fromEntries(positions)));
    } catch {
      // Not remembered across reloads.
    }
  });
  return memory;
}
