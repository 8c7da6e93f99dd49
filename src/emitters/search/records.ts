/**
 * What search indexes: one record per section of a page (its intro, then each h2/h3 with the
 * text up to the next one), taken from the compiled body (CompiledContent), never from the
 * rendered page, so the navbar, sidebar, footer and table of contents stay out. Code blocks are
 * text like any other. Only docs, blog posts and API pages are indexed: listing pages (tags,
 * paginated lists, archive, authors, category indexes) and unlisted pages are not.
 */
import type { SiteConfig } from '../../config/schema.js';
import type { CompiledContent } from '../../markdown/compile.js';
import type { Route } from '../../routes/types.js';
import { encodeRoutePath } from '../../shared/url.js';
import { compileGlob, type Glob } from '../../content/glob.js';

export type SearchSection = 'docs' | 'blog' | 'api';

export const SECTION_LABELS: Record<SearchSection, string> = { docs: 'Docs', blog: 'Blog', api: 'API' };

export interface PageRecords {
  title: string;
  /** Route path as a URL (encoded), without the base URL. */
  url: string;
  label: string;
  sections: { heading: string; anchor: string; text: string }[];
}

export interface SearchOptions {
  sections: SearchSection[];
  exclude: string[];
}

/** The search section of a route, or undefined when it is not searchable. */
export function searchSectionOf(route: Route, options: SearchOptions): SearchSection | undefined {
  if (route.noIndex || !route.source) return undefined;
  const section: SearchSection | undefined =
    route.template === 'blogPost' && route.source.kind === 'post'
      ? 'blog'
      : route.template === 'doc'
        ? route.source.kind === 'api'
          ? 'api'
          : route.source.kind === 'doc'
            ? 'docs'
            : undefined
        : undefined;
  if (!section || !options.sections.includes(section)) return undefined;
  if (options.exclude.some((pattern) => excluded(route.path, pattern))) return undefined;
  return section;
}

/** A prefix (`/docs/internal`: the page and everything under it) or a glob with `*` and `**` (content/glob.ts). */
export function excluded(routePath: string, pattern: string): boolean {
  if (!pattern.includes('*')) {
    const prefix = pattern.replace(/\/+$/, '');
    return routePath === prefix || routePath.startsWith(`${prefix}/`) || (prefix === '' && routePath.startsWith('/'));
  }
  let glob = globs.get(pattern);
  if (!glob) {
    glob = compileGlob(pattern.replace(/\/+$/, ''));
    globs.set(pattern, glob);
  }
  return glob.test(routePath.replace(/\/+$/, ''));
}

/** Compiled once per pattern: every route is tested against every pattern. */
const globs = new Map<string, Glob>();

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Block-level tags: their boundaries separate words. */
const BLOCK = new Set(
  'p div li ul ol pre br hr tr td th table thead tbody h1 h2 h3 h4 h5 h6 blockquote section details summary dt dd dl figure figcaption'.split(' '),
);
/** Elements whose content is not text a reader searches for (a code block's Copy button). */
const SKIPPED = new Set(['script', 'style', 'template', 'button']);
/** Characters of a tag name after its first letter (`[\w:-]`), by char code. */
const NAME_CHAR = new Uint8Array(128);
for (let c = 0; c < 128; c++) NAME_CHAR[c] = /[\w:-]/.test(String.fromCharCode(c)) ? 1 : 0;
/** A span tag (name exactly `span`, any case): text around it is joined as if it were not there. */
const SPAN_TAG = /<\/?span(?![\w:-])[^>]*>/gi;
const isLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

/**
 * Plain text of an HTML fragment: tags out (their text kept); scripts, styles, buttons and anchor
 * marks out. One pass from `<` to `<`, reading tag names by char code (a highlighted code block
 * has a `<span>` every few characters: a regular expression per tag made this the search
 * emitter's largest cost), the text kept as slices joined once.
 */
