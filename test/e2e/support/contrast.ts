/**
 * WCAG 2 contrast check of every visible text in a page, run inside the
 * page: the text colour against the background it is drawn on (semi-
 * transparent layers composited down to the first opaque one). Text over a
 * background image or gradient cannot be judged this way and is reported
 * as skipped. AA: 4.5:1, or 3:1 for large text (24px, or 18.66px bold).
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

export interface ContrastFailure {
  text: string;
  selector: string;
  ratio: number;
  required: number;
  color: string;
  background: string;
}

export interface ContrastReport {
  checked: number;
  skipped: number;
  failures: ContrastFailure[];
}

// The file is one arrow function expression (a trailing `;` a formatter may add is dropped).
const source = readFileSync(new URL('./contrast-in-page.js', import.meta.url), 'utf8')
  .trim()
  .replace(/;$/, '');

export async function checkContrast(page: Page, options: { exclude?: string } = {}): Promise<ContrastReport> {
  return (await page.evaluate(`(${source})(${JSON.stringify(options)})`)) as ContrastReport;
}
