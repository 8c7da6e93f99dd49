/**
 * Stage `checkLinks`: every internal href and #anchor of every rendered page
 * against the route table, the output files and the target page's ids.
 * Broken links and anchors are warnings with the source file and line;
 * the build goes on. Pure over the collected page records.
 */
import { detached } from '../core/detached.js';
import type { Warning } from '../core/warnings.js';
import type { SourceRef } from '../markdown/hast-transforms.js';
import { decodeAttribute, heldRanges } from '../shared/lazy-panels.js';
import { decodeUrlPath, isExternal, normalisePath, normaliseRoute } from '../shared/url.js';
import { routeHref } from './route-href.js';

export interface PageLinks {
  /** Route path of the page. */
  path: string;
  /** File the page came from (for template links without a line). */
  origin: string;
  /** Links written in the page's content, with their source positions. */
  contentLinks: SourceRef[];
  /** Every href in the rendered HTML (template links included). */
  hrefs: string[];
  /** Every id in the rendered HTML that a browser can reach. */
  ids: string[];
  /**
   * Ids inside inert `<template data-folio-lazy>` panels (a `lazy` Tabs panel not shown): not in
   * the document until the reader picks that tab, so a link to them goes nowhere (Docusaurus does
   * not render those panels at all and reports such links as broken anchors too). Kept to say so.
   */
  heldIds?: string[];
}

export interface LinkCheckInput {
  pages: PageLinks[];
  /** Output files that are not pages (feeds, images, assets), as URL paths. */
  files: ReadonlySet<string>;
  baseUrl: string;
  /**
   * Filled with each target looked up among `files` and not found there (as written and decoded):
   * the only lookups a file added to `files` later could answer differently. A check made before
   * every file is written gives the same warnings as one made after when none of these is added.
   */
  missing?: Set<string>;
}

/**
 * Whether `code` is a character the regular expression class `\s` matches (JavaScript's
 * whitespace and line terminators).
 */
