/**
 * Prefetches the page-data chunk of internal links once they scroll into
 * view or are hovered, focused or touched; each chunk at most once (the
 * router caches it). Never on a 2g connection or with Save-Data on.
 */
import type { Router } from './router.js';

interface NetworkInformation {
  effectiveType?: string;
  saveData?: boolean;
}

/** False on 2g / slow-2g or with the data saver on. */
export function prefetchAllowed(connection: NetworkInformation | undefined): boolean {
  if (!connection) return true;
  if (connection.saveData) return false;
  return !(connection.effectiveType ?? '').includes('2g');
}

export interface Prefetcher {
  /** Watches the internal links under `root` that are not watched yet. */
  scan(root: ParentNode): void;
}

export function createPrefetcher({ router, linkPath }: { router: Router; linkPath: (anchor: HTMLAnchorElement) => string | undefined }): Prefetcher {
  const done = new Set<string>();
  const watched = new WeakSet<Element>();
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
  const observer =
    typeof IntersectionObserver === 'function'
      ? new IntersectionObserver((entries) => {
          for (const entry of entries) {
            if (!entry.isIntersecting) continue;
            observer?.unobserve(entry.target);
            prefetch(entry.target as HTMLAnchorElement);
          }
        })
      : undefined;
  const onIntent = (event: Event) => {
    const anchor = (event.target as Element | null)?.closest?.('a[href]');
    if (anchor instanceof HTMLAnchorElement) prefetch(anchor);
  };
  for (const type of ['mouseover', 'focusin', 'touchstart']) document.addEventListener(type, onIntent, { passive: true, capture: true });
  return {
    scan(root) {
      if (!observer || !allowed()) return;
      for (const anchor of Array.from(root.querySelectorAll<HTMLAnchorElement>('a[href]'))) {
        if (watched.has(anchor) || linkPath(anchor) === undefined) continue;
        watched.add(anchor);
        observer.observe(anchor);
      }
    },
  };
}
