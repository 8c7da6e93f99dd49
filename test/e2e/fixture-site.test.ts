/**
 * Behaviours that need their own site (test/fixtures/client-site, served
 * under its baseUrl /base/): render crashes (7), an announcement bar whose
 * id changes between builds (9), and navigation under a base path.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { copyFixture, removeDir } from '../support/fixtures.js';
import { checkContrast } from './support/contrast.js';
import { chunkRequests, describeBrowser, hydrated, launchBrowser, markDocument, newContext, sameDocument, shot, watchedPage } from './support/browser.js';
import { buildAndServe, type ServedSite } from './support/site.js';

let root: string;
let site: ServedSite;
let browser: Browser;

describeBrowser('fixture site under /base/ (Chromium)', () => {
  beforeAll(async () => {
    root = copyFixture('client-site');
    [site, browser] = await Promise.all([buildAndServe({ root, mountAt: '/base' }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
    if (root) removeDir(root);
  });

  const base = (path: string) => `${site?.origin}/base${path}`;
  const h1 = (page: Page) => page.locator('main h1').first().innerText();

  it('navigates under the base path: links, chunks, path forms, not-found, back', async () => {
    const context = await newContext(browser);
    const watched = await watchedPage(context, site.origin);
    const { page } = watched;
    await page.goto(base('/docs/'));
    await hydrated(page);
    await markDocument(page);
    expect(await page.locator('#__folio-base-url-issue').count()).toBe(0);
    await page.locator('[data-folio-body] a[href="/base/docs/guides/second#details"]').click();
    await page.waitForFunction(() => location.pathname === '/base/docs/guides/second' && location.hash === '#details');
    await page.waitForFunction(() => document.title.startsWith('Second guide'));
    expect(await h1(page)).toBe('Second guide');
    expect(chunkRequests(watched)).toContain(`/base${site.chunkOf('/docs/guides/second')}`);
    expect(await page.locator('.doc-sidebar a[aria-current="page"]').getAttribute('href')).toBe('/base/docs/guides/second');
    await page.goBack();
    await page.waitForFunction(() => document.title.startsWith('Introduction'));
    expect(await page.evaluate(() => location.pathname)).toBe('/base/docs/');
    // Path forms and an unknown path, under the base.
    for (const [href, expected] of [
      ['/base/docs/guides/first.html', 'First guide'],
      ['/base/docs/guides/first/index.html', 'First guide'],
      ['/base/docs/nothing-here', 'Page Not Found'],
    ]) {
      await page.evaluate((href) => {
        const a = document.createElement('a');
        a.href = href;
        a.id = 'e2e-link';
        a.textContent = href;
        document.getElementById('e2e-link')?.remove();
        document.querySelector('main')!.prepend(a);
      }, href);
      await page.locator('#e2e-link').click();
      await page.waitForFunction((expected) => document.querySelector('main h1')?.textContent === expected, expected);
    }
    expect(await page.evaluate(() => location.pathname)).toBe('/base/docs/nothing-here');
    expect(await sameDocument(page)).toBe(true);
    expect(watched.documents).toEqual(['/base/docs/']);
    expect(watched.errors).toEqual([]);
    await context.close();
  });

  it('7. a render crash shows "This page crashed." and "Try again" renders the page again', async () => {
    const context = await newContext(browser);
    const watched = await watchedPage(context, site.origin);
    const { page } = watched;
    await page.goto(base('/'));
    await hydrated(page);
    await markDocument(page);

    // A crash while showing a page after a navigation.
    await page.evaluate(() => ((window as unknown as { __folioE2eCrash: boolean }).__folioE2eCrash = true));
    await page.locator('.navbar-inner a.navbar-link', { hasText: 'Crash' }).click();
    const crash = page.locator('main.folio-error');
    await crash.waitFor();
    expect(await crash.locator('h1').innerText()).toBe('This page crashed.');
    expect(await crash.locator('.folio-error-message').innerText()).toBe('Deliberate crash for the test');
    expect(await page.evaluate(() => location.pathname)).toBe('/base/crash');
    expect(await page.locator('nav.navbar').isVisible()).toBe(true);
    expect(await page.locator('footer.footer').isVisible()).toBe(true);
    await shot(page, 'crash-view');
    // Try again while the cause remains: crashed again. Once it is gone: the page.
    await crash.getByRole('button', { name: 'Try again' }).click();
    await crash.waitFor();
    await page.evaluate(() => ((window as unknown as { __folioE2eCrash: boolean }).__folioE2eCrash = false));
    await crash.getByRole('button', { name: 'Try again' }).click();
    await page.locator('#break-page').waitFor();
    expect(await h1(page)).toBe('Crash test');

    // A crash from an interaction, in a hydrated page: Try again renders it afresh.
    await page.locator('#break-page').click();
    await crash.waitFor();
    expect(await crash.locator('.folio-error-message').innerText()).toBe('Deliberate crash for the test');
    await crash.getByRole('button', { name: 'Try again' }).click();
    await page.locator('#break-page').waitFor();
    // The rest of the site still works after a crash.
    await page.locator('.navbar-inner a.navbar-link', { hasText: 'Docs' }).click();
    await page.waitForFunction(() => location.pathname.startsWith('/base/docs/') && document.querySelector('main.doc-main') !== null);
    expect(await sameDocument(page)).toBe(true);
    expect(watched.errors).toEqual([]);

    // The crash view meets contrast AA in both modes.
    for (const mode of ['light', 'dark']) {
      await page.evaluate((mode) => (document.documentElement.dataset.theme = mode), mode);
      await page.locator('.navbar-inner a.navbar-link', { hasText: 'Crash' }).click();
      await page.locator('#break-page').click();
      await crash.waitFor();
      expect((await checkContrast(page)).failures).toEqual([]);
    }
    await context.close();
  });

  it('7. a crash during hydration shows the crash view too, not a blank page', async () => {
    const context = await newContext(browser);
    await context.addInitScript(() => ((window as unknown as { __folioE2eCrash: boolean }).__folioE2eCrash = true));
    const page = await context.newPage();
    await page.goto(base('/crash'));
    await page.locator('main.folio-error').waitFor();
    expect(await page.locator('main.folio-error h1').innerText()).toBe('This page crashed.');
    await page.evaluate(() => ((window as unknown as { __folioE2eCrash: boolean }).__folioE2eCrash = false));
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.locator('#break-page').waitFor();
    await context.close();
  });

  it('9. a dismissed announcement bar shows again when its id changes in the config', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(base('/docs/'));
    await hydrated(page);
    const bar = page.locator('.announcement-bar');
    expect(await bar.innerText()).toContain('The first announcement');
    await page.getByRole('button', { name: 'Close announcement' }).click();
    await page.reload();
    await hydrated(page);
    expect(await bar.count()).toBe(0);

    const config = path.join(root, 'site.config.ts');
    writeFileSync(
      config,
      readFileSync(config, 'utf8').replace("id: 'first-bar', content: 'The first announcement'", "id: 'second-bar', content: 'The second announcement'"),
    );
    await site.rebuild();
    await page.reload();
    await hydrated(page);
    expect(await bar.isVisible()).toBe(true);
    expect(await bar.innerText()).toContain('The second announcement');
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-announcement-dismissed'))).toBe(false);
    await page.getByRole('button', { name: 'Close announcement' }).click();
    expect(await page.evaluate(() => localStorage.getItem('folio.announcement.dismissed'))).toBe('second-bar');
    await context.close();
  });
});
