/**
 * What a reader on a phone meets (issue 16), in real Chromium at 390 × 844:
 * the title in the top third, a one-line "On this page" control, wide tables
 * reachable and scrollable by keyboard, no serious axe violations, and inline
 * code that is never split across lines when it is short.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seriousViolations } from './support/axe.js';
import { DESKTOP, describeBrowser, hydrated, launchBrowser, MOBILE, newContext } from './support/browser.js';
import { buildAndServe, type ServedSite } from './support/site.js';

let site: ServedSite;
let browser: Browser;

describeBrowser('reading on a phone (Chromium, 390 px)', () => {
  beforeAll(async () => {
    [site, browser] = await Promise.all([buildAndServe(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  async function phonePage(path: string) {
    const context = await newContext(browser, { viewport: MOBILE });
    const page = await context.newPage();
    await page.goto(site.origin + path);
    await hydrated(page);
    return { context, page };
  }

  it("a docs page's title starts in the top third of the screen, below a compact announcement bar", async () => {
    for (const path of ['/docs/usage', '/docs/api', '/docs/getting-started']) {
      const { context, page } = await phonePage(path);
      const top = await page.evaluate(() => document.querySelector('h1')!.getBoundingClientRect().top);
      expect({ path, inTopThird: top < MOBILE.height / 3 }).toEqual({ path, inTopThird: true });
      await context.close();
    }
  });

  it('"On this page" is a one-line dropdown control that opens to the headings and closes again', async () => {
    const { context, page } = await phonePage('/docs/usage');
    const control = page.locator('.toc-mobile > summary');
    expect(await control.isVisible()).toBe(true);
    const box = (await control.boundingBox())!;
    const lineHeight = await control.evaluate((element) => Number.parseFloat(getComputedStyle(element).lineHeight));
    // One line of text plus its padding.
    expect(box.height).toBeLessThan(lineHeight * 2);
    // No native disclosure triangle; a chevron drawn by the theme instead.
    expect(await control.evaluate((element) => getComputedStyle(element).display)).toBe('flex');
    expect(await control.evaluate((element) => getComputedStyle(element, '::after').content)).not.toBe('none');
    const links = page.locator('.toc-mobile .toc-link');
    expect(await links.first().isVisible()).toBe(false);
    await control.click();
    expect(await links.first().isVisible()).toBe(true);
    await control.click();
    expect(await links.first().isVisible()).toBe(false);
    // One "On this page" landmark on the page.
    expect(await page.locator('nav[aria-label="On this page"]').count()).toBe(1);
    await context.close();
  });

  it('a table wider than the screen can be reached with Tab and scrolled with the arrow keys', async () => {
    const { context, page } = await phonePage('/docs/usage');
    const wide = await page.evaluate(() => {
      const boxes = [...document.querySelectorAll<HTMLElement>('.markdown .table-wrap')];
      const index = boxes.findIndex((box) => box.scrollWidth > box.clientWidth + 4);
      return index;
    });
    expect(wide).toBeGreaterThanOrEqual(0);
    const box = page.locator('.markdown .table-wrap').nth(wide);
    expect(await box.getAttribute('tabindex')).toBe('0');
    expect(await box.getAttribute('aria-label')).toMatch(/^Table: /);
    // Tab from the element just before it lands on the table's box.
    await box.evaluate((element) => {
      const before = document.createElement('button');
      before.textContent = 'before';
      element.before(before);
      before.focus();
    });
    await page.keyboard.press('Tab');
    expect(await box.evaluate((element) => document.activeElement === element)).toBe(true);
    const start = await box.evaluate((element) => element.scrollLeft);
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
    await page.waitForFunction((index) => document.querySelectorAll<HTMLElement>('.markdown .table-wrap')[index].scrollLeft > 0, wide);
    expect(await box.evaluate((element) => element.scrollLeft)).toBeGreaterThan(start);
    await context.close();
  });

  it('axe finds no serious or critical violation on a docs page, the API index and a blog post at 390 px', async () => {
    for (const path of ['/docs/usage', '/docs/api', '/blog/asyncapi-client-generator']) {
      const { context, page } = await phonePage(path);
      expect({ path, violations: await seriousViolations(page) }).toEqual({ path, violations: [] });
      await context.close();
    }
  });

  it('the sidebar (desktop): pages at full contrast, nesting indented, the active category highlighted across its whole row', async () => {
    const context = await newContext(browser, { viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(`${site.origin}/docs/api`);
    await hydrated(page);
    const facts = await page.evaluate(() => {
      const sidebar = document.querySelector('.doc-sidebar')!;
      const pageLink = sidebar.querySelector<HTMLElement>('.sidebar-item:not(.sidebar-category) > .sidebar-link:not(.active)')!;
      const body = getComputedStyle(document.body).color;
      const activeRow = sidebar.querySelector<HTMLElement>('.sidebar-category-row:has(> .sidebar-link.active)')!;
      const caret = activeRow.querySelector('.sidebar-caret')!.getBoundingClientRect();
      const row = activeRow.getBoundingClientRect();
      const nested = activeRow.parentElement!.querySelector<HTMLElement>(':scope > .sidebar-list .sidebar-link')!.getBoundingClientRect();
      const parentLink = activeRow.querySelector('.sidebar-link')!.getBoundingClientRect();
      return {
        pageColourIsBodyColour: getComputedStyle(pageLink).color === body,
        rowBackground: getComputedStyle(activeRow).backgroundColor,
        caretInsideRow: caret.left >= row.left && caret.right <= row.right,
        indent: nested.left - parentLink.left,
      };
    });
    expect(facts.pageColourIsBodyColour).toBe(true);
    expect(facts.rowBackground).not.toBe('rgba(0, 0, 0, 0)');
    expect(facts.caretInsideRow).toBe(true);
    expect(facts.indent).toBeGreaterThanOrEqual(12);
    await context.close();
  });

  it('short inline code stays on one line; the API export tables become cards with full-width descriptions', async () => {
    const { context, page } = await phonePage('/docs/usage');
    const split = await page.evaluate(() =>
      [...document.querySelectorAll('.markdown :not(pre) > code')]
        .filter((code) => (code.textContent ?? '').length <= 32)
        .filter((code) => code.getClientRects().length > 1)
        .map((code) => code.textContent),
    );
    expect(split).toEqual([]);
    await context.close();

    const api = await phonePage('/docs/api');
    const cells = await api.page.evaluate(() => {
      const row = document.querySelector('.api-exports tbody tr')!;
      const [name, description] = [...row.querySelectorAll('td')].map((cell) => cell.getBoundingClientRect());
      return { nameWidth: name.width, descriptionWidth: description.width, stacked: description.top >= name.bottom - 1 };
    });
    expect(cells.stacked).toBe(true);
    expect(cells.descriptionWidth).toBeGreaterThan(MOBILE.width * 0.7);
    await api.context.close();
  });
});
