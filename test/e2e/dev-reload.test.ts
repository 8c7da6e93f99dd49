/**
 * `folio serve`'s browser side in real Chromium: an edited page reloads by
 * itself and keeps its scroll position; other pages stay as they are; a
 * stylesheet edit swaps the stylesheet without reloading; a build error
 * shows an overlay (also in a tab opened later) that goes away when fixed.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { copyFixture, removeDir } from '../support/fixtures.js';
import { copyFolio, startCli, type CliServer } from '../support/serve.js';
import { describeBrowser, launchBrowser, markDocument, newContext, sameDocument } from './support/browser.js';

let site: string;
let folio: string;
let server: CliServer;
let browser: Browser;
let context: BrowserContext;

const doc = () => path.join(site, 'content/docs/getting-started.md');
const edit = (file: string, change: (text: string) => string) => writeFileSync(file, change(readFileSync(file, 'utf8')));

describeBrowser('folio serve in the browser (Chromium)', () => {
  beforeAll(async () => {
    site = copyFixture('dev-site');
    folio = copyFolio();
    // A page long enough to scroll.
    const paragraphs = Array.from({ length: 60 }, (_, i) => `Paragraph ${i + 1} of a long page, there to make the page scroll.`).join('\n\n');
    edit(doc(), (text) => `${text}\n## Long part\n\n${paragraphs}\n`);
    [server, browser] = await Promise.all([startCli(['serve', '--root', site, '--port', '0'], { folio }), launchBrowser()]);
    context = await newContext(browser, { viewport: { width: 1100, height: 500 } });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    removeDir(site);
    removeDir(folio);
  });

  async function open(route: string): Promise<Page> {
    const page = await context.newPage();
    await page.goto(`${server.url}${route}`);
    await page.waitForFunction(() => (window as unknown as { __folioDev?: boolean }).__folioDev === true);
    await markDocument(page);
    return page;
  }

  it('reloads the edited page once its new HTML is written, keeping the scroll position', async () => {
    const page = await open('/docs/getting-started');
    await page.evaluate(() => window.scrollTo(0, 700));
    await page.waitForFunction(() => window.scrollY === 700);
    const other = await open('/docs/guides/first');

    const reloaded = page.waitForEvent('load');
    edit(doc(), (text) => text.replace('Install the tool, then run it.', 'Install the tool, then run it. Reloaded in the browser.'));
    await reloaded;
    await page.waitForFunction(() => document.body.innerText.includes('Reloaded in the browser.'));
    expect(await sameDocument(page)).toBe(false);
    await page.waitForFunction(() => Math.abs(window.scrollY - 700) <= 2, undefined, { timeout: 10_000 });
    // The page showing another doc was not written again: it did not reload.
    expect(await sameDocument(other)).toBe(true);
    await other.close();
    await page.close();

    // A folder's index page (route /docs/, opened as /docs).
    const index = await open('/docs');
    const indexReloaded = index.waitForEvent('load');
    edit(path.join(site, 'content/docs/README.md'), (text) => text.replace('Welcome to the dev site.', 'Welcome to the reloaded dev site.'));
    await indexReloaded;
    await index.waitForFunction(() => document.body.innerText.includes('Welcome to the reloaded dev site.'));
    await index.close();
  });

  it('swaps the stylesheet in place when only CSS changed', async () => {
    const page = await open('/docs/getting-started');
    const css = path.join(folio, 'templates/styles/base.css');
    edit(css, (text) => `${text}\nbody { --dev-loop-e2e: 7px; }\n`);
    await page.waitForFunction(() => getComputedStyle(document.body).getPropertyValue('--dev-loop-e2e').trim() === '7px', undefined, { timeout: 30_000 });
    expect(await sameDocument(page)).toBe(true);
    const stylesheets = await page.evaluate(() =>
      [...document.querySelectorAll('link[rel="stylesheet"]')].map((link) => (link as HTMLLinkElement).getAttribute('href')),
    );
    expect(stylesheets.filter((href) => href?.startsWith('/assets/'))).toHaveLength(1);
    await page.close();
  });

  it('shows a build error as an overlay without reloading, also in a tab opened later, and clears it when fixed', async () => {
    const page = await open('/docs/getting-started');
    edit(doc(), (text) => text.replace('title: Getting started', 'title: [Getting started'));
    const overlay = page.locator('folio-error-overlay');
    await overlay.waitFor({ state: 'attached', timeout: 30_000 });
    const text = await overlay.evaluate((element) => element.shadowRoot!.textContent);
    expect(text).toContain('Front matter is not valid YAML');
    expect(text).toContain('FRONT_MATTER_SYNTAX');
    expect(text).toMatch(/content\/docs\/getting-started\.md:\d+:\d+/);
    expect(text).toMatch(/\d+ \| /);
    expect(await sameDocument(page)).toBe(true);

    const later = await open('/docs/guides/first');
    await later.locator('folio-error-overlay').waitFor({ state: 'attached', timeout: 30_000 });

    const reloaded = page.waitForEvent('load');
    edit(doc(), (text) => text.replace('title: [Getting started', 'title: Getting started again'));
    await reloaded;
    await page.waitForFunction(() => document.title.startsWith('Getting started again'));
    expect(await page.locator('folio-error-overlay').count()).toBe(0);
    await later.locator('folio-error-overlay').waitFor({ state: 'detached', timeout: 30_000 });
    await later.close();
    await page.close();
  });
});
