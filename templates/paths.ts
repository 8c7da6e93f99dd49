import { normalisePath } from '../src/shared/url.js';

function trimSlash(value: string): string {
  return value.length > 1 && value.endsWith('/') ? value.slice(0, -1) : value;
}

/**
 * True when `href` is the current page. Route hrefs are already clean paths,
 * so the common case is a string comparison (the sidebar asks this for every
 * item of every page); other forms go through normalisePath.
 */
export function isCurrent(href: string, path: string): boolean {
  if (href === path) return true;
  if (/[.?#%]/.test(href) || /[.?#%]/.test(path)) return normalisePath(href) === normalisePath(path);
  return trimSlash(href) === trimSlash(path);
}

/** True when the current page lies under `base` (a section link). */
export function isUnder(base: string | undefined, path: string): boolean {
  if (!base) return false;
  const b = normalisePath(base);
  const p = normalisePath(path);
  return p === b || p.startsWith(`${b}/`);
}
