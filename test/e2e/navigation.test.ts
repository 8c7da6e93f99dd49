/**
 * The client in real Chromium, on this repository's site: hydration (1),
 * History API navigation (2), path forms and not-found (3), the progress
 * bar (4) and prefetching (5).
 */
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  chunkRequests,
  describeBrowser,
  hydrated,
  launchBrowser,
  markDocument,
  newContext,
  sameDocument,
  watchedPage,
  type Watched,
} from './support/browser.js';
import { buildAndServe, type ServedSite } from './support/site.js';

let site: ServedSite;
let browser: Browser;
let context: BrowserContext;

describeBrowser('client navigation (Chromium)', () => {
  beforeAll(async () => {
    [site, browser] = await Promise.all([buildAndServe(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  async function open(path: string, init?: () => void): Promise<Watched> {
    context = await newContext(browser);
    if (init) await context.addInitScript(init);
    const watched = await watchedPage(context, site.origin);
    await watched.page.goto(site.origin + path);
    await hydrated(watched.page);
    await markDocument(watched.page);
    return watched;
  }
  const closeContext = () => context?.close();
  const pathname = (page: Page) => page.evaluate(() => location.pathname);
  const h1 = (page: Page) => page.locator('main h1').first().innerText();
  /** Adds a link inside the main content and returns its locator. */
  const addLink = async (page: Page, href: string, attributes: Record<string, string> = {}) => {
    await page.evaluate(
      ({ href, attributes }) => {
        const a = document.createElement('a');
        a.href = href;
        a.id = 'e2e-link';
        a.textContent = `e2e link to ${href}`;
        for (const [name, value] of Object.entries(attributes)) a.setAttribute(name, value);
        document.getElementById('e2e-link')?.remove();
        document.querySelector('main')!.prepend(a);
      },
      { href, attributes },
    );
    return page.locator('#e2e-link');
  };

  /** The chunks a page's HTML preloads. */
  const preloads = async (path: string) =>
    [...(await (await fetch(`${site.origin}${path}`)).text()).matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map(([, href]) => href);
  /**
   * A first visit of `path`: it fetched `chunk` and hydrated without a page error or a console
   * error (the blog's authors' pictures are on another host, which this machine cannot reach).
   */
  const hydratesWith = async (path: string, chunk: string): Promise<Watched> => {
    const watched = await open(path);
    expect(watched.requests).toContain(chunk);
    expect(watched.errors).toEqual([]);
    expect(consoleErrors(watched)).toEqual([]);
    return watched;
  };
  const consoleErrors = (watched: Watched) =>
    watched.console.filter((message) => message.type === 'error' && !/Failed to load resource: net::ERR_NAME_NOT_RESOLVED/.test(message.text));

  it('1. hydrates the server-rendered page without warnings and without re-rendering the body', async () => {
    const {
      page,
      console: messages,
      errors,
    } = await open('/docs/usage', () => {
      // Before any script: watch the app's DOM, and mark the body's nodes as the parser made them.
      const log = { removed: 0, bodyMutations: 0 };
      (window as unknown as { __e2eHydration: typeof log }).__e2eHydration = log;
      new MutationObserver((records) => {
        // From the end of parsing to the end of hydration.
        if (document.readyState === 'loading' || document.documentElement.hasAttribute('data-folio-hydrated')) return;
        for (const record of records) {
          // Text nodes (characterData) have no closest(): start from their parent.
          const element = record.target instanceof Element ? record.target : record.target.parentElement;
          if (!element?.closest('#__folio')) continue;
          log.removed += record.removedNodes.length;
          if (element.closest('[data-folio-body]')) log.bodyMutations++;
        }
      }).observe(document, { childList: true, subtree: true, characterData: true });
      document.addEventListener('readystatechange', () => {
        if (document.readyState !== 'interactive') return;
        document.querySelectorAll('[data-folio-body] *').forEach((node) => ((node as unknown as { __e2eParsed: boolean }).__e2eParsed = true));
      });
    });
    const log = await page.evaluate(() => (window as unknown as { __e2eHydration: unknown }).__e2eHydration);
    expect(log).toEqual({ removed: 0, bodyMutations: 0 });
    const parsed = await page.evaluate(() => {
      const nodes = Array.from(document.querySelectorAll('[data-folio-body] *'));
      return { total: nodes.length, kept: nodes.filter((node) => (node as unknown as { __e2eParsed?: boolean }).__e2eParsed).length };
    });
    expect(parsed.total).toBeGreaterThan(50);
    expect(parsed.kept).toBe(parsed.total);
    expect(errors).toEqual([]);
    expect(messages.filter((m) => m.type === 'error' || m.type === 'warning')).toEqual([]);
    // Hydrated means interactive: the React-rendered toggle responds.
    await page.locator('.color-mode-toggle').click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await closeContext();
  });

  it('2. navigates with the History API: chunk from routes.json, title, active item, scroll, focus; back and forward restore', async () => {
    const watched = await open('/docs/usage');
    const { page } = watched;
    await page.evaluate(() => window.scrollTo(0, 900));
    await page.waitForFunction(() => window.scrollY === 900);
    const before = chunkRequests(watched).length;
    await page.locator('.doc-sidebar a.sidebar-link[href="/docs/getting-started"]').click();
    await page.waitForFunction(() => location.pathname === '/docs/getting-started');
    await page.waitForFunction(() => document.title.startsWith('Getting Started'));
    expect(await sameDocument(page)).toBe(true);
    expect(watched.documents).toEqual(['/docs/usage']);
    // The chunk it loaded is the one routes.json names (fetched by prefetch or by the click).
    expect(chunkRequests(watched)).toContain(site.chunkOf('/docs/getting-started'));
    expect(chunkRequests(watched).length).toBeGreaterThanOrEqual(before);
    expect(await h1(page)).toBe('Getting Started in 5 minutes');
    expect(await page.title()).toBe('Getting Started in 5 minutes | The Codegen Project');
    expect(await page.locator('.doc-sidebar a[aria-current="page"]').getAttribute('href')).toBe('/docs/getting-started');
    expect(await page.locator('.doc-sidebar a.sidebar-link.active').count()).toBe(1);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');

    // Scroll the new page, then back: the previous page at its position; forward: this one at its.
    await page.evaluate(() => window.scrollTo(0, 400));
    await page.waitForFunction(() => window.scrollY === 400);
    await page.goBack();
    await page.waitForFunction(() => document.title.startsWith('CLI Usage'));
    expect(await h1(page)).toBe('CLI Usage');
    expect(await page.evaluate(() => window.scrollY)).toBe(900);
    expect(await page.locator('.doc-sidebar a[aria-current="page"]').getAttribute('href')).toBe('/docs/usage');
    await page.goForward();
    await page.waitForFunction(() => document.title.startsWith('Getting Started'));
    expect(await page.evaluate(() => window.scrollY)).toBe(400);
    expect(await sameDocument(page)).toBe(true);

    // A link to a heading of another page: that page, scrolled to the heading.
    await page.locator('[data-folio-body] a[href="/docs/usage#codegen-init"]').first().click();
    await page.waitForFunction(() => location.pathname === '/docs/usage' && location.hash === '#codegen-init');
    await page.waitForFunction(() => document.title.startsWith('CLI Usage'));
    const top = await page.evaluate(() => document.getElementById('codegen-init')!.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(120);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);

    // A link to a heading of this page: the browser scrolls, no chunk, same page.
    const chunksBefore = chunkRequests(watched).length;
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.locator('.doc-toc a.toc-link[href="#codegen-help"]').click();
    await page.waitForFunction(() => location.hash === '#codegen-help');
    const helpTop = await page.evaluate(() => document.getElementById('codegen-help')!.getBoundingClientRect().top);
    expect(helpTop).toBeLessThan(120);
    expect(chunkRequests(watched).length).toBe(chunksBefore);
    expect(await sameDocument(page)).toBe(true);
    // Back: the previous anchor entry of this page, at the position it was left at.
    await page.goBack();
    await page.waitForFunction(() => location.hash === '#codegen-init');
    await page.waitForFunction(() => window.scrollY === 0);
    expect(await h1(page)).toBe('CLI Usage');
    expect(await sameDocument(page)).toBe(true);
    expect(watched.errors).toEqual([]);
    await closeContext();
  });

  it('2. leaves external links, downloads, modified and middle clicks and target=_blank to the browser', async () => {
    const { page } = await open('/docs/usage');
    const clickOpensNewPage = async (href: string, click: (link: ReturnType<Page['locator']>) => Promise<void>, attributes: Record<string, string> = {}) => {
      const link = await addLink(page, href, attributes);
      const [popup] = await Promise.all([context.waitForEvent('page', { timeout: 10_000 }), click(link)]);
      await popup.close();
      expect(await pathname(page)).toBe('/docs/usage');
      expect(await sameDocument(page)).toBe(true);
    };
    await clickOpensNewPage('/docs/configurations', (link) => link.click({ modifiers: ['Control'] }));
    await clickOpensNewPage('/docs/configurations', (link) => link.click({ modifiers: ['Shift'] }));
    await clickOpensNewPage('/docs/configurations', (link) => link.click({ button: 'middle' }));
    await clickOpensNewPage('/docs/configurations', (link) => link.click(), { target: '_blank' });

    // Meta and Alt clicks: the client does not take them (the browser's default stays).
    for (const modifier of ['metaKey', 'altKey'] as const) {
      await addLink(page, '/docs/configurations');
      const taken = await page.evaluate((modifier) => {
        const a = document.getElementById('e2e-link')!;
        let prevented: boolean | undefined;
        const spy = (event: Event) => {
          prevented = event.defaultPrevented;
          event.preventDefault();
        };
        window.addEventListener('click', spy);
        a.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, [modifier]: true }));
        window.removeEventListener('click', spy);
        return prevented;
      }, modifier);
      expect(taken).toBe(false);
    }

    // A download link: a download, not a page.
    const download = await addLink(page, '/routes.json', { download: 'routes.json' });
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toBe('routes.json');
    expect(await sameDocument(page)).toBe(true);

    // Another origin (the same server as "localhost"): a full load by the browser.
    const external = await addLink(page, `${site.origin.replace('127.0.0.1', 'localhost')}/docs/contributing`);
    await external.click();
    await page.waitForURL(/localhost:\d+\/docs\/contributing$/);
    await page.waitForLoadState();
    expect(await sameDocument(page)).toBe(false);
    await closeContext();
  });

  it('3. resolves /x.html and /x/index.html to /x, in the client and from the server; unknown paths show the not-found page', async () => {
    const watched = await open('/docs/configurations');
    const { page } = watched;
    for (const form of ['/docs/usage.html', '/docs/usage/index.html', '/docs/usage/']) {
      await (await addLink(page, form)).click();
      await page.waitForFunction(() => document.title.startsWith('CLI Usage'));
      expect(await pathname(page)).toBe('/docs/usage');
      expect(await h1(page)).toBe('CLI Usage');
      await page.goBack();
      await page.waitForFunction(() => document.title.startsWith('Configurations') || document.title.startsWith('Configuration'));
    }
    expect(await sameDocument(page)).toBe(true);

    // Client side: an unknown path shows the not-found page, at that URL.
    await (await addLink(page, '/docs/no-such-page')).click();
    await page.waitForFunction(() => location.pathname === '/docs/no-such-page');
    await page.locator('main.not-found').waitFor();
    expect(await h1(page)).toBe('Page Not Found');
    expect(await sameDocument(page)).toBe(true);
    expect(await page.title()).toMatch(/^Page Not Found/);
    await page.goBack();
    await page.waitForFunction(() => document.title.startsWith('Configuration'));

    // From the server: the same forms answer the page, and the client shows the bare path.
    for (const form of ['/docs/usage.html', '/docs/usage/index.html']) {
      const response = await page.goto(site.origin + form);
      expect(response?.status()).toBe(200);
      await hydrated(page);
      expect(await h1(page)).toBe('CLI Usage');
      expect(await pathname(page)).toBe('/docs/usage');
    }
    const missing = await page.goto(`${site.origin}/docs/no-such-page`);
    expect(missing?.status()).toBe(404);
    await hydrated(page);
    expect(await h1(page)).toBe('Page Not Found');
    expect(await pathname(page)).toBe('/docs/no-such-page');
    expect(watched.errors).toEqual([]);
    await closeContext();
  });

  it('4. shows the progress bar only after 200 ms, and finishes it when the page is shown', async () => {
    const { page } = await open('/docs/usage');
    // A page whose link is not on screen (so not prefetched yet); its chunk is held until released.
    const slowChunk = site.chunkOf('/docs/protocols/kafka');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**${slowChunk}`, async (route) => {
      await held;
      await route.continue();
    });
    const slowLink = await addLink(page, '/docs/protocols/kafka');
    await page.evaluate(() => {
      const log = { clickedAt: 0, shownAt: 0, inserted: 0 };
      (window as unknown as { __e2eProgress: typeof log }).__e2eProgress = log;
      document.addEventListener('click', () => (log.clickedAt = performance.now()), true);
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of Array.from(record.addedNodes))
            if ((node as Element).classList?.contains('folio-progress')) {
              log.inserted++;
              log.shownAt = performance.now();
            }
      }).observe(document.body, { childList: true });
    });
    await slowLink.click();
    const bar = page.locator('.folio-progress');
    await bar.waitFor({ state: 'visible' });
    const timing = await page.evaluate(() => (window as unknown as { __e2eProgress: { clickedAt: number; shownAt: number } }).__e2eProgress);
    expect(timing.shownAt - timing.clickedAt).toBeGreaterThanOrEqual(199);
    expect(await bar.getAttribute('role')).toBe('progressbar');
    expect(await h1(page)).toBe('CLI Usage');
    release();
    await page.waitForFunction(() => document.title.startsWith('Kafka'));
    // Shown: the bar is finishing or gone, then it is removed.
    expect(await page.locator('.folio-progress:not([data-state="done"])').count()).toBe(0);
    await bar.waitFor({ state: 'detached' });

    // A fast navigation (chunk already prefetched by hovering): no bar at all.
    const quick = page.locator('.doc-sidebar a.sidebar-link[href="/docs/configurations"]');
    const chunk = site.chunkOf('/docs/configurations');
    await quick.hover();
    await page.waitForFunction((chunk) => performance.getEntriesByType('resource').some((entry) => entry.name.endsWith(chunk)), chunk);
    await page.waitForTimeout(50);
    await page.evaluate(() => ((window as unknown as { __e2eProgress: { inserted: number } }).__e2eProgress.inserted = 0));
    await quick.click();
    await page.waitForFunction(() => document.title.startsWith('Configuration'));
    await page.waitForTimeout(400);
    expect(await page.evaluate(() => (window as unknown as { __e2eProgress: { inserted: number } }).__e2eProgress.inserted)).toBe(0);
    await closeContext();
  });

  it('5. prefetches a link once when the reader shows intent (pointer rests, focus, touch), not every link in view', async () => {
    const watched = await open('/blog/asyncapi-client-generator');
    const { page } = watched;
    const blogChunk = site.chunkOf('/blog');
    const tagChunk = site.chunkOf('/blog/tags/automation');
    const count = (chunk: string) => chunkRequests(watched).filter((url) => url === chunk).length;
    // Loaded and idle: the links in view (navbar, sidebar, the post) fetch nothing.
    await page.waitForTimeout(1500);
    expect(chunkRequests(watched)).toEqual([]);
    // The pointer resting on a link fetches its chunk, once.
    const tag = page.locator('.blog-post-footer a[href="/blog/tags/automation"]');
    await tag.scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    expect(count(tagChunk)).toBe(0);
    const fetched = page.waitForResponse((response) => response.url().endsWith(tagChunk));
    await tag.hover();
    await fetched;
    await page.mouse.move(0, 0);
    await tag.hover();
    await page.locator('.navbar-inner a.navbar-link[href="/blog"]').hover();
    await page.waitForResponse((response) => response.url().endsWith(blogChunk));
    await tag.click();
    await page.waitForFunction(() => location.pathname === '/blog/tags/automation');
    await page.locator('main h1').first().waitFor();
    expect(count(tagChunk)).toBe(1);
    expect(count(blogChunk)).toBe(1);

    // A pointer that only crosses a link on its way elsewhere fetches nothing.
    const crossedChunk = site.chunkOf('/docs/protocols/nats');
    const crossed = await addLink(page, '/docs/protocols/nats');
    // (The crossing is dispatched in one task, so a busy machine cannot stretch it past the rest delay.)
    await crossed.evaluate((link) => {
      link.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
      document.querySelector('main')!.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    });
    await page.waitForTimeout(300);
    expect(count(crossedChunk)).toBe(0);

    // Keyboard focus prefetches too.
    const focusChunk = site.chunkOf('/docs/protocols/kafka');
    const link = await addLink(page, '/docs/protocols/kafka');
    const focused = page.waitForResponse((response) => response.url().endsWith(focusChunk));
    await link.focus();
    await focused;
    await link.hover();
    await page.waitForTimeout(200);
    expect(count(focusChunk)).toBe(1);
    expect(await sameDocument(page)).toBe(true);
    await closeContext();
  });

  it('6. a .tsx page is a chunk of its own: preloaded by its page only, fetched with its data on navigation and on intent', async () => {
    const docsPreloads = await preloads('/docs/usage');
    const homeChunks = (await preloads('/')).filter((href) => !docsPreloads.includes(href));
    // The home page's component: in no other page's HTML, and not in the entry every page loads.
    expect(homeChunks).toHaveLength(1);
    const [homeChunk] = homeChunks;
    // A first visit of a docs page does not download the home page.
    const docs = await open('/docs/usage');
    await docs.page.waitForLoadState('load');
    expect(docs.requests).not.toContain(homeChunk);
    // Pointing at the home link fetches its data and component ahead; the click shows it without a page load.
    const fetched = docs.page.waitForResponse((response) => response.url().endsWith(homeChunk));
    await docs.page.locator('nav.navbar a.navbar-brand').hover();
    await fetched;
    await docs.page.locator('nav.navbar a.navbar-brand').click();
    await docs.page.waitForFunction(() => location.pathname === '/');
    await docs.page.waitForSelector('main.tsx-page .home-page');
    expect(await sameDocument(docs.page)).toBe(true);
    expect(docs.requests.filter((url) => url === homeChunk)).toHaveLength(1);
    expect(docs.errors).toEqual([]);
    await closeContext();
    // Without intent (a link activated at once) the component comes with the data.
    const direct = await open('/docs/usage');
    await direct.page.evaluate(() => {
      const a = document.createElement('a');
      a.href = '/';
      a.id = 'e2e-home';
      a.textContent = 'home';
      document.querySelector('main')!.prepend(a);
      a.click();
    });
    await direct.page.waitForSelector('main.tsx-page .home-page');
    expect(await sameDocument(direct.page)).toBe(true);
    expect(direct.requests).toContain(homeChunk);
    expect(direct.errors).toEqual([]);
    await closeContext();
    // The home page itself hydrates with its component (preloaded by its HTML), without a mismatch.
    await hydratesWith('/', homeChunk);
    await closeContext();
  });

  it("7. the blog's templates are a chunk of their own: preloaded by blog pages only, fetched on intent or with the data, a failure loads the page", async () => {
    const docsPreloads = await preloads('/docs/usage');
    const homePreloads = await preloads('/');
    const blogChunks = (await preloads('/blog/asyncapi-client-generator')).filter((href) => !docsPreloads.includes(href));
    expect(blogChunks).toHaveLength(1);
    const [blogChunk] = blogChunks;
    expect(homePreloads).not.toContain(blogChunk);
    for (const path of ['/blog', '/blog/tags', '/blog/archive', '/blog/authors', '/blog/page/2']) expect(await preloads(path)).toContain(blogChunk);

    // A first visit of a docs page does not download it; pointing at the navbar's Blog link does, once.
    const docs = await open('/docs/usage');
    await docs.page.waitForLoadState('load');
    expect(docs.requests).not.toContain(blogChunk);
    const fetched = docs.page.waitForResponse((response) => response.url().endsWith(blogChunk));
    const blogLink = docs.page.locator('.navbar-inner a.navbar-link[href="/blog"]');
    await blogLink.hover();
    await fetched;
    await blogLink.click();
    await docs.page.waitForFunction(() => location.pathname === '/blog');
    await docs.page.locator('main.blog-main .post-list').waitFor();
    expect(await h1(docs.page)).toBe('Blog');
    expect(await sameDocument(docs.page)).toBe(true);
    // On to a post and its tag page: the chunk is not fetched again.
    await docs.page.locator('.post-list a[href="/blog/asyncapi-client-generator"]').first().click();
    await docs.page.waitForFunction(() => location.pathname === '/blog/asyncapi-client-generator');
    await docs.page.locator('main .blog-post-footer').waitFor();
    expect(await sameDocument(docs.page)).toBe(true);
    expect(docs.requests.filter((url) => url === blogChunk)).toHaveLength(1);
    expect(docs.errors).toEqual([]);
    expect(consoleErrors(docs)).toEqual([]);
    await closeContext();

    // Without intent (a link activated at once) it comes with the data.
    const direct = await open('/');
    const link = await addLink(direct.page, '/blog/archive');
    await link.click();
    await direct.page.waitForFunction(() => location.pathname === '/blog/archive');
    await direct.page.locator('main.blog-main').waitFor();
    expect(await sameDocument(direct.page)).toBe(true);
    expect(direct.requests).toContain(blogChunk);
    expect(direct.errors).toEqual([]);
    await closeContext();

    // A blog post hydrates with it (preloaded by its HTML), without a mismatch, and its links navigate in place.
    const post = await hydratesWith('/blog/asyncapi-client-generator', blogChunk);
    await post.page.locator('.blog-post-footer a[href="/blog/tags/automation"]').click();
    await post.page.waitForFunction(() => location.pathname === '/blog/tags/automation');
    await post.page.locator('main.blog-main').waitFor();
    expect(await sameDocument(post.page)).toBe(true);
    await closeContext();

    // The chunk cannot be fetched: the click loads the blog page in full, which the server rendered.
    const broken = await open('/docs/usage');
    await broken.page.route(`**${blogChunk}`, (route) => route.fulfill({ status: 500, body: 'no' }));
    await broken.page.locator('.navbar-inner a.navbar-link[href="/blog"]').click();
    await broken.page.waitForFunction(() => location.pathname === '/blog' && document.readyState === 'complete');
    await broken.page.locator('main.blog-main .post-list').waitFor();
    expect(await h1(broken.page)).toBe('Blog');
    expect(await sameDocument(broken.page)).toBe(false);
    await closeContext();
  });

  it('budget: a first visit downloads at most 80 kB gzip of JavaScript, React included', async () => {
    for (const path of ['/', '/docs/usage', '/blog/asyncapi-client-generator']) {
      context = await newContext(browser);
      const page = await context.newPage();
      const scripts: Promise<Buffer>[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script') scripts.push(response.body());
      });
      await page.goto(site.origin + path);
      await hydrated(page);
      await page.waitForLoadState('load');
      const inline = await page.evaluate(() =>
        Array.from(document.querySelectorAll('script:not([src]):not([type="application/json"])'))
          .map((script) => script.textContent)
          .join('\n'),
      );
      const bodies = await Promise.all(scripts);
      const gzip = bodies.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0) + gzipSync(inline, { level: 9 }).length;
      expect(bodies.length).toBeGreaterThan(0);
      expect({ path, gzip: gzip <= 80_000 ? 'within 80 kB' : `${gzip} bytes` }).toEqual({ path, gzip: 'within 80 kB' });
      await closeContext();
    }
  });

  for (const connection of [
    { effectiveType: '2g', saveData: false },
    { effectiveType: 'slow-2g', saveData: false },
    { effectiveType: '4g', saveData: true },
  ]) {
    it(`5. never prefetches on ${connection.saveData ? 'Save-Data' : connection.effectiveType}, and still navigates`, async () => {
      context = await newContext(browser);
      await context.addInitScript((value) => {
        Object.defineProperty(Navigator.prototype, 'connection', {
          configurable: true,
          get: () => ({ ...value, addEventListener() {}, removeEventListener() {} }),
        });
      }, connection);
      const slow = await watchedPage(context, site.origin);
      const { page } = slow;
      await page.goto(`${site.origin}/docs/usage`);
      await hydrated(page);
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.locator('.doc-sidebar a.sidebar-link[href="/docs/contributing"]').hover();
      await page.locator('.navbar-inner a.navbar-link[href="/blog"]').hover();
      await page.waitForTimeout(300);
      expect(chunkRequests(slow)).toEqual([]);
      await page.locator('.doc-sidebar a.sidebar-link[href="/docs/contributing"]').click();
      await page.waitForFunction(() => document.title.startsWith('Contributing'));
      expect(chunkRequests(slow)).toEqual([site.chunkOf('/docs/contributing')]);
      await closeContext();
    });
  }
});
