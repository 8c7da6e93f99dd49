/**
 * The browser side of search (in the lazy search chunk): the engine reading the index over
 * HTTP, and the recent searches. Storage failures only mean no recent searches (storage.ts).
 */
import { createSearch } from '../../src/shared/search/engine.js';
import { MANIFEST_PATH } from '../../src/shared/search/format.js';
import { readStorage, writeStorage } from '../../src/shared/storage.js';
import { withBase } from '../../src/shared/url.js';

const DIR = MANIFEST_PATH.slice(0, MANIFEST_PATH.lastIndexOf('/') + 1);

/** How long a manifest fetched ahead is used: a dialog opened later asks again (the site may have changed). */
const EARLY_MS = 30_000;

/**
 * The manifest the client asked for together with this chunk (load.ts), taken over once: the
 * first engine uses it when it is recent. A failed early fetch only means the engine asks again.
 */
const shared = (globalThis as { __folioShared?: { searchManifest?: { at: number; manifest: Promise<unknown> } } }).__folioShared;
let early = shared?.searchManifest;
if (shared) shared.searchManifest = undefined;

/**
 * Resolves in a task after the next frame is painted (a frame callback alone runs before that
 * frame's layout), or after 100 ms in a tab that paints no frames (hidden): the engine asks for the
 * record chunks (a query's excerpts, often six files at once) only once its early results are on
 * screen. Asked with them, their fetches and parsing delayed those results on a 2-core machine.
 */
const afterPaint = () =>
  new Promise<void>((resolve) => {
    const fallback = setTimeout(resolve, 100);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(fallback);
        resolve();
      }, 0),
    );
  });

/** One engine per dialog or page visit: the manifest (fixed name) is checked again, the hashed files come from the HTTP cache. */
export function searchEngine(baseUrl: string) {
  const engine = createSearch(
    async (file) => {
      if (file === 'manifest.json' && early) {
        const { at, manifest } = early;
        early = undefined;
        if (Date.now() - at < EARLY_MS) {
          const found = await manifest.catch(() => undefined);
          if (found) return found;
        }
      }
      const response = await fetch(withBase(baseUrl, `${DIR}${file}`), file === 'manifest.json' ? { cache: 'no-cache' } : {});
      if (!response.ok) throw new Error(`${file} answered ${response.status}`);
      return response.json();
    },
    { afterEarly: afterPaint },
  );
  engine.prepare();
  return engine;
}

const MAX_RECENT = 5;
/** Kept here, not in STORAGE_KEYS: that object is in the first-visit bundle, this key only in the search chunk. */
const RECENT_KEY = 'folio.search.recent';

export function recentSearches(): string[] {
  try {
    const list = JSON.parse(readStorage(RECENT_KEY) ?? '[]') as unknown;
    return Array.isArray(list) ? list.filter((entry): entry is string => typeof entry === 'string').slice(0, MAX_RECENT) : [];
  } catch {
    return [];
  }
}

export function rememberSearch(query: string): void {
  const trimmed = query.trim();
  if (!trimmed) return;
  writeStorage(RECENT_KEY, JSON.stringify([trimmed, ...recentSearches().filter((entry) => entry !== trimmed)].slice(0, MAX_RECENT)));
}
