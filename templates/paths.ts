import { normalisePath, normaliseRoute } from '../src/shared/url.js';

function trimSlash(value: string): string {
  return value.length > 1 && value.endsWith('/') ? value.slice(0, -1) : value;
}

/**
 * True when `href` (a URL, encoded) is the current page (`path`, a route
 * path, decoded). Most route hrefs are plain paths that read the same both
 * ways, so the common case is a string comparison (the sidebar asks this for
 * every item of every page); other forms are normalised.
 */
export function isCurrent(href: string, path: string): boolean {
  if (href === path && !/[?#%]/.test(href)) return true;
  if (/[.?#%]/.test(href) || /[^\w./-]/.test(path)) return normalisePath(href) === normaliseRoute(path);
  return trimSlash(href) === trimSlash(path);
}

/** True when the current page (a route path) lies under `base` (a section link, a URL). */
export function isUnder(base: string | undefined, path: string): boolean {
  if (!base) return false;
  const b = normalisePath(base);
  const p = normaliseRoute(path);
  return p === b || p.startsWith(`${b}/`);
}
