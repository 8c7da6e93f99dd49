/**
 * Links as the browser sees them (issue 14), in real Chromium on a small
 * site with links everywhere (test/support/links-site.ts):
 * - every link of every page, resolved by the browser against the page's
 *   URL and fetched, 404s exactly when the build warned about it;
 * - on a strict static host (exact files, else 404.html with status 404, as
 *   GitHub Pages has no `/x.html` → `x/index.html` mapping), `/docs/usage.html`
 *   shows the page `/docs/usage` once the client starts, under its own URL.
 */
import { createReadStream, existsSync, mkdtempSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { encodeRoutePath } from '../../src/shared/url.js';
import { buildSite, removeDir } from '../support/fixtures.js';
import { EXPECTED_BROKEN, writeLinksSite } from '../support/links-site.js';
import { describeBrowser, hydrated, launchBrowser, newContext } from './support/browser.js';
import { serveOut, type ServedSite } from './support/site.js';

let root: string;
let outDir: string;
let warnings: { code: string; message: string }[];
let site: ServedSite;
let browser: Browser;

/**
 * A static host that knows nothing of folio: a path is a file of the output, or a folder with an
 * index.html; anything else is 404.html with status 404.
 */
function strictServer(dir: string): Promise<{ origin: string; server: Server }> {
  const server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    let file = path.join(dir, pathname);
    if (!file.startsWith(dir)) file = dir;
    if (existsSync(file) && statSync(file).isDirectory()) file = path.join(file, 'index.html');
    const found = existsSync(file) && statSync(file).isFile();
    const served = found ? file : path.join(dir, '404.html');
    const type = served.endsWith('.html')
      ? 'text/html'
      : served.endsWith('.js')
        ? 'text/javascript'
        : served.endsWith('.css')
          ? 'text/css'
          : 'application/octet-stream';
    response.writeHead(found ? 200 : 404, { 'content-type': `${type}; charset=utf-8` });
    createReadStream(served).pipe(response);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server })),
  );
}

describeBrowser('links in the browser (Chromium)', () => {
  beforeAll(async () => {
    root = writeLinksSite();
    outDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'folio-links-out-')), 'out');
    const [result, launched] = await Promise.all([buildSite(root, { outDir, quiet: true }), launchBrowser()]);
    browser = launched;
    if (!result.ok) throw new Error(`the site did not build: ${String(result.error)}`);
    warnings = result.warnings;
    site = await serveOut({ outDir });
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await site?.close();
    removeDir(path.dirname(outDir));
    removeDir(root);
  });

  it('every link 404s in the browser exactly when the build warned about it', async () => {
    // What the checker said: `page|path` of each broken link, resolved on the page URL as a browser would.
    const warned = new Set<string>();
    for (const warning of warnings) {
      if (warning.code !== 'BROKEN_LINK') continue;
      const match = /^(?:broken link|pathname:\/\/ link) on (\S+)(?: names no file of the output)?: (.*)$/.exec(warning.message);
      expect(match, warning.message).not.toBeNull();
      const [, page, href] = match!;
      warned.add(`${page}|${new URL(href, `${site.origin}${encodeRoutePath(page)}`).pathname}`);
    }
    expect(warned.size).toBe(EXPECTED_BROKEN.length);
    const context = await newContext(browser);
    const tab = await context.newPage();
    const status = new Map<string, number>();
    const found = new Set<string>();
    const wrong: string[] = [];
    let followed = 0;
    for (const route of site.routes) {
      await tab.goto(`${site.origin}${encodeRoutePath(route.path)}`);
      await hydrated(tab);
      // `a.href` is the link as the browser resolves it against the page's URL.
      const links = await tab.$$eval('a[href]', (anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).href));
      for (const link of links) {
        const url = new URL(link);
        if (url.origin !== site.origin) continue;
        if (!status.has(url.pathname)) status.set(url.pathname, (await context.request.get(`${site.origin}${url.pathname}`)).status());
        const key = `${route.path}|${url.pathname}`;
        followed++;
        const is404 = status.get(url.pathname) === 404;
        if (is404 !== warned.has(key)) wrong.push(`${key}: ${is404 ? '404 without a warning' : `${status.get(url.pathname)} but warned`}`);
        if (is404) found.add(key);
      }
    }
    expect(wrong).toEqual([]);
    // Every warning stood for a link the browser could not follow.
    expect([...warned].filter((key) => !found.has(key))).toEqual([]);
    expect(followed).toBeGreaterThan(100);
    await context.close();
  }, 120_000);

  it('shows /docs/usage at /docs/usage.html on a host that answers it with 404.html', async () => {
    const { origin, server } = await strictServer(outDir);
    try {
      const context = await newContext(browser);
      const tab = await context.newPage();
      const response = await tab.goto(`${origin}/docs/usage.html#settings`);
      expect(response?.status()).toBe(404);
      await hydrated(tab);
      await tab.waitForFunction(() => location.pathname === '/docs/usage', undefined, { timeout: 10_000 });
      expect(await tab.locator('main h1').first().innerText()).toBe('Usage');
      expect(await tab.title()).toBe('Usage | Link Lab');
      expect(new URL(tab.url()).hash).toBe('#settings');
      // Links on it work as anywhere else: a click navigates in the page.
      await tab.locator('article a', { hasText: 'the overview' }).click();
      await tab.waitForFunction(() => location.pathname === '/docs/');
      expect(await tab.locator('main h1').first().innerText()).toBe('Overview');
      // A path that is no route stays the not-found page, under the URL asked for.
      await tab.goto(`${origin}/docs/nothing-here.html`);
      await hydrated(tab);
      // The client looks the path up once routes.json is in: wait for it, then for a round trip.
      await tab.waitForFunction(() => performance.getEntriesByType('resource').some((entry) => entry.name.endsWith('/routes.json')));
      await tab.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
      expect(new URL(tab.url()).pathname).toBe('/docs/nothing-here.html');
      expect(await tab.locator('main h1').first().innerText()).toBe('Page Not Found');
      await context.close();
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }, 60_000);
});
