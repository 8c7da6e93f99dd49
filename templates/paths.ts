import { normalisePath } from '../src/shared/url.js';

/** True when `href` is the current page. */
export function isCurrent(href: string, path: string): boolean {
  return normalisePath(href) === normalisePath(path);
}

/** True when the current page lies under `base` (a section link). */
export function isUnder(base: string | undefined, path: string): boolean {
  if (!base) return false;
  const b = normalisePath(base);
  const p = normalisePath(path);
  return p === b || p.startsWith(`${b}/`);
}
