/**
 * Browser entry: reads the page's boot data, loads the shared site data,
 * hydrates the server-rendered shell, then takes over navigation, prefetch,
 * copy buttons and the docs-version preference.
 */
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { PageData, SiteData } from '../shared/page-data.js';
import { STORAGE_KEYS, writeStorage } from '../shared/storage.js';
import type { PageModule, PagesRegistry } from '../../templates/context.js';
import { loadTemplate, templates } from '../../templates/client-registry.js';
import { createNavigation } from './navigation.js';
import { createPrefetcher } from './prefetch.js';
import { createProgress } from './progress.js';
import { Root, type View } from './root.js';
import { createRouter } from './router.js';
import { createScrollMemory } from './scroll-memory.js';
import { createStore } from './store.js';

interface Boot {
  page: PageData;
  site: string;
  routes: string;
  baseUrl: string;
}

// Tells the base-URL check in the page (rendered without React) that the bundle loaded.
document.documentElement.setAttribute('data-folio-client', '');

/** The `.tsx` pages, each a chunk of its own (bundle-pages.ts lazyPagesEntrySource). */
export type PageLoaders = Record<string, () => Promise<PageModule>>;

export function start(loaders: PageLoaders): void {
  const data = document.getElementById('__folio_data');
  const container = document.getElementById('__folio');
  if (!data || !container) return;
  const boot = JSON.parse(data.textContent ?? '{}') as Boot;
  // The body is pre-rendered HTML: take it from the DOM instead of shipping it twice.
  const body = container.querySelector<HTMLElement>('[data-folio-body]');
  const page: PageData = { ...boot.page, ...(body ? { bodyHtml: body.innerHTML } : {}) };
  // Filled as the pages' chunks arrive: a page is shown once its component is here.
  const pages: PagesRegistry = {};
  const loading = new Map<string, Promise<void>>();
  const loadComponent = (id: string): Promise<void> => {
    let request = loading.get(id);
    if (!request) {
      request = loaders[id]().then((module) => {
        pages[id] = module;
      });
      request.catch(() => loading.delete(id));
      loading.set(id, request);
    }
    return request;
  };
  const router = createRouter({
    baseUrl: boot.baseUrl,
    routesUrl: boot.routes,
    templates: Object.keys(templates),
    components: Object.keys(loaders),
    loadComponent,
    loadTemplate,
  });
  // Copy buttons of code blocks: the behaviour is a chunk, fetched ahead by pages that have them (enhanceBody).
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest?.('button.code-copy');
    if (button instanceof HTMLButtonElement) import('./copy-code.js').then((copy) => copy.copyFrom(button));
  });
  enhanceBody();
  // This page's own component (preloaded by its HTML) is needed before hydration.
  const id = page.template === 'tsxPage' ? (page as PageData<'tsxPage'>).props.component : undefined;
  const component = id !== undefined && Object.keys(loaders).includes(id) ? loadComponent(id) : undefined;
  // So is its template when that is a chunk of its own (the blog's, also preloaded).
  const template = loadTemplate(page.template);
  fetch(boot.site)
    .then((response) => {
      if (!response.ok) throw new Error(`${boot.site} answered ${response.status}`);
      return response.json() as Promise<SiteData>;
    })
    .then(async (site) => {
      await component;
      await template;
      const store = createStore<View>({ kind: 'page', page, visit: 0 });
      const ready = () => {
        history.scrollRestoration = 'manual';
        const scroll = createScrollMemory();
        const fullTitle = (title: string) => `${title} ${site.titleDelimiter} ${site.title}`;
        const navigation = createNavigation({ store, router, progress: createProgress(), scroll, onShown, fullTitle });
        createPrefetcher({
          router,
          linkPath: (anchor) => {
            const path = navigation.linkPath(anchor);
            return path === undefined || path === router.routePath(location.pathname) ? undefined : path;
          },
        });
        function onShown(shown: PageData) {
          if (site.docs && (shown.template === 'doc' || shown.template === 'docCategory')) writeStorage(STORAGE_KEYS.docsVersion, site.docs.version.name);
          enhanceBody();
        }
        // `/x.html`, `/x/index.html`, `/x/` show the route `/x`: show its canonical URL.
        const canonical = router.href(page.path);
        if (router.routePath(location.pathname) === router.routePath(canonical) && location.pathname !== canonical)
          scroll.replace(`${canonical}${location.search}${location.hash}`);
        // Back to this page from elsewhere, or a reload: where the reader was.
        const type = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.type;
        const top = scroll.saved();
        if (top !== undefined && (type === 'reload' || type === 'back_forward') && !location.hash) window.scrollTo(0, top);
        navigation.listen();
        router.ready().then(
          () => {
            // A host that answers `/x.html` with 404.html (GitHub Pages): the route `/x` is shown, under its own URL.
            if (page.template === 'notFound' && router.lookup(router.routePath(location.pathname) ?? '/404'))
              void navigation.navigate(new URL(location.href), 'replace');
          },
          (error: unknown) => console.error(`[folio] ${(error as Error).message}; links will load full pages`),
        );
        document.documentElement.setAttribute('data-folio-hydrated', '');
        onShown(page);
      };
      hydrateRoot(container, <Root store={store} site={site} pages={pages} onReady={ready} />);
    })
    .catch((error: unknown) => {
      // The page stays as the server rendered it: complete, without client features.
      console.error(`[folio] the client could not start: ${(error as Error)?.message ?? error}`);
    });
}

/** Behaviour of theme components in the page body, fetched only by pages that have them. */
function enhanceBody(): void {
  if (document.querySelector('[data-tabs]')) import('./tabs.js').then((tabs) => tabs.installTabs());
  if (document.querySelector('button.code-copy')) import('./copy-code.js');
  if (document.querySelector('[data-folio-island]')) import('./islands.js').then((islands) => islands.watchIslands(createRoot));
}
