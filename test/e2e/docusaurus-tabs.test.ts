/**
 * `@theme/Tabs` in real Chromium, on test/fixtures/docusaurus-compat: the server-rendered
 * default without JavaScript; the lazily loaded behaviour (fetched only by pages with tabs):
 * clicks, WAI-ARIA arrow keys, a groupId choice shared by the page's blocks and remembered for
 * other pages, queryString in the URL; and no layout shift when the behaviour arrives.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fixtureCopies } from '../support/fixtures.js';
import { describeBrowser, hydrated, launchBrowser, markDocument, newContext, sameDocument, watchedPage } from './support/browser.js';
import { readShifts, recordShifts } from './support/shifts.js';
import { buildAndServe, type ServedSite } from './support/site.js';

let site: ServedSite;
let browser: Browser;
/** The URL of the tabs chunk (`/assets/chunk-….js`). */
let tabsChunk: string;

// A copy per file: the build writes .folio-cache into its root, and test files run side by side.
const fixture = fixtureCopies();

describeBrowser('Docusaurus Tabs (Chromium)', () => {
  beforeAll(async () => {
    [site, browser] = await Promise.all([buildAndServe({ root: fixture('docusaurus-compat') }), launchBrowser()]);
    const assets = path.join(site.outDir, 'assets');
    const file = readdirSync(assets).find((name) => name.endsWith('.js') && readFileSync(path.join(assets, name), 'utf8').includes('docusaurus.tab.'));
    tabsChunk = `/assets/${file}`;
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  /** Opens a page and waits until the client has hydrated it and the tabs chunk has run. */
  async function open(route: string, page?: Page): Promise<Page> {
    const tab = page ?? (await (await newContext(browser)).newPage());
    const chunk = tab.waitForResponse((response) => response.url().endsWith(tabsChunk));
    await tab.goto(site.origin + route);
    await hydrated(tab);
    await chunk;
    await tab.waitForSelector('html[data-folio-tabs]', { state: 'attached' });
    return tab;
  }
  /** The selected tab and the shown panel of each tabs block, as `label/panel value`. */
  const state = (page: Page) =>
    page.$$eval('[data-tabs]', (blocks) =>
      blocks.map((block) => {
        const tab = block.querySelector('[role="tab"][aria-selected="true"]')?.textContent;
        const shown = [...block.querySelectorAll<HTMLElement>('[role="tabpanel"]')].filter((panel) => !panel.hidden && panel.offsetHeight > 0);
        return `${tab}/${shown.map((panel) => panel.dataset.value).join(',')}`;
      }),
    );

  it('shows each default tab without JavaScript', async () => {
    const context = await newContext(browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.origin}/docs/install`);
    expect(await state(page)).toEqual(['Yarn/yarn', 'npm/npm']);
    expect(await page.locator('[role="tabpanel"][data-value="yarn"] pre').first().isVisible()).toBe(true);
    // Details open natively.
    await page.getByText('Why a global install?').click();
    expect(await page.getByText('Lantern wraps other commands').isVisible()).toBe(true);
    await context.close();
  });

  it('fetches the tabs behaviour only on pages that have tabs', async () => {
    const context = await newContext(browser);
    const watched = await watchedPage(context, site.origin);
    await watched.page.goto(`${site.origin}/docs/intro`);
    await hydrated(watched.page);
    expect(watched.requests).not.toContain(tabsChunk);
    await open('/docs/install', watched.page);
    expect(watched.requests).toContain(tabsChunk);
    expect(watched.errors).toEqual([]);
    await context.close();
  });

  it('switches on click, syncs the group on the page, remembers it and writes the query string', async () => {
    const page = await open('/docs/install');
    await page.locator('[data-tabs]').first().getByRole('tab', { name: 'npm', exact: true }).click();
    expect(await state(page)).toEqual(['npm/npm', 'npm/npm']);
    expect(new URL(page.url()).searchParams.get('package-manager')).toBe('npm');
    expect(await page.evaluate(() => localStorage.getItem('docusaurus.tab.package-manager'))).toBe('npm');
    await page.locator('[data-tabs]').nth(1).getByRole('tab', { name: 'pnpm', exact: true }).click();
    expect(await state(page)).toEqual(['pnpm/pnpm', 'pnpm/pnpm']);
    // The second block has no queryString: the URL keeps the first block's choice.
    expect(new URL(page.url()).searchParams.get('package-manager')).toBe('npm');
    await page.context().close();
  });

  it('moves with the arrow keys, Home and End, focus following the selection', async () => {
    const page = await open('/docs/install');
    const first = page.locator('[data-tabs]').first();
    await first.getByRole('tab', { name: 'Yarn', exact: true }).focus();
    await page.keyboard.press('ArrowRight');
    expect((await state(page))[0]).toBe('pnpm/pnpm');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('pnpm');
    await page.keyboard.press('ArrowRight');
    expect((await state(page))[0]).toBe('npm/npm');
    await page.keyboard.press('ArrowLeft');
    expect((await state(page))[0]).toBe('pnpm/pnpm');
    await page.keyboard.press('Home');
    expect((await state(page))[0]).toBe('npm/npm');
    await page.keyboard.press('End');
    expect((await state(page))[0]).toBe('pnpm/pnpm');
    expect(await first.getByRole('tab', { name: 'pnpm', exact: true }).getAttribute('tabindex')).toBe('0');
    expect(await first.getByRole('tab', { name: 'npm', exact: true }).getAttribute('tabindex')).toBe('-1');
    await page.context().close();
  });

  it('carries a group choice to other pages, by client navigation and by a full load', async () => {
    const page = await open('/docs/install');
    await page.locator('[data-tabs]').first().getByRole('tab', { name: 'pnpm', exact: true }).click();
    await markDocument(page);
    await page.locator('aside.doc-sidebar').getByRole('link', { name: 'Using Lantern' }).click();
    await page.waitForURL(`${site.origin}/docs/usage`);
    await page.waitForFunction(() => document.querySelector('[data-tabs] [aria-selected="true"]')?.textContent === 'pnpm');
    expect(await sameDocument(page)).toBe(true);
    // The group's block follows the choice; a block without a group keeps its default.
    expect(await state(page)).toEqual(['pnpm/pnpm', 'Short/short']);
    const other = await page.context().newPage();
    await open('/docs/usage', other);
    expect(await state(other)).toEqual(['pnpm/pnpm', 'Short/short']);
    await page.context().close();
  });

  it('selects the tab a query string names', async () => {
    const page = await open('/docs/install?package-manager=pnpm');
    expect((await state(page))[0]).toBe('pnpm/pnpm');
    await page.context().close();
  });

  /** Whether the page's DOM (not the inert <template> contents) holds the text. */
  const inDom = (page: Page, text: string) => page.evaluate((wanted) => document.body.textContent?.includes(wanted) ?? false, text);

  it('lazy: without JavaScript the default panel shows and the others are inert templates', async () => {
    const context = await newContext(browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.origin}/docs/shells`);
    expect(await state(page)).toEqual(['Bash/bash', 'Bash/bash']);
    expect(await page.getByText('to your .bashrc').isVisible()).toBe(true);
    expect(await inDom(page, 'config.fish')).toBe(false);
    expect(await page.locator('#fish-setup').count()).toBe(0);
    expect(await page.locator('[role="tabpanel"][data-value="fish"] > template[data-folio-lazy]').count()).toBe(2);
    await context.close();
  });

  it('lazy: a panel is put in place the first time its tab is selected (click, group, arrows, query string)', async () => {
    const page = await open('/docs/shells');
    expect(await inDom(page, 'config.fish')).toBe(false);
    await page.locator('[data-tabs]').first().getByRole('tab', { name: 'Fish', exact: true }).click();
    expect(await state(page)).toEqual(['Fish/fish', 'Fish/fish']);
    expect(await page.getByText('to your config.fish').isVisible()).toBe(true);
    // The heading inside is a real element now; the group's other block got its panel too.
    expect(await page.locator('#fish-setup').textContent()).toContain('Fish setup');
    expect(await page.getByText('Fish loads completions').isVisible()).toBe(true);
    expect(await page.locator('template[data-folio-lazy]').count()).toBe(2);
    // Back and forth: the panel is made once, and stays.
    await page.locator('[data-tabs]').first().getByRole('tab', { name: 'Bash', exact: true }).click();
    await page.locator('[data-tabs]').first().getByRole('tab', { name: 'Fish', exact: true }).click();
    expect(await page.locator('#fish-setup').count()).toBe(1);
    await page.keyboard.press('ArrowRight');
    expect(await state(page)).toEqual(['Zsh/zsh', 'Zsh/zsh']);
    expect(await page.getByText('to your .zshrc').isVisible()).toBe(true);
    expect(await page.locator('template[data-folio-lazy]').count()).toBe(0);
    await page.context().close();
    const linked = await open('/docs/shells?shell=zsh');
    expect((await state(linked))[0]).toBe('Zsh/zsh');
    expect(await linked.getByText('to your .zshrc').isVisible()).toBe(true);
    await linked.context().close();
  });

  it("hydrates a page whose Footer the site replaced, with the site's stylesheet, without errors", async () => {
    const context = await newContext(browser);
    const watched = await watchedPage(context, site.origin);
    await open('/docs/usage', watched.page);
    expect(await watched.page.locator('.lantern-footer-note').textContent()).toBe('Lantern is looked after by volunteers.');
    expect(await watched.page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--c-primary').trim())).toBe('#b5651d');
    expect(watched.errors).toEqual([]);
    expect(watched.console.filter((message) => message.type === 'error')).toEqual([]);
    await context.close();
  });

  it('hydrates the Docusaurus home page (CSS module, image import, Link) without a mismatch', async () => {
    const context = await newContext(browser);
    const watched = await watchedPage(context, site.origin);
    await watched.page.goto(`${site.origin}/`);
    await hydrated(watched.page);
    const logo = watched.page.locator('header img');
    expect(await logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(96);
    expect(await watched.page.locator('header').evaluate((header) => getComputedStyle(header).textAlign)).toBe('center');
    expect(watched.errors).toEqual([]);
    expect(watched.console.filter((message) => message.type === 'error')).toEqual([]);
    await watched.page.getByRole('link', { name: 'Get started' }).click();
    await watched.page.waitForURL(`${site.origin}/docs/intro`);
    expect(watched.documents).toEqual(['/']);
    await context.close();
  });

  it('causes no layout shift when the behaviour arrives', async () => {
    const context = await newContext(browser);
    await context.addInitScript(recordShifts, {});
    const page = await context.newPage();
    // As on a slow connection: the behaviour arrives well after the page is painted, so whatever it moves shows.
    await page.route(`**${tabsChunk}`, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await open('/docs/install', page);
    // A shift is reported after the frame that shows it is painted: let a few frames pass first.
    await page.waitForTimeout(300);
    // Shifts while the HTML was still being parsed are a busy machine painting half a document (the
    // shell's slow-stream test covers those); any shift after it, of any size, is the behaviour's.
    const shifts = await page.evaluate(readShifts);
    expect(shifts.filter((shift) => !shift.duringParse)).toEqual([]);
    await context.close();
  });
});
