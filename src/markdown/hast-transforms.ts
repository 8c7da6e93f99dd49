/**
 * Transforms on the HTML tree (hast): build-time code highlighting, heading
 * anchor links, external link attributes, and collection of every id, link
 * and image for the link checker and the asset stage.
 */
import type { Element, ElementContent, Root, RootContent } from 'hast';
import type { Cache } from '../core/cache.js';
import { hashOf } from '../core/hash.js';
import { codeBlockFrame, codeBlockOf, type Highlighting, normaliseLang } from './highlight.js';

export interface SourceRef {
  href: string;
  line: number;
  column: number;
  /** File the line is in, when it is not the page's own source (API pages gather many files). */
  file?: string;
  /** Written as `pathname://…`: a file of the output, not a route (set by link resolution). */
  pathname?: boolean;
}

export interface HastInfo {
  ids: string[];
  links: SourceRef[];
  images: SourceRef[];
}

type Node = Root | RootContent | ElementContent;

/** A highlighted code block in the tree: its HTML, which no later transform needs to look inside. */
interface CodeFrameNode {
  type: 'raw';
  value: string;
  data: { codeFrame: true };
  position?: Element['position'];
}

function isCodeFrame(node: { type: string; data?: unknown }): node is CodeFrameNode {
  return node.type === 'raw' && (node.data as { codeFrame?: boolean } | undefined)?.codeFrame === true;
}

/** The cache key of a highlighted block: the build's salt, the fence's language and meta, the code. */
export function codeCacheKey(cacheSalt: string, lang: string | undefined, metaText: string | undefined, text: string): string {
  return hashOf(cacheSalt, lang ?? '', metaText ?? '', text);
}

/**
 * Replaces each `<pre><code>` with its highlighted frame. As HTML (`asHtml`, a `raw` node the
 * serializer copies as it is), the thousands of spans of a block are serialized once, cached as
 * text, and never walked again by the transforms after this one; the tree's serializer must then
 * allow raw HTML (an MDX body has no other raw nodes: its HTML is dropped before this). A tree MDX
 * turns into JavaScript gets the frame as elements (`asHtml: false`).
 */
export async function highlightCode({
  tree,
  highlighter,
  cache,
  cacheSalt,
  asHtml = true,
}: {
  tree: Root;
  highlighter: Highlighting;
  cache?: Cache;
  cacheSalt: string;
  asHtml?: boolean;
}): Promise<void> {
  const jobs: Promise<void>[] = [];
  visitElements(tree, (node, parent, index) => {
    if (node.tagName !== 'pre' || !parent) return;
    const code = node.children.find((child): child is Element => child.type === 'element' && child.tagName === 'code');
    if (!code) return;
    const className = (code.properties.className as string[] | undefined) ?? [];
    const lang = className.find((c) => c.startsWith('language-'))?.slice('language-'.length);
    const metaText = (code.data as { meta?: string } | undefined)?.meta;
    const text = textOf(code);
    jobs.push(
      (async () => {
        const key = codeCacheKey(cacheSalt, lang, metaText, text);
        let frame: string | Element | undefined = asHtml ? cache?.getText('code-html', key) : cache?.get<Element>('code', key);
        if (frame === undefined) {
          const block = codeBlockOf(text, lang, metaText);
          if (asHtml) {
            frame = await highlighter.highlightHtml(block);
            cache?.setText('code-html', key, frame);
          } else {
            const pre = await highlighter.highlight(block);
            frame = codeBlockFrame({ pre, title: block.meta.title, language: normaliseLang(lang) });
            cache?.set('code', key, frame);
          }
        }
        parent.children[index] =
          typeof frame === 'string'
            ? ({ type: 'raw', value: frame, data: { codeFrame: true }, position: node.position } satisfies CodeFrameNode as unknown as ElementContent)
            : { ...frame, position: node.position };
      })(),
    );
    return 'skip';
  });
  await Promise.all(jobs);
}

export function decorateAndCollect(tree: Root, { lineOffset }: { lineOffset: number }): HastInfo {
  const info: HastInfo = { ids: [], links: [], images: [] };
  const at = (node: { position?: Element['position'] }) => ({ line: (node.position?.start.line ?? 0) + lineOffset, column: node.position?.start.column ?? 0 });
  visitElements(
    tree,
    (node) => {
      const id = node.properties.id;
      if (typeof id === 'string' && id) info.ids.push(id);
      // The heading's own `#` link, added below: not content (and the heading's links are, so no skip).
      if (node.tagName === 'a' && (node.properties.className as string[] | undefined)?.includes('hash-link')) return 'skip';
      if (/^h[2-6]$/.test(node.tagName) && typeof id === 'string' && !node.properties['data-no-anchor']) {
        node.properties.className = [...((node.properties.className as string[]) ?? []), 'anchor'];
        node.children.push({
          type: 'element',
          tagName: 'a',
          properties: { className: ['hash-link'], href: `#${id}`, 'aria-label': `Direct link to ${textOf(node).trim()}` },
          children: [{ type: 'text', value: '#' }],
        });
        return undefined;
      }
      if (node.tagName === 'a' && typeof node.properties.href === 'string') {
        const href = node.properties.href;
        info.links.push({ href, ...at(node) });
        if (/^https?:\/\//.test(href)) {
          node.properties.target = '_blank';
          node.properties.rel = ['noopener', 'noreferrer'];
        }
      }
      if (node.tagName === 'img' && typeof node.properties.src === 'string') {
        info.images.push({ href: node.properties.src, ...at(node) });
        node.properties.loading ??= 'lazy';
        node.properties.decoding ??= 'async';
      }
      return undefined;
    },
    (node) => collectOther(node, info, at),
  );
  wrapTables(tree);
  markInlineCode(tree);
  return info;
}

