/**
 * Transforms on the HTML tree (hast): build-time code highlighting, heading
 * anchor links, external link attributes, and collection of every id, link
 * and image for the link checker and the asset stage.
 */
import type { Element, ElementContent, Root, RootContent } from 'hast';
import type { Cache } from '../core/cache.js';
import { hashOf } from '../core/hash.js';
import { applyMagicComments, type CodeHighlighter, codeBlockFrame, normaliseLang, parseCodeMeta } from './highlight.js';

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
          // Magic comments add to the `{1,3}` ranges of the meta, which count the lines that remain.
          const magic = applyMagicComments(text, lang);
          for (const line of magic.highlightLines) meta.highlightLines.add(line);
          const pre = await highlighter.highlight({ code: magic.code, lang, meta });
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
  return info;
}

function wrapTables(tree: Root): void {
  visitElements(tree, (node, parent, index) => {
    if (node.tagName !== 'table' || !parent) return;
    parent.children[index] = {
      type: 'element',
      tagName: 'div',
      properties: { className: ['table-wrap'] },
      children: [node],
    };
    return 'skip';
  });
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
    // Into JSX elements too (`<TabItem>`, `<details>`): the markdown inside them is HTML like the rest.
    if (child.type === 'element' || child.type === 'root' || child.type === 'mdxJsxFlowElement' || child.type === 'mdxJsxTextElement')
      visitElements(child as Element, fn, node, i);
  }
}
