/**
 * Prefetches the page-data chunk of an internal link when the reader shows
 * the intent to follow it: the pointer rests on it (a short pause, so a
 * pointer crossing the page prefetches nothing), it gets keyboard focus, or
 * a finger touches it. Each chunk at most once (the router caches it).
 * Never on a 2g connection or with Save-Data on.
 *
 * Not every link in view, as this client did before: a chunk carries its
 * page's whole highlighted body, and a blog post's view alone (sidebar,
 * navbar, neighbours) fetched ~640 kB of pages the reader never opened.
 */
import type { Router } from './router.js';

interface NetworkInformation {
  effectiveType?: string;
  saveData?: boolean;
}

/** How long the pointer rests on a link before its chunk is fetched. */
export const HOVER_DELAY_MS = 65;

/** False on 2g / slow-2g or with the data saver on. */
export function prefetchAllowed(connection: NetworkInformation | undefined): boolean {
  if (!connection) return true;
  if (connection.saveData) return false;
  return !(connection.effectiveType ?? '').includes('2g');
}

export function createPrefetcher({ router, linkPath }: { router: Router; linkPath: (anchor: HTMLAnchorElement) => string | undefined }): void {
  const done = new Set<string>();
  const allowed = () => prefetchAllowed((navigator as Navigator & { connection?: NetworkInformation }).connection);
  const prefetch = (anchor: HTMLAnchorElement) => {
    const path = linkPath(anchor);
    if (path === undefined || done.has(path) || !allowed()) return;
    done.add(path);
    router.load(path).catch(() => {
      // A failed prefetch is forgotten: the click will try again and report.
      done.delete(path);
    });
  };
  const anchorOf = (event: Event) => {
    const anchor = (event.target as Element | null)?.closest?.('a[href]');
    return anchor instanceof HTMLAnchorElement ? anchor : undefined;
  };
  let resting: { anchor: HTMLAnchorElement; timer: ReturnType<typeof setTimeout> } | undefined;
  const options = { passive: true, capture: true };
  document.addEventListener(
    'mouseover',
    (event) => {
      const anchor = anchorOf(event);
      if (anchor === resting?.anchor) return;
      if (resting) clearTimeout(resting.timer);
      resting = anchor ? { anchor, timer: setTimeout(() => prefetch(anchor), HOVER_DELAY_MS) } : undefined;
    },
    options,
  );
  for (const type of ['focusin', 'touchstart']) {
    document.addEventListener(
      type,
      (event) => {
        const anchor = anchorOf(event);
        if (anchor) prefetch(anchor);
      },
      options,
    );
  }
}