export function textOfHtml(source: string): string {
  // Every <span> and </span> out first, by the regular expression engine (no call per tag).
  const html = source.replace(SPAN_TAG, '');
  const parts: string[] = [];
  const n = html.length;
  let at = 0;
  const unclosed = new Set<string>();
  while (at < n) {
    const open = html.indexOf('<', at);
    if (open < 0) {
      parts.push(html.slice(at));
      break;
    }
    if (open > at) parts.push(html.slice(at, open));
    if (html.startsWith('<!--', open)) {
      const close = html.indexOf('-->', open + 4);
      at = close < 0 ? n : close + 3;
      continue;
    }
    const closing = html.charCodeAt(open + 1) === 47;
    const nameStart = open + (closing ? 2 : 1);
    if (!isLetter(html.charCodeAt(nameStart))) {
      // Not a tag: a lone '<' is text.
      parts.push('<');
      at = open + 1;
      continue;
    }
    let nameEnd = nameStart + 1;
    while (nameEnd < n && NAME_CHAR[html.charCodeAt(nameEnd)] === 1) nameEnd++;
    const end = html.indexOf('>', nameEnd);
    if (end < 0) {
      parts.push(html.slice(open));
      break;
    }
    at = end + 1;
    // <span> (highlighted code's every token) is neither a block nor skipped.
    if (
      nameEnd - nameStart === 4 &&
      (html.charCodeAt(nameStart) | 32) === 115 &&
      (html.charCodeAt(nameStart + 1) | 32) === 112 &&
      (html.charCodeAt(nameStart + 2) | 32) === 97 &&
      (html.charCodeAt(nameStart + 3) | 32) === 110
    )
      continue;
    const name = html.slice(nameStart, nameEnd).toLowerCase();
    if (!closing && !unclosed.has(name) && (SKIPPED.has(name) || (name === 'a' && html.slice(open, end).includes('class="hash-link"')))) {
      // Up to the element's closing tag (case-insensitive); one that never closes is only a tag.
      const close = new RegExp(`</${name}\\s*>`, 'gi');
      close.lastIndex = at;
      const found = close.exec(html);
      if (found) {
        if (name !== 'a') parts.push(' ');
        at = found.index + found[0].length;
        continue;
      }
      // Not closed here, so not after any later one either: the scan stays linear.
      unclosed.add(name);
    }
    if (BLOCK.has(name)) parts.push(' ');
  }
  const text = parts.join('');
  return (text.includes('&') ? decodeEntities(text) : text).replace(/\s+/g, ' ').trim();
}

const HEADING = /<h([23])\b([^>]*)>/gi;
/** How far a heading's closing tag is looked for: the scan stays linear on any body. */
const HEADING_MAX = 2000;

/** The sections of a compiled body: the intro (heading '') and one per h2/h3 that has an id. */
export function sectionsOf(body: Pick<CompiledContent, 'html' | 'headings'>, maxText = 20_000): PageRecords['sections'] {
  const headingText = new Map(body.headings.map((heading) => [heading.id, heading.text]));
  const sections: PageRecords['sections'] = [];
  let current = { heading: '', anchor: '', start: 0 };
  const close = (end: number) => {
    const text = textOfHtml(body.html.slice(current.start, end)).slice(0, maxText);
    // An empty section (a heading straight above another) still finds its heading.
    if (text || current.heading) sections.push({ heading: current.heading, anchor: current.anchor, text });
  };
  for (const found of body.html.matchAll(HEADING)) {
    const id = /\sid="([^"]*)"/.exec(found[2])?.[1];
    if (!id) continue;
    close(found.index!);
    const anchor = decodeEntities(id);
    const open = found.index! + found[0].length;
    const end = body.html.slice(open, open + HEADING_MAX).search(new RegExp(`</h${found[1]}\\s*>`, 'i'));
    const inner = end < 0 ? '' : body.html.slice(open, open + end);
    current = { heading: headingText.get(anchor) ?? textOfHtml(inner), anchor, start: end < 0 ? open : open + end };
  }
  close(body.html.length);
  // The intro always comes first (it carries the page title), even when empty.
  if (sections[0]?.heading !== '') sections.unshift({ heading: '', anchor: '', text: '' });
  return sections;
}

export function pageRecordsOf(
  route: Pick<Route, 'path' | 'title'>,
  section: SearchSection,
  body: Pick<CompiledContent, 'html' | 'headings'> | undefined,
): PageRecords {
  return {
    title: route.title,
    url: encodeRoutePath(route.path),
    label: SECTION_LABELS[section],
    sections: body ? sectionsOf(body) : [{ heading: '', anchor: '', text: '' }],
  };
}

export function searchOptionsOf(config: Pick<SiteConfig, 'search'>): SearchOptions | undefined {
  const search = config.search;
  if (search === false) return undefined;
  return { sections: search.sections, exclude: search.exclude };
}
