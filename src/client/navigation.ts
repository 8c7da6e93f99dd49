/**
 * Client-side navigation with the History API. A click on an internal link
 * fetches the target route's page-data chunk, renders it, then updates the
 * title, the scroll position (top, the #hash target, or the saved position
 * on back/forward) and the focus. Clicks that belong to the browser (other
 * origins, files, downloads, target=_blank, modified or middle clicks) are
 * left alone. A chunk that fails to load shows the error view with Retry and
 * loads the URL fully once; a chunk that cannot be rendered loads it fully.
 */
import { flushSync } from 'react-dom';
import type { PageData } from '../shared/page-data.js';
import { fullLoadOnce } from './full-load.js';
import { LOAD_ERROR_TITLE } from './error-view.js';
import type { Progress } from './progress.js';
import type { View } from './root.js';
import { InvalidPageError, type Router } from './router.js';
import type { ScrollMemory } from './scroll-memory.js';
import type { Store } from './store.js';

type Mode = 'push' | 'replace' | 'pop';

export interface Navigation {
  /** The route path a click on `anchor` would show, or undefined when the click is the browser's. */
  linkPath(anchor: HTMLAnchorElement): string | undefined;
  navigate(url: URL, mode: Mode): Promise<void>;
  /** Starts handling clicks and history traversal. */
  listen(): void;
}

const FILE = /\.(?!html?$)[a-z0-9]+$/i;

export function scrollToHash(hash: string): boolean {
  let id = hash.replace(/^#/, '');
  try {
    id = decodeURIComponent(id);
  } catch {
    // use it as written
  }
  const target = id ? document.getElementById(id) : null;
  if (!target) return false;
  target.scrollIntoView({ behavior: 'instant' as ScrollBehavior });
  return true;
}

export function createNavigation({
  store,
  router,
  progress,
  scroll,
  onShown,
  fullTitle,
}: {
  store: Store<View>;
  router: Router;
  progress: Progress;
  scroll: ScrollMemory;
  onShown: (page: PageData) => void;
  /** "Title | Site" from a page's own title. */
  fullTitle: (title: string) => string;
}): Navigation {
  let token = 0;
  let visits = 0;
  /** Route path of the URL currently shown. */
  let shown = router.routePath(location.pathname);

  const show = (view: View, { hash, top }: { hash: string; top?: number }) => {
    flushSync(() => store.set(view));
    document.title = view.page.title;
    const description = document.querySelector('meta[name="description"]');
    if (view.kind === 'page' && description && view.page.description) description.setAttribute('content', view.page.description);
    progress.done();
    if (top !== undefined) window.scrollTo({ top, left: 0, behavior: 'instant' as ScrollBehavior });
    else if (!(hash && scrollToHash(hash))) window.scrollTo({ top: 0, left: 0, behavior: 'instant' as ScrollBehavior });
    document.getElementById('main-content')?.focus({ preventScroll: true });
  };

  const commit = (mode: Mode, href: string, path: string) => {
    if (mode === 'push') scroll.push(href);
    else if (mode === 'replace') scroll.replace(href);
    shown = path;
  };

  const navigation: Navigation = {
    linkPath(anchor) {
      if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download') || /(^|\s)external(\s|$)/.test(anchor.rel)) return undefined;
      let url: URL;
      try {
        url = new URL(anchor.href, location.href);
      } catch {
        return undefined;
      }
      if (url.origin !== location.origin || FILE.test(url.pathname)) return undefined;
      return router.routePath(url.pathname);
    },

    async navigate(url, mode) {
      const mine = ++token;
      const path = router.routePath(url.pathname)!;
      const top = mode === 'pop' ? scroll.saved() : undefined;
      progress.start();
      let page: PageData;
      try {
        page = await router.load(path);
      } catch (error) {
        if (mine !== token) return;
        progress.done();
        const entry = router.isReady() ? router.lookup(path) : undefined;
        const href = `${entry ? router.href(entry.path) : url.pathname}${url.search}${url.hash}`;
        commit(mode, href, path);
        const invalid = error instanceof InvalidPageError;
        console.error(`[folio] ${invalid ? 'cannot show' : 'could not load'} ${href}: ${(error as Error).message}`);
        // A chunk that cannot be rendered: the server's HTML can.
        if (invalid && fullLoadOnce(href, { replace: true })) return;
        const failed: PageData<'notFound'> = {
          path,
          key: `${path}-error`,
          template: 'notFound',
          title: fullTitle(LOAD_ERROR_TITLE),
          props: { title: LOAD_ERROR_TITLE },
        };
        show(
          {
            kind: 'loadError',
            page: failed,
            message: invalid
              ? `The page data could not be used: ${(error as Error).message}`
              : `The page data could not be loaded: ${(error as Error).message}`,
            retry: () => {
              window.stop();
              void navigation.navigate(new URL(href, location.href), 'replace');
            },
          },
          { hash: '' },
        );
        if (!invalid) fullLoadOnce(href, { replace: true });
        return;
      }
      if (mine !== token) return;
      const entry = router.lookup(path);
      commit(mode, `${entry ? router.href(entry.path) : url.pathname}${url.search}${url.hash}`, path);
      show({ kind: 'page', page, visit: ++visits }, { hash: url.hash, top });
      onShown(page);
    },

    listen() {
      document.addEventListener('click', (event) => {
        if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        const anchor = (event.target as Element | null)?.closest?.('a[href]');
        if (!(anchor instanceof HTMLAnchorElement) || router.failed()) return;
        const path = navigation.linkPath(anchor);
        if (path === undefined) return;
        const url = new URL(anchor.href);
        const samePage = path === shown && url.search === location.search && store.get().kind === 'page';
        if (samePage && url.hash) {
          // An anchor on this page: the browser scrolls; remember where we were.
          scroll.save();
          return;
        }
        event.preventDefault();
        void navigation.navigate(url, samePage ? 'replace' : 'push');
      });
      window.addEventListener('popstate', (event) => {
        const state = event.state as { folioEntry?: string } | null;
        // A traversal (the entry has our id): keep the position of the entry we leave.
        if (state?.folioEntry) scroll.save();
        scroll.adopt();
        const path = router.routePath(location.pathname);
        if (path === undefined) {
          location.reload();
          return;
        }
        if (path === shown && store.get().kind === 'page') {
          const top = scroll.saved();
          if (top !== undefined) window.scrollTo({ top, left: 0, behavior: 'instant' as ScrollBehavior });
          else if (location.hash) scrollToHash(location.hash);
          return;
        }
        void navigation.navigate(new URL(location.href), 'pop');
      });
      window.addEventListener('hashchange', () => scroll.adopt());
    },
  };
  return navigation;
}
