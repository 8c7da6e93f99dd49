/**
 * The live-reload and error-overlay script `folio serve` adds inline to every
 * page it serves (never part of a build or of the client bundle). Runs in the
 * browser: the function below is sent as source text, so it must not use
 * anything from outside its body.
 *
 * Events (from /__folio/events):
 *  - hello: { serverId } — a different id than before means the server was
 *    restarted: reload.
 *  - update: { reload: 'all' | 'pages' | 'css' | 'none', rendered, removed, styles }
 *    — hides the overlay; reloads (keeping the scroll position) when this
 *    page was written again, or swaps the stylesheets in place.
 *  - build-error: { code, title, message, file, line, column, excerpt, hint }
 *    — shows the overlay; the page stays as it was.
 */
import type { ErrorPayload } from './report.js';

export const DEV_EVENTS_PATH = '/__folio/events';

/** What a build-error event carries (types are erased: nothing is imported at run time). */
type BuildErrorData = ErrorPayload;

interface UpdateData {
  reload: 'all' | 'pages' | 'css' | 'none';
  rendered: string[];
  removed: string[];
  styles: string[];
}

function devClient(eventsPath: string): void {
  const w = window as Window & { __folioDev?: boolean };
  if (w.__folioDev) return;
  w.__folioDev = true;
  const script = document.currentScript as HTMLScriptElement | null;
  const base = (script?.dataset.base ?? '/').replace(/\/$/, '');
  const notFound = script?.dataset.status === '404';
  const SCROLL_KEY = 'folio:dev-scroll';

  // Keep the scroll position across a reload this script started.
  try {
    const saved = JSON.parse(sessionStorage.getItem(SCROLL_KEY) ?? 'null') as { path: string; x: number; y: number } | null;
    if (saved && saved.path === location.pathname) {
      sessionStorage.removeItem(SCROLL_KEY);
      const restore = () => window.scrollTo(saved.x, saved.y);
      restore();
      document.addEventListener('DOMContentLoaded', restore, { once: true });
      window.addEventListener('load', restore, { once: true });
    }
  } catch {
    // no session storage: reloads start at the top
  }

  const reload = () => {
    try {
      sessionStorage.setItem(SCROLL_KEY, JSON.stringify({ path: location.pathname, x: window.scrollX, y: window.scrollY }));
    } catch {
      // ignore
    }
    location.reload();
  };

  const routePath = (pathname: string) => {
    let p = pathname;
    try {
      p = decodeURI(p);
    } catch {
      // keep as is
    }
    if (base && p.startsWith(base)) p = p.slice(base.length) || '/';
    p = p.replace(/\/index\.html$/, '/').replace(/\.html$/, '');
    if (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
    return p || '/';
  };

  // After any update, the page's own route manifest may be stale: follow links with full loads.
  let stale = false;
  document.addEventListener(
    'click',
    (event) => {
      if (!stale || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      if (!link || link.target || link.hasAttribute('download')) return;
      const url = new URL(link.href, location.href);
      if (url.origin !== location.origin) return;
      if (url.pathname === location.pathname && url.search === location.search && url.hash) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      location.assign(url.href);
    },
    true,
  );
  window.addEventListener('popstate', () => {
    if (stale) location.reload();
  });

  let overlay: HTMLElement | undefined;
  const hideOverlay = () => {
    overlay?.remove();
    overlay = undefined;
  };
  const showOverlay = (error: BuildErrorData) => {
    hideOverlay();
    const host = document.createElement('folio-error-overlay');
    host.setAttribute('role', 'alertdialog');
    host.setAttribute('aria-label', 'Build error');
    const root = host.attachShadow({ mode: 'open' });
    const style = document.createElement('style');
    style.textContent = [
      ':host{position:fixed;inset:0;z-index:2147483647;background:rgba(15,17,21,.66);display:flex;align-items:flex-start;justify-content:center;overflow:auto;font:14px/1.5 system-ui,sans-serif}',
      '.box{margin:8vh 16px;max-width:860px;width:100%;background:#1b1e24;color:#e6e6e6;border-top:6px solid #e5484d;border-radius:8px;box-shadow:0 12px 40px rgba(0,0,0,.4);padding:20px 24px}',
      'h2{margin:0 0 4px;font-size:18px;color:#ff9592}',
      '.code{font:12px ui-monospace,monospace;color:#9ba1a6}',
      '.where{font:13px ui-monospace,monospace;color:#7ee787;margin:12px 0 4px;word-break:break-all}',
      '.message{white-space:pre-wrap;margin:8px 0}',
      'pre{background:#111318;padding:12px;border-radius:6px;overflow:auto;font:13px/1.45 ui-monospace,monospace;margin:8px 0}',
      '.caret{color:#e5484d}',
      '.hint{color:#a5d6ff;margin-top:12px}',
      '.foot{color:#9ba1a6;font-size:12px;margin-top:16px}',
      'button{float:right;background:none;border:0;color:#9ba1a6;font-size:22px;line-height:1;cursor:pointer}',
    ].join('');
    const box = document.createElement('div');
    box.className = 'box';
    const add = (tag: string, className: string, text: string) => {
      const el = document.createElement(tag);
      el.className = className;
      el.textContent = text;
      box.append(el);
      return el;
    };
    const close = document.createElement('button');
    close.type = 'button';
    close.setAttribute('aria-label', 'Close');
    close.textContent = '×';
    close.addEventListener('click', hideOverlay);
    box.append(close);
    add('h2', 'title', error.title);
    if (error.code) add('div', 'code', error.code);
    if (error.file) add('div', 'where', `${error.file}${error.line ? `:${error.line}` : ''}${error.line && error.column ? `:${error.column}` : ''}`);
    add('div', 'message', error.message);
    if (error.excerpt !== undefined) {
      const pre = add('pre', 'frame', `${error.line ? `${error.line} | ` : ''}${error.excerpt}`);
      if (error.column) {
        const pad = `${error.line ? `${error.line} | ` : ''}`.replace(/./g, ' ') + ' '.repeat(Math.max(0, error.column - 1));
        const caret = document.createElement('span');
        caret.className = 'caret';
        caret.textContent = `\n${pad}^`;
        pre.append(caret);
      }
    }
    if (error.hint) add('div', 'hint', error.hint);
    add('div', 'foot', 'folio serve keeps showing the last good version of the site. Fix the file and save: this closes by itself.');
    root.append(style, box);
    document.documentElement.append(host);
    overlay = host;
  };
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') hideOverlay();
  });

  const swapStyles = (styles: string[]) => {
    const links = Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')).filter((link) => {
      const url = new URL(link.href, location.href);
      return url.origin === location.origin && url.pathname.startsWith(`${base}/assets/`);
    });
    const anchor = links[links.length - 1] ?? null;
    let waiting = styles.length;
    const done = () => {
      if (--waiting <= 0) for (const link of links) link.remove();
    };
    if (!waiting) done();
    for (const href of styles) {
      const next = document.createElement('link');
      next.rel = 'stylesheet';
      next.href = `${base}${href}`;
      next.addEventListener('load', done, { once: true });
      next.addEventListener('error', done, { once: true });
      if (anchor) anchor.after(next);
      else document.head.append(next);
    }
  };

  let serverId: string | undefined;
  const source = new EventSource(eventsPath);
  source.addEventListener('hello', (event) => {
    const data = JSON.parse((event as MessageEvent<string>).data) as { serverId: string };
    if (serverId && serverId !== data.serverId) reload();
    serverId = data.serverId;
  });
  source.addEventListener('build-error', (event) => showOverlay(JSON.parse((event as MessageEvent<string>).data) as BuildErrorData));
  source.addEventListener('update', (event) => {
    const data = JSON.parse((event as MessageEvent<string>).data) as UpdateData;
    hideOverlay();
    if (data.reload === 'none') return;
    stale = true;
    if (data.reload === 'all') return reload();
    if (data.reload === 'css') return swapStyles(data.styles);
    const here = routePath(location.pathname);
    const listed = (paths: string[]) => paths.some((route) => routePath(`${base}${route}`) === here);
    if (listed(data.rendered) || listed(data.removed) || (notFound && data.rendered.includes('/404'))) reload();
  });
  window.addEventListener('pagehide', () => source.close());
}

/** The script's source (a self-running function), safe inside a <script> element. */
export const DEV_CLIENT_SOURCE = `(${devClient.toString()})(${JSON.stringify(DEV_EVENTS_PATH)});`.replace(/<\/(script)/gi, '<\\/$1');

/** Adds the dev client to an HTML page, inline (no extra request per reload), before </body>. */
export function injectDevClient(html: string, { base, status }: { base: string; status: number }): string {
  const tag = `<script data-folio-dev data-base="${base.replace(/"/g, '&quot;')}"${status === 404 ? ' data-status="404"' : ''}>${DEV_CLIENT_SOURCE}</script>`;
  const index = html.lastIndexOf('</body>');
  return index >= 0 ? `${html.slice(0, index)}${tag}\n${html.slice(index)}` : `${html}\n${tag}\n`;
}
