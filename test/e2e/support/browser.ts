/**
 * Real Chromium for the end-to-end tests: Debian's /usr/bin/chromium driven
 * by playwright-core. Without Chromium the suites skip with a message, but
 * only outside CI: under CI they must run, so a missing browser fails them.
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type ConsoleMessage, type Page } from 'playwright-core';
import { describe } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../scripts/chromium.mjs';

export { CHROMIUM_PATH };
const inCI = Boolean(process.env.CI) && !['0', 'false'].includes(String(process.env.CI).toLowerCase());
export const hasChromium = existsSync(CHROMIUM_PATH);

if (!hasChromium && inCI) {
  throw new Error(`Chromium is missing at ${CHROMIUM_PATH}; under CI the browser tests must run. Install it with: apt-get install chromium`);
}
if (!hasChromium) {
  console.warn(
    `[e2e] skipped: Chromium not found at ${CHROMIUM_PATH} (install Debian's chromium, or set FOLIO_CHROMIUM). Under CI=true these tests fail instead.`,
  );
}

/** `describe` when Chromium is there, `describe.skip` (with the message above) when it is not. */
export const describeBrowser: typeof describe = hasChromium ? describe : (describe.skip as typeof describe);

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--disable-dev-shm-usage'],
  });
}

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 390, height: 844 };

export async function newContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({ viewport: DESKTOP, reducedMotion: 'no-preference', ...options });
}

export interface Watched {
  page: Page;
  /** Console messages (type and text) and uncaught page errors, as they come. */
  console: { type: string; text: string }[];
  errors: string[];
  /** URLs of requests made, relative to the origin when same-origin. */
  requests: string[];
  /** Document (HTML page) requests: full page loads. */
  documents: string[];
}

/** Opens a page and records its console, errors and requests. */
export async function watchedPage(context: BrowserContext, origin: string): Promise<Watched> {
  const page = await context.newPage();
  const watched: Watched = { page, console: [], errors: [], requests: [], documents: [] };
  page.on('console', (message: ConsoleMessage) => {
    // Chromium probes /favicon.ico by itself when a page names no icon (a fixture without a favicon):
    // that 404 is the browser's, not the page's, and comes early or late with the machine's load.
    if (message.text().startsWith('Failed to load resource') && new URL(message.location().url || 'about:blank').pathname === '/favicon.ico') return;
    watched.console.push({ type: message.type(), text: message.text() });
  });
  page.on('pageerror', (error) => watched.errors.push(error.message));
  page.on('request', (request) => {
    const url = request.url().startsWith(origin) ? request.url().slice(origin.length) : request.url();
    watched.requests.push(url);
    if (request.resourceType() === 'document' && request.frame() === page.mainFrame()) watched.documents.push(url);
  });
  return watched;
}

/** Waits until the client has hydrated the page and taken over navigation. */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForSelector('html[data-folio-hydrated]', { state: 'attached', timeout: 15_000 });
}

/** Marks the current document; `sameDocument` tells whether no full load happened since. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { __e2eMark: boolean }).__e2eMark = true));
}

export async function sameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __e2eMark?: boolean }).__e2eMark === true);
}

export const chunkRequests = (watched: Watched) => watched.requests.filter((url) => url.includes('/assets/data/'));

/** Saves a screenshot under test-results/screenshots/ for people to look at (not asserted). */
export async function shot(page: Page, name: string): Promise<void> {
  const dir = path.resolve('test-results/screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}
