/**
 * Transforms on the HTML tree (hast): build-time code highlighting, heading
 * anchor links, external link attributes, and collection of every id, link
 * and image for the link checker and the asset stage.
 */
import type { Element, ElementContent, Root, RootContent } from 'hast';
import type { Cache } from '../core/cache.js';
import { hashOf } from '../core/hash.js';
import { type CodeHighlighter, codeBlockFrame, normaliseLang, parseCodeMeta } from './highlight.js';

export interface SourceRef {
  href: string;
  line: number;
  column: number;
  /** File the line is in, when it is not the page's own source (API pages gather many files). */
  file?: string;
}

export interface HastInfo {
  ids: string[];
  links: SourceRef[];
  images: SourceRef[];
}

type Node = Root | RootContent | ElementContent;

export async function highlightCode({
  tree,
  highlighter,
  cache,
  cacheSalt,
}: {
  tree: Root;
  highlighter: CodeHighlighter;
  cache?: Cache;
  cacheSalt: string;
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
        const key = hashOf(cacheSalt, lang ?? '', metaText ?? '', text);
        let frame = cache?.get<Element>('code', key);
        if (!frame) {
          const meta = parseCodeMeta(metaText);
          const pre = await highlighter.highlight({ code: text, lang, meta });
          frame = codeBlockFrame({ pre, title: meta.title, language: normaliseLang(lang) });
          cache?.set('code', key, frame);
        }
        parent.children[index] = { ...frame, position: node.position };
      })(),
    );
    return 'skip';
  });
  await Promise.all(jobs);
}

export function decorateAndCollect(tree: Root, { lineOffset }: { lineOffset: number }): HastInfo {
  const info: HastInfo = { ids: [], links: [], images: [] };
  visitElements(tree, (node) => {
    const id = node.properties.id;
    if (typeof id === 'string' && id) info.ids.push(id);
    if (/^h[2-6]$/.test(node.tagName) && typeof id === 'string' && !node.properties['data-no-anchor']) {
      node.properties.className = [...((node.properties.className as string[]) ?? []), 'anchor'];
      node.children.push({
        type: 'element',
        tagName: 'a',
        properties: { className: ['hash-link'], href: `#${id}`, 'aria-label': `Direct link to ${textOf(node).trim()}` },
        children: [{ type: 'text', value: '#' }],
      });
      return 'skip';
    }
    const line = (node.position?.start.line ?? 0) + lineOffset;
    const column = node.position?.start.column ?? 0;
    if (node.tagName === 'a' && typeof node.properties.href === 'string') {
      const href = node.properties.href;
      info.links.push({ href, line, column });
      if (/^https?:\/\//.test(href)) {
        node.properties.target = '_blank';
        node.properties.rel = ['noopener', 'noreferrer'];
      }
    }
    if (node.tagName === 'img' && typeof node.properties.src === 'string') {
      info.images.push({ href: node.properties.src, line, column });
      node.properties.loading ??= 'lazy';
      node.properties.decoding ??= 'async';
    }
    if (node.tagName === 'table') {
      // Wide tables scroll inside their own box on small screens.
      return undefined;
    }
    return undefined;
  });
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
  fn: (node: Element, parent: Root | Element | undefined, index: number) => 'skip' | undefined | undefined,
  parent?: Root | Element,
  index = 0,
): void {
  if (node.type === 'element') {
    if (fn(node, parent, index) === 'skip') return;
  }
  const children = node.children as Node[];
  for (let i = 0; i < children.length; i++) {
    const child = children[i];
    if (child.type === 'element' || child.type === 'root') visitElements(child as Element, fn, node, i);
  }
}
