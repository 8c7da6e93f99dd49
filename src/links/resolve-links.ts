/**
 * Resolves the links of compiled content: relative `.md`/`.mdx` links to the
 * target page's route, co-located images to hashed asset URLs, site-absolute
 * links under the base URL. Broken markdown links and missing images are
 * warnings with the source line. Works on the cached HTML by exact
 * attribute replacement, so cached compile output stays independent of
 * other files.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Warning } from '../build/warnings.js';
import type { CompiledContent } from '../markdown/compile.js';
import type { SourceRef } from '../markdown/hast-transforms.js';
import { isExternal, withBase } from '../shared/url.js';

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
  warn(warning: Warning): void;
}

function encodeAttr(value: string): string {
  return value.replace(/&/g, '&#x26;').replace(/"/g, '&#x22;');
}

function replaceAttr(html: string, attr: 'href' | 'src', from: string, to: string): string {
  if (from === to) return html;
  let out = html.split(`${attr}="${from}"`).join(`${attr}="${to}"`);
  const encoded = encodeAttr(from);
  if (encoded !== from) out = out.split(`${attr}="${encoded}"`).join(`${attr}="${encodeAttr(to)}"`);
  return out;
}

function resolveHref(href: string, file: string, resolver: LinkResolver, ref: SourceRef): string | undefined {
  if (isExternal(href) || href.startsWith('#')) return undefined;
  const [pathPart, hash = ''] = href.split('#');
  const suffix = hash ? `#${hash}` : '';
  if (/\.mdx?$/i.test(pathPart) && !pathPart.startsWith('/')) {
    const target = path.resolve(path.dirname(file), decodeURI(pathPart));
    const route = resolver.fileRoutes.get(target);
    if (!route) {
      resolver.warn({
        code: 'BROKEN_MARKDOWN_LINK',
        message: `markdown link "${href}" points to ${existsSync(target) ? 'a file that is not a page' : 'a file that does not exist'}`,
        location: { file, line: ref.line, column: ref.column },
      });
      return undefined;
    }
    return withBase(resolver.baseUrl, route) + suffix;
  }
  if (pathPart.startsWith('/')) return withBase(resolver.baseUrl, pathPart) + suffix;
  return undefined;
}

function resolveImage(src: string, file: string, resolver: LinkResolver, ref: SourceRef): string | undefined {
  if (isExternal(src) || src.startsWith('data:')) return undefined;
  if (src.startsWith('/')) return withBase(resolver.baseUrl, src);
  const target = path.resolve(path.dirname(file), decodeURI(src.split(/[?#]/)[0]));
  const known = resolver.media.get(target);
  if (known) return withBase(resolver.baseUrl, known.url);
  if (!existsSync(target)) {
    resolver.warn({ code: 'MISSING_IMAGE', message: `image "${src}" does not exist`, location: { file, line: ref.line, column: ref.column } });
    return undefined;
  }
  const hash = createHash('sha256').update(readFileSync(target)).digest('hex').slice(0, 8);
  const ext = path.extname(target);
  const name = path.basename(target, ext).replace(/[^\w.-]+/g, '-');
  const media = { source: target, url: `/assets/media/${name}-${hash}${ext}` };
  resolver.media.set(target, media);
  return withBase(resolver.baseUrl, media.url);
}

/** Returns the compiled content with resolved links (links list updated too). */
export function resolveContentLinks({ compiled, file, resolver }: { compiled: CompiledContent; file: string; resolver: LinkResolver }): CompiledContent {
  let html = compiled.html;
  let excerptHtml = compiled.excerptHtml;
  const links: SourceRef[] = [];
  const done = new Map<string, string | undefined>();
  for (const ref of compiled.links) {
    if (!done.has(ref.href)) done.set(ref.href, resolveHref(ref.href, file, resolver, ref));
    const resolved = done.get(ref.href);
    links.push(resolved ? { ...ref, href: resolved } : ref);
  }
  for (const [from, to] of done) {
    if (!to) continue;
    html = replaceAttr(html, 'href', from, to);
    if (excerptHtml) excerptHtml = replaceAttr(excerptHtml, 'href', from, to);
  }
  const images: SourceRef[] = [];
  const doneImages = new Map<string, string | undefined>();
  for (const ref of compiled.images) {
    if (!doneImages.has(ref.href)) doneImages.set(ref.href, resolveImage(ref.href, file, resolver, ref));
    const resolved = doneImages.get(ref.href);
    images.push(resolved ? { ...ref, href: resolved } : ref);
  }
  for (const [from, to] of doneImages) {
    if (!to) continue;
    html = replaceAttr(html, 'src', from, to);
    if (excerptHtml) excerptHtml = replaceAttr(excerptHtml, 'src', from, to);
  }
  return { ...compiled, html, ...(excerptHtml !== undefined ? { excerptHtml } : {}), links, images };
}
