/**
 * Finds and loads what a route needs in the browser: the route manifest
 * (routes.json), each route's page-data chunk (fetched once, then cached;
 * a failed fetch is forgotten so Retry tries again) and the not-found page
 * (read from 404.html, which carries its page data like every page).
 */
import type { PageData, RouteManifestEntry } from '../shared/page-data.js';
import { encodeRoutePath, normalisePath, RouteIndex, withBase } from '../shared/url.js';
import { pageDataProblem } from './page-check.js';

/** The chunk could not be fetched or parsed: network error, HTTP error, bad JSON. */
export class LoadError extends Error {
  override name = 'LoadError';
}

/** The chunk was fetched but cannot be rendered: unknown template or malformed data. */
export class InvalidPageError extends Error {
  override name = 'InvalidPageError';
}

export interface Router {
  /** The route path (decoded) a URL pathname stands for, or undefined when it lies outside the site's base URL. */
  routePath(pathname: string): string | undefined;
  /** The canonical URL path of a route path (with the base URL). */
  href(path: string): string;
  /** Resolves once routes.json is loaded; rejects when it cannot be. */
  ready(): Promise<void>;
  /** Whether routes.json has loaded. */
  isReady(): boolean;
  /** Whether the last attempt to load routes.json failed. */
  failed(): boolean;
  /** The manifest entry of a route path, or undefined for an unknown path. */
  lookup(path: string): RouteManifestEntry | undefined;
  /** The page data of a route path: the route's chunk, or the not-found page. */
  load(path: string): Promise<PageData>;
}

export function createRouter({
  baseUrl,
  routesUrl,
  templates,
  components,
  loadComponent = () => Promise.resolve(),
  loadTemplate = () => Promise.resolve(),
}: {
  baseUrl: string;
  routesUrl: string;
  templates: readonly string[];
  components: readonly string[];
  /** Fetches a `.tsx` page's chunk (once; a failure is forgotten, so Retry fetches again). */
  loadComponent?: (id: string) => Promise<void>;
  /** Fetches a template that is a chunk of its own (client-registry.ts: the blog's), once; a failure is forgotten. */
  loadTemplate?: (name: string) => Promise<void>;
}): Router {
  const base = baseUrl.replace(/\/$/, '');
  const chunks = new Map<string, Promise<unknown>>();
  let index: RouteIndex<RouteManifestEntry> | undefined;
  let manifest: Promise<void> | undefined;
  let failed = false;

  const fetchJson = (url: string): Promise<unknown> => {
    const cached = chunks.get(url);
    if (cached) return cached;
    const request = fetch(url, { credentials: 'same-origin' })
      .then(
        async (response) => {
          if (!response.ok) throw new LoadError(`${url} answered ${response.status} ${response.statusText}`.trim());
          const text = await response.text();
          try {
            return JSON.parse(text) as unknown;
          } catch (error) {
            throw new LoadError(`${url} is not valid JSON (${(error as Error).message})`);
          }
        },
        (error: unknown) => {
          throw new LoadError(`${url} could not be fetched (${(error as Error)?.message ?? error})`);
        },
      )
      .catch((error: unknown) => {
        chunks.delete(url);
        throw error;
      });
    chunks.set(url, request);
    return request;
  };

  const notFoundPage = (): Promise<unknown> => {
    const url = withBase(baseUrl, '/404.html');
    const cached = chunks.get(url);
    if (cached) return cached;
    const request = fetch(url)
      .then((response) => response.text())
      .then((html) => {
        const boot = new DOMParser().parseFromString(html, 'text/html').getElementById('__folio_data')?.textContent;
        if (!boot) throw new LoadError(`${url} carries no page data`);
        return (JSON.parse(boot) as { page: unknown }).page;
      })
      .catch((error: unknown) => {
        chunks.delete(url);
        throw error instanceof LoadError ? error : new LoadError(`${url} could not be loaded (${(error as Error)?.message ?? error})`);
      });
    chunks.set(url, request);
    return request;
  };

  const componentOf = (id: string) =>
    loadComponent(id).catch((error: unknown) => {
      throw new LoadError(`the page component ${id} could not be loaded (${(error as Error)?.message ?? error})`);
    });

  const router: Router = {
    routePath(pathname) {
      if (pathname !== base && !pathname.startsWith(`${base}/`)) return undefined;
      return normalisePath(pathname.slice(base.length) || '/');
    },
    // Route paths are decoded (`/docs/c#sharp`); in a URL each segment is encoded (`/docs/c%23sharp`).
    href: (path) => withBase(baseUrl, encodeRoutePath(path)),
    ready() {
      manifest ??= fetchJson(routesUrl).then((entries) => {
        if (!Array.isArray(entries)) throw new LoadError(`${routesUrl} is not a route list`);
        index = new RouteIndex(entries as RouteManifestEntry[]);
        failed = false;
      });
      manifest.catch(() => {
        manifest = undefined;
        failed = true;
      });
      return manifest;
    },
    isReady: () => index !== undefined,
    failed: () => failed && index === undefined,
    lookup: (path) => index?.get(path),
    async load(path) {
      await router.ready();
      const entry = index!.get(path);
      // A .tsx page's chunk is fetched alongside its data (routes.json names the component), not after.
      const component = entry?.component !== undefined && components.includes(entry.component) ? componentOf(entry.component) : undefined;
      component?.catch(() => {});
      const data = entry ? await fetchJson(withBase(baseUrl, entry.chunk)) : await notFoundPage();
      const problem = pageDataProblem({ data, path: entry ? entry.path : '/404', templates, components });
      if (problem) throw new InvalidPageError(`${entry ? entry.chunk : '404.html'}: ${problem}`);
      const page = data as PageData;
      if (page.template === 'tsxPage') await (component ?? componentOf((page as PageData<'tsxPage'>).props.component));
      await loadTemplate(page.template).catch((error: unknown) => {
        throw new LoadError(`the ${page.template} template could not be loaded (${(error as Error)?.message ?? error})`);
      });
      return page;
    },
  };
  return router;
}
