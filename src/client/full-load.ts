/**
 * The last resort when the client cannot show a page: load the URL fully
 * from the server, whose HTML is complete without JavaScript. At most once
 * per URL in a tab's session (remembered in sessionStorage, or in memory
 * when that is unavailable), so a page that keeps failing never reloads in
 * a loop; the caller then leaves the error view and its Retry button up.
 */
const KEY = 'folio.fullLoads';
const memory = new Set<string>();

function remembered(): string[] {
  try {
    const value = JSON.parse(window.sessionStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [...memory];
  }
}

function remember(url: string): void {
  memory.add(url);
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify([...new Set([...remembered(), url])].slice(-50)));
  } catch {
    // Memory only: protects this document, which is all a failed storage allows.
  }
}

/** Loads `url` fully unless that was already done once; returns whether it did. */
export function fullLoadOnce(url: string, { replace = false }: { replace?: boolean } = {}): boolean {
  const target = new URL(url, window.location.href).href;
  if (memory.has(target) || remembered().includes(target)) return false;
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return false;
  remember(target);
  if (replace) window.location.replace(target);
  else window.location.assign(target);
  return true;
}
