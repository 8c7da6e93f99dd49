/**
 * Resolves the links of compiled content: relative `.md`/`.mdx` links to the
 * target page's route, co-located images to hashed asset URLs, site-absolute
 * links under the base URL. Broken markdown links and missing images are
 * warnings with the source line. Works on the cached HTML by exact
 * attribute replacement, so cached compile output stays independent of
 * other files.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Warning } from '../core/warnings.js';
import { FolioError } from '../errors/index.js';
import type { CompiledContent } from '../markdown/compile.js';
import type { SourceRef } from '../markdown/hast-transforms.js';
import { decodeUrlPath, isExternal, withBase } from '../shared/url.js';
import { routeHref } from './route-href.js';
import { insideAllowed, type SiteFolders } from './site-folders.js';

export interface MediaFile {
  /** Absolute source path. */
  source: string;
  /** URL path in the output, e.g. /assets/media/banner-1a2b3c4d.svg */
  url: string;
}

export interface LinkResolver {
  /** Absolute content file → route path. */
  fileRoutes: ReadonlyMap<string, string>;
  baseUrl: string;
  /** Media files found so far (collected for copying), by source path. */
  media: Map<string, MediaFile>;
  /**
   * Where images may lie: the site root and the static, content and API source folders, by real
   * path. An image anywhere else (`../../../etc/passwd`, a symbolic link that leads out) is an
   * error, and is never read or copied.
   */
  folders: SiteFolders;
  warn(warning: Warning): void;
}

