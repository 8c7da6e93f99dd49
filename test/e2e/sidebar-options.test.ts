/**
 * The docs options Docusaurus sites set, in real Chromium on a fixture of
 * three categories: `autoCollapseCategories` (opening a category closes its
 * open siblings, by click or by navigating into it), `hideableSidebar` (a
 * button hides the sidebar, another brings it back, the choice holds across
 * client navigation) and `customFields` (read by a page with useSiteConfig).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fixtureCopies } from '../support/fixtures.js';
import { describeBrowser, hydrated, launchBrowser, markDocument, newContext, sameDocument } from './support/browser.js';
import { buildAndServe, type ServedSite } from './support/site.js';

let site: ServedSite;
let browser: Browser;

// A copy: the build writes .folio-cache into its root, which must not be test/fixtures.
const fixture = fixtureCopies();

describeBrowser('docs sidebar options (Chromium)', () => {
  beforeAll(async () => {
    [site, browser] = await Promise.all([buildAndServe({ root: fixture('sidebar-options') }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  async function open(route: string): Promise<Page> {
    const context = await newContext(browser, { reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(site.origin + route);
    await hydrated(page);
    await markDocument(page);
    return page;
  }
  /** Clicks a link in the page's content (not the sidebar) to `href`: client navigation. */
  async function followLinkTo(page: Page, href: string): Promise<void> {
    await page.evaluate((target) => {
      const a = document.createElement('a');
      a.href = target;
      a.id = 'e2e-link';
      a.textContent = `to ${target}`;
      document.querySelector('main')!.prepend(a);
    }, href);
    await page.locator('#e2e-link').click();
  }
  const sidebar = (page: Page) => page.locator('aside.doc-sidebar');
  const caret = (page: Page, label: string) => sidebar(page).getByRole('button', { name: new RegExp(`sidebar category '${label}'`) });
  /** Which categories show their items, by label. */
  const openCategories = (page: Page) =>
    page.$$eval('aside.doc-sidebar li.sidebar-category', (items) =>
      items.filter((item) => !item.classList.contains('collapsed')).map((item) => item.querySelector('.sidebar-category-link')!.textContent!.trim()),
    );

  it('autoCollapseCategories: opening a category closes the open one; navigating into another does too', async () => {
    const page = await open('/docs/alpha/one');
    // The server rendered the active category open, the others closed.
    expect(await openCategories(page)).toEqual(['Alpha']);
    await caret(page, 'Beta').click();
    await expect.poll(() => openCategories(page)).toEqual(['Beta']);
    expect(await page.locator('aside.doc-sidebar a.sidebar-link[href="/docs/alpha/one"]').isVisible()).toBe(false);
    await caret(page, 'Gamma').click();
    await expect.poll(() => openCategories(page)).toEqual(['Gamma']);
    // Closing the open one leaves none open.
    await caret(page, 'Gamma').click();
    await expect.poll(() => openCategories(page)).toEqual([]);
    // Navigate (client-side) into Beta from the paginator chain: Alpha one → two → Beta one.
    await caret(page, 'Alpha').click();
    await expect.poll(() => openCategories(page)).toEqual(['Alpha']);
    await caret(page, 'Beta').click();
    await page.locator('aside.doc-sidebar a.sidebar-link[href="/docs/beta/two"]').click();
    await page.waitForFunction(() => location.pathname === '/docs/beta/two');
    await expect.poll(() => openCategories(page)).toEqual(['Beta']);
    // A link elsewhere on the page into a closed category opens it and closes the current one.
    await caret(page, 'Alpha').click();
    await expect.poll(() => openCategories(page)).toEqual(['Alpha']);
    await followLinkTo(page, '/docs/gamma/one');
    await page.waitForFunction(() => location.pathname === '/docs/gamma/one');
    await expect.poll(() => openCategories(page)).toEqual(['Gamma']);
    expect(await sameDocument(page)).toBe(true);
    await page.context().close();
  });

  it('hideableSidebar: the sidebar hides and comes back, and stays hidden across client navigation', async () => {
    const page = await open('/docs/start');
    const collapse = page.getByRole('button', { name: 'Collapse sidebar', exact: true });
    expect(await collapse.isVisible()).toBe(true);
    const wide = (await sidebar(page).boundingBox())!.width;
    await collapse.click();
    const expand = page.getByRole('button', { name: 'Expand sidebar' });
    await expand.waitFor();
    expect(await page.locator('aside.doc-sidebar nav').count()).toBe(0);
    const narrow = (await sidebar(page).boundingBox())!.width;
    expect(narrow).toBeLessThan(wide / 4);
    // The article takes the room.
    const articleWidth = (await page.locator('main.doc-main').boundingBox())!.width;
    expect(articleWidth).toBeGreaterThan(wide);
    // Client navigation to another doc keeps it hidden.
    await followLinkTo(page, '/docs/beta/one');
    await page.waitForFunction(() => location.pathname === '/docs/beta/one');
    expect(await sameDocument(page)).toBe(true);
    expect(await expand.isVisible()).toBe(true);
    await expand.click();
    await collapse.waitFor();
    expect(await page.locator('aside.doc-sidebar a.sidebar-link[href="/docs/beta/one"]').getAttribute('aria-current')).toBe('page');
    // (Polled: CI once measured the strip's 32 px here on a busy machine, with the collapse button
    // already shown; not reproduced in 16 runs under load. A sidebar that stays narrow still fails.)
    await expect.poll(async () => (await sidebar(page).boundingBox())?.width).toBe(wide);
    await page.context().close();
  });

  it('hideableSidebar: no button on narrow screens (the drawer holds the sidebar there)', async () => {
    const context = await newContext(browser, { viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${site.origin}/docs/start`);
    await hydrated(page);
    expect(await page.getByRole('button', { name: 'Collapse sidebar', exact: true }).isVisible()).toBe(false);
    await context.close();
  });

  it('customFields reach a page through useSiteConfig, in the HTML and after hydration', async () => {
    const page = await open('/contact');
    expect(await page.locator('#support-email').innerText()).toBe('help@sidebar.example.com');
    expect(await page.locator('#release').innerText()).toBe('Release 3 ships on stable and beta.');
    const html = await (await fetch(`${site.origin}/contact`)).text();
    expect(html).toContain('help@sidebar.example.com</a>');
    await page.context().close();
  });
});
