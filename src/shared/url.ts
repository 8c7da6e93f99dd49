/**
 * URL helpers shared by the build, the server and the browser.
 * Isomorphic: no node: imports.
 */

/**
 * Route paths and URLs are two spellings of one thing. A route path is
 * decoded: it is what the content's file names say (`/docs/100%`,
 * `/docs/c#sharp`, `/docs/with space`), and the output file is written
 * under it. An href is a URL: every segment percent-encoded, so `%`, `#`,
 * `?` and spaces stay part of the path. Turn a route into an href with
 * `encodeRoutePath`; compare what a URL names with `normalisePath`, and
 * route paths with `normaliseRoute`.
 */

/** Percent-encodes one path segment, leaving the characters a browser leaves in a path (`:@$&+,;=`). */
export function encodePathSegment(segment: string): string {
  return encodeURIComponent(segment).replace(/%(?:3A|40|24|26|2B|2C|3B|3D)/g, (escape) => String.fromCharCode(Number.parseInt(escape.slice(1), 16)));
}

/** The href of a route path: each segment encoded, the slashes kept. */
export function encodeRoutePath(routePath: string): string {
  return routePath.split('/').map(encodePathSegment).join('/');
}

/** The route path a URL path stands for: each segment decoded (a malformed escape stays as written). */
export function decodeUrlPath(urlPath: string): string {
  if (!urlPath.includes('%')) return urlPath;
  return urlPath
    .split('/')
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    })
    .join('/');
}

/**
 * Normalises a route path for lookup: `/x.html`, `/x/index.html`, `/x/` and
 * `/x` are the same page. Nothing is decoded or cut off: `#`, `?` and `%`
 * are part of a route path.
 */
export function normaliseRoute(routePath: string): string {
  let path = routePath || '/';
  if (!path.startsWith('/')) path = `/${path}`;
  path = path.replace(/\/{2,}/g, '/');
  path = path.replace(/\/index\.html$/, '/').replace(/\.html$/, '');
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  return path;
}

/**
 * Normalises a URL path (an href, `location.pathname`) for route lookup:
 * query and hash are dropped, each segment decoded, then as normaliseRoute.
 * The result is a route path.
 */
export function normalisePath(input: string): string {
  return normaliseRoute(decodeUrlPath(input.split(/[?#]/)[0] || '/'));
}

/** The file a route is written to, relative to the output folder (decoded: `docs/100%/index.html`). */
export function outputFileFor(routePath: string): string {
  const clean = normaliseRoute(routePath);
  if (clean === '/') return 'index.html';
  return `${clean.slice(1)}/index.html`;
}

/** The page-data chunk name of a route key: `/blog/archive-3f1` → `blog_archive-3f1.json`. */
export function chunkNameFor(key: string): string {
  const body = safeFileName(key.replace(/^\//, '').replace(/\//g, '_')) || 'index';
  return `${body.startsWith('-') ? `index${body}` : body}.json`;
}

/**
 * A name that is the same in a URL and on disk: every character but letters, digits, `.`, `_`
 * and `-` becomes `~` and its UTF-8 bytes in hex (`c#sharp` → `c~23sharp`). A raw `#`, `?` or
 * `%` in a chunk URL cut it short or made it undecodable.
 */
function safeFileName(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]/gu, (char) => Array.from(new TextEncoder().encode(char), (byte) => `~${byte.toString(16).padStart(2, '0')}`).join(''));
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
    for (const entry of entries) this.byPath.set(normaliseRoute(entry.path), entry);
  }
  /** The entry of a route path (decoded, as normalisePath returns it). */
  get(path: string): T | undefined {
    return this.byPath.get(normaliseRoute(path));
  }
  has(path: string): boolean {
    return this.byPath.has(normaliseRoute(path));
  }
}
