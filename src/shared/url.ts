/**
 * URL helpers shared by the build, the server and the browser.
 * Isomorphic: no node: imports.
 */

/**
 * Normalises a path for route lookup: `/x.html`, `/x/index.html`, `/x/` and
 * `/x` are the same page. Query and hash are dropped.
 */
export function normalisePath(input: string): string {
  let path = input.split(/[?#]/)[0] || '/';
  try {
    path = decodeURI(path);
  } catch {
    // keep it as it is
  }
  if (!path.startsWith('/')) path = `/${path}`;
  path = path.replace(/\/{2,}/g, '/');
  path = path.replace(/\/index\.html$/, '/').replace(/\.html$/, '');
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  return path;
}

/** The file a route is written to, relative to the output folder. */
export function outputFileFor(routePath: string): string {
  const clean = normalisePath(routePath);
  if (clean === '/') return 'index.html';
  return `${clean.slice(1)}/index.html`;
}

/** The page-data chunk name of a route key: `/blog/archive-3f1` → `blog_archive-3f1.json`. */
export function chunkNameFor(key: string): string {
  const body = key.replace(/^\//, '').replace(/\//g, '_') || 'index';
  return `${body.startsWith('-') ? `index${body}` : body}.json`;
}

export function isExternal(href: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//');
}

/** Joins a base URL (`/`, `/site/`) and a site-absolute path. */
export function withBase(baseUrl: string, path: string): string {
  if (isExternal(path) || !path.startsWith('/')) return path;
  return `${baseUrl.replace(/\/$/, '')}${path}`;
}

export class RouteIndex<T extends { path: string }> {
  private readonly byPath = new Map<string, T>();
  constructor(entries: T[]) {
    for (const entry of entries) this.byPath.set(normalisePath(entry.path), entry);
  }
  get(path: string): T | undefined {
    return this.byPath.get(normalisePath(path));
  }
  has(path: string): boolean {
    return this.byPath.has(normalisePath(path));
  }
}