function encodeAttr(value: string): string {
  return value.replace(/&/g, '&#x26;').replace(/"/g, '&#x22;');
}

function replaceAttr(html: string, attr: 'href' | 'src', from: string, to: string): string {
  if (from === to) return html;
  let out = replaceAll(html, `${attr}="${from}"`, `${attr}="${to}"`);
  const encoded = encodeAttr(from);
  if (encoded !== from) out = replaceAll(out, `${attr}="${encoded}"`, `${attr}="${encodeAttr(to)}"`);
  // Raw HTML of a .md page keeps its quotes as written.
  if (!from.includes("'") && !to.includes("'")) out = replaceAll(out, `${attr}='${from}'`, `${attr}='${to}'`);
  return out;
}

/** Every `from` in `text` made `to`; the text itself when it has none (a search, not a copy: most have none). */
function replaceAll(text: string, from: string, to: string): string {
  return text.includes(from) ? text.split(from).join(to) : text;
}

/** The hrefs of `pairs` rewritten pair after pair (what `hrefsInOnePass` gives the same as). */
export function hrefsPairByPair(html: string, pairs: readonly [string, string][]): string {
  for (const [from, to] of pairs) html = replaceAttr(html, 'href', from, to);
  return html;
}

/** What would let one pair's rewrite reach into another's text: a quote, or an href beginning inside a value. */
const ENTANGLING = /["']|href=/;

/**
 * The hrefs of `pairs` rewritten in one scan of the HTML, as `replaceAttr` pair after pair would
 * (a page's every pair searched the whole body once or three times: 0.3 s of a 10,000-page
 * build). The same result holds when no pattern can overlap another or appear in a replacement:
 * no value holds a quote or `href=` (one pattern could then begin inside another), and no written
 * form of a `to` is a form of any `from` (pair by pair, a later pair would rewrite an earlier
 * one's result again). Otherwise undefined: the caller goes pair by pair.
 */
export function hrefsInOnePass(html: string, pairs: readonly [string, string][]): string | undefined {
  const double = new Map<string, string>();
  const single = new Map<string, string>();
  const written = new Set<string>();
  for (const [from, to] of pairs) {
    if (from === to) continue;
    if (ENTANGLING.test(from) || ENTANGLING.test(to)) return undefined;
    const forms: [Map<string, string>, string, string][] = [[double, from, to]];
    const encoded = encodeAttr(from);
    if (encoded !== from) forms.push([double, encoded, encodeAttr(to)]);
    forms.push([single, from, to]);
    for (const [map, key, value] of forms) {
      if (map.has(key)) return undefined;
      map.set(key, value);
      written.add(value);
    }
  }
  for (const value of written) if (double.has(value) || single.has(value)) return undefined;
  if (double.size === 0) return html;
  let out = '';
  let copied = 0;
  let at = html.indexOf('href=');
  while (at >= 0) {
    const quote = html.charCodeAt(at + 5);
    const start = at + 6;
    const map = quote === 34 ? double : quote === 39 ? single : undefined;
    const end = map ? html.indexOf(quote === 34 ? '"' : "'", start) : -1;
    const to = end >= 0 ? map!.get(html.slice(start, end)) : undefined;
    if (to === undefined) {
      // Not a pair's value: an href may still begin inside it (as a search of the whole text finds it).
      at = html.indexOf('href=', at + 1);
      continue;
    }
    out += html.slice(copied, start) + to;
    copied = end;
    at = html.indexOf('href=', end + 1);
  }
  return copied === 0 ? html : out + html.slice(copied);
}

/** Docusaurus's escape hatch for links to files that are not routes: `pathname:///blog/rss.xml`. */
const PATHNAME = /^pathname:\/\//i;

/**
 * A relative URL (`./sibling`, `../other#part`, `?tab=2`) as the browser resolves it on the page
 * the file is served at, as a site-absolute URL: the same link then works wherever the content is
 * shown (a post's excerpt on /blog and on tag pages too). Pages are served at their route's URL as
 * is: `/docs/usage` (no trailing slash) and `/docs/guides/` for a folder's own page.
 */
function absoluteFromPage(href: string, file: string, resolver: LinkResolver): string | undefined {
  const route = resolver.fileRoutes.get(file);
  if (route === undefined) return undefined;
  const pageUrl = withBase(resolver.baseUrl, routeHref(route));
  const url = new URL(href, `http://folio.invalid${pageUrl}`);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The absolute file a relative reference names (its URL escapes decoded: `c%23sharp.md` is `c#sharp.md`). */
export function referencedFile(file: string, reference: string): string {
  return path.resolve(path.dirname(file), decodeUrlPath(reference));
}

/** A reference that leads out of the site: an error naming the page, the line and the reference. */
function outsideSite(reference: string, file: string, ref: SourceRef): FolioError {
  return new FolioError({
    code: 'MEDIA_OUTSIDE_SITE',
    message: `image "${reference}" leads outside the site (through ../ or a symbolic link); it is not copied into the output`,
    location: { file: ref.file ?? file, line: ref.line, column: ref.column },
  });
}

function resolveHref(href: string, file: string, resolver: LinkResolver, ref: SourceRef): string | undefined {
  if (PATHNAME.test(href)) {
    // The scheme goes; an absolute path gets the base URL as Docusaurus gives it, and no route is looked up.
    const bare = href.replace(PATHNAME, '');
    return bare.startsWith('/') ? withBase(resolver.baseUrl, bare) : (absoluteFromPage(bare, file, resolver) ?? bare);
  }
  if (!href || isExternal(href) || href.startsWith('#')) return undefined;
  const [pathPart, hash = ''] = href.split('#');
  const suffix = hash ? `#${hash}` : '';
  if (/\.mdx?$/i.test(pathPart) && !pathPart.startsWith('/')) {
    const target = referencedFile(file, pathPart);
    const route = resolver.fileRoutes.get(target);
    if (!route) {
      // Nothing is read or copied for a markdown link, so one outside the site is only broken; but
      // whether a file exists out there is not looked at (nor told).
      const what = !insideAllowed(target, resolver.folders)
        ? 'a file outside the site'
        : existsSync(target)
          ? 'a file that is not a page'
          : 'a file that does not exist';
      resolver.warn({
        code: 'BROKEN_MARKDOWN_LINK',
        message: `markdown link "${href}" points to ${what}`,
        location: { file, line: ref.line, column: ref.column },
      });
      return undefined;
    }
    // The route is a path as the files name it (`/docs/100%`); the href is its URL (`/docs/100%25`).
    return withBase(resolver.baseUrl, routeHref(route)) + suffix;
  }
  if (pathPart.startsWith('/')) return withBase(resolver.baseUrl, pathPart) + suffix;
  return absoluteFromPage(href, file, resolver);
}

function resolveImage(src: string, file: string, resolver: LinkResolver, ref: SourceRef): string | undefined {
  if (isExternal(src) || src.startsWith('data:')) return undefined;
  if (src.startsWith('/')) return withBase(resolver.baseUrl, src);
  const target = referencedFile(file, src.split(/[?#]/)[0]);
  const known = resolver.media.get(target);
  if (known) return withBase(resolver.baseUrl, known.url);
  // Checked before anything is read: a file outside the site is neither hashed nor copied.
  if (!insideAllowed(target, resolver.folders)) throw outsideSite(src, file, ref);
  let stats: ReturnType<typeof statSync>;
  try {
    stats = statSync(target, { throwIfNoEntry: false });
  } catch {
    stats = undefined; // a link loop, a path through a file: nothing to read
  }
  // Only a regular file is an image: a folder (`![x](.)`) threw EISDIR, a device or FIFO never ended.
  if (!stats?.isFile()) {
    const what = stats ? 'is not a file' : 'does not exist';
    resolver.warn({ code: 'MISSING_IMAGE', message: `image "${src}" ${what}`, location: { file, line: ref.line, column: ref.column } });
    return undefined;
  }
  const hash = createHash('sha256').update(readFileSync(target)).digest('hex').slice(0, 8);
  const ext = path.extname(target).replace(/[^\w.-]+/g, '-');
  const name = path.basename(target, path.extname(target)).replace(/[^\w.-]+/g, '-');
  const media = { source: target, url: `/assets/media/${name}-${hash}${ext}` };
  resolver.media.set(target, media);
  return withBase(resolver.baseUrl, media.url);
}

/** How each link and image of a page resolves: what resolution changes, and nothing else. */
export interface Resolution {
  links: SourceRef[];
  images: SourceRef[];
  /** href → resolved href (only those that change). */
  hrefs: [string, string][];
  /** src → resolved src (only those that change). */
  srcs: [string, string][];
}

/** Resolves the page's link and image lists (warning about broken ones); the HTML is left alone. */
export function resolveRefs({
  compiled,
  file,
  resolver,
}: {
  compiled: Pick<CompiledContent, 'links' | 'images'>;
  file: string;
  resolver: LinkResolver;
}): Resolution {
  const links: SourceRef[] = [];
  const done = new Map<string, string | undefined>();
  for (const ref of compiled.links) {
    if (!done.has(ref.href)) done.set(ref.href, resolveHref(ref.href, file, resolver, ref));
    const resolved = done.get(ref.href);
    links.push(resolved ? { ...ref, href: resolved, ...(PATHNAME.test(ref.href) ? { pathname: true } : {}) } : ref);
  }
  const images: SourceRef[] = [];
  const doneImages = new Map<string, string | undefined>();
  for (const ref of compiled.images) {
    if (!doneImages.has(ref.href)) doneImages.set(ref.href, resolveImage(ref.href, file, resolver, ref));
    const resolved = doneImages.get(ref.href);
    images.push(resolved ? { ...ref, href: resolved } : ref);
  }
  const changed = (map: Map<string, string | undefined>) =>
    [...map].filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== entry[0]);
  return { links, images, hrefs: changed(done), srcs: changed(doneImages) };
}

/**
 * Rewrites the attributes of an HTML fragment as a resolution says. Each pair's `href="from"` (and
 * its entity-encoded and single-quoted forms) becomes the same with `to`, wherever it stands, pair
 * after pair. The hrefs are rewritten in one pass over the HTML when that gives the same result
 * (`hrefsInOnePass`), else pair by pair as written here.
 */
export function applyResolution(html: string, resolution: Pick<Resolution, 'hrefs' | 'srcs'>): string {
  const once = resolution.hrefs.length > 1 ? hrefsInOnePass(html, resolution.hrefs) : undefined;
  html = once ?? hrefsPairByPair(html, resolution.hrefs);
  for (const [from, to] of resolution.srcs) {
    html = replaceAttr(html, 'src', from, to);
    // React 19 puts a `<link rel="preload" as="image" href="…">` for each image of an MDX page it renders.
    html = replaceAll(html, `as="image" href="${encodeAttr(from)}"`, `as="image" href="${encodeAttr(to)}"`);
    if (encodeAttr(from) !== from) html = replaceAll(html, `as="image" href="${from}"`, `as="image" href="${to}"`);
  }
  return html;
}

/** Returns the compiled content with resolved links (links list updated too). */
export function resolveContentLinks({ compiled, file, resolver }: { compiled: CompiledContent; file: string; resolver: LinkResolver }): CompiledContent {
  return withResolution(compiled, resolveRefs({ compiled, file, resolver }));
}

/** The compiled content as a resolution makes it. */
export function withResolution(compiled: CompiledContent, resolution: Resolution): CompiledContent {
  const html = applyResolution(compiled.html, resolution);
  const excerptHtml = compiled.excerptHtml === undefined ? undefined : applyResolution(compiled.excerptHtml, resolution);
  return { ...compiled, html, ...(excerptHtml !== undefined ? { excerptHtml } : {}), links: resolution.links, images: resolution.images };
}
