/**
 * The shell's behaviours in real Chromium, on this repository's site:
 * colour mode (8), announcement bar (9), mobile menu (10), navbar hiding
 * (11), sidebar categories (12), docs version (13), accessibility (17),
 * copy buttons, and no layout shift on load.
 */
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { autoHeightDuration } from '../../templates/Collapsible.js';
import { checkContrast } from './support/contrast.js';
import { describeBrowser, hydrated, launchBrowser, markDocument, MOBILE, newContext, sameDocument, shot, watchedPage } from './support/browser.js';
import { readShifts, recordShifts } from './support/shifts.js';
import { buildAndServe, type ServedSite } from './support/site.js';

let site: ServedSite;
let browser: Browser;

const THEME_KEY = 'folio.theme';
const BAR_KEY = 'folio.announcement.dismissed';
const VERSION_KEY = 'folio.docs.preferredVersion';
const BAR_ID = 'client-generator-2025-07';

describeBrowser('the shell (Chromium)', () => {
  beforeAll(async () => {
    [site, browser] = await Promise.all([buildAndServe(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  const theme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);
  const stored = (page: Page, key: string) => page.evaluate((key) => localStorage.getItem(key), key);
  const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  async function openPage(context: BrowserContext, path: string): Promise<Page> {
    const page = await context.newPage();
    await page.goto(site.origin + path);
    await hydrated(page);
    return page;
  }

  it('8. colour mode: light by default even when the system prefers dark; the toggle switches and persists', async () => {
    const context = await newContext(browser, { colorScheme: 'dark' });
    const page = await openPage(context, '/docs/usage');
    expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(true);
    expect(await theme(page)).toBe('light');
    const light = await bodyBackground(page);
    expect(light).toBe('rgb(255, 255, 255)');
    const toggle = page.locator('.navbar-inner .color-mode-toggle');
    expect(await toggle.getAttribute('aria-label')).toMatch(/Switch to dark mode/);
    await toggle.click();
    expect(await theme(page)).toBe('dark');
    expect(await stored(page, THEME_KEY)).toBe('dark');
    expect(await bodyBackground(page)).not.toBe(light);
    expect(await toggle.getAttribute('aria-label')).toMatch(/Switch to light mode/);
    await shot(page, `dark-docs`);

    // Across client navigation, a reload and a full load of another page.
    await markDocument(page);
    await page.locator('.navbar-inner a.navbar-link[href="/blog"]').click();
    await page.waitForFunction(() => location.pathname === '/blog');
    expect(await sameDocument(page)).toBe(true);
    expect(await theme(page)).toBe('dark');
    await page.reload();
    await hydrated(page);
    expect(await theme(page)).toBe('dark');
    await page.goto(`${site.origin}/docs/contributing`);
    expect(await theme(page)).toBe('dark');
    await hydrated(page);
    expect(await page.locator('.navbar-inner .color-mode-toggle').getAttribute('aria-label')).toMatch(/currently dark mode/);

    // And back to light.
    await page.locator('.navbar-inner .color-mode-toggle').click();
    expect(await theme(page)).toBe('light');
    expect(await stored(page, THEME_KEY)).toBe('light');
    await context.close();
  });

  it('8. the first paint of a dark-mode reload is dark (the head script, even without the client bundle)', async () => {
    const context = await newContext(browser);
    await context.addInitScript(() => {
      // Before the page's own scripts: record the state of the first frame that has a body.
      const record = () => {
        if (!document.body) return requestAnimationFrame(record);
        (window as unknown as { __e2eFirstFrame: unknown }).__e2eFirstFrame = {
          theme: document.documentElement.dataset.theme,
          background: getComputedStyle(document.body).backgroundColor,
          stylesheets: document.styleSheets.length,
        };
      };
      requestAnimationFrame(record);
    });
    const page = await openPage(context, '/docs/usage');
    const lightBackground = await bodyBackground(page);
    await page.locator('.navbar-inner .color-mode-toggle').click();
    const darkBackground = await bodyBackground(page);
    expect(darkBackground).not.toBe(lightBackground);
    await page.reload();
    const first = await page.evaluate(() => (window as unknown as { __e2eFirstFrame: { theme: string; background: string } }).__e2eFirstFrame);
    expect(first).toMatchObject({ theme: 'dark', background: darkBackground });
    // Without the client bundle at all, the page is still dark.
    await context.route('**/assets/client-*.js', (route) => route.abort());
    await page.goto(`${site.origin}/blog`);
    await page.waitForLoadState('load');
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-folio-client'))).toBe(false);
    expect(await theme(page)).toBe('dark');
    expect(await bodyBackground(page)).toBe(darkBackground);
    await context.close();
  });

  it('9. the announcement bar: dismissible, remembered, shown again for a new bar id, and no layout shift', async () => {
    const context = await newContext(browser);
    const page = await openPage(context, '/docs/usage');
    const bar = page.locator('.announcement-bar');
    expect(await bar.isVisible()).toBe(true);
    expect(await bar.innerText()).toContain('one typed client for all your channels');
    await page.getByRole('button', { name: 'Close announcement' }).click();
    expect(await bar.count()).toBe(0);
    expect(await stored(page, BAR_KEY)).toBe(BAR_ID);
    await page.reload();
    await hydrated(page);
    expect(await page.evaluate(() => document.documentElement.dataset.announcementDismissed)).toBe('true');
    expect(await bar.count()).toBe(0);
    await page.locator('.doc-sidebar a.sidebar-link[href="/docs/contributing"]').click();
    await page.waitForFunction(() => location.pathname === '/docs/contributing');
    expect(await bar.count()).toBe(0);
    // A dismissal of an earlier bar (another id) does not hide this one.
    await page.evaluate((key) => localStorage.setItem(key, 'an-earlier-announcement'), BAR_KEY);
    await page.reload();
    await hydrated(page);
    expect(await bar.isVisible()).toBe(true);
    await context.close();
  });

  for (const setup of [
    { name: 'first visit', storage: {} as Record<string, string> },
    { name: 'dark mode, bar dismissed', storage: { [THEME_KEY]: 'dark', [BAR_KEY]: BAR_ID } },
  ]) {
    it(`no layout shift on load (${setup.name}): announcement bar, fonts, colour mode`, async () => {
      const context = await newContext(browser);
      await context.addInitScript(recordShifts, setup.storage);
      for (const path of ['/', '/docs/usage', '/blog/asyncapi-client-generator']) {
        const page = await openPage(context, path);
        await page.waitForLoadState('load');
        await page.evaluate(() => document.fonts.ready);
        await page.waitForTimeout(300);
        const shifts = await page.evaluate(readShifts);
        // What this test is about happens once the page is parsed (hydration, the bar, fonts, the colour
        // mode). Shifts while the HTML is still being parsed are a busy machine painting half a document:
        // the slow-stream test below covers those for the shell. Shifts of no measurable size do not count.
        const moved = shifts.filter((shift) => shift.value >= 0.0001 && !shift.duringParse);
        expect({ path, moved }).toEqual({ path, moved: [] });
        await page.close();
      }
      await context.close();
    });
  }

  it('no layout shift when the HTML arrives slowly: the first paint waits for the whole navbar', async () => {
    // A host that sends the page in pieces, pausing inside the navbar (between
    // two of its right-hand items, and inside the left-hand links): a paint
    // during the pause would draw a short bar and shift it when the rest came.
    const cuts = ['class="color-mode-toggle', 'class="navbar-items navbar-left'];
    let pauses = 0;
    const slow = http.createServer(async (request, response) => {
      const url = new URL(request.url ?? '/', 'http://host');
      const file = path.join(site.outDir, url.pathname, 'index.html');
      if (!request.headers.accept?.includes('text/html') || !existsSync(file)) {
        // Everything but the pages comes whole, from the ordinary server.
        const passed = await fetch(site.origin + url.pathname + url.search);
        response.writeHead(passed.status, { 'content-type': passed.headers.get('content-type') ?? 'application/octet-stream' });
        response.end(Buffer.from(await passed.arrayBuffer()));
        return;
      }
      const body = readFileSync(file);
      const at = cuts
        .map((cut) => body.indexOf(cut) + 12)
        .filter((index) => index > 12)
        .sort((a, b) => a - b);
      pauses += at.length;
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      let start = 0;
      const next = () => {
        const end = at.shift() ?? body.length;
        response.write(body.subarray(start, end));
        start = end;
        if (end < body.length) setTimeout(next, 400);
        else response.end();
      };
      next();
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(slow.address() as AddressInfo).port}`;
    try {
      const context = await newContext(browser);
      await context.addInitScript(recordShifts, {});
      for (const route of ['/docs/usage', '/blog/asyncapi-client-generator']) {
        const page = await context.newPage();
        await page.goto(origin + route);
        await hydrated(page);
        await page.waitForTimeout(300);
        const moved = (await page.evaluate(readShifts)).filter((shift) => shift.value >= 0.0001);
        expect({ route, moved }).toEqual({ route, moved: [] });
        await page.close();
      }
      await context.close();
      // Both pages were sent in three pieces.
      expect(pauses).toBe(4);
    } finally {
      await new Promise((resolve) => slow.close(resolve));
    }
  });

  it('10. mobile menu: opens, traps focus, closes on Escape, on navigation and at desktop width', async () => {
    const context = await newContext(browser, { viewport: MOBILE });
    const page = await openPage(context, '/docs/usage');
    await markDocument(page);
    const toggle = page.locator('.navbar-toggle');
    const drawer = page.locator('#navbar-drawer');
    expect(await toggle.isVisible()).toBe(true);
    expect(await drawer.isVisible()).toBe(false);
    expect(await page.locator('.doc-sidebar').isVisible()).toBe(false);
    await toggle.click();
    await drawer.waitFor({ state: 'visible' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await drawer.getAttribute('aria-modal')).toBe('true');
    // The drawer is a full-height panel at the left edge (not squeezed into the navbar's box).
    await page.waitForTimeout(300);
    const box = await drawer.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, height: MOBILE.height });
    expect(box!.width).toBeGreaterThan(280);
    expect(await page.locator('.navbar-backdrop.open').boundingBox()).toMatchObject({ x: 0, y: 0, width: MOBILE.width, height: MOBILE.height });
    // The docs sidebar is in the drawer on docs pages.
    expect(await drawer.locator('a.sidebar-link[href="/docs/usage"]').getAttribute('aria-current')).toBe('page');
    await shot(page, `mobile-menu`);
    const focusInDrawer = () =>
      page.evaluate(() => Boolean(document.activeElement && document.getElementById('navbar-drawer')!.contains(document.activeElement)));
    expect(await focusInDrawer()).toBe(true);
    const visited = new Set<string>();
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      expect(await focusInDrawer()).toBe(true);
      visited.add(await page.evaluate(() => document.activeElement!.outerHTML.slice(0, 80)));
    }
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await focusInDrawer()).toBe(true);
    }
    expect(visited.size).toBeGreaterThan(5);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('navbar-toggle'))).toBe(true);

    // Keyboard opens it too; a link in it navigates (client side) and closes it.
    await page.keyboard.press('Enter');
    await drawer.waitFor({ state: 'visible' });
    await drawer.locator('a.sidebar-link[href="/docs/contributing"]').click();
    await page.waitForFunction(() => location.pathname === '/docs/contributing');
    await drawer.waitFor({ state: 'hidden' });
    expect(await sameDocument(page)).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
    expect(await page.evaluate(() => document.body.classList.contains('scroll-locked'))).toBe(false);

    // Growing to desktop width closes it; at 995 px it stays open.
    await toggle.click();
    await drawer.waitFor({ state: 'visible' });
    await page.setViewportSize({ width: 995, height: 800 });
    await page.waitForTimeout(100);
    expect(await drawer.isVisible()).toBe(true);
    await page.setViewportSize({ width: 996, height: 800 });
    await page.waitForFunction(() => document.getElementById('navbar-drawer')!.hidden);
    expect(await drawer.isVisible()).toBe(false);
    await page.setViewportSize({ width: 1100, height: 800 });
    expect(await toggle.isVisible()).toBe(false);
    expect(await page.locator('.doc-sidebar').isVisible()).toBe(true);
    await context.close();
  });

  it('11. the navbar hides when scrolling down and shows when scrolling up', async () => {
    const context = await newContext(browser);
    const page = await openPage(context, '/docs/usage');
    const navbar = page.locator('nav.navbar');
    const navbarBottom = () => page.evaluate(() => document.querySelector('nav.navbar')!.getBoundingClientRect().bottom);
    await page.mouse.move(640, 400);
    for (let i = 0; i < 6; i++) await page.mouse.wheel(0, 200);
    await page.waitForFunction(() => window.scrollY > 600);
    await page.waitForFunction(() => document.querySelector('nav.navbar')!.classList.contains('navbar-hidden'));
    await page.waitForFunction(() => document.querySelector('nav.navbar')!.getBoundingClientRect().bottom <= 0);
    expect(await navbarBottom()).toBeLessThanOrEqual(0);
    await page.mouse.wheel(0, -150);
    await page.waitForFunction(() => !document.querySelector('nav.navbar')!.classList.contains('navbar-hidden'));
    await page.waitForFunction(() => document.querySelector('nav.navbar')!.getBoundingClientRect().top === 0);
    expect(await navbar.isVisible()).toBe(true);
    // Keyboard focus in a hidden navbar brings it back.
    for (let i = 0; i < 6; i++) await page.mouse.wheel(0, 200);
    await page.waitForFunction(() => document.querySelector('nav.navbar')!.classList.contains('navbar-hidden'));
    await page.locator('.navbar-inner .color-mode-toggle').focus();
    await page.waitForFunction(() => document.querySelector('nav.navbar')!.getBoundingClientRect().top === 0);
    await context.close();
  });

  it('12. sidebar categories animate with a height-derived duration, never auto-collapse, and keep their state across navigation', async () => {
    const context = await newContext(browser);
    const page = await openPage(context, '/docs/usage');
    await markDocument(page);
    const caret = (label: string) => page.locator('.doc-sidebar').getByRole('button', { name: new RegExp(`sidebar category '${label}'`) });
    const list = (label: string) => page.locator(`.doc-sidebar #${`sidebar-${label.toLowerCase()}`}`);
    expect(await caret('Protocols').getAttribute('aria-expanded')).toBe('false');
    expect(await caret('Integrations').getAttribute('aria-expanded')).toBe('false');
    // Watch the transitions the lists get.
    await page.evaluate(() => {
      const seen: Record<string, string[]> = {};
      (window as unknown as { __e2eTransitions: typeof seen }).__e2eTransitions = seen;
      new MutationObserver((records) => {
        for (const record of records) {
          const el = record.target as HTMLElement;
          if (el.style.transition.startsWith('height')) (seen[el.id] ??= []).push(el.style.transition);
        }
      }).observe(document.querySelector('.doc-sidebar')!, { attributes: true, attributeFilter: ['style'], subtree: true });
    });

    await caret('Protocols').click();
    expect(await caret('Protocols').getAttribute('aria-expanded')).toBe('true');
    await list('protocols').locator('a.sidebar-link[href="/docs/protocols/kafka"]').waitFor({ state: 'visible' });
    await page.waitForFunction(() => !document.querySelector('#sidebar-protocols')!.hasAttribute('data-animating'));
    const protocols = await list('protocols').evaluate((el) => ({ height: el.scrollHeight, duration: Number((el as HTMLElement).dataset.animationDuration) }));
    expect(protocols.duration).toBe(autoHeightDuration(protocols.height));
    await caret('Integrations').click();
    await list('integrations').locator('a.sidebar-link').first().waitFor({ state: 'visible' });
    await page.waitForFunction(() => !document.querySelector('#sidebar-integrations')!.hasAttribute('data-animating'));
    const integrations = await list('integrations').evaluate((el) => ({
      height: el.scrollHeight,
      duration: Number((el as HTMLElement).dataset.animationDuration),
    }));
    expect(integrations.duration).toBe(autoHeightDuration(integrations.height));
    // A taller list animates longer.
    expect(protocols.height).toBeGreaterThan(integrations.height);
    expect(protocols.duration).toBeGreaterThan(integrations.duration);
    const transitions = await page.evaluate(() => (window as unknown as { __e2eTransitions: Record<string, string[]> }).__e2eTransitions);
    expect(transitions['sidebar-protocols']).toContain(`height ${protocols.duration}ms ease-in-out`);
    expect(transitions['sidebar-integrations']).toContain(`height ${integrations.duration}ms ease-in-out`);
    // Opening Integrations did not close Protocols.
    expect(await caret('Protocols').getAttribute('aria-expanded')).toBe('true');
    expect(await list('protocols').isVisible()).toBe(true);

    // Collapsing animates too, then hides the list.
    await caret('Integrations').click();
    await page.waitForFunction(() => (document.querySelector('#sidebar-integrations') as HTMLElement).hidden);
    const both = await page.evaluate(() => (window as unknown as { __e2eTransitions: Record<string, string[]> }).__e2eTransitions['sidebar-integrations']);
    expect(new Set(both)).toEqual(new Set([`height ${integrations.duration}ms ease-in-out`]));

    // The state survives client navigation (to a page outside both categories).
    await page.locator('.doc-sidebar a.sidebar-link[href="/docs/contributing"]').click();
    await page.waitForFunction(() => location.pathname === '/docs/contributing');
    expect(await sameDocument(page)).toBe(true);
    expect(await caret('Protocols').getAttribute('aria-expanded')).toBe('true');
    expect(await list('protocols').isVisible()).toBe(true);
    expect(await caret('Integrations').getAttribute('aria-expanded')).toBe('false');
    expect(await list('integrations').isVisible()).toBe(false);
    // And into a page of the open category: it stays open, its link is current.
    await list('protocols').locator('a.sidebar-link[href="/docs/protocols/kafka"]').click();
    await page.waitForFunction(() => location.pathname === '/docs/protocols/kafka');
    expect(await list('protocols').locator('a[aria-current="page"]').getAttribute('href')).toBe('/docs/protocols/kafka');
    expect(await caret('Integrations').getAttribute('aria-expanded')).toBe('false');
    await context.close();
  });

  it('13. visiting a docs page stores the docs version ("current", labelled Next)', async () => {
    const context = await newContext(browser);
    const page = await openPage(context, '/blog');
    expect(await stored(page, VERSION_KEY)).toBeNull();
    await page.locator('.navbar-inner a.navbar-link', { hasText: 'Docs' }).click();
    await page.waitForFunction(() => location.pathname.startsWith('/docs'));
    await page.waitForFunction((key) => localStorage.getItem(key) !== null, VERSION_KEY);
    expect(await stored(page, VERSION_KEY)).toBe('current');
    // One version: no "Version: Next" badge on the page, as in Docusaurus (issue 14; the spec asks for none).
    expect(await page.locator('.version-badge').count()).toBe(0);
    // A first visit straight to a docs page stores it too.
    const fresh = await newContext(browser);
    const direct = await openPage(fresh, '/docs/generators/');
    expect(await stored(direct, VERSION_KEY)).toBe('current');
    await fresh.close();
    await context.close();
  });

  it('17. skip link, keyboard-operable toggles, visible focus and aria-current', async () => {
    const context = await newContext(browser);
    const page = await openPage(context, '/docs/usage');
    await page.keyboard.press('Tab');
    const skip = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const rect = el.getBoundingClientRect();
      return { text: el.textContent, href: el.getAttribute('href'), visible: rect.top >= 0 && rect.bottom <= innerHeight && rect.width > 0 };
    });
    expect(skip).toEqual({ text: 'Skip to main content', href: '#main-content', visible: true });
    await shot(page, `skip-link`);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('#main-content')))).toBe(true);

    // Visible focus on keyboard focus.
    const outline = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement!);
      return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
    });
    expect(outline.style).not.toBe('none');
    expect(outline.width).toBeGreaterThanOrEqual(2);

    // The colour toggle works from the keyboard (Enter and Space).
    await page.locator('.navbar-inner .color-mode-toggle').focus();
    await page.keyboard.press('Enter');
    expect(await theme(page)).toBe('dark');
    await page.keyboard.press('Space');
    expect(await theme(page)).toBe('light');
    // A sidebar category opens from the keyboard.
    const caret = page.locator('.doc-sidebar').getByRole('button', { name: /sidebar category 'Protocols'/ });
    await caret.focus();
    await page.keyboard.press('Enter');
    expect(await caret.getAttribute('aria-expanded')).toBe('true');
    // The current page is marked in the navbar and the sidebar.
    expect(await page.locator('.navbar-inner a[aria-current="page"]').innerText()).toBe('Docs');
    expect(await page.locator('.doc-sidebar a[aria-current="page"]').getAttribute('href')).toBe('/docs/usage');
    expect(await page.locator('[aria-current="page"]').count()).toBeGreaterThanOrEqual(2);
    await context.close();
  });

  for (const mode of ['light', 'dark']) {
    it(`17. colour contrast meets WCAG AA in ${mode} mode`, async () => {
      const context = await newContext(browser);
      await context.addInitScript((mode) => localStorage.setItem('folio.theme', mode), mode);
      const failures: unknown[] = [];
      for (const path of ['/', '/docs/usage', '/docs/category/protocols', '/blog', '/blog/asyncapi-client-generator', '/blog/tags', '/docs/no-such-page']) {
        const page = await context.newPage();
        await page.goto(site.origin + path);
        await hydrated(page);
        // Highlighted code included: the github-*-default themes on the theme's code backgrounds pass AA.
        const report = await checkContrast(page);
        expect(report.checked).toBeGreaterThan(10);
        failures.push(...report.failures.map((failure) => ({ path, ...failure })));
        await page.close();
      }
      // The views the client adds: the load-error view (a failing chunk, full load already spent).
      const page = await context.newPage();
      await page.route(`**${site.chunkOf('/docs/contributing')}`, (route) => route.abort());
      await page.goto(`${site.origin}/docs/usage`);
      await hydrated(page);
      await page.evaluate((url) => sessionStorage.setItem('folio.fullLoads', JSON.stringify([url])), `${site.origin}/docs/contributing`);
      await page.locator('.doc-sidebar a.sidebar-link[href="/docs/contributing"]').click();
      await page.locator('main.folio-error').waitFor();
      await shot(page, `error-view-${mode}`);
      const report = await checkContrast(page);
      failures.push(...report.failures.map((failure) => ({ path: 'load-error view', ...failure })));
      expect(failures).toEqual([]);
      await context.close();
    });
  }

  it('copies a code block with its Copy button', async () => {
    const context = await newContext(browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.origin });
    const watched = await watchedPage(context, site.origin);
    const { page } = watched;
    await page.goto(`${site.origin}/docs/usage`);
    await hydrated(page);
    const block = page.locator('[data-folio-body] .code-block').first();
    const code = await block.locator('pre code').innerText();
    await block.hover();
    await block.locator('button.code-copy').click();
    await expect.poll(() => block.locator('button.code-copy').innerText()).toBe('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code.replace(/\n$/, ''));
    // On a page shown by client navigation too.
    await page.locator('.doc-sidebar a.sidebar-link[href="/docs/getting-started"]').click();
    await page.waitForFunction(() => location.pathname === '/docs/getting-started');
    const next = page.locator('[data-folio-body] .code-block').first();
    await next.hover();
    await next.locator('button.code-copy').click();
    await expect.poll(() => next.locator('button.code-copy').innerText()).toBe('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe((await next.locator('pre code').innerText()).replace(/\n$/, ''));
    expect(watched.errors).toEqual([]);
    await context.close();
  });
});
