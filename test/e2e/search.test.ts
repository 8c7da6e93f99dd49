/**
 * Built-in search in real Chromium, on this repository's site: the navbar button, Ctrl K and
 * `/` open the dialog; results are grouped by page with highlighted excerpts; the keyboard moves,
 * opens (through the client router, landing on the heading) and closes (focus back); the /search
 * page; mobile width; storage that throws; the dialog's ARIA structure; no JavaScript.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seriousViolations } from './support/axe.js';
import { describeBrowser, hydrated, launchBrowser, markDocument, MOBILE, newContext, sameDocument, watchedPage, type Watched } from './support/browser.js';
import { buildAndServe, type ServedSite } from './support/site.js';

let site: ServedSite;
let browser: Browser;
let context: BrowserContext | undefined;

describeBrowser('search (Chromium)', () => {
  beforeAll(async () => {
    [site, browser] = await Promise.all([buildAndServe(), launchBrowser()]);
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  async function open(path: string, options: Parameters<typeof newContext>[1] = {}, init?: () => void): Promise<Watched> {
    await context?.close();
    context = await newContext(browser, options);
    if (init) await context.addInitScript(init);
    const watched = await watchedPage(context, site.origin);
    await watched.page.goto(site.origin + path);
    await hydrated(watched.page);
    await markDocument(watched.page);
    return watched;
  }
  const dialog = (page: Page) => page.locator('[role="dialog"][aria-label="Search the site"]');
  const input = (page: Page) => dialog(page).locator('input[role="combobox"]');
  /** Types a query and waits for its results, excerpts included. */
  async function search(page: Page, query: string) {
    await input(page).fill(query);
    await page.locator('.search-group').first().waitFor();
    await page.locator('#search-listbox[aria-busy="false"]').waitFor();
  }

  it('the navbar button opens the dialog; results are grouped by page, with sections and highlighted excerpts', async () => {
    const { page, errors } = await open('/docs/usage');
    const button = page.locator('.navbar a.search-button');
    expect(await button.innerText()).toMatch(/Search\s*Ctrl K/);
    await button.click();
    await expect.poll(() => input(page).evaluate((el) => el === document.activeElement)).toBe(true);
    await search(page, 'kafka');
    const first = page.locator('.search-group').first();
    expect(await first.locator('.search-option-page .search-option-title').innerText()).toMatch(/^Kafka\s*Docs$/);
    expect(await first.locator('.search-option-page').getAttribute('href')).toBe('/docs/protocols/kafka');
    const sections = first.locator('.search-option:not(.search-option-page)');
    expect(await sections.count()).toBeGreaterThan(0);
    expect(await sections.first().getAttribute('href')).toMatch(/^\/docs\/protocols\/kafka#[\w-]+$/);
    const marks = await page.locator('.search-results mark').allInnerTexts();
    expect(marks.length).toBeGreaterThan(0);
    for (const mark of marks) expect(mark.toLowerCase()).toContain('kafka');
    // Each result says which part of the site it is from.
    const labels = new Set(await page.locator('.search-label').allInnerTexts());
    expect([...labels].every((label) => ['Docs', 'Blog', 'API'].includes(label))).toBe(true);
    expect(labels.has('Blog')).toBe(true);
    expect(errors).toEqual([]);
  });

  it('Ctrl K and / open it; Esc closes it and gives the focus back', async () => {
    const { page } = await open('/docs/usage');
    await page.keyboard.press('Control+k');
    await dialog(page).waitFor();
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    // From a focused link: `/` opens, Esc brings the focus back to that link.
    const link = page.locator('.doc-sidebar a.sidebar-link').first();
    await link.focus();
    await page.keyboard.press('/');
    await dialog(page).waitFor();
    // The field takes the focus in the dialog's effect, the link gets it back a task after closing: polled.
    await expect.poll(() => input(page).evaluate((el) => el === document.activeElement)).toBe(true);
    // Tab stays inside the dialog.
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog(page).evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    await expect.poll(() => link.evaluate((el) => el === document.activeElement)).toBe(true);
    // `/` typed in a field is text, not a shortcut.
    await page.evaluate(() => {
      const field = document.createElement('input');
      field.id = 'e2e-field';
      document.querySelector('main')!.prepend(field);
    });
    await page.locator('#e2e-field').focus();
    await page.keyboard.press('/');
    expect(await dialog(page).count()).toBe(0);
    expect(await page.locator('#e2e-field').inputValue()).toBe('/');
  });

  /** Opens `path` with the search chunk held back, as on a slow connection, until `release()`. */
  async function openHoldingChunk(path: string): Promise<{ page: Page; release: () => void }> {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const { page } = await open(path);
    await context!.route('**/assets/search-*.js', async (route) => {
      await held;
      await route.continue();
    });
    return { page, release };
  }

  it('keys typed straight after Ctrl K, before the search chunk is there, are the first query (none lost)', async () => {
    // The chunk is held back until the whole word is typed.
    const { page, release } = await openHoldingChunk('/docs/usage');
    await page.keyboard.press('Control+k');
    await page.keyboard.type('kafkx');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('a');
    release();
    await dialog(page).waitFor();
    expect(await input(page).inputValue()).toBe('kafka');
    // The field has the focus, and typing goes on at the end of it.
    await page.keyboard.type(' client');
    expect(await input(page).inputValue()).toBe('kafka client');
    await page.locator('.search-group').first().waitFor();
  });

  it("the dialog and its focused field are there in the opening key's own task, and the manifest is asked for with the chunk", async () => {
    const { page, release } = await openHoldingChunk('/docs/usage');
    const manifest = page.waitForRequest((request) => new URL(request.url()).pathname === '/assets/search/manifest.json');
    // A listener added after folio's runs in the same dispatch of the key, after folio's has.
    await page.evaluate(() =>
      document.addEventListener('keydown', (event) => {
        if (event.key !== 'k') return;
        (window as unknown as { __e2eSeen: unknown }).__e2eSeen = {
          dialog: document.querySelector('[role="dialog"][aria-label="Search the site"]')?.matches(':popover-open') ?? false,
          focused: document.activeElement?.getAttribute('role') ?? null,
        };
      }),
    );
    await page.keyboard.press('Control+k');
    expect(await page.evaluate(() => (window as unknown as { __e2eSeen: unknown }).__e2eSeen)).toEqual({ dialog: true, focused: 'combobox' });
    // The chunk is still held back: the manifest is on its way all the same.
    await manifest;
    expect(await page.locator('.search-group').count()).toBe(0);
    await page.keyboard.type('kafka');
    expect(await input(page).inputValue()).toBe('kafka');
    release();
    await page.locator('.search-group').first().waitFor();
    expect(await page.locator('.search-option-page').first().getAttribute('href')).toBe('/docs/protocols/kafka');
    // Esc before the chunk: the dialog closes all the same.
    const again = await openHoldingChunk('/docs/usage');
    await again.page.keyboard.press('Control+k');
    await again.page.keyboard.press('Escape');
    await dialog(again.page).waitFor({ state: 'detached' });
    again.release();
  });

  it('keys typed on while the dialog arrives are none lost either (caught until its field has the focus)', async () => {
    // The chunk comes in the middle of the typing: keys reach the page before, during and after the
    // dialog's first render (typed at once after Ctrl K, one to three letters used to go missing).
    for (let run = 0; run < 3; run++) {
      const { page, release } = await openHoldingChunk('/docs/usage');
      await page.keyboard.press('Control+k');
      await page.keyboard.type('kaf');
      release();
      await page.keyboard.type('ka client options', { delay: 4 });
      await dialog(page).waitFor();
      await expect.poll(() => input(page).inputValue()).toBe('kafka client options');
    }
  });

  it('search opened again before the focus went back from closing it keeps the focus in its field', async () => {
    const { page } = await open('/docs/usage');
    await page.locator('.doc-sidebar a.sidebar-link').first().focus();
    await page.keyboard.press('/');
    await dialog(page).waitFor();
    await expect.poll(() => input(page).evaluate((el) => el === document.activeElement)).toBe(true);
    // Esc, then, in the next task (before the focus goes back to the link, a task after the close),
    // the link is focused and `/` opens search again: the old close's focus must not take the new field's.
    await page.evaluate(() => {
      setTimeout(() => {
        document.querySelector<HTMLElement>('.doc-sidebar a.sidebar-link')!.focus();
        document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: '/', bubbles: true, cancelable: true }));
      });
      document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
    });
    await page.waitForTimeout(100);
    expect(await input(page).evaluate((el) => el === document.activeElement)).toBe(true);
    // Closed now, the focus goes back to the link it was opened from.
    await page.keyboard.press('Escape');
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('sidebar-link'))).toBe(true);
  });

  it("lays out the headings' rarer characters unseen while nothing is typed, in the results' styles, taking no room", async () => {
    const { page, errors } = await open('/docs/usage');
    const manifest = (await (await fetch(`${site.origin}/assets/search/manifest.json`)).json()) as { glyphs?: string };
    // This site's headings carry emoji: the manifest names them.
    expect(manifest.glyphs).toMatch(/🚀/u);
    await page.keyboard.press('Control+k');
    const warm = dialog(page).locator('.search-glyphs');
    await warm.waitFor({ state: 'attached' });
    expect(await warm.getAttribute('aria-hidden')).toBe('true');
    expect(await warm.locator('span').evaluateAll((spans) => spans.map((span) => [span.className, span.textContent]))).toEqual([
      ['search-option-title', manifest.glyphs],
      ['search-option-heading', manifest.glyphs],
      ['search-excerpt', manifest.glyphs],
    ]);
    // Laid out (the fonts are found) but neither seen nor taking room.
    const box = await warm.evaluate((el) => {
      const rect = el.getBoundingClientRect();
      return {
        width: rect.width,
        height: rect.height,
        visibility: getComputedStyle(el).visibility,
        inner: el.querySelector('span')!.getBoundingClientRect().width,
      };
    });
    expect(box).toMatchObject({ width: 0, height: 0, visibility: 'hidden' });
    expect(box.inner).toBeGreaterThan(0);
    await expect.poll(() => input(page).evaluate((el) => el === document.activeElement)).toBe(true);
    await search(page, 'kafka');
    expect(errors).toEqual([]);
  });

  it('↑/↓ move the active option, Enter opens it with the client router and lands on the heading', async () => {
    const { page, documents } = await open('/docs/usage');
    await page.keyboard.press('Control+k');
    await search(page, 'nats request reply');
    const combobox = input(page);
    const active = async () => {
      const id = await combobox.getAttribute('aria-activedescendant');
      return page.locator(`#${id}`);
    };
    expect(await (await active()).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    const chosen = await active();
    expect(await chosen.getAttribute('id')).toBe('search-option-1');
    const href = (await chosen.getAttribute('href'))!;
    expect(href).toContain('#');
    const [pathname, hash] = href.split('#');
    await page.keyboard.press('Enter');
    await page.waitForFunction((expected) => location.pathname === expected, pathname);
    await dialog(page).waitFor({ state: 'detached' });
    expect(await page.evaluate(() => location.hash)).toBe(`#${hash}`);
    expect(await sameDocument(page)).toBe(true);
    expect(documents).toHaveLength(1);
    // The heading is in view, near the top.
    const top = await page.locator(`[id="${hash}"]`).evaluate((el) => el.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(400);
  });

  it('shows the ranked pages and sections before the files with the excerpts arrive, keeps their place, then fills them in', async () => {
    const { page, errors } = await open('/docs/usage');
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/search/r-*.json', async (route) => {
      await held;
      await route.continue();
    });
    await page.keyboard.press('Control+k');
    await input(page).fill('kafka');
    await page.locator('.search-group').first().waitFor();
    const listbox = page.locator('#search-listbox');
    expect(await listbox.getAttribute('aria-busy')).toBe('true');
    const first = page.locator('.search-group').first();
    expect(await first.locator('.search-option-page').getAttribute('href')).toBe('/docs/protocols/kafka');
    expect(await first.locator('.search-option-heading').count()).toBeGreaterThan(0);
    expect(await page.locator('.search-results mark').count()).toBe(0);
    const pending = first.locator('.search-excerpt-pending').first();
    expect(await pending.getAttribute('aria-hidden')).toBe('true');
    expect((await pending.boundingBox())!.height).toBeGreaterThan(20);
    const headingBefore = (await first.locator('.search-option-heading').first().boundingBox())!.y;
    // The keys work on the early results, and the active option stays when the excerpts come in.
    await page.keyboard.press('ArrowDown');
    expect(await input(page).getAttribute('aria-activedescendant')).toBe('search-option-1');
    release();
    await page.locator('#search-listbox[aria-busy="false"]').waitFor();
    expect(await first.locator('.search-results mark, mark').count()).toBeGreaterThan(0);
    expect(await page.locator('.search-excerpt-pending').count()).toBe(0);
    expect(await input(page).getAttribute('aria-activedescendant')).toBe('search-option-1');
    // The first section heading did not move when the page's excerpt came in.
    expect((await first.locator('.search-option-heading').first().boundingBox())!.y).toBe(headingBefore);
    expect(errors).toEqual([]);
  });

  it('a misspelling and a camelCase API name find their pages', async () => {
    const { page } = await open('/');
    await page.keyboard.press('Control+k');
    await search(page, 'typscript');
    expect(await page.locator('.search-results mark').first().innerText()).toMatch(/typescript/i);
    await input(page).fill('loadConfigFile');
    // (The previous query's results stay until the new ones arrive.)
    await expect.poll(() => page.locator('.search-option-page').first().getAttribute('href')).toBe('/docs/api/functions/loadConfigFile');
  });

  it('/search?q=kafka renders results full-page and follows the field in the URL', async () => {
    const { page } = await open('/search?q=kafka');
    expect(await page.locator('main h1').innerText()).toBe('Search');
    await page.locator('.search-page-result').first().waitFor();
    await page.locator('.search-page-results[aria-busy="false"]').waitFor();
    expect(await page.locator('.search-page-title').first().getAttribute('href')).toBe('/docs/protocols/kafka');
    expect(await page.locator('.search-page-results mark').count()).toBeGreaterThan(0);
    expect(await page.locator('.search-needs-js').isVisible()).toBe(false);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toMatch(/noindex/);
    await page.locator('.search-page-input').fill('zod');
    await page.waitForFunction(() => location.search === '?q=zod');
    await page.locator('.search-page-title[href^="/docs/api/"]').first().waitFor();
  });

  it('works at mobile width: an icon button, a full-screen dialog', async () => {
    const { page } = await open('/blog', { viewport: MOBILE, isMobile: true, hasTouch: true });
    const button = page.locator('.navbar a.search-button');
    expect(await button.isVisible()).toBe(true);
    await button.tap();
    await search(page, 'headers generator');
    const box = await dialog(page).locator('.search-panel').boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: MOBILE.width, height: MOBILE.height });
    await page.locator('.search-option').first().tap();
    await page.waitForFunction(() => !location.pathname.startsWith('/blog/page') && location.pathname !== '/blog');
    expect(await sameDocument(page)).toBe(true);
  });

  it('remembers recent searches, and works when localStorage throws', async () => {
    const { page } = await open('/docs/usage');
    await page.keyboard.press('Control+k');
    await search(page, 'kafka');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => location.pathname === '/docs/protocols/kafka');
    await page.keyboard.press('Control+k');
    expect(await dialog(page).locator('.search-recent button').allInnerTexts()).toEqual(['kafka']);

    const broken = await open('/docs/usage', {}, () => {
      Object.defineProperty(window, 'localStorage', {
        configurable: true,
        get() {
          throw new DOMException('The operation is insecure.', 'SecurityError');
        },
      });
    });
    await broken.page.keyboard.press('Control+k');
    await search(broken.page, 'kafka');
    await broken.page.keyboard.press('Enter');
    await broken.page.waitForFunction(() => location.pathname === '/docs/protocols/kafka');
    expect(broken.errors).toEqual([]);
    expect(await sameDocument(broken.page)).toBe(true);
  });

  it('a press on the text of the dialog keeps Tab inside it, and Esc still closes it', async () => {
    const { page } = await open('/docs/usage');
    await page.keyboard.press('Control+k');
    await search(page, 'kafka');
    await page.locator('.search-field svg').click();
    expect(await dialog(page).evaluate((el) => el.contains(document.activeElement))).toBe(true);
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog(page).evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    // A press on the backdrop closes it.
    await page.mouse.click(3, 500);
    await dialog(page).waitFor({ state: 'detached' });
    await page.keyboard.press('Control+k');
    await search(page, 'nats');
    await page.locator('.search-field svg').click();
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
  });

  it('axe finds no serious or critical violation in the open dialog with results', async () => {
    const { page } = await open('/docs/usage');
    await page.keyboard.press('Control+k');
    await search(page, 'kafka');
    expect(await seriousViolations(page, { include: '[role="dialog"]' })).toEqual([]);
  });

  it('the open dialog follows the combobox/listbox pattern (roles, names, states, references)', async () => {
    const { page } = await open('/docs/usage');
    await page.keyboard.press('Control+k');
    await search(page, 'kafka');
    const problems = await page.evaluate(() => {
      const found: string[] = [];
      const dialog = document.querySelector('[role="dialog"][aria-label="Search the site"]');
      if (dialog?.getAttribute('aria-modal') !== 'true' || !dialog.matches(':popover-open')) found.push('no modal dialog with a name in the top layer');
      // The page behind cannot be pressed: the backdrop covers it.
      const behind = document.elementFromPoint(5, innerHeight - 5);
      if (behind !== dialog) found.push(`a press beside the dialog reaches ${behind?.tagName}.${behind?.className}`);
      const combobox = dialog?.querySelector('[role="combobox"]');
      if (!combobox?.getAttribute('aria-label')) found.push('combobox without a name');
      if (combobox?.getAttribute('aria-expanded') !== 'true') found.push('combobox not expanded with results');
      const listbox = document.getElementById(combobox?.getAttribute('aria-controls') ?? '');
      if (listbox?.getAttribute('role') !== 'listbox' || !listbox.getAttribute('aria-label')) found.push('aria-controls is not a named listbox');
      const activeId = combobox?.getAttribute('aria-activedescendant');
      const active = activeId ? document.getElementById(activeId) : null;
      if (active?.getAttribute('role') !== 'option' || !listbox?.contains(active)) found.push('aria-activedescendant is not an option of the listbox');
      for (const group of Array.from(listbox?.querySelectorAll('[role="group"]') ?? [])) {
        const label = document.getElementById(group.getAttribute('aria-labelledby') ?? '');
        if (!label?.textContent?.trim()) found.push('a group without a label');
      }
      const ids = new Set<string>();
      for (const option of Array.from(listbox?.querySelectorAll('[role="option"]') ?? [])) {
        if (!option.textContent?.trim()) found.push('an option without text');
        if (!['true', 'false'].includes(option.getAttribute('aria-selected') ?? '')) found.push('an option without aria-selected');
        if (option.querySelector('a[href], button, input, [tabindex]:not([tabindex="-1"])')) found.push('an option with focusable content');
        if (option.getAttribute('tabindex') !== '-1') found.push('an option in the tab order');
        if (ids.has(option.id)) found.push(`duplicate id ${option.id}`);
        ids.add(option.id);
      }
      if (listbox?.querySelectorAll('[role="option"][aria-selected="true"]').length !== 1) found.push('not exactly one selected option');
      for (const button of Array.from(dialog?.querySelectorAll('button') ?? [])) if (!button.textContent?.trim()) found.push('a button without a name');
      return found;
    });
    expect(problems).toEqual([]);
  });

  it('without JavaScript the button is a link to /search, which says search needs JavaScript', async () => {
    await context?.close();
    context = await newContext(browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.origin}/docs/usage`);
    const button = page.locator('.navbar a.search-button');
    expect(await button.getAttribute('href')).toBe('/search');
    await button.click();
    await page.waitForURL(`${site.origin}/search`);
    expect(await page.locator('.search-needs-js').isVisible()).toBe(true);
    expect(await page.locator('.search-needs-js').innerText()).toMatch(/Search needs JavaScript/);
    await context.close();
    context = undefined;
  });
});