function isSpace(code: number): boolean {
  return (
    code === 32 ||
    (code >= 9 && code <= 13) ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/**
 * Each value of an attribute written `<space>name="value"` in `html`, in order: exactly what the
 * regular expression /\sname="([^"]*)"/g finds (the tests compare the two), found with `indexOf`
 * instead (about a quarter less time for the 10,000-page corpus's pages, which hold ~100 hrefs and
 * ids each). `visit` gets the value's start and end and the position of the space before the name.
 */
function eachAttribute(html: string, prefix: 'href="' | 'id="', visit: (start: number, end: number, at: number) => void): void {
  // A match's space comes after the previous match's closing quote (the expression goes on from there).
  let from = 1;
  for (;;) {
    const at = html.indexOf(prefix, from);
    if (at < 0) return;
    if (!isSpace(html.charCodeAt(at - 1))) {
      from = at + 1;
      continue;
    }
    const start = at + prefix.length;
    const end = html.indexOf('"', start);
    // Without a closing quote here there is none further on either.
    if (end < 0) return;
    visit(start, end, at - 1);
    from = end + 2;
  }
}

/**
 * One copy of each string, detached from the text it was cut from. A regex match is a slice
 * that keeps its whole page alive in V8; link records outlive their pages by far (10,000 pages'
 * HTML was held this way), and the same theme links repeat on every page.
 */
export function createInterner(): (value: string) => string {
  const seen = new Map<string, string>();
  return (value) => {
    let kept = seen.get(value);
    if (kept === undefined) {
      kept = detached(value);
      seen.set(kept, kept);
    }
    return kept;
  };
}

/** Collects the hrefs and ids of a rendered HTML page. */
export function scanHtml(html: string, intern: (value: string) => string = createInterner()): { hrefs: string[]; ids: string[]; heldIds: string[] } {
  const hrefs = new Set<string>();
  const ids: string[] = [];
  const heldIds: string[] = [];
  const held = heldRanges(html);
  const inside = (at: number) => held.some(([start, end]) => start <= at && at < end);
  eachAttribute(html, 'id="', (start, end, at) => {
    const id = intern(decodeAttribute(html.slice(start, end)));
    (held.length > 0 && inside(at) ? heldIds : ids).push(id);
  });
  eachAttribute(html, 'href="', (start, end, at) => {
    const href = intern(decodeAttribute(html.slice(start, end)));
    // A heading's own `#` link inside a lazy panel: it is in the document exactly when its target is.
    if (held.length > 0 && href.startsWith('#') && inside(at) && heldIds.includes(safeDecode(href.slice(1)))) return;
    hrefs.add(href);
  });
  return { hrefs: [...hrefs], ids, heldIds };
}

export function checkLinks(input: LinkCheckInput): Warning[] {
  const warnings: Warning[] = [];
  const base = input.baseUrl.replace(/\/$/, '');
  const pages = new Map<string, PageLinks>();
  // Page paths are route paths (decoded); hrefs are URLs, decoded by normalisePath before lookup.
  for (const page of input.pages) pages.set(normaliseRoute(page.path), page);
  const idSets = new Map<string, Set<string>>();
  const idsOf = (page: PageLinks) => {
    let set = idSets.get(page.path);
    if (!set) {
      set = new Set(page.ids);
      idSets.set(page.path, set);
    }
    return set;
  };
  // Links from the theme (not written in content) repeat on many pages: one warning each.
  const templateBroken = new Map<string, { pages: string[]; origin: string; code: 'BROKEN_LINK' | 'BROKEN_ANCHOR'; detail: string }>();
  // Site-absolute hrefs (most theme links) repeat on every page: resolve each once.
  const absolute = new Map<string, { target: string; anchor?: string; key: string }>();
  for (const page of input.pages) {
    const located = new Map<string, SourceRef>();
    for (const ref of page.contentLinks) if (!located.has(ref.href)) located.set(ref.href, ref);
    const all = new Set([...page.hrefs, ...page.contentLinks.map((ref) => ref.href)]);
    for (const href of all) {
      let known = href.startsWith('/') && !href.startsWith('//') ? absolute.get(href) : undefined;
      if (!known) {
        if (!href || isExternal(href) || href.startsWith('data:')) continue;
        // Unresolvable relative .md links were already reported as broken markdown links.
        if (/^[^/#?][^#?]*\.mdx?(#|\?|$)/i.test(href)) continue;
        let [target, anchor] = splitHash(href);
        // `target` is a URL path (encoded) from here on; the page's own path is a route path.
        const pageUrl = routeHref(page.path);
        if (!target) target = pageUrl;
        else {
          // As the browser resolves it on the page's URL (`/docs/usage`, no trailing slash; `/docs/guides/` for a folder's page).
          if (!target.startsWith('/')) target = new URL(target, `http://x${base}${pageUrl}`).pathname;
          if (base && (target === base || target.startsWith(`${base}/`))) target = target.slice(base.length) || '/';
          else if (base) target = `/..${target}`; // above the base URL: never a page of the site
        }
        known = { target, anchor, key: normalisePath(target) };
        if (href.startsWith('/') && !href.startsWith('//')) absolute.set(href, known);
      }
      const { target, anchor } = known;
      const ref = located.get(href);
      const location = ref ? { file: ref.file ?? page.origin, line: ref.line, column: ref.column } : { file: page.origin };
      const targetPage = pages.get(known.key);
      let problem: { code: 'BROKEN_LINK' | 'BROKEN_ANCHOR'; detail: string } | undefined;
      if (!targetPage) {
        if (!anchor) {
          if (input.files.has(target)) continue;
          const decoded = decodeUrlPath(target);
          if (input.files.has(decoded)) continue;
          input.missing?.add(target).add(decoded);
        }
        problem = { code: 'BROKEN_LINK', detail: '' };
      } else if (anchor && !idsOf(targetPage).has(safeDecode(anchor))) {
        const held = targetPage.heldIds?.includes(safeDecode(anchor));
        const detail = held
          ? ` (the id "${anchor}" on ${targetPage.path} is inside a lazy Tabs panel, which is not in the page until its tab is chosen: link to something outside the Tabs block, or drop \`lazy\`; a markdown heading in such a panel is linked from the table of contents too)`
          : ` (no id "${anchor}" on ${targetPage.path})`;
        problem = { code: 'BROKEN_ANCHOR', detail };
      }
      if (!problem) continue;
      const kind = problem.code === 'BROKEN_LINK' ? 'link' : 'anchor';
      if (ref?.pathname) {
        warnings.push({ code: problem.code, message: `pathname:// link on ${page.path} names no file of the output: ${href}`, location });
      } else if (ref) {
        warnings.push({ code: problem.code, message: `broken ${kind} on ${page.path}: ${href}${problem.detail}`, location });
      } else {
        const entry = templateBroken.get(href) ?? { pages: [], origin: page.origin, ...problem };
        entry.pages.push(page.path);
        templateBroken.set(href, entry);
      }
    }
  }
  for (const [href, entry] of templateBroken) {
    const kind = entry.code === 'BROKEN_LINK' ? 'link' : 'anchor';
    const where = entry.pages.length === 1 ? `on ${entry.pages[0]}` : `on ${entry.pages.length} pages (first: ${entry.pages[0]})`;
    warnings.push({ code: entry.code, message: `broken ${kind} ${where}: ${href}${entry.detail}`, location: { file: entry.origin } });
  }
  return warnings;
}

function splitHash(href: string): [string, string | undefined] {
  const index = href.indexOf('#');
  const withoutQuery = (s: string) => s.split('?')[0];
  if (index < 0) return [withoutQuery(href), undefined];
  return [withoutQuery(href.slice(0, index)), href.slice(index + 1) || undefined];
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
