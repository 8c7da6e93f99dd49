/**
 * When things go wrong, in real Chromium on this repository's site: a chunk
 * that fails to load (6), a chunk that cannot be rendered (16), storage that
 * throws (14), a site served under the wrong base path (15), and no
 * JavaScript at all (every page is complete HTML).
 */
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeBrowser, hydrated, launchBrowser, markDocument, newContext, sameDocument, watchedPage, type Watched } from './support/browser.js';
import { buildAndServe, serveOut, type ServedSite } from './support/site.js';

let site: ServedSite;
let browser: Browser;

describeBrowser('client failures (Chromium)', () => {
  beforeAll(async () => {
    [site, browser] = await Promise.all([buildAndServe(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  const h1 = (page: Page) => page.locator('main h1').first().innerText();
  const documentsFor = (watched: Watched, path: string) => watched.documents.filter((url) => url === path).length;

  /** Holds the next full load of `path` until released. */
  async function holdDocument(context: BrowserContext, path: string) {
    let release!: () => void;
    let arrived!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const requested = new Promise<void>((resolve) => (arrived = resolve));
    const handler = async (route: Route) => {
      if (route.request().resourceType() !== 'document') return route.continue();
      arrived();
      await released;
      await context.unroute(`${site.origin}${path}`, handler);
      await route.continue();
    };
    await context.route(`${site.origin}${path}`, handler);
    return { requested, release };
  }

  const failures: { name: string; target: string; title: string; fail: (route: Route) => Promise<void>; message: RegExp }[] = [
    {
      name: 'a network error',
      target: '/docs/contributing',
      title: 'Contributing',
      fail: (route) => route.abort('connectionreset'),
      message: /could not be fetched/,
    },
    {
      name: 'a 404',
      target: '/docs/configurations',
      title: 'Configuration',
      fail: (route) => route.fulfill({ status: 404, contentType: 'text/html', body: '<h1>Not found</h1>' }),
      message: /answered 404/,
    },
    {
      name: 'bad JSON',
      target: '/docs/getting-started',
      title: 'Getting Started',
      fail: (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"path": "/docs/getting-st' }),
      message: /not valid JSON/,
    },
  ];

  for (const failure of failures) {
    it(`6. on ${failure.name}, shows the error and Retry, then loads the URL fully, once`, async () => {
      const context = await newContext(browser);
      const chunk = site.chunkOf(failure.target);
      await context.route(`**${chunk}`, failure.fail);
      const watched = await watchedPage(context, site.origin);
      const { page } = watched;
      await page.goto(`${site.origin}/docs/usage`);
      await hydrated(page);
      await markDocument(page);
      const full = await holdDocument(context, failure.target);

      // Playwright cannot query a page whose full load has begun, so the page reports its error view itself.
      await page.evaluate(() => {
        new MutationObserver((_, observer) => {
          const view = document.querySelector('main.folio-error');
          if (!view) return;
          observer.disconnect();
          const report = {
            title: view.querySelector('h1')?.textContent,
            message: view.querySelector('.folio-error-message')?.textContent,
            buttons: Array.from(view.querySelectorAll('button')).map((button) => button.textContent),
            path: location.pathname,
            shell: Boolean(document.querySelector('nav.navbar') && document.querySelector('footer.footer')),
          };
          console.log(`e2e-error-view ${JSON.stringify(report)}`);
        }).observe(document.body, { childList: true, subtree: true });
      });
      const reported = page.waitForEvent('console', { predicate: (message) => message.text().startsWith('e2e-error-view ') });
      await page.evaluate((target) => document.querySelector<HTMLElement>(`.doc-sidebar a.sidebar-link[href="${target}"]`)!.click(), failure.target);
      const report = JSON.parse((await reported).text().slice('e2e-error-view '.length)) as {
        title: string;
        message: string;
        buttons: string[];
        path: string;
        shell: boolean;
      };
      expect(report.title).toBe('This page could not be loaded.');
      expect(report.message).toMatch(failure.message);
      expect(report.message).toContain(chunk);
      expect(report.buttons).toEqual(['Retry']);
      expect(report.path).toBe(failure.target);
      // The navbar and footer stay: only the page's place shows the error.
      expect(report.shell).toBe(true);
      const error = page.locator('main.folio-error');

      // Then the browser loads the target fully (held above until now): the server's complete page.
      await full.requested;
      full.release();
      await page.waitForFunction((title) => document.title.startsWith(title) && !document.querySelector('main.folio-error'), failure.title);
      await hydrated(page);
      expect(await sameDocument(page)).toBe(false);
      expect(documentsFor(watched, failure.target)).toBe(1);
      await markDocument(page);

      // Never a loop: back to that page (its chunk still failing) shows the error and stays.
      await page.locator('.doc-sidebar a.sidebar-link[href="/docs/usage"]').click();
      await page.waitForFunction(() => document.title.startsWith('CLI Usage'));
      await page.goBack();
      await error.waitFor();
      await page.waitForTimeout(600);
      expect(documentsFor(watched, failure.target)).toBe(1);
      expect(await sameDocument(page)).toBe(true);
      expect(await page.evaluate(() => location.pathname)).toBe(failure.target);
      expect(await page.title()).toBe('This page could not be loaded. | The Codegen Project');

      // Retry tries again: now the chunk loads, and the page shows without a full load.
      await context.unroute(`**${chunk}`);
      await error.getByRole('button', { name: 'Retry' }).click();
      await page.waitForFunction((title) => document.title.startsWith(title) && !document.querySelector('main.folio-error'), failure.title);
      expect(await sameDocument(page)).toBe(true);
      expect(await h1(page)).toMatch(new RegExp(`^${failure.title}`));
      expect(documentsFor(watched, failure.target)).toBe(1);
      expect(watched.errors).toEqual([]);
      await context.close();
    });
  }

  const invalid: { name: string; target: string; title: string; body: (chunk: string) => unknown }[] = [
    {
      name: 'an unknown template',
      target: '/docs/contributing',
      title: 'Contributing',
      body: () => ({ path: '/docs/contributing', key: '/docs/contributing-000', template: 'noSuchTemplate', title: 'x', props: {} }),
    },
    {
      name: 'malformed data',
      target: '/blog/archive',
      title: 'Archive',
      body: () => ({ path: '/blog/archive', key: '/blog/archive-000', template: 'blogArchive', title: 'Archive', props: { years: 'not a list' } }),
    },
    {
      name: 'a page component the bundle lacks',
      target: '/',
      title: 'Next-gen',
      body: () => ({ path: '/', key: '/-000', template: 'tsxPage', title: 'x', props: { component: 'no-such-page' } }),
    },
  ];

  for (const { name, target, title, body } of invalid) {
    it(`16. a chunk with ${name} falls back to a full page load, not a blank page`, async () => {
      const context = await newContext(browser);
      const chunk = site.chunkOf(target);
      await context.route(`**${chunk}`, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body(chunk)) }));
      const watched = await watchedPage(context, site.origin);
      const { page } = watched;
      await page.goto(`${site.origin}/docs/usage`);
      await hydrated(page);
      await markDocument(page);
      await (
        await page.evaluateHandle((target) => {
          const a = document.createElement('a');
          a.href = target;
          a.id = 'e2e-link';
          a.textContent = 'go';
          document.querySelector('main')!.prepend(a);
          return a;
        }, target)
      )
        .asElement()!
        .click();
      await page.waitForFunction((target) => location.pathname === target, target);
      await page.waitForFunction((title) => document.title.includes(title), title);
      await hydrated(page);
      expect(await sameDocument(page)).toBe(false);
      expect(documentsFor(watched, target)).toBe(1);
      expect(await page.locator('main').first().innerText()).not.toBe('');
      expect(watched.console.some((m) => m.type === 'error' && m.text.includes(chunk))).toBe(true);

      // A second time in this tab: no second full load, the error view instead (never blank).
      await markDocument(page);
      await page.goto(`${site.origin}/docs/usage`);
      await hydrated(page);
      await markDocument(page);
      await page.evaluate((target) => {
        const a = document.createElement('a');
        a.href = target;
        a.id = 'e2e-link';
        a.textContent = 'go';
        document.querySelector('main')!.prepend(a);
      }, target);
      await page.locator('#e2e-link').click();
      await page.locator('main.folio-error').waitFor();
      expect(await page.locator('main.folio-error .folio-error-message').innerText()).toMatch(/could not be used/);
      expect(await sameDocument(page)).toBe(true);
      expect(watched.errors).toEqual([]);
      await context.close();
    });
  }

  it('when routes.json cannot be loaded, links load full pages (nothing breaks)', async () => {
    const context = await newContext(browser);
    await context.route('**/routes.json', (route) => route.abort());
    const watched = await watchedPage(context, site.origin);
    const { page } = watched;
    await page.goto(`${site.origin}/docs/usage`);
    await hydrated(page);
    await markDocument(page);
    await page.locator('.doc-sidebar a.sidebar-link[href="/docs/contributing"]').click();
    await page.waitForURL(/\/docs\/contributing$/);
    await page.waitForFunction(() => document.title.startsWith('Contributing'));
    expect(await sameDocument(page)).toBe(false);
    expect(documentsFor(watched, '/docs/contributing')).toBe(1);
    expect(watched.errors).toEqual([]);
    await context.close();
  });

  it('14. when localStorage throws: one warning, no remembered preferences, nothing else breaks', async () => {
    const context = await newContext(browser);
    await context.addInitScript(() => {
      Object.defineProperty(window, 'localStorage', {
        configurable: true,
        get() {
          throw new DOMException('The operation is insecure.', 'SecurityError');
        },
      });
    });
    const watched = await watchedPage(context, site.origin);
    const { page } = watched;
    await page.goto(`${site.origin}/docs/usage`);
    await hydrated(page);
    await markDocument(page);
    // Colour mode switches (for this page view), the bar closes, navigation works.
    await page.locator('.navbar-inner .color-mode-toggle').click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.locator('.announcement-close').click();
    expect(await page.locator('.announcement-bar').count()).toBe(0);
    await page.locator('.doc-sidebar a.sidebar-link[href="/docs/contributing"]').click();
    await page.waitForFunction(() => document.title.startsWith('Contributing'));
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await sameDocument(page)).toBe(true);
    const warnings = () => watched.console.filter((m) => m.type === 'warning');
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0].text).toMatch(/localStorage is unavailable/);
    expect(watched.console.filter((m) => m.type === 'error')).toEqual([]);
    expect(watched.errors).toEqual([]);
    // Nothing was remembered: a reload is light again, with the bar.
    await page.reload();
    await hydrated(page);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    expect(await page.locator('.announcement-bar').isVisible()).toBe(true);
    expect(warnings()).toHaveLength(2); // one per page load
    expect(watched.errors).toEqual([]);
    await context.close();
  });

  it('14. when localStorage refuses writes (private mode): one warning, and no write is attempted after it', async () => {
    const context = await newContext(browser);
    await context.addInitScript(() => {
      const calls: string[] = [];
      (window as unknown as { __e2eStorageCalls: string[] }).__e2eStorageCalls = calls;
      const fake = {
        getItem: (key: string) => {
          calls.push(`get ${key}`);
          return null;
        },
        setItem: (key: string) => {
          calls.push(`set ${key}`);
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        },
        removeItem: (key: string) => void calls.push(`remove ${key}`),
        clear() {},
        key: () => null,
        length: 0,
      };
      Object.defineProperty(window, 'localStorage', { configurable: true, get: () => fake });
    });
    const watched = await watchedPage(context, site.origin);
    const { page } = watched;
    await page.goto(`${site.origin}/docs/usage`);
    await hydrated(page);
    await page.locator('.navbar-inner .color-mode-toggle').click();
    await page.locator('.announcement-close').click();
    await page.locator('.doc-sidebar a.sidebar-link[href="/docs/contributing"]').click();
    await page.waitForFunction(() => document.title.startsWith('Contributing'));
    const calls = await page.evaluate(() => (window as unknown as { __e2eStorageCalls: string[] }).__e2eStorageCalls);
    // The head script reads; the client probes once; no preference write follows.
    expect(calls.filter((call) => call.startsWith('set '))).toEqual(['set __folio_probe__']);
    expect(watched.console.filter((m) => m.type === 'warning')).toHaveLength(1);
    expect(watched.errors).toEqual([]);
    await context.close();
  });

  it('15. served under another path than its baseUrl: a banner says so and suggests the base URL (without React)', async () => {
    const mounted = await serveOut({ outDir: site.outDir, mountAt: '/sub' });
    try {
      const context = await newContext(browser);
      const watched = await watchedPage(context, mounted.origin);
      const { page } = watched;
      for (const path of ['/sub/docs/usage', '/sub/', '/sub/docs/usage.html']) {
        await page.goto(`${mounted.origin}${path}`);
        const banner = page.locator('#__folio-base-url-issue');
        await banner.waitFor();
        const text = await banner.innerText();
        expect(text).toContain('This site did not load properly.');
        expect(text).toContain('baseUrl "/"');
        expect(text).toContain('Set baseUrl to "/sub/"');
        expect(await banner.getAttribute('role')).toBe('alert');
        expect(await page.evaluate(() => document.documentElement.hasAttribute('data-folio-client'))).toBe(false);
        // The page itself is still there to read.
        expect(await page.locator('h1').first().isVisible()).toBe(true);
      }
      await context.close();
    } finally {
      await mounted.close();
    }
    // Served where it belongs: no banner.
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${site.origin}/docs/usage`);
    await hydrated(page);
    await page.waitForLoadState('load');
    expect(await page.locator('#__folio-base-url-issue').count()).toBe(0);
    await context.close();
  });

  it('works without JavaScript: complete pages, plain links, no banner', async () => {
    const context = await newContext(browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.origin}/docs/usage`);
    expect(await h1(page)).toBe('CLI Usage');
    expect(await page.locator('[data-folio-body] pre').count()).toBeGreaterThan(0);
    expect(await page.locator('.doc-sidebar a[aria-current="page"]').getAttribute('href')).toBe('/docs/usage');
    await page.locator('.doc-sidebar a.sidebar-link[href="/docs/contributing"]').click();
    await page.waitForURL(/\/docs\/contributing$/);
    expect(await h1(page)).toMatch(/^Contributing/);
    expect(await page.locator('#__folio-base-url-issue').count()).toBe(0);
    await page.goto(`${site.origin}/blog`);
    expect(await page.locator('main h1').first().innerText()).toBe('Blog');
    await context.close();
  });
});