/** Inline code up to this many characters never wraps: a package name or a flag stays one pill. */
export const SHORT_CODE = 32;

/**
 * Short inline code keeps to one line (`code-nowrap`: `@the-codegen-project/cli` is never split at its
 * hyphen); long code may wrap, preferably after a `/` or before a `.` (a <wbr> there), and only as a last
 * resort anywhere else. Code blocks are not inline code.
 */
function markInlineCode(tree: Root): void {
  visitElements(tree, (node) => {
    if (node.tagName === 'pre') return 'skip';
    if (node.tagName !== 'code') return undefined;
    const text = textOf(node);
    if (text.length <= SHORT_CODE) {
      node.properties.className = [...((node.properties.className as string[]) ?? []), 'code-nowrap'];
      return 'skip';
    }
    node.properties.className = [...((node.properties.className as string[]) ?? []), 'code-long'];
    if (node.children.length === 1 && node.children[0].type === 'text') node.children = withBreakHints(node.children[0].value);
    return 'skip';
  });
}

/** Text with a <wbr> after each `/` and before each `.` (where a URL or path reads well when broken). */
function withBreakHints(text: string): ElementContent[] {
  const parts = text.split(/(?<=\/)(?=[^/])|(?<=[^.\s])(?=\.[^.\s])/);
  const out: ElementContent[] = [];
  parts.forEach((part, index) => {
    if (index > 0) out.push({ type: 'element', tagName: 'wbr', properties: {}, children: [] });
    out.push({ type: 'text', value: part });
  });
  return out;
}

/**
 * Links and images that are not hast elements: raw HTML of a `.md` page (`<a href="…">` goes to the
 * page as written) and MDX JSX (`<a href="…">`, `<img src="…"/>`). Both reach the HTML with their
 * attribute as written, so resolution rewrites them like any other.
 */
function collectOther(node: Node, info: HastInfo, at: (node: { position?: Element['position'] }) => { line: number; column: number }): void {
  if (node.type === 'raw') {
    // A code block's text is escaped in its HTML: it holds no links.
    if (isCodeFrame(node)) return;
    const start = at(node);
    for (const match of node.value.matchAll(RAW_ATTR)) {
      const [, tag, attr] = match;
      const value = match[3] ?? match[4];
      const line = start.line + (node.value.slice(0, match.index).match(/\n/g)?.length ?? 0);
      const ref = { href: value, line, column: line === start.line ? start.column : 1 };
      if (attr.toLowerCase() === 'href' && tag.toLowerCase() === 'a') info.links.push(ref);
      else if (attr.toLowerCase() === 'src' && tag.toLowerCase() === 'img') info.images.push(ref);
    }
    return;
  }
  const jsx = node as unknown as { type: string; name?: string | null; attributes?: { type: string; name?: string; value?: unknown }[] };
  if ((jsx.type !== 'mdxJsxFlowElement' && jsx.type !== 'mdxJsxTextElement') || (jsx.name !== 'a' && jsx.name !== 'img')) return;
  const wanted = jsx.name === 'a' ? 'href' : 'src';
  const value = jsx.attributes?.find((attribute) => attribute.type === 'mdxJsxAttribute' && attribute.name === wanted)?.value;
  // Only a literal: an expression (`href={url}`) is known when the page runs, not here.
  if (typeof value !== 'string') return;
  (jsx.name === 'a' ? info.links : info.images).push({ href: value, ...at(node as { position?: Element['position'] }) });
}

/** `<a … href="…">` and `<img … src="…">` in raw HTML, with double or single quotes. */
const RAW_ATTR = /<(a|img)\b[^>]*?\s(href|src)\s*=\s*(?:"([^"]*)"|'([^']*)')/gi;

function wrapTables(tree: Root): void {
  visitElements(tree, (node, parent, index) => {
    if (node.tagName !== 'table' || !parent) return;
    // Focusable (and named) so a keyboard reader can scroll a table that is wider than the screen.
    parent.children[index] = {
      type: 'element',
      tagName: 'div',
      properties: { className: ['table-wrap'], tabIndex: 0, role: 'group', ariaLabel: tableLabel(node) },
      children: [node],
    };
    return 'skip';
  });
}

/** "Table: Option, Type, Default": the table's caption, or its header cells. */
function tableLabel(table: Element): string {
  let caption: string | undefined;
  const headers: string[] = [];
  visitElements(table, (node) => {
    if (node.tagName === 'caption') caption = textOf(node).trim();
    else if (node.tagName === 'th' && headers.length < 4) headers.push(textOf(node).trim());
    else return undefined;
    return 'skip';
  });
  if (caption) return caption;
  const named = headers.filter(Boolean);
  return named.length ? `Table: ${named.join(', ')}` : 'Table';
}

export function textOf(node: Node): string {
  if (node.type === 'text') return node.value;
  if ('children' in node) return (node.children as Node[]).map(textOf).join('');
  return '';
}

function visitElements(
  node: Root | Element,
  fn: (node: Element, parent: Root | Element | undefined, index: number) => 'skip' | undefined,
  other?: (node: Node) => void,
  parent?: Root | Element,
  index = 0,
): void {
  if (node.type === 'element') {
    if (fn(node, parent, index) === 'skip') return;
  }
  const children = node.children as Node[];
  for (let i = 0; i < children.length; i++) {
    const child = children[i];
    if (child.type === 'element' || child.type === 'root') visitElements(child as Element, fn, other, node, i);
    else {
      other?.(child);
      // MDX JSX elements (`<TabItem>`, `<details>`) hold markdown and more JSX: their code, headings
      // and links are the page's too.
      if ('children' in child && Array.isArray(child.children)) visitElements(child as unknown as Element & { type: 'root' }, fn, other, node, i);
    }
  }
}
