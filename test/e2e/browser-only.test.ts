/**
 * `@docusaurus/BrowserOnly` islands in real Chromium, on test/fixtures/docusaurus-compat: the
 * fallback without JavaScript; after hydration the wrapped function's result in its place (a
 * component imported with a relative path, reading `window`); unmounted when the page is left
 * by the client router and mounted again on return; an island that throws keeps its fallback
 * and leaves the rest of the page working; island code only on pages that have islands.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fixtureCopies } from '../support/fixtures.js';
import { describeBrowser, hydrated, launchBrowser, markDocument, newContext, sameDocument, watchedPage } from './support/browser.js';
import { buildAndServe, type ServedSite } from './support/site.js';

let site: ServedSite;
let browser: Browser;

// A copy per file: the build writes .folio-cache into its root, and test files run side by side.
const fixture = fixtureCopies();

describeBrowser('BrowserOnly islands (Chromium)', () => {
  beforeAll(async () => {
    [site, browser] = await Promise.all([buildAndServe({ root: fixture('docusaurus-compat') }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  const mountedReports = (page: Page) => page.evaluate(() => (window as unknown as { lanternReports?: number }).lanternReports ?? 0);
  const sidebarLink = (page: Page, name: string) => page.locator('aside.doc-sidebar').getByRole('link', { name, exact: true });

  it('shows the fallback without JavaScript', async () => {
    const context = await newContext(browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.origin}/docs/install`);
    expect(await page.locator('#screen-fallback').isVisible()).toBe(true);
    expect(await page.locator('#browser-only').isVisible()).toBe(true);
    expect(await page.locator('#screen-report').count()).toBe(0);
    await context.close();
  });

  it('replaces the fallback with what the function renders once the page has hydrated', async () => {
    const context = await newContext(browser, { viewport: { width: 1111, height: 700 } });
    const watched = await watchedPage(context, site.origin);
    await watched.page.goto(`${site.origin}/docs/install`);
    await hydrated(watched.page);
    const report = watched.page.locator('#screen-report');
    await report.waitFor();
    expect(await report.textContent()).toMatch(/^The (dim|bright) lamp fits a screen: 1111 pixels wide$/);
    expect(await watched.page.locator('#screen-fallback').count()).toBe(0);
    // A component the page declares, reading the site through useDocusaurusContext as in the build.
    expect(await watched.page.locator('#release-note').textContent()).toBe(' (measured by release 2.4)');
    // The inline one: its text replaced the fallback span, inside the same marker.
    expect(await watched.page.locator('[data-folio-island$="#0"]').textContent()).toBe('window.innerWidth');
    expect(await mountedReports(watched.page)).toBe(1);
    expect(watched.errors).toEqual([]);
    expect(watched.console.filter((message) => message.type === 'error')).toEqual([]);
    await context.close();
  });

  it('unmounts the island when the client router leaves the page, and mounts it again on return', async () => {
    const context = await newContext(browser);
    const watched = await watchedPage(context, site.origin);
    const page = watched.page;
    await page.goto(`${site.origin}/docs/install`);
    await hydrated(page);
    await page.locator('#screen-report').waitFor();
    await markDocument(page);
    await sidebarLink(page, 'Using Lantern').click();
    await page.waitForURL(/\/docs\/usage$/);
    await expect.poll(() => mountedReports(page)).toBe(0);
    await sidebarLink(page, 'Installing Lantern').click();
    await page.waitForURL(/\/docs\/install$/);
    await page.locator('#screen-report').waitFor();
    expect(await mountedReports(page)).toBe(1);
    await page.goBack();
    await page.waitForURL(/\/docs\/usage$/);
    await expect.poll(() => mountedReports(page)).toBe(0);
    await page.goForward();
    await page.locator('#screen-report').waitFor();
    expect(await mountedReports(page)).toBe(1);
    expect(await sameDocument(page)).toBe(true);
    expect(watched.errors).toEqual([]);
    await context.close();
  });

  it('fetches island code only on pages that have islands', async () => {
    const context = await newContext(browser);
    const watched = await watchedPage(context, site.origin);
    await watched.page.goto(`${site.origin}/docs/usage`);
    await hydrated(watched.page);
    await watched.page.waitForLoadState('load');
    expect(watched.requests.filter((url) => url.includes('/island-'))).toEqual([]);
    await sidebarLink(watched.page, 'Installing Lantern').click();
    await watched.page.locator('#screen-report').waitFor();
    expect(watched.requests.filter((url) => url.includes('/island-'))).toHaveLength(1);
    await context.close();
  });

  it('keeps the fallback of an island that throws, and the rest of the page works', async () => {
    const context = await newContext(browser);
    const watched = await watchedPage(context, site.origin);
    const page = watched.page;
    await page.goto(`${site.origin}/docs/extras`);
    await hydrated(page);
    await expect.poll(() => watched.console.some((message) => message.type === 'error' && message.text.includes('BrowserOnly island threw'))).toBe(true);
    // The restore runs once React's commit is over.
    await expect.poll(() => page.locator('#palette-fallback').count()).toBe(1);
    expect(await page.locator('#palette-fallback').textContent()).toBe('The palette list appears once Lantern has read its settings.');
    expect(await page.locator('#palette-list').count()).toBe(0);
    expect(watched.errors).toEqual([]);
    // Details still open, the client router still navigates.
    await page.getByText('Which terminals?').click();
    expect(await page.getByText('Any terminal with 256 colours.').isVisible()).toBe(true);
    await markDocument(page);
    await sidebarLink(page, 'Installing Lantern').click();
    await page.locator('#screen-report').waitFor();
    expect(await sameDocument(page)).toBe(true);
    await context.close();
  });
});
